package creature

// Stepping: how a foot finds a foothold and travels to it.
//
// A planted foot is locked in world space: its position is written once, at
// touch-down, from a ray hit, and never changes until the foot lifts, so it
// cannot slide (slip is 0 by construction) and it lies on the surface (the
// contact gap is that of the ray hit).
//
// A step lasting T = StepDuration / (1 + StepSpeedScale*|v|) aims at the home
// predicted for the end of the step, pushed ahead along the velocity v so the
// next stance spans the whole step distance (v: the commanded speed along
// Right() times max(hold, aimHoldMin); the body's own velocity for tentacles):
//
//	pred = home + v*T + (v/|v|) * StepDistance * Overshoot * min(1, |v| / (Speed/2))
//
// The foothold is the first hit of up to four rays (H = body height, up and
// fwd the creature's frame, s = +1 when pred lies ahead of the body along
// Right() and -1 behind):
//
//	A  body -> pred + up*H          a wall between the body and the foothold
//	                                (inner corner: the foot goes onto the wall)
//	B  pred + up*H -> pred - up*D   the ground below the predicted home, D = H
//	G  B moved by s*k*StepDistance, k = 1, 2 (only when B misses):
//	                                a foothold past a gap the leg can span
//	C  pred - up*D -> back toward the body at depth D
//	                                the face below an edge (outer corner: the
//	                                ground ends ahead, the foot wraps around)
//	S  hip -> within reach, sweeping from the direction of pred - up*D to
//	                                down-and-back (sweepRays rays):
//	                                any reachable surface, e.g. the far face
//	                                of a sharp peak the body stands on
//
// A hit is rejected when the ray leaves a solid instead of entering one
// (normal . ray direction >= 0: the ray started inside), when its normal
// faces away from the creature
// (normal . up < minFacing), when the leg would be stretched
// beyond landRatio*ReachRatio from the hip at the end of the step
// or folded closer to it than the body constraint's least distance over
// landRatio (legs.go: a foot landing under the hip, on a
// surface that rises into the body, would fold the leg tighter than the
// two-bone kernel reaches and its drawn tip would slide off the contact),
// or when the hit lies inside another solid (buried).
//
// Buried faces. A ray that starts inside a solid X reports the first
// boundary it crosses. When another solid Y overlaps X (two platforms, a
// triangle sunk into a slab), that crossing can be Y's entering face buried
// in X; and where two solids share a face (the columns of a height field)
// X's exit and Y's entry are the same crossing, reported either way. Both
// look like honest entering hits. The test that does not depend on how the
// hit was found: is q = p + n*buriedEps, just off the face, inside a solid?
// A Ground that answers that itself (GroundInside: terrain.World does)
// is asked, exactly; the rays below are for any other Ground. They are
// not exact: where two solids share a side (the columns AddGround builds
// a height field from), a foothold on that side, reached by a ray from
// inside one column, passed them (its rays along the face stayed inside
// the column and ended short of its top) and the body of a small crawler
// climbing stairs walked down inside them, 168 px deep (a new user's
// trial). The rays: from q, cast
// along n (and, for a face that does not face up, along up too, which leaves
// a height field through its top instead of through shared column sides).
// If q lies in free space the first crossing enters a solid (or there is
// none); if q lies inside a solid the first crossing leaves it, and its
// outward normal points along the ray: then p is buried and rejected. But
// where a third solid's face lies inside the one q is in (the underside of
// a cave's ceiling inside the wall that holds it), the first crossing along
// n can enter that third solid, and where q lies deep in a solid the ray
// along n can end inside it (the side of a slab shared with the slab
// beside it in the ground, which a creature walking down that side reaches
// with its up along n, so the ray along up is not cast); so more rays go
// along the face, both ways when the ray along n entered a solid, else
// toward the body's side (where that slab's top is), and a first crossing
// that leaves a solid buries p too (from free space the first crossing along the face enters
// a solid, or there is none). The
// rays reach reach + BodyHeight, beyond the depth at which any foothold ray
// can start inside a solid. With no foothold the foot stays planted, or, when it must
// step (reach), dangles at its home and searches again after
// retryTime.
//
// The foot travels on an arc: the eased chord plus a lift along up,
//
//	e(t)    = t*t*(3-2t)                      (smoothstep: zero speed at both ends)
//	foot(t) = from + (to-from)*e(t) + up * h * 4t(1-t)
//	h       = StepHeight*min(1, |to-from|/StepDistance) + max(0, (to-from).up)/2
//
// so the lift clears a riser of the height climbed (at t = 1/2 the chord has
// risen half of it and the lift adds the other half), and at t = 1 the foot
// lands exactly on the ray hit.
//
// Swing against the world (clearSwing): when the step starts, a ray checks
// the chord between the two footholds, each lifted swingClear off its face
// (a, b). When it enters a solid (a convex corner or a rim between the
// footholds, a thin pillar), the lift h is doubled (plus swingClear), up to
// swingTries times and at most the leg's reach, until the two rays from a to
// the raised apex, (a+b)/2 + up*(h + rise/2), and from it to b are clear;
// the arc passes above that polyline in its middle, so the foot travels over
// the corner, not through it. When no arc is clear (a foothold right behind
// the corner, or right in front of a riser, that only a vertical move
// reaches), the step takes the box path: straight up along up0 (the up of
// the step's start) by h, across to h above the new foothold, straight down
// onto it,
//
//	lift(t) = h * min(1, 4t(1-t)/boxRise)   (rising for the first boxT0 of the step)
//	s(t)    = clamp((t-boxT0)/(1-2*boxT0), 0, 1)
//	foot(t) = from + (to-from)*s*s*(3-2s) + up0*lift(t)
//
// with the least h of swingTries (the step's lift, doubled plus swingClear,
// at most the reach) whose three segments' rays are clear. When none is (a
// low ceiling over the corner) the step keeps its arc and lift: a higher
// one could as well go into the ceiling. A clear chord costs one ray per
// step. Tentacles (FABRIK legs) keep their arc.

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim"
	"github.com/ikanim/kit/ikanim/ik"
	"github.com/ikanim/kit/ikanim/internal/num"
)

