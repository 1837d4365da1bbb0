package terrain

import (
	"fmt"
	"sync"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/solarlune/resolv"
)

// newShapeMu serialises the making of resolv shapes: resolv numbers each
// new shape from a package counter without a lock, so Worlds built on
// several goroutines at once (a course per worker) could give two shapes
// one ID, and resolv's cell queries, which skip a shape whose ID they have
// seen, could then skip one. With the lock, the builders of this package
// may run on many goroutines at once (shapes a game makes with resolv
// directly, at the same time, are outside it).
var newShapeMu sync.Mutex

// AddPolygon adds a solid convex polygon. Either winding is accepted; the
// stored polygon is wound clockwise on screen so that resolv's own edge
// normals point out of it too. The shape is tagged TagTerrain|tags. It
// returns an error naming the bad point if points are fewer than 3, not
// finite, beyond MaxCoord, repeated, or not convex.
func (w *World) AddPolygon(points []mgl64.Vec2, tags resolv.Tags) (*resolv.ConvexPolygon, error) {
	if err := checkConvex("points", points); err != nil {
		return nil, fmt.Errorf("terrain: AddPolygon: %w", err)
	}
	return w.addConvex(points, tags), nil
}

// addConvex adds a validated convex polygon.
func (w *World) addConvex(points []mgl64.Vec2, tags resolv.Tags) *resolv.ConvexPolygon {
	minX, minY := points[0][0], points[0][1]
	maxX, maxY := minX, minY
	for _, p := range points[1:] {
		minX, maxX = min(minX, p[0]), max(maxX, p[0])
		minY, maxY = min(minY, p[1]), max(maxY, p[1])
	}
	cx, cy := (minX+maxX)/2, (minY+maxY)/2
	rel := make([]float64, 0, 2*len(points))
	cw := signedArea2(points) > 0
	for i := range points {
		p := points[i]
		if !cw {
			p = points[len(points)-1-i]
		}
		rel = append(rel, p[0]-cx, p[1]-cy)
	}
	newShapeMu.Lock()
	poly := resolv.NewConvexPolygon(cx, cy, rel)
	newShapeMu.Unlock()
	poly.Tags().Set(TagTerrain | tags)
	w.space.Add(poly)
	w.register(poly)
	return poly
}

// AddBox adds a solid axis-aligned rectangle with its top-left corner at
// (x, y), width w and height h (both > 0), tagged TagTerrain|tags. Use it for
// walls, platforms and blocks.
func (w *World) AddBox(x, y, width, height float64, tags resolv.Tags) (*resolv.ConvexPolygon, error) {
	if !(width > 0) {
		return nil, fmt.Errorf("terrain: AddBox: w: %v must be positive", width)
	}
	if !(height > 0) {
		return nil, fmt.Errorf("terrain: AddBox: h: %v must be positive", height)
	}
	pts := []mgl64.Vec2{{x, y}, {x + width, y}, {x + width, y + height}, {x, y + height}}
	if err := checkPoints("corners", pts); err != nil {
		return nil, fmt.Errorf("terrain: AddBox: %w", err)
	}
	return w.addConvex(pts, tags), nil
}

// AddGround adds the solid lying below a polyline down to the horizontal
// line y = bottom, as one convex quad per segment (resolv polygons must be
// convex). The polyline's x must never decrease; two points with the same x
// make a vertical step (stairs, walls, gaps' sides). Every y must be above
// bottom. Shapes are tagged TagTerrain|tags, and TagGround when tags is 0.
func (w *World) AddGround(points []mgl64.Vec2, bottom float64, tags resolv.Tags) ([]*resolv.ConvexPolygon, error) {
	if err := checkPolyline("points", points, "bottom", bottom, true); err != nil {
		return nil, fmt.Errorf("terrain: AddGround: %w", err)
	}
	if tags == 0 {
		tags = TagGround
	}
	var out []*resolv.ConvexPolygon
	for i := 1; i < len(points); i++ {
		a, b := points[i-1], points[i]
		if b[0] == a[0] {
			continue
		}
		out = append(out, w.addConvex([]mgl64.Vec2{a, b, {b[0], bottom}, {a[0], bottom}}, tags))
	}
	return out, nil
}

