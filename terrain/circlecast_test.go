package terrain_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/ikanim/kit/terrain"
	"github.com/solarlune/resolv"
)

// Hand geometry: a disc of radius 10 dropped on flat ground, slid into a
// box's corner, and swept onto a circle.
func TestCircleCastHandGeometry(t *testing.T) {
	w, _ := terrain.New(640, 480)
	if _, err := w.AddGround([]mgl64.Vec2{{0, 400}, {640, 400}}, 480, 0); err != nil {
		t.Fatal(err)
	}
	if _, err := w.AddBox(200, 300, 100, 100, 0); err != nil {
		t.Fatal(err)
	}
	if _, err := w.AddCircle(500, 200, 30, 0); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name          string
		from, to      mgl64.Vec2
		point, normal mgl64.Vec2
		fraction      float64
	}{
		// Down onto the floor at x=100: the centre stops 10 above y=400.
		{"floor", mgl64.Vec2{100, 0}, mgl64.Vec2{100, 500}, mgl64.Vec2{100, 400}, mgl64.Vec2{0, -1}, 390.0 / 500},
		// Right at y=350 into the box's left face at x=200: centre at 190.
		{"face", mgl64.Vec2{100, 350}, mgl64.Vec2{300, 350}, mgl64.Vec2{200, 350}, mgl64.Vec2{-1, 0}, 90.0 / 200},
		// Right at y=295, 5 above the box's top: the disc meets the corner
		// (200,300) when (x-200)^2 + 5^2 = 10^2, x = 200 - sqrt(75).
		{"corner", mgl64.Vec2{100, 295}, mgl64.Vec2{300, 295}, mgl64.Vec2{200, 300},
			mgl64.Vec2{-math.Sqrt(75) / 10, -0.5}, (100 - math.Sqrt(75)) / 200},
		// Right at y=200 into the circle of centre (500,200), radius 30:
		// the centres are 40 apart at x=460.
		{"circle", mgl64.Vec2{400, 200}, mgl64.Vec2{600, 200}, mgl64.Vec2{470, 200}, mgl64.Vec2{-1, 0}, 60.0 / 200},
	}
	for _, tc := range cases {
		p, n, f, ok := w.CircleCast(tc.from, tc.to, 10)
		if !ok || !near(p, tc.point, 1e-9) || !near(n, tc.normal, 1e-9) || math.Abs(f-tc.fraction) > 1e-12 {
			t.Errorf("%s: got %v %v %v %v, want %v %v %v", tc.name, p, n, f, ok, tc.point, tc.normal, tc.fraction)
		}
	}
	// Misses: passing above everything, a bad radius, a NaN end.
	if _, _, _, ok := w.CircleCast(mgl64.Vec2{0, 20}, mgl64.Vec2{640, 20}, 10); ok {
		t.Error("sweep above everything hit")
	}
	for _, r := range []float64{-1, math.NaN(), math.Inf(1)} {
		if _, _, _, ok := w.CircleCast(mgl64.Vec2{100, 0}, mgl64.Vec2{100, 500}, r); ok {
			t.Errorf("radius %v hit", r)
		}
	}
	if _, _, _, ok := w.CircleCast(mgl64.Vec2{100, 0}, mgl64.Vec2{math.NaN(), 500}, 5); ok {
		t.Error("NaN end hit")
	}
	// Overlapping at the start: fraction 0, the nearest point, normal out.
	p, n, f, ok := w.CircleCast(mgl64.Vec2{100, 395}, mgl64.Vec2{100, 300}, 10)
	if !ok || f != 0 || !near(p, mgl64.Vec2{100, 400}, 1e-9) || !near(n, mgl64.Vec2{0, -1}, 1e-9) {
		t.Errorf("start overlap: %v %v %v %v", p, n, f, ok)
	}
	// Radius 0 is a ray.
	p, _, f, ok = w.CircleCast(mgl64.Vec2{100, 0}, mgl64.Vec2{100, 500}, 0)
	if !ok || p != (mgl64.Vec2{100, 400}) || f != 0.8 {
		t.Errorf("radius 0: %v %v %v", p, f, ok)
	}
}

// distanceToShape is the distance from q to the boundary of a closed convex
// polygon (negative inside) or circle, from its resolv geometry.
func distanceToShape(s resolv.IShape, q mgl64.Vec2) float64 {
	switch sh := s.(type) {
	case *resolv.Circle:
		c := sh.Position()
		return math.Hypot(q[0]-c.X, q[1]-c.Y) - sh.Radius()
	case *resolv.ConvexPolygon:
		vs := sh.Transformed()
		best, inside := math.Inf(1), true
		area := 0.0
		for i := range vs {
			a, b := vs[i], vs[(i+1)%len(vs)]
			area += a.X*b.Y - b.X*a.Y
		}
		for i := range vs {
			a, b := vs[i], vs[(i+1)%len(vs)]
			ex, ey := b.X-a.X, b.Y-a.Y
			u := ((q[0]-a.X)*ex + (q[1]-a.Y)*ey) / (ex*ex + ey*ey)
			u = min(max(u, 0), 1)
			best = min(best, math.Hypot(q[0]-a.X-u*ex, q[1]-a.Y-u*ey))
			if cross := ex*(q[1]-a.Y) - ey*(q[0]-a.X); cross*area < 0 {
				inside = false
			}
		}
		if inside {
			return -best
		}
		return best
	}
	return math.Inf(1)
}