const (
	// minFacing rejects footholds whose normal turns more than about
	// 139 degrees away from the creature's up: the far flank of a sharp peak
	// (130 degrees from the near flank for a 65-degree peak) is accepted,
	// so a creature standing on one flank wraps over the apex.
	minFacing = -0.75
	// retryTime is the wait, seconds, before a dangling foot searches
	// for a foothold again.
	retryTime = 0.1
)

// foothold searches a foothold for leg i around the predicted home pred and
// records the rays for the debug overlay.
func (c *Creature) foothold(g ikanim.Ground, i int, pred, hip mgl64.Vec2, l *leg) (p, n mgl64.Vec2, ok bool) {
	h := c.def.Gait.BodyHeight
	up := c.up
	r := &c.rays[i]
	above := pred.Add(up.Mul(h))
	below := pred.Sub(up.Mul(h))
	right := c.Right()
	along := pred.Sub(c.pos).Dot(right)
	s := c.facing
	if along > 1e-9 {
		s = 1
	} else if along < -1e-9 {
		s = -1
	}

	// A: a wall between the body and the foothold (no ray where the
	// Ground proves it would miss).
	if !c.clear3(c.pos, above, above) {
		p, n, ok = g.Raycast(c.pos, above)
	}
	if ok && c.footholdOK(g, i, hip, p, n, above.Sub(c.pos)) {
		r.from, r.to, r.hit, r.ok = c.pos, above, p, true
		return p, n, true
	}
	// B: the ground below the predicted home. (When A's ray met nothing,
	// above is in sight of the body and outside every solid: no more rays.)
	clearA := !ok
	if p, n, ok = g.Raycast(above, below); ok && c.footholdOK(g, i, hip, p, n, below.Sub(above)) && (clearA || c.outside(g, above)) {
		r.from, r.to, r.hit, r.ok = above, below, p, true
		return p, n, true
	}
	hitB := ok
	// Ground below the home out of the leg's reach: a dangling leg has
	// the body crouch toward it (crouch.go).
	l.seenOK = ok && c.outOfReach(i, hip, p, n, below.Sub(above))
	l.seen = p
	// G: past a gap, one then two step distances further.
	for k := 1.0; !hitB && k <= 2; k++ {
		off := right.Mul(s * k * c.def.Gait.StepDistance)
		a2, b2 := above.Add(off), below.Add(off)
		if p, n, ok = c.ray(g, a2, b2); ok && c.footholdOK(g, i, hip, p, n, b2.Sub(a2)) && c.outside(g, a2) {
			r.from, r.to, r.hit, r.ok = a2, b2, p, true
			return p, n, true
		}
	}
	// C: around an outer corner, back toward the body below the surface.
	back := below.Sub(right.Mul(s * (math.Abs(along) + c.def.Gait.StepDistance)))
	if p, n, ok = g.Raycast(below, back); ok && c.footholdOK(g, i, hip, p, n, back.Sub(below)) && c.outside(g, below) {
		r.from, r.to, r.hit, r.ok = below, back, p, true
		return p, n, true
	}
	// S: a sweep from the hip, from the direction of the predicted foothold
	// down and back under the body, within the leg's reach.
	reach := c.def.legs[i].reach * c.def.Gait.ReachRatio * landRatio * 0.98
	d0 := num.UnitOr(below.Sub(hip), up.Mul(-1))
	d1 := up.Mul(-1).Sub(right.Mul(s))
	for k := 1; k <= sweepRays; k++ {
		t := float64(k) / sweepRays
		dir := num.UnitOr(d0.Mul(1-t).Add(d1.Mul(t)), d0)
		end := hip.Add(dir.Mul(reach))
		if p, n, ok = g.Raycast(hip, end); ok && c.footholdOK(g, i, hip, p, n, end.Sub(hip)) && c.outside(g, hip) {
			r.from, r.to, r.hit, r.ok = hip, end, p, true
			return p, n, true
		}
	}
	r.from, r.to, r.hit, r.ok = above, below, below, false
	return mgl64.Vec2{}, mgl64.Vec2{}, false
}