// AddCeiling adds the solid lying above a polyline up to the horizontal line
// y = top (a ceiling or overhang seen from below), one convex quad per
// segment. The polyline's x must never decrease and every y must be below
// top. Shapes are tagged TagTerrain|tags, and TagCeiling when tags is 0.
func (w *World) AddCeiling(points []mgl64.Vec2, top float64, tags resolv.Tags) ([]*resolv.ConvexPolygon, error) {
	if err := checkPolyline("points", points, "top", top, false); err != nil {
		return nil, fmt.Errorf("terrain: AddCeiling: %w", err)
	}
	if tags == 0 {
		tags = TagCeiling
	}
	var out []*resolv.ConvexPolygon
	for i := 1; i < len(points); i++ {
		a, b := points[i-1], points[i]
		if b[0] == a[0] {
			continue
		}
		out = append(out, w.addConvex([]mgl64.Vec2{{a[0], top}, {b[0], top}, b, a}, tags))
	}
	return out, nil
}

// HeightField returns the polyline of a height field: point i is
// (x0 + i*spacing, heights[i]).
func HeightField(x0, spacing float64, heights []float64) []mgl64.Vec2 {
	pts := make([]mgl64.Vec2, len(heights))
	for i, h := range heights {
		pts[i] = mgl64.Vec2{x0 + float64(i)*spacing, h}
	}
	return pts
}

// AddHeightField adds ground under a height field: samples heights[i] (the
// surface y) at x = x0 + i*spacing, solid down to bottom. spacing must be
// positive.
func (w *World) AddHeightField(x0, spacing float64, heights []float64, bottom float64, tags resolv.Tags) ([]*resolv.ConvexPolygon, error) {
	if !(spacing > 0) {
		return nil, fmt.Errorf("terrain: AddHeightField: spacing: %v must be positive", spacing)
	}
	return w.AddGround(HeightField(x0, spacing, heights), bottom, tags)
}

// Stairs returns the polyline of a flight of stairs starting at (x, y): a
// tread of stepWidth, then steps times (a riser of rise pixels, a tread of
// stepWidth). A positive rise goes up on screen (y decreases), a negative one
// goes down.
func Stairs(x, y, stepWidth, rise float64, steps int) []mgl64.Vec2 {
	pts := make([]mgl64.Vec2, 0, 2*steps+2)
	pts = append(pts, mgl64.Vec2{x, y}, mgl64.Vec2{x + stepWidth, y})
	for i := 1; i <= steps; i++ {
		x += stepWidth
		y -= rise
		pts = append(pts, mgl64.Vec2{x, y}, mgl64.Vec2{x + stepWidth, y})
	}
	return pts
}

// AddStairs adds ground under Stairs(x, y, stepWidth, rise, steps), solid down
// to bottom. stepWidth must be positive and steps in [1, 10000].
func (w *World) AddStairs(x, y, stepWidth, rise float64, steps int, bottom float64, tags resolv.Tags) ([]*resolv.ConvexPolygon, error) {
	if !(stepWidth > 0) {
		return nil, fmt.Errorf("terrain: AddStairs: step_width: %v must be positive", stepWidth)
	}
	if steps < 1 || steps > 10000 {
		return nil, fmt.Errorf("terrain: AddStairs: steps: %d must be in [1, 10000]", steps)
	}
	return w.AddGround(Stairs(x, y, stepWidth, rise, steps), bottom, tags)
}

// AddCircle adds a solid circle of centre (x, y) and radius r > 0.
func (w *World) AddCircle(x, y, r float64, tags resolv.Tags) (*resolv.Circle, error) {
	if err := checkPoints("center", []mgl64.Vec2{{x, y}}); err != nil {
		return nil, fmt.Errorf("terrain: AddCircle: %w", err)
	}
	if !(r > 0) || r > MaxCoord {
		return nil, fmt.Errorf("terrain: AddCircle: r: %v must be in (0, %g]", r, MaxCoord)
	}
	newShapeMu.Lock()
	c := resolv.NewCircle(x, y, r)
	newShapeMu.Unlock()
	c.Tags().Set(TagTerrain | tags)
	w.space.Add(c)
	w.register(c)
	return c, nil
}
