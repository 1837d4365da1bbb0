// Foot placement (grounder) and centroid.
//
// Derivation. Everything is computed in the character frame (x forward, y
// down, up = (0,-1), the animation's ground line is y = 0), so facing and a
// tilted up are handled by the rig's frame once. For each leg let A be the
// animated ankle (the effector bone's start joint), alpha its animated angle
// and ah the ankle height above the sole. A sole sample k sits at foot-frame
// offset (x_k, ah) (x along the foot: heel, ankle, toe), that is at
//
//	S_k = A + R(alpha) (x_k, ah)
//
// and the animated clearance of the foot is lift = max(0, min_k (-S_k.y)), the
// height of its lowest sole point above the animation's ground line (0 for a
// planted foot). A ray through each sample's x, from RayUp above the ankle
// to RayDown below it, finds the ground point H_k with unit normal n_k. The
// foot turns by phi, the angle from up to the mean normal m (clockwise
// positive: phi = atan2(m.x, -m.y)), clamped to MaxFootAngle, on top of its
// animated angle: on stairs the normals all point up and the foot stays level
// even across a step edge; on a slope it lies along the slope. The turned
// samples are S'_k = A + R(alpha+phi) (x_k, ah), and the foot then moves
// along up by
//
//	s = max_k (lift - base_k),
//
// where base_k is the height of S'_k above the ground under it, so no sample
// goes below the ground and the lowest one keeps the animated clearance
// (planted feet touch; swinging feet keep their height over the ground).
// By default (not OneRay) a second pass measures the ground under the whole turned sole
// (wholeSole: five vertical rays from heel to toe, and the crests between
// them), so a foot across a peak, a step edge or a boulder rests on the
// highest ground under it, not on the faces' extensions and not sunk between
// its rays. With one ray, base_k is the height above the ground
// line through H_k, dot(S'_k - H_k, n_k) / (-n_k.y), exact on a plane: a
// level planted foot's ankle ends ah above the plane along its normal. The
// limb's target is A moved up by s and its EffectorRotation is phi, so the
// foot keeps its animated angle plus the slope.
//
// Centroid (the humanoid foot-IK article's rule). Let low = min_k s_k over
// the grounded feet: the offset of the foot that must reach furthest along
// up, in both directions. The body (rig.BodyOffset, along up) goes to
//
//	min(0, low) + LiftWeight * max(0, low),
//
// clamped to [-MaxLower, MaxLift]. Then the hip-to-target vector of that leg
// equals the animated hip-to-ankle vector, so the two-bone leg reaches it
// exactly, and every other foot (s_j >= low) is nearer its hip: feet needing
// +10 and +20 px give +10 (with LiftWeight 1) and both reach; +10 and -10
// give -10. Raising by any more than low (the highest foot's offset, say)
// would leave the lower foot hanging. The offset follows its target with
// 1-exp(-BodySpeed*dt) per frame (the article's lerp), rate limited by
// BodyMaxSpeed; with OnlyWhenIdle it moves only while the rig is idle and
// every leg has ground (the article's condition), and holds otherwise.

package ikanim

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/ikanim/kit/ikanim/internal/num"
)

// Grounder defaults (used when the field is zero).
const (
	DefaultRayUp          = 40.0        // px above the ankle a foot ray starts
	DefaultRayDown        = 60.0        // px below the ankle a foot ray ends
	DefaultMaxStep        = 45.0        // px a foot may move along up
	DefaultMaxFootAngle   = math.Pi / 4 // 45 degrees
	DefaultBodySpeed      = 30.0        // 1/s, body offset smoothing rate
	DefaultBodyMaxSpeed   = 57.0        // px/s, body offset speed limit
	DefaultMaxLower       = 40.0        // px the body may be lowered
	DefaultMaxLift        = 20.0        // px the body may be raised when LiftWeight > 0
	DefaultAnkleHeight    = 5.0         // px of the biped template's ankle above its sole
	DefaultHeel           = 4.0         // px of sole behind the ankle
	DefaultPlantedLift    = 0.5         // px of clearance under which a foot counts as planted
	DefaultLandSlope      = 2.0         // px of offset error allowed per px of clearance
	DefaultLandAngleSlope = 0.1         // rad of angle error allowed per px of clearance
	minGroundCos          = 0.05        // a surface steeper than acos(0.05) is no ground
	maxGrounderSamples    = 3           // heel, ankle, toe
	soleSamples           = 5           // the whole-sole second pass: rays along the whole sole
	crestEps              = 0.01        // px: ground this close counts as one height
)

// LegDef names a leg of a Grounder and its sole geometry. Zero values
// mean the defaults given in the comments.
type LegDef struct {
	// Limb is the leg's limb name. It must be a limb with an Effector (the
	// foot), whose start joint is the ankle.
	Limb string
	// AnkleHeight is the ankle's height above the sole, px (default 5).
	AnkleHeight float64
	// Heel is how far the sole reaches behind the ankle along the foot, px
	// (default 4). Toe is how far it reaches ahead (default the foot bone's
	// length). Neither is used with Grounder.OneRay.
	Heel, Toe float64
	// Radius, when > 0 and the ground is a CircleCaster (a *terrain.World
	// is), makes the sole rounded: each sample sweeps a disc of this radius
	// down instead of casting a ray, so the foot rests where a rounded sole
	// first touches the ground and bridges cracks and spikes narrower than
	// the disc (FinalIK's capsule cast). 0 casts rays.
	Radius float64
}

// BipedGrounderLegs returns the legs of the biped template (NewBipedDef) with
// its default sole geometry: the far leg first (Grounder leg 0), then the
// near one (leg 1), the order in which they are drawn. WalkCycle numbers
// them the other way (its leg 0 is the near leg).
func BipedGrounderLegs() []LegDef {
	return []LegDef{{Limb: LimbLegFar}, {Limb: LimbLegNear}}
}

// LegState is the state of one grounded leg after the last Update.
type LegState struct {
	// Grounded is true when the leg's rays found ground no further than
	// MaxStep below the foot.
	Grounded bool
	// Planted is true when Grounded and the animated sole clearance is at
	// most PlantedLift: the foot stands on the ground. It follows this
	// frame's animated pose, not the gait's phase: a WalkCycle's own
	// Planted (its stance phase) says when the gait holds a foot still,
	// and is what a WalkCycle's stance slip is measured with (measured
	// with this flag, a new user's trial saw feet near touch-down and
	// lift-off at 20 px steps move up to 2.9 px while "planted").
	Planted bool
	// Offset is how far the foot was moved along up, px.
	Offset float64
	// Angle is the foot rotation applied on top of the animated angle
	// (world, radians, clockwise on screen).
	Angle float64
	// Lift is the animated clearance of the sole above the animation's
	// ground line, px.
	Lift float64
	// Target is the ankle target in world space.
	Target mgl64.Vec2
}

