package terrain

// Circle cast: the first contact of a circle of radius r whose centre moves
// along C(t) = P + t*D, t in [0,1], with the shapes of the world (a swept
// circle, FinalIK's capsule cast in 2D), without allocating.
//
// The circle touches a shape when its centre comes within r of it, so the
// contact is the first crossing of the segment P + t*D with the shape grown
// by r (its Minkowski sum with the disc). For a polygon that grown shape is
// bounded by
//
//   - each edge A->B shifted out by r along its outward unit normal n: the
//     centre reaches it when (P + t*D - A).n = r, so
//     t = (r - (P-A).n) / (D.n), taken when D.n < 0 (moving towards the
//     face) and when the foot of the centre on the edge, u = (C(t)-A).E/|E|^2,
//     lies in [0,1]; the contact point is C(t) - r*n and the normal n;
//   - a disc of radius r around each vertex V: |P + t*D - V| = r gives
//     a*t^2 + 2b*t + c = 0 with a = D.D, b = (P-V).D, c = |P-V|^2 - r^2 and
//     t = (-b - sqrt(b^2 - a*c)) / a (entering); the contact point is V and
//     the normal (C(t) - V)/r.
//
// A circle shape of centre Q and radius R is met when |C(t) - Q| = R + r,
// the same quadratic with R + r; the point is Q + R*(C(t)-Q)/(R+r).
//
// An open polyline has no inside: each edge offers both faces, the one on
// the side of P. A circle that already overlaps a shape at P reports
// fraction 0, the nearest point of the shape's boundary and the normal from
// that point towards P (or the face's normal when P is inside a polygon).
//
// Broadphase: the shapes registered in the grid cells under the bounding box
// of the sweep grown by r; each shape is tested about once (the query's own
// ring of recent IDs), and the query only reads the World, like Cast.

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/solarlune/resolv"
)

// CircleHit is the result of a CircleCast.
type CircleHit struct {
	// Point is the contact point on the surface.
	Point mgl64.Vec2
	// Normal is the outward unit normal of the surface at Point (for an
	// overlap at the start: from the surface towards the centre).
	Normal mgl64.Vec2
	// Centre is where the circle's centre stands at the contact.
	Centre mgl64.Vec2
	// Fraction is the fraction in [0,1] of the way from -> to at the contact
	// (the time of impact); 0 when the circle overlaps a shape at from.
	Fraction float64
	// Shape is the resolv shape touched.
	Shape resolv.IShape
	// OK is true for a hit. On a miss every other field is zero.
	OK bool
}

// CircleCast sweeps a circle of the given radius from centre from to centre
// to against the shapes that pass w.Filter and returns the first contact:
// the point on the surface, its outward normal and the fraction of the way
// (see CircleHit). It satisfies ikanim.CircleCaster. A radius of zero is a
// ray (Cast); a negative or non-finite radius, or a non-finite segment, is a
// miss. A zero-length sweep reports an overlap at from. It does not
// allocate, never returns NaN and, like Cast, only reads the World.
func (w *World) CircleCast(from, to mgl64.Vec2, radius float64) (point, normal mgl64.Vec2, fraction float64, ok bool) {
	if w == nil {
		return mgl64.Vec2{}, mgl64.Vec2{}, 0, false
	}
	h := w.CircleCastFiltered(from, to, radius, w.Filter)
	return h.Point, h.Normal, h.Fraction, h.OK
}

