package editor

// Convex pieces of a simple polygon.
//
// resolv collides only convex polygons, so an outline drawn in an editor is
// cleaned, checked and split:
//
//  1. Clean: points closer than mergeDist to the previous one are dropped,
//     then points in the middle of a straight run
//     (|cross(b-a, c-b)| <= 1e-9*|b-a|*|c-b| and (b-a).(c-b) > 0), until
//     none is left; a point where the outline turns straight back is an
//     error.
//  2. Check: at least 3 points, no two edges that do not share a point
//     touching or crossing (O(n^2) segment tests), and a doubled signed area
//     A = sum x[i]*y[i+1] - x[i+1]*y[i] of magnitude >= minArea. The outline is then wound so that A > 0 (clockwise on screen,
//     y down), where a vertex b between a and c is convex when
//     cross(b-a, c-b) >= 0.
//  3. Convex already: one piece.
//  4. Ear clipping: vertex i with neighbours p and n is an ear when it is
//     strictly convex and no other remaining vertex lies in or on the triangle
//     (p, i, n). Cutting the ear emits that triangle and the diagonal p-n.
//     Every simple polygon with more than 3 vertices has two ears (Meisters'
//     two-ears theorem), so the loop ends with n-2 triangles. Ear status is
//     cached and refreshed for the two neighbours of each cut, with a full
//     refresh when the cache shows none (a cut can free a blocked ear
//     elsewhere).
//  5. Hertel-Mehlhorn: each diagonal, in the order cut, is removed when the
//     two pieces on its sides merge into a convex piece, which needs only the
//     turns at the diagonal's two ends to stay convex. The result has at most
//     4 times the minimum number of convex pieces, and in practice few.