// Grounder is a Controller that puts feet on the ground: each leg casts rays
// down from its animated foot, moves the foot along up to the ground height
// (keeping the animated horizontal placement and clearance), turns it to the
// surface normal on top of its animated angle, and moves the body (the
// centroid) by the offset of the foot that must reach furthest along up, as
// the humanoid foot-IK article does: lowered by default, raised too with
// LiftWeight (bounded by MaxLift), idle-only with OnlyWhenIdle, smoothed.
//
// A Grounder is built for one Rig (NewGrounder) and runs in its frame once
// added to it (Rig.Add). Fields are
// tunables; the zero value of each means its documented default. Update does
// not allocate.
type Grounder struct {
	// RayUp is how far above the animated ankle the rays start, px
	// (default 40, and never less than MaxStep plus the ankle height plus
	// 1, so a step MaxStep high is always seen). RayDown is how far below
	// it they end (default 60).
	RayUp, RayDown float64
	// MaxStep is the largest move of a foot along up, px (default 45): a
	// foot whose ground lies further below stays where the animation put it
	// (it hangs over a drop); a foot whose ground lies further above is
	// raised by MaxStep (left where the animation put it, it would be deeper
	// inside the ground).
	MaxStep float64
	// MaxFootAngle clamps the foot rotation to the surface, radians
	// (default 45 degrees).
	MaxFootAngle float64
	// OneRay casts one ray per foot, at the ankle, and rests the foot on
	// that ray's ground line. The default (false) measures the whole sole:
	// three rays (heel, ankle, toe) for the slope and a second pass of five
	// rays and the crests between them, so the foot rests on the highest
	// ground under its whole sole (steps, spikes, boulders; see the package
	// derivation above). One ray is cheaper but lets a sole sink at step
	// edges and into bumps between rays.
	OneRay bool
	// FootSpeed smooths each foot's offset and angle with 1-exp(-FootSpeed*dt)
	// per frame while the foot is lifted (Lift > PlantedLift); planted feet
	// follow the ground at once. 0 = no smoothing.
	FootSpeed float64
	// PlantedLift is the clearance under which a foot counts as planted, px
	// (default 0.5).
	PlantedLift float64
	// LandSlope bounds how far a lifted foot's smoothed offset may be from
	// its ground target per px of clearance (default 2 px/px), and
	// LandAngleSlope its angle (default 0.1 rad/px): as the foot comes down
	// its smoothing tightens continuously to none at touch-down.
	LandSlope, LandAngleSlope float64

	// PlanSwing plans a swinging foot's landing once per step when the rig's
	// Source times its steps (GaitTiming: WalkCycle, QuadrupedWalk, Clip,
	// Blend1D, AnimState; rays at the predicted touch-down point and along
	// the swing path) and moves the foot on a smooth arc to it, so a stair
	// edge crossed late in the swing does not make the target jump; FootSpeed
	// and LandSlope then apply only to feet the plan does not cover. Default
	// false (experimental: see grounder_plan.go).
	PlanSwing bool

	// FixedSteps turns footstep planning off: under a Source that times
	// its steps (GaitTiming) a swinging foot then lands where the gait puts
	// it even beside an edge. The default (false) moves a landing that
	// falls near a step's riser, a drop or a tooth onto the nearer ground
	// where the foot can land, rise and descend without a jump (a shorter
	// or longer step by at most 0.15 of the stride), and a landing whose
	// sole's middle would hang over a pit or gap onto ground (by at most
	// half the stride; see grounder_footstep.go).
	FixedSteps bool

	// RecastPlanted casts all of a planted foot's rays every frame. By
	// default (false) a foot that stays planted on the same spot casts one
	// ray, under its ankle, instead of all of them (3 for the tilt, 5 along
	// the whole sole): while that ray finds the very ground it found when
	// they were last cast, the foot keeps the placement they gave. The same
	// spot: the sole has neither moved along the ground nor turned by more
	// than 1e-11 px (5e-15 of the coordinate in large worlds), every hit is
	// still within the rays' reach, and the rig's last Update, frame
	// rotation and facing and the grounder's ray settings are those the rays
	// were cast with. Ground that moves or goes away under the ankle is seen
	// at once; a change under the heel or toe alone only when the foot
	// lifts, slides or turns: set RecastPlanted when the ground under
	// standing feet changes that way. OneRay casts its one ray every frame.
	RecastPlanted bool

	// FreeFeet turns foot locking off. By default, under any Source but a
	// WalkCycle (one whose FootTiming is Pinned; clips, blends, AnimState,
	// QuadrupedWalk are not), a foot is locked where it
	// plants: while its animation keeps it planted its ankle stays at that
	// place along the ground, world space, instead of sliding with
	// whatever the clip, the blend and the game's speed make of the stance
	// (see grounder_lock.go). A lock lets go when the animation lifts the
	// foot, when the rig turns round (the mirrored pose puts the feet
	// elsewhere: they go there), on Rig.Teleport, and it never holds a leg
	// further than it reaches. The locks stay in the world: on ground that
	// carries the character (a moving platform) call Carry with its move
	// each frame, or set FreeFeet. A WalkCycle, which paces its stance
	// feet by the rig's speed (still at a steady speed; a sudden start or
	// stop slides them), is not locked.
	FreeFeet bool
	// MaxLockShift is how far a locked foot may be from where the
	// animation puts it, px along forward (default 0.35 of the leg's
	// thigh plus shin): beyond it the lock is dragged along and the foot
	// slides rather than the leg stretching.
	MaxLockShift float64

	// DisableFeet turns foot placement off (the legs fade back to the
	// animation); DisableBody turns the centroid off (the body offset fades
	// back to 0).
	DisableFeet, DisableBody bool
	// BodySpeed is the body offset's smoothing rate, 1/s (default 30).
	BodySpeed float64
	// BodyMaxSpeed limits the body offset's speed, px/s (default 57;
	// negative: no limit). With BodySpeed's default of 30/s the body follows
	// the feet closely but never faster than this, the same at any frame
	// rate (the generated biped courses: contact gap at most 0.7 px at 30,
	// 60 and 144 TPS). While the rig moves (not Rig.IsIdle, and without
	// OnlyWhenIdle), a planted leg stretched past its reach or folded to
	// its joint limits moves the body faster, at up to 110 px/s
	// (DefaultFollowMaxSpeed) and 1.95 px a frame: its foot would
	// otherwise be dragged or pushed into the ground.
	BodyMaxSpeed float64
	// MaxLower and MaxLift bound the body offset, px. MaxLower defaults to
	// 40; MaxLift defaults to DefaultMaxLift when LiftWeight > 0 (and to 0,
	// no raise, when it is 0).
	MaxLower, MaxLift float64
	// LiftWeight in [0,1] raises the body by that share of the smallest
	// upward offset when every grounded foot must rise (the article's rule:
	// the body follows the foot that must reach furthest, so with 1 every
	// foot still reaches; see the derivation at the top of grounder.go).
	// Default 0: the body is only lowered.
	LiftWeight float64
	// OnlyWhenIdle moves the body offset only while the rig is idle
	// (Rig.IsIdle: derived from its motion unless the game sets Rig.Idle)
	// and every leg has found ground, as the article does; otherwise it
	// holds. Default false: the body follows the feet all the time.
	OnlyWhenIdle bool

	rig       *Rig
	def       *RigDef
	teleports uint64 // the rig's Teleport count this grounder last saw
	ground    Ground
	caster    CircleCaster // ground as a CircleCaster, nil when it is not one
	legs      []grounderLeg
	body      float64 // current body offset along up (negative = lowered)
	// applied is the body offset this grounder added to rig.BodyOffset last
	// frame (character frame, y down).
	applied float64
	bodyExp expMemo // updateBody's smoothing
	// norm is the last normal normLen measured: the rays of a sole mostly
	// hit the same surface, whose normal the ground returns bit for bit.
	norm struct {
		n      mgl64.Vec2
		l, inv float64
		ground bool
	}
	// planUp, px: while a landing is planned (predictLanding), how far up
	// castFoot looks for the top of a solid a foot ray starts in (0
	// otherwise)
	planUp float64
	// span gathers the character-frame y (down) of the vertical sole rays'
	// hits while place casts them (on), for footHold.
	span struct {
		on     bool
		lo, hi float64
	}
}

// grounderLeg is the runtime state of one leg.
type grounderLeg struct {
	LegDef
	limb, foot int
	contact    LegState
	init       bool // offset and angle hold a value from a grounded frame
	// timed: the rig's Source times this leg's steps (GaitTiming), as
	// gait says for this frame (see grounder_gait.go)
	timed   bool
	gait    FootTiming
	plan    swingPlan
	land    landing // predicted touch-down of a swinging foot (timed legs)
	profile footstepProfile
	// shift moves the foot along forward (character frame, px) so it never
	// plants over a drop (see predictLanding); shiftFrom is its value at
	// lift-off.
	shift, shiftFrom float64
	// lag holds a swinging foot back along forward (px) while it rises
	// before a face it could not rise over in time (see swing).
	lag   float64
	lastH float64 // last ground line height under the foot along up (world): frame's plus Offset
	// swinging: the gait has the foot in the air this update (see
	// cycleSwing); swung: it had in the last one
	swinging, swung bool
	hold            footHold
	lock            footLock // the foot lock (not for Pinned gaits; see grounder_lock.go)
	// rose: the animation has lifted the foot (above PlantedLift) since
	// its gait's swing began
	rose bool
	// debug: the last rays and hits, world space
	n      int
	from   [maxGrounderSamples]mgl64.Vec2
	to     [maxGrounderSamples]mgl64.Vec2
	hit    [maxGrounderSamples]bool
	point  [maxGrounderSamples]mgl64.Vec2
	normal [maxGrounderSamples]mgl64.Vec2
}

// NewGrounder builds a grounder for rig on ground. Each leg must name a
// limb of the rig's definition that has an Effector; errors name the leg
// and the field. A nil ground finds nothing: the feet keep their animated
// pose.
func NewGrounder(rig *Rig, ground Ground, legs ...LegDef) (*Grounder, error) {
	if rig == nil {
		return nil, fmt.Errorf("ikanim: NewGrounder: rig is nil")
	}
	def := rig.def
	if len(legs) == 0 {
		return nil, fmt.Errorf("ikanim: NewGrounder: legs is empty")
	}
	g := &Grounder{rig: rig, def: def, ground: oneWayFor(rig, ground), legs: make([]grounderLeg, len(legs)), teleports: rig.teleports}
	g.caster, _ = ground.(CircleCaster)
	for i, l := range legs {
		where := fmt.Sprintf("ikanim: NewGrounder: legs[%d] (%q)", i, l.Limb)
		li := def.LimbIndex(l.Limb)
		if li < 0 {
			return nil, fmt.Errorf("%s: Limb is not a limb of the rig", where)
		}
		foot := def.limbs[li].effector
		if foot < 0 {
			return nil, fmt.Errorf("%s: Limb has no Effector (the foot)", where)
		}
		for _, f := range []struct {
			name string
			v    float64
		}{{"AnkleHeight", l.AnkleHeight}, {"Heel", l.Heel}, {"Toe", l.Toe}} {
			if !num.Finite(f.v) || f.v < 0 {
				return nil, fmt.Errorf("%s: %s %v must be finite and >= 0", where, f.name, f.v)
			}
		}
		if l.AnkleHeight == 0 {
			l.AnkleHeight = DefaultAnkleHeight
		}
		if l.Heel == 0 {
			l.Heel = DefaultHeel
		}
		if l.Toe == 0 {
			l.Toe = def.bones[foot].Length
		}
		g.legs[i] = grounderLeg{LegDef: l, limb: li, foot: foot}
	}
	return g, nil
}

// NumLegs returns the number of legs.
func (g *Grounder) NumLegs() int { return len(g.legs) }

// Leg returns leg i's state after the last Update. It panics if i is out of
// range.
func (g *Grounder) Leg(i int) LegState { return g.legs[i].contact }

// LegDef returns leg i's sole geometry with defaults filled in.
func (g *Grounder) LegDef(i int) LegDef { return g.legs[i].LegDef }

// Body returns the current body offset along up, px (negative = lowered).
func (g *Grounder) Body() float64 { return g.body }

// Stage implements Controller: a grounder runs after the pose source.
func (g *Grounder) Stage() Stage { return StageControl }

