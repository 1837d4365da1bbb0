// Climbing: hands and feet on a wall in front of the character.
//
// Derivation. Everything is in the character frame (x forward, toward the
// wall; y down). A climb cycle of phase p advances by Speed*dt/Stride per
// frame. Limb k's cycle position is q = frac(p + Phase_k). While holding
// (q < Duty) its point slides down the character frame linearly from
// Home.y - h to Home.y + h, h = Duty*Stride/2, which is exactly Speed: a body
// climbing at Speed leaves the hold still in the world. While moving
// (q >= Duty) it returns up on an eased path, Lift px off the wall at mid
// swing. At the limb's point D a ray starts Behind px behind it (x - Behind)
// and runs forward for Reach px; its hit H with normal n gives the contact
// H + n*(Offset + lift), and the effector turns by the angle from -forward
// (the normal of a wall faced square-on) to n, on top of its animated angle.
// A hit on an underside (a bump's or a ledge's, its normal pointing down)
// gives way to the nearest face within a few px that is not one
// (climb_holds.go).
//
// Outer corner. When the forward ray misses (the limb is above the top of
// the wall), CornerSteps side rays step forward: ray i starts at
// (x0 + i*CornerStep, D.y - CornerUp) and runs down for CornerUp + CornerDown
// px.
// The steps start at the x of the limb's last wall hit (else the chest's), so
// the first hit is the top face just past the corner; the limb holds there
// with the face's normal (a hand turned flat on top of the wall).
//
// Bottom outer corner and underside. Climbing down a wall that stands on
// nothing (a floating block, an overhang), a forward ray that misses below
// the limb's last wall hit casts the top corner's rays mirrored: from
// (x0 + i*CornerStep, D.y + CornerUp) up to D.y - CornerDown, the first
// underside (normal pointing down) is the hold (Under). A limb takes it
// only when its root hangs half the limb's reach below it and its middle
// joint, by the law of cosines, clears the face or the underside by Offset
// (underReach); until then a limb that climbs above its root (a hand)
// keeps its last wall hit, the face's bottom, and one that climbs below it
// (a foot) dangles. Once every limb that found a surface found an
// underside the climber is on it (Under): the cycle runs along forward
// (a hold slides back at Speed), each limb's ray runs up from Behind px
// below it (past the underside's edge, the corner's rays), the limbs ease
// from their targets to the new ones over CornerTime, and the body keeps
// UnderDistance below the underside along its normal (a chest ray up, or
// the height of the holds while the chest is not under it yet), or higher
// where a hold would be beyond 0.9 of its limb's reach. Back at the
// underside's edge, the chest out from under it, LeaveUnder turns the cycle
// along up again: the hands hold the edge (the bottom corner's rays) until
// the body has risen enough for their forward rays to find the face, and the
// climber does not go back onto the underside before a limb has.
//
// A moving limb's target and rotation follow with 1-exp(-SwingSpeed*dt), but
// never further than SwingSlope times its distance off the wall from the
// exact ones, so every hold is exact.
//
// Engaging. When a limb first finds a surface (the climb starts, or it
// found none last frame) its target and rotation start where its effector
// is and move to the exact ones over EngageTime with a smoothstep
// s(u) = 3u^2 - 2u^3, u = elapsed/EngageTime. The target moves on an arc
// about the limb's root R (shoulder or hip): with E0 the effector's world
// point when it engaged and T the exact target, in polar form about R,
// radius r0 + (r1 - r0) s and angle a0 + d s, where d is the turn from a0
// to a1 whose half-way direction points forward (of the two ways round, the
// one with the larger cos(a0 + d/2)): a hand hanging at the side swings up
// in front of the body, never through the shoulder, where the two-bone
// angles would change fastest. A limb whose surface switches between the
// wall's face and the top of its corner moves the same way from its last
// target, over CornerTime. A foot coming off the floor or
// a hand leaving the side onto the wall so moves over EngageTime instead of
// one frame.
//
// Body distance (the article's AdjustBodyPos). A ray from the animated chest
// along -n, n the wall's normal where the chest last saw it (square on, -forward,
// at first), hits the wall at H with normal n'; the body offset goes to
// H + n'*Distance - chest with 1-exp(-BodySpeed*dt), so the chest keeps
// Distance from the wall along its normal, on a slanted wall too. When the
// chest ray misses (above the corner) the offset holds.
//
// Limbs outside the wall. Distance is the least distance: where a limb's
// middle joint (knee, elbow), placed by the law of cosines on the side it
// bent to last frame, would come closer than the limb's Offset to the wall's
// face, the body goes farther out along n' by the least amount that clears
// it (bisection; a straight limb always clears, its joint lying between the
// root and a target Offset off the wall), so folded legs push the hips back
// as a climber's do (Clearance reports the extra). The face is the joint's
// own: a ray along -n at the joint (where it is, and where the body's move
// would put it) finds what stands out of the hold's plane in front of it (a
// bump), and the farther out of the two planes counts. Every target is kept
// Offset off the surface it holds, for the effector joint and for the tip
// of the effector bone (at its animated angle plus the contact rotation, at
// its full length): a hand engaging its first hold travels in front of the
// wall, not through it, and a foot whose bone points into the wall holds
// with its toe. The joint and the tip are also kept Offset off what a ray
// along -n finds in front of each of them, and a moving limb's also in
// front of where its path takes them in climbLookAhead s (a bump it passes
// on its way: the limb's joints lag a target that goes out at once under
// their turn limit). Over an outer corner a limb rises out of the top's
// plane only as it crosses the face's (a ramp over Offset px).
//
// An engaging limb takes over at once (its weight set to 1): the engage
// starts where its effector is, so nothing jumps, while a fade-in would
// show a blend of the animated and the solved poses' angles, which sweeps
// a hand through the rock.

package ikanim

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/ikanim/kit/ikanim/internal/num"
)

// Climber defaults (used when the field is zero).
const (
	DefaultClimbStride     = 32.0 // px per cycle
	DefaultClimbDuty       = 0.75
	DefaultClimbLift       = 6.0  // px off the wall mid-swing
	DefaultClimbBehind     = 30.0 // px behind the limb a ray starts
	DefaultClimbReach      = 90.0 // px of ray length
	DefaultClimbDistance   = 22.0 // px from chest to wall
	DefaultClimbBodySpeed  = 10.0 // 1/s
	DefaultClimbOffset     = 3.0  // px from surface to effector joint
	DefaultCornerSteps     = 6
	DefaultCornerStep      = 5.0  // px between side rays
	DefaultCornerUp        = 20.0 // px above the limb the side rays start
	DefaultCornerDown      = 40.0 // px below the limb the side rays end
	DefaultClimbSwingSpeed = 12.0 // 1/s
	DefaultClimbSwingSlope = 0.5  // px (and rad) of lag allowed per px off the wall
	DefaultClimbEngage     = 0.5  // s for a limb to move onto its first hold
	DefaultClimbCornerTime = 0.3  // s for a limb to move from the face to the top
	// DefaultClimbUnderDistance is Climber.UnderDistance's default, px:
	// the biped's chest 56 px below an underside holds its shoulders 37 px
	// below the hands' targets (0.88 of the arm's reach) and the top of its
	// head about 13 px below the underside.
	DefaultClimbUnderDistance = 56.0
	// DefaultClimbTurnSpeed is the climbing limbs' Limb.MaxTurnSpeed, rad/s
	// (12 deg a frame at 60 TPS), for climbs up to 40 px/s; faster climbs
	// scale it with their Speed.
	DefaultClimbTurnSpeed = 12 * math.Pi / 180 * 60
	climbOutSpeed         = 120.0 // px/s: fastest the body moves out from the wall for its joints
	climbLookAhead        = 0.1   // s: how far ahead on its path a moving limb is kept off what stands out
	climbTurnSpeedRef     = 40.0  // px/s of climb up to which DefaultClimbTurnSpeed holds
	climbBodyMaxSpeed     = 150.0 // px/s: fastest the body offset moves
	climbMaxRays          = 1 + 16
	climbMaxCornerSteps   = 16
)

