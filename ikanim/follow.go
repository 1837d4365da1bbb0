package ikanim

import (
	"errors"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/internal/num"
)

// GroundFollower keeps a walking character's Position on the ground under
// it: one ray along -up through Position finds the ground, and Position moves
// along up toward it with frame-rate independent smoothing, so steps and
// slope changes turn into smooth body motion that the Grounder then refines
// per foot. When the ground under Position drops away - a pit, a level's
// end, or a ledge (ground deeper than LedgeDrop below) - the body falls
// under gravity until it lands on the ground below, with a crouch, unless
// the drop is a gap narrower than HoldSpan with ground on both sides, which
// is walked over (see Gravity); Jump starts a jump. The zero value of each
// field means its documented default. It is a mover (StageMove): build it
// with NewGroundFollower and add it to the rig; its Update does not
// allocate.
type GroundFollower struct {
	// RayUp and RayDown are how far above and below Position the ray starts
	// and ends, px (defaults 40 and 60).
	RayUp, RayDown float64
	// Speed is the smoothing rate toward the ground height, 1/s (default
	// 10), for walks up to 60 px/s; a faster walk rises in proportion to
	// its speed (over distance instead of time), so the body lags an
	// uphill slope by no more than it does at 60 px/s (6 px on 45 degrees
	// with the default).
	Speed float64
	// MaxSpeed limits the speed along up, px/s (default
	// DefaultFollowMaxSpeed, 110; negative: no limit), while the ground is
	// no further than 30 px away; further, the limit grows in proportion
	// to the distance. Without a limit a
	// step down seen by the Probe moved the body Speed*dt of the step's
	// height in one frame (4.6 px of a 30 px step at 60 TPS), and the
	// planted leg's knee with it: a joint pop of 28 degrees.
	MaxSpeed float64
	// Probe adds a ray Probe px ahead of Position along the character's
	// forward, and Position follows the lower ground of the two: walking
	// down a step or a slope the body starts down before the leading foot
	// lands there (default: 0.4 of the rig's longest two-bone limb, its
	// legs, as NewGroundFollower found it: 24 px for the default biped, 14.4
	// for the default quadruped; negative: one ray, no probe). Without it,
	// the README's biped walking down 40 px stairs
	// planted its leading foot 14 px above the tread and slid it down
	// (contact gap 16-18 px, slip 17-18.6 px per stance; a new user's
	// trial), and 4 px on 25 px stairs and over rocks; with it, 0.0-0.4 px.
	Probe float64
	// Gravity, px/s^2 along -up, is the gravity of a fall (default 0:
	// DefaultGravity; negative: no falls at all, the height is kept over a
	// miss and the body follows any ground its ray finds, the behaviour
	// before falls existed). The body falls when nothing holds it: its ray
	// finds no ground (or finds it deeper than LedgeDrop below: off a
	// ledge), unless ground no deeper than LedgeDrop lies both behind and
	// ahead of Position within HoldSpan - so a gap or trench narrower than
	// a stride is walked over, while at a pit's rim, a level's end or a
	// ledge the body falls as soon as Position is past the edge; it is also
	// airborne after a Jump. It lands on the ground below: Position moves
	// by the exact constant-acceleration step v*dt + Gravity*dt^2/2 per
	// frame, so the fall is the same at any frame rate, and each step is
	// swept with a ray so a fast fall never passes through the ground. With
	// no ground below at all it keeps falling (the game ends or respawns
	// it).
	Gravity float64
	// HoldSpan, px, is the widest gap the body is held over (see Gravity):
	// rays every HoldStep px out to HoldSpan behind Position and out to
	// HoldSpan (or Probe, if larger) ahead of it must both find ground
	// (default DefaultHoldSpan, 48, within the WalkCycle's default stride of
	// 56; negative: no gap holds the body). They are cast only in frames
	// where the ray under Position misses or finds a ledge.
	HoldSpan float64
	// HoldStep, px, is the spacing of the rays that sample HoldSpan
	// (default DefaultHoldStep, 4): ground narrower than it may be missed.
	HoldStep float64
	// LedgeDrop, px, makes ground found deeper than this below the body a
	// ledge (default DefaultMaxStep, the Grounder's largest step; negative:
	// no ledges, the body follows any ground its ray finds): the Probe ray
	// does not lead the body down it, and once the ground under Position
	// lies that deep the body falls to it under Gravity and lands with the
	// crouch, while the Grounder lets the feet go (Rig.Airborne).
	LedgeDrop float64
	// LandCrouchSpeed is the rate, 1/s, of the crouch that absorbs a landing:
	// the body (Rig.BodyOffset, along -up) goes on down at half the landing
	// speed v and is brought back by a critically damped spring, dipping by
	// (v/k)*(k*t/2 + landDipLate*(k*t)^2)*exp(-k*t) at t seconds after
	// touch-down, k = LandCrouchSpeed (deepest, 0.34*v/k, at t = 1.5/k; a
	// closed form, so the same at any frame rate), at most MaxLandCrouch px.
	// Default 12 (a landing at 300 px/s dips 8.4 px). Negative: no crouch.
	LandCrouchSpeed float64
	// MaxLandCrouch bounds the landing crouch, px (default 16).
	MaxLandCrouch float64
	// Headroom keeps the body under ceilings: two rays from below the hips
	// over Position up to the top of the body, 10 px behind Position and 10
	// px ahead plus a lead (Probe, or the distance the body covers in the
	// time the crouch takes, whichever is longer), find the lowest surface
	// facing down above the body; the body crouches (Rig.BodyOffset along
	// -up) by what the top of the pose would reach into it plus 2 px, at
	// most MaxHeadroomCrouch, moving at most 55 px/s (2 px a frame at 30
	// TPS), so a character walks under a ceiling lower than itself with
	// bent knees instead of through it. The rays look every 1/30 s while no
	// ceiling is near, every frame while the body is ducking. The top of the
	// body is the highest point of the animated pose along up (Headroom 0,
	// the default) or Headroom px above Position; negative: off. A ground
	// that is a GroundThroughOneWay (a terrain.World) is asked without its
	// one-way platforms: a head passes up through them. CeilingTooLow says
	// when the ceiling is lower than the crouch allows.
	Headroom float64
	// MaxHeadroomCrouch bounds that crouch, px (default 0.45 of the rig's
	// longest two-bone limb, as Probe: 27 px for the default biped).
	MaxHeadroomCrouch float64

	rig      *Rig
	ground   Ground              // the ground as the follower casts it (oneWayFor)
	thru     GroundThroughOneWay // the ground given, when it is one (Headroom)
	inside   GroundInside        // the ground given, when it is one (the Probe's start)
	defProbe float64             // Probe's default for this rig (followProbeFor)
	init     bool
	found    bool
	falling  bool    // airborne: moving under Gravity
	g        float64 // the gravity of this fall, px/s^2
	vel      float64 // speed along -up while airborne, px/s (negative: rising)
	landV    float64 // speed of the last landing, px/s (0: no crouch running)
	landT    float64 // seconds since that landing
	crouch   float64 // the crouch this follower added to BodyOffset.y last frame
	duck     float64 // the part of crouch that keeps the body under a ceiling (Headroom)
	clearFor float64 // seconds since the headroom rays last looked
	tooLow   bool    // CeilingTooLow
	lastPos  mgl64.Vec2
	smooth   expMemo // the smoothing toward the ground
}

