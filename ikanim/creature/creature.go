package creature

import (
	"errors"
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim"
	"github.com/ikanim/kit/ikanim/ik"
	"github.com/ikanim/kit/ikanim/internal/num"
)

// Leg states.
const (
	legPlanted  uint8 = iota // foot locked in world space
	legStepping              // foot on its arc to a new foothold
	legDangling              // no foothold found: foot hangs at home
)

// leg is the per-instance state of one leg.
//
// Layout: the fields a frame reads or writes for a planted leg fill the
// first 64 bytes, and the struct is 192 bytes (three cache lines), so a
// slice of legs (allocated in a size class of a multiple of 64 bytes, so
// 64-byte aligned) costs a planted leg one cache line a frame and a
// stepping leg three (TestLegLayout). With 10,000 creatures the legs do
// not fit in the caches, and every line a frame touches comes from memory.
// The per-frame values the gait needs only within the frame (the two-bone
// target, the squared distance from home) are not kept here.
type leg struct {
	// Read or written every frame (the first cache line).
	foot     mgl64.Vec2 // current foot (contact) position
	normal   mgl64.Vec2 // surface normal under a planted foot
	hip      mgl64.Vec2 // hip (world) of the last prepareLegs
	stretch2 float64    // (|target - hip| / reach)^2 (planted legs; stale otherwise)
	state    uint8
	// alt: the knee bends to the other side than the definition's (legs.go,
	// bend side); altTo: the side it lands with (a swing turns the knee
	// over through a straight leg when they differ, turnKnee).
	alt, altTo bool
	box        bool // the step takes the box path (clearSwing)
	// seenOK: the last foothold search saw ground below the home out of
	// the leg's reach (seen; crouch.go).
	seenOK bool
	_      [3]byte

	// Read or written while the leg steps or dangles.
	t     float64    // step progress 0..1
	rate  float64    // 1/step duration
	lift  float64    // StepHeight scaled by the step's length (advanceStep)
	retry float64    // seconds until a dangling leg searches again
	boxUp mgl64.Vec2 // up when the step was planned: its arc and box path rise along it
	from  mgl64.Vec2 // step start
	to    mgl64.Vec2 // step end (the foothold, a ray hit)
	fromN mgl64.Vec2
	toN   mgl64.Vec2
	seen  mgl64.Vec2 // the ground out of reach (seenOK)
}

// legPose is where a leg's joints are after the last Update, in world
// space: the plain values Leg, Draw and DrawDebug read.
type legPose struct {
	hip, knee, ankle, tip mgl64.Vec2
}

// footRay is the last foothold search of one leg, for the debug overlay
// (kept apart from leg so the per-frame pass reads less memory).
type footRay struct {
	from, to, hit mgl64.Vec2
	ok            bool
}

// tentacleChain is the per-instance FABRIK state of a tentacle leg.
type tentacleChain struct {
	pose   ik.Pose
	solver ik.FABRIK
	joints []mgl64.Vec2
	// solved keeps the solved joints while keepTentacleOut pushes them
	// out of the solids (tentacle_out.go).
	solved []mgl64.Vec2
	// prev is the last frame's pushed pose, which the next push starts
	// from (prevOK: the last frame pushed the tentacle out).
	prev   []mgl64.Vec2
	prevOK bool
	// The fanned shape (fan.go): the bone lengths, the profile h(t_k) for
	// the side and warp it was computed for (side NaN: none yet), and the
	// last amplitude (the warm start).
	lens, h         []float64
	side, warp, amp float64
	memo            fanMemo // chords of h fanAmp needs again (fan.go)
	// The joints of the last solve that solveLegs stores.
	knee, ankle, tip mgl64.Vec2
}

// Steering modes.
const (
	steerStop uint8 = iota
	steerMove
	steerTarget
	steerPath
)

// GroundInside is implemented by a Ground that can tell whether a point
// lies inside one of its solids (a point on a boundary counts as inside);
// terrain.World does. A creature on such a Ground asks it whether a
// foothold a ray found lies inside another solid (two solids that overlap
// or share a side), which is exact; on any other Ground it tests that with
// rays, which can miss where solids share a side. Inside must be safe to
// call from the goroutines that update creatures (Crowd). It is
// ikanim.GroundInside, which the GroundFollower asks too.
type GroundInside = ikanim.GroundInside

// groundClear is implemented by a Ground that can prove cheaply that no
// ray lying in a rectangle hits anything (terrain.World: BoxClear; true
// only when every ray there misses). The creature asks it before the rays
// of a test that only cares whether they all miss (clearSwing), and casts
// them when it answers false. Like Raycast, it must be safe to call from
// the goroutines that update creatures (Crowd).
type groundClear interface {
	BoxClear(lo, hi mgl64.Vec2) bool
}

