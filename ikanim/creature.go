package ikanim

import (
	"errors"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/ik"
)

// Leg states.
const (
	creaturePlanted  uint8 = iota // foot locked in world space
	creatureStepping              // foot on its arc to a new foothold
	creatureDangling              // no foothold found: foot hangs at home
)

// creatureLeg is the per-instance state of one leg.
type creatureLeg struct {
	// Read or written every frame (kept together, first: the per-frame
	// pass over a planted leg touches these 74 bytes only).
	foot     mgl64.Vec2 // current foot (contact) position
	normal   mgl64.Vec2 // surface normal under a planted foot
	hip      mgl64.Vec2 // solved hip (world)
	target   mgl64.Vec2 // two-bone target (the ankle for 3-segment legs)
	stretch2 float64    // (|target - hip| / reach)^2 (planted legs; stale otherwise)
	home2    float64    // |foot - home|^2 (planted legs; stale otherwise)
	state    uint8

	t     float64    // step progress 0..1
	rate  float64    // 1/step duration
	lift  float64    // StepHeight scaled by the step's length (advanceStep)
	retry float64    // seconds until a dangling leg searches again
	from  mgl64.Vec2 // step start
	to    mgl64.Vec2 // step end (the foothold, a ray hit)
	fromN mgl64.Vec2
	toN   mgl64.Vec2
}

// creatureRay is the last foothold search of one leg, for the debug overlay
// (kept apart from creatureLeg so the per-frame pass reads less memory).
type creatureRay struct {
	from, to, hit mgl64.Vec2
	ok            bool
}

// creatureChain is the per-instance FABRIK state of a tentacle leg.
type creatureChain struct {
	pose   ik.Pose
	solver ik.FABRIK
	joints []mgl64.Vec2
	// The joints of the last solve that legPose reports.
	knee, ankle, tip mgl64.Vec2
}

// Steering modes.
const (
	creatureSteerStop uint8 = iota
	creatureSteerMove
	creatureSteerTarget
	creatureSteerPath
)

// Creature is one walking instance of a CreatureDef: body position, up
// vector, facing, speed and the state of every leg. Create it with
// NewCreature; Update advances it and Draw draws it. Neither allocates.
//
// A Creature is not safe for concurrent use; distinct creatures may be
// updated from distinct goroutines if their Grounds allow it.
type Creature struct {
	def    *CreatureDef
	pos    mgl64.Vec2
	up     mgl64.Vec2
	facing float64 // +1: forward is Right(); -1: forward is -Right()
	turn   float64 // the body frame's x axis is Right()*turn; turn moves toward facing
	speed  float64 // signed speed along Right(), px/s

	steer    uint8
	move     float64 // SetMove input in [-1, 1]
	target   mgl64.Vec2
	path     []mgl64.Vec2
	pathNext int
	pathLoop bool

	clock   float64 // seconds since creation (breathing)
	breath  float64 // current breathing offset, px
	probeT  float64 // seconds until the next wall probe
	wallN   mgl64.Vec2
	wallW   float64
	probeA  mgl64.Vec2 // debug: last probe ray
	probeB  mgl64.Vec2
	planted int
	airborn int
	falling float64
	hold    float64 // speed factor from the most stretched planted leg

	// Smoothing factors 1-exp(-rate*dt) for the last dt (setRates).
	rateDt, rateAccel, rateTilt, rateHeight float64
	forced                                  int     // lifts forced by an out-of-reach foot (tests)
	pull                                    float64 // the body constraint's move limit this update, px (capPull; 0: none)

	legs   []creatureLeg
	rays   []creatureRay // per leg, debug overlay
	chains []creatureChain
}

// ErrNilCreatureDef is returned by NewCreature for a nil or unvalidated
// definition.
var ErrNilCreatureDef = errors.New("ikanim: NewCreature: def is nil or was not made by NewCreatureDef")

// NewCreature returns a creature of kind def standing at pos (the body
// centre) with the default up (0,-1), facing right. If ground is not nil, its
// feet are planted on footholds found below their homes (Place). It allocates
// the per-leg state once.
func NewCreature(def *CreatureDef, pos mgl64.Vec2, ground Ground) (*Creature, error) {
	if def == nil || !def.ready {
		return nil, ErrNilCreatureDef
	}
	c := &Creature{
		def:    def,
		up:     mgl64.Vec2{0, -1},
		facing: 1,
		turn:   1,
		legs:   make([]creatureLeg, len(def.legs)),
		rays:   make([]creatureRay, len(def.legs)),
	}
	for i := range def.legs {
		if ch := def.legs[i].chain; ch != nil {
			if c.chains == nil {
				c.chains = make([]creatureChain, len(def.legs))
			}
			cc := &c.chains[i]
			cc.pose = ch.NewPose()
			cc.solver = ik.FABRIK{Tolerance: tentacleTolerance, MaxIterations: tentacleIterations}
			cc.joints = make([]mgl64.Vec2, 0, ch.Len()+1)
		}
	}
	c.Place(pos, mgl64.Vec2{0, -1}, ground)
	return c, nil
}