// outside reports whether the start q of a foothold ray that does not
// start at the body lies outside every solid, judged along the segment from
// q to the body centre (taken as free): every crossing of it enters a solid
// or leaves one, and q lies inside as many solids as it leaves more than
// it enters. (A ray that starts inside a solid skips that solid's faces;
// from q inside the ground, a foothold ray can stop on a face buried in the
// ground, such as the bottom of a block set 1 px into it, and the first
// crossing toward the body can be that face too.) At most outsideRays
// rays, asked only of a hit that footholdOK accepted.
func (c *Creature) outside(g ikanim.Ground, q mgl64.Vec2) bool {
	d := c.pos.Sub(q)
	l := num.Len(d)
	if l < 1e-9 {
		return true
	}
	u := d.Mul(1 / l)
	depth := 0
	from := q
	for k := 0; k < outsideRays; k++ {
		p, n, ok := c.ray(g, from, c.pos)
		if !ok || !num.FiniteVec(p) {
			break
		}
		if n[0]*u[0]+n[1]*u[1] > 0 {
			depth++ // leaves a solid
		} else {
			depth--
		}
		from = p.Add(u.Mul(outsideStep))
	}
	return depth <= 0
}

const (
	// outsideRays is the most rays outside casts.
	outsideRays = 4
	// outsideStep is how far past a crossing, px, outside's next ray
	// starts.
	outsideStep = 0.01
)

// sweepRays is the number of rays of the last-resort sweep.
const sweepRays = 4

// footholdOK checks a hit of a ray along dir for leg i: finite, entering the
// surface (a ray that starts inside a solid reports the face it leaves,
// whose outward normal points along the ray), facing the creature, within
// reach of the hip and not under it (where the hip will be when the foot
// lands), and not inside another solid (buried, see the file comment).
func (c *Creature) footholdOK(g ikanim.Ground, i int, hip, p, n, dir mgl64.Vec2) bool {
	if !num.FiniteVec(p) || !num.FiniteVec(n) {
		return false
	}
	if n[0]*dir[0]+n[1]*dir[1] >= 0 {
		return false
	}
	if n.Dot(c.up) < minFacing {
		return false
	}
	st2 := c.legStretch2(i, hip, p, n)
	if rl := c.def.Gait.ReachRatio * landRatio; st2 > rl*rl || st2 < c.def.legs[i].landMin2() {
		return false
	}
	if !c.inBounds(mgl64.Vec2{p[0] + n[0]*buriedEps, p[1] + n[1]*buriedEps}) {
		return false // on the level's edge or beyond (GroundBounds)
	}
	return !c.buried(g, i, p, n)
}

const (
	// buriedEps is how far off a foothold's face, px, the buried
	// test starts.
	buriedEps = 0.05
	// buriedUpDot: faces whose normal makes more than 60 degrees
	// with up are also tested along up.
	buriedUpDot = 0.5
)

// buried reports whether the foothold p, on a face of outward normal n, lies
// inside a solid (see the file comment).
func (c *Creature) buried(g ikanim.Ground, i int, p, n mgl64.Vec2) bool {
	q := mgl64.Vec2{p[0] + n[0]*buriedEps, p[1] + n[1]*buriedEps}
	if c.inside != nil {
		return c.inside.Inside(q)
	}
	l := c.def.legs[i].reach + c.def.Gait.BodyHeight
	_, hn, ok := g.Raycast(q, mgl64.Vec2{q[0] + n[0]*l, q[1] + n[1]*l})
	if ok && hn[0]*n[0]+hn[1]*n[1] > 0 {
		return true
	}
	// The ray entered a solid, or none: q may still lie inside another
	// one whose exit is farther than that entry or than the ray's length
	// (a ceiling whose underside lies inside the wall holding it; the
	// side of a slab shared with the slab beside it in the ground, which
	// a creature walking down that side reaches with its up along the
	// face's normal). Along the face, both ways, the first crossing
	// leaves that solid too.
	tx, ty := -n[1]*l, n[0]*l
	for _, s := range [2]float64{1, -1} {
		if !ok && s*((c.pos[0]-q[0])*tx+(c.pos[1]-q[1])*ty) < 0 {
			continue // with no solid along n: toward the body's side only
		}
		if _, hn, ok := g.Raycast(q, mgl64.Vec2{q[0] + s*tx, q[1] + s*ty}); ok && s*(hn[0]*tx+hn[1]*ty) > 0 {
			return true
		}
	}
	up := c.up
	if n[0]*up[0]+n[1]*up[1] >= buriedUpDot {
		return false
	}
	_, hn, ok = g.Raycast(q, mgl64.Vec2{q[0] + up[0]*l, q[1] + up[1]*l})
	return ok && hn[0]*up[0]+hn[1]*up[1] > 0
}