import (
	"errors"
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

const (
	// mergeDist is the distance below which consecutive points are one point.
	mergeDist = 1e-3
	// minArea is the smallest doubled area of a polygon or piece kept.
	minArea = 1e-4
)

func cross(a, b mgl64.Vec2) float64 { return a[0]*b[1] - a[1]*b[0] }

// turn is cross(b-a, c-b): positive where the outline turns clockwise on
// screen at b.
func turn(a, b, c mgl64.Vec2) float64 { return cross(b.Sub(a), c.Sub(b)) }

// Area2 returns the doubled signed area of a closed outline.
func Area2(ps []mgl64.Vec2) float64 {
	var s float64
	for i := range ps {
		j := (i + 1) % len(ps)
		s += ps[i][0]*ps[j][1] - ps[j][0]*ps[i][1]
	}
	return s
}

// Convex splits the simple polygon ps into convex pieces, each wound
// clockwise on screen. It returns an error naming the offending point (by its
// index in ps) if the outline has fewer than 3 distinct points, no area, or
// edges that touch or cross, or more than MaxPolygonPoints points.
func Convex(ps []mgl64.Vec2) ([][]mgl64.Vec2, error) {
	if len(ps) > MaxPolygonPoints {
		return nil, fmt.Errorf("points: %d points, more than %d", len(ps), MaxPolygonPoints)
	}
	pts, idx, err := clean(ps)
	if err != nil {
		return nil, err
	}
	if len(pts) < 3 {
		return nil, fmt.Errorf("points: a polygon needs at least 3 points not on one line, got %d", len(pts))
	}
	if i, j, ok := crossing(pts); ok {
		return nil, fmt.Errorf("points[%d]: the edge from this point touches or crosses the edge from points[%d]", idx[i], idx[j])
	}
	area := Area2(pts)
	if math.Abs(area) < minArea {
		return nil, errors.New("points: the polygon has no area")
	}
	if area < 0 {
		for l, r := 0, len(pts)-1; l < r; l, r = l+1, r-1 {
			pts[l], pts[r] = pts[r], pts[l]
		}
	}
	convex := true
	for i := range pts {
		if turn(pts[i], pts[(i+1)%len(pts)], pts[(i+2)%len(pts)]) < 0 {
			convex = false
			break
		}
	}
	if convex {
		return [][]mgl64.Vec2{pts}, nil
	}
	pieces, err := earClip(pts)
	if err != nil {
		return nil, err
	}
	out := make([][]mgl64.Vec2, 0, len(pieces))
	for _, pc := range pieces {
		poly := make([]mgl64.Vec2, len(pc))
		for k, v := range pc {
			poly[k] = pts[v]
		}
		if Area2(poly) >= minArea {
			out = append(out, poly)
		}
	}
	return out, nil
}

// clean drops repeated points and points in the middle of a straight run,
// returning the kept points and their indices in ps. A point where the
// outline turns straight back (a spike of no width) is an error.
func clean(ps []mgl64.Vec2) ([]mgl64.Vec2, []int, error) {
	pts := make([]mgl64.Vec2, 0, len(ps))
	idx := make([]int, 0, len(ps))
	for i, p := range ps {
		if len(pts) > 0 && p.Sub(pts[len(pts)-1]).Len() < mergeDist {
			continue
		}
		pts = append(pts, p)
		idx = append(idx, i)
	}
	for len(pts) > 1 && pts[0].Sub(pts[len(pts)-1]).Len() < mergeDist {
		pts, idx = pts[:len(pts)-1], idx[:len(idx)-1]
	}
	for changed := true; changed && len(pts) >= 3; {
		changed = false
		for i := 0; i < len(pts) && len(pts) >= 3; i++ {
			a, b, c := pts[(i+len(pts)-1)%len(pts)], pts[i], pts[(i+1)%len(pts)]
			e1, e2 := b.Sub(a), c.Sub(b)
			if math.Abs(cross(e1, e2)) <= 1e-9*e1.Len()*e2.Len() {
				if e1.Dot(e2) < 0 {
					return nil, nil, fmt.Errorf("points[%d]: the outline turns straight back here", idx[i])
				}
				pts = append(pts[:i], pts[i+1:]...)
				idx = append(idx[:i], idx[i+1:]...)
				changed = true
				i--
			}
		}
	}
	return pts, idx, nil
}

// crossing returns the first pair of edges (by start index) that touch or
// cross without being neighbours.
func crossing(ps []mgl64.Vec2) (int, int, bool) {
	n := len(ps)
	for i := range n {
		a, b := ps[i], ps[(i+1)%n]
		for j := i + 2; j < n; j++ {
			if i == 0 && j == n-1 {
				continue // neighbours through the closing edge
			}
			if segmentsTouch(a, b, ps[j], ps[(j+1)%n]) {
				return i, j, true
			}
		}
	}
	return 0, 0, false
}

// segmentsTouch reports whether segments ab and cd share a point.
func segmentsTouch(a, b, c, d mgl64.Vec2) bool {
	d1, d2 := turn(a, b, c), turn(a, b, d)
	d3, d4 := turn(c, d, a), turn(c, d, b)
	if ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)) {
		return true
	}
	on := func(p, q, r mgl64.Vec2, t float64) bool { // r on segment pq, given turn t
		return t == 0 && math.Min(p[0], q[0]) <= r[0] && r[0] <= math.Max(p[0], q[0]) &&
			math.Min(p[1], q[1]) <= r[1] && r[1] <= math.Max(p[1], q[1])
	}
	return on(a, b, c, d1) || on(a, b, d, d2) || on(c, d, a, d3) || on(c, d, b, d4)
}

// inTri reports whether p lies in or on the triangle abc wound with a
// positive area.
func inTri(p, a, b, c mgl64.Vec2) bool {
	return cross(b.Sub(a), p.Sub(a)) >= 0 && cross(c.Sub(b), p.Sub(b)) >= 0 && cross(a.Sub(c), p.Sub(c)) >= 0
}

