package creature

// One creature frame, in order (each step reads what the one before wrote):
//
//  1. steering: the commanded speed along the surface tangent Right() comes
//     from SetMove, SetTarget or SetPath (toward a point p: the sign of
//     (p - body).Right(), slowing within two arrive radii; but when p lies
//     beyond the plane of the surface under the creature more than along it,
//     (p-body).up < -|(p-body).Right()|, as on the near face of a block
//     whose far side p is on, the way there is round the solid and the
//     creature keeps walking the way it walks, at full speed: the projection
//     would send it down the face and back up for ever); while it hangs
//     from a ceiling the creature keeps the sense it walked in instead
//     (way.go: out of a pocket under a lip the way is round the lip, not
//     back into the corner); toward a point the creature first plans
//     which way round the contour reaches it (route.go) and keeps that way
//     until it is near the point; the walking speed
//     v follows it with a = 1-exp(-Accel*dt); the facing turns when v
//     changes sign, and the body frame turns after it at TurnRate (Turn).
//  2. the body moves by v*hold*ahead*dt along Right(); hold < 1 while a
//     planted leg is stretched beyond ReachRatio (legs.go), so the body
//     never drags a planted foot; ahead < 1 where the move would bring the
//     front hips within aheadClear of the face the wall probe last hit
//     ahead (ahead.go), so the body never walks its front into the floor
//     at the foot of a wall it walks down.
//  3. stepping feet advance on their arcs and land (step.go).
//  4. every ProbePeriod seconds a forward ray from the body looks for a wall
//     ahead within the front feet's reach; its normal, weighted by how near
//     the wall is (edgeFarWeight once the body stands at it, ahead.go),
//     joins the contact normals below (inner corners). When it
//     misses while a foot dangles or the body is held, an edge probe looks
//     below the front and, finding no ground there, casts back under the
//     edge: the face beyond an outer corner joins the normals with weight 1.
//     When that ray, which ends below the body, finds nothing, the body has
//     walked past the edge (hind feet on the top, front feet dangling in the
//     air beyond it): the ray goes on behind the body by the front reach,
//     and the face it enters there joins with weight 2, so the body turns
//     round the edge instead of standing level beyond it (where the
//     planted feet's normals and a weight of 1 cancelled on a steep peak).
//  5. body: the reference point P is the mean of the planted feet and of the
//     ground points under the stepping feet (the eased chord, so a landing
//     moves P continuously), the reference normal N the mean of their
//     normals. The up vector turns toward N with b = 1-exp(-TiltRate*dt)
//     (up <- unit(up + (N-up)*b)), and the body moves along up so its height
//     above P, h = (pos-P).up, approaches BodyHeight (+ breathing) with
//     a = 1-exp(-HeightRate*dt). Both rates are per second, so 30, 60 and
//     144 TPS give the same motion.
//  6. gait (gait.go): planted feet further than StepDistance from their
//     home, or beyond ReachRatio of their reach, step when the gait allows;
//     so does a planted 2- or 3-segment leg whose knee (as solved last
//     frame) lies in the solid under its foot (kneeBlocked: below the
//     plane of the foot's face by more than kneeSink, a dot product, and
//     then a ray from just off the face to the knee enters a solid), or
//     whose knee lies below the plane of another planted foot's face and
//     whose femur or tibia enters a solid (kneeAcross: a pillar beside
//     the foot, the far face of a corner): it lifts instead of standing
//     bent through the rock, whatever its neighbours do, as long as
//     MinPlanted feet stay down (gait.go). Its bend side does not change
//     while planted; the step may land it with the other side (legs.go).
//  7. the legs are solved (legs.go): the 2- and 3-segment legs in the
//     pass over the legs that gives the gait its inputs (step 6; the steps
//     the gait starts move no hip, target or foot, so these are the
//     frame's poses), the tentacles after the gait.
//
// With no foot on the ground (all dangling), the creature does not walk;
// it falls down the screen (+y) with gravity, at most fallSpeed, its up
// turning back toward (0,-1) at TiltRate,
// swept by a ray so it stops BodyHeight above the first surface below it
// (fall), until a foot finds a foothold again.

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim"
	"github.com/ikanim/kit/ikanim/ik"
	"github.com/ikanim/kit/ikanim/internal/num"
)