// ClimbLimbDef is one limb of a Climber.
type ClimbLimbDef struct {
	// Limb names a limb with an effector (a hand or a foot).
	Limb string
	// Home is the limb's character-frame point at mid-hold: its y sets the
	// height on the wall relative to the character's origin; its x is where
	// the ray's "behind" is measured from (usually 0).
	Home mgl64.Vec2
	// Phase in [0,1) offsets the limb in the climb cycle (opposite hands and
	// feet half a cycle apart).
	Phase float64
	// Offset is the distance from the surface to the effector joint, px
	// (default 3).
	Offset float64
}

// ClimbLimbState is one climbing limb's state after the last Update.
type ClimbLimbState struct {
	// Holding is true while the limb holds (its part of the cycle), found
	// a surface and is not still moving onto it (engaging, or from the
	// face to the top of a corner).
	Holding bool
	// Found is true when a forward or corner ray found a surface.
	Found bool
	// Corner is true when the surface came from the side rays over the
	// top outer corner (the top of the wall).
	Corner bool
	// Under is true when the surface is an underside (a ceiling, the bottom
	// of a floating block or of an overhang; its normal points down), found
	// by rays cast up: past the wall's bottom outer corner, or above the
	// limb while the climber is on the underside (Climber.Under).
	Under bool
	// Point is the surface point and Normal its outward normal (world).
	Point, Normal mgl64.Vec2
	// Target is the effector joint's world target.
	Target mgl64.Vec2
}

// Climber is a Controller that climbs a wall in front of the character:
// hands and feet cycle over the wall and stick to it where rays from behind
// them find it, turned to its normal; the body keeps Distance from the wall;
// over an outer corner side rays stepping forward find the top. The game
// moves Position along up at Speed. Climbing down (negative Speed) past
// the bottom of a wall that stands on nothing, the hands go round its
// bottom outer corner onto the underside; once Under reports it, Speed is
// the speed along forward and the game moves Position along forward (after
// waiting for BodyLag to come down), the hands hold the underside in turn
// and the body hangs below it (UnderDistance). Back at its edge, LeaveUnder
// lets it climb up the face again. Over a floor the body never goes below
// it, the hands go round onto an underside only when the body fits between
// it and the floor, and Floor reports when a climb down has reached the
// floor (climb_floor.go). Fields left zero take their documented
// defaults. Build it with NewClimber (or NewBipedClimber) and add it to the
// rig; its Update does not allocate.
type Climber struct {
	// Speed is the climbing speed along up, px/s (negative climbs down).
	Speed float64
	// Stride is the climb per cycle, px (default 32); Duty the share of a
	// cycle each limb holds (default 0.75); Lift how far a moving limb comes
	// off the wall (default 6).
	Stride, Duty, Lift float64
	// Behind and Reach place the forward rays: from Behind px behind the
	// limb, Reach px long (defaults 30 and 90).
	Behind, Reach float64
	// Distance is the chest's distance from the wall, px (default 22), and
	// BodySpeed the rate at which the body settles to it, 1/s (default 10).
	Distance, BodySpeed float64
	// SwingSpeed smooths a moving limb's target and rotation, 1/s (default
	// 12), within SwingSlope px (and radians) per px of its distance from
	// the wall (default 0.5), so holds are exact.
	SwingSpeed, SwingSlope float64
	// EngageTime is how long a limb takes from where it is to its first
	// hold when it starts climbing (or finds a surface again), s (default
	// 0.5).
	EngageTime float64
	// CornerTime is how long a limb takes from the wall's face to the top
	// of its corner (or back), along the same arc, s (default 0.3).
	CornerTime float64
	// TurnSpeed is the climbing limbs' Limb.MaxTurnSpeed while the climber
	// places them, rad/s (default DefaultClimbTurnSpeed, 12 deg a frame at
	// 60 TPS): a hand brought up in front of the chest to a hold above the
	// shoulder folds its elbow faster than that, and lags its path there
	// by a few px instead, and a hold that jumps from bump to bump on a
	// rough wall does not snap the limb. The default grows in proportion
	// to Speed above 40 px/s (every limb moves faster on a faster climb;
	// at 80 px/s a held foot lagged into the wall). Release sets the
	// limbs' limit back to 0.
	TurnSpeed float64
	// NoLimbSolids leaves the climbing limbs' Limb.Solids alone. By default
	// the climber sets each of them to its ground while it places the limb
	// (a limb with Solids of its own keeps them), so targets stay in front
	// of the wall and a hand or foot bone pointing into it is pushed off;
	// Release and Handoff clear the ones it set.
	NoLimbSolids bool
	// FromPose takes the hands and feet from the rig's Source (a climb
	// clip: the article's rule) instead of the climbing cycle: each limb's
	// rays start behind its animated effector, and the clip decides which
	// limbs hold and which move (climb_pose.go). Speed, Stride, Duty and
	// Lift are then not used for the limbs, except on an underside
	// (Under), where the climbing cycle drives them (a climb clip's hands
	// and feet are a face's).
	FromPose bool
	// FromPoseHoldSpeed is how fast, px/s, an animated hand or foot may
	// move against the climb and still hold with FromPose (default 5).
	FromPoseHoldSpeed float64
	// CornerSteps side rays (default 6), CornerStep px apart (default 5),
	// from CornerUp above the limb to CornerDown below it (defaults 20, 40).
	CornerSteps          int
	CornerStep           float64
	CornerUp, CornerDown float64
	// UnderDistance is the chest's distance below an underside while the
	// climber hangs from it (Under), px (default DefaultClimbUnderDistance).
	UnderDistance float64

	rig                         *Rig
	def                         *RigDef
	ground                      Ground
	limbs                       []climbLimb
	phase                       float64
	chest                       mgl64.Vec2 // character-frame chest point (animated)
	body                        float64    // current forward offset (bodyV's x)
	bodyV, appliedV             mgl64.Vec2 // current body offset, and the one added to the rig's
	wallN                       mgl64.Vec2 // the wall's normal where the chest last saw it
	chestFrom, chestTo, chestPt mgl64.Vec2
	chestHit                    bool
	extra                       float64 // px beyond Distance for the middle joints
	// under: the climber is on an underside (Under); lag is how far the
	// body offset was from where it is going after the last Update.
	under bool
	lag   float64
	// leaving: LeaveUnder ended the underside, and no limb has found the
	// face since (the hands still hold the underside's edge).
	leaving bool
	turns   int // Turns
	// rising: LeaveUnder ended the underside and the chest has not seen
	// the face since (it is below the face's bottom); rounded: it did so
	// round the far bottom corner (climb_far.go).
	rising, rounded bool
	// ahead: on an underside, the wall's face ahead of the body (an
	// inner corner, world), found in the last Update (aheadOK); blocked:
	// the chest was within Distance+climbBlockedMargin of it.
	ahead, aheadN    mgl64.Vec2
	aheadOK, blocked bool
	// onFloor: the origin was on the floor after the last Update (Floor,
	// climb_floor.go).
	onFloor bool
	// lastUpdate is the rig's update count at the climber's last Update:
	// when the next one is not the frame after it, the climber was out of
	// the rig and its climb starts over (start).
	lastUpdate uint64
}