// earClip triangulates pts (wound with a positive area, simple) and merges
// the triangles into convex pieces; pieces hold indices into pts.
func earClip(pts []mgl64.Vec2) ([][]int, error) {
	n := len(pts)
	prev, next := make([]int, n), make([]int, n)
	for i := range n {
		prev[i], next[i] = (i+n-1)%n, (i+1)%n
	}
	alive := make([]bool, n)
	for i := range alive {
		alive[i] = true
	}
	isEar := func(i int) bool {
		p, q := prev[i], next[i]
		if turn(pts[p], pts[i], pts[q]) <= 0 {
			return false
		}
		for j := next[q]; j != p; j = next[j] {
			if inTri(pts[j], pts[p], pts[i], pts[q]) {
				return false
			}
		}
		return true
	}
	ear := make([]bool, n)
	refresh := func() {
		for i := range n {
			ear[i] = alive[i] && isEar(i)
		}
	}
	refresh()

	var pieces [][]int
	var diagonals [][2]int
	owner := map[[2]int]int{} // directed edge -> piece
	addPiece := func(vs []int) {
		k := len(pieces)
		pieces = append(pieces, vs)
		for t := range vs {
			owner[[2]int{vs[t], vs[(t+1)%len(vs)]}] = k
		}
	}
	left, cur := n, 0
	for left > 3 {
		found := -1
		for i, steps := cur, 0; steps < left; i, steps = next[i], steps+1 {
			if ear[i] {
				found = i
				break
			}
		}
		if found < 0 {
			refresh()
			for i, steps := cur, 0; steps < left; i, steps = next[i], steps+1 {
				if ear[i] {
					found = i
					break
				}
			}
		}
		if found < 0 {
			return nil, errors.New("points: the polygon could not be split into convex pieces (is it simple?)")
		}
		p, q := prev[found], next[found]
		addPiece([]int{p, found, q})
		diagonals = append(diagonals, [2]int{p, q})
		alive[found], ear[found] = false, false
		next[p], prev[q] = q, p
		left--
		ear[p], ear[q] = isEar(p), isEar(q)
		cur = p
	}
	addPiece([]int{prev[cur], cur, next[cur]})

	// Hertel-Mehlhorn: drop diagonals whose two pieces merge convexly.
	dead := make([]bool, len(pieces))
	for _, d := range diagonals {
		p, q := d[0], d[1]
		a, okA := owner[[2]int{q, p}] // the ear cut at this diagonal
		b, okB := owner[[2]int{p, q}] // the piece on the other side
		if !okA || !okB || a == b || dead[a] || dead[b] {
			continue
		}
		pa := rotateTo(pieces[a], p) // p ... q
		pb := rotateTo(pieces[b], q) // q ... p
		if pa[len(pa)-1] != q || pb[len(pb)-1] != p {
			continue
		}
		merged := append(append(make([]int, 0, len(pa)+len(pb)-2), pa...), pb[1:len(pb)-1]...)
		// Turns at p (between pb's last interior point and pa[1]) and at q.
		if turn(pts[pb[len(pb)-2]], pts[p], pts[pa[1]]) < 0 || turn(pts[pa[len(pa)-2]], pts[q], pts[pb[1]]) < 0 {
			continue
		}
		delete(owner, [2]int{p, q})
		delete(owner, [2]int{q, p})
		pieces[a] = merged
		dead[b] = true
		for t := range merged {
			owner[[2]int{merged[t], merged[(t+1)%len(merged)]}] = a
		}
	}
	out := pieces[:0]
	for k, pc := range pieces {
		if !dead[k] {
			out = append(out, pc)
		}
	}
	return out, nil
}

// rotateTo returns the cycle vs starting at vertex v.
func rotateTo(vs []int, v int) []int {
	for k, x := range vs {
		if x == v {
			return append(append(make([]int, 0, len(vs)), vs[k:]...), vs[:k]...)
		}
	}
	return vs
}

// Ellipse returns a convex polygon inscribed in the ellipse of centre c and
// radii rx, ry (axis-aligned), with vertices on the ellipse at equal angle
// steps starting on the x axis. The count is the smallest multiple of 4 that
// keeps the polygon within MaxSag pixels of a circle of the larger radius,
// r*(1-cos(pi/n)) <= MaxSag, kept in [8, 64]; a multiple of 4 puts vertices
// on both axes, so the ellipse's extremes are exact.
func Ellipse(c mgl64.Vec2, rx, ry float64) []mgl64.Vec2 {
	n := EllipseSides(math.Max(rx, ry))
	ps := make([]mgl64.Vec2, n)
	for k := range n {
		a := 2 * math.Pi * float64(k) / float64(n)
		ps[k] = mgl64.Vec2{c[0] + rx*math.Cos(a), c[1] + ry*math.Sin(a)}
	}
	return ps
}

// MaxSag is the largest distance, in pixels, between an ellipse and the
// polygon that stands in for it (unless 64 sides are not enough).
const MaxSag = 0.25

// EllipseSides returns the number of sides of the polygon for an ellipse
// whose larger radius is r.
func EllipseSides(r float64) int {
	n := 8
	for n < 64 && r*(1-math.Cos(math.Pi/float64(n))) > MaxSag {
		n += 4
	}
	return n
}

// Rotate returns p turned by angle radians about o, clockwise on screen
// (x right, y down): (x, y) -> (x cos a - y sin a, x sin a + y cos a) for
// p - o.
func Rotate(p, o mgl64.Vec2, angle float64) mgl64.Vec2 {
	if angle == 0 {
		return p
	}
	s, c := math.Sincos(angle)
	d := p.Sub(o)
	return mgl64.Vec2{o[0] + d[0]*c - d[1]*s, o[1] + d[0]*s + d[1]*c}
}