// startStep tries to lift leg i toward a new foothold and reports whether it
// did. A leg that must step (urgent) and finds nothing dangles, unless keep
// (a leg the guard lifts, guard.go, whose foot still holds: it keeps that
// hold rather than let go of it).
func (c *Creature) startStep(g ikanim.Ground, i int, urgent, keep bool) bool {
	gd := &c.def.Gait
	l := &c.legs[i]
	// The foothold is aimed by the commanded speed times the hold, but
	// never less than aimHoldMin of it (the hold slows the body while a
	// leg is stretched): aimed by the body's speed alone, a held body
	// planted its feet short, they were stretched again sooner and held it
	// again, and creatures settled at 35-50 % of their speed, differently
	// at each rate (a 6-legged crawler at 41 % at 30 TPS, 99 % at 60; a new
	// user's trial; TestCreatureSpeedIsFrameRateIndependent). Aimed by the
	// whole commanded speed, they walked at 88-100 % of it, but a spider
	// rounding a platform's edge at 30 TPS fell off it. The reach is
	// checked from where the hip will be. Tentacles aim by the body's
	// speed (aimed by the commanded one, on 200 courses their limbs were
	// in the rock in more frames, 30 -> 35 % at 144 TPS).
	aim := c.speed * math.Max(c.hold, aimHoldMin)
	sp := math.Abs(aim)
	v := c.Right().Mul(aim)
	if c.def.legs[i].chain != nil {
		sp, v = c.speedAbs(), c.Velocity()
	}
	dur := gd.StepDuration / (1 + gd.StepSpeedScale*sp)
	pred := c.homeWorld(i).Add(v.Mul(dur))
	if sp > 1e-9 {
		k := gd.StepDistance * gd.Overshoot * math.Min(1, sp/(0.5*gd.Speed+1e-9)) / sp
		pred = pred.Add(v.Mul(k))
	}
	ordered := c.orderPred(i, pred)
	hip := c.bodyPoint(c.def.legs[i].hipBody()).Add(c.Velocity().Mul(dur))
	p, n, ok := c.foothold(g, i, ordered, hip, l)
	if !ok && ordered != pred {
		// No foothold between the neighbours' feet (footorder.go): any.
		p, n, ok = c.foothold(g, i, pred, hip, l)
	}
	if !ok {
		if urgent && !keep {
			c.liftOff(l)
			l.state = legDangling
			l.retry = retryTime
		}
		return false
	}
	alt, free := c.kneeSideFree(g, i, hip, p, n, l.alt)
	same := l.state == legPlanted && c.def.legs[i].chain == nil && p.Sub(l.foot).Dot(p.Sub(l.foot)) < stepMin*stepMin
	if !free || same && urgent && alt == l.alt {
		// The leg would stand through a solid there, whatever its knee's
		// side (or stands so already and would step in place): a
		// foothold half a step ahead or behind where it is free.
		if q, m, b, ok := c.freeFoothold(g, i, ordered, hip, l); ok {
			p, n, alt, same = q, m, b, false
		}
	}
	if same && (!urgent || alt == l.alt) {
		// The foothold is where the foot stands and the knee keeps its
		// side: a step there changes nothing, and a leg that steps in
		// place for ever holds its neighbours down (they may not lift
		// while it is in the air).
		return false
	}
	c.liftOff(l)
	l.state = legStepping
	c.airborn++
	l.from, l.fromN = l.foot, l.normal
	l.to, l.toN = p, n
	l.t = 0
	l.rate = 1 / dur
	l.lift = gd.StepHeight * math.Min(1, num.Len(l.to.Sub(l.from))/gd.StepDistance)
	l.box, l.boxUp = false, c.up
	c.clearSwing(g, i, l)
	l.altTo = alt
	if l.altTo != l.alt && !c.turnRoom(g, i, l, hip) {
		l.altTo = l.alt
	}
	return true
}

// freeFoothold looks for a foothold of leg i (l) where the leg, with the
// hip at hip, stands free of solids (kneeSideFree): from pred moved half a
// step distance along the way the body walks, then against it. It returns
// the foothold, its normal and the knee's side there (ok false: neither).
// (Also a whole step each way: on 200 courses per shape and rate, the
// same figures within their noise, for more rays.)
func (c *Creature) freeFoothold(g ikanim.Ground, i int, pred, hip mgl64.Vec2, l *leg) (p, n mgl64.Vec2, alt, ok bool) {
	dir := c.Right().Mul(math.Copysign(0.5*c.def.Gait.StepDistance, c.speed+c.facing*1e-9))
	for _, k := range [2]float64{1, -1} {
		q, m, hit := c.foothold(g, i, pred.Add(dir.Mul(k)), hip, l)
		if !hit || q.Sub(l.foot).Dot(q.Sub(l.foot)) < stepMin*stepMin {
			continue
		}
		if b, free := c.kneeSideFree(g, i, hip, q, m, l.alt); free {
			return q, m, b, true
		}
	}
	return p, n, false, false
}