// LandCrouch returns the landing crouch applied in the last Update, px along
// -up (0 when none).
func (f *GroundFollower) LandCrouch() float64 { return f.crouch - f.duck }

// HeadroomCrouch returns the crouch under a ceiling (Headroom) applied in
// the last Update, px along -up (0 when none).
func (f *GroundFollower) HeadroomCrouch() float64 { return f.duck }

// CeilingTooLow reports whether, in the last Update that looked, the
// ceiling over the body asked for more crouch than MaxHeadroomCrouch: the
// body does not fit under it (the head stays in it), and a game stops the
// walk, crawls, or turns back.
func (f *GroundFollower) CeilingTooLow() bool { return f.tooLow }

// Falling reports whether the body is airborne (falling or jumping).
func (f *GroundFollower) Falling() bool { return f.falling }

// FallSpeed returns the body's speed along -up while airborne, px/s
// (negative while rising), and 0 on the ground.
func (f *GroundFollower) FallSpeed() float64 { return f.vel }

// Jump leaves the ground at speed px/s along up (0 or less: the body just
// drops); the body then moves under gravity (Gravity, or DefaultGravity when
// it is 0) until it lands. It does nothing with Gravity negative or not
// finite, or with a non-finite speed. The speed is the game's to bound: the
// body rises speed²/(2·gravity) px above the take-off (a 400 px/s jump
// under DefaultGravity: 82 px), with no ceiling of its own.
func (f *GroundFollower) Jump(speed float64) {
	g := f.gravity()
	if !(g > 0) || !num.Finite(speed) {
		return
	}
	f.falling, f.vel, f.g = true, -max(0, speed), g
}