const (
	// gravity is the fall acceleration of a creature with no foothold, px/s^2.
	gravity = 900
	// fallSpeed is the terminal fall speed, px/s: a fall moves the
	// body at most fallSpeed*ikanim.MaxDt per update.
	fallSpeed = 600
	// facingSpeed is the speed, px/s, above which a reversed walking
	// direction turns the creature around.
	facingSpeed = 1.0
)

// Update advances the creature by one frame of dt seconds on its ground:
// steering, body, stepping and the pose of every leg (see the steps
// above), so Leg, Draw and DrawDebug only read what it wrote. dt is
// clamped to [0, ikanim.MaxDt] (NaN counts as 0), as everywhere in this
// library; a frame of 0 s, or a creature made with a nil ground, leaves
// it unchanged. It does not allocate.
func (c *Creature) Update(dt float64) {
	dt = num.ClampDt(dt)
	g := c.ground
	if dt == 0 || g == nil {
		return
	}
	gd := &c.def.Gait
	c.clock += dt

	// 1. Steering.
	cmd := c.steerCommand()
	if dt != c.rateDt {
		c.setRates(dt)
	}
	c.speed += (cmd - c.speed) * c.rateAccel
	if c.speed*c.facing < -facingSpeed {
		c.facing = -c.facing
	}
	if d := c.facing - c.turn; d != 0 {
		step := gd.TurnRate * dt
		c.turn += math.Max(-step, math.Min(step, d))
	}

	// 2. Move along the surface: planted feet propel the body; with none
	// planted it does not walk (a fall is swept, step 5; a walk in the air
	// would not be).
	if c.planted > 0 {
		right := c.Right()
		ahead := 1.0
		if c.aheadN != (mgl64.Vec2{}) {
			ahead = c.aheadFactor(right)
		}
		move := c.speed * c.hold * dt * ahead
		if c.bounded {
			move = c.boundedMove(right, move)
		}
		c.pos = c.pos.Add(right.Mul(move))
	}

	// 3. Stepping feet (a planted foot whose ground went away first lets
	// go: hold.go); in the same pass, the sums of step 5's reference
	// point and normal (the wall probe does not move the feet).
	c.checkHold(g, dt)
	var ref contacts
	for i := range c.legs {
		l := &c.legs[i]
		switch l.state {
		case legPlanted:
			ref.addPlanted(l.foot, l.normal)
		case legStepping:
			if e := c.advanceStep(i, dt); l.state == legPlanted {
				ref.addPlanted(l.foot, l.normal)
			} else {
				// The ground point under the foot (the eased chord
				// without the lift) and the blended normal.
				ref.rx += l.from[0] + (l.to[0]-l.from[0])*e
				ref.ry += l.from[1] + (l.to[1]-l.from[1])*e
				ref.nx += l.fromN[0] + (l.toN[0]-l.fromN[0])*e
				ref.ny += l.fromN[1] + (l.toN[1]-l.fromN[1])*e
				ref.k++
			}
		case legDangling:
			l.retry -= dt
			if l.seenOK {
				ref.seen++
			}
		}
	}

	// 4. Wall probe.
	c.probeWall(g, dt)

	// 5. Body height and tilt, out of the solids.
	c.settleBody(g, dt, &ref)
	c.bodyOut(g)

	// 6. Leg constraint, hips, targets, stretch; gait.
	// prepareLegs also solves the 2- and 3-segment legs (step 7) and
	// records what the gait wants (the steps it starts move no foot).
	c.pull = pullSpeed * dt
	// The planted feet are those the sums saw (nothing since lifted or
	// landed a foot).
	plan := gaitPlan{mixed: ref.mixed}
	c.prepareLegs(&plan)
	c.pull = 0
	c.gaitStart(g, &plan)

	// 7. Tentacles.
	c.solveLegs()

	c.trackProgress(dt)
	c.trackArrival()
	c.trackWay(dt)
}