// Update implements Controller: it places the feet and the body for this
// frame (the rig calls it).
func (g *Grounder) Update(dt float64) {
	r := g.rig
	maxAngle := num.Or(g.MaxFootAngle, DefaultMaxFootAngle)
	maxStep := num.Or(g.MaxStep, DefaultMaxStep)
	planted := num.Or(g.PlantedLift, DefaultPlantedLift)
	footAlpha := 1.0
	if g.FootSpeed > 0 && num.Finite(g.FootSpeed) {
		footAlpha = 1 - math.Exp(-g.FootSpeed*dt)
	}
	low, found, all, resting := 0.0, false, true, false
	// fold: the largest fold need of the planted feet (foldNeed); reach:
	// the highest body the feet still reach (a swinging foot by its
	// target, not by its offset), which bounds the raise fold asks for
	fold, reach := -math.MaxFloat64, math.MaxFloat64
	// stretch: the highest body the planted feet reach (reachNeed)
	stretch := math.MaxFloat64
	fresh := g.freshStart(r)
	for i := range g.legs {
		leg := &g.legs[i]
		limb := &r.limbs[leg.limb]
		leg.land.now = false
		g.readGait(r, leg)
		swung := g.cycleSwing(r, leg)
		leg.swung, leg.swinging = leg.swinging, swung
		if swung && !leg.swung {
			leg.rose = false
		}
		g.updateShift(r, leg, dt)
		s, phi, lift, ok := g.place(r, leg, maxAngle)
		hit := ok // ground found, before the drop and airborne checks
		if ok && -s > maxStep {
			ok = false // the ground is too far below: over a drop
		}
		if r.airborne {
			ok = false // falling or jumping: the feet hang
		}
		if !(s > maxStep && g.keepsGround(r, leg, s, lift)) {
			s = min(s, maxStep) // ground far above: as high as the leg may go
		}
		c := &leg.contact
		c.Lift = lift
		if !ok || g.DisableFeet {
			g.unlock(leg)
			all = false
			leg.plan.on = false
			c.Grounded, c.Planted = false, false
			limb.Weight = 0
			fade := footAlpha
			if (r.airborne || leg.init && leg.swinging) && !g.DisableFeet {
				// In the air the feet go back to the animation smoothly
				// and the leg stays solved (the targets are the animated
				// feet by touch-down), so the landing crouch bends the
				// knees instead of pushing fading feet into the ground.
				// So does a swinging foot over a gap: the leg fading out
				// and back in would slide the foot after touch-down.
				limb.Weight = 1
				fade = 1 - math.Exp(-airFootSpeed*dt)
			}
			// Fade toward the animated foot (in the air at most
			// swingDropSpeed px/s).
			d := (0 - c.Offset) * fade
			if limb.Weight == 1 {
				m := swingDropSpeed * dt
				d = max(-m, min(m, d))
			}
			c.Offset += d
			c.Angle += (0 - c.Angle) * fade
			if r.airborne && hit && c.Offset < s-lift+airRestTol {
				// A hanging foot still rests on ground it meets (the
				// ledge the body falls from), never sinks into it.
				c.Offset = max(c.Offset, s-lift)
				resting = true
				leg.lastH = r.frame.toWorld(mgl64.Vec2{}).Dot(r.frame.dirToWorld(mgl64.Vec2{0, -1})) + c.Offset
			}
			limb.EffectorRotation = r.worldRot(c.Angle)
			c.Target = r.frame.toWorld(r.animStart[leg.foot].Add(mgl64.Vec2{leg.shift, -c.Offset}))
			limb.Target = c.Target
			continue
		}
		if off, ang, ok := g.planSwing(r, leg, s, lift, maxAngle, maxStep, dt); ok {
			c.Offset, c.Angle = off, ang
		} else if leg.init && footAlpha == 1 && (lift > planted || leg.swinging) {
			c.Offset, c.Angle = g.swing(r, leg, s, phi, lift, maxAngle, maxStep, dt)
		} else if leg.init && lift > planted {
			// A lifted foot follows smoothly, but never strays further
			// from its ground target than LandSlope (LandAngleSlope) per
			// px of clearance, so it lands exactly and without a jump.
			c.Offset += (s - c.Offset) * footAlpha
			c.Angle += (phi - c.Angle) * footAlpha
			do := num.Or(g.LandSlope, DefaultLandSlope) * lift
			da := num.Or(g.LandAngleSlope, DefaultLandAngleSlope) * lift
			c.Offset = s + max(-do, min(do, c.Offset-s))
			c.Angle = phi + max(-da, min(da, c.Angle-phi))
		} else {
			if leg.init && leg.swung {
				// A foot touching down at a riser's top edge: held back
				// too (see holdBack) when that is the smaller move (and
				// the top is within MaxStep); the stance keeps its shift.
				shift := leg.shift
				if sh, ph, hold := g.holdBack(r, leg, s, phi, lift, 0, maxAngle, maxStep, dt); hold > 0 && s < maxStep && math.Abs(sh-c.Offset) >= math.Abs(s-c.Offset) {
					leg.shift = shift // the riser's top is nearer
				} else {
					s, phi = sh, ph
				}
			}
			c.Offset, c.Angle = s, phi
		}
		leg.init = true
		c.Grounded = true
		c.Planted = lift <= planted
		if leg.swinging && !c.Planted {
			leg.rose = true
		}
		if g.locks(r, leg) && !(c.Planted && !leg.lock.on && leg.swinging && leg.gait.Progress >= 0.5 && leg.rose) {
			// A timed foot does not lock in the second half of its swing
			// once the animation has lifted it in that swing: its last
			// frames come below PlantedLift but still move forward. (In
			// the first half a foot the animation keeps planted, its
			// gait's lift-off not agreeing with PlantedLift, locks, and
			// it stays locked until the animation lifts it; so does one
			// the animation has not lifted at all in this swing: a
			// blend starting to walk from standing (Blend1D) times a
			// swing its idle-weighted pose keeps on the ground, and the
			// foot slid 2.6 px with the animation before it locked, the
			// animation scene's slip at 30 TPS.)
			g.lockPlaced(r, leg, c.Planted, r.frame.toWorld(r.animStart[leg.foot].Add(mgl64.Vec2{leg.shift, -c.Offset})))
		}
		c.Target = r.frame.toWorld(r.animStart[leg.foot].Add(mgl64.Vec2{leg.shift, -c.Offset}))
		leg.lastH = r.frame.toWorld(mgl64.Vec2{}).Dot(r.frame.dirToWorld(mgl64.Vec2{0, -1})) + c.Offset
		limb.Target = c.Target
		limb.Weight = 1
		limb.EffectorRotation = r.worldRot(c.Angle)
		need := c.Offset
		if leg.land.now {
			// A foot about to land lower counts already, by the offset it
			// lands at plus what the body can still cover at half its
			// speed limit in the time left: the body is down when it
			// lands instead of catching up with a leg stretched straight.
			need = min(need, leg.land.off+0.5*num.Or(g.BodyMaxSpeed, DefaultBodyMaxSpeed)*leg.land.left)
		}
		if c.Planted || leg.lock.from != 0 && leg.shift != 0 {
			// A planted foot, or one whose lock is letting go (its
			// shift easing back to the animated path), keeps the hip
			// within reachRatio: the body does not rise off a leg
			// still stretched behind it. A foot held away from its
			// animated place (a lock's shift) keeps it within
			// lockedReachRatio: the body lowers before the leg is
			// straight, not after.
			ratio := reachRatio
			if leg.shift != 0 && (leg.lock.on || leg.lock.from != 0) {
				// Not below the animated foot's own reach: the lock
				// lowers the body only for what its shift adds.
				ratio = max(lockedReachRatio, min(reachRatio, g.animReach(r, leg)))
			}
			rn := g.reachNeed(r, leg, r.frame.toLocal(c.Target), ratio)
			need = min(need, rn)
			if c.Planted {
				fold = max(fold, g.foldNeed(r, leg, r.frame.toLocal(c.Target)))
				stretch = min(stretch, rn)
			}
			reach = min(reach, need)
		} else {
			reach = min(reach, g.reachNeed(r, leg, r.frame.toLocal(c.Target), reachRatio))
			if leg.land.now {
				// The landing as it will be at touch-down: the body has
				// walked on to it and the animated lift is gone.
				landT := mgl64.Vec2{leg.land.rel, r.animStart[leg.foot][1] + lift - leg.land.off}
				ln := g.reachNeed(r, leg, landT, landReachRatio) + 0.5*num.Or(g.BodyMaxSpeed, DefaultBodyMaxSpeed)*leg.land.left
				need = min(need, ln)
				// The raise a folded planted leg asks for leaves this leg
				// straight at touch-down at most (foldLandRatio).
				reach = min(reach, g.reachNeed(r, leg, landT, foldLandRatio)+0.5*num.Or(g.BodyMaxSpeed, DefaultBodyMaxSpeed)*leg.land.left)
			}
		}
		if !found {
			low, found = need, true
		} else {
			low = min(low, need)
		}
	}
	if r.airborne && !resting && !g.DisableFeet {
		// In the air with every foot free the body comes down toward the
		// feet (airTuck), so the legs are bent when they land.
		low, found = -airTuck, true
	}
	if r.airborne {
		fold = -math.MaxFloat64
	}
	if r.airborne {
		stretch = math.MaxFloat64
	}
	g.updateBody(r, dt, low, min(fold, reach), stretch, found, all, fresh)
	if fresh {
		g.snapLegs(r)
	}
}

// keepGroundTol is how far, px along up, the ground under a planted foot
// may be from where it stood last frame and still be the same ground
// (keepsGround).
const keepGroundTol = 0.5

// keepsGround reports whether the ground under a foot, at offset s with
// animated clearance lift, is no higher than what the foot stood on or
// was lifted above last frame (its offset less its clearance then): then
// MaxStep does not clamp its offset. MaxStep bounds how far a foot moves
// up onto new ground; a foot whose body goes down below it (the follower
// leading the body down a step while the trailing foot still stands on
// the step's top, and lifts off it) stays on its ground instead of being
// pushed into it (clamped to MaxStep, a foot on a ledge sank 2.8 px and
// slid 3.8 px as the body walked down a 45 px step on the generated
// courses). So does a hanging foot resting on the ledge the body falls
// from (it sank 1.9 px).
func (g *Grounder) keepsGround(r *Rig, leg *grounderLeg, s, lift float64) bool {
	c := &leg.contact
	if !leg.init || !c.Grounded && !r.airborne {
		return false
	}
	h := r.frame.toWorld(mgl64.Vec2{}).Dot(r.frame.dirToWorld(mgl64.Vec2{0, -1})) + s - lift
	return h <= leg.lastH-c.Lift+keepGroundTol
}

// In the air (Rig.Airborne) with no foot resting on ground, the centroid's
// target is airTuck px down: the body comes down toward the hanging feet at
// the centroid's own speed limits (BodySpeed, BodyMaxSpeed), so the legs are
// bent when the feet land. A knee turns at the hip's speed toward the foot
// divided by how far the knee moves per px of it, a few px for a leg near
// full reach: the follower's landing crouch, which starts at the landing
// speed, turned the walk's nearly straight legs 28 degrees in the landing
// frame at 60 TPS. A foot resting on the ledge the body falls from stops
// the tuck (it would fold that leg over the edge). After the landing the
// centroid goes back to its ground target at the same limits.
const (
	airTuck    = 16.0 // px
	airRestTol = 0.5  // px: a hanging foot this close above its ground rests on it
)

// Swinging feet (the default, FootSpeed 0). A lifted foot's ground
// placement (s, phi) jumps wherever a sole ray crosses an edge: a step's
// riser, a tooth's tip. The foot instead moves continuously, every rule
// bounded so it still lands exactly (LandSlope, LandAngleSlope):
//
//   - its angle turns toward phi at most swingTurnSpeed rad/s, and the
//     offset that keeps the whole sole out of the ground is measured again
//     at that angle;
//   - it rises at once (never into the ground), and before a face steeper
//     than 45 degrees ahead of the toe it is already raised by the face's
//     height less the distance to it (a 45-degree clearance cone: one ray
//     along the foot from the toe, swingLookAhead px, and one down onto the
//     face's top), so the rise starts before the toe reaches a riser and
//     grows continuously as it nears it; the rise speeds up with the
//     clearance (swingRiseRamp), and what it cannot cover the foot makes
//     up by holding back along forward (the lag, at most swingLagSpeed,
//     gone by touch-down), so a toe next to a riser at lift-off rises
//     before it swings instead of jumping up the face;
//   - it goes down at most swingDropSpeed px/s, or as fast as the landing
//     bound (LandSlope times the clearance) asks near touch-down.
const (
	swingTurnSpeed = 6.0   // rad/s
	swingDropSpeed = 240.0 // px/s
	swingRiseSpeed = 300.0 // px/s
	swingConeSlope = 4.0   // px of cone rise per px of clearance
	swingRiseRamp  = 5.0   // px of clearance over which the cone's rise speed grows to swingRiseSpeed
	swingLagSpeed  = 60.0  // px/s: fastest change of a swinging foot's hold-back before a face
	swingLookAhead = DefaultMaxStep
	airFootSpeed   = 12.0 // 1/s: feet back to the animation in the air
	// px/s: a footstep shift back to none in the air (as fast as a
	// swinging foot drops)
	airShiftSpeed = swingDropSpeed
)

