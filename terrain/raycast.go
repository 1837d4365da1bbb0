package terrain

// Raycast: nearest crossing of the segment P + t*D, t in [0,1], with the
// shapes of a resolv space, without allocating.
//
// Broadphase. resolv registers every shape in each grid cell its bounding box
// overlaps. A hit at parameter t lies inside the shape's box, so the shape is
// registered in the cell containing P + t*D. Walking the cells the segment
// crosses in order of t (Amanatides & Woo's grid traversal) therefore meets
// every shape that can be hit; once the best hit so far lies before the entry
// of the next cell, no later cell can hold a nearer one and the walk stops.
// The segment is first clipped to the grid rectangle with the slab method;
// tMaxX/tMaxY hold the t of the next vertical/horizontal cell boundary and
// tDeltaX = cellWidth/|D.x| (likewise y) the t between boundaries. A shape
// spanning several cells is tested about once per query: the query keeps the
// IDs of the last few shapes it tested in a small ring of its own (a shape
// met again after it left the ring is tested again, which finds the same
// crossing and changes nothing).
//
// That walk is now the fallback: a World first answers from its own edge
// index (index.go) and, unless made with WithExplicitSync (which never reads
// the space), proves the answer current by checking the resolv cells along
// the segment up to the hit unchanged since the index was built (verify.go);
// a segment that leaves the grid, or meets a changed cell, takes the walk.
//
// Concurrency. A query writes only to its own stack: the cached geometry is
// read, never updated, by queries. A shape the cache does not know, or one
// that moved since it was cached, is transformed into the query's own scratch
// (exact, only slower); Sync brings the cache up to date. So any number of
// goroutines may query one World at once while nothing changes it.
//
// Narrowphase, polygon edge A->B, E = B-A. Solve P + t*D = A + u*E. Crossing
// both sides with E and with D (cross(a,b) = a.x*b.y - a.y*b.x) gives
//
//	t = cross(A-P, E) / cross(D, E),   u = cross(A-P, D) / cross(D, E).
//
// The edge is hit when 0 <= t <= 1 and 0 <= u <= 1; parallel edges
// (cross(D,E) = 0) are skipped, as resolv.LineTest does. The comparisons are
// made on the numerators scaled by the sign of the denominator, so the only
// division is for the best edge. The edge normal is (E.y, -E.x)/|E|, which
// points out of a polygon wound clockwise on screen (see the package doc), and
// is negated for a counter-clockwise polygon. For an open polyline or a
// degenerate polygon it is the side facing the ray's origin.
//
// Narrowphase, circle of centre C, radius r: with f = P - C,
// |f + tD|^2 = r^2 gives a*t^2 + 2b*t + c = 0 with a = D.D, b = f.D,
// c = f.f - r^2; t = (-b -+ sqrt(b^2 - a*c)) / a, the smaller root when it is
// in [0,1] (entering), else the larger (the ray starts inside). The normal is
// (point - C)/r.
//
// A ray that starts inside a closed shape reports the point where it leaves
// the shape, with Hit.Inside set; resolv.LineTest reports the same crossing.

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/solarlune/resolv"
)

// Hit is the result of a Cast.
type Hit struct {
	// Point is where the segment first crosses a shape's boundary.
	Point mgl64.Vec2
	// Normal is the outward unit normal of the boundary at Point (pointing out
	// of the solid). For an open polyline it faces the ray's origin.
	Normal mgl64.Vec2
	// Distance is |Point - from|.
	Distance float64
	// Fraction is Distance / |to - from|, in [0,1].
	Fraction float64
	// Shape is the resolv shape hit.
	Shape resolv.IShape
	// Inside is true when the ray started inside the shape hit; Point is then
	// where it leaves the shape and Normal points along the ray.
	Inside bool
	// OK is true for a hit. On a miss every other field is zero.
	OK bool
}

// Raycast returns the nearest hit of the segment from -> to against the shapes
// that pass w.Filter: the hit point, the outward unit normal and ok=true, or
// zero vectors and ok=false on a miss. A zero-length or non-finite segment is
// a miss. It does not allocate and never returns NaN. It satisfies
// ikanim.Ground.
func (w *World) Raycast(from, to mgl64.Vec2) (point, normal mgl64.Vec2, ok bool) {
	if w == nil {
		return mgl64.Vec2{}, mgl64.Vec2{}, false
	}
	var b best
	return w.castPoint(from, to, w.Filter, &b)
}

