package terrain_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/ikanim/kit/terrain"
	"github.com/solarlune/resolv"
)

const tol = 1e-9

func newWorld(t testing.TB) *terrain.World {
	t.Helper()
	w, err := terrain.New(1280, 720)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func near(a, b mgl64.Vec2, eps float64) bool {
	return math.Abs(a[0]-b[0]) <= eps && math.Abs(a[1]-b[1]) <= eps
}

func TestRaycastBoxFaces(t *testing.T) {
	w := newWorld(t)
	if _, err := w.AddBox(100, 200, 300, 50, 0); err != nil {
		t.Fatal(err)
	}
	// Rays aimed at each face from outside; the outward normal of each face
	// of the rectangle x in [100,400], y in [200,250] is known by hand.
	cases := []struct {
		name          string
		from, to      mgl64.Vec2
		point, normal mgl64.Vec2
		distance      float64
	}{
		{"top", mgl64.Vec2{150, 100}, mgl64.Vec2{150, 300}, mgl64.Vec2{150, 200}, mgl64.Vec2{0, -1}, 100},
		{"bottom", mgl64.Vec2{150, 400}, mgl64.Vec2{150, 100}, mgl64.Vec2{150, 250}, mgl64.Vec2{0, 1}, 150},
		{"left", mgl64.Vec2{50, 220}, mgl64.Vec2{500, 220}, mgl64.Vec2{100, 220}, mgl64.Vec2{-1, 0}, 50},
		{"right", mgl64.Vec2{600, 220}, mgl64.Vec2{0, 220}, mgl64.Vec2{400, 220}, mgl64.Vec2{1, 0}, 200},
	}
	for _, c := range cases {
		h := w.Cast(c.from, c.to)
		if !h.OK || !near(h.Point, c.point, tol) || !near(h.Normal, c.normal, tol) || math.Abs(h.Distance-c.distance) > tol || h.Inside {
			t.Errorf("%s: Cast(%v, %v) = %+v, want point %v normal %v distance %v", c.name, c.from, c.to, h, c.point, c.normal, c.distance)
		}
	}
}

func TestRaycastNormalsOutwardBothWindings(t *testing.T) {
	// The same triangle, added directly to the space in both windings,
	// bypassing the builders (which normalise winding), as a game might.
	for _, ccw := range []bool{false, true} {
		space := resolv.NewSpace(640, 480, 32, 32)
		// Clockwise on screen: (0,0) -> (100,0) -> (0,100) relative.
		pts := []float64{0, 0, 100, 0, 0, 100}
		if ccw {
			pts = []float64{0, 0, 0, 100, 100, 0}
		}
		space.Add(resolv.NewConvexPolygon(200, 200, pts))
		w := terrain.Wrap(space)
		// Down onto the top edge (y=200): outward normal is up.
		h := w.Cast(mgl64.Vec2{220, 100}, mgl64.Vec2{220, 400})
		if !h.OK || !near(h.Point, mgl64.Vec2{220, 200}, tol) || !near(h.Normal, mgl64.Vec2{0, -1}, tol) {
			t.Errorf("ccw=%v top: %+v, want point (220,200) normal (0,-1)", ccw, h)
		}
		// From the lower right onto the hypotenuse x+y=500 (world): outward
		// normal (1,1)/sqrt2.
		h = w.Cast(mgl64.Vec2{400, 400}, mgl64.Vec2{200, 200})
		s := 1 / math.Sqrt2
		if !h.OK || !near(h.Point, mgl64.Vec2{250, 250}, tol) || !near(h.Normal, mgl64.Vec2{s, s}, tol) {
			t.Errorf("ccw=%v hypotenuse: %+v, want point (250,250) normal (%v,%v)", ccw, h, s, s)
		}
		// From the left onto x=200: normal (-1,0).
		h = w.Cast(mgl64.Vec2{100, 230}, mgl64.Vec2{300, 230})
		if !h.OK || !near(h.Normal, mgl64.Vec2{-1, 0}, tol) {
			t.Errorf("ccw=%v left: %+v, want normal (-1,0)", ccw, h)
		}
	}
}

func TestRaycastStartInsideReportsExit(t *testing.T) {
	w := newWorld(t)
	w.AddBox(100, 100, 100, 100, 0)
	h := w.Cast(mgl64.Vec2{150, 150}, mgl64.Vec2{150, 300})
	if !h.OK || !h.Inside || !near(h.Point, mgl64.Vec2{150, 200}, tol) || !near(h.Normal, mgl64.Vec2{0, 1}, tol) {
		t.Errorf("inside: %+v, want exit at (150,200), normal (0,1), Inside", h)
	}
}

func TestRaycastCircle(t *testing.T) {
	w := newWorld(t)
	w.AddCircle(300, 300, 50, 0)
	h := w.Cast(mgl64.Vec2{300, 100}, mgl64.Vec2{300, 500})
	if !h.OK || !near(h.Point, mgl64.Vec2{300, 250}, tol) || !near(h.Normal, mgl64.Vec2{0, -1}, tol) || math.Abs(h.Distance-150) > tol {
		t.Errorf("circle top: %+v", h)
	}
	// A ray at 45 degrees towards the centre meets the circle at centre -
	// 50*(1,1)/sqrt2.
	h = w.Cast(mgl64.Vec2{200, 200}, mgl64.Vec2{300, 300})
	s := 50 / math.Sqrt2
	if !h.OK || !near(h.Point, mgl64.Vec2{300 - s, 300 - s}, 1e-9) {
		t.Errorf("circle diagonal: %+v", h)
	}
}

func TestRaycastNearestOfSeveral(t *testing.T) {
	w := newWorld(t)
	far, _ := w.AddBox(0, 500, 1280, 100, 0)
	nearBox, _ := w.AddBox(500, 300, 40, 40, 0)
	h := w.Cast(mgl64.Vec2{520, 10}, mgl64.Vec2{520, 700})
	if !h.OK || h.Shape != nearBox || !near(h.Point, mgl64.Vec2{520, 300}, tol) {
		t.Errorf("got %+v, want the near box at y=300", h)
	}
	h = w.Cast(mgl64.Vec2{600, 10}, mgl64.Vec2{600, 700})
	if !h.OK || h.Shape != far || !near(h.Point, mgl64.Vec2{600, 500}, tol) {
		t.Errorf("got %+v, want the far box at y=500", h)
	}
}

func TestRaycastMissesAndBadInput(t *testing.T) {
	w := newWorld(t)
	w.AddBox(0, 500, 1280, 100, 0)
	nan, inf := math.NaN(), math.Inf(1)
	rays := [][2]mgl64.Vec2{
		{{100, 100}, {100, 100}},           // zero length
		{{100, 100}, {100, 400}},           // ends short
		{{nan, 100}, {100, 600}},           // NaN
		{{100, inf}, {100, 600}},           // Inf
		{{100, 100}, {100, inf}},           // Inf end
		{{-500, 550}, {-100, 550}},         // outside the space
		{{100, 800}, {100, 1000}},          // below the space
		{{1e300, 1e300}, {-1e300, -1e300}}, // huge
	}
	for _, r := range rays {
		p, n, ok := w.Raycast(r[0], r[1])
		if ok || p != (mgl64.Vec2{}) || n != (mgl64.Vec2{}) {
			t.Errorf("Raycast(%v, %v) = %v %v %v, want a zero miss", r[0], r[1], p, n, ok)
		}
	}
	// A ray from far outside the space into it still hits.
	h := w.Cast(mgl64.Vec2{100, -1000}, mgl64.Vec2{100, 600})
	if !h.OK || !near(h.Point, mgl64.Vec2{100, 500}, tol) {
		t.Errorf("from outside: %+v", h)
	}
}

func TestFilterTags(t *testing.T) {
	w := newWorld(t)
	const tagWater resolv.Tags = 1 << 0
	floor, _ := w.AddBox(0, 500, 1280, 100, terrain.TagGround)
	trig, _ := w.AddBox(0, 300, 1280, 50, terrain.TagTrigger)
	water, _ := w.AddBox(0, 400, 1280, 50, tagWater)
	from, to := mgl64.Vec2{640, 0}, mgl64.Vec2{640, 700}
	cases := []struct {
		f    terrain.Filter
		want resolv.IShape
	}{
		{terrain.Filter{}, water},                                      // triggers skipped by default
		{terrain.Filter{IncludeTriggers: true}, trig},                  // unless asked
		{terrain.Filter{Exclude: tagWater}, floor},                     // excluded tag
		{terrain.Filter{Require: terrain.TagGround}, floor},            // required tag
		{terrain.Filter{Require: tagWater | terrain.TagGround}, water}, // any of the required
		{terrain.Filter{Require: terrain.TagCeiling}, nil},             // nobody
	}
	for i, c := range cases {
		h := w.CastFiltered(from, to, c.f)
		if c.want == nil {
			if h.OK {
				t.Errorf("case %d: %+v, want a miss", i, h)
			}
			continue
		}
		if h.Shape != c.want {
			t.Errorf("case %d: hit shape with tags %v, want tags %v", i, h.Shape, *c.want.Tags())
		}
	}
	// World.Filter applies to Raycast.
	w.Filter = terrain.Filter{Exclude: tagWater}
	if p, _, ok := w.Raycast(from, to); !ok || p[1] != 500 {
		t.Errorf("Raycast with World.Filter excluding water: %v %v, want y=500", p, ok)
	}
	// A tag changed after building applies at once.
	floor.Tags().Set(terrain.TagTrigger)
	if p, _, ok := w.Raycast(from, to); ok {
		t.Errorf("floor now a trigger: hit %v, want a miss", p)
	}
}

func TestRaycastFollowsMovedShape(t *testing.T) {
	w := newWorld(t)
	box, _ := w.AddBox(100, 100, 50, 50, 0)
	from, to := mgl64.Vec2{125, 0}, mgl64.Vec2{125, 700}
	if p, _, _ := w.Raycast(from, to); p[1] != 100 {
		t.Fatalf("before move: y=%v, want 100", p[1])
	}
	box.Move(0, 200)
	if p, _, _ := w.Raycast(from, to); p[1] != 300 {
		t.Errorf("after move: y=%v, want 300", p[1])
	}
}

func TestWrapSeesShapesAddedLater(t *testing.T) {
	space := resolv.NewSpace(640, 480, 16, 16)
	w := terrain.Wrap(space)
	space.Add(resolv.NewRectangleFromTopLeft(0, 300, 640, 20))
	if p, n, ok := w.Raycast(mgl64.Vec2{10, 0}, mgl64.Vec2{10, 400}); !ok || p[1] != 300 || n != (mgl64.Vec2{0, -1}) {
		t.Errorf("got %v %v %v, want (10,300) (0,-1)", p, n, ok)
	}
}

func TestRaycastDoesNotAllocate(t *testing.T) {
	w := terrain.Generate(1, terrain.GenOptions{})
	from, to := mgl64.Vec2{300, 100}, mgl64.Vec2{300, 700}
	w.Raycast(from, to)
	allocs := testing.AllocsPerRun(1000, func() {
		from[0] += 0.7
		to[0] += 0.7
		w.Raycast(from, to)
	})
	if allocs != 0 {
		t.Errorf("Raycast allocates %v times per call, want 0", allocs)
	}
	// Any direction, circles, rays leaving the grid (border cells), misses.
	w = terrain.Wrap(randomTerrain(5, 160, true))
	rng := rand.New(rand.NewPCG(5, 5))
	rays := make([][2]mgl64.Vec2, 1024)
	for i := range rays {
		from := mgl64.Vec2{rng.Float64()*1480 - 100, rng.Float64()*920 - 100}
		a := rng.Float64() * 2 * math.Pi
		rays[i] = [2]mgl64.Vec2{from, from.Add(mgl64.Vec2{400 * math.Cos(a), 400 * math.Sin(a)})}
	}
	for _, r := range rays {
		w.Cast(r[0], r[1])
	}
	i := 0
	allocs = testing.AllocsPerRun(5000, func() {
		r := rays[i&1023]
		i++
		w.Cast(r[0], r[1])
	})
	if allocs != 0 {
		t.Errorf("Cast on random rays allocates %v times per call, want 0", allocs)
	}
}

func TestRaycastDeterministic(t *testing.T) {
	a := terrain.Generate(7, terrain.GenOptions{})
	b := terrain.Generate(7, terrain.GenOptions{})
	for x := 0.0; x < 1280; x += 3.3 {
		from, to := mgl64.Vec2{x, 0}, mgl64.Vec2{x + 40, 720}
		pa, na, oka := a.Raycast(from, to)
		pb, nb, okb := b.Raycast(from, to)
		if pa != pb || na != nb || oka != okb {
			t.Fatalf("x=%v: %v %v %v vs %v %v %v", x, pa, na, oka, pb, nb, okb)
		}
	}
}

// A nil *World (a level whose Build failed, its error ignored) is a world
// with nothing in it: every query misses, nothing panics, even behind an
// interface such as ikanim.Ground.
func TestNilWorldMisses(t *testing.T) {
	var w *terrain.World
	from, to := mgl64.Vec2{0, 0}, mgl64.Vec2{0, 100}
	if _, _, ok := w.Raycast(from, to); ok {
		t.Error("Raycast hit")
	}
	if w.Cast(from, to).OK || w.CastFiltered(from, to, terrain.Filter{}).OK || w.SurfaceBelow(0, 0, 100).OK ||
		w.SurfaceAlong(from, mgl64.Vec2{0, -1}, 100).OK || w.CircleCastFiltered(from, to, 3, terrain.Filter{}).OK {
		t.Error("a query hit")
	}
	if _, _, _, ok := w.CircleCast(from, to, 3); ok {
		t.Error("CircleCast hit")
	}
	if w.NumShapes() != 0 || w.Space() != nil {
		t.Error("a nil world has shapes")
	}
	w.Sync()
	w.Refresh()
	var g interface {
		Raycast(from, to mgl64.Vec2) (point, normal mgl64.Vec2, ok bool)
	} = w
	if _, _, ok := g.Raycast(from, to); ok {
		t.Error("Raycast through an interface hit")
	}
}