// turnRoom reports whether leg i, stepping (l), has room to turn its knee
// over in its swing (turnKnee): whether the slid leg turnKnee poses, from
// the hip along the line to its two-bone target, enters no solid at the
// quarter, the middle and three quarters of the turn (the straight leg,
// swingClear beyond the full reach, in the middle), each with the foot
// where its arc or box path puts it then and the hip where it will be
// (the body moved on with its velocity from now, where the hip is, to
// hipEnd at touch-down), and whether the straight leg crosses no
// neighbour's leg as it stands. Until it tested the middle alone, from a
// hip halfway to touch-down toward the middle of the chord, and the slid
// leg of a spider stepping down a stair pointed 40 px into the floor a
// quarter of the turn later. Three rays, none where the Ground proves the
// rectangle round a line free.
func (c *Creature) turnRoom(g ikanim.Ground, i int, l *leg, hipEnd mgl64.Vec2) bool {
	ld := &c.def.legs[i]
	h0 := c.bodyPoint(ld.hipBody())
	for k, s := range [3]float64{0.25, 0.5, 0.75} {
		t := kneeT0 + s*(1-2*kneeT0)
		hm := h0.Add(hipEnd.Sub(h0).Mul(t))
		e := t * t * (3 - 2*t)
		fm := c.stepPoint(l, t)
		n := num.UnitOr(l.fromN.Add(l.toN.Sub(l.fromN).Mul(e)), c.up)
		tg := c.legTarget(i, hm, fm, n)
		u := tg.Sub(hm)
		d := num.Len(u)
		if d < 1e-9 {
			return false
		}
		q := 4 * s * (1 - s)
		w := q * q
		slid := d + (ld.reach-d)*w
		if k == 1 {
			slid = ld.reach
		}
		end := hm.Add(u.Mul((slid + swingClear) / d))
		if k == 1 && c.crossesNeighbour(i, hm, end, end, mgl64.Vec2{}) != 0 {
			return false
		}
		if !c.clear3(hm, end, end) && swingHit(g, hm, end) {
			return false
		}
	}
	return true
}

// stepPoint returns where the foot of stepping leg l is at progress t: on
// its arc or its box path (advanceStep, advanceBox), without moving it.
func (c *Creature) stepPoint(l *leg, t float64) mgl64.Vec2 {
	d := l.to.Sub(l.from)
	q := 4 * t * (1 - t)
	if l.box {
		s := math.Max(0, math.Min(1, (t-boxT0)/(1-2*boxT0)))
		return l.from.Add(d.Mul(s * s * (3 - 2*s))).Add(l.boxUp.Mul(l.lift * math.Min(1, q/boxRise)))
	}
	h := l.lift + math.Max(0, d.Dot(l.boxUp))/2
	return l.from.Add(d.Mul(t * t * (3 - 2*t))).Add(l.boxUp.Mul(h * q))
}

// kneeSide returns the bend side (alt, legs.go) leg i lands with on the
// foothold p, of normal n, with its hip at hip: of the definition's side
// and the other one (unless that one crosses a neighbour's leg, at
// touch-down or a step later with the neighbours' legs moved along with
// the body), the first
// whose femur and tibia (hip -> knee -> two-bone target) enter no solid
// both at touch-down and a step distance later, the body walked on the way
// it walks (a planted knee drifts with the body: the knee of a foot
// planted on a block's side, free at touch-down, swept into the block as
// the body climbed down past it); else the first free at touch-down; else
// the side cur it has. The pose a step later is tested where the
// foothold's face is not along up or the wall probe saw a face ahead. Two
// rays a pose and side: two on open ground where the definition's side is
// free, at most eight. Legs of 2 segments and tentacles keep their side
// (no ray): on 200 generated courses per shape and rate, crawlers of 4 and
// 6 such legs had no less of their legs in the rock with the knees turned
// (crawler6 28.4/26.4/25.9 % of frames at 30/60/144 TPS kept, 28.7/26.6/
// 25.8 % turned: their tibiae end on the surface and cut into it near the
// foot whichever the side), and crawler4's turned knees crossed the
// neighbouring leg (crossed frames +20-35 %); spiders' 3-segment legs,
// whose ankles stand off the surface, had about 3 points less.
func (c *Creature) kneeSide(g ikanim.Ground, i int, hip, p, n mgl64.Vec2, cur bool) bool {
	side, _ := c.kneeSideFree(g, i, hip, p, n, cur)
	return side
}

// kneeSideFree is kneeSide that also reports whether the leg with the side
// it returns is free at touch-down (femur and tibia enter no solid). Legs
// of 2 segments and tentacles are not tested (free). (Tested, with two
// rays a step, 2-segment legs looked for free footholds too, freeFoothold:
// a 6-legged crawler climbing a 12 px pillar at 144 TPS put its feet on
// the pillar's face just under its top corner and stood stuck there,
// TestCreatureGoesRoundABlock; on 200 courses per rate their share of
// frames with a limb in a solid was 1-2 points lower.)
func (c *Creature) kneeSideFree(g ikanim.Ground, i int, hip, p, n mgl64.Vec2, cur bool) (bool, bool) {
	ld := &c.def.legs[i]
	if ld.segs != 3 {
		return cur, true
	}
	t := c.legTarget(i, hip, p, n)
	bend := ld.bend
	if c.mirrored() {
		bend = -bend
	}
	// A step later: where the body walks (held by a stretched leg, it may
	// stand still for the moment), and not on open ground (the foothold's
	// face along up and no face ahead: no ray, the pose only drifts along
	// the ground).
	later := (c.speed > 1e-9 || c.speed < -1e-9) &&
		(c.aheadN != (mgl64.Vec2{}) || c.wallW > 0 || n.Dot(c.up) < kneeLaterDot)
	var hip2, t2 mgl64.Vec2
	if later {
		hip2 = hip.Add(c.Right().Mul(math.Copysign(c.def.Gait.StepDistance, c.speed)))
		t2 = c.legTarget(i, hip2, p, n)
	}
	// free reports whether the leg's femur and tibia with the bend side b
	// enter no solid at touch-down (now) and a step later (then).
	free := func(b float64) (k, k2 mgl64.Vec2, now, then bool) {
		kx, ky, _, _ := ik.SolveTwoBoneXY(hip[0], hip[1], t[0], t[1], ld.l0, ld.l1, b)
		k = mgl64.Vec2{kx, ky}
		// (tibiaHit of a 3-segment leg is swingHit: a rectangle round the
		// three points that holds no solid clears both rays.)
		now = c.clear3(hip, k, t) || !swingHit(g, hip, k) && !tibiaHit(g, ld, k, t)
		then = now
		if now && later {
			kx, ky, _, _ = ik.SolveTwoBoneXY(hip2[0], hip2[1], t2[0], t2[1], ld.l0, ld.l1, b)
			k2 = mgl64.Vec2{kx, ky}
			then = c.clear3(hip2, k2, t2) || !swingHit(g, hip2, k2) && !tibiaHit(g, ld, k2, t2)
		}
		return k, k2, now, then
	}
	_, _, dNow, dThen := free(bend)
	if dThen {
		return false, true
	}
	k, k2, aNow, aThen := free(-bend)
	if aNow && (c.crossesNeighbour(i, hip, k, t, mgl64.Vec2{}) > 0 ||
		later && c.crossesNeighbour(i, hip2, k2, t2, hip2.Sub(c.bodyPoint(ld.hipBody()))) > 0) {
		aNow, aThen = false, false // it would tangle the leg with its neighbours
	}
	switch {
	case aThen:
		return true, true
	case dNow:
		return false, true
	case aNow:
		return true, true
	}
	return cur, false
}