// Def returns the creature's definition.
func (c *Creature) Def() *CreatureDef { return c.def }

// Place teleports the creature: body centre at pos, up along up (normalised;
// a zero or non-finite up means (0,-1)), speed 0, every foot planted on the
// foothold found below its home (or dangling at home when ground is nil or
// nothing is found).
func (c *Creature) Place(pos, up mgl64.Vec2, ground Ground) {
	if !creatureFiniteVec(pos) {
		pos = mgl64.Vec2{}
	}
	c.pos = pos
	c.up = creatureUnitOr(up, mgl64.Vec2{0, -1})
	c.speed = 0
	c.turn = c.facing
	c.falling = 0
	c.wallW = 0
	c.planted, c.airborn = 0, 0
	for i := range c.legs {
		l := &c.legs[i]
		home := c.homeWorld(i)
		*l = creatureLeg{foot: home, normal: c.up, state: creatureDangling}
		c.rays[i] = creatureRay{}
		if ground != nil {
			if p, n, ok := c.foothold(ground, i, home, c.bodyPoint(c.def.Legs[i].Hip), l); ok {
				l.foot, l.normal, l.state = p, n, creaturePlanted
				c.planted++
			}
		}
		l.from, l.to, l.fromN, l.toN = l.foot, l.foot, l.normal, l.normal
	}
	c.prepareLegs()
	c.solveLegs()
	for k := 0; k < 4 && c.chains != nil; k++ {
		c.solveLegs() // let the tentacles' FABRIK converge from the rest pose
	}
}

// SetMove makes the creature walk under direct control: dir in [-1, 1] is
// the fraction of Gait.Speed along Right() (clockwise along the surface: on
// a floor +1 walks right, on a wall to the right it climbs). 0 stops.
func (c *Creature) SetMove(dir float64) {
	if !creatureFinite(dir) {
		dir = 0
	}
	c.move = math.Max(-1, math.Min(1, dir))
	c.steer = creatureSteerMove
}

// SetTarget makes the creature walk along its surface toward p and stop
// within Gait.ArriveRadius of it (or where p lies straight above or below
// the body, off the surface).
func (c *Creature) SetTarget(p mgl64.Vec2) {
	if !creatureFiniteVec(p) {
		c.Stop()
		return
	}
	c.target = p
	c.steer = creatureSteerTarget
}

// SetPath makes the creature visit points in order (the slice is kept, not
// copied: do not modify it while the creature follows it). With loop, it
// starts again from the first point after the last; otherwise it stops at
// the last point. An empty path stops the creature.
func (c *Creature) SetPath(points []mgl64.Vec2, loop bool) {
	if len(points) == 0 {
		c.Stop()
		return
	}
	c.path, c.pathNext, c.pathLoop = points, 0, loop
	c.steer = creatureSteerPath
}

// Stop stops steering; the creature slows to a halt.
func (c *Creature) Stop() { c.steer = creatureSteerStop; c.move = 0 }

// Arrived reports whether the creature is at its target or at the end of a
// non-looping path.
func (c *Creature) Arrived() bool {
	switch c.steer {
	case creatureSteerTarget:
		return c.within(c.target, c.def.arrive2)
	case creatureSteerPath:
		return !c.pathLoop && c.pathNext >= len(c.path)
	}
	return false
}

// Position returns the body centre.
func (c *Creature) Position() mgl64.Vec2 { return c.pos }

// Up returns the creature's unit up vector (the smoothed surface normal).
func (c *Creature) Up() mgl64.Vec2 { return c.up }

// Right returns Up() turned a quarter turn clockwise on screen: the
// tangent of the surface the creature walks along, (1,0) on a floor.
func (c *Creature) Right() mgl64.Vec2 { return mgl64.Vec2{-c.up[1], c.up[0]} }

// Forward returns the unit direction the creature faces (±Right()).
func (c *Creature) Forward() mgl64.Vec2 { return c.Right().Mul(c.facing) }

// Facing returns +1 when the creature faces along Right(), -1 otherwise.
func (c *Creature) Facing() float64 { return c.facing }

