package creature

// The route along the contour: which way round leads to the point.
//
// A creature walks along the contour of the solids it stands on, so on
// the way to a point it has one choice to make: along Right() (sense +1)
// or against it (-1). The projection of the point on Right() (towards)
// makes that choice locally, and it is wrong wherever the way there leads
// away first: a point on the top of a slab above the creature (straight
// up: the projection is 0, and the creature stood under it), a point
// across the air from the face of a pillar the creature walks down (the
// point a little higher than the creature: the projection sent it back up
// the face, then down again at the top, for ever).
//
// So when a point is set (SetTarget, each SetPath point) that is not in
// plain sight (within BodyHeight of the plane the body walks in, and a ray
// from the body reaches it: the projection leads there), the creature
// traces the contour from the surface under it both ways at once, as a
// walker of the surface would, and takes the sense whose trace reaches the
// point first (its body point, BodyHeight off the traced surface, within
// two ArriveRadius of it, or the traced surface point itself, the point on
// its outer side). A trace step
// advances one routeStep (BodyHeight/3, 4 to 12 px) along the
// contour from the surface point p with outward normal n, t the tangent of
// the sense (t = sense*(-n.y, n.x), Right() when n is up):
//
//  1. a ray from a = p + n*routeLift along t for one step: a face ahead (an
//     inner corner) is the next point;
//  2. else a ray from the step's end b down along -n for routeLift plus
//     two steps: the surface under b (ground, a slope, a step down) is the
//     next point;
//  3. else, at the first try, a gap the legs span: the same ray down one
//     and two StepDistances further along t (the foothold search's G
//     rays), the surface beyond the gap is the next point;
//  4. else an outer corner: three rays down from points between a and b
//     find the edge (within 1/8 step), p moves there, n turns 60 degrees
//     toward t, and 1 and 2 run again from the turned frame (up to four
//     turns: round the end of a board of a few px the surface turns 180
//     degrees, onto its underside).
//
// A trace ends when it reaches the point, after routeMaxLen px, when it
// comes back to where it began (the contour of a floating platform), or
// when it loses the surface. The two traces advance in lockstep,
// routeStepsPerFrame steps a frame each (a plan of 1,000 px takes about a dozen
// frames; the creature walks by the projection meanwhile), so a plan costs
// about three rays a step and nothing once made. When neither trace
// reaches the point the projection decides as before.
//
// The creature keeps the planned sense (way.go) until it comes within
// wayNear*ArriveRadius of the point, where the projection steers it onto
// it; a creature whose kept sense leads nowhere turns round after wayStill
// (way.go), as before; and one that has walked the planned way wayOverrun
// times the winning trace's length (plus wayOverrunMin BodyHeight) without
// coming near the point plans again from where it stands (its walk left
// the traced way). A point within routeSame px of the planned one
// (SetTarget called every frame with a point that moves little) keeps the
// plan.

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim"
	"github.com/ikanim/kit/ikanim/internal/num"
)

const (
	// routeLift is how far, px, off the traced surface the step rays
	// start.
	routeLift = 1.5
	// routeMaxLen is the longest trace of one sense, px.
	routeMaxLen = 4000.0
	// routeStepsPerFrame is the number of steps each trace advances a
	// frame: the frame that gets a new point costs about 4.6 us more at 8
	// (BenchmarkCreatureNewTarget; 14.7 us at 24), and a plan of 1,000 px
	// takes about 0.2 s.
	routeStepsPerFrame = 8
	// routeTurns is the most 60-degree turns round one outer corner.
	routeTurns = 4
)

// Route states.
const (
	routeNone    uint8 = iota // no point, or the point changed: plan anew
	routeTracing              // the traces are under way
	routeDone                 // planned (sense != 0) or undecided (sense 0)
)

// tracer is one sense's trace along the contour.
type tracer struct {
	p, n   mgl64.Vec2 // the traced surface point and its outward normal
	start  mgl64.Vec2
	length float64 // px traced
	alive  bool
}