// NewGroundFollower builds a follower that keeps rig on ground. A nil
// ground finds nothing: the follower then leaves Position as the game
// sets it (no height, no fall); a nil rig is an error.
func NewGroundFollower(rig *Rig, ground Ground) (*GroundFollower, error) {
	if rig == nil {
		return nil, errors.New("ikanim: NewGroundFollower: rig is nil")
	}
	f := &GroundFollower{rig: rig, ground: oneWayFor(rig, ground), defProbe: followProbeFor(rig.Def()), lastPos: rig.Position}
	f.thru, _ = ground.(GroundThroughOneWay)
	f.inside, _ = ground.(GroundInside)
	return f, nil
}

// followProbeFor returns the default Probe for rigs of d: followProbeShare
// of its longest two-bone limb (the legs of a biped or a quadruped: 24 px
// for the default biped's 60 px legs, 14.4 px for the default
// quadruped's 36 px), or 0 (no probe) for a definition without one.
func followProbeFor(d *RigDef) float64 {
	if d == nil {
		return 0
	}
	longest := 0.0
	for i := 0; i < d.NumLimbs(); i++ {
		l := d.LimbDef(i)
		if len(l.Bones) != 2 || l.Solver != SolveTwoBone {
			continue
		}
		n := 0.0
		for _, b := range l.Bones {
			if k := d.BoneIndex(b); k >= 0 {
				n += d.BoneDef(k).Length
			}
		}
		longest = max(longest, n)
	}
	return followProbeShare * longest
}

// followProbeShare is the share of the rig's longest two-bone limb the
// default Probe looks ahead: the demo's 24 px for the default biped's
// 60 px legs (the default quadruped walked with 5.1-5.8 px of slip a
// stance under 24 px, within 0.5 px under its share, 14.4).
const followProbeShare = 0.4

// Stage implements Controller: a follower moves the body before the pose.
func (f *GroundFollower) Stage() Stage { return StageMove }

// Found reports whether the last Update's ray found ground.
func (f *GroundFollower) Found() bool { return f.found }

// DefaultFollowSpeed is GroundFollower.Speed's default, 1/s.
const DefaultFollowSpeed = 10.0

// DefaultFollowMaxSpeed is GroundFollower.MaxSpeed's default, px/s: 11/6
// of a walk's 60 px/s, so the body keeps up with a 45-degree slope at that
// speed. (At 120 px/s, walking down 16 px stairs the body went down 2 px a
// frame at 60 TPS while the planted leg stood within 2 % of straight: its
// knee turned 15.3 degrees a frame.)
const DefaultFollowMaxSpeed = 110.0

// followRefWalk is the walk, px/s, for which GroundFollower.Speed is a
// rate in time; faster walks smooth over the distance covered (see Speed).
const followRefWalk = 60.0

// followFastDepth is how far, px along up, the ground may be from Position
// before the follower's MaxSpeed grows with the distance (MaxSpeed times
// the distance over followFastDepth): the body goes down a 44 px step at up
// to 160 px/s (at 110 px/s throughout, the trailing knee stayed folded over
// the step's corner longer, 4.6 px into the rock at 144 TPS on the
// generated courses with drops, 4.1 at 120 px/s), while 16 px stairs are
// walked at MaxSpeed.
const followFastDepth = 30.0

// probe returns the Probe distance in use: the rig's default for 0 (see
// Probe), none (0) for a negative or non-finite Probe.
func (f *GroundFollower) probe() float64 {
	switch p := f.Probe; {
	case p == 0:
		return f.defProbe
	case p > 0 && num.Finite(p):
		return p
	}
	return 0
}

// DefaultGravity is the gravity of a fall when GroundFollower.Gravity is 0,
// px/s^2 (about 9.8 m/s^2 at 100 px/m).
const DefaultGravity = 980.0

// Reset makes the next Follow snap to the ground (after a teleport).
func (f *GroundFollower) Reset() { f.init = false }