// kneeLaterDot: kneeSide also tests the pose a step later where the
// foothold's normal makes more than 10 degrees with up (or a face lies
// ahead).
const kneeLaterDot = 0.985

// tibiaHit reports whether the tibia of a leg of definition ld from its
// knee k to its two-bone end t enters a solid. The end of a 2-segment leg
// is its foot, on the surface: the ray stops swingClear short of it (a ray
// that ends on a face can report entering it there).
func tibiaHit(g ikanim.Ground, ld *legDef, k, t mgl64.Vec2) bool {
	if ld.segs == 2 {
		d := t.Sub(k)
		l := num.Len(d)
		if l <= swingClear {
			return false
		}
		t = k.Add(d.Mul((l - swingClear) / l))
	}
	return swingHit(g, k, t)
}

// crossesNeighbour returns how many segments of the legs in front of and
// behind leg i on its side, as they stand (poses) moved by shift, its femur
// hip -> k or its tibia k -> t cross: a knee turned to its other side can
// reach over its neighbour's.
func (c *Creature) crossesNeighbour(i int, hip, k, t, shift mgl64.Vec2) int {
	n := 0
	for _, j := range c.def.legs[i].neighbour[:2] {
		if j < 0 {
			continue
		}
		p := &c.poses[j]
		h, kn, a, tp := p.hip.Add(shift), p.knee.Add(shift), p.ankle.Add(shift), p.tip.Add(shift)
		for _, s := range [3][2]mgl64.Vec2{{h, kn}, {kn, a}, {a, tp}} {
			if segmentsCross(hip, k, s[0], s[1]) || segmentsCross(k, t, s[0], s[1]) {
				n++
			}
		}
	}
	return n
}

// segmentsCross reports whether the segments a-b and p-q cross (touching
// ends and collinear overlaps do not count).
func segmentsCross(a, b, p, q mgl64.Vec2) bool {
	d1 := orient(p, q, a)
	d2 := orient(p, q, b)
	d3 := orient(a, b, p)
	d4 := orient(a, b, q)
	return d1*d2 < 0 && d3*d4 < 0
}

// orient is twice the signed area of the triangle a, b, c.
func orient(a, b, c mgl64.Vec2) float64 {
	return (b[0]-a[0])*(c[1]-a[1]) - (b[1]-a[1])*(c[0]-a[0])
}

// aimHoldMin is the least share of the commanded speed a step's foothold
// is aimed by, however much the hold slows the body (startStep).
const aimHoldMin = 0.5

// stepMin is the least step, px: a planted foot of a 2- or 3-segment leg
// whose foothold search finds its own place again (within stepMin) does
// not lift, unless it must (urgent) and its knee changes sides there
// (startStep).
const stepMin = 1.0

const (
	// swingClear is the clearance, px, off both faces at which a swing's
	// path is checked (clearSwing).
	swingClear = 2.0
	// swingTries is how many times clearSwing doubles a blocked lift.
	swingTries = 3
)

// outOf returns u without its component into a face of normal n (u
// itself when it does not point into the face).
func outOf(u, n mgl64.Vec2) mgl64.Vec2 {
	if k := u.Dot(n); k < 0 {
		return u.Sub(n.Mul(k))
	}
	return u
}

// arcSegments is the number of segments arcHit checks the arc along.
const arcSegments = 6