// CircleCastFiltered is CircleCast with an explicit filter, returning the
// whole CircleHit.
func (w *World) CircleCastFiltered(from, to mgl64.Vec2, radius float64, f Filter) CircleHit {
	if w == nil || w.space == nil || !(radius >= 0) || !finite(radius) {
		return CircleHit{}
	}
	px, py := from[0], from[1]
	dx, dy := to[0]-px, to[1]-py
	if px*0+py*0+dx*0+dy*0 != 0 {
		return CircleHit{}
	}
	if radius == 0 {
		if dx == 0 && dy == 0 {
			return CircleHit{}
		}
		h := w.CastFiltered(from, to, f)
		if !h.OK {
			return CircleHit{}
		}
		return CircleHit{Point: h.Point, Normal: h.Normal, Centre: h.Point, Fraction: h.Fraction, Shape: h.Shape, OK: true}
	}
	sp := w.space
	nx, ny := sp.WidthInCells(), sp.HeightInCells()
	if nx == 0 || ny == 0 {
		return CircleHit{}
	}
	cw, ch := float64(sp.CellWidth()), float64(sp.CellHeight())
	c := sweep{px: px, py: py, dx: dx, dy: dy, r: radius, t: math.Inf(1),
		req: f.Require, excl: f.excludeMask()}
	x0 := max(cellIndex(min(px, px+dx)-radius, cw), 0)
	x1 := min(cellIndex(max(px, px+dx)+radius, cw), nx-1)
	y0 := max(cellIndex(min(py, py+dy)-radius, ch), 0)
	y1 := min(cellIndex(max(py, py+dy)+radius, ch), ny-1)
	var sc liveScratch
	for iy := y0; iy <= y1; iy++ {
		for ix := x0; ix <= x1; ix++ {
			cell := sp.Cell(ix, iy)
			if cell == nil {
				continue
			}
			for _, s := range cell.Shapes {
				if c.seen.tested(s.ID()) {
					continue
				}
				e, es, ok := w.geometry(s, &sc)
				if !ok {
					continue
				}
				if tags := *e.tags; (c.req != 0 && tags&c.req == 0) || tags&c.excl != 0 {
					continue
				}
				c.shape(&e, es)
			}
		}
	}
	if !c.found {
		return CircleHit{}
	}
	t := min(max(c.t, 0), 1)
	h := CircleHit{
		Point:    c.point,
		Normal:   c.normal,
		Centre:   mgl64.Vec2{px + t*dx, py + t*dy},
		Fraction: t,
		Shape:    c.hit,
		OK:       true,
	}
	if !finite(h.Point[0]) || !finite(h.Point[1]) || !finite(h.Normal[0]) || !finite(h.Normal[1]) ||
		!finite(h.Centre[0]) || !finite(h.Centre[1]) {
		return CircleHit{}
	}
	return h
}

// geometry returns the shape's cached entry and edges when the cache holds it
// fresh, else its geometry transformed into sc (like testLive). ok is false
// for a shape of no known kind or without tags.
func (w *World) geometry(s resolv.IShape, sc *liveScratch) (e shapeEntry, es []edgeData, ok bool) {
	id := s.ID()
	if k := int(id - w.idBase); id >= w.idBase && k < len(w.slot) {
		if ei := w.slot[k]; ei >= 0 {
			ce := &w.entries[ei]
			if ce.fresh() {
				return *ce, w.edges[ce.vStart : ce.vStart+ce.vCount], true
			}
		}
	}
	return liveGeometry(s, sc)
}

// sweep is one circle cast's motion and filter and the first contact so far.
type sweep struct {
	px, py, dx, dy, r float64
	req, excl         resolv.Tags
	seen              idRing

	t             float64 // best time of impact
	point, normal mgl64.Vec2
	hit           resolv.IShape
	found         bool
}

// take records a contact at t if it is the earliest so far.
func (c *sweep) take(t float64, point, normal mgl64.Vec2, s resolv.IShape) {
	if t < c.t {
		c.t, c.point, c.normal, c.hit, c.found = t, point, normal, s, true
	}
}

// shape tests one shape (a circle, or a polygon with edges es).
func (c *sweep) shape(e *shapeEntry, es []edgeData) {
	// Skip a shape whose box grown by r the sweep never enters before the
	// best contact.
	lo, hi := 0.0, min(c.t, 1)
	if !clipSlab(c.px, c.dx, e.minX-c.r, e.maxX+c.r, &lo, &hi) ||
		!clipSlab(c.py, c.dy, e.minY-c.r, e.maxY+c.r, &lo, &hi) {
		return
	}
	if e.circle != nil {
		c.circle(e.pos.X, e.pos.Y, e.radius, e.shape)
		return
	}
	n := len(es)
	edges := n
	closed := e.poly.Closed && n > 2 && e.sign != 0
	if !closed {
		edges = n - 1
	}
	if edges <= 0 {
		if n == 1 {
			c.vertex(es[0].ax, es[0].ay, e.shape)
		}
		return
	}
	if closed && c.inside(es, e.shape) {
		return
	}
	for i := range edges {
		ed := &es[i]
		c.face(ed, !closed, e.shape)
	}
	for i := range es { // es[i] starts at vertex i, for open polylines too
		c.vertex(es[i].ax, es[i].ay, e.shape)
	}
}