// boundedMove returns the move along right (signed, px) shortened so that
// the body stays inside the Ground's rectangle (GroundBounds): the level's
// edge is a wall the body stops at, its front feet dangling over it
// (beyond the rectangle it holds nothing; with its footholds refused there
// but its walk not stopped, a creature walking on past the end of a floor
// that reaches the edge fell off). A move back inside is never shortened.
func (c *Creature) boundedMove(right mgl64.Vec2, move float64) float64 {
	if move == 0 {
		return 0
	}
	m := math.Abs(move)
	// Far from every side (more than twice the move, right no longer than
	// 1.5 along an axis): each side's bound below exceeds m, which is then
	// the move itself, without the divisions.
	if a := 2 * m; math.Abs(right[0]) <= 1.5 && math.Abs(right[1]) <= 1.5 &&
		c.bmax[0]-c.pos[0] > a && c.pos[0]-c.bmin[0] > a && c.bmax[1]-c.pos[1] > a && c.pos[1]-c.bmin[1] > a {
		return move
	}
	sg := 1.0
	if move < 0 {
		sg = -1
	}
	d := right.Mul(sg) // the way the body moves
	for k := 0; k < 2; k++ {
		switch {
		case d[k] > 1e-12:
			m = math.Min(m, math.Max(0, (c.bmax[k]-c.pos[k])/d[k]))
		case d[k] < -1e-12:
			m = math.Min(m, math.Max(0, (c.bmin[k]-c.pos[k])/d[k]))
		}
	}
	return sg * m
}

// setRates computes the frame-rate independent smoothing factors
// 1-exp(-k*dt) of the accel, tilt and height rates for dt; Update keeps
// them while dt does not change (three exponentials per frame saved).
func (c *Creature) setRates(dt float64) {
	gd := &c.def.Gait
	c.rateDt = dt
	c.rateAccel = 1 - math.Exp(-gd.Accel*dt)
	c.rateTilt = 1 - math.Exp(-gd.TiltRate*dt)
	c.rateHeight = 1 - math.Exp(-gd.HeightRate*dt)
}

// steerCommand returns the commanded signed speed along Right().
func (c *Creature) steerCommand() float64 {
	gd := &c.def.Gait
	switch c.steer {
	case steerMove:
		return c.move * gd.Speed
	case steerPath:
		// Points within reach are passed, and so are points that are not
		// finite (SetPath).
		for c.pathNext < len(c.path) && (!num.FiniteVec(c.path[c.pathNext]) || c.within(c.path[c.pathNext], c.def.arrive2)) {
			c.pathNext++
			if c.pathNext == len(c.path) && c.pathLoop {
				c.pathNext = 0
				break
			}
		}
		if c.waypointTimedOut() {
			// No progress toward it for the waypoint timeout: give it
			// up (path.go); the next frame passes the next one if it is
			// within reach.
			c.SkipWaypoint()
		}
		if c.pathNext >= len(c.path) || !num.FiniteVec(c.path[c.pathNext]) {
			return 0
		}
		return c.wayCommand(c.path[c.pathNext])
	case steerTarget:
		return c.wayCommand(c.target)
	}
	return 0
}

// towards returns the signed speed that walks toward p along the surface,
// slowing down within two arrive radii.
func (c *Creature) towards(p mgl64.Vec2) float64 {
	gd := &c.def.Gait
	dx, dy := p[0]-c.pos[0], p[1]-c.pos[1]
	if c.within(p, c.def.arrive2) {
		return 0
	}
	along := dx*-c.up[1] + dy*c.up[0] // d . Right()
	a := math.Abs(along)
	if behind := dx*c.up[0] + dy*c.up[1]; behind < -a && !c.route.noWay {
		// p lies beyond the surface's plane more than along it (on a wall
		// or pillar the creature climbs, p on the far side of the top): the
		// way there is round the solid, so keep the way the creature walks
		// (step 1 above), at full speed. Unless the route traced the
		// contour both ways, neither reached p, and p lies inside a solid
		// (route.go: noWay; in the rock under a floor): then it stops
		// where p lies straight below it, as SetTarget says, instead of
		// pacing to and fro past it (a new user's trial: 160 px either side
		// for 30 s).
		dir := c.facing
		if c.speed != 0 {
			dir = math.Copysign(1, c.speed)
		}
		return dir * gd.Speed
	}
	if a < 0.25*gd.ArriveRadius {
		return 0
	}
	k := a * c.def.invArrive2
	if k > 1 {
		k = 1
	}
	return math.Copysign(k*gd.Speed, along)
}

