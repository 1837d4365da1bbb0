package terrain_test

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/ikanim/kit/terrain"
	"github.com/solarlune/resolv"
)

func TestBuilderErrorsNameTheField(t *testing.T) {
	w := newWorld(t)
	nan := math.NaN()
	cases := []struct {
		err  error
		want string
	}{
		{second(w.AddPolygon([]mgl64.Vec2{{0, 0}, {1, 0}}, 0)), "points: a polygon needs at least 3 points"},
		{second(w.AddPolygon([]mgl64.Vec2{{0, 0}, {10, 0}, {nan, 5}}, 0)), "points[2].x"},
		{second(w.AddPolygon([]mgl64.Vec2{{0, 0}, {10, 0}, {10, 0}, {5, 5}}, 0)), "points[2]: repeats"},
		{second(w.AddPolygon([]mgl64.Vec2{{0, 0}, {10, 0}, {5, 2}, {10, 10}, {0, 10}}, 0)), "points[2]: the polygon is not convex"},
		{second(w.AddPolygon([]mgl64.Vec2{{0, 0}, {10, 0}, {20, 0}}, 0)), "no area"},
		// A pentagram: every turn has the same sign, but it winds twice.
		{second(w.AddPolygon(star(), 0)), "not simple"},
		{second(w.AddBox(0, 0, 0, 10, 0)), "w:"},
		{second(w.AddBox(0, 0, 10, -1, 0)), "h:"},
		{second(w.AddGround([]mgl64.Vec2{{0, 500}}, 720, 0)), "at least 2 points"},
		{second(w.AddGround([]mgl64.Vec2{{0, 500}, {10, 800}}, 720, 0)), "points[1].y"},
		{second(w.AddGround([]mgl64.Vec2{{10, 500}, {0, 500}}, 720, 0)), "points[1].x"},
		{second(w.AddCeiling([]mgl64.Vec2{{0, 50}, {10, 50}}, 100, 0)), "points[0].y"},
		{second(w.AddHeightField(0, 0, []float64{1, 2}, 720, 0)), "spacing"},
		{second(w.AddStairs(0, 500, 10, 16, 0, 720, 0)), "steps"},
		{second(w.AddCircle(0, 0, -1, 0)), "r:"},
		{second(terrain.New(0, 10)), "width"},
		{second(terrain.New(10, math.Inf(1))), "height"},
		{second(terrain.New(10, 10, terrain.WithCellSize(0))), "cell"},
	}
	for i, c := range cases {
		if c.err == nil || !contains(c.err.Error(), c.want) {
			t.Errorf("case %d: err %v, want it to contain %q", i, c.err, c.want)
		}
	}
}

func second[T any](_ T, err error) error { return err }

func star() []mgl64.Vec2 {
	var ps []mgl64.Vec2
	for i := range 5 {
		a := float64(i) * 4 * math.Pi / 5
		ps = append(ps, mgl64.Vec2{100 + 50*math.Cos(a), 100 + 50*math.Sin(a)})
	}
	return ps
}

// The builders wind every polygon clockwise on screen, so resolv's own edge
// normals (dy, -dx) point out too: checked on resolv's transformed vertices.
func TestBuildersWindClockwise(t *testing.T) {
	w := newWorld(t)
	ccw := []mgl64.Vec2{{0, 0}, {0, 100}, {100, 100}, {100, 0}} // counter-clockwise on screen
	p, err := w.AddPolygon(ccw, 0)
	if err != nil {
		t.Fatal(err)
	}
	vs := p.Transformed()
	var area float64
	for i := range vs {
		j := (i + 1) % len(vs)
		area += vs[i].X*vs[j].Y - vs[j].X*vs[i].Y
	}
	if area <= 0 {
		t.Errorf("shoelace sum %v, want > 0 (clockwise on screen)", area)
	}
	// resolv's normal of the top edge (y = 0) must point up.
	for i := range vs {
		a, b := vs[i], vs[(i+1)%len(vs)]
		if a.Y == 0 && b.Y == 0 {
			if nx, ny := b.Y-a.Y, -(b.X - a.X); ny >= 0 || nx != 0 {
				t.Errorf("top edge %v->%v: resolv normal (%v,%v), want up", a, b, nx, ny)
			}
		}
	}
	if got := *p.Tags(); !got.Has(terrain.TagTerrain) {
		t.Errorf("tags %v, want TagTerrain", got)
	}
}