// inside handles a centre that starts inside the closed polygon es: the
// contact is at fraction 0 on the nearest face, whose normal is returned.
// It reports whether the centre was inside.
func (c *sweep) inside(es []edgeData, s resolv.IShape) bool {
	best, bi := math.Inf(1), -1
	for i := range es {
		ed := &es[i]
		if ed.nx == 0 && ed.ny == 0 {
			continue
		}
		// Signed distance outwards from the face's line.
		d := (c.px-ed.ax)*ed.nx + (c.py-ed.ay)*ed.ny
		if d > 0 {
			return false
		}
		if -d < best {
			best, bi = -d, i
		}
	}
	if bi < 0 {
		return false
	}
	ed := &es[bi]
	n := mgl64.Vec2{ed.nx, ed.ny}
	c.take(0, mgl64.Vec2{c.px + best*ed.nx, c.py + best*ed.ny}, n, s)
	return true
}

// face tests the edge ed shifted out by r along its normal (for an open
// polyline, along the normal on the side of the start).
func (c *sweep) face(ed *edgeData, twoSided bool, s resolv.IShape) {
	nx, ny := ed.nx, ed.ny
	if nx == 0 && ny == 0 {
		return
	}
	dist := (c.px-ed.ax)*nx + (c.py-ed.ay)*ny // signed distance of P
	if twoSided && dist < 0 {
		nx, ny, dist = -nx, -ny, -dist
	}
	if dist < 0 {
		return // P behind a closed polygon's face: another face meets it first
	}
	ll := ed.ex*ed.ex + ed.ey*ed.ey
	var t float64
	if dist <= c.r {
		t = 0 // already within r of the face's line
	} else {
		dn := c.dx*nx + c.dy*ny
		if dn >= 0 {
			return
		}
		t = (c.r - dist) / dn
		if t > 1 || t >= c.t {
			return
		}
	}
	cx, cy := c.px+t*c.dx, c.py+t*c.dy
	u := ((cx-ed.ax)*ed.ex + (cy-ed.ay)*ed.ey) / ll
	if !(u >= 0 && u <= 1) {
		return // the vertex discs cover the ends
	}
	d := (cx-ed.ax)*nx + (cy-ed.ay)*ny
	c.take(t, mgl64.Vec2{cx - d*nx, cy - d*ny}, mgl64.Vec2{nx, ny}, s)
}

// vertex tests the disc of radius r around the vertex (vx, vy).
func (c *sweep) vertex(vx, vy float64, s resolv.IShape) {
	fx, fy := c.px-vx, c.py-vy
	t, ok := enterDisc(fx, fy, c.dx, c.dy, c.r)
	if !ok || t >= c.t {
		return
	}
	cx, cy := c.px+t*c.dx, c.py+t*c.dy
	nx, ny := cx-vx, cy-vy
	l := math.Sqrt(nx*nx + ny*ny)
	if !(l > 0) {
		return
	}
	c.take(t, mgl64.Vec2{vx, vy}, mgl64.Vec2{nx / l, ny / l}, s)
}

// circle tests a circle shape of centre (qx, qy) and radius rr.
func (c *sweep) circle(qx, qy, rr float64, s resolv.IShape) {
	fx, fy := c.px-qx, c.py-qy
	t, ok := enterDisc(fx, fy, c.dx, c.dy, rr+c.r)
	if !ok || t >= c.t {
		return
	}
	cx, cy := c.px+t*c.dx, c.py+t*c.dy
	nx, ny := cx-qx, cy-qy
	l := math.Sqrt(nx*nx + ny*ny)
	if !(l > 0) {
		nx, ny, l = 0, -1, 1 // centre on the centre: any normal, up
	}
	nx, ny = nx/l, ny/l
	c.take(t, mgl64.Vec2{qx + rr*nx, qy + rr*ny}, mgl64.Vec2{nx, ny}, s)
}

// enterDisc returns the first t in [0,1] at which F + t*D lies within
// radius of the origin (0 if it already does); ok is false if never.
func enterDisc(fx, fy, dx, dy, radius float64) (float64, bool) {
	c := fx*fx + fy*fy - radius*radius
	if c <= 0 {
		return 0, true
	}
	a := dx*dx + dy*dy
	b := fx*dx + fy*dy
	if a == 0 || b >= 0 {
		return 0, false // not moving, or moving away
	}
	disc := b*b - a*c
	if disc < 0 {
		return 0, false
	}
	t := (-b - math.Sqrt(disc)) / a
	if t < 0 || t > 1 {
		return 0, false
	}
	return t, true
}