type climbLimb struct {
	ClimbLimbDef
	limb     int
	contact  ClimbLimbState
	wall     mgl64.Vec2 // last wall-face hit, world
	wallN    mgl64.Vec2 // the normal there, world
	wallOK   bool
	init     bool       // rot and contact.Target hold the last frame's values
	rot      float64    // last effector rotation, character frame
	ease     float64    // engage progress in [0,1]
	from     mgl64.Vec2 // world point the limb engaged from
	fromRot  float64    // effector rotation it engaged from, character frame
	easeTime float64    // s the current engage takes
	corner   bool       // the last contact was over the corner
	under    bool       // the last contact was an underside
	// setSolids says the climber set the limb's Solids (NoLimbSolids).
	setSolids bool
	// held: with FromPose, the limb holds the wall at heldP (world) with
	// normal heldN since it started holding.
	held         bool
	heldP, heldN mgl64.Vec2
	// poseD is the limb's animated effector last frame (FromPose), poseX
	// its x in its last holding frame.
	poseD   mgl64.Vec2
	poseOK  bool
	poseX   float64
	nRays   int
	rayFrom [climbMaxRays]mgl64.Vec2
	rayTo   [climbMaxRays]mgl64.Vec2
}

// NewClimber builds a climber for rig on ground. chestY is the chest's
// height in the character frame (y, negative above the origin) used for
// the body distance ray. Errors name the limb and field. A nil ground finds
// no wall: nothing is held.
func NewClimber(rig *Rig, ground Ground, chestY float64, limbs ...ClimbLimbDef) (*Climber, error) {
	if rig == nil {
		return nil, fmt.Errorf("ikanim: NewClimber: rig is nil")
	}
	def := rig.def
	if len(limbs) == 0 {
		return nil, fmt.Errorf("ikanim: NewClimber: limbs is empty")
	}
	if !num.Finite(chestY) {
		return nil, fmt.Errorf("ikanim: NewClimber: chestY %v is not finite", chestY)
	}
	c := &Climber{rig: rig, def: def, ground: ground, chest: mgl64.Vec2{0, chestY}}
	for i, l := range limbs {
		where := fmt.Sprintf("ikanim: NewClimber: limbs[%d] (%q)", i, l.Limb)
		li := def.LimbIndex(l.Limb)
		switch {
		case li < 0:
			return nil, fmt.Errorf("%s: Limb is not a limb of the rig", where)
		case def.limbs[li].effector < 0:
			return nil, fmt.Errorf("%s: Limb has no Effector", where)
		case !num.FiniteVec(l.Home):
			return nil, fmt.Errorf("%s: Home %v is not finite", where, l.Home)
		case !num.Finite(l.Phase) || l.Phase < 0 || l.Phase >= 1:
			return nil, fmt.Errorf("%s: Phase %v must be in [0,1)", where, l.Phase)
		case !num.Finite(l.Offset) || l.Offset < 0:
			return nil, fmt.Errorf("%s: Offset %v must be finite and >= 0", where, l.Offset)
		}
		if l.Offset == 0 {
			l.Offset = DefaultClimbOffset
		}
		c.limbs = append(c.limbs, climbLimb{ClimbLimbDef: l, limb: li})
	}
	return c, nil
}

// NewBipedClimber is NewClimber for the biped template with default sizes:
// hands above the head, feet under the hips, diagonal pairs (near hand with
// far foot) half a cycle apart.
func NewBipedClimber(rig *Rig, ground Ground) (*Climber, error) {
	hip := BipedHipHeight(BipedSizes{})
	return NewClimber(rig, ground, -hip-20,
		ClimbLimbDef{Limb: LimbArmNear, Home: mgl64.Vec2{0, -hip - 52}, Phase: 0},
		ClimbLimbDef{Limb: LimbArmFar, Home: mgl64.Vec2{0, -hip - 52}, Phase: 0.5},
		ClimbLimbDef{Limb: LimbLegNear, Home: mgl64.Vec2{0, -28}, Phase: 0.5},
		ClimbLimbDef{Limb: LimbLegFar, Home: mgl64.Vec2{0, -28}, Phase: 0},
	)
}

// NumLimbs returns the number of climbing limbs.
func (c *Climber) NumLimbs() int { return len(c.limbs) }

// Limb returns climbing limb i's state after the last Update. It panics if
// i is out of range.
func (c *Climber) Limb(i int) ClimbLimbState { return c.limbs[i].contact }

// Body returns the body's current offset along forward, px.
func (c *Climber) Body() float64 { return c.body }

// Clearance returns how much farther than Distance from the wall the body
// was asked to be in the last Update, px: 0 unless a knee or elbow would
// otherwise come closer than its limb's Offset to the wall.
func (c *Climber) Clearance() float64 { return c.extra }

// climbUnderReach is the share of a limb's reach within which the body
// hanging from an underside keeps each of its holds there.
const climbUnderReach = 0.9

// underReachShort returns how much higher (px, along up) than a shift of
// shift from this frame's body the body must hang for every limb holding
// the underside to be within climbUnderReach of its reach of its target:
// hanging from the underside's edge, the chest not yet under it, the
// shoulders are behind the hands and a body UnderDistance below drew the
// hands' targets 5 px down off the underside (softReach).
func (c *Climber) underReachShort(r *Rig, shift mgl64.Vec2) float64 {
	worst := 0.0
	for i := range c.limbs {
		cl := &c.limbs[i]
		if !cl.contact.Found || !cl.contact.Under || !cl.init {
			continue
		}
		bones := r.def.limbs[cl.limb].bones
		reach := 0.0
		for _, b := range bones {
			reach += r.def.bones[b].Length
		}
		R := r.start[bones[0]].Add(shift)
		T := r.frame.toLocal(cl.contact.Point).Add(r.frame.dirToLocal(cl.contact.Normal).Mul(cl.Offset))
		k := climbUnderReach * reach
		dx := T[0] - R[0]
		dy := math.Sqrt(math.Max(0, k*k-dx*dx))
		if short := R[1] - T[1] - dy; short > worst && num.Finite(short) {
			worst = short
		}
	}
	return worst
}

// Under reports whether the climber is on an underside: every limb that
// found a surface found one (the hands went round the wall's bottom outer
// corner onto the underside while climbing down). From then on the climb
// cycle runs along forward: Speed is the speed along forward (negative
// back toward the face the climber came down), the limbs hold the
// underside from below where rays cast up find it (those that find none
// dangle), and the body hangs UnderDistance below it. The climber stays on
// the underside until LeaveUnder or until its climb starts over (Release,
// or removed from the rig and added back). Past the underside's far end
// the hands keep its edge (up to CornerSteps*CornerStep px past it; then
// they find nothing, Holding is false, and the climber neither falls nor
// lets go), and LeaveUnder there goes round the far bottom corner up the
// far face, turning the character round (climb_far.go). An underside that
// meets a wall standing under it (an inner corner) stops the climber
// Distance from that wall (Blocked), and LeaveUnder there climbs onto it. On a slanted underside the body
// hangs plumb, UnderDistance along up below the underside's point over
// the chest (hanging by the hands, not pressed to it along its normal as
// on a face); measured with every bone out of the rock along slants of up
// to 30 degrees both ways (not yet on the way down the face into the
// acute corner a slant going down makes: a thigh 2.2 px in). The feet do not hold an underside: the
// biped's hips hang 76 px below it and its legs reach 60.
func (c *Climber) Under() bool { return c.under }

// Holding reports whether, in the last Update, some limb held a surface
// (its rays found one). Past an underside's far end, or above a wall's
// top without a corner to go over, no limb holds: the climber does not
// fall by itself, so a game that sees Holding false lets the character
// fall (releases the climber) or moves it back.
func (c *Climber) Holding() bool {
	for i := range c.limbs {
		if c.limbs[i].contact.Found {
			return true
		}
	}
	return false
}