// swing returns the offset along up and the rotation of a lifted foot whose
// ground placement is s, phi at clearance lift (see the rules above).
func (g *Grounder) swing(r *Rig, leg *grounderLeg, s, phi, lift, maxAngle, maxStep, dt float64) (off, ang float64) {
	c := &leg.contact
	if !(dt > 0) {
		dt = 0
	}
	do := num.Or(g.LandSlope, DefaultLandSlope) * lift
	da := num.Or(g.LandAngleSlope, DefaultLandAngleSlope) * lift
	// The ground the landing bounds close on: where the foot will touch
	// down when that is known (WalkCycle), else the ground under it now.
	ref, aref, rise, drop, turn, known, left := s, phi, 0.0, 0.0, 0.0, false, 0.0
	if h, l, ok := g.predictLanding(r, leg, maxAngle, maxStep); ok {
		left = l
		// Half the speed limits over the time left: the bounds close
		// continuously and leave the foot time to follow them.
		ref, aref, known = h, leg.land.ang, true
		rise, drop, turn = 0.5*swingRiseSpeed*left, 0.5*swingDropSpeed*left, 0.5*swingTurnSpeed*left
	}
	keep := 0.0
	if known {
		keep = swingKeepLift
	}
	hold := 0.0
	if !known || left > holdLandTime {
		s, phi, hold = g.holdBack(r, leg, s, phi, lift, keep, maxAngle, maxStep, dt)
	}
	if over := leg.lag + hold - swingLagSpeed*left; known && over > holdLandTol {
		// Held back further than it can catch up by touch-down, the foot
		// lands that much short of its landing: the bounds close on the
		// ground there instead (on spikes the two angles differed by 0.6
		// rad, and the foot turned 36 degrees in the touch-down frame).
		g.planUp = maxStep
		if s1, a1, _, ok1 := g.placeAt(r, leg, leg.land.x-over, r.animStart[leg.foot][1], 0, 0, 1, maxAngle, false); ok1 && math.Abs(s1) <= maxStep {
			ref, aref = s1, a1
		}
		g.planUp = 0
	}
	ang = c.Angle + max(-swingTurnSpeed*dt, min(swingTurnSpeed*dt, phi-c.Angle))
	ang = aref + max(-da-turn, min(da+turn, ang-aref))
	// The animated ankle moved by the shift, as numbers (see normLen).
	ax, ay := r.animStart[leg.foot][0]+leg.shift, r.animStart[leg.foot][1]+0
	A, alpha := mgl64.Vec2{ax, ay}, r.animAngle[leg.foot]
	sa := s
	if ang != phi && !g.OneRay {
		sb, cb := math.Sincos(alpha + ang)
		if v := g.wholeSole(r, leg, ax, ay, leg.AnkleHeight, sb, cb, g.rayUp(leg), num.Or(g.RayDown, DefaultRayDown), lift, nil); v != -math.MaxFloat64 && num.Finite(v) {
			sa = min(v, maxStep)
		}
	}
	fall := swingDropSpeed
	if known && left > 0 {
		// Down to the landing at the slowest even speed that still
		// makes it by touch-down (not at full speed and then a stop).
		fall = min(fall, max(0, c.Offset-ref)/left)
	}
	floor := sa
	if known {
		// On its way down to a known landing the foot may use half its
		// animated clearance (a downhill does not drag it down the slope).
		floor = sa - swingKeepLift*lift
	}
	bound := ref + do + drop
	if known && c.Offset > bound && left > dt {
		// Held above the bound by the ground it passed over (a ledge's
		// top before a drop to the landing), the foot comes down to it
		// at the even speed that lands it by touch-down, however fast,
		// instead of at once (the foot left a ledge 35 px above its
		// landing 0.12 s before touch-down and fell 11.7 px in a frame,
		// its knee and hip turning 25 degrees, at 60 TPS).
		bound = max(bound, c.Offset-(c.Offset-ref)/left*dt)
	}
	off = min(max(floor, c.Offset-fall*dt), max(floor, bound))
	limit := math.MaxFloat64
	if known {
		limit = leg.land.x + leg.Toe // no face beyond the landing toe matters
	}
	lag := 0.0
	if cone := g.riseAhead(r, leg, ax, ay, alpha+ang, sa, lift, maxStep, limit); cone > off {
		// Rising at most swingRiseSpeed, reached as the clearance grows
		// over swingRiseRamp px (a lift-off does not start at full speed).
		want := min(cone, max(s, ref)+swingConeSlope*lift)
		cone = min(cone, c.Offset+swingRiseSpeed*min(1, lift/swingRiseRamp)*dt)
		off = max(off, min(cone, max(s, ref)+swingConeSlope*lift))
		// What the rise could not cover the foot makes up by holding
		// back: the cone is 45 degrees, so a px of height missing is a
		// px of distance to keep from the face.
		lag = max(0, want-off)
	}
	if known {
		// The lag goes back to nothing by touch-down: by the last frame
		// of the swing (the stance keeps the shift that frame leaves;
		// with the lag still left there, a foot landed up to 0.8 px
		// short of its landing, on a spike's other flank, and turned
		// 0.7 rad in the touch-down frame at 144 TPS).
		lag = min(lag, swingLagSpeed*max(0, left-dt))
	}
	if d := swingLagSpeed * dt; dt > 0 {
		leg.lag += max(-d, min(d, lag-leg.lag))
	}
	// A hold this frame stays in the lag: it is let go at swingLagSpeed,
	// and held again while the ground ahead is still too high.
	leg.lag += hold
	if hold > 0 && (!known || A[0] < leg.land.x-holdLandTol) {
		// Held on its way: rise at swingRiseSpeed toward the ground
		// ahead. (A foot held at or past its known landing goes to the
		// landing's height and lands short of the riser.)
		off = max(off, min(c.Offset+holdRise(lift)*dt, maxStep))
	}
	if known {
		// A landing above the ground under the foot: rise toward it no
		// faster than swingRiseSpeed would still make it by touch-down.
		off = max(off, ref-do-rise)
	}
	return off, ang
}

// holdIters is the number of bisection steps holdBack takes to find how far
// a swinging foot may go (the interval halves each time: a foot moving 3 px
// a frame stops within 0.012 px of the last free point).
const holdIters = 8

// holdLandTime is the time before a known touch-down, s, from which a
// swinging foot is no longer held back (holdBack): it lands where its
// landing was planned, whose placement the landing bounds close on.
const holdLandTime = 0.05

// holdLandTol is how far, px, behind its known landing a held swinging foot
// may be and still count as there (it lands short instead of rising over
// what holds it).
const holdLandTol = 0.5

// holdRise returns the speed, px/s, at which a foot held back before a
// riser (holdBack) rises at clearance lift: swingRiseSpeed once the
// clearance reaches swingRiseRamp, from holdRiseShare of it at lift-off.
func holdRise(lift float64) float64 {
	return swingRiseSpeed * max(holdRiseShare, min(1, lift/swingRiseRamp))
}

// holdRiseShare is the share of swingRiseSpeed a held foot rises at as it
// lifts off.
const holdRiseShare = 0.6

// holdBackSlack is how far, px, holdBack may move a foot back behind where
// its target was last frame to keep it off a riser's top.
const holdBackSlack = 2.0

// holdBack keeps a swinging foot from jumping up onto ground it reaches
// faster than it can rise. A lifted foot's placement s is the offset that
// keeps its whole sole (with keep of its clearance lift) above the ground
// under it; where the sole's toe passes a riser's top edge, s jumps by the
// riser's height in one frame (a foot lifting off with its toe at a step's
// face went 21 px up the face in a frame, the knee 76 degrees). When s
// would rise more than swingRiseSpeed*dt above last frame's offset, the foot
// instead goes along forward only as far as the sole stays within
// holdRise*dt of it (a slower rise just after lift-off): the
// furthest point between where its target was last frame (the same world
// point: it stalls) and where the animation puts it now, found by
// bisection on the sole's placement, and moves back by the rest (the
// returned hold, px, taken off leg.shift now and kept in leg.lag). The
// foot then rises at holdRise and goes on over the riser once above it
// (swing: when the riser lies before its landing; held back from a landing
// further than it can catch up, the landing bounds close on the ground
// where it will touch down instead). It returns the placement there. Where even last frame's point is too
// low (the ground rose under the foot) nothing is held: the foot rises at
// once, as it never goes into the ground.
func (g *Grounder) holdBack(r *Rig, leg *grounderLeg, s, phi, lift, keep, maxAngle, maxStep, dt float64) (float64, float64, float64) {
	c := &leg.contact
	if !(s-keep*lift > c.Offset+swingRiseSpeed*dt) || !(dt > 0) || g.ground == nil || !leg.timed {
		return s, phi, 0
	}
	// Held, the foot rises at holdRise: slower just after lift-off, where
	// a leg nearly straight turns its knee fastest.
	allowed := c.Offset + holdRise(lift)*dt
	if !leg.stepping() || r.airborne {
		return s, phi, 0 // (the shift is the gait's only)
	}
	A, alpha, d := r.animStart[leg.foot], r.animAngle[leg.foot], r.animDir[leg.foot]
	cur := A[0] + leg.shift
	prev := r.frame.toLocal(c.Target)[0]
	if !(prev < cur) || !num.Finite(prev) {
		return s, phi, 0
	}
	free := func(x float64) (float64, float64, bool) {
		sx, px, _, ok := g.placeAt(r, leg, x, A[1], alpha, d[1], d[0], maxAngle, false)
		return sx, px, ok && sx >= -maxStep && min(sx, maxStep)-keep*lift <= allowed
	}
	lo, hi := prev, cur
	s0, p0, ok := free(prev)
	if !ok {
		// Last frame's point, at this frame's foot angle, may reach over
		// the edge already (a foot levelling as it lands pushes its toe
		// forward): a little further back.
		lo = prev - holdBackSlack
		if s0, p0, ok = free(lo); !ok {
			return s, phi, 0
		}
	}
	for range holdIters {
		mid := lo + (hi-lo)/2
		if sm, pm, okm := free(mid); okm {
			lo, s0, p0 = mid, sm, pm
		} else {
			hi = mid
		}
	}
	hold := cur - lo
	leg.shift -= hold
	return min(s0, maxStep), p0, hold
}

// reachRatio is the share of a leg's full length (thigh plus shin) its hip
// may be from its foot's target before the centroid lowers the body.
const reachRatio = 0.98

