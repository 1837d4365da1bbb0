package quality

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Solids is geometry of a world's solid shapes, kept apart from the world
// under test, so penetration figures come from point-in-shape and
// distance-to-boundary math of this package's own rather than from the
// raycast that placed the feet.
//
// Add every solid of the world (convex or concave simple polygons of either
// winding, and circles), then call Build once. Depth is the distance from a
// point inside the union of the solids to the union's boundary (0 outside):
// seams between touching or overlapping pieces (the columns of a height
// field, a box sunk into a slab) are inside the union and do not count as
// boundary. Circles count exactly as inside; their boundary is measured on
// a 128-gon (an error below 0.0004 of the radius).
//
// Queries do not allocate and are safe for concurrent use after Build.
type Solids struct {
	polys   []solidPoly
	circles []solidCircle
	edges   []edgePiece // the exposed boundary: pieces of edges outside every other solid
	// grid of exposed edges and of shapes, by bounding box
	cell        float64
	ox, oy      float64
	nx, ny      int
	edgeCells   [][]int32
	shapeCells  [][]int32 // shape index: polys first, then circles (offset len(polys))
	built       bool
	minX, minY  float64
	maxX, maxY  float64
	hasGeometry bool
}

type solidPoly struct {
	pts                    []mgl64.Vec2
	minX, minY, maxX, maxY float64
}

type solidCircle struct {
	c mgl64.Vec2
	r float64
}

type edgePiece struct{ a, b mgl64.Vec2 }

// AddPolygon adds a simple polygon (at least 3 points, either winding).
// Non-finite points are skipped.
func (s *Solids) AddPolygon(pts []mgl64.Vec2) {
	var p solidPoly
	for _, q := range pts {
		if finite2(q) {
			p.pts = append(p.pts, q)
		}
	}
	if len(p.pts) < 3 {
		return
	}
	p.minX, p.minY, p.maxX, p.maxY = math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, q := range p.pts {
		p.minX, p.minY = math.Min(p.minX, q[0]), math.Min(p.minY, q[1])
		p.maxX, p.maxY = math.Max(p.maxX, q[0]), math.Max(p.maxY, q[1])
	}
	s.polys = append(s.polys, p)
	s.built = false
}

// AddCircle adds a solid disc.
func (s *Solids) AddCircle(c mgl64.Vec2, r float64) {
	if !finite2(c) || !(r > 0) || math.IsInf(r, 0) {
		return
	}
	s.circles = append(s.circles, solidCircle{c, r})
	s.built = false
}

func finite2(v mgl64.Vec2) bool {
	return !math.IsNaN(v[0]) && !math.IsNaN(v[1]) && !math.IsInf(v[0], 0) && !math.IsInf(v[1], 0)
}

const (
	circleSides = 128
	exposeEps   = 1e-3 // px
)