// castPoint casts the segment against the shapes that pass f and returns
// the hit point and normal of the nearest crossing (b holds it after).
func (w *World) castPoint(from, to mgl64.Vec2, f Filter, b *best) (point, normal mgl64.Vec2, ok bool) {
	if !w.cast(from, to, f, b) {
		return mgl64.Vec2{}, mgl64.Vec2{}, false
	}
	point, normal, _, ok = w.resolve(b)
	return point, normal, ok
}

// RaycastThroughOneWay is Raycast without the one-way shapes (TagOneWay,
// solid from above only): what a body moving up through a one-way
// platform meets, such as a walker's head under one (ikanim's
// GroundFollower asks it, when its ground has it, for the ceilings it
// ducks under).
func (w *World) RaycastThroughOneWay(from, to mgl64.Vec2) (point, normal mgl64.Vec2, ok bool) {
	if w == nil {
		return mgl64.Vec2{}, mgl64.Vec2{}, false
	}
	f := w.Filter
	f.Exclude |= TagOneWay
	var b best
	return w.castPoint(from, to, f, &b)
}

// RaycastOneWay is Raycast that also reports whether the shape hit is a
// one-way shape (TagOneWay): ikanim's GroundFollower and Grounder ask it
// so that feet and the body stand on a one-way platform only from above
// (see ikanim.GroundOneWay).
func (w *World) RaycastOneWay(from, to mgl64.Vec2) (point, normal mgl64.Vec2, oneWay, ok bool) {
	if w == nil {
		return mgl64.Vec2{}, mgl64.Vec2{}, false, false
	}
	var b best
	point, normal, ok = w.castPoint(from, to, w.Filter, &b)
	if ok && b.shape != nil {
		if t := b.shape.Tags(); t != nil {
			oneWay = *t&TagOneWay != 0
		}
	}
	return point, normal, oneWay, ok
}

// Cast returns the nearest hit of the segment from -> to against the shapes
// that pass w.Filter. See Raycast.
func (w *World) Cast(from, to mgl64.Vec2) Hit {
	if w == nil {
		return Hit{}
	}
	return w.CastFiltered(from, to, w.Filter)
}

// CastFiltered is Cast with an explicit filter instead of w.Filter.
func (w *World) CastFiltered(from, to mgl64.Vec2, f Filter) Hit {
	var b best
	if !w.cast(from, to, f, &b) {
		return Hit{}
	}
	return w.hit(&b)
}

// hit turns the crossing found in b into a Hit.
func (w *World) hit(b *best) Hit {
	point, normal, inside, ok := w.resolve(b)
	if !ok {
		return Hit{}
	}
	t := min(max(b.t, 0), 1)
	h := Hit{
		Point:    point,
		Normal:   normal,
		Fraction: t,
		Distance: t * math.Sqrt(b.dx*b.dx+b.dy*b.dy),
		Shape:    b.shape,
		Inside:   inside,
		OK:       true,
	}
	if !finite(h.Distance) {
		return Hit{}
	}
	return h
}

// cast finds the nearest crossing of from -> to with the shapes passing f and
// stores it in b, which must be the zero best (its callers declare it just
// before; setting only the fields that are not zero saves clearing it
// twice); false on a miss.
func (w *World) cast(from, to mgl64.Vec2, f Filter, b *best) bool {
	if !w.startCast(from, to, f, b) {
		return false
	}
	px, py, dx, dy := b.px, b.py, b.dx, b.dy
	if w.explicit {
		// The space as of the last Sync: the index, then the entries it
		// does not hold.
		if w.idx.built {
			w.indexCast(b)
			if b.viaIndex && !w.acceptIndexHit(b) {
				// The nearest crossing is with a shape the filter rejects
				// (or a closing edge of an open polyline): walk again,
				// checking every crossing.
				*b = best{t: math.Inf(1), entry: -1, px: px, py: py, dx: dx, dy: dy, idx: 1 / dx, idy: 1 / dy,
					req: f.Require, excl: f.excludeMask(), eager: true}
				w.indexCast(b)
			}
		}
		w.castPending(b)
		return b.found
	}
	if w.mirror.built {
		if w.verifiedCast(b) {
			return b.found
		}
		*b = best{t: math.Inf(1), entry: -1, px: px, py: py, dx: dx, dy: dy, idx: 1 / dx, idy: 1 / dy,
			req: f.Require, excl: f.excludeMask()}
	}
	return w.gridCast(b)
}