// BodyLag returns how far, px, the body offset still was from where the
// climber is taking it after the last Update (the wall's distance, or
// UnderDistance below an underside): a game that has just seen Under waits
// for it to come down (to about 1 px) before moving along the underside, so
// the head clears the underside's edge.
func (c *Climber) BodyLag() float64 { return c.lag }

// Phase returns the climb cycle's phase in [0,1).
func (c *Climber) Phase() float64 { return c.phase }

// Stage implements Controller: a climber runs after the pose source.
func (c *Climber) Stage() Stage { return StageControl }

// Update implements Controller (the rig calls it).
func (c *Climber) Update(dt float64) {
	r := c.rig
	if r.updates != c.lastUpdate+1 {
		c.start()
	}
	c.lastUpdate = r.updates
	stride := num.Or(c.Stride, DefaultClimbStride)
	duty := num.Or(c.Duty, DefaultClimbDuty)
	duty = math.Max(0.05, math.Min(duty, 0.95))
	if num.Finite(c.Speed) {
		c.phase = math.Mod(c.phase+c.Speed*dt/stride, 1)
		if c.phase < 0 {
			c.phase++
		}
	}
	h := duty * stride / 2
	lift := num.Or(c.Lift, DefaultClimbLift)
	if c.FromPose && !c.under {
		c.poseLimbs(r, dt)
		c.updateUnder()
		c.updateBody(r, dt)
		return
	}
	// On a face the cycle runs along up (a hold slides down the character
	// frame), on an underside along forward (a hold slides back).
	axis, sign := 1, 1.0
	if c.under {
		axis, sign = 0, -1
	}
	for i := range c.limbs {
		cl := &c.limbs[i]
		q := math.Mod(c.phase+cl.Phase, 1)
		D := cl.Home
		off := 0.0
		holding := q < duty
		if holding {
			D[axis] += sign * (-h + 2*h*q/duty)
		} else {
			s := (q - duty) / (1 - duty)
			D[axis] += sign * (h - 2*h*(0.5-0.5*math.Cos(math.Pi*s)))
			off = lift * math.Sin(math.Pi*s)
		}
		if c.under {
			// Below an underside the limbs' points hang with the body:
			// along a slanted one it goes up or down with it, and their
			// rays up would start in the rock (at 30 degrees the hands
			// lost the underside 130 px along).
			D[1] += c.bodyV[1]
		}
		c.place(r, cl, D, off, holding, dt)
	}
	c.updateUnder()
	c.updateBody(r, dt)
}

// updateUnder puts the climber on the underside once every limb that found
// a surface found an underside (the hands went round the bottom outer
// corner; the feet dangle or hold it too): from the next Update the cycle
// runs along forward and every limb moves from its target to its new one
// over CornerTime.
func (c *Climber) updateUnder() {
	if c.leaving {
		for i := range c.limbs {
			if ct := &c.limbs[i].contact; ct.Found && !ct.Under && !ct.Corner {
				c.leaving = false // a limb is on the face again
			}
		}
		return
	}
	if c.under {
		return
	}
	found := 0
	for i := range c.limbs {
		ct := &c.limbs[i].contact
		if !ct.Found {
			continue
		}
		if !ct.Under {
			return
		}
		found++
	}
	if found == 0 {
		return
	}
	c.under = true
	c.reease()
}

// undersideAhead reports whether the limbs' holds on the underside lie
// ahead of the chest (along forward, away from the face it came down): the
// chest hangs at the underside's near edge, where that face is. At the far
// edge they lie behind it.
func (c *Climber) undersideAhead() bool {
	m, ok := c.underHoldsMean()
	return ok && m[0] > c.chest[0]
}

// underHoldsMean returns the mean of the limbs' holds on the underside in
// the character frame, and false when no limb holds it.
func (c *Climber) underHoldsMean() (mgl64.Vec2, bool) {
	var sum mgl64.Vec2
	k := 0
	for i := range c.limbs {
		if ct := &c.limbs[i].contact; ct.Found && ct.Under {
			sum = sum.Add(c.rig.frame.toLocal(ct.Point))
			k++
		}
	}
	if k == 0 {
		return sum, false
	}
	return mgl64.Vec2{sum[0] / float64(k), sum[1] / float64(k)}, true
}

// reease starts every placed limb's move from its target to its new one
// over CornerTime (the cycle changed axis).
func (c *Climber) reease() {
	for i := range c.limbs {
		cl := &c.limbs[i]
		cl.held = false // FromPose: a face's hold is no hold on the underside
		if cl.init {
			cl.from, cl.fromRot, cl.ease = cl.contact.Target, cl.rot, 0
			cl.easeTime = num.Or(c.CornerTime, DefaultClimbCornerTime)
		}
	}
}

// LeaveUnder ends the underside so the climber can climb back up the face
// it came down, and reports whether it did: only when the climber is on the
// underside and its chest is out from under it (back at the edge, hanging
// from the bottom corner: the chest's ray up finds nothing, so the head
// rises past the edge, not into it). From the next Update the cycle runs
// along up again (Speed along up); the hands hold the underside's edge
// until the game has moved Position up far enough for their rays to find
// the face, then climb it; the feet take the face when they reach it. A
// game calls it every frame the player asks to climb up, until it returns
// true. At the underside's far end (the chest out from under it with the
// underside behind it, not ahead) it goes round the far bottom corner
// instead and climbs the far face: it flips Rig.Facing (the face is
// behind the character) and then works as at the near edge (Turns counts
// it; climb_far.go). It refuses there until the chest is Distance-2 px past
// the far face, so the body rises beside it (a new user's trial, when
// LeaveUnder did not turn round: the body rose through the block).
// Blocked at an inner corner (a wall standing under the underside ahead),
// it takes the climber onto that wall instead (climb_far.go).
func (c *Climber) LeaveUnder() bool {
	if c.under && c.blocked && c.aheadOK {
		return c.ontoWall() // an inner corner (climb_far.go)
	}
	if !c.under || c.chestHit {
		return false
	}
	if !c.undersideAhead() {
		// The far end: round its bottom corner onto the far face
		// (climb_far.go).
		return c.turnRound()
	}
	c.under, c.leaving, c.rising = false, true, true
	c.reease()
	return true
}