// animReach returns the distance from the leg's hip to its animated
// ankle as a share of the leg's length (thigh plus shin), as reachNeed
// places the hip; +Inf for legs that are not two- or three-bone chains.
func (g *Grounder) animReach(r *Rig, leg *grounderLeg) float64 {
	bones := g.def.limbs[leg.limb].bones
	if len(bones) != 3 && len(bones) != 2 {
		return math.Inf(1)
	}
	hip := r.animStart[bones[0]].Add(r.BodyOffset)
	hip[1] -= g.applied
	return r.animStart[leg.foot].Sub(hip).Len() / (g.def.bones[bones[0]].Length + g.def.bones[bones[1]].Length)
}

// lockedReachRatio is reachRatio for a foot a lock holds away from its
// animated place (see grounder_lock.go): a lock lets the body walk on
// from the foot, so the body starts lowering sooner (it lowers at most
// BodyMaxSpeed; at reachRatio a hero setting off from standing left its
// locked leg straight, its knee turning 27 degrees in the frame it lifted).
const lockedReachRatio = 0.95

// landReachRatio is reachRatio for a swinging foot's predicted landing: a
// leg landing nearly straight turns its knee fastest as the foot comes down.
const landReachRatio = 0.96

// reachNeed returns the body offset along up (negative = lowered) at which
// the leg's hip is ratio of the leg's length from the target t (character
// frame),
// or +MaxFloat64 when the leg reaches it at any offset the body may take
// (the centroid's min ignores it). A planted foot whose target lies further
// along forward than its animated place (a shifted footstep) needs the hip
// lower: with dx and dy the target's offsets from the hip in the character
// frame (y down) and the hip lowered by b, the leg reaches when
// dx^2 + (dy+b)^2 <= R^2, that is b <= sqrt(R^2 - dx^2) - dy.
func (g *Grounder) reachNeed(r *Rig, leg *grounderLeg, t mgl64.Vec2, ratio float64) float64 {
	bones := g.def.limbs[leg.limb].bones
	if len(bones) != 3 && len(bones) != 2 {
		return math.MaxFloat64
	}
	R := ratio * (g.def.bones[bones[0]].Length + g.def.bones[bones[1]].Length)
	// The hip as this frame's other controllers and last frame's body
	// offset left it, with the body offset taken out.
	hip := r.animStart[bones[0]].Add(r.BodyOffset)
	hip[1] -= g.applied
	dx, dy := t[0]-hip[0], t[1]-hip[1]
	if !(R > 0) || !num.Finite(dx) || !num.Finite(dy) {
		return math.MaxFloat64
	}
	if math.Abs(dx) >= R {
		return -dy
	}
	return math.Sqrt(R*R-dx*dx) - dy
}

// bodyUrgentSpeed is how fast, px/s, the centroid moves the body when a
// planted leg is stretched past its reach or folded to its limits (see
// updateBody): as fast as a GroundFollower moves the body along up by
// default (DefaultFollowMaxSpeed): 1.83 px a frame at 60 TPS.
const bodyUrgentSpeed = DefaultFollowMaxSpeed

// bodyUrgentStep bounds that move in one frame, px: within QUALITY.md's
// body pop of 2 px a frame at any rate (so at 30 TPS the move is hardly
// faster than BodyMaxSpeed's 1.9).
const bodyUrgentStep = 1.95

// foldRatio is the share of a leg's full length (thigh plus shin) its hip
// is kept at least from a planted foot's target: nearer, the leg folds to
// its joint limits and the foot stops short of its target, into the
// ground (the biped template's knee, at its 150 degrees, leaves 0.26 of
// the length; a foot ahead of the hip and above it takes the thigh to its
// limit at 0.33).
const foldRatio = 0.4

// foldLandRatio is the share of its length a swinging leg may reach at
// its predicted touch-down when a folded planted leg raises the body.
const foldLandRatio = 0.97

// maxFoldLift bounds the raise foldNeed asks of the body, px.
const maxFoldLift = DefaultMaxLift

// foldNeed returns the body offset along up (negative = lowered) the body
// must at least have for the leg's hip to be foldRatio of the leg's length
// from the target t (character frame) with the hip above it, or
// -MaxFloat64 when the hip is that far at any offset (or the leg is not a
// two- or three-bone chain). With dx, dy the target's offsets from the hip
// (y down) and the body raised by b, the leg folds no further when
// dx^2 + (dy+b)^2 >= Rmin^2, and with the hip above the foot that is
// b >= sqrt(Rmin^2 - dx^2) - dy. A trailing foot still planted on a
// ledge while the follower takes the body down the step below (the
// generated courses' 40 px steps next to drops) folded its knee to the
// limit: the foot sank 3 px into the ledge and slid back. The raise is
// bounded by what the other feet reach (updateBody's fold argument).
func (g *Grounder) foldNeed(r *Rig, leg *grounderLeg, t mgl64.Vec2) float64 {
	bones := g.def.limbs[leg.limb].bones
	if len(bones) != 3 && len(bones) != 2 {
		return -math.MaxFloat64
	}
	R := foldRatio * (g.def.bones[bones[0]].Length + g.def.bones[bones[1]].Length)
	hip := r.animStart[bones[0]].Add(r.BodyOffset)
	hip[1] -= g.applied
	dx, dy := t[0]-hip[0], t[1]-hip[1]
	if !(R > 0) || !num.Finite(dx) || !num.Finite(dy) || math.Abs(dx) >= R {
		return -math.MaxFloat64
	}
	return math.Sqrt(R*R-dx*dx) - dy
}

// landing is a swinging foot's predicted touch-down.
type landing struct {
	on bool
	p  mgl64.Vec2 // the landing ankle, world
	h  float64    // the ground line there along up (world): frame's plus the offset
	// ang is the foot's rotation there (character frame; the level foot
	// a WalkCycle lands with, turned to the ground)
	ang float64
	// shift is how far the landing moved along forward (character frame,
	// px; negative: back) so the foot does not plant over a drop
	shift float64
	// this frame's prediction (now: there is one): the landing offset and
	// the rig-time seconds left until touch-down
	now       bool
	off, left float64
	x         float64 // the landing ankle along forward, this frame (shift included)
	rel       float64 // the landing ankle along forward at touch-down (character frame, shift included)
}

// landStep is the spacing, px, at which a landing over a drop looks back for
// ground.
const landStep = 2.0

// shiftSettleSpeed is how fast a standing foot's footstep shift goes back to
// zero, px/s.
const shiftSettleSpeed = 40.0

// updateShift sets the leg's forward shift for this frame: under a gait
// that times the leg (GaitTiming) a stance keeps the shift it landed with
// (or its foot lock's), and a swing eases from the shift it lifted off with
// to its predicted landing's.
func (g *Grounder) updateShift(r *Rig, leg *grounderLeg, dt float64) {
	locks := g.locks(r, leg)
	if leg.timed && !leg.gait.Moving && !locks && !r.airborne && dt > 0 {
		// Standing: the feet settle under the body with the cycle's stop
		// (walkStopTime) instead of jumping back in one frame.
		d := shiftSettleSpeed * dt
		leg.shift = max(-d, min(d, 0-leg.shift)) + leg.shift
		leg.shiftFrom, leg.land.on = leg.shift, false
		return
	}
	if !r.airborne && locks && !leg.stepping() {
		g.lockShift(r, leg, dt)
		return
	}
	if r.airborne && dt > 0 && num.Finite(leg.shift) {
		// In the air the feet hang and go back to the animation: so does
		// the shift, at airShiftSpeed. (Set to none at once, a foot whose
		// step was moved back onto the ledge the body walks off jumped 21
		// px along forward in the frame the fall began, its knee and
		// ankle 24 degrees; eased at airFootSpeed, it stood on the ledge
		// while the body fell 35 px and came down 16 px in the landing
		// frame.)
		d := airShiftSpeed * dt
		leg.shift += max(-d, min(d, 0-leg.shift))
		leg.shiftFrom, leg.land.on, leg.lag = leg.shift, false, 0
		return
	}
	if !leg.stepping() || r.airborne {
		leg.shift, leg.shiftFrom, leg.land.on = 0, 0, false
		return
	}
	ft := &leg.gait
	if !ft.Swing || locks && leg.lock.on {
		// Planted: the next swing plans a new landing. A locked foot
		// stays where it planted (its lock's shift) until its animation
		// lifts it, even when the gait has it in the air already (a
		// clip's derived contacts need not agree with PlantedLift);
		// until it locks, it keeps the shift it landed with.
		if locks && leg.lock.on {
			g.lockShift(r, leg, dt)
		}
		leg.shiftFrom, leg.land.on, leg.lag = leg.shift, false, 0
		return
	}
	to := 0.0
	if leg.land.on {
		to = leg.land.shift
	}
	// No lag left in the last frame of the swing (see swing): the
	// stance keeps the shift this frame leaves.
	leg.lag = min(leg.lag, swingLagSpeed*max(0, ft.Left-dt))
	leg.shift = leg.shiftFrom + (to-leg.shiftFrom)*num.Smoothstep(ft.Progress) - leg.lag
	if locks {
		// In the air: no lock, and no lock's release easing (the swing
		// eases the shift to the landing's).
		leg.lock = footLock{}
	}
}

// cycleSwing reports whether the rig's Source times the leg's steps and
// has its foot in the air (its last frames before touch-down come below
// PlantedLift but it still moves forward: the swing rules keep it on its
// way to the predicted landing).
func (g *Grounder) cycleSwing(r *Rig, leg *grounderLeg) bool {
	return leg.stepping() && leg.gait.Swing
}