// within reports whether p lies within sqrt(r2) of the body centre, or of
// the point of the surface under it (BodyHeight below it along up): a
// target on the surface is reached when the body stands over it.
func (c *Creature) within(p mgl64.Vec2, r2 float64) bool {
	dx, dy := p[0]-c.pos[0], p[1]-c.pos[1]
	if dx*dx+dy*dy <= r2 {
		return true
	}
	h := c.def.Gait.BodyHeight
	dx, dy = dx+c.up[0]*h, dy+c.up[1]*h
	return dx*dx+dy*dy <= r2
}

// probeWall casts the forward wall probe every ProbePeriod seconds, and
// the edge probe when a foot found no foothold or the body is held.
func (c *Creature) probeWall(g ikanim.Ground, dt float64) {
	gd := &c.def.Gait
	if gd.ProbePeriod < 0 {
		return
	}
	c.probeT -= dt
	if c.probeT > 0 {
		return
	}
	c.probeT += gd.ProbePeriod
	if c.probeT < 0 {
		c.probeT = gd.ProbePeriod
	}
	reach := c.frontReach()
	dir := c.Forward()
	if c.speed*c.facing < 0 {
		dir = dir.Mul(-1)
	}
	to := c.pos.Add(dir.Mul(reach))
	c.probeA, c.probeB = c.pos, to
	p, n, ok := c.ray(g, c.pos, to)
	c.aheadN = mgl64.Vec2{}
	if ok && num.FiniteVec(p) && num.FiniteVec(n) && n.Dot(dir) < 0 {
		c.aheadP, c.aheadN = p, n
	}
	if ok && num.FiniteVec(n) && n.Dot(c.up) >= minFacing {
		c.wallN, c.wallW = n, math.Max(0, 1-num.Len(p.Sub(c.pos))/reach)
		if c.aheadN != (mgl64.Vec2{}) && c.aheadGap() <= 0 {
			// The body stands at the face (aheadFactor holds it): it
			// turns onto the face as fast as past an edge.
			c.wallW = edgeFarWeight
		}
		return
	}
	c.wallW = 0
	if c.hold >= 1 && !c.anyDangling() {
		return
	}
	// Edge probe: no ground below the front of the body means an outer
	// corner; the face beyond it is found by a ray from below the edge back
	// toward the body, and the body turns toward its normal.
	h := c.def.Gait.BodyHeight
	below := to.Sub(c.up.Mul(2 * h))
	if _, _, ok := g.Raycast(to, below); ok {
		return
	}
	back := c.pos.Sub(c.up.Mul(1.5 * h))
	c.probeA, c.probeB = below, back
	_, n, ok = g.Raycast(below, back)
	w := edgeWeight
	if !ok {
		w = edgeFarWeight
		// The body is past the edge already: the face is behind it.
		far := back.Sub(dir.Mul(reach))
		c.probeA, c.probeB = below, far
		_, n, ok = g.Raycast(below, far)
		ok = ok && n.Dot(far.Sub(below)) < 0
	}
	if ok && num.FiniteVec(n) && n.Dot(c.up) >= minFacing {
		c.wallN, c.wallW = n, w
	}
}

// edgeWeight is the weight of the face beyond an outer corner in the
// body's reference normal; edgeFarWeight when the body has already walked
// past the edge (the face lies behind it).
const (
	edgeWeight    = 1.0
	edgeFarWeight = 2.0
)