// GroundBounds is implemented by a Ground whose level is a rectangle
// (terrain.World: its Bounds). A creature on such a Ground holds on only
// inside it: a foothold whose face lies on the rectangle's edge or beyond
// (the end and the underside of a floor that reaches the level's edges) is
// refused, and the way to a point is not traced beyond it, so a creature
// walking to the end of the level stops there instead of going round the
// end of the ground onto its underside (a new user's trial: a spider went
// round the floor's end and along its underside, outside the level, in 81
// % of its frames). New reads the rectangle once; an empty one (max not
// beyond min on both axes) bounds nothing.
type GroundBounds interface {
	Bounds() (min, max mgl64.Vec2)
}

// Creature is one walking instance of a Def: body position, up
// vector, facing, speed and the state of every leg, on the Ground it was
// made with. Create it with New; Update advances it by one frame (steering,
// body, stepping, and every leg's pose, knees included), Draw and DrawDebug
// draw it. None of them allocates.
//
// A Creature is not safe for concurrent use; distinct creatures may be
// updated from distinct goroutines if their Grounds allow it.
type Creature struct {
	def    *Def
	ground ikanim.Ground
	inside GroundInside // ground, when it is one (read by New); else nil
	clear  groundClear  // ground, when it is one (read by New); else nil
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
	// The waypoint timeout (path.go; 0: never) and the waypoints given up
	// since SetPath.
	wayTimeout float64
	skipped    int

	clock   float64 // seconds since creation (breathing)
	breath  float64 // current breathing offset, px
	probeT  float64 // seconds until the next wall probe
	wallN   mgl64.Vec2
	wallW   float64
	aheadP  mgl64.Vec2 // the face the last wall probe hit ahead (aheadFactor)
	aheadN  mgl64.Vec2 // its normal; zero: none
	planted int
	airborn int
	falling float64
	hold    float64 // speed factor from the most stretched planted leg
	// crouched: a dangling leg's ground out of reach lowers the body
	// (crouch.go).
	crouched bool

	// Smoothing factors 1-exp(-rate*dt) for the last dt (setRates).
	rateDt, rateAccel, rateTilt, rateHeight float64
	pull                                    float64 // the body constraint's move limit this update, px (capPull; 0: none)

	// Progress (state.go): the least distance to markGoal so far (best),
	// the SetMove mark, and the time without progress.
	way      wayState  // the kept sense toward the point (way.go)
	route    routePlan // the planned way round to the point (route.go)
	markGoal mgl64.Vec2
	mark     mgl64.Vec2
	best     float64
	stall    float64
	marked   bool

	legs   []leg
	poses  []legPose // per leg, written by solveLegs
	chains []tentacleChain

	// The leg guard's last proven-clear rectangle (guard.go), grown by
	// guardGrow, and the clock when it was proven (guardOK false: none).
	// Read every frame: here, with the Ground's rectangle and the hold
	// check's clock, they fill the cache lines the frame reads anyway.
	guardLo, guardHi mgl64.Vec2
	guardAt          float64
	guardOK          bool

	// The Ground's rectangle (GroundBounds), read by New; bounded false:
	// none.
	bmin, bmax mgl64.Vec2
	bounded    bool

	// The hold check (hold.go): time since the last, the leg checked next.
	holdClock float64
	holdNext  int

	// Not read by every frame (last, so a frame touches one cache line
	// of the struct less).
	rays   []footRay  // per leg, debug overlay
	probeA mgl64.Vec2 // debug: last probe ray
	probeB mgl64.Vec2
	forced int // lifts forced by an out-of-reach foot or a knee in a solid (tests)
}

// ErrNilDef is returned by New for a nil or unvalidated
// definition.
var ErrNilDef = errors.New("creature: New: def is nil or was not made by NewDef")