// routePlan is a creature's plan of the way to its point.
type routePlan struct {
	goal  mgl64.Vec2
	state uint8
	sense float64 // the planned sense (0: undecided)
	// length is the winning trace's length, px: how far along the
	// contour the point lies the planned way (way.go's overrun).
	length float64
	// noWay: both traces ended without reaching the point and the point
	// lies inside a solid (GroundInside) or outside the level's rectangle
	// (GroundBounds): towards does not keep walking
	// round a solid toward it. (With the point in the open, walking on
	// round the solid still arrives where the traces gave up: on 200
	// courses per shape and rate, 3 arrivals fewer without it.)
	noWay bool
	tr    [2]tracer
	used  bool // the plan's sense has been given to the way (way.go)
}

// routeStep returns the trace step, px: BodyHeight/3, 4 to 12 px.
func (c *Creature) routeStep() float64 {
	return math.Max(4, math.Min(12, c.def.Gait.BodyHeight/3))
}

// routeSame is the distance, px, within which a new point keeps the plan.
func (c *Creature) routeSame() float64 { return c.def.Gait.ArriveRadius }

// planRoute advances the plan toward p by one frame's steps and returns
// the planned sense (0 while tracing, or when no trace reached p).
func (c *Creature) planRoute(g ikanim.Ground, p mgl64.Vec2) float64 {
	r := &c.route
	if r.state != routeNone {
		if d := p.Sub(r.goal); d.Dot(d) > c.routeSame()*c.routeSame() {
			r.state = routeNone
		}
	}
	if r.state == routeNone {
		if c.routeInSight(g, p) {
			*r = routePlan{goal: p, state: routeDone}
			return 0
		}
		if !c.startRoute(g, p) {
			return 0
		}
	}
	if r.state == routeTracing {
		c.traceRoute(g)
	}
	return r.sense
}

// routeInSight reports whether p needs no plan: it lies within
// BodyHeight of the plane the body walks in (along up) and a ray from the
// body reaches it unobstructed, so the projection leads there (one ray; on
// open ground, where most points are, the traces would cost some 500).
func (c *Creature) routeInSight(g ikanim.Ground, p mgl64.Vec2) bool {
	d := p.Sub(c.pos)
	if math.Abs(d.Dot(c.up)) > c.def.Gait.BodyHeight {
		return false
	}
	_, _, hit := g.Raycast(c.pos, p)
	return !hit
}

// startRoute begins the traces from the surface under the body (a ray
// along -up, 2*BodyHeight long), or from a planted foot's contact, and
// reports whether it found one.
func (c *Creature) startRoute(g ikanim.Ground, p mgl64.Vec2) bool {
	r := &c.route
	h := c.def.Gait.BodyHeight
	q, n, ok := g.Raycast(c.pos, c.pos.Sub(c.up.Mul(2*h)))
	if !ok || !num.FiniteVec(q) || !num.FiniteVec(n) || n.Dot(c.up) <= 0 {
		ok = false
		for i := range c.legs {
			if l := &c.legs[i]; l.state == legPlanted {
				q, n, ok = l.foot, l.normal, true
				break
			}
		}
	}
	if !ok {
		return false
	}
	*r = routePlan{goal: p, state: routeTracing}
	for k := range r.tr {
		r.tr[k] = tracer{p: q, n: n, start: q, alive: true}
	}
	return true
}

// traceRoute advances both traces by routeStepsPerFrame steps, in
// lockstep, and decides the sense when one reaches the goal or both end.
func (c *Creature) traceRoute(g ikanim.Ground) {
	r := &c.route
	step := c.routeStep()
	reach := math.Max(2*c.def.Gait.ArriveRadius, step)
	for range routeStepsPerFrame {
		for k := range r.tr {
			tr := &r.tr[k]
			if !tr.alive {
				continue
			}
			s := 1.0 - 2*float64(k)
			if !c.traceStep(g, tr, s, step) || tr.length > routeMaxLen ||
				(tr.length > 4*step && tr.p.Sub(tr.start).Len() < step) {
				tr.alive = false
				continue
			}
			if c.traceReached(tr, reach) {
				r.sense, r.state, r.length = s, routeDone, tr.length
				return
			}
		}
		if !r.tr[0].alive && !r.tr[1].alive {
			r.sense, r.state = 0, routeDone
			r.noWay = !c.inBounds(r.goal)
			if c.inside != nil && !r.noWay {
				r.noWay = c.inside.Inside(r.goal)
			}
			return
		}
	}
}