// anyDangling reports whether a foot has no foothold.
func (c *Creature) anyDangling() bool {
	for i := range c.legs {
		if c.legs[i].state == legDangling {
			return true
		}
	}
	return false
}

// frontReach is the distance ahead of the body at which a wall matters: the
// furthest home along the body plus a step.
func (c *Creature) frontReach() float64 {
	return c.def.frontReach
}

// contacts sums the contact points and normals of the feet on the
// ground (planted, and the ground point under stepping feet) for step 5.
type contacts struct {
	rx, ry, nx, ny float64
	k              int
	// The planted feet (addPlanted): how many, the first one's normal,
	// and whether another one has another normal (gaitPlan.mixed).
	planted int
	n0      mgl64.Vec2
	mixed   bool
	// seen counts the dangling legs that saw ground out of their reach
	// (crouch.go).
	seen int
}

func (s *contacts) add(p, n mgl64.Vec2) {
	s.rx += p[0]
	s.ry += p[1]
	s.nx += n[0]
	s.ny += n[1]
	s.k++
}

// addPlanted adds a planted foot at p of normal n.
func (s *contacts) addPlanted(p, n mgl64.Vec2) {
	if s.planted == 0 {
		s.n0 = n
	} else if n != s.n0 {
		s.mixed = true
	}
	s.planted++
	s.add(p, n)
}

// settleBody moves the body along up to its height above the contacts sums
// and turns up toward their mean normal (step 5).
func (c *Creature) settleBody(g ikanim.Ground, dt float64, sum *contacts) {
	gd := &c.def.Gait
	rx, ry, nx, ny, k := sum.rx, sum.ry, sum.nx, sum.ny, sum.k
	if k == 0 {
		c.fall(g, dt)
		return
	}
	c.falling = 0
	inv := invCount[k]
	ref := mgl64.Vec2{rx * inv, ry * inv}
	fk := float64(k)
	if c.wallW > 0 || nx != c.up[0]*fk || ny != c.up[1]*fk {
		// The mean normal differs from up: turn toward it. (When every
		// contact's normal is up itself, as on flat ground at rest tilt,
		// up + (N-up)*b is up: both normalisations are skipped.)
		nrm := mgl64.Vec2{nx * inv, ny * inv}
		if c.wallW > 0 {
			nrm = nrm.Add(c.wallN.Mul(c.wallW))
		}
		nrm = num.UnitOr(nrm, c.up)
		b := c.rateTilt
		c.up = num.UnitOr(mgl64.Vec2{c.up[0] + (nrm[0]-c.up[0])*b, c.up[1] + (nrm[1]-c.up[1])*b}, c.up)
	}

	want := gd.BodyHeight
	if gd.BreathAmplitude > 0 {
		c.breath = gd.BreathAmplitude * math.Sin(2*math.Pi*gd.BreathRate*c.clock)
		want += c.breath
	}
	if sum.seen == 0 {
		c.crouched = false
	} else if c.crouched || c.hold < crouchHold {
		c.crouched = true
		want = c.crouch(ref, want)
	}
	h := c.pos.Sub(ref).Dot(c.up)
	a := c.rateHeight
	c.pos = c.pos.Add(c.up.Mul((want - h) * a))
}