// Turn returns the progress of a turn around in [-1, 1]: the body frame's
// forward axis is Right()*Turn(), so after a change of Facing the hips and
// homes swing through the body's centre (0: seen head-on) to the other side
// at Gait.TurnRate. It equals Facing() when no turn is under way.
func (c *Creature) Turn() float64 { return c.turn }

// mirrored reports whether the body frame is currently mirrored (facing
// left of Right()).
func (c *Creature) mirrored() bool { return c.turn < 0 || (c.turn == 0 && c.facing < 0) }

// Velocity returns the body's walking velocity, px/s (slowed while a
// planted leg is stretched to its limit).
func (c *Creature) Velocity() mgl64.Vec2 { return c.Right().Mul(c.speed * c.hold) }

// LegState is a snapshot of one leg, in world coordinates.
type LegState struct {
	Hip, Knee, Ankle, Foot mgl64.Vec2 // Ankle = Foot for 2-segment legs
	// Contact is the foot's target point: the locked foothold while planted,
	// the point on the step arc while stepping.
	Contact mgl64.Vec2
	// Normal is the surface normal under a planted foot.
	Normal mgl64.Vec2
	// Planted is true while the foot is locked on the ground.
	Planted bool
	// Stepping is true while the foot travels to a new foothold.
	Stepping bool
	// Progress is the step progress in [0, 1] while stepping.
	Progress float64
	// Target is the foothold a stepping foot travels to.
	Target mgl64.Vec2
}

// Leg returns the state of leg i. It panics if i is out of range.
func (c *Creature) Leg(i int) LegState {
	l := &c.legs[i]
	knee, ankle, tip := c.legPose(i)
	hip, _ := c.legHipTarget(i)
	return LegState{
		Hip: hip, Knee: knee, Ankle: ankle, Foot: tip,
		Contact: l.foot, Normal: l.normal,
		Planted: l.state == creaturePlanted, Stepping: l.state == creatureStepping,
		Progress: l.t, Target: l.to,
	}
}

// LegCount returns the number of legs.
func (c *Creature) LegCount() int { return len(c.legs) }

// Planted returns how many feet are planted.
func (c *Creature) Planted() int { return c.planted }

// TentacleJoints appends the joints of tentacle leg i (root first) to dst[:0]
// and returns it; for 2- and 3-segment legs it appends hip, knee, ankle and
// foot as drawn. It does not allocate when dst has room.
func (c *Creature) TentacleJoints(i int, dst []mgl64.Vec2) []mgl64.Vec2 {
	dst = dst[:0]
	if c.chains != nil && c.def.legs[i].chain != nil {
		return append(dst, c.chains[i].joints...)
	}
	knee, ankle, tip := c.legPose(i)
	hip, _ := c.legHipTarget(i)
	dst = append(dst, hip, knee, ankle)
	if c.def.legs[i].segs == 3 {
		dst = append(dst, tip)
	}
	return dst
}

// homeWorld returns leg i's home in world space for the current body.
func (c *Creature) homeWorld(i int) mgl64.Vec2 {
	h := c.def.Legs[i].Home
	return c.bodyPoint(h)
}

// bodyPoint maps a body-frame point (x forward, y up) to world space.
func (c *Creature) bodyPoint(p mgl64.Vec2) mgl64.Vec2 {
	fx, fy := -c.up[1]*c.turn, c.up[0]*c.turn
	return mgl64.Vec2{
		c.pos[0] + fx*p[0] + c.up[0]*p[1],
		c.pos[1] + fy*p[0] + c.up[1]*p[1],
	}
}

func (c *Creature) speedAbs() float64 { return math.Abs(c.speed * c.hold) }

// creatureLen is |v| (math.Hypot, behind mgl64's Len, costs three times
// more and the range guard is not needed for pixel coordinates).
func creatureLen(v mgl64.Vec2) float64 { return math.Sqrt(v[0]*v[0] + v[1]*v[1]) }

// creatureUnitOr returns v normalised, or def when v is zero or not finite.
func creatureUnitOr(v, def mgl64.Vec2) mgl64.Vec2 {
	l := math.Sqrt(v[0]*v[0] + v[1]*v[1])
	if !(l > 1e-12 && l <= math.MaxFloat64) {
		return def
	}
	r := 1 / l
	return mgl64.Vec2{v[0] * r, v[1] * r}
}

// creatureInvCount[k] is 1/k for k legs (index 0 unused).
var creatureInvCount = func() (t [MaxCreatureLegs + 1]float64) {
	for k := 1; k <= MaxCreatureLegs; k++ {
		t[k] = 1 / float64(k)
	}
	return t
}()