// Against brute force on random worlds of boxes, triangles and circles of
// both windings: at the reported fraction the disc touches a shape (distance
// r within 1e-6), and at no earlier sample along the sweep does it overlap
// one; a miss never overlaps anywhere.
func TestCircleCastMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 41))
	space := resolv.NewSpace(640, 480, 32, 32)
	var shapes []resolv.IShape
	for range 40 {
		x, y := 40+rng.Float64()*560, 40+rng.Float64()*400
		var s resolv.IShape
		switch rng.IntN(3) {
		case 0:
			s = resolv.NewRectangle(x, y, 10+rng.Float64()*60, 10+rng.Float64()*60)
		case 1:
			r := 10 + rng.Float64()*30
			pts := []float64{0, -r, r, r, -r, r}
			if rng.IntN(2) == 0 { // the other winding
				pts = []float64{0, -r, -r, r, r, r}
			}
			s = resolv.NewConvexPolygon(x, y, pts)
		default:
			s = resolv.NewCircle(x, y, 5+rng.Float64()*25)
		}
		space.Add(s)
		shapes = append(shapes, s)
	}
	w := terrain.Wrap(space)
	minDist := func(q mgl64.Vec2) float64 {
		d := math.Inf(1)
		for _, s := range shapes {
			d = min(d, distanceToShape(s, q))
		}
		return d
	}
	hits := 0
	for k := range 400 {
		from := mgl64.Vec2{rng.Float64() * 640, rng.Float64() * 480}
		a := rng.Float64() * 2 * math.Pi
		to := from.Add(mgl64.Vec2{300 * math.Cos(a), 300 * math.Sin(a)})
		r := 2 + rng.Float64()*12
		if minDist(from) < r {
			continue // overlapping at the start: covered by the hand test
		}
		p, n, f, ok := w.CircleCast(from, to, r)
		end := 1.0
		if ok {
			hits++
			end = f
			c := from.Add(to.Sub(from).Mul(f))
			if d := minDist(c); math.Abs(d-r) > 1e-6 {
				t.Fatalf("sweep %d: at the contact the centre is %v from the shapes, want r=%v", k, d, r)
			}
			if d := c.Sub(p).Len(); math.Abs(d-r) > 1e-6 {
				t.Fatalf("sweep %d: contact point %v is %v from the centre, want %v", k, p, d, r)
			}
			if math.Abs(n.Len()-1) > 1e-9 || n.Dot(c.Sub(p)) < r*(1-1e-9) {
				t.Fatalf("sweep %d: normal %v does not point from the contact to the centre", k, n)
			}
		}
		for i := range 400 {
			s := end * float64(i) / 400
			if d := minDist(from.Add(to.Sub(from).Mul(s))); d < r-1e-6 {
				t.Fatalf("sweep %d (hit %v at %v): the disc overlaps a shape at %v (distance %v < r %v)", k, ok, f, s, d, r)
			}
		}
	}
	if hits < 60 {
		t.Fatalf("only %d sweeps hit: the test proves little", hits)
	}
	t.Logf("%d sweeps hit", hits)
}

// CircleCast allocates nothing once the world is cached.
func TestCircleCastDoesNotAllocate(t *testing.T) {
	w := terrain.Generate(4, terrain.GenOptions{Platforms: 8})
	x := 0.0
	if a := testing.AllocsPerRun(2000, func() {
		x = math.Mod(x+3.7, 1280)
		w.CircleCast(mgl64.Vec2{x, 0}, mgl64.Vec2{x + 30, 720}, 6)
	}); a != 0 {
		t.Errorf("CircleCast allocates %v times, want 0", a)
	}
}

// BenchmarkCircleCast times one foot-sized circle cast (radius 6, 120 px
// down) on a generated course of about 130 shapes.
func BenchmarkCircleCast(b *testing.B) {
	w := terrain.Generate(4, terrain.GenOptions{Platforms: 8})
	b.ReportAllocs()
	x := 0.0
	for b.Loop() {
		x = math.Mod(x+3.7, 1280)
		w.CircleCast(mgl64.Vec2{x, 400}, mgl64.Vec2{x, 520}, 6)
	}
}