// Build computes the exposed boundary and the look-up grid. Call it after
// the last Add and before any query.
func (s *Solids) Build() {
	s.built = true
	s.edges = s.edges[:0]
	n := len(s.polys) + len(s.circles)
	s.hasGeometry = n > 0
	if n == 0 {
		return
	}
	s.minX, s.minY, s.maxX, s.maxY = math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	grow := func(x0, y0, x1, y1 float64) {
		s.minX, s.minY = math.Min(s.minX, x0), math.Min(s.minY, y0)
		s.maxX, s.maxY = math.Max(s.maxX, x1), math.Max(s.maxY, y1)
	}
	for _, p := range s.polys {
		grow(p.minX, p.minY, p.maxX, p.maxY)
	}
	for _, c := range s.circles {
		grow(c.c[0]-c.r, c.c[1]-c.r, c.c[0]+c.r, c.c[1]+c.r)
	}
	s.cell = 32
	s.ox, s.oy = s.minX-s.cell, s.minY-s.cell
	s.nx = int((s.maxX-s.ox)/s.cell) + 2
	s.ny = int((s.maxY-s.oy)/s.cell) + 2
	for s.nx*s.ny > 1<<22 {
		s.cell *= 2
		s.nx = int((s.maxX-s.ox)/s.cell) + 2
		s.ny = int((s.maxY-s.oy)/s.cell) + 2
	}
	s.shapeCells = make([][]int32, s.nx*s.ny)
	for i, p := range s.polys {
		s.addBox(s.shapeCells, int32(i), p.minX, p.minY, p.maxX, p.maxY)
	}
	for i, c := range s.circles {
		s.addBox(s.shapeCells, int32(len(s.polys)+i), c.c[0]-c.r, c.c[1]-c.r, c.c[0]+c.r, c.c[1]+c.r)
	}
	// Exposed pieces: each edge minus the parts inside another shape.
	// An edge piece is exposed where the solid does not continue on its
	// outer side: the edge moved outward by exposeEps (so a seam shared by
	// two touching pieces is covered by the neighbour) lies outside every
	// other shape.
	var cuts [][2]float64
	expose := func(a, b, out mgl64.Vec2, self int) {
		cuts = cuts[:0]
		oa, ob := a.Add(out.Mul(exposeEps)), b.Add(out.Mul(exposeEps))
		for _, k := range s.shapesNearSegment(oa, ob) {
			if int(k) == self {
				continue
			}
			if t0, t1, ok := s.insideInterval(int(k), oa, ob); ok {
				cuts = append(cuts, [2]float64{t0, t1})
			}
		}
		for _, iv := range subtract(cuts) {
			d := b.Sub(a)
			s.edges = append(s.edges, edgePiece{a.Add(d.Mul(iv[0])), a.Add(d.Mul(iv[1]))})
		}
	}
	for i, p := range s.polys {
		// Signed area (screen y down): positive for clockwise on screen,
		// whose edge normal (E.y, -E.x) points out.
		area := 0.0
		for k := range p.pts {
			q0, q1 := p.pts[k], p.pts[(k+1)%len(p.pts)]
			area += q0[0]*q1[1] - q1[0]*q0[1]
		}
		sign := 1.0
		if area < 0 {
			sign = -1
		}
		for k := range p.pts {
			q0, q1 := p.pts[k], p.pts[(k+1)%len(p.pts)]
			e := q1.Sub(q0)
			l := e.Len()
			if l == 0 {
				continue
			}
			expose(q0, q1, mgl64.Vec2{e[1], -e[0]}.Mul(sign/l), i)
		}
	}
	for i, c := range s.circles {
		for k := 0; k < circleSides; k++ {
			a0 := 2 * math.Pi * float64(k) / circleSides
			a1 := 2 * math.Pi * float64(k+1) / circleSides
			am := (a0 + a1) / 2
			expose(c.c.Add(mgl64.Vec2{math.Cos(a0), math.Sin(a0)}.Mul(c.r)), c.c.Add(mgl64.Vec2{math.Cos(a1), math.Sin(a1)}.Mul(c.r)), mgl64.Vec2{math.Cos(am), math.Sin(am)}, len(s.polys)+i)
		}
	}
	s.edgeCells = make([][]int32, s.nx*s.ny)
	for i, e := range s.edges {
		s.addBox(s.edgeCells, int32(i), math.Min(e.a[0], e.b[0]), math.Min(e.a[1], e.b[1]), math.Max(e.a[0], e.b[0]), math.Max(e.a[1], e.b[1]))
	}
}

// subtract returns the parts of [0,1] not covered by the intervals.
func subtract(cuts [][2]float64) [][2]float64 {
	// Insertion sort by start (few intervals).
	for i := 1; i < len(cuts); i++ {
		for j := i; j > 0 && cuts[j][0] < cuts[j-1][0]; j-- {
			cuts[j], cuts[j-1] = cuts[j-1], cuts[j]
		}
	}
	var out [][2]float64
	t := 0.0
	for _, c := range cuts {
		if c[0] > t {
			out = append(out, [2]float64{t, c[0]})
		}
		t = math.Max(t, c[1])
	}
	if t < 1 {
		out = append(out, [2]float64{t, 1})
	}
	return out
}