// New returns a creature of kind def on ground, standing at pos (the body
// centre) with the default up (0,-1), facing right; its feet are planted on
// footholds found below their homes (Place). Every query of the creature
// goes to ground (nil: the creature has nothing to stand on and falls). It
// allocates the per-leg state once. A pos that is not finite or lies beyond
// ik.MaxCoord is an error. A pos inside a solid (on a Ground that tells,
// GroundInside) is lifted out to the nearest free place, as Place does; when
// there is none within FreeSearch times the longest leg's reach, New returns
// an error wrapping ErrNoFreePlace.
func New(def *Def, pos mgl64.Vec2, ground ikanim.Ground) (*Creature, error) {
	if def == nil || !def.ready {
		return nil, ErrNilDef
	}
	if !num.WithinVec(pos, ik.MaxCoord) {
		return nil, fmt.Errorf("creature: New: pos: %v must be finite and within %g px", pos, ik.MaxCoord)
	}
	c := &Creature{
		def:    def,
		ground: ground,
		up:     mgl64.Vec2{0, -1},
		facing: 1,
		turn:   1,
		legs:   make([]leg, len(def.legs)),
		poses:  make([]legPose, len(def.legs)),
		rays:   make([]footRay, len(def.legs)),

		wayTimeout: DefaultWaypointTimeout,
	}
	c.inside, _ = ground.(GroundInside)
	c.clear, _ = ground.(groundClear)
	if gb, ok := ground.(GroundBounds); ok {
		lo, hi := gb.Bounds()
		if num.FiniteVec(lo) && num.FiniteVec(hi) && hi[0] > lo[0] && hi[1] > lo[1] {
			c.bmin, c.bmax, c.bounded = lo, hi, true
		}
	}
	for i := range def.legs {
		if ch := def.legs[i].chain; ch != nil {
			if c.chains == nil {
				c.chains = make([]tentacleChain, len(def.legs))
			}
			cc := &c.chains[i]
			cc.pose = ch.NewPose()
			cc.solver = ik.FABRIK{Tolerance: tentacleTolerance, MaxIterations: tentacleIterations}
			cc.joints = make([]mgl64.Vec2, 0, ch.Len()+1)
			cc.solved = make([]mgl64.Vec2, 0, ch.Len()+1)
			cc.prev = make([]mgl64.Vec2, 0, ch.Len()+1)
			cc.lens = tentacleLengths(&def.legs[i])
			cc.h = make([]float64, ch.Len())
			cc.memo.sn = make([]float64, ch.Len())
			cc.memo.cs = make([]float64, ch.Len())
			cc.side, cc.amp = math.NaN(), 1
		}
	}
	if !c.place(pos, ikanim.DefaultUp()) {
		return nil, fmt.Errorf("creature: New: pos %v: %w (searched %g px)", pos, ErrNoFreePlace, FreeSearch*def.maxReach)
	}
	return c, nil
}

// Def returns the creature's definition.
func (c *Creature) Def() *Def { return c.def }

// Place teleports the creature: body centre at pos, up along up (normalised;
// a zero or non-finite up means (0,-1)), speed 0, every foot planted on the
// foothold found below its home (or dangling at home when nothing is
// found). A pos that is not finite or lies beyond ik.MaxCoord is ignored:
// the creature stays as it is and Place returns false (New returns an
// error for it).
//
// A pos inside a solid, on a Ground that tells (GroundInside; a spawn point
// under the floor line), is lifted out to the free place nearest to it: the
// nearest face where the rock ends along up, the body's sides, the
// diagonals between them or down (solids that overlap are crossed), within
// FreeSearch times the longest leg's reach; the body stands BodyHeight
// above that face, its up along the face's normal, and its feet plant on
// it. Where there is none, the body stays at pos and does not fall (a
// buried body never falls through the rock): Place returns false (New
// fails); otherwise it returns true.
func (c *Creature) Place(pos, up mgl64.Vec2) bool {
	return c.place(pos, up)
}

// place is Place.
func (c *Creature) place(pos, up mgl64.Vec2) bool {
	ground := c.ground
	if !num.WithinVec(pos, ik.MaxCoord) {
		return false
	}
	c.up = num.UnitOr(up, mgl64.Vec2{0, -1})
	free := true
	if c.inRock(pos) {
		if s, n, ok := c.freeSpot(pos, c.up); ok {
			pos, c.up = s, n
		} else {
			free = false
		}
	}
	c.pos = pos
	c.speed = 0
	c.turn = c.facing
	c.falling = 0
	c.wallW = 0
	c.aheadN = mgl64.Vec2{}
	c.planted, c.airborn = 0, 0
	c.crouched = false
	c.resetProgress()
	c.resetWay()
	c.route = routePlan{}
	for i := range c.legs {
		l := &c.legs[i]
		home := c.homeWorld(i)
		*l = leg{foot: home, normal: c.up, state: legDangling}
		c.rays[i] = footRay{}
		if ground != nil {
			hip := c.bodyPoint(c.def.legs[i].hipBody())
			if p, n, ok := c.foothold(ground, i, home, hip, l); ok {
				l.foot, l.normal, l.state = p, n, legPlanted
				l.alt = c.kneeSide(ground, i, hip, p, n, false)
				l.altTo = l.alt
				c.planted++
			}
		}
		l.from, l.to, l.fromN, l.toN = l.foot, l.foot, l.normal, l.normal
	}
	c.prepareLegs(nil)
	for i := range c.chains {
		c.chains[i].side = math.NaN() // the tentacles' shapes start afresh
		c.chains[i].prevOK = false
		c.chains[i].warp = math.NaN()
	}
	dt := c.rateDt
	c.rateDt = 0
	c.solveLegs()
	c.rateDt = dt
	return free
}