// startCast sets up b (the zero best) for the segment from -> to and the
// filter f; false if the query is a miss whatever the shapes (no World, a
// zero-length or non-finite segment, a space without cells).
func (w *World) startCast(from, to mgl64.Vec2, f Filter, b *best) bool {
	if w == nil || w.space == nil {
		return false
	}
	px, py := from[0], from[1]
	dx, dy := to[0]-px, to[1]-py
	// x*0 is 0 for a finite x and NaN for an infinite or NaN one, so this
	// sum is 0 exactly when all four are finite.
	if px*0+py*0+dx*0+dy*0 != 0 || (dx == 0 && dy == 0) {
		return false
	}
	if w.space.WidthInCells() == 0 || w.space.HeightInCells() == 0 {
		return false
	}
	b.t, b.entry = math.Inf(1), -1
	b.px, b.py, b.dx, b.dy, b.idx, b.idy = px, py, dx, dy, 1/dx, 1/dy
	b.req, b.excl = f.Require, f.excludeMask()
	return true
}

// gridCast walks resolv's cells along b's segment, testing every shape it
// meets, until the best crossing lies before the next cell.
func (w *World) gridCast(b *best) bool {
	sp := w.space
	nx, ny := sp.WidthInCells(), sp.HeightInCells()
	cw, ch := float64(sp.CellWidth()), float64(sp.CellHeight())
	gw, gh := float64(nx)*cw, float64(ny)*ch
	px, py, dx, dy := b.px, b.py, b.dx, b.dy

	// Clip [0,1] to the grid rectangle (slab method), skipped when both ends
	// lie inside it.
	t0, t1 := 0.0, 1.0
	qx, qy := px+dx, py+dy
	inGrid := true
	if !(px >= 0 && px <= gw && py >= 0 && py <= gh && qx >= 0 && qx <= gw && qy >= 0 && qy <= gh) {
		inGrid = clipSlab(px, dx, 0, gw, &t0, &t1) && clipSlab(py, dy, 0, gh, &t0, &t1)
		// Part of the segment lies outside the grid. A shape reaching out
		// there is registered in the border cells its clamped box covers, so
		// test the border cells under the segment's box (resolv.LineTest
		// over FilterCells sees the same shapes).
		w.castBorder(b)
		if !inGrid {
			return b.found
		}
	}

	// Grid traversal from the clipped start.
	sx, sy := px+t0*dx, py+t0*dy
	ix := clampInt(int(math.Floor(sx/cw)), 0, nx-1)
	iy := clampInt(int(math.Floor(sy/ch)), 0, ny-1)
	stepX, tMaxX, tDeltaX := gridAxis(dx, px, cw, b.idx, ix)
	stepY, tMaxY, tDeltaY := gridAxis(dy, py, ch, b.idy, iy)

	for guard := nx + ny + 2; guard > 0; guard-- {
		if cell := sp.Cell(ix, iy); cell != nil {
			// visitCell, written out: a polygon this query tested in an
			// earlier cell costs no call.
			for _, s := range cell.Shapes {
				var id uint32
				if p, ok := s.(*resolv.ConvexPolygon); ok {
					id = p.ID()
				} else {
					id = shapeID(s)
				}
				if !b.seen.tested(id) {
					w.visitShape(s, id, b)
				}
			}
		}
		next := min(tMaxX, tMaxY)
		if next > t1 || b.t <= next {
			break
		}
		if tMaxX < tMaxY {
			ix += stepX
			tMaxX += tDeltaX
			if ix < 0 || ix >= nx {
				break
			}
		} else {
			iy += stepY
			tMaxY += tDeltaY
			if iy < 0 || iy >= ny {
				break
			}
		}
	}
	return b.found
}