// insideInterval returns the parameter interval of a->b that lies strictly
// inside shape k (polygon interior by crossing number, sampled at the
// crossings of its edges; circle exactly).
func (s *Solids) insideInterval(k int, a, b mgl64.Vec2) (t0, t1 float64, ok bool) {
	d := b.Sub(a)
	if k >= len(s.polys) {
		c := s.circles[k-len(s.polys)]
		f := a.Sub(c.c)
		qa := d.Dot(d)
		qb := f.Dot(d)
		qc := f.Dot(f) - c.r*c.r
		disc := qb*qb - qa*qc
		if qa == 0 || disc <= 0 {
			return 0, 0, false
		}
		sq := math.Sqrt(disc)
		t0, t1 = (-qb-sq)/qa, (-qb+sq)/qa
		t0, t1 = math.Max(t0, 0), math.Min(t1, 1)
		return t0, t1, t1-t0 > 1e-12
	}
	p := &s.polys[k]
	// Crossings of a->b with the polygon's edges split it into intervals;
	// an interval whose midpoint is inside is inside (a simple polygon).
	var ts [64]float64
	nt := 0
	ts[nt] = 0
	nt++
	for i := range p.pts {
		q0, q1 := p.pts[i], p.pts[(i+1)%len(p.pts)]
		e := q1.Sub(q0)
		den := d[0]*e[1] - d[1]*e[0]
		if den == 0 {
			continue
		}
		w := q0.Sub(a)
		t := (w[0]*e[1] - w[1]*e[0]) / den
		u := (w[0]*d[1] - w[1]*d[0]) / den
		if t > 0 && t < 1 && u >= 0 && u <= 1 && nt < len(ts)-1 {
			ts[nt] = t
			nt++
		}
	}
	ts[nt] = 1
	nt++
	tt := ts[:nt]
	for i := 1; i < len(tt); i++ {
		for j := i; j > 0 && tt[j] < tt[j-1]; j-- {
			tt[j], tt[j-1] = tt[j-1], tt[j]
		}
	}
	// Merge the inside intervals into one span (a convex piece gives one;
	// a concave polygon may give several: the span then over-covers, which
	// only hides boundary that lies inside the other shape's hull: use
	// convex pieces, as resolv does, for exact seams).
	found := false
	for i := 0; i+1 < len(tt); i++ {
		if tt[i+1]-tt[i] < 1e-12 {
			continue
		}
		m := a.Add(d.Mul((tt[i] + tt[i+1]) / 2))
		if inPolygon(m, p.pts) {
			if !found {
				t0, found = tt[i], true
			}
			t1 = tt[i+1]
		}
	}
	return t0, t1, found
}

func inPolygon(p mgl64.Vec2, pts []mgl64.Vec2) bool {
	in := false
	for i, j := 0, len(pts)-1; i < len(pts); j, i = i, i+1 {
		a, b := pts[i], pts[j]
		if (a[1] > p[1]) != (b[1] > p[1]) && p[0] < (b[0]-a[0])*(p[1]-a[1])/(b[1]-a[1])+a[0] {
			in = !in
		}
	}
	return in
}

func (s *Solids) cellRange(x0, y0, x1, y1 float64) (i0, j0, i1, j1 int) {
	i0 = max(0, min(s.nx-1, int((x0-s.ox)/s.cell)))
	i1 = max(0, min(s.nx-1, int((x1-s.ox)/s.cell)))
	j0 = max(0, min(s.ny-1, int((y0-s.oy)/s.cell)))
	j1 = max(0, min(s.ny-1, int((y1-s.oy)/s.cell)))
	return
}

func (s *Solids) addBox(cells [][]int32, id int32, x0, y0, x1, y1 float64) {
	i0, j0, i1, j1 := s.cellRange(x0, y0, x1, y1)
	for j := j0; j <= j1; j++ {
		for i := i0; i <= i1; i++ {
			cells[j*s.nx+i] = append(cells[j*s.nx+i], id)
		}
	}
}

// shapesNearSegment lists shapes whose boxes share a cell with the segment's
// box (setup only: it allocates).
func (s *Solids) shapesNearSegment(a, b mgl64.Vec2) []int32 {
	i0, j0, i1, j1 := s.cellRange(math.Min(a[0], b[0]), math.Min(a[1], b[1]), math.Max(a[0], b[0]), math.Max(a[1], b[1]))
	seen := map[int32]bool{}
	var out []int32
	for j := j0; j <= j1; j++ {
		for i := i0; i <= i1; i++ {
			for _, k := range s.shapeCells[j*s.nx+i] {
				if !seen[k] {
					seen[k] = true
					out = append(out, k)
				}
			}
		}
	}
	return out
}