// SetMove makes the creature walk under direct control: dir in [-1, 1] is
// the fraction of Gait.Speed along Right() (clockwise along the surface: on
// a floor +1 walks right, on a wall to the right it climbs). 0 stops.
func (c *Creature) SetMove(dir float64) {
	if !num.Finite(dir) {
		dir = 0
	}
	c.move = math.Max(-1, math.Min(1, dir))
	c.steer = steerMove
	c.resetWay()
}

// SetTarget makes the creature walk along its surface toward p and stop
// within Gait.ArriveRadius of it, or of the point of the surface under the
// body (so a target on the surface is reached standing over it), or where p
// lies straight above or below the body, off the surface. Where p lies beyond the plane of the surface
// under the creature (the far side of a block whose face it climbs), it
// keeps its way round the solid (update.go, step 1). The creature plans
// which way round the contour it stands on reaches p (route.go) and walks
// that way until it is near p. Calling SetTarget again with the same point
// (every frame, say) changes nothing; a point that moved plans afresh once
// it moved more than Gait.ArriveRadius.
func (c *Creature) SetTarget(p mgl64.Vec2) {
	if !num.FiniteVec(p) {
		c.Stop()
		return
	}
	if c.steer == steerTarget && p == c.target {
		return
	}
	c.target = p
	c.steer = steerTarget
	c.resetWay()
}

// SetPath makes the creature visit points in order (the slice is kept, not
// copied: do not modify it while the creature follows it). With loop, it
// starts again from the first point after the last; otherwise it stops at
// the last point. An empty path stops the creature; a path of one point
// does not loop (the creature arrives there, as at SetTarget's point);
// points that are not finite are passed over (a path of none but those
// stands still). A waypoint the creature makes no progress toward for the
// waypoint timeout (SetWaypointTimeout; DefaultWaypointTimeout, 6 s) is
// given up and it goes on to the next (not the last point of a path that
// does not loop); PathIndex tells which waypoint it walks to,
// SkipWaypoint gives the current one up, SkippedWaypoints counts them.
func (c *Creature) SetPath(points []mgl64.Vec2, loop bool) {
	if len(points) == 0 {
		c.Stop()
		return
	}
	if len(points) == 1 {
		loop = false
	}
	c.path, c.pathNext, c.pathLoop = points, 0, loop
	c.skipped = 0
	c.steer = steerPath
	c.resetWay()
}

// Stop stops steering; the creature slows to a halt.
func (c *Creature) Stop() { c.steer = steerStop; c.move = 0; c.resetWay() }

// Arrived reports whether the creature is at its target or at the end of a
// non-looping path. Once it came within Gait.ArriveRadius of its target it
// stays arrived (and stands) until it is more than twice that from it.
func (c *Creature) Arrived() bool {
	switch c.steer {
	case steerTarget:
		return (c.way.arrived && c.way.goal == c.target) || c.within(c.target, c.def.arrive2)
	case steerPath:
		return !c.pathLoop && c.pathNext >= len(c.path)
	}
	return false
}

// inBounds reports whether p lies strictly inside the Ground's rectangle
// (GroundBounds), or there is none.
func (c *Creature) inBounds(p mgl64.Vec2) bool {
	return !c.bounded || p[0] > c.bmin[0] && p[1] > c.bmin[1] && p[0] < c.bmax[0] && p[1] < c.bmax[1]
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

// Facing returns the way the creature faces: FacingRight when forward is
// Right(), FacingLeft when it is -Right(). It turns by itself when the
// walking direction reverses.
func (c *Creature) Facing() ikanim.Facing {
	if c.facing < 0 {
		return ikanim.FacingLeft
	}
	return ikanim.FacingRight
}

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

// Leg returns the state of leg i after the last Update (a plain read: the
// pose was solved in Update). It panics if i is out of range.
func (c *Creature) Leg(i int) LegState {
	l := &c.legs[i]
	p := &c.poses[i]
	return LegState{
		Hip: p.hip, Knee: p.knee, Ankle: p.ankle, Foot: p.tip,
		Contact: l.foot, Normal: l.normal,
		Planted: l.state == legPlanted, Stepping: l.state == legStepping,
		Progress: l.t, Target: l.to,
	}
}

// NumLegs returns the number of legs.
func (c *Creature) NumLegs() int { return len(c.legs) }

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
	p := &c.poses[i]
	dst = append(dst, p.hip, p.knee, p.ankle)
	if c.def.legs[i].segs == 3 {
		dst = append(dst, p.tip)
	}
	return dst
}

// homeWorld returns leg i's home in world space for the current body.
func (c *Creature) homeWorld(i int) mgl64.Vec2 {
	return c.bodyPoint(c.def.legs[i].homeBody())
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

// invCount[k] is 1/k for k legs (index 0 unused).
var invCount = func() (t [MaxLegs + 1]float64) {
	for k := 1; k <= MaxLegs; k++ {
		t[k] = 1 / float64(k)
	}
	return t
}()