// traceReached reports whether the body point BodyHeight off the trace's
// surface point lies within reach of the goal, or the surface point itself
// does with the goal on its outer side (not through a slab from below).
func (c *Creature) traceReached(tr *tracer, reach float64) bool {
	g := c.route.goal
	if d := g.Sub(tr.p); d.Dot(d) <= reach*reach && d.Dot(tr.n) >= 0 {
		return true
	}
	b := tr.p.Add(tr.n.Mul(c.def.Gait.BodyHeight)).Sub(g)
	return b.Dot(b) <= reach*reach
}

// traceStep advances tr by about one step of h px along the contour in
// sense s (see the notes above) and reports whether it found the surface.
func (c *Creature) traceStep(g ikanim.Ground, tr *tracer, s, h float64) bool {
	p, n := tr.p, tr.n
	for turn := 0; turn <= routeTurns; turn++ {
		t := mgl64.Vec2{-n[1] * s, n[0] * s}
		a := p.Add(n.Mul(routeLift))
		b := a.Add(t.Mul(h))
		// 1. A face ahead.
		if q, m, ok := g.Raycast(a, b); ok {
			if !num.FiniteVec(q) || !num.FiniteVec(m) || m.Dot(t) >= 0 {
				return false // the ray started inside a solid
			}
			tr.move(q, m)
			return c.traceInBounds(tr)
		}
		// 2. The surface under the step's end.
		down := routeLift + 2*h
		if q, m, ok := g.Raycast(b, b.Sub(n.Mul(down))); ok && num.FiniteVec(q) && num.FiniteVec(m) && m.Dot(n) > 0 {
			tr.move(q, m)
			return c.traceInBounds(tr)
		}
		// 3. A gap the legs span: the surface one or two step distances
		// beyond (as the foothold search's G rays look).
		if turn == 0 {
			for k := 1.0; k <= 2; k++ {
				from := b.Add(t.Mul(k * c.def.Gait.StepDistance))
				if q, m, ok := g.Raycast(from, from.Sub(n.Mul(down))); ok && num.FiniteVec(q) && num.FiniteVec(m) && m.Dot(n) > 0 {
					tr.move(q, m)
					return c.traceInBounds(tr)
				}
			}
		}
		// 4. An outer corner: find the edge, turn round it.
		lo := 0.0
		edge := p
		for k, hi := 0, h; k < 3; k++ {
			mid := (lo + hi) / 2
			from := a.Add(t.Mul(mid))
			if q, m, ok := g.Raycast(from, from.Sub(n.Mul(2*routeLift))); ok && m.Dot(n) > 0 {
				lo, edge = mid, q
			} else {
				hi = mid
			}
		}
		tr.length += edge.Sub(p).Len()
		p = edge
		const sin60, cos60 = 0.8660254037844386, 0.5
		n = num.UnitOr(n.Mul(cos60).Add(t.Mul(sin60)), n)
		tr.p, tr.n = p, n
	}
	return false
}

// traceInBounds reports whether the trace's point, just off its face, lies
// inside the Ground's rectangle (GroundBounds): a creature holds on only
// there, so a trace that leaves it ends.
func (c *Creature) traceInBounds(tr *tracer) bool {
	return c.inBounds(tr.p.Add(tr.n.Mul(buriedEps)))
}

// move makes q (normal m) the trace's point, counting the length.
func (tr *tracer) move(q, m mgl64.Vec2) {
	tr.length += q.Sub(tr.p).Len()
	tr.p, tr.n = q, num.UnitOr(m, tr.n)
}