// Inside reports whether p lies inside any solid.
func (s *Solids) Inside(p mgl64.Vec2) bool {
	if !s.built || !s.hasGeometry || !finite2(p) {
		return false
	}
	if p[0] < s.minX || p[0] > s.maxX || p[1] < s.minY || p[1] > s.maxY {
		return false
	}
	i0, j0, _, _ := s.cellRange(p[0], p[1], p[0], p[1])
	for _, k := range s.shapeCells[j0*s.nx+i0] {
		if int(k) >= len(s.polys) {
			c := s.circles[int(k)-len(s.polys)]
			if p.Sub(c.c).Len() < c.r {
				return true
			}
			continue
		}
		q := &s.polys[k]
		if p[0] < q.minX || p[0] > q.maxX || p[1] < q.minY || p[1] > q.maxY {
			continue
		}
		if inPolygon(p, q.pts) {
			return true
		}
	}
	return false
}

// Depth returns how deep p lies inside the union of the solids: its
// distance to the nearest exposed boundary, or 0 when p is outside.
func (s *Solids) Depth(p mgl64.Vec2) float64 {
	if !s.Inside(p) {
		return 0
	}
	return s.boundaryDist(p)
}

// boundaryDist is the distance from p to the nearest exposed boundary piece,
// searching rings of cells outward until no nearer piece can exist.
func (s *Solids) boundaryDist(p mgl64.Vec2) float64 {
	ci, cj, _, _ := s.cellRange(p[0], p[1], p[0], p[1])
	best := math.Inf(1)
	for r := 0; r < max(s.nx, s.ny); r++ {
		for j := cj - r; j <= cj+r; j++ {
			if j < 0 || j >= s.ny {
				continue
			}
			for i := ci - r; i <= ci+r; i++ {
				if i < 0 || i >= s.nx || (j != cj-r && j != cj+r && i != ci-r && i != ci+r) {
					continue
				}
				for _, e := range s.edgeCells[j*s.nx+i] {
					best = math.Min(best, segDist(p, s.edges[e].a, s.edges[e].b))
				}
			}
		}
		// Every cell within ring r is searched: a piece in ring r+1 is at
		// least r*cell away.
		if best <= float64(r)*s.cell {
			break
		}
	}
	if math.IsInf(best, 1) {
		return 0
	}
	return best
}

func segDist(p, a, b mgl64.Vec2) float64 {
	d := b.Sub(a)
	l2 := d.Dot(d)
	t := 0.0
	if l2 > 0 {
		t = math.Max(0, math.Min(1, p.Sub(a).Dot(d)/l2))
	}
	q := a.Add(d.Mul(t))
	return math.Hypot(p[0]-q[0], p[1]-q[1])
}

// SegmentDepth returns the deepest point of the segment a->b inside the
// solids, sampling every step px or finer (step <= 0 means 0.5 px) and both
// ends.
func (s *Solids) SegmentDepth(a, b mgl64.Vec2, step float64) float64 {
	if !s.built || !s.hasGeometry || !finite2(a) || !finite2(b) {
		return 0
	}
	if !(step > 0) {
		step = 0.5
	}
	if math.Max(a[0], b[0]) < s.minX || math.Min(a[0], b[0]) > s.maxX || math.Max(a[1], b[1]) < s.minY || math.Min(a[1], b[1]) > s.maxY {
		return 0
	}
	l := math.Hypot(b[0]-a[0], b[1]-a[1])
	n := int(math.Ceil(l/step)) + 1
	if n > 1<<16 {
		n = 1 << 16
	}
	worst := 0.0
	for k := 0; k <= n; k++ {
		t := float64(k) / float64(n)
		worst = math.Max(worst, s.Depth(a.Add(b.Sub(a).Mul(t))))
	}
	return worst
}

// SegmentsCross reports whether the segments a0->a1 and b0->b1 intersect
// at a point inside both (touching ends do not count).
func SegmentsCross(a0, a1, b0, b1 mgl64.Vec2) bool {
	d := a1.Sub(a0)
	e := b1.Sub(b0)
	den := d[0]*e[1] - d[1]*e[0]
	if den == 0 {
		return false
	}
	w := b0.Sub(a0)
	t := (w[0]*e[1] - w[1]*e[0]) / den
	u := (w[0]*d[1] - w[1]*d[0]) / den
	const eps = 1e-9
	return t > eps && t < 1-eps && u > eps && u < 1-eps
}