// bodyOut lifts a body that has got inside a solid (settleBody keeps its
// height above the mean of the contacts, and where the feet stand on the
// sides of a convex solid, a boulder or a peak, that mean lies inside it)
// out along up, bodyClear px above the face it is under: a tentacled
// creature walking over boulders resting on a floor sank into one and,
// at 144 TPS, through the floor and out of the world (a new user's
// trial). Only on a Ground that tells whether a point is inside a solid
// (GroundInside; one query a frame): a ray from BodyHeight above the body
// down to it finds the face. Where that point is inside a solid too, the
// same along the body's forward axis, its backward axis and down (the
// first whose point is outside; bodyClear off the face the ray meets); a
// body deeper than BodyHeight every way goes to the nearest free place
// (freeSpot), or stays where it is when there is none (fall does not move
// a body in the rock).
func (c *Creature) bodyOut(g ikanim.Ground) {
	in := c.inside
	if in == nil || !in.Inside(c.pos) {
		return
	}
	// Along up, then along the body's forward and backward axis, then
	// down: the first way out within BodyHeight. (Along up alone, a
	// crawler hanging under a ceiling slid into the pillar that holds the
	// ceiling up, at the inner corner, its up along the pillar, and walked
	// on inside it for 15 s.)
	r := c.Right().Mul(c.facing)
	for _, d := range [4]mgl64.Vec2{c.up, r, r.Mul(-1), c.up.Mul(-1)} {
		from := c.pos.Add(d.Mul(c.def.Gait.BodyHeight))
		if in.Inside(from) {
			continue
		}
		if p, n, hit := g.Raycast(from, c.pos); hit && num.FiniteVec(p) && n.Dot(d) > 0 {
			c.pos = p.Add(d.Mul(bodyClear))
			return
		}
	}
	// Deeper than BodyHeight every way (placed in the rock): the nearest
	// free place (unbury.go), its up along the face it stands over; the
	// feet let go of what they held in the rock and search again.
	if s, n, ok := c.freeSpot(c.pos, c.up); ok {
		c.pos, c.up = s, n
		c.dropFeet()
	}
}

// bodyClear is how far, px, bodyOut lifts a body above the face it was
// under.
const bodyClear = 1.0

// kneeSink: a planted leg whose knee lies more than this, px, below the
// plane of its foothold's face, and in a solid (kneeBlocked), wants to step
// (gaitStep).
const kneeSink = 0.5

// kneeAcross reports whether the femur or the tibia of planted leg i (l),
// as solved last frame, enters a solid that is not the one under its own
// foot (kneeBlocked looks at that one): a pillar beside the foot, the other
// face of a convex corner. The trigger costs no ray: the knee lies below
// the plane of another planted foot's face, of another normal than l's,
// by more than kneeSink (on ground where every planted foot has the same
// normal there is nothing to test); then two rays, hip -> knee and knee
// -> two-bone end, confirm it. At most kneeAcrossMax legs a frame are
// confirmed (plan.rays counts them).
func (c *Creature) kneeAcross(i int, l *leg, plan *gaitPlan) bool {
	if plan.rays >= kneeAcrossMax {
		return false
	}
	k := c.poses[i].knee
	legs := c.legs
	for j := range legs {
		o := &legs[j]
		if j == i || o.state != legPlanted || o.normal == l.normal {
			continue
		}
		if (k[0]-o.foot[0])*o.normal[0]+(k[1]-o.foot[1])*o.normal[1] >= -kneeSink {
			continue
		}
		plan.rays++
		p := &c.poses[i]
		// (No ray where the Ground proves the rectangle round the leg
		// holds no solid.)
		return !c.clear3(p.hip, k, p.ankle) && (swingHit(c.ground, p.hip, k) || tibiaHit(c.ground, &c.def.legs[i], k, p.ankle))
	}
	return false
}

// mixedNormals reports whether two planted feet have different normals
// (otherwise no knee lies below another planted foot's face of another
// normal, and kneeAcross would test nothing).
func (c *Creature) mixedNormals() bool {
	var n mgl64.Vec2
	first := true
	for i := range c.legs {
		l := &c.legs[i]
		if l.state != legPlanted {
			continue
		}
		if first {
			n, first = l.normal, false
		} else if l.normal != n {
			return true
		}
	}
	return false
}

// kneeAcrossMax is the most legs a frame whose knees kneeAcross confirms
// with rays.
const kneeAcrossMax = 2