// place casts limb cl's rays at character-frame point D and sets its limb.
func (c *Climber) place(r *Rig, cl *climbLimb, D mgl64.Vec2, off float64, holding bool, dt float64) {
	l := &r.limbs[cl.limb]
	ct := &cl.contact
	ct.Found, ct.Corner, ct.Under = false, false, false
	cl.nRays = 0
	behind := num.Or(c.Behind, DefaultClimbBehind)
	reach := num.Or(c.Reach, DefaultClimbReach)
	if !holding {
		cl.held = false
	}
	var p, n mgl64.Vec2
	var ok bool
	switch {
	case cl.held:
		// FromPose: a holding limb keeps the hold it found.
		p, n, ok = r.frame.toLocal(cl.heldP), r.frame.dirToLocal(cl.heldN), true
	case c.under:
		// On an underside: a ray up from Behind px below the limb; past
		// its edge (the body not yet under it), the bottom corner's rays.
		if c.aheadOK {
			// An inner corner ahead: no hold within reach of its wall
			// (climb_far.go).
			D[0] = math.Min(D[0], r.frame.toLocal(c.ahead)[0]-c.aheadMargin(r, cl))
		}
		p, n, ok = c.cast(r, cl, mgl64.Vec2{D[0], D[1] + behind}, mgl64.Vec2{D[0], D[1] + behind - reach})
		if ok = ok && n[1] > minGroundCos; ok {
			ct.Under = true
		} else if p, n, ok = c.underEdgeBehind(r, cl, D); !ok && cl.wallOK {
			// Past the far edge the edge is behind the limb
			// (climb_far.go); past the near edge, ahead.
			p, n, ok = c.bottomCorner(r, cl, D)
		}
	default:
		p, n, ok = c.cast(r, cl, mgl64.Vec2{D[0] - behind, D[1]}, mgl64.Vec2{D[0] - behind + reach, D[1]})
	}
	if ok && !ct.Under && n[0] <= -minGroundCos && n[1] > climbUndersideSin {
		// The underside of a bump or a ledge: the hold goes on the face
		// below it (or the bump's top above, whichever is nearer).
		p, n, ok = c.belowUnderside(r, cl, D, p, n, behind, reach)
		if ok && n[1] > climbUndersideSin && !c.under && cl.wallOK && D[1] > r.frame.toLocal(cl.wall)[1] {
			// No face near it, below the last wall hit: the wall ended
			// at its bottom corner and the forward ray found the
			// underside slanting down from it (30 degrees: a hand held
			// it as a face and swung 8 px into it).
			ok = false
		}
	}
	if !c.under && !ok && cl.wallOK && D[1] > r.frame.toLocal(cl.wall)[1] {
		// The forward ray missed below the last wall hit: the wall ended
		// below it, at its bottom outer corner.
		if !c.rounded {
			// (Round the far corner the hands hold the face's bottom
			// instead: climb_far.go.)
			p, n, ok = c.bottomCorner(r, cl, D)
		}
		if root := r.animStart[r.def.limbs[cl.limb].bones[0]]; !ok && cl.Home[1] < root[1] {
			// Not yet round it (underReach): a limb that climbs above
			// its root (a hand) keeps its last wall hit, at the bottom
			// of the face; one that climbs below it (a foot) dangles.
			p, n, ok = r.frame.toLocal(cl.wall), r.frame.dirToLocal(cl.wallN), true
		}
	} else if !c.under && (!ok || n[0] > -minGroundCos) {
		// Outer corner: step forward, cast down.
		steps, step, up, down := c.cornerRays()
		ok = false
		// Step forward from where the wall was last seen (this limb's last
		// wall hit, else the chest's), so the first rays land just past the
		// corner's edge.
		x0 := D[0]
		switch {
		case cl.wallOK:
			x0 = r.frame.toLocal(cl.wall)[0]
		case c.chestHit:
			x0 = r.frame.toLocal(c.chestPt)[0]
		}
		for k := 1; k <= steps; k++ {
			x := x0 + float64(k)*step
			p, n, ok = c.cast(r, cl, mgl64.Vec2{x, D[1] - up}, mgl64.Vec2{x, D[1] + down})
			if ok && n[1] < -minGroundCos {
				ct.Corner = true
				break
			}
			ok = false
		}
	}
	if !ok {
		ct.Holding = false
		cl.init = false
		l.Weight = 0
		return
	}
	ct.Found, ct.Holding = true, holding
	if !ct.Corner && !ct.Under {
		cl.wall, cl.wallN, cl.wallOK = r.frame.toWorld(p), r.frame.dirToWorld(n), true
	}
	if c.FromPose && holding && !cl.held && cl.init && cl.ease >= 1 {
		cl.held, cl.heldP, cl.heldN = true, r.frame.toWorld(p), r.frame.dirToWorld(n)
	}
	target := p.Add(n.Mul(cl.Offset + off))
	// Rotation from -forward to n (character frame).
	rot := math.Atan2(-n[1], -n[0])
	if cl.init && (ct.Corner != cl.corner || ct.Under != cl.under) {
		// Face to top or underside (or back): the same arc from the last
		// target, over CornerTime.
		cl.from, cl.fromRot, cl.ease = ct.Target, cl.rot, 0
		cl.easeTime = num.Or(c.CornerTime, DefaultClimbCornerTime)
	}
	cl.corner, cl.under = ct.Corner, ct.Under
	if !cl.init {
		cl.easeTime = num.Or(c.EngageTime, DefaultClimbEngage)
		// Engage from the effector's last position (its joint at the end of
		// the chain) and its current rotation.
		bones := r.def.limbs[cl.limb].bones
		cl.from = r.frame.toWorld(r.end[bones[len(bones)-1]])
		cl.fromRot, cl.ease = 0, 0
		if l.CurrentWeight() > 0 && num.Finite(l.EffectorRotation) {
			cl.fromRot = r.worldRot(l.EffectorRotation)
		}
		// The limb takes over at once, from where it is (the engage
		// starts there, so nothing jumps): fading in, it would show a
		// blend of the animated pose (a clip's hands and feet reach for a
		// wall of the clip's own) and the solved one, and a blend of
		// angles sweeps the hand through the rock (15 px into a bump in a
		// trial).
		l.ramp = 1
	}
	if cl.ease < 1 {
		cl.ease = math.Min(1, cl.ease+dt/cl.easeTime)
		if !num.Finite(cl.ease) {
			cl.ease = 1
		}
		s := num.Smoothstep(cl.ease)
		root := r.start[r.def.limbs[cl.limb].bones[0]]
		target = engageArc(r.frame.toLocal(cl.from).Sub(root), target.Sub(root), s).Add(root)
		rot = cl.fromRot + math.Remainder(rot-cl.fromRot, 2*math.Pi)*s
		ct.Holding = false // still moving onto its hold
	} else if cl.init && !holding {
		// A moving limb follows smoothly (a switch from the face to the top
		// of a corner is a jump), within SwingSlope px and rad per px of its
		// distance from the wall, so it is exact again when it holds.
		a := 1 - math.Exp(-num.Or(c.SwingSpeed, DefaultClimbSwingSpeed)*dt)
		cur := r.frame.toLocal(ct.Target)
		cur = cur.Add(target.Sub(cur).Mul(a))
		cr := cl.rot + math.Remainder(rot-cl.rot, 2*math.Pi)*a
		k := num.Or(c.SwingSlope, DefaultClimbSwingSlope) * off
		if d := cur.Sub(target); d.Len() > k {
			cur = target.Add(d.Mul(k / d.Len()))
		}
		cr = rot + math.Max(-k, math.Min(k, math.Remainder(cr-rot, 2*math.Pi)))
		target, rot = cur, cr
	}
	target = c.keepOut(r, cl, target, rot, p, n, holding, dt)
	target = softReach(r, cl.limb, target)
	cl.init, cl.rot = true, rot
	ct.Point, ct.Normal = r.frame.toWorld(p), r.frame.dirToWorld(n)
	ct.Target = r.frame.toWorld(target)
	l.Target, l.Weight = ct.Target, 1
	l.EffectorRotation = r.worldRot(rot)
	if !c.NoLimbSolids && l.Solids == nil && c.ground != nil {
		l.Solids, cl.setSolids = c.ground, true
	}
	l.MaxTurnSpeed = num.Or(c.TurnSpeed, DefaultClimbTurnSpeed)
	if c.TurnSpeed == 0 && num.Finite(c.Speed) {
		// The default scales with the climb's speed past climbTurnSpeedRef:
		// every limb moves in proportion to it.
		l.MaxTurnSpeed *= math.Max(1, math.Abs(c.Speed)/climbTurnSpeedRef)
	}
}

// climbSoftReach is the share of a limb's full reach over which a climbing
// limb's target is drawn in (softReach).
const climbSoftReach = 0.05