// Update implements Controller: it moves the rig's Position along its Up
// toward the ground under it (the rig calls it).
func (f *GroundFollower) Update(dt float64) {
	f.found = f.follow(f.rig, dt)
	f.updateDuck(dt)
	f.updateCrouch(dt)
	f.lastPos = f.rig.Position
}

// Defaults of the landing crouch.
const (
	DefaultLandCrouchSpeed = 12.0 // 1/s
	DefaultMaxLandCrouch   = 16.0 // px
)

// landDipLate weighs the landing crouch's late, quadratic part (see
// LandCrouchSpeed) so that it dips about as deep as v*t*exp(-k*t) did.
//
// The crouch starts at half the landing speed. The planted feet stop at
// touch-down while the body goes on at the crouch's speed, so a knee turns
// at that speed divided by how far the knee moves per px of it: the body
// going on at the whole landing speed (v*t*exp(-k*t)) turned the knees 16
// degrees in the landing frame at 60 TPS after a 60 px drop. The rest of
// the dip comes later, through the quadratic part, with the knees bent.
const landDipLate = 0.34

// landDip is the landing crouch at t seconds after a landing at speed v
// with crouch rate k (see LandCrouchSpeed), px.
func landDip(v, k, t float64) float64 {
	kt := k * t
	return v / k * (kt/2 + landDipLate*kt*kt) * math.Exp(-kt)
}

// updateCrouch advances the landing crouch by dt and writes its change into
// the rig's BodyOffset (character frame, y down), so other controllers may
// add their own share.
func (f *GroundFollower) updateCrouch(dt float64) {
	want := 0.0
	if k := num.Or(f.LandCrouchSpeed, DefaultLandCrouchSpeed); f.landV > 0 && f.LandCrouchSpeed >= 0 && k > 0 && num.Finite(k) {
		if dt > 0 {
			f.landT += dt
		}
		want = landDip(f.landV, k, f.landT)
		if max := num.Or(f.MaxLandCrouch, DefaultMaxLandCrouch); max > 0 && want > max {
			want = max
		}
		if f.landT*k > 20 { // exp(-20): done
			f.landV, want = 0, 0
		}
	}
	if !num.Finite(want) {
		want = 0
	}
	want += f.duck
	f.rig.BodyOffset[1] += want - f.crouch
	f.crouch = want
}