// predictLanding returns, for a swinging foot of a rig whose Source times
// its steps (GaitTiming), the offset (in this frame) at which it will touch
// down and the rig-time seconds left until then. The landing ankle is at
// x_land = LandX + Travel in the character frame (see grounder_gait.go), a
// fixed world point while the speed holds: the level foot's placement
// there is measured once per step and again only when that point drifts by
// swingReplanDist.
func (g *Grounder) predictLanding(r *Rig, leg *grounderLeg, maxAngle, maxStep float64) (off, left float64, ok bool) {
	p := &leg.land
	ft := &leg.gait
	if !leg.stepping() || !ft.Swing {
		p.on = false
		return 0, 0, false
	}
	L := ft.Stride
	A := r.animStart[leg.foot]
	landC := mgl64.Vec2{ft.LandX + ft.Travel, A[1]}
	land := r.frame.toWorld(landC)
	up := r.frame.dirToWorld(mgl64.Vec2{0, -1})
	base := r.frame.toWorld(mgl64.Vec2{}).Dot(up)
	if !p.on || math.Abs(land.Sub(p.p).Dot(r.frame.dirToWorld(mgl64.Vec2{1, 0}))) > swingReplanDist {
		// A landing's ray that starts inside a step finds the step's top
		// (castFoot).
		g.planUp = maxStep
		defer func() { g.planUp = 0 }()
		s1, a1, _, ok1 := g.placeAt(r, leg, landC[0], landC[1], 0, 0, 1, maxAngle, false)
		shift := 0.0
		if ok1 && s1 < -maxStep || !ok1 {
			// Over a drop: the step ends on the last ground behind it the
			// foot can stand on (half a sole onto it), so no foot plants
			// on air; the body walks on and falls off the ledge
			// (GroundFollower.LedgeDrop).
			ok1 = false
			for x := landStep; x <= L/2+leg.Heel+leg.Toe; x += landStep {
				if sx, _, _, okx := g.placeAt(r, leg, landC[0]-x, landC[1]-0, 0, 0, 1, maxAngle, false); okx && sx >= -maxStep {
					shift = -x - (leg.Heel+leg.Toe)/2
					s1, a1, _, ok1 = g.placeAt(r, leg, landC[0]+shift, landC[1]+0, 0, 0, 1, maxAngle, false)
					ok1 = ok1 && s1 >= -maxStep
					break
				}
			}
		}
		if ok1 && shift == 0 {
			// Footstep planning: off edges, keeping a renewed plan's
			// shift when it is still as good.
			d0 := 0.0
			if p.on {
				d0 = p.shift
			}
			if d := g.planFootstep(r, leg, landC, L, d0, maxStep); d != 0 {
				if sd, ad, _, okd := g.placeAt(r, leg, landC[0]+d, landC[1]+0, 0, 0, 1, maxAngle, false); okd && sd >= -maxStep && sd <= maxStep {
					shift, s1, a1 = d, sd, ad
				}
			}
		}
		if !ok1 || math.Abs(s1) > maxStep || !num.Finite(s1) || !num.Finite(a1) {
			p.on = false
			return 0, 0, false
		}
		*p = landing{on: true, p: land, h: base + s1, ang: a1, shift: shift}
	}
	p.now, p.off, p.left, p.x, p.rel = true, p.h-base, ft.Left, landC[0]+p.shift, ft.LandX+p.shift
	return p.off, p.left, true
}

// riseAhead returns the offset a swinging foot needs for the 45-degree
// clearance cone before a steep face ahead of its toe (see swing), or
// -MaxFloat64 when there is none. (ax, ay) is the ankle (character
// frame), beta the foot's angle, sa its offset on the ground under it,
// lift its clearance.
func (g *Grounder) riseAhead(r *Rig, leg *grounderLeg, ax, ay, beta, sa, lift, maxStep, limit float64) float64 {
	A := mgl64.Vec2{ax, ay}
	none := -math.MaxFloat64
	if g.ground == nil {
		return none
	}
	sb, cb := math.Sincos(beta)
	ah := leg.AnkleHeight
	toe := mgl64.Vec2{A[0] + leg.Toe*cb - ah*sb, A[1] + leg.Toe*sb + ah*cb - sa}
	p, n, ok := g.ground.Raycast(r.frame.toWorld(toe), r.frame.toWorld(toe.Add(mgl64.Vec2{swingLookAhead, 0})))
	if !ok || !num.FiniteVec(p) || !num.FiniteVec(n) {
		return none
	}
	q, nl := r.frame.toLocal(p), r.frame.dirToLocal(n)
	if !(math.Abs(nl[0]) > -nl[1]) || q[0] > limit {
		return none // no steeper than 45 degrees (the sole rays handle it), or beyond the landing
	}
	d := max(0, q[0]-toe[0])
	x := q[0] + 1 // just past the face
	from, to := r.frame.toWorld(mgl64.Vec2{x, A[1] - maxStep - ah}), r.frame.toWorld(mgl64.Vec2{x, toe[1]})
	tp, tn, ok := g.ground.Raycast(from, to)
	if !ok || !num.FiniteVec(tp) {
		return none
	}
	rise := toe[1] - r.frame.toLocal(tp)[1]
	if !(rise > 0) || tn.Dot(to.Sub(from)) > 0 || rise+max(0, lift) > maxStep {
		// Nothing to rise over; or a face taller than MaxStep above the
		// ground under the foot, which no foot steps onto (the foot rose
		// 12 px before a 60 px block the walker stopped at, its knee
		// turning 16 degrees a frame).
		return none
	}
	// At the face the sole is as high above its top as it is above the
	// ground now (the clearance the whole sole keeps once over it).
	return min(sa+rise+max(0, lift)-d, maxStep)
}

// rayUp is how far above the ankle the foot rays start: RayUp, but at
// least MaxStep above the sole (plus 1 px), so ground a foot may step up to
// is never above the rays' start.
func (g *Grounder) rayUp(leg *grounderLeg) float64 {
	return max(num.Or(g.RayUp, DefaultRayUp), num.Or(g.MaxStep, DefaultMaxStep)+leg.AnkleHeight+1)
}

// worldRot turns a character-frame rotation into the world rotation a limb's
// EffectorRotation expects.
func (r *Rig) worldRot(a float64) float64 {
	if r.Facing == FacingLeft {
		return -a
	}
	return a
}

// updateBody moves the body offset toward the centroid target and writes the
// change into rig.BodyOffset (so other controllers may add their own). low is
// the smallest offset of the grounded feet (found: at least one is), all
// whether every leg is grounded.
func (g *Grounder) updateBody(r *Rig, dt, low, fold, stretch float64, found, all, fresh bool) {
	target := 0.0
	if found && !g.DisableBody {
		lw := num.Clamp01(g.LiftWeight)
		target = min(0, low) + lw*max(0, low)
		target = max(target, -num.Or(g.MaxLower, DefaultMaxLower))
		maxLift := 0.0
		if g.MaxLift > 0 && num.Finite(g.MaxLift) {
			maxLift = g.MaxLift
		} else if lw > 0 {
			maxLift = DefaultMaxLift
		}
		target = min(target, maxLift)
		// A planted foot too near its hip (foldNeed) raises the body,
		// never past what the feet reach (the caller bounds fold by it)
		// nor by more than maxFoldLift.
		if f := min(fold, maxFoldLift); f > target {
			target = f
		}
	}
	if g.OnlyWhenIdle && (!r.IsIdle() || !all) && !g.DisableBody {
		target = g.body
	}
	if fresh && found && !g.DisableBody && num.Finite(target) {
		// The first frame after a Teleport: the body goes where the
		// feet put it at once (see freshStart).
		g.body = target
		want := -g.body
		r.BodyOffset[1] += want - g.applied
		g.applied = want
		return
	}
	step := (target - g.body) * (1 - g.bodyExp.exp(-num.Or(g.BodySpeed, DefaultBodySpeed)*dt))
	if v := num.Or(g.BodyMaxSpeed, DefaultBodyMaxSpeed); g.BodyMaxSpeed >= 0 && v > 0 && num.Finite(v) {
		step = max(-v*dt, min(v*dt, step))
	}
	old := g.body
	g.body += step
	if found && !g.DisableBody && dt > 0 && !r.IsIdle() && !g.OnlyWhenIdle {
		// While the rig moves, a planted leg stretched past its reach
		// (stretch) or folded to its limits (fold) is not smoothed: the
		// body goes there at bodyUrgentSpeed (at most bodyUrgentStep a
		// frame), as fast as the follower moves the body along up,
		// where the smoothing's BodyMaxSpeed let the leg go straight and
		// drag its foot (a trailing foot on the tread below as the body
		// rose up a 40 px step slid 2.3 px). Standing, and held by
		// OnlyWhenIdle, the body keeps the smoothing.
		u := min(bodyUrgentSpeed*dt, bodyUrgentStep)
		if g.body > stretch {
			g.body = max(stretch, min(g.body, old-u))
		} else if g.body < fold {
			g.body = min(fold, max(g.body, old+u))
		}
	}
	if !num.Finite(g.body) {
		g.body = 0
	}
	want := -g.body // character frame, y down
	r.BodyOffset[1] += want - g.applied
	g.applied = want
}

// place casts the leg's rays and returns the foot's move along up s, its
// rotation phi (character frame), its animated clearance lift and whether any
// ray found ground.
func (g *Grounder) place(r *Rig, leg *grounderLeg, maxAngle float64) (s, phi, lift float64, ok bool) {
	// The animated pose's forward pass holds the foot angle's Sincos.
	d := r.animDir[leg.foot]
	sa, ca := d[1], d[0]
	// The animated ankle moved by the shift, as numbers (see normLen).
	ax, ay := r.animStart[leg.foot][0]+leg.shift, r.animStart[leg.foot][1]+0
	A, alpha := mgl64.Vec2{ax, ay}, r.animAngle[leg.foot]
	h := &leg.hold
	up, down := g.rayUp(leg), num.Or(g.RayDown, DefaultRayDown)
	planted := num.Or(g.PlantedLift, DefaultPlantedLift)
	base := r.frame.pos.Dot(r.frame.dirToWorld(mgl64.Vec2{0, -1})) // the frame's ground line along up
	aUp := base - A[1]                                             // the ankle along up
	aFwd := r.frame.toWorld(A).Dot(r.frame.dirToWorld(mgl64.Vec2{1, 0}))
	tol := max(holdTol, holdRel*math.Abs(aFwd))
	// The ray under the ankle that ankleHolds casts, stored as numbers
	// before the tests below, well before the cast reads it (see normLen).
	var ankle soleRay
	sx := A[0] - leg.AnkleHeight*sa // placeAt's ankle sample (x = 0)
	ankle.from[0], ankle.from[1] = r.frame.xyToWorld(sx, A[1]-up)
	ankle.to[0], ankle.to[1] = r.frame.xyToWorld(sx, A[1]+down)
	if h.on && !g.RecastPlanted && !g.OneRay && h.update+1 == r.updates && h.frame == r.frame.rotation() &&
		h.up == up && h.down == down && h.maxAngle == maxAngle &&
		math.Abs(aFwd-h.fwd)+(max(leg.Heel, leg.Toe)+leg.AnkleHeight)*math.Abs(alpha-h.alpha) <= tol &&
		h.lo > aUp-down && h.hi < aUp+up {
		if lift = g.soleLift(leg, ay, sa, ca); lift <= planted && g.ankleHolds(leg, &ankle, tol) {
			// Planted on the same spot, on the same ground.
			h.update = r.updates
			return h.ground - aUp + lift, h.phi, lift, true
		}
	}
	g.span.on, g.span.lo, g.span.hi = true, math.MaxFloat64, -math.MaxFloat64
	s, phi, lift, ok = g.placeAt(r, leg, ax, ay, alpha, sa, ca, maxAngle, true)
	g.span.on = false
	h.on = ok && !g.OneRay && leg.n == 3 && lift <= planted && g.span.lo <= g.span.hi && num.Finite(aUp) && num.Finite(aFwd)
	if h.on {
		*h = footHold{on: true, update: r.updates, frame: r.frame.rotation(), fwd: aFwd, alpha: alpha,
			ground: aUp + s - lift, phi: phi, lo: base - g.span.hi, hi: base - g.span.lo,
			up: up, down: down, maxAngle: maxAngle}
	}
	return s, phi, lift, ok
}