// softReach returns target (character frame) drawn toward the limb's root
// when it lies within climbSoftReach of the limb's full reach or beyond it
// (Spine's softness: with full reach F, soft zone w and distance d > F-w,
// the distance becomes F - w*q^2, q = min(1, (d-F+w)/(2w)) - 1). A limb
// reaching for a hold at or past its full length then straightens
// smoothly: at full extension a two-bone knee or elbow turns fastest with
// the target's distance, and a target crossing back into reach bent the
// knee 17 degrees in one frame (a leg leaving the floor for its first
// hold).
func softReach(r *Rig, limb int, target mgl64.Vec2) mgl64.Vec2 {
	bones := r.def.limbs[limb].bones
	if len(bones) != 2 {
		return target
	}
	full := r.def.bones[bones[0]].Length + r.def.bones[bones[1]].Length
	w := climbSoftReach * full
	root := r.start[bones[0]]
	d := target.Sub(root)
	l := d.Len()
	if !(w > 0) || !(l > full-w) || !num.Finite(l) {
		return target
	}
	q := math.Min(1, (l-full+w)/(2*w)) - 1
	return root.Add(d.Mul((full - w*q*q) / l))
}

// keepOut returns target (character frame) moved out along n, if needed,
// so the effector joint and the tip of the effector bone (at its animated
// angle plus rot) both stay at least Offset off the surface through p with
// normal n: an engaging or swinging limb travels outside the wall, and a
// foot whose bone points into the wall holds with its toe, not its ankle.
// Over an outer corner the free side is the union of the top's and the
// face's (the limb's last wall hit): a limb moving round the corner rises
// out of the top's plane as it crosses the face's plane (a ramp over Offset
// px, so the target stays continuous), never back through the face.
func (c *Climber) keepOut(r *Rig, cl *climbLimb, target mgl64.Vec2, rot float64, p, n mgl64.Vec2, holding bool, dt float64) mgl64.Vec2 {
	var tip mgl64.Vec2 // the effector bone, joint to tip
	if e := r.def.limbs[cl.limb].effector; e >= 0 {
		sn, cs := math.Sincos(r.animAngle[e] + rot)
		tip = mgl64.Vec2{cs, sn}.Mul(r.def.bones[e].Length)
	}
	clear := func(p, n mgl64.Vec2) float64 {
		d := target.Sub(p).Dot(n)
		return math.Min(d, d+tip.Dot(n))
	}
	d := clear(p, n)
	// An engaging limb is held out by all the deficit too: held out by
	// half (a full hold-out once folded the arm past the shoulder at 19-22
	// deg/frame, before the climbing limbs' turn limit), a hand engaging
	// its first hold swept 1.56 px into the wall.
	w := 1.0
	if (cl.contact.Corner || cl.contact.Under) && cl.wallOK && d < cl.Offset {
		// Up out of the top's plane only as far as it crosses the face's
		// plane: fully once it is past the face, none while it is Offset
		// clear of it (a ramp, so the target moves continuously).
		df := clear(r.frame.toLocal(cl.wall), r.frame.dirToLocal(cl.wallN))
		w = math.Max(0, math.Min(1, (cl.Offset-df)/cl.Offset))
	}
	if d < cl.Offset && num.Finite(d) {
		target = target.Add(n.Mul((cl.Offset - d) * w))
	}
	if cl.contact.Corner || cl.contact.Under {
		return target
	}
	// What stands out of the hold's plane in front of the effector joint
	// or the tip (a bump the limb passes on its way to the hold): a ray
	// along -n at each, from Behind px out, and the target goes out along
	// n until both are Offset off what they find.
	behind := num.Or(c.Behind, DefaultClimbBehind)
	// A moving limb looks climbLookAhead s ahead on its path too (its
	// joints lag a target that goes out at once under their turn limit).
	var ahead mgl64.Vec2
	if !holding && cl.init && dt > 0 {
		ahead = target.Sub(r.frame.toLocal(cl.contact.Target)).Mul(climbLookAhead / dt)
		if !num.FiniteVec(ahead) {
			ahead = mgl64.Vec2{}
		}
	}
	for k := range 4 {
		q := target
		if k&1 == 1 {
			q = q.Add(tip)
		}
		if k >= 2 {
			if ahead == (mgl64.Vec2{}) {
				break
			}
			q = q.Add(ahead)
		}
		hp, _, ok := c.cast(r, nil, q.Add(n.Mul(behind)), q.Sub(n.Mul(behind)))
		if !ok || !(hp.Sub(p).Dot(n) > 0) {
			continue
		}
		if dd := q.Sub(hp).Dot(n); dd < cl.Offset {
			target = target.Add(n.Mul(cl.Offset - dd))
		}
	}
	return target
}

// cornerRays returns the outer corners' side rays in use: how many
// (CornerSteps, at most climbMaxCornerSteps), how far apart (CornerStep)
// and how far above and below the limb they reach (CornerUp, CornerDown),
// defaults filled in.
func (c *Climber) cornerRays() (steps int, step, up, down float64) {
	steps = c.CornerSteps
	if steps <= 0 {
		steps = DefaultCornerSteps
	}
	return min(steps, climbMaxCornerSteps), num.Or(c.CornerStep, DefaultCornerStep),
		num.Or(c.CornerUp, DefaultCornerUp), num.Or(c.CornerDown, DefaultCornerDown)
}

// bottomCorner casts the bottom outer corner's side rays for limb cl at
// character-frame point D (the mirror of the top corner's): CornerSteps
// rays, CornerStep px apart, stepping forward from the x of the limb's last
// wall hit, each from CornerUp px below D up to CornerDown px above it. The
// first that finds an underside (its normal pointing down) is the hold,
// reported as Under.
func (c *Climber) bottomCorner(r *Rig, cl *climbLimb, D mgl64.Vec2) (p, n mgl64.Vec2, ok bool) {
	steps, step, up, down := c.cornerRays()
	x0 := r.frame.toLocal(cl.wall)[0]
	for k := 1; k <= steps; k++ {
		x := x0 + float64(k)*step
		p, n, ok = c.cast(r, cl, mgl64.Vec2{x, D[1] + up}, mgl64.Vec2{x, D[1] - down})
		if ok && n[1] > minGroundCos {
			break
		}
		ok = false
	}
	if !ok || !c.underReach(r, cl, p, n) || !c.roomUnder(r, p) {
		return p, n, false
	}
	cl.contact.Under = true
	return p, n, true
}

// underReach reports whether limb cl may hold the underside at p (normal
// n, character frame) round the bottom corner: its root (hip, shoulder)
// hangs below the underside by half the limb's reach at least, and its
// middle joint (knee, elbow), placed by
// the law of cosines on the side it bent to last frame for the target
// Offset below p, is Offset clear of the face's plane (its last wall hit)
// or of the underside's. A foot hooked round the corner from a hip still
// above the bottom folded its knee 5.7 px into the face in a trial, and
// from a hip 14 px below it 0.6 px (the knee crossing the corner on the
// engage arc).
func (c *Climber) underReach(r *Rig, cl *climbLimb, p, n mgl64.Vec2) bool {
	bones := r.def.limbs[cl.limb].bones
	R := r.start[bones[0]]
	reach := 0.0
	for _, b := range bones {
		reach += r.def.bones[b].Length
	}
	if !(R.Sub(p).Dot(n) > math.Max(cl.Offset, reach/2)) {
		return false
	}
	if len(bones) != 2 {
		return true
	}
	a, b := r.def.bones[bones[0]].Length, r.def.bones[bones[1]].Length
	side := r.bendSide(bones)
	if side == 0 {
		return true
	}
	M := middleJoint(R, p.Add(n.Mul(cl.Offset)), a, b, side)
	wp, wn := r.frame.toLocal(cl.wall), r.frame.dirToLocal(cl.wallN)
	return M.Sub(p).Dot(n) >= cl.Offset || M.Sub(wp).Dot(wn) >= cl.Offset
}