// arcHit reports whether the arc advanceStep draws from `from` to `to`
// with the lift `lift` along up enters a solid: rays along arcSegments
// chords of it, from a (the start lifted off its face) to b (the end
// lifted off its). The polyline through the apex that clearSwing checks
// first bounds the arc only in its middle: from a foothold on a block's
// face to one on its top just past the corner, the arc's first fifth ran
// inside the block (5 px at 30 TPS) under a clear polyline.
func arcHit(g ikanim.Ground, a, b, from, to, up mgl64.Vec2, lift float64) bool {
	d := to.Sub(from)
	h := lift + math.Max(0, d.Dot(up))/2
	prev := a
	for k := 1; k <= arcSegments; k++ {
		next := b
		if k < arcSegments {
			t := float64(k) / arcSegments
			e := t * t * (3 - 2*t)
			next = from.Add(d.Mul(e)).Add(up.Mul(h * 4 * t * (1 - t)))
		}
		if swingHit(g, prev, next) {
			return true
		}
		prev = next
	}
	return false
}

// arcBox returns the bounding box of the chord a-b and of the points of
// the arc arcHit checks (the same points, computed the same way): every
// ray of clearSwing's first test lies in it.
func arcBox(a, b, from, to, up mgl64.Vec2, lift float64) (lo, hi mgl64.Vec2) {
	// Plain comparisons (a NaN coordinate leaves a NaN in the box, which
	// BoxClear does not call clear).
	lo, hi = a, a
	d := to.Sub(from)
	h := lift + math.Max(0, d.Dot(up))/2
	for k := 1; k <= arcSegments; k++ {
		p := b
		if k < arcSegments {
			t, e := arcT[k], arcE[k]
			p = from.Add(d.Mul(e)).Add(up.Mul(h * 4 * t * (1 - t)))
		}
		boxGrow(&lo, &hi, p)
	}
	return lo, hi
}

// arcT and arcE are arcHit's t = k/arcSegments and e(t), by k (the same
// values, computed the same way, once).
var arcT, arcE = func() (ts, es [arcSegments]float64) {
	for k := 1; k < arcSegments; k++ {
		t := float64(k) / arcSegments
		ts[k], es[k] = t, t*t*(3-2*t)
	}
	return ts, es
}()

// clearSwing checks the path of leg i's step against the ground and raises
// its lift until the path is clear (see the file comment).
func (c *Creature) clearSwing(g ikanim.Ground, i int, l *leg) {
	if c.def.legs[i].chain != nil {
		// Tentacles keep their arc: a higher one sends the FABRIK warm
		// start far from the landing pose (its tip then takes frames to
		// settle on the contact), and the chain curls round corners.
		return
	}
	a := l.from.Add(l.fromN.Mul(swingClear))
	b := l.to.Add(l.toN.Mul(swingClear))
	up := c.up
	if c.clear != nil && c.clear.BoxClear(arcBox(a, b, l.from, l.to, up, l.lift)) {
		// No ray of the chord or of the arc can enter a solid: the
		// rectangle round them holds none (every ray would miss).
		return
	}
	if !swingHit(g, a, b) && !arcHit(g, a, b, l.from, l.to, up, l.lift) {
		return
	}
	rise := math.Max(0, l.to.Sub(l.from).Dot(up)) / 2
	mid := a.Add(b).Mul(0.5)
	maxLift := c.def.legs[i].reach
	lift := l.lift
	for k := 0; k < swingTries; k++ {
		lift = math.Min(2*lift+swingClear, maxLift)
		apex := mid.Add(up.Mul(lift + rise))
		if !swingHit(g, a, apex) && !swingHit(g, apex, b) && !arcHit(g, a, b, l.from, l.to, up, lift) {
			l.lift = lift
			return
		}
		if lift >= maxLift {
			break
		}
	}
	// The box path: up, across, down. It rises along the mean of the two
	// footholds' normals (up where they cancel), without any part that
	// points into the face it starts or ends on: along the body's up, tilted
	// toward the block the creature climbs, it went into the block's corner
	// from a foothold on its face or on the floor at its foot.
	h := math.Max(l.lift, swingClear)
	riseDir := num.UnitOr(outOf(outOf(num.UnitOr(l.fromN.Add(l.toN), up), l.fromN), l.toN), up)
	for k := 0; k < swingTries; k++ {
		p := l.from.Add(riseDir.Mul(h))
		q := l.to.Add(riseDir.Mul(h))
		if !swingHit(g, a, p) && !swingHit(g, p, q) && !swingHit(g, q, b) {
			l.lift, l.box, l.boxUp = h, true, riseDir
			return
		}
		if h >= maxLift {
			return
		}
		h = math.Min(2*h+swingClear, maxLift)
	}
}

const (
	// boxRise is the value of q = 4t(1-t) below which a box step is still
	// rising or already descending: the lift is h*min(1, q/boxRise).
	boxRise = 0.5
	// boxT0 = (1 - sqrt(1 - boxRise)) / 2: the fraction of the step spent
	// rising, and descending.
	boxT0 = 0.14644660940672624
)

// advanceBox places a foot on its box path at progress t and returns the
// eased progress across (see the file comment).
func (c *Creature) advanceBox(l *leg, t float64) (e float64) {
	q := 4 * t * (1 - t)
	lift := l.lift * math.Min(1, q/boxRise)
	s := math.Max(0, math.Min(1, (t-boxT0)/(1-2*boxT0)))
	e = s * s * (3 - 2*s)
	d := l.to.Sub(l.from)
	l.foot = mgl64.Vec2{
		l.from[0] + d[0]*e + l.boxUp[0]*lift,
		l.from[1] + d[1]*e + l.boxUp[1]*lift,
	}
	return e
}