// ankleHolds casts c, the ray under the ankle of a planted foot, and
// reports whether it finds what the same ray found when the foot's rays
// were last cast (leg's debug record of them): the same miss, or a hit
// within tol of the same point with the same normal.
func (g *Grounder) ankleHolds(leg *grounderLeg, c *soleRay, tol float64) bool {
	g.castSole(leg, c)
	px, py, nx, ny := c.p[0], c.p[1], c.n[0], c.n[1]
	ok := c.ok && num.Finite(px) && num.Finite(py) && num.Finite(nx) && num.Finite(ny)
	if ok != leg.hit[1] {
		return false
	}
	if !ok {
		return true
	}
	lp, ln := &leg.point[1], &leg.normal[1]
	return math.Abs(px-lp[0])+math.Abs(py-lp[1]) <= 4*tol && math.Abs(nx-ln[0])+math.Abs(ny-ln[1]) <= 1e-9
}

// holdTol is how far, px, a planted foot's sole may move along the ground
// (or turn, at its heel or toe) and still keep the ground its rays found
// (Grounder.RecastPlanted): far below any visible motion, above the
// rounding of the forward pass that puts a planted foot at the same spot.
// holdRel is the same share of the coordinate, for large worlds, where
// that rounding grows with it.
const (
	holdTol = 1e-11
	holdRel = 5e-15
)

// footHold is what a planted foot's rays found (Grounder.RecastPlanted): a
// foot still planted on the same spot the next frame takes its placement
// from it instead of casting its rays again.
type footHold struct {
	on       bool
	update   uint64    // the rig's Update the placement was made or last taken in
	frame    frameTurn // the frame's rotation and mirror then
	fwd      float64   // the animated ankle (shift included) along forward, world
	alpha    float64   // the foot's animated angle
	ground   float64   // along up, world: the ankle plus the move s, less the clearance
	phi      float64   // the foot's turn to the ground
	lo, hi   float64   // along up, world: the lowest and highest hit of the sole rays
	up, down float64   // the rays' reach it was made with
	maxAngle float64   // and MaxFootAngle
}

// soleLift is placeAt's animated clearance of the sole of a foot whose
// ankle is at height ay (character frame, y down) with angle sine sa and
// cosine ca.
func (g *Grounder) soleLift(leg *grounderLeg, ay, sa, ca float64) float64 {
	xs, n := g.soleSamples(leg)
	lift := math.MaxFloat64
	for k := 0; k < n; k++ {
		lift = min(lift, -(ay + xs[k]*sa + leg.AnkleHeight*ca))
	}
	if !num.Finite(lift) || lift < 0 || lift == math.MaxFloat64 {
		lift = 0 // an animated sole below its ground line stands on the ground
	}
	return lift
}

// soleSamples returns the first pass's sample offsets along the foot and
// their number: the ankle alone with OneRay, else heel, ankle and toe.
func (g *Grounder) soleSamples(leg *grounderLeg) ([maxGrounderSamples]float64, int) {
	if g.OneRay {
		return [maxGrounderSamples]float64{}, 1
	}
	return [maxGrounderSamples]float64{-leg.Heel, 0, leg.Toe}, 3
}

// normLen returns the length of a finite normal (nx, ny) (finiteLen), its
// inverse and whether it is ground (-ny/l >= minGroundCos), from the last
// normal it measured when (nx, ny) is that normal. It takes the normal as
// two numbers: a vector built from two halves and passed whole is read
// back at once, which the store buffer cannot forward (the load waits).
func (g *Grounder) normLen(nx, ny float64) (l, inv float64, ground bool) {
	m := &g.norm
	if nx == m.n[0] && ny == m.n[1] && m.l > 0 {
		return m.l, m.inv, m.ground
	}
	return g.measureNorm(nx, ny)
}

// measureNorm is normLen for a normal it has not measured last.
func (g *Grounder) measureNorm(nx, ny float64) (l, inv float64, ground bool) {
	m := &g.norm
	l = finiteLen(mgl64.Vec2{nx, ny})
	m.n[0], m.n[1], m.l, m.inv, m.ground = nx, ny, l, 1/l, -ny/l >= minGroundCos
	return l, m.inv, m.ground
}

// spanHit widens the span of hits place gathers by a hit at character-frame
// y (down).
func (g *Grounder) spanHit(y float64) {
	if g.span.on {
		g.span.lo, g.span.hi = min(g.span.lo, y), max(g.span.hi, y)
	}
}

// soleRay is one vertical sole ray of a placement and what it found, so the
// whole-sole pass does not cast a ray the first pass cast already.
type soleRay struct {
	from, to, p, n mgl64.Vec2
	ok             bool
}

// placeAt is place for an ankle at character-frame point A = (ax, ay),
// passed as two numbers (see normLen), with animated foot angle alpha (sa, ca: its sine and cosine, math.Sincos(alpha));
// record keeps the rays for DrawDebug.
func (g *Grounder) placeAt(r *Rig, leg *grounderLeg, ax, ay, alpha, sa, ca, maxAngle float64, record bool) (s, phi, lift float64, ok bool) {
	A := mgl64.Vec2{ax, ay}
	ah := leg.AnkleHeight
	xs, n := g.soleSamples(leg)
	up := g.rayUp(leg)
	down := num.Or(g.RayDown, DefaultRayDown)
	lift = math.MaxFloat64
	var hs, ns [maxGrounderSamples]mgl64.Vec2
	var hit [maxGrounderSamples]bool
	var cast [maxGrounderSamples]soleRay
	var mx, my float64
	if record {
		leg.n = n
	}
	fr := &r.frame
	// The rays first, then the casts: a ray's ends are stored as numbers
	// well before the cast reads them as vectors (see normLen).
	for k := 0; k < n; k++ {
		x := xs[k]
		sx, sy := A[0]+x*ca-ah*sa, A[1]+x*sa+ah*ca
		lift = min(lift, -sy)
		c := &cast[k]
		c.from[0], c.from[1] = fr.xyToWorld(sx, A[1]-up)
		c.to[0], c.to[1] = fr.xyToWorld(sx, A[1]+down)
	}
	for k := 0; k < n; k++ {
		c := &cast[k]
		if record {
			leg.from[k], leg.to[k], leg.hit[k] = c.from, c.to, false
		}
		if g.ground == nil {
			c.from, c.to = mgl64.Vec2{}, mgl64.Vec2{} // not cast
			continue
		}
		g.castFoot(leg, c)
		px, py, nx, ny := c.p[0], c.p[1], c.n[0], c.n[1]
		if !c.ok || !num.Finite(px) || !num.Finite(py) || !num.Finite(nx) || !num.Finite(ny) {
			continue
		}
		if record {
			leg.hit[k], leg.point[k], leg.normal[k] = true, c.p, c.n
		}
		hx, hy := fr.xyToLocal(px, py)
		g.spanHit(hy)
		lx, ly := fr.xyDirToLocal(nx, ny)
		if l, inv, _ := g.normLen(lx, ly); l > 0 {
			lx, ly = lx*inv, ly*inv
		}
		if -ly < minGroundCos {
			continue // a wall or a ceiling, not ground
		}
		hs[k][0], hs[k][1], ns[k][0], ns[k][1], hit[k] = hx, hy, lx, ly, true
		mx += lx
		my += ly
		ok = true
	}
	if !num.Finite(lift) || lift < 0 || lift == math.MaxFloat64 {
		lift = 0 // an animated sole below its ground line stands on the ground
	}
	if !ok && !g.OneRay && g.ground != nil {
		// No ground under heel, ankle or toe: the sole may still stand on
		// something narrower than its samples' spacing (a post between two
		// slots). The whole-sole rays, level, look between them.
		if s = g.wholeSole(r, leg, ax, ay, ah, sa, ca, up, down, lift, &cast); s != -math.MaxFloat64 && num.Finite(s) {
			return s, 0, lift, true
		}
	}
	if !ok {
		return 0, 0, lift, false
	}
	if !(n == 3 && hit[0] && hit[2] && hs[2][0]-hs[0][0] > 1e-9) {
		phi = math.Atan2(mx, -my) // the mean normal's angle
	} else {
		// Heel and toe on the ground: the chord between their hits, which
		// moves continuously as the foot passes a crease (the mean normal
		// jumps when a sample crosses one), kept within the angles of the
		// surfaces the rays hit: across a crease the chord lies between
		// them anyway, but across a step edge (both treads level, the
		// chord as steep as the riser) the foot stays level, as the
		// normals say, instead of tipping onto the riser's edge and back.
		// (The rays mostly hit one surface: a normal bit for bit the last
		// one has its angle; and when every angle is the same, the chord,
		// finite, is clamped to it - unless the flatter chord is taken,
		// below.)
		lo, hi := math.MaxFloat64, -math.MaxFloat64
		var a float64
		var last mgl64.Vec2
		for k := 0; k < n; k++ {
			if hit[k] {
				if lo > hi || !sameBits(ns[k], last) {
					a, last = math.Atan2(ns[k][0], -ns[k][1]), ns[k]
				}
				lo, hi = min(lo, a), max(hi, a)
			}
		}
		chord := math.Atan2(hs[2][1]-hs[0][1], hs[2][0]-hs[0][0])
		if math.Float64bits(lo) == math.Float64bits(hi) {
			phi = lo
		} else {
			phi = max(lo, min(hi, chord))
		}
		if math.Abs(chord) < math.Abs(phi) {
			// The faces' angle, steeper than the chord, where the
			// hits do not lie on one line at that angle: parallel
			// faces at different heights, as the rising faces of a
			// sawtooth (the falling faces between them missed). The
			// foot takes the flatter chord, across the teeth (turned
			// to the faces' 45 degrees, a foot stood on one tooth's
			// tip with its toe 12 px in the air, its sole 1.3-1.5 px
			// off the ground). On stairs (level treads) the faces'
			// angle is the flatter and the foot stays level.
			if sn, cs := math.Sincos(phi); !coplanar(&hs, &hit, mgl64.Vec2{sn, -cs}, n) {
				phi = chord
			}
		}
	}
	phi = max(-maxAngle, min(maxAngle, phi))
	sb, cb := sa, ca
	if b := alpha + phi; math.Float64bits(b) != math.Float64bits(alpha) {
		sb, cb = math.Sincos(b)
	}
	s = -math.MaxFloat64
	if !g.OneRay {
		s = g.wholeSole(r, leg, ax, ay, ah, sb, cb, up, down, lift, &cast)
	}
	if s == -math.MaxFloat64 {
		// One ray (or no second-pass hit): the ground near each sample is
		// its tangent line.
		for k := 0; k < n; k++ {
			if !hit[k] {
				continue
			}
			x := xs[k]
			px, py := A[0]+x*cb-ah*sb, A[1]+x*sb+ah*cb
			nx, ny := ns[k][0], ns[k][1]
			base := ((px-hs[k][0])*nx + (py-hs[k][1])*ny) / -ny
			s = max(s, lift-base)
		}
	}
	if !num.Finite(s) || !num.Finite(phi) {
		return 0, 0, lift, false
	}
	return s, phi, lift, true
}