// engageArc returns the point s of the way from a to b (both relative to
// the limb root, character frame) on the arc described in the derivation.
func engageArc(a, b mgl64.Vec2, s float64) mgl64.Vec2 {
	ra, rb := a.Len(), b.Len()
	if ra < 1e-9 || rb < 1e-9 {
		return a.Add(b.Sub(a).Mul(s))
	}
	a0, a1 := math.Atan2(a[1], a[0]), math.Atan2(b[1], b[0])
	d := math.Remainder(a1-a0, 2*math.Pi)
	alt := d - math.Copysign(2*math.Pi, d)
	if math.Cos(a0+alt/2) > math.Cos(a0+d/2) {
		d = alt
	}
	sn, cs := math.Sincos(a0 + d*s)
	rad := ra + (rb-ra)*s
	return mgl64.Vec2{cs * rad, sn * rad}
}

// cast casts a character-frame ray and returns the hit in the character
// bendSide returns the side a two-bone chain (bones, root first) bent to in
// the last solve: +1 or -1 by the sign of the cross product of root-to-end
// and root-to-middle-joint in the character frame, 0 when straight.
func (r *Rig) bendSide(bones []int) float64 {
	o := r.start[bones[0]]
	u, m := r.end[bones[1]].Sub(o), r.end[bones[0]].Sub(o)
	c := u[0]*m[1] - u[1]*m[0]
	if math.Abs(c) < 1e-9 || !num.Finite(c) {
		return 0
	}
	return math.Copysign(1, c)
}

// middleJoint places the middle joint of a two-bone chain of lengths a and
// b from root R toward T by the law of cosines, on side (+1 or -1, as
// bendSide); the reach is clamped to [|a-b|, a+b].
func middleJoint(R, T mgl64.Vec2, a, b, side float64) mgl64.Vec2 {
	v := T.Sub(R)
	l := v.Len()
	if l < 1e-9 || a <= 0 {
		return R
	}
	v = v.Mul(1 / l)
	ca := math.Max(-1, math.Min(1, (a*a+l*l-b*b)/(2*a*l)))
	sa := side * math.Sqrt(1-ca*ca)
	return R.Add(mgl64.Vec2{v[0]*ca - v[1]*sa, v[1]*ca + v[0]*sa}.Mul(a))
}

// jointsOut returns how much farther along n (character frame) the body
// must go, beyond the offset shift from this frame's, for the middle joint
// (knee, elbow) of every limb on the wall to stay Offset off the wall's
// face (the limb's last wall hit): the law of cosines places the joint for
// a root moved by d on the side it bent to last frame, and d is found by
// bisection in [0, a+b] (a straight limb holds its joint between root and
// target, so Offset off the wall at the end).
func (c *Climber) jointsOut(r *Rig, shift, n mgl64.Vec2) float64 {
	worst := 0.0
	for i := range c.limbs {
		cl := &c.limbs[i]
		bones := r.def.limbs[cl.limb].bones
		if !cl.wallOK || !cl.init || len(bones) != 2 {
			continue
		}
		a, b := r.def.bones[bones[0]].Length, r.def.bones[bones[1]].Length
		side := r.bendSide(bones)
		if side == 0 || a <= 0 || b <= 0 {
			continue
		}
		wp, wn := r.frame.toLocal(cl.wall), r.frame.dirToLocal(cl.wallN)
		if cl.contact.Under {
			if !c.under {
				// A foot or hand round the bottom corner while the body
				// is on the face: its joint is past the face's plane,
				// below the wall, and moving the body out does not
				// change that.
				continue
			}
			wp, wn = r.frame.toLocal(cl.contact.Point), r.frame.dirToLocal(cl.contact.Normal)
		}
		T := r.frame.toLocal(cl.contact.Target)
		if l := &r.limbs[cl.limb]; l.Solids != nil && l.applied > 0 && cl.ease >= 1 {
			// Where Solids moved it (last frame's solve); an engaging
			// limb's target moves too fast for last frame's to say where
			// its joint goes (a knee 0.51 px in at 30 TPS).
			T = l.appliedTarget
		}
		R0 := r.animStart[bones[0]].Add(r.BodyOffset).Add(shift)
		// The surface in front of the joint, when it stands out of the
		// hold's plane (a bump above a foothold, in front of the knee):
		// a ray along -n at the joint where it is and one where the
		// body's move would put it, the one farther out.
		behind := num.Or(c.Behind, DefaultClimbBehind)
		for _, M := range [2]mgl64.Vec2{r.end[bones[0]], middleJoint(R0, T, a, b, side)} {
			if !num.FiniteVec(M) {
				continue
			}
			if hp, _, ok := c.cast(r, nil, M.Add(n.Mul(behind)), M.Sub(n.Mul(a+b))); ok && hp.Sub(wp).Dot(wn) > 0 {
				wp = hp
			}
		}
		short := func(d float64) float64 { // Offset minus the joint's clearance
			M := middleJoint(R0.Add(n.Mul(d)), T, a, b, side)
			return cl.Offset - M.Sub(wp).Dot(wn)
		}
		if short(worst) <= 0 {
			continue
		}
		lo, hi := worst, worst+a+b
		for k := 0; k < 24; k++ {
			mid := (lo + hi) / 2
			if short(mid) > 0 {
				lo = mid
			} else {
				hi = mid
			}
		}
		worst = hi
	}
	if !num.Finite(worst) {
		return 0
	}
	return worst
}

// frame with a unit normal.
func (c *Climber) cast(r *Rig, cl *climbLimb, from, to mgl64.Vec2) (p, n mgl64.Vec2, ok bool) {
	wf, wt := r.frame.toWorld(from), r.frame.toWorld(to)
	if cl != nil && cl.nRays < climbMaxRays {
		cl.rayFrom[cl.nRays], cl.rayTo[cl.nRays] = wf, wt
		cl.nRays++
	}
	if c.ground == nil {
		return p, n, false
	}
	wp, wn, ok := c.ground.Raycast(wf, wt)
	if !ok || !num.FiniteVec(wp) || !num.FiniteVec(wn) {
		return p, n, false
	}
	n = r.frame.dirToLocal(wn)
	if l := n.Len(); l > 0 {
		n = n.Mul(1 / l)
	} else {
		return p, n, false
	}
	return r.frame.toLocal(wp), n, true
}