// Rotated and scaled polygons owned by the game: the hit point lies on the
// polygon as resolv transforms it.
func TestWrapRotatedScaledPolygon(t *testing.T) {
	space := resolv.NewSpace(640, 480, 32, 32)
	p := resolv.NewRectangle(300, 200, 100, 20)
	space.Add(p)
	p.SetRotation(math.Pi / 6)
	p.SetScale(1.5, 2)
	w := terrain.Wrap(space)
	vs := p.Transformed()
	for x := 230.0; x <= 370; x += 7 {
		h := w.Cast(mgl64.Vec2{x, 0}, mgl64.Vec2{x, 479})
		if !h.OK {
			continue
		}
		// The hit must lie on one of resolv's transformed edges.
		onEdge := false
		for i := range vs {
			a, b := vs[i], vs[(i+1)%len(vs)]
			ex, ey := b.X-a.X, b.Y-a.Y
			cross := ex*(h.Point[1]-a.Y) - ey*(h.Point[0]-a.X)
			if math.Abs(cross)/math.Hypot(ex, ey) < 1e-6 {
				onEdge = true
			}
		}
		if !onEdge || h.Normal[1] >= 0 {
			t.Errorf("x=%v: %+v not on an edge facing up of %v", x, h, vs)
		}
	}
	// Rotating again is noticed by the next query.
	before := w.Cast(mgl64.Vec2{300, 0}, mgl64.Vec2{300, 479})
	p.SetRotation(-math.Pi / 6)
	after := w.Cast(mgl64.Vec2{300, 0}, mgl64.Vec2{300, 479})
	if before.Normal == after.Normal {
		t.Errorf("rotation not picked up: normal %v both times", after.Normal)
	}
}

// An open line (resolv.NewLine) has no inside: its normal faces the ray.
func TestOpenLineNormalFacesRay(t *testing.T) {
	space := resolv.NewSpace(640, 480, 32, 32)
	space.Add(resolv.NewLine(100, 200, 500, 200))
	w := terrain.Wrap(space)
	if h := w.Cast(mgl64.Vec2{300, 100}, mgl64.Vec2{300, 300}); !h.OK || h.Normal != (mgl64.Vec2{0, -1}) || h.Inside {
		t.Errorf("from above: %+v", h)
	}
	if h := w.Cast(mgl64.Vec2{300, 300}, mgl64.Vec2{300, 100}); !h.OK || h.Normal != (mgl64.Vec2{0, 1}) || h.Inside {
		t.Errorf("from below: %+v", h)
	}
}

func TestGenerate(t *testing.T) {
	opts := terrain.GenOptions{Platforms: 5}
	a, b := terrain.Generate(11, opts), terrain.Generate(11, opts)
	c := terrain.Generate(12, opts)
	maxSlope := 40 * math.Pi / 180
	same, differ, gaps := true, false, 0
	for x := 0.5; x < 1280; x += 4 {
		ha, hb, hc := a.SurfaceBelow(x, 0, 720), b.SurfaceBelow(x, 0, 720), c.SurfaceBelow(x, 0, 720)
		if ha.Point != hb.Point || ha.Normal != hb.Normal || ha.OK != hb.OK {
			same = false
		}
		if ha.Point != hc.Point {
			differ = true
		}
		g := a.CastFiltered(mgl64.Vec2{x, 0}, mgl64.Vec2{x, 720}, terrain.Filter{Require: terrain.TagGround})
		if !g.OK {
			gaps++
			continue
		}
		// Ground surfaces met from above are never steeper than MaxSlope
		// (vertical risers cannot be hit by a vertical ray).
		if ang := math.Acos(-g.Normal[1]); ang > maxSlope+1e-9 {
			t.Errorf("x=%v: ground slope %.2f deg > 40", x, ang*180/math.Pi)
		}
	}
	if !same {
		t.Error("same seed gave different worlds")
	}
	if !differ {
		t.Error("different seeds gave the same ground")
	}
	t.Logf("seed 11: %d of 320 columns over gaps", gaps)
	// Gaps appear across seeds, each GapWidth (40) wide: count seeds with one.
	withGaps := 0
	for seed := range uint64(20) {
		w := terrain.Generate(seed, terrain.GenOptions{})
		for x := 0.5; x < 1280; x += 4 {
			if !w.SurfaceBelow(x, 0, 720).OK {
				withGaps++
				break
			}
		}
	}
	if withGaps == 0 {
		t.Error("no gap in 20 seeds")
	}
	t.Logf("%d of 20 seeds have a gap", withGaps)
}