// visitCell tests the shapes of one cell that this query has not tested yet.
func (w *World) visitCell(cell *resolv.Cell, b *best) {
	for _, s := range cell.Shapes {
		if id := shapeID(s); !b.seen.tested(id) {
			w.visitShape(s, id, b)
		}
	}
}

// shapeID returns s's ID, with a direct call for the concrete types this
// package makes instead of an interface call.
func shapeID(s resolv.IShape) uint32 {
	switch sh := s.(type) {
	case *resolv.ConvexPolygon:
		return sh.ID()
	case *resolv.Circle:
		return sh.ID()
	}
	return s.ID()
}

// visitShape tests shape s, of ID id, that this query has not tested yet.
func (w *World) visitShape(s resolv.IShape, id uint32, b *best) {
	ei := -1
	if k := int(id - w.idBase); id >= w.idBase && k < len(w.slot) {
		ei = int(w.slot[k])
	}
	if ei < 0 {
		w.testLive(s, b)
		return
	}
	e := &w.entries[ei]
	if tags := *e.tags; (b.req != 0 && tags&b.req == 0) || tags&b.excl != 0 {
		return
	}
	if !e.fresh() {
		w.testLive(s, b)
		return
	}
	testShape(e, w.edges[e.vStart:e.vStart+e.vCount], ei, b)
}

// testLive tests a shape the cache does not hold (or holds stale) by
// transforming it into the query's own scratch.
func (w *World) testLive(s resolv.IShape, b *best) {
	var sc liveScratch
	e, es, ok := liveGeometry(s, &sc)
	if !ok {
		return
	}
	if t := *e.tags; (b.req != 0 && t&b.req == 0) || t&b.excl != 0 {
		return
	}
	testShape(&e, es, -1, b)
}

// liveGeometry transforms s into an entry of its own and, for a polygon, its
// edges in sc: the geometry of a shape the cache does not hold fresh, built
// without writing to the World. It allocates only for a polygon of more than
// len(sc.verts) vertices; ok is false for a shape of no known kind or
// without tags.
func liveGeometry(s resolv.IShape, sc *liveScratch) (e shapeEntry, es []edgeData, ok bool) {
	tags := s.Tags()
	if tags == nil {
		return shapeEntry{}, nil, false
	}
	e = shapeEntry{shape: s, tags: tags}
	switch sh := s.(type) {
	case *resolv.ConvexPolygon:
		e.poly = sh
		n := len(sh.Points)
		vs, ed := sc.verts[:0], sc.edges[:0]
		if n > len(sc.verts) {
			vs, ed = make([]mgl64.Vec2, 0, n), make([]edgeData, 0, n)
		}
		vs, ed = vs[:n], ed[:n]
		e.transform(vs, ed)
		return e, ed, true
	case *resolv.Circle:
		e.circle = sh
		e.transform(nil, nil)
		return e, nil, true
	}
	return shapeEntry{}, nil, false
}

// liveScratch holds the transformed geometry of one shape tested live.
type liveScratch struct {
	verts [16]mgl64.Vec2
	edges [16]edgeData
}

// castBorder tests the shapes of the border cells of the grid that lie under
// the segment's bounding box.
func (w *World) castBorder(b *best) {
	sp := w.space
	nx, ny := sp.WidthInCells(), sp.HeightInCells()
	cw, ch := float64(sp.CellWidth()), float64(sp.CellHeight())
	px, py, dx, dy := b.px, b.py, b.dx, b.dy
	x0 := max(cellIndex(min(px, px+dx), cw), 0)
	x1 := min(cellIndex(max(px, px+dx), cw), nx-1)
	y0 := max(cellIndex(min(py, py+dy), ch), 0)
	y1 := min(cellIndex(max(py, py+dy), ch), ny-1)
	if x0 > x1 || y0 > y1 {
		return
	}
	for iy := y0; iy <= y1; iy++ {
		if iy == 0 || iy == ny-1 {
			for ix := x0; ix <= x1; ix++ {
				w.visitCell(sp.Cell(ix, iy), b)
			}
			continue
		}
		if x0 == 0 {
			w.visitCell(sp.Cell(0, iy), b)
		}
		if x1 == nx-1 {
			w.visitCell(sp.Cell(nx-1, iy), b)
		}
	}
}