// gaitPlan is what the gait wants of each leg this frame (gaitWant), for
// gaitStart.
type gaitPlan struct {
	rays int // legs kneeAcross confirmed with rays this frame
	// mixed: the planted feet do not all have the same normal (on ground
	// where they do, kneeAcross has no face to test and is not called).
	mixed bool
	// need is the squared stray (distance from home / StepDistance)^2, 0 =
	// no need: squaring keeps the order of the strays, so the furthest
	// still goes first, and saves a square root per leg.
	need   [MaxLegs]float64
	urgent [MaxLegs]bool
	knee   uint32 // legs whose knee is in a solid (bit i: leg i)
	// guard: legs that want to step only because the leg guard found
	// them through a solid (guard.go; bit i: leg i): with no foothold
	// they keep the one they hold.
	guard uint32
	any   bool
}

// gaitStep starts the steps the gait allows (step 6): gaitWant for every
// leg (for the body and feet as they are), then gaitStart. (Update has
// prepareLegs call gaitWant in its pass over the legs.)
func (c *Creature) gaitStep(g ikanim.Ground) {
	var plan gaitPlan
	legs := c.legs
	dl := c.def.legs[:len(legs)]
	plan.mixed = c.mixedNormals()
	for i := range legs {
		c.gaitWant(i, &legs[i], &dl[i], c.legs[i].foot.Sub(c.homeWorld(i)).LenSqr(), &plan)
	}
	c.gaitStart(g, &plan)
}

// gaitWant records in plan whether leg i (l, of definition ld) wants to
// step, how much and how urgently, after prepareLegs wrote its stretch (and,
// for a dangling leg, where it hangs); home2 is a planted foot's squared
// distance from its home. A planted leg's knee is the one solved in the
// last frame.
func (c *Creature) gaitWant(i int, l *leg, ld *legDef, home2 float64, plan *gaitPlan) {
	switch l.state {
	case legDangling:
		if l.retry <= 0 {
			plan.need[i] = gaitUrgentRatio * gaitUrgentRatio
			plan.urgent[i] = true
			plan.any = true
		}
		return
	case legStepping:
		return
	}
	// over: beyond ReachRatio, or folded tighter than the body
	// constraint's least distance (it must lift, gaitMayLift), or
	// its knee is in the solid under the foot (it lifts if MinPlanted
	// allows, gaitMayLift).
	st2 := ld.gaitStretch2(l.stretch2)
	over := st2 > c.def.reach2 || l.stretch2 < ld.liftMin2
	if !over && ld.chain == nil {
		k := &c.poses[i].knee
		// kneeBlocked, its test of the face's plane written out (no call
		// unless the knee lies below it).
		if (k[0]-l.foot[0])*l.normal[0]+(k[1]-l.foot[1])*l.normal[1] < -kneeSink && kneeBlocked(c.ground, l.foot, l.normal, *k) ||
			plan.mixed && c.kneeAcross(i, l, plan) {
			over = true
			plan.knee |= 1 << i
		}
	}
	stray2 := home2 * c.def.invStep2
	if !over && stray2 <= gaitSyncRatio*gaitSyncRatio {
		return
	}
	if stray2 > 1 || over {
		plan.need[i] = stray2
		if stray2 < 1 {
			plan.need[i] = 1
		}
		plan.urgent[i] = over || stray2 > gaitUrgentRatio*gaitUrgentRatio
		plan.any = true
	} else {
		plan.need[i] = -stray2 // may join its group
	}
}

// gaitStart starts the steps the gait allows of those plan wants, the
// furthest strayed first.
func (c *Creature) gaitStart(g ikanim.Ground, plan *gaitPlan) {
	if !plan.any {
		return
	}
	n := len(c.legs)
	need, urgent, knee := &plan.need, &plan.urgent, plan.knee
	// The legs with a positive need, furthest strayed first, ties by
	// index: a positive need only changes when its leg is taken, so
	// this is the order in which a scan for the largest need would take
	// them.
	var order [MaxLegs]int8
	k := 0
	for i := 0; i < n; i++ {
		if !(need[i] > 0) {
			continue
		}
		j := k
		for j > 0 && need[order[j-1]] < need[i] {
			order[j] = order[j-1]
			j--
		}
		order[j] = int8(i)
		k++
	}
	wave := c.gaitWave()
	for _, b := range order[:k] {
		best := int(b)
		need[best] = 0
		l := &c.legs[best]
		if l.state == legDangling {
			c.retryDangling(g, best)
			continue
		}
		if !c.gaitMayLift(best, urgent[best], wave, knee&(1<<best) != 0) {
			continue
		}
		if !c.startStep(g, best, urgent[best], plan.guard&(1<<best) != 0) || wave {
			continue
		}
		// Group sync: legs of the same group that strayed enough join.
		grp := c.def.legs[best].group
		for j := 0; j < n; j++ {
			if need[j] < 0 && c.def.legs[j].group == grp && c.gaitMayLift(j, false, wave, false) {
				need[j] = 0
				c.startStep(g, j, false, false)
			}
		}
	}
}