func (f *GroundFollower) follow(r *Rig, dt float64) bool {
	if f.ground == nil || !num.FiniteVec(r.Position) {
		return false
	}
	if f.falling {
		return f.fall(r, dt)
	}
	fr := newFrame(r.Position, r.Up, r.Facing)
	up := fr.dirToWorld(mgl64.Vec2{0, -1})
	fwd := fr.dirToWorld(mgl64.Vec2{1, 0})
	rayUp, rayDown := num.Or(f.RayUp, DefaultRayUp), num.Or(f.RayDown, DefaultRayDown)
	probe := f.probe()
	found := false
	d := 0.0 // how far the lowest ground is above Position
	ledge := num.Or(f.LedgeDrop, DefaultMaxStep)
	// The rays' origins and ends first, stored as numbers: the casts read
	// them as vectors well after (see Grounder.normLen).
	var rays [2][3]mgl64.Vec2 // origin, from, to
	for k := range rays {
		s := float64(k) * probe
		ray := &rays[k]
		ray[0][0], ray[0][1] = r.Position[0]+fwd[0]*s, r.Position[1]+fwd[1]*s
		ray[1][0], ray[1][1] = ray[0][0]+up[0]*rayUp, ray[0][1]+up[1]*rayUp
		ray[2][0], ray[2][1] = ray[0][0]-up[0]*rayDown, ray[0][1]-up[1]*rayDown
	}
	for k := 0; k <= 1; k++ {
		if probe == 0 && k == 1 {
			continue
		}
		o := rays[k][0]
		p, _, ok := f.ground.Raycast(rays[k][1], rays[k][2])
		if !ok || !num.FiniteVec(p) {
			continue
		}
		h := p.Sub(o).Dot(up)
		if k == 1 && (!found || h < d) && f.inside != nil && f.inside.Inside(rays[1][1]) {
			// The probe ray starts inside a solid (ground ahead rising
			// higher than RayUp above Position: a steep hill walked
			// fast), so it skipped that solid's faces and its hit is a
			// surface buried under it (a floor the hill is drawn over):
			// the body must not dive to it.
			continue
		}
		if k == 1 && f.LedgeDrop >= 0 && h < min(d, 0)-ledge {
			// A ledge ahead: the body must not start down it while the
			// feet still stand on the upper level.
			continue
		}
		if !found || h < d {
			d = h
		}
		found = true
	}
	if !found {
		// A miss. Position may lie inside the rock below ground that rose
		// faster than the body (a riser taller than RayUp, a steep flight
		// walked fast): a ray up from Position leaves the rock through its
		// top, a surface facing up, and the body rises to it instead of
		// falling through the world. (Under a ceiling in the open air the
		// ray meets a surface facing down, and the body falls.)
		if h, ok := f.buried(r.Position, up, rayUp, ledge); ok {
			d, found = h, true
		}
	}
	if !found {
		// A miss: the body falls unless ground on both sides holds it (a
		// gap narrower than a stride is walked over).
		if g := f.gravity(); g > 0 && !f.held(r.Position, up, fwd, rayUp, rayDown, ledge, probe) {
			f.falling, f.vel, f.g = true, 0, g
			return f.fall(r, dt)
		}
		return false
	}
	if f.LedgeDrop >= 0 && d < -ledge && f.init {
		// The ground under Position lies deeper than a step below: walked
		// off a ledge, the body falls to it - unless it is the floor of a
		// trench the feet step across (held), where the height is kept.
		if g := f.gravity(); g > 0 {
			if f.held(r.Position, up, fwd, rayUp, rayDown, ledge, probe) {
				return true
			}
			f.falling, f.vel, f.g = true, 0, g
			return f.fall(r, dt)
		}
	}
	if !f.init {
		f.init = true
	} else {
		if !(dt > 0) {
			dt = 0
		}
		d0 := d
		hs := math.Abs(f.walkSpeed(r, fwd, dt))
		rate := num.Or(f.Speed, DefaultFollowSpeed)
		if hs > followRefWalk && d > 0 {
			// Rising faster than a walk, the smoothing runs over
			// distance rather than time: the body lags an uphill slope
			// by what it lags at a walk (45 degrees at 10/s: 6 px), not
			// by the speed over the rate (15 px at 150 px/s), which left
			// Position in the rock. (Going down it keeps the rate in
			// time: the Probe already leads it down.)
			rate *= hs / followRefWalk
			d *= 1 - math.Exp(-rate*dt)
		} else {
			d *= 1 - f.smooth.exp(-rate*dt)
		}
		if v := num.Or(f.MaxSpeed, DefaultFollowMaxSpeed); f.MaxSpeed >= 0 && v > 0 && num.Finite(v) {
			// Ground further than followFastDepth away (a step down
			// nearly as deep as a ledge) raises the limit in proportion.
			v *= max(1, math.Abs(d0)/followFastDepth)
			// A walk faster than the limit is followed at its own speed
			// (the ground under a 45-degree slope rises as fast as the
			// walk): walked at 150-300 px/s up such a slope, the body
			// fell behind the ground by 21-36 px (a new user's trial).
			v = max(v, hs)
			d = max(-v*dt, min(v*dt, d))
		}
	}
	r.Position = r.Position.Add(up.Mul(d))
	return true
}

// held reports whether ground holds a body whose ray under Position found
// none (or found it deeper than a ledge): rays like Position's, every
// HoldStep px out to HoldSpan behind and to the larger of HoldSpan and probe
// ahead of it, find ground no deeper below Position than a ledge (LedgeDrop;
// any depth within the ray when LedgeDrop < 0) on both sides - the body is
// over a gap its feet can step across.
func (f *GroundFollower) held(pos, up, fwd mgl64.Vec2, rayUp, rayDown, ledge, probe float64) bool {
	span := DefaultHoldSpan
	if f.HoldSpan < 0 || !num.Finite(f.HoldSpan) {
		return false
	} else if f.HoldSpan > 0 {
		span = f.HoldSpan
	}
	step := num.Or(f.HoldStep, DefaultHoldStep)
	if !(step > 0) || !num.Finite(step) {
		step = DefaultHoldStep
	}
	return f.holds(pos, up, fwd.Mul(-1), rayUp, rayDown, ledge, span, step) &&
		f.holds(pos, up, fwd, rayUp, rayDown, ledge, max(span, probe), step)
}