// cellIndex is floor(v/size) clamped into the int range.
func cellIndex(v, size float64) int {
	c := math.Floor(v / size)
	if c < -1<<30 {
		return -1 << 30
	}
	if c > 1<<30 {
		return 1 << 30
	}
	return int(c)
}

// best is one query's segment and filter and the nearest crossing found so
// far, with a copy of the hit edge (or circle) so that the hit is resolved
// without going back to the cache.
type best struct {
	t        float64
	entry    int // cache index of the shape, -1 for none or a shape tested live
	shape    resolv.IShape
	edge     edgeData // the polygon edge hit
	cx, cy   float64  // the centre of the circle hit
	sign     float64  // winding sign used for the normal (0: face the ray)
	isCircle bool
	found    bool

	px, py, dx, dy float64 // the segment P + t*D
	idx, idy       float64 // 1/dx, 1/dy (infinite when zero)
	req, excl      resolv.Tags

	seen idRing // the shapes tested lately

	viaIndex bool    // the crossing was found by indexCast
	key      int     // its edge index (-1-entry for a circle), for ties
	eager    bool    // indexCast checks each crossing as it finds it
	touch    float64 // sink of indexCell's loads
}

// idRing is a query's ring of the IDs of the last shapes it tested.
type idRing struct {
	ids [8]uint32
	n   int
}

// tested reports whether id was tested lately, and records it otherwise.
func (r *idRing) tested(id uint32) bool {
	for i := range min(r.n, len(r.ids)) {
		if r.ids[i] == id {
			return true
		}
	}
	r.ids[r.n%len(r.ids)] = id
	r.n++
	return false
}

// testShape tests the segment against one shape with its edges es (nil for a
// circle) and updates b. ei is its cache index, or -1.
func testShape(e *shapeEntry, es []edgeData, ei int, b *best) {
	px, py, dx, dy := b.px, b.py, b.dx, b.dy
	// Slab test of the segment against the shape's box, limited to the best
	// hit so far: a shape whose box the segment enters after the best hit
	// cannot hold a nearer one.
	lo, hi := 0.0, b.t
	if dx != 0 {
		t1, t2 := (e.minX-px)*b.idx, (e.maxX-px)*b.idx
		if dx < 0 {
			t1, t2 = t2, t1
		}
		lo, hi = max(lo, t1), min(hi, t2)
	} else if px < e.minX || px > e.maxX {
		return
	}
	if dy != 0 {
		t1, t2 := (e.minY-py)*b.idy, (e.maxY-py)*b.idy
		if dy < 0 {
			t1, t2 = t2, t1
		}
		lo, hi = max(lo, t1), min(hi, t2)
	} else if py < e.minY || py > e.maxY {
		return
	}
	if lo > hi || lo > 1 {
		return
	}
	if e.circle != nil {
		t, ok := circleCrossing(px, py, dx, dy, e)
		if !ok {
			return
		}
		if t < b.t {
			b.t, b.entry, b.shape, b.isCircle, b.found = t, ei, e.shape, true, true
			b.cx, b.cy = e.pos.X, e.pos.Y
			b.viaIndex = false
		}
		return
	}
	n := e.vCount
	edges := n
	sign := e.sign
	if n <= 2 || !e.poly.Closed {
		edges = n - 1
		sign = 0 // open polyline: no inside
	}
	if edges <= 0 {
		return
	}
	es = es[:edges]
	for i := range es {
		ed := &es[i]
		den := dx*ed.ey - dy*ed.ex
		qx, qy := ed.ax-px, ed.ay-py
		tn := qx*ed.ey - qy*ed.ex
		un := qx*dy - qy*dx
		if den < 0 {
			den, tn, un = -den, -tn, -un
		}
		// A parallel edge (den = 0) fails here: 0 <= tn < t*den cannot hold
		// for a finite t, and with t = +Inf the product is NaN.
		if !(un >= 0 && un <= den && tn >= 0 && tn <= den && tn < b.t*den) {
			continue
		}
		b.t, b.entry, b.shape, b.edge, b.sign, b.isCircle, b.found = tn/den, ei, e.shape, *ed, sign, false, true
		b.viaIndex = false
	}
}