// clear3 reports whether the Ground proves (groundClear) that no segment
// between the points p, q and r enters a solid: the rectangle round them
// holds none. False proves nothing.
func (c *Creature) clear3(p, q, r mgl64.Vec2) bool {
	if c.clear == nil {
		return false
	}
	lo, hi := p, p
	for _, v := range [2]mgl64.Vec2{q, r} {
		boxGrow(&lo, &hi, v)
	}
	return c.clear.BoxClear(lo, hi)
}

// ray is g.Raycast(a, b), without the ray where the creature's Ground (g,
// c.ground) proves it would miss (clear3): the foothold search's rays past a
// gap, the outside test's and others that mostly miss. (Rays that mostly
// hit are cast at once: the proof would cost more than it saves.)
func (c *Creature) ray(g ikanim.Ground, a, b mgl64.Vec2) (p, n mgl64.Vec2, ok bool) {
	if c.clear3(a, b, b) {
		return mgl64.Vec2{}, mgl64.Vec2{}, false
	}
	return g.Raycast(a, b)
}

// swingHit reports whether the segment a->b enters a solid (a ray that
// starts inside one and leaves it does not count).
func swingHit(g ikanim.Ground, a, b mgl64.Vec2) bool {
	_, n, ok := g.Raycast(a, b)
	return ok && n[0]*(b[0]-a[0])+n[1]*(b[1]-a[1]) < 0
}

// liftOff updates the planted count for a leg leaving the ground.
func (c *Creature) liftOff(l *leg) {
	if l.state == legPlanted {
		c.planted--
	}
}

// advanceStep moves a stepping foot along its arc and lands it; it returns
// the eased progress e(t) (1 after landing).
func (c *Creature) advanceStep(i int, dt float64) (e float64) {
	l := &c.legs[i]
	l.t += dt * l.rate
	if l.t >= 1 {
		l.t = 1
		l.foot, l.normal = l.to, l.toN
		l.state = legPlanted
		l.alt = l.altTo
		c.planted++
		c.airborn--
		return 1
	}
	t := l.t
	if l.box {
		return c.advanceBox(l, t)
	}
	e = t * t * (3 - 2*t)
	// The arc rises along the up it was planned with (clearSwing checked
	// it against the world so): along the body's up of each frame it
	// turned with the body and cut the corner of a block it had cleared
	// (5 px at 30 TPS).
	d := l.to.Sub(l.from)
	up := l.boxUp
	h := l.lift
	if rise := d[0]*up[0] + d[1]*up[1]; rise > 0 {
		h += rise / 2
	}
	lift := h * 4 * t * (1 - t)
	bx, by := l.from[0]+d[0]*e, l.from[1]+d[1]*e
	l.foot = mgl64.Vec2{bx + up[0]*lift, by + up[1]*lift}
	// A tentacle's foot not through its root: a lift that brings it
	// nearer the root (last frame's) than stepHipMin of the tentacle's
	// length is lowered until it does not (bisection; the chord itself is
	// left as it is). A tentacle of a low body swung its foot past its
	// root at 2.9 px, turning the whole tentacle over in two frames (160
	// deg a joint). Legs of 2 and 3 segments keep their lift, which
	// clearSwing may have raised over an obstacle.
	if ld := &c.def.legs[i]; ld.chain != nil && lift > 0 && l.foot.Sub(l.hip).Len() < stepHipMin*ld.reach {
		mind := stepHipMin * ld.reach
		lo, hi := 0.0, lift
		for k := 0; k < 12; k++ {
			m := (lo + hi) / 2
			if (mgl64.Vec2{bx + up[0]*m, by + up[1]*m}).Sub(l.hip).Len() < mind {
				hi = m
			} else {
				lo = m
			}
		}
		l.foot = mgl64.Vec2{bx + up[0]*lo, by + up[1]*lo}
	}
	return e
}

// stepHipMin is the least distance from its root, as a share of the
// tentacle's length, that a step's lift brings a tentacle's foot to
// (advanceStep).
const stepHipMin = 0.3

// kneeBlocked reports whether the knee k of a leg planted at p, on a face
// of outward normal n, lies in a solid: below the face's plane by more than
// kneeSink (no ray: a knee above the plane is taken as free), and a ray
// from swingClear off the face at p to k enters a solid (a knee below the
// plane of a block's top, beyond its edge, is free; the ray also finds a
// tibia cut through a corner between the foot and the knee).
func kneeBlocked(g ikanim.Ground, p, n, k mgl64.Vec2) bool {
	if (k[0]-p[0])*n[0]+(k[1]-p[1])*n[1] >= -kneeSink {
		return false
	}
	return swingHit(g, mgl64.Vec2{p[0] + n[0]*swingClear, p[1] + n[1]*swingClear}, k)
}

// boxGrow widens the box [lo, hi] to hold p (a NaN coordinate leaves it
// as it was).
func boxGrow(lo, hi *mgl64.Vec2, p mgl64.Vec2) {
	if p[0] < lo[0] {
		lo[0] = p[0]
	}
	if p[0] > hi[0] {
		hi[0] = p[0]
	}
	if p[1] < lo[1] {
		lo[1] = p[1]
	}
	if p[1] > hi[1] {
		hi[1] = p[1]
	}
}
