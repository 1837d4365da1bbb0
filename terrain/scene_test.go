package terrain_test

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/ikanim/kit/terrain"
)

func scene(t *testing.T, name string) *terrain.World {
	t.Helper()
	w, err := buildScene(name)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// down casts from y=0 to the bottom of the space at x.
func down(w *terrain.World, x float64) terrain.Hit {
	return w.SurfaceBelow(x, 0, sceneHeight)
}

func TestSceneSlopes(t *testing.T) {
	for _, deg := range []float64{30, 40} {
		name := "slope30"
		if deg == 40 {
			name = "slope40"
		}
		w := scene(t, name)
		a := deg * math.Pi / 180
		s, c := math.Sin(a), math.Cos(a)
		x0, run := sceneFeatureX, sceneSlopeRun
		// Up slope: y = ground - (x - x0)*tan(a); the surface rises to the
		// right, so its outward normal leans left: (-sin a, -cos a).
		for _, x := range []float64{x0 + 13, x0 + 100, x0 + run - 7} {
			h := down(w, x)
			want := sceneGroundY - (x-x0)*math.Tan(a)
			if !h.OK || math.Abs(h.Point[1]-want) > 1e-9 || !near(h.Normal, mgl64.Vec2{-s, -c}, 1e-9) {
				t.Errorf("%s up x=%v: %+v, want y=%v normal (%v,%v)", name, x, h, want, -s, -c)
			}
		}
		// Down slope mirrors it: normal (sin a, -cos a).
		xd := x0 + run + 160
		x := xd + 50
		h := down(w, x)
		want := sceneGroundY - run*math.Tan(a) + (x-xd)*math.Tan(a)
		if !h.OK || math.Abs(h.Point[1]-want) > 1e-9 || !near(h.Normal, mgl64.Vec2{s, -c}, 1e-9) {
			t.Errorf("%s down x=%v: %+v, want y=%v normal (%v,%v)", name, x, h, want, s, -c)
		}
	}
}

func TestSceneStairs(t *testing.T) {
	w := scene(t, "stairs16")
	x0, tr, rise := sceneFeatureX, sceneStepTread, sceneStepRise
	for k := 0; k <= 8; k++ {
		x := x0 + float64(k)*tr + tr/2
		h := down(w, x)
		want := sceneGroundY - float64(k)*rise
		if !h.OK || h.Point[1] != want || h.Normal != (mgl64.Vec2{0, -1}) {
			t.Errorf("step %d x=%v: %+v, want y=%v normal (0,-1)", k, x, h, want)
		}
	}
	// A horizontal ray 8 px above the ground meets the first riser at
	// x0+tread, facing left.
	h := w.Cast(mgl64.Vec2{100, sceneGroundY - 8}, mgl64.Vec2{600, sceneGroundY - 8})
	if !h.OK || h.Point[0] != x0+tr || h.Normal != (mgl64.Vec2{-1, 0}) {
		t.Errorf("riser: %+v, want x=%v normal (-1,0)", h, x0+tr)
	}
}

func TestSceneSawtoothGapWallCeiling(t *testing.T) {
	w := scene(t, "sawtooth")
	tw, th := sceneToothWidth, sceneToothHeight
	x := sceneFeatureX + tw/4 // halfway up the first tooth
	if h := down(w, x); !h.OK || math.Abs(h.Point[1]-(sceneGroundY-th/2)) > 1e-9 {
		t.Errorf("sawtooth x=%v: %+v, want y=%v", x, h, sceneGroundY-th/2)
	}

	w = scene(t, "gap")
	gx := sceneFeatureX + 280
	if h := down(w, gx+sceneGapWidth/2); h.OK {
		t.Errorf("gap: %+v, want a miss", h)
	}
	if h := down(w, gx-1); !h.OK || h.Point[1] != sceneGroundY {
		t.Errorf("before gap: %+v", h)
	}
	// The far side of the gap is a wall facing left.
	h := w.Cast(mgl64.Vec2{gx + 5, sceneGroundY + 50}, mgl64.Vec2{gx + 100, sceneGroundY + 50})
	if !h.OK || h.Point[0] != gx+sceneGapWidth || h.Normal != (mgl64.Vec2{-1, 0}) {
		t.Errorf("gap far wall: %+v", h)
	}

	w = scene(t, "wall-corner")
	if h := down(w, sceneWallX+10); !h.OK || h.Point[1] != sceneWallTop || h.Normal != (mgl64.Vec2{0, -1}) {
		t.Errorf("wall top: %+v", h)
	}
	h = w.Cast(mgl64.Vec2{600, 400}, mgl64.Vec2{1000, 400})
	if !h.OK || h.Point[0] != sceneWallX || h.Normal != (mgl64.Vec2{-1, 0}) {
		t.Errorf("wall face: %+v", h)
	}
	// Just above the outer corner, a horizontal ray misses the wall.
	if h := w.Cast(mgl64.Vec2{600, sceneWallTop - 1}, mgl64.Vec2{1000, sceneWallTop - 1}); h.OK {
		t.Errorf("above the corner: %+v, want a miss", h)
	}

	w = scene(t, "ceiling")
	h = w.Cast(mgl64.Vec2{600, 500}, mgl64.Vec2{600, 100})
	if !h.OK || h.Point[1] != sceneCeilingY || h.Normal != (mgl64.Vec2{0, 1}) {
		t.Errorf("ceiling: %+v, want y=%v normal (0,1)", h, sceneCeilingY)
	}
	if _, err := buildScene("nope"); err == nil {
		t.Error("unknown scene: no error")
	}
}

func TestFromASCII(t *testing.T) {
	rows := []string{
		"........",
		"......#.",
		"..../##.",
		"#..\\####",
		"########",
	}
	const c = 16.0
	w, err := terrain.FromASCII(rows, c)
	if err != nil {
		t.Fatal(err)
	}
	if _, max := w.Bounds(); max[0] < 8*c || max[1] < 5*c {
		t.Errorf("bounds max %v, want at least (%v,%v)", max, 8*c, 5*c)
	}
	s := 1 / math.Sqrt2
	cases := []struct {
		x, y   float64
		normal mgl64.Vec2
	}{
		{0.5 * c, 3 * c, mgl64.Vec2{0, -1}},      // '#' at row 3 col 0
		{1.5 * c, 4 * c, mgl64.Vec2{0, -1}},      // floor under '.'
		{3.25 * c, 3.25 * c, mgl64.Vec2{s, -s}},  // '\' at row 3 col 3: y = top + (x - left)
		{4.25 * c, 2.75 * c, mgl64.Vec2{-s, -s}}, // '/' at row 2 col 4: y = bottom - (x - left)
		{6.5 * c, 1 * c, mgl64.Vec2{0, -1}},      // '#' at row 1 col 6
	}
	for _, cs := range cases {
		h := down(w, cs.x)
		if !h.OK || math.Abs(h.Point[1]-cs.y) > 1e-9 || !near(h.Normal, cs.normal, 1e-9) {
			t.Errorf("x=%v: %+v, want y=%v normal %v", cs.x, h, cs.y, cs.normal)
		}
	}
	if _, err := terrain.FromASCII([]string{"..x"}, 16); err == nil || !contains(err.Error(), "rows[0][2]") {
		t.Errorf("bad char: err %v, want one naming rows[0][2]", err)
	}
}