// circleCrossing returns the t in [0,1] where the segment P + t*D crosses
// the boundary of the circle entry e (see the derivation at the top of this
// file): the smaller root, or the larger one when the segment starts inside.
func circleCrossing(px, py, dx, dy float64, e *shapeEntry) (float64, bool) {
	fx, fy := px-e.pos.X, py-e.pos.Y
	a := dx*dx + dy*dy
	bb := fx*dx + fy*dy
	c := fx*fx + fy*fy - e.radius*e.radius
	disc := bb*bb - a*c
	if disc < 0 {
		return 0, false
	}
	s := math.Sqrt(disc)
	t := (-bb - s) / a
	if t < 0 || t > 1 {
		t = (-bb + s) / a
		if t < 0 || t > 1 {
			return 0, false
		}
	}
	return t, true
}

// resolve turns the best crossing into the hit point, its unit normal and
// whether the ray started inside the shape; ok is false if any of them is not
// finite.
func (w *World) resolve(b *best) (point, normal mgl64.Vec2, inside, ok bool) {
	px, py, dx, dy := b.px, b.py, b.dx, b.dy
	t := min(max(b.t, 0), 1)
	point = mgl64.Vec2{px + t*dx, py + t*dy}
	var nx, ny float64
	if b.isCircle {
		nx, ny = point[0]-b.cx, point[1]-b.cy
		if l := math.Sqrt(nx*nx + ny*ny); l > 0 && finite(l) {
			nx, ny = nx/l, ny/l
		} else {
			nx, ny = 0, 0
		}
	} else {
		ed := &b.edge
		// Snap to an axis-aligned edge's coordinate, so that a ray onto a
		// flat floor, ceiling or wall reports the surface's exact value.
		if ed.ey == 0 {
			point[1] = ed.ay
		}
		if ed.ex == 0 {
			point[0] = ed.ax
		}
		nx, ny = ed.nx, ed.ny
	}
	if nx == 0 && ny == 0 {
		// Degenerate: face the ray's origin.
		l := math.Sqrt(dx*dx + dy*dy)
		nx, ny = -dx/l, -dy/l
	}
	facing := nx*dx + ny*dy
	if b.sign == 0 && !b.isCircle {
		if facing > 0 {
			nx, ny = -nx, -ny
		}
	} else if facing > 0 {
		inside = true
	}
	normal = mgl64.Vec2{nx, ny}
	if !finite(point[0]) || !finite(point[1]) || !finite(nx) || !finite(ny) {
		return mgl64.Vec2{}, mgl64.Vec2{}, false, false
	}
	return point, normal, inside, true
}

// clipSlab narrows [t0,t1] to where p + t*d lies in [lo,hi]; false if empty.
func clipSlab(p, d, lo, hi float64, t0, t1 *float64) bool {
	if d == 0 {
		return p >= lo && p <= hi
	}
	ta, tb := (lo-p)/d, (hi-p)/d
	if ta > tb {
		ta, tb = tb, ta
	}
	*t0 = max(*t0, ta)
	*t1 = min(*t1, tb)
	return *t0 <= *t1
}

func clampInt(v, lo, hi int) int {
	return min(max(v, lo), hi)
}

func finite(x float64) bool {
	return !math.IsNaN(x) && !math.IsInf(x, 0)
}

// gridAxis starts a grid walk (Amanatides-Woo) along one axis: a segment
// with direction component d (inv = 1/d) from coordinate p, in cell i of
// cells size wide, steps by step cells, reaches its next cell boundary at
// t = tMax and the ones after every tDelta. A segment that does not move
// along the axis never steps (tMax and tDelta infinite).
func gridAxis(d, p, size, inv float64, i int) (step int, tMax, tDelta float64) {
	if d > 0 {
		return 1, (float64(i+1)*size - p) * inv, size * inv
	}
	if d < 0 {
		return -1, (float64(i)*size - p) * inv, -size * inv
	}
	return 0, inf, inf
}

// inf is +Inf (a variable: math.Inf's call would make gridAxis too costly
// to inline).
var inf = math.Inf(1)