// holds reports whether a ray like Position's, every step px along dir out
// to reach (nearest first), finds ground no deeper than a ledge.
func (f *GroundFollower) holds(pos, up, dir mgl64.Vec2, rayUp, rayDown, ledge, reach, step float64) bool {
	n := int(math.Ceil(reach / step))
	if n > maxHoldSamples {
		n, step = maxHoldSamples, reach/maxHoldSamples
	}
	for i := 1; i <= n; i++ {
		o := pos.Add(dir.Mul(min(float64(i)*step, reach)))
		p, _, ok := f.ground.Raycast(o.Add(up.Mul(rayUp)), o.Sub(up.Mul(rayDown)))
		if !ok || !num.FiniteVec(p) {
			continue
		}
		if h := p.Sub(o).Dot(up); f.LedgeDrop < 0 || h >= -ledge {
			return true
		}
	}
	return false
}

// Defaults of the span that holds a body over a gap.
const (
	// DefaultHoldSpan is GroundFollower.HoldSpan's default, px: a gap up
	// to this wide is walked over (the WalkCycle's default stride is 56
	// px: a foot steps across it).
	DefaultHoldSpan = 48.0
	// DefaultHoldStep is GroundFollower.HoldStep's default, px.
	DefaultHoldStep = 4.0
	// maxHoldSamples bounds the rays on each side.
	maxHoldSamples = 64
)

// gravity is the gravity of a fall, px/s^2: Gravity,
// DefaultGravity when it is 0, and 0 (no falls) when it is negative or not
// finite.
func (f *GroundFollower) gravity() float64 {
	if f.Gravity < 0 || !num.Finite(f.Gravity) {
		return 0
	}
	return num.Or(f.Gravity, DefaultGravity)
}

// fall moves an airborne body by one exact constant-acceleration step along
// -up, v*dt + g*dt^2/2, sweeping the step (from RayUp above, when coming
// down) with a ray: a hit lands the body on the ground there. It reports
// whether the body landed.
func (f *GroundFollower) fall(r *Rig, dt float64) bool {
	g := f.g
	if !(g > 0) || !num.Finite(g) {
		f.falling, f.vel = false, 0
		r.airborne = false
		return false
	}
	r.airborne = true
	if !(dt > 0) {
		return false
	}
	fr := newFrame(r.Position, r.Up, r.Facing)
	down := fr.dirToWorld(mgl64.Vec2{0, 1})
	step := f.vel*dt + g*dt*dt/2
	f.vel += g * dt
	if step > 0 {
		from := r.Position.Sub(down.Mul(min(num.Or(f.RayUp, DefaultRayUp), 1)))
		if p, _, ok := f.ground.Raycast(from, r.Position.Add(down.Mul(step))); ok && num.FiniteVec(p) {
			// The speed at touch-down over the part of the step fallen:
			// v0 + g*t with t solving v0*t + g*t^2/2 = d.
			d := max(0, p.Sub(r.Position).Dot(down))
			v0 := f.vel - g*dt
			r.Position = r.Position.Add(down.Mul(d))
			f.landV, f.landT = math.Sqrt(max(0, v0*v0+2*g*d)), 0
			f.falling, f.vel = false, 0
			r.airborne = false
			return true
		}
	}
	r.Position = r.Position.Add(down.Mul(step))
	return false
}

// buried reports how far above Position (along up) the top of the rock
// lies when Position is inside it: a ray from Position up to rayUp plus
// followBuriedLedges ledges above it, whose first surface faces up (it
// leaves the rock there).
func (f *GroundFollower) buried(pos, up mgl64.Vec2, rayUp, ledge float64) (float64, bool) {
	reach := rayUp + followBuriedLedges*ledge
	p, n, ok := f.ground.Raycast(pos, pos.Add(up.Mul(reach)))
	if !ok || !num.FiniteVec(p) || !num.FiniteVec(n) || n.Dot(up) < minGroundCos {
		return 0, false
	}
	h := p.Sub(pos).Dot(up)
	return h, h > 0 && num.Finite(h)
}

// followBuriedLedges is how many ledges (LedgeDrop) above RayUp the
// follower looks for the top of rock it finds itself in.
const followBuriedLedges = 3