// wholeSole is the second pass of the default (not OneRay) placement: the
// foot whose ankle is at A = (ax, ay) (character frame), turned by its final
// angle (sin sb, cos cb of alpha+phi) rests on the highest ground under its
// whole sole. Vertical rays through soleSamples points spread evenly from
// heel to toe give the ground under each; between two neighbours the ground
// may rise above both hits only at a crest: where their tangent lines meet
// (a convex edge, a spike's tip, a boulder's top) when that point lies
// between them and above both, or, when the lower hit's tangent passes under
// the higher hit, at a face the vertical rays cannot see (a riser, a tooth's
// far side): a ray along the sole just under the higher hit finds it, and the
// crest is where that face's tangent meets the higher hit's. The sole
// line between the samples must clear every such point too, so
//
//	s = max over samples and crests (lift - base)
//
// where base is the height of the sole above that ground point (the sole's
// height at the point's x interpolated between the two samples). It returns
// -MaxFloat64 when no ray hits.
func (g *Grounder) wholeSole(r *Rig, leg *grounderLeg, ax, ay, ah, sb, cb, up, down, lift float64, prior *[maxGrounderSamples]soleRay) float64 {
	A := mgl64.Vec2{ax, ay}
	var px, py [soleSamples]float64
	var hp, hn [soleSamples]mgl64.Vec2
	var hok [soleSamples]bool
	s := -math.MaxFloat64
	fr := &r.frame
	// The rays first, then the casts: a ray's ends are stored as numbers
	// well before the cast reads them as vectors (see normLen).
	var rays [soleSamples]soleRay
	for k := 0; k < soleSamples; k++ {
		x := -leg.Heel + (leg.Heel+leg.Toe)*float64(k)/(soleSamples-1)
		px[k], py[k] = A[0]+x*cb-ah*sb, A[1]+x*sb+ah*cb
		c := &rays[k]
		c.from[0], c.from[1] = fr.xyToWorld(px[k], A[1]-up)
		c.to[0], c.to[1] = fr.xyToWorld(px[k], A[1]+down)
	}
	for k := 0; k < soleSamples; k++ {
		c := &rays[k]
		if !c.takePrior(prior) {
			g.castFoot(leg, c)
		}
		qx, qy, nx, ny := c.p[0], c.p[1], c.n[0], c.n[1]
		if !c.ok || !num.Finite(qx) || !num.Finite(qy) || !num.Finite(nx) || !num.Finite(ny) {
			continue
		}
		hx, hy := fr.xyToLocal(qx, qy)
		g.spanHit(hy)
		s = max(s, lift-(hy-py[k]))
		lx, ly := fr.xyDirToLocal(nx, ny)
		if l, inv, ground := g.normLen(lx, ly); l > 0 && ground {
			hp[k][0], hp[k][1], hn[k][0], hn[k][1], hok[k] = hx, hy, lx*inv, ly*inv, true
		}
	}
	// soleAt is the sole's height (y, character frame) at x between
	// samples k and k+1.
	soleAt := func(k int, x float64) float64 {
		t := (x - px[k]) / (px[k+1] - px[k])
		return py[k] + t*(py[k+1]-py[k])
	}
	for k := 0; k+1 < soleSamples; k++ {
		if !hok[k] || !hok[k+1] || !(px[k+1]-px[k] > 1e-9) {
			continue
		}
		x0, x1 := px[k], px[k+1]
		if q, ok := crest(hp[k], hn[k], hp[k+1], hn[k+1], x0, x1); ok {
			s = max(s, lift-(q[1]-soleAt(k, q[0])))
			continue
		}
		// The lower hit's tangent at the higher hit's x: a riser or a
		// tooth's far face between them when it passes below the higher hit
		// by more than crestEps. A ray along the sole just under the higher
		// hit's height finds that face; the crest is where it meets the
		// higher hit's tangent (a step's corner, a tooth's tip).
		lo, hi := k, k+1
		if hp[k][1] < hp[k+1][1] {
			lo, hi = k+1, k
		}
		pred := hp[lo][1] - hn[lo][0]/hn[lo][1]*(px[hi]-px[lo])
		if pred-hp[hi][1] <= crestEps {
			continue
		}
		y := hp[hi][1] + crestEps
		p, nrm, ok := g.ground.Raycast(r.frame.toWorld(mgl64.Vec2{px[lo], y}), r.frame.toWorld(mgl64.Vec2{px[hi], y}))
		if !ok || !num.FiniteVec(p) || !num.FiniteVec(nrm) {
			continue
		}
		q := r.frame.toLocal(p)
		if !(q[0] >= x0 && q[0] <= x1) {
			continue
		}
		nq := r.frame.dirToLocal(nrm)
		if l := finiteLen(nq); l > 0 {
			nq = nq.Mul(1 / l)
		}
		if c, ok := crest(hp[hi], hn[hi], q, nq, x0, x1); ok {
			q = c
		} else {
			q[1] = hp[hi][1]
		}
		s = max(s, lift-(q[1]-soleAt(k, q[0])))
	}
	return s
}

// takePrior fills c with what prior (the first pass's rays, nil: none)
// found when one of them is the very same ray (a level foot's heel and toe
// rays are, at phi 0), and reports whether one was.
func (c *soleRay) takePrior(prior *[maxGrounderSamples]soleRay) bool {
	if prior == nil {
		return false
	}
	for i := range prior {
		if q := &prior[i]; q.from == c.from && q.to == c.to && q.from != q.to {
			c.p, c.n, c.ok = q.p, q.n, q.ok
			return true
		}
	}
	return false
}

// castSole is castSole (footcast.go) for the leg's sole ray c.from to c.to,
// its answer written into c. Rays (the common case: no Radius) go straight
// to the ground, without a layer of calls passing the vectors on.
func (g *Grounder) castSole(leg *grounderLeg, c *soleRay) {
	if g.caster == nil || !(leg.Radius > 0) || !num.Finite(leg.Radius) {
		c.p, c.n, c.ok = g.ground.Raycast(c.from, c.to)
		return
	}
	c.p, c.n, c.ok = castSole(g.ground, g.caster, c.from, c.to, leg.Radius)
}

// castFoot is castSole for the leg's foot ray c.from down to c.to, its
// answer written into c. While a landing is planned (planUp > 0) the ray
// may start inside a solid: the body
// (the frame) lags a flight of steps up by more than a step, and the ray for
// a landing against the next step starts in it. It then misses (or finds
// where it leaves the solid, its normal along the ray), and a ray up from
// from by planUp finds where it leaves the solid upward, the step's top,
// which is returned as the hit (the landing looked level with the tread
// before the step, its toe over the riser, and the foot dropped 25 px at
// touch-down). A surface found above from facing down (an overhang's
// underside) is not one from starts in, and leaves the miss.
func (g *Grounder) castFoot(leg *grounderLeg, c *soleRay) {
	g.castSole(leg, c)
	if g.planUp > 0 && (!c.ok || c.n.Dot(c.to.Sub(c.from)) > 0) {
		if q, m, in := insideTop(g.ground, c.from, c.to, g.planUp); in {
			c.p, c.n, c.ok = q, m, true
		}
	}
}

// insideTop casts a ray up from from (against the direction to to) by
// reach and reports where it leaves a solid that from lies in (a hit whose
// normal points along that ray).
func insideTop(ground Ground, from, to mgl64.Vec2, reach float64) (point, normal mgl64.Vec2, ok bool) {
	d := from.Sub(to)
	l := finiteLen(d)
	if !(l > 0) || ground == nil {
		return point, normal, false
	}
	q, m, hit := ground.Raycast(from, from.Add(d.Mul(reach/l)))
	if !hit || !num.FiniteVec(q) || !num.FiniteVec(m) || !(m.Dot(d) > 0) {
		return point, normal, false
	}
	return q, m, true
}

// coplanarTol is how far, px, a hit may be from the line through another
// with the same normal and still count as on the same face (coplanar).
const coplanarTol = 0.5

// coplanar reports whether the first n hits (those with hit set) lie on
// one line with unit normal nrm: within coplanarTol of the line through
// the first of them.
func coplanar(hs *[maxGrounderSamples]mgl64.Vec2, hit *[maxGrounderSamples]bool, nrm mgl64.Vec2, n int) bool {
	first := -1
	for k := 0; k < n; k++ {
		if !hit[k] {
			continue
		}
		if first < 0 {
			first = k
			continue
		}
		if math.Abs(hs[k].Sub(hs[first]).Dot(nrm)) > coplanarTol {
			return false
		}
	}
	return true
}

// sameBits reports whether a and b are the same vector bit for bit (so a
// function of one gives the other's answer; == says 0 and -0 are equal).
func sameBits(a, b mgl64.Vec2) bool {
	return math.Float64bits(a[0]) == math.Float64bits(b[0]) && math.Float64bits(a[1]) == math.Float64bits(b[1])
}

// crest returns where the tangent lines through a (unit normal na) and b
// (nb) meet, when that point lies in [x0, x1] and no lower (y down) than
// either point: the top of a convex crease between them.
func crest(a, na, b, nb mgl64.Vec2, x0, x1 float64) (mgl64.Vec2, bool) {
	den := na[0]*nb[1] - na[1]*nb[0]
	if math.Abs(den) <= 1e-9 {
		return mgl64.Vec2{}, false
	}
	ca, cb := na.Dot(a), nb.Dot(b)
	q := mgl64.Vec2{(ca*nb[1] - cb*na[1]) / den, (na[0]*cb - nb[0]*ca) / den}
	if !(q[0] >= x0-crestEps && q[0] <= x1+crestEps) || q[1] > min(a[1], b[1])+crestEps || !num.FiniteVec(q) {
		return mgl64.Vec2{}, false
	}
	return q, true
}

// DrawDebug draws the grounder's last rays, hits, normals and foot targets
// (opts nil: the defaults): for each sole the rays last cast for all of it
// (a planted foot held on its spot, see RecastPlanted, shows the rays it was
// placed with). See DebugOptions.
func (g *Grounder) DrawDebug(dst *ebiten.Image, opts *DebugOptions) {
	cam := opts.camera()
	for i := range g.legs {
		leg := &g.legs[i]
		for k := 0; k < leg.n; k++ {
			DebugRay(dst, cam, leg.from[k], leg.to[k], leg.hit[k], leg.point[k], leg.normal[k])
		}
		if leg.contact.Grounded {
			DebugCross(dst, cam, leg.contact.Target, 4, 1.5, debugTargetColor)
		}
	}
}