func (c *Climber) updateBody(r *Rig, dt float64) {
	behind := num.Or(c.Behind, DefaultClimbBehind)
	reach := num.Or(c.Reach, DefaultClimbReach)
	// Along the wall's normal where the chest last saw it (the article's
	// climb normal), square on before that.
	wn := c.wallN
	if wn == (mgl64.Vec2{}) {
		wn = mgl64.Vec2{-1, 0}
	}
	if c.under {
		wn = mgl64.Vec2{0, 1} // straight up to the underside
	}
	from := c.chest.Add(wn.Mul(behind))
	to := c.chest.Sub(wn.Mul(reach - behind))
	c.chestFrom, c.chestTo = r.frame.toWorld(from), r.frame.toWorld(to)
	p, n, ok := c.cast(r, nil, from, to)
	// A bump's underside or top is no wall to keep the distance from: its
	// normal would turn the next chest ray off the wall (a bump's
	// underside, 73 degrees off square-on, kept the body from the wall and
	// a knee 1.7 px in the bump above it for a second in a trial).
	c.chestHit = ok && n[0] < -minGroundCos && math.Abs(n[1]) <= climbUndersideSin
	want := c.bodyV
	if c.under {
		c.chestHit = ok && n[1] > minGroundCos
		if !c.chestHit {
			// The chest is not under the underside yet (it hangs from
			// its edge): the height of the hands' and feet's holds on it.
			sum, k := 0.0, 0
			for i := range c.limbs {
				if ct := &c.limbs[i].contact; ct.Found && ct.Under {
					sum += r.frame.toLocal(ct.Point)[1]
					k++
				}
			}
			if k > 0 {
				p, n, ok = mgl64.Vec2{c.chest[0], sum / float64(k)}, wn, true
			}
		}
		if ok && n[1] > minGroundCos {
			c.chestPt = r.frame.toWorld(p)
			want[1] = p[1] + num.Or(c.UnderDistance, DefaultClimbUnderDistance) - c.chest[1]
			want[1] -= c.underReachShort(r, want.Sub(c.appliedV))
			c.extra = c.jointsOut(r, want.Sub(c.appliedV), wn)
			want = want.Add(wn.Mul(c.extra))
		}
		c.innerCorner(r, &want)
	} else if c.chestHit {
		c.rising, c.rounded = false, false
		c.chestPt = r.frame.toWorld(p)
		c.wallN = n
		want = p.Add(n.Mul(num.Or(c.Distance, DefaultClimbDistance))).Sub(c.chest)
		c.extra = c.jointsOut(r, want.Sub(c.appliedV), n)
		want = want.Add(n.Mul(c.extra))
	} else if ok || c.rising {
		// Up from an underside, the chest still below the face's bottom
		// (its ray finds nothing), the body goes out for the elbows all
		// the same: an arm reaching up the face from a body that came
		// round the far bottom corner folded its elbow 0.9 px into it.
		// It also rises from where it hung (UnderDistance below the
		// underside) to where the climb puts it (no offset along up, as
		// on a face): hanging 13 px low, the hands' holds on the face
		// were out of their reach and slid 1.1 px with the shoulder.
		if !ok {
			want[1] = 0
		}
		ok = true
		// The chest sees no wall but a bump's slanted face or underside:
		// the body holds its distance, but still goes out for the knees
		// and elbows (they stayed 1.7-3.7 px in the bumps while it held).
		c.extra = c.jointsOut(r, want.Sub(c.appliedV), wn)
		want = want.Add(wn.Mul(c.extra))
	}
	last := c.bodyV
	if !num.FiniteVec(want) {
		want = c.bodyV
	}
	c.bodyV = c.bodyV.Add(want.Sub(c.bodyV).Mul(1 - math.Exp(-num.Or(c.BodySpeed, DefaultClimbBodySpeed)*dt)))
	if ok && dt > 0 {
		// Out from the wall the body goes as fast as a knee or elbow
		// needs (at most climbOutSpeed): smoothed like the rest, an
		// engaging leg's knee stayed in the wall while the body caught up.
		out := wn
		if c.chestHit && !c.under {
			out = n
		}
		short := want.Sub(c.bodyV).Dot(out)
		if c.under {
			// Below an underside only the joints' share goes fast: the
			// body comes down to UnderDistance at BodySpeed.
			short = math.Min(short, c.extra)
		}
		if short > 0 {
			c.bodyV = c.bodyV.Add(out.Mul(math.Min(short, climbOutSpeed*dt)))
		}
	}
	// Never faster than climbBodyMaxSpeed: on a bumpy wall the chest's
	// ray and the joints' clearance jump from bump to bump, and the body
	// jumped 10-14 px in a frame after them.
	if d := c.bodyV.Sub(last); d.Len() > climbBodyMaxSpeed*math.Max(dt, 0) {
		c.bodyV = last.Add(d.Mul(climbBodyMaxSpeed * math.Max(dt, 0) / d.Len()))
	}
	if !num.FiniteVec(c.bodyV) {
		c.bodyV = mgl64.Vec2{}
	}
	c.keepOffFloor(r, &want) // climb_floor.go
	c.lag = want.Sub(c.bodyV).Len()
	c.body = c.bodyV[0]
	r.BodyOffset = r.BodyOffset.Add(c.bodyV).Sub(c.appliedV)
	c.appliedV = c.bodyV
}

// start begins a climb: the cycle at phase 0 and every limb as on a new
// climber (no last target to ease from, no wall or corner seen), so a
// climber added back to its rig for a second climb starts as it did the
// first time instead of easing its limbs from where the last climb left
// them (the climb scene's shins snapped 83-108 deg in a frame at the start
// of every climb after the first).
func (c *Climber) start() {
	c.phase, c.under, c.lag, c.leaving, c.rising, c.rounded = 0, false, 0, false, false, false
	c.aheadOK, c.blocked, c.onFloor = false, false, false
	for i := range c.limbs {
		cl := &c.limbs[i]
		*cl = climbLimb{ClimbLimbDef: cl.ClimbLimbDef, limb: cl.limb, setSolids: cl.setSolids}
	}
}

// Release removes the climber's body offset from its rig and the weight of
// its limbs (call it when the climb ends and the climber is removed from
// the rig). The body goes back to Position at once, up to Distance plus
// Clearance px (11 px in a trial mid-climb) in one frame: to let go of a
// wall without that jump, call Handoff, which moves the offset into
// Position, and then fade the limbs' weights.
func (c *Climber) Release() {
	r := c.rig
	r.BodyOffset = r.BodyOffset.Sub(c.appliedV)
	c.appliedV, c.bodyV, c.body, c.wallN, c.extra = mgl64.Vec2{}, mgl64.Vec2{}, 0, mgl64.Vec2{}, 0
	c.under, c.lag, c.leaving, c.rising, c.rounded = false, 0, false, false, false
	c.aheadOK, c.blocked, c.onFloor = false, false, false
	for i := range c.limbs {
		r.limbs[c.limbs[i].limb].Weight = 0
		r.limbs[c.limbs[i].limb].MaxTurnSpeed = 0
	}
	c.clearSolids()
}

// clearSolids clears the Limb.Solids the climber set.
func (c *Climber) clearSolids() {
	for i := range c.limbs {
		if cl := &c.limbs[i]; cl.setSolids {
			c.rig.limbs[cl.limb].Solids, cl.setSolids = nil, false
		}
	}
}

// DrawDebug draws the last rays and contacts (opts nil: the defaults). See
// DebugOptions.
func (c *Climber) DrawDebug(dst *ebiten.Image, opts *DebugOptions) {
	cam := opts.camera()
	for i := range c.limbs {
		cl := &c.limbs[i]
		for k := 0; k < cl.nRays; k++ {
			DebugLine(dst, cam, cl.rayFrom[k], cl.rayTo[k], 1, debugRayColor)
		}
		if cl.contact.Found {
			DebugRay(dst, cam, cl.contact.Point, cl.contact.Point, true, cl.contact.Point, cl.contact.Normal)
		}
	}
	DebugRay(dst, cam, c.chestFrom, c.chestTo, c.chestHit, c.chestPt, mgl64.Vec2{})
}

// Handoff ends the climb like Release but keeps the body where it is: the
// climber's body offset moves into the rig's Position (along the wall's
// normal),
// and the limbs keep their weights, targets and MaxTurnSpeed for the
// controller that takes over (a Mantler); the Limb.Solids it set are
// cleared.
func (c *Climber) Handoff() {
	r := c.rig
	r.shiftPosition(r.frame.dirToWorld(c.appliedV))
	r.BodyOffset = r.BodyOffset.Sub(c.appliedV)
	c.appliedV, c.bodyV, c.body, c.wallN, c.extra = mgl64.Vec2{}, mgl64.Vec2{}, 0, mgl64.Vec2{}, 0
	c.clearSolids()
}