// retryDangling looks for a foothold for a dangling leg and starts a step
// to it from where the foot hangs.
func (c *Creature) retryDangling(g ikanim.Ground, i int) {
	l := &c.legs[i]
	l.retry = retryTime
	if c.startStep(g, i, false, false) {
		return
	}
	l.state = legDangling
}

// fall moves a creature with no foot on the ground down the screen (+y,
// whatever surface it let go of: from a wall it falls down beside it, not
// away from it) while its up turns back toward (0,-1) at TiltRate: the fall
// speed grows with gravity up to
// fallSpeed. The move is swept with a ray from the body along down,
// BodyHeight longer than the move, so the body never passes through a
// surface: it stops BodyHeight above the first surface the ray enters, where
// the dangling feet find footholds below their homes (their rays reach
// BodyHeight below the feet) and search at once; the fall speed is reset
// and up turns toward the surface's normal at TiltRate. A ray that starts
// inside a solid reports the face it leaves (its normal along the ray) and
// does not stop the fall. Every update therefore moves the body by at most
// fallSpeed*ikanim.MaxDt, and never through a surface below it; a body
// inside a solid (GroundInside) does not fall at all.
func (c *Creature) fall(g ikanim.Ground, dt float64) {
	if c.inRock(c.pos) {
		// A body in the rock (placed there with no free place near,
		// Place): its sweep would start inside the solid, see no face,
		// and take it through the rock and out of the world.
		c.falling = 0
		return
	}
	c.falling += gravity * dt
	if c.falling > fallSpeed {
		c.falling = fallSpeed
	}
	d := c.falling * dt
	h := c.def.Gait.BodyHeight
	// Gravity pulls down the screen whatever the surface the creature
	// let go of (a creature that loses its hold on a wall falls down beside
	// it, not away from it), and its up turns back toward the default up
	// at TiltRate, so the feet hang below it and search there.
	dx, dy := 0.0, 1.0
	b := c.rateTilt
	c.up = num.UnitOr(mgl64.Vec2{c.up[0] - c.up[0]*b, c.up[1] + (-1-c.up[1])*b}, c.up)
	to := mgl64.Vec2{c.pos[0] + dx*(d+h), c.pos[1] + dy*(d+h)}
	if p, n, ok := g.Raycast(c.pos, to); ok && num.FiniteVec(p) && num.FiniteVec(n) && n[0]*dx+n[1]*dy < 0 {
		if a := (p[0]-c.pos[0])*dx + (p[1]-c.pos[1])*dy - h; a < d {
			// Resting on the surface: up turns toward its normal as it
			// does toward the contacts', and the dangling feet search now.
			d = math.Max(0, a)
			c.falling = 0
			b := c.rateTilt
			c.up = num.UnitOr(mgl64.Vec2{c.up[0] + (n[0]-c.up[0])*b, c.up[1] + (n[1]-c.up[1])*b}, c.up)
			for i := range c.legs {
				if l := &c.legs[i]; l.state == legDangling {
					l.retry = 0
				}
			}
		}
	}
	// Nothing below stops a fall at ik.MaxCoord (a creature in an empty
	// World fell on for good, past the coordinates the library accepts).
	c.pos[0] += dx * d
	c.pos[1] = math.Min(c.pos[1]+dy*d, ik.MaxCoord)
}