// Headroom (GroundFollower.Headroom).
const (
	// headroomSide is how far behind and ahead of Position, px, the
	// ceiling rays are cast (the head and shoulders of the default biped
	// lie within it).
	headroomSide = 10.0
	// headroomMargin is the room, px, kept between the top of the body and
	// a ceiling.
	headroomMargin = 2.0
	// headroomSpeed bounds the crouch's speed, px/s.
	headroomSpeed = 55.0
	// headroomStart is where the rays start, as a share of the body's
	// height above Position (below the hips: a ceiling lower than that is
	// inside the legs' reach anyway, and its rays start in the rock, which
	// they leave through a face that does not face down).
	headroomStart = 0.35
	// headroomShare is MaxHeadroomCrouch's default as a share of the
	// rig's longest two-bone limb.
	headroomShare = 0.45
	// headroomPeriod is how often, s, the headroom rays look while no
	// ceiling is near (every frame while one is): the lead covers the
	// walk's few px between looks.
	headroomPeriod = 1.0 / 30
)

// updateDuck moves the headroom crouch (duck) toward what the ceiling over
// the body asks for (see Headroom).
func (f *GroundFollower) updateDuck(dt float64) {
	r := f.rig
	want, looked := 0.0, true
	if f.Headroom >= 0 && num.Finite(f.Headroom) && f.ground != nil && !f.falling && num.FiniteVec(r.Position) {
		f.clearFor += max(dt, 0)
		looked = f.duck > 0 || f.clearFor >= headroomPeriod
		if looked {
			f.clearFor = 0
			top := f.Headroom
			if top == 0 {
				top = f.poseTop()
			}
			if top > 0 {
				want = f.ceilingDuck(r, top, dt)
			}
		}
	}
	maxDuck := f.MaxHeadroomCrouch
	if maxDuck == 0 {
		maxDuck = headroomShare / followProbeShare * f.defProbe
	}
	if !(maxDuck > 0) || !num.Finite(maxDuck) {
		maxDuck = 0
	}
	if looked {
		f.tooLow = want > maxDuck
	}
	want = max(0, min(want, maxDuck))
	step := headroomSpeed * max(dt, 0)
	f.duck += max(-step, min(step, want-f.duck))
	if !num.Finite(f.duck) {
		f.duck = 0
	}
}

// poseTop returns the highest point of the rig's animated pose above
// Position along up, px (the last pose the source gave).
func (f *GroundFollower) poseTop() float64 {
	r := f.rig
	top := 0.0
	for i := range r.animEnd {
		top = max(top, -r.animEnd[i][1], -r.animStart[i][1])
	}
	return top
}

// walkSpeed returns the walk's signed speed along fwd this frame, px/s:
// the game's move of Position since the last Update over dt (0 when dt is
// not above 0 or the speed is not finite).
func (f *GroundFollower) walkSpeed(r *Rig, fwd mgl64.Vec2, dt float64) float64 {
	if !(dt > 0) {
		return 0
	}
	if v := r.Position.Sub(f.lastPos).Dot(fwd) / dt; num.Finite(v) {
		return v
	}
	return 0
}

// ceilingDuck returns the crouch, px, that keeps a body top px tall under
// the lowest surface facing down found by the headroom rays.
func (f *GroundFollower) ceilingDuck(r *Rig, top, dt float64) float64 {
	fr := newFrame(r.Position, r.Up, r.Facing)
	up := fr.dirToWorld(mgl64.Vec2{0, -1})
	fwd := fr.dirToWorld(mgl64.Vec2{1, 0})
	lead := f.probe()
	// The distance the body covers while the crouch goes down by the
	// largest part of its range.
	if v := f.walkSpeed(r, fwd, dt); v > 0 {
		lead = max(lead, v*top*(1-headroomStart)/headroomSpeed)
	}
	start, end := headroomStart*top, top+headroomMargin

	duck := 0.0
	// The rays start from one point over Position, inside the body and so
	// in the open (a ray started beside it may start in the rock of a
	// wall or a pit's rim and meet that ground's surface from below).
	a := r.Position.Add(up.Mul(start))
	for _, s := range [2]float64{-headroomSide, headroomSide + lead} {
		o := r.Position.Add(fwd.Mul(s))
		b := o.Add(up.Mul(end))
		var p, n mgl64.Vec2
		var ok bool
		if f.thru != nil { // a head passes up through one-way platforms
			p, n, ok = f.thru.RaycastThroughOneWay(a, b)
		} else {
			p, n, ok = f.ground.Raycast(a, b)
		}
		if !ok || !num.FiniteVec(p) || n.Dot(up) > -minGroundCos {
			continue
		}
		duck = max(duck, end-p.Sub(r.Position).Dot(up))
	}
	return duck
}
