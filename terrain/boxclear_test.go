package terrain_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/ikanim/kit/terrain"
)

// checkBoxClear asks w.BoxClear about random rectangles and, for every one
// it calls clear, casts segments between random points of it (its corners
// included): every one must miss. It returns how many rectangles were
// clear, so a BoxClear that always answers false does not pass.
func checkBoxClear(t *testing.T, w *terrain.World, seed uint64, n int) int {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 7))
	clear := 0
	for k := 0; k < n; k++ {
		cx, cy := rng.Float64()*1280, rng.Float64()*720
		hw, hh := 0.5+rng.Float64()*25, 0.5+rng.Float64()*25
		lo, hi := mgl64.Vec2{cx - hw, cy - hh}, mgl64.Vec2{cx + hw, cy + hh}
		if !w.BoxClear(lo, hi) {
			continue
		}
		clear++
		pt := func(j int) mgl64.Vec2 {
			switch j {
			case 0:
				return lo
			case 1:
				return hi
			case 2:
				return mgl64.Vec2{lo[0], hi[1]}
			case 3:
				return mgl64.Vec2{hi[0], lo[1]}
			}
			return mgl64.Vec2{lo[0] + rng.Float64()*(hi[0]-lo[0]), lo[1] + rng.Float64()*(hi[1]-lo[1])}
		}
		for j := 0; j < 24; j++ {
			a, b := pt(j%6), pt((j+1+j/6)%8)
			if a == b {
				continue
			}
			if p, _, ok := w.Raycast(a, b); ok {
				t.Fatalf("BoxClear(%v, %v) is true but the ray %v -> %v hits at %v", lo, hi, a, b, p)
			}
			if h := w.Cast(a, b); h.OK {
				t.Fatalf("BoxClear(%v, %v) is true but Cast %v -> %v hits at %v", lo, hi, a, b, h.Point)
			}
		}
	}
	return clear
}

// BoxClear answers true only where every ray in the rectangle misses, on
// worlds with and without the edge index (verified casts and the walk of
// resolv's cells), and it does answer true in open space.
func TestBoxClearRaysMiss(t *testing.T) {
	for _, tc := range []struct {
		name  string
		shape int
		opts  []terrain.Option
	}{
		{"indexed", 150, nil},
		{"few-shapes", 45, nil},
		{"no-index", 150, []terrain.Option{terrain.WithoutIndex()}},
	} {
		for seed := uint64(1); seed <= 4; seed++ {
			w := terrain.Wrap(randomTerrain(seed, tc.shape, true), tc.opts...)
			w.Refresh()
			n := 4000
			c := checkBoxClear(t, w, seed, n)
			t.Logf("%s seed %d: %d of %d clear", tc.name, seed, c, n)
			if c < n/20 {
				t.Errorf("%s seed %d: BoxClear true for %d of %d rectangles, want at least %d", tc.name, seed, c, n, n/20)
			}
		}
	}
}

// A rectangle round a segment that hits a shape is never clear.
func TestBoxClearFalseWhereARayHits(t *testing.T) {
	w := terrain.Wrap(randomTerrain(9, 200, true))
	w.Refresh()
	rng := rand.New(rand.NewPCG(9, 1))
	hits := 0
	for k := 0; k < 5000; k++ {
		a := mgl64.Vec2{rng.Float64() * 1280, rng.Float64() * 720}
		b := a.Add(mgl64.Vec2{(rng.Float64()*2 - 1) * 80, (rng.Float64()*2 - 1) * 80})
		if _, _, ok := w.Raycast(a, b); !ok {
			continue
		}
		hits++
		lo := mgl64.Vec2{math.Min(a[0], b[0]), math.Min(a[1], b[1])}
		hi := mgl64.Vec2{math.Max(a[0], b[0]), math.Max(a[1], b[1])}
		if w.BoxClear(lo, hi) {
			t.Fatalf("the ray %v -> %v hits but BoxClear(%v, %v) is true", a, b, lo, hi)
		}
	}
	if hits < 100 {
		t.Fatalf("only %d rays hit", hits)
	}
}

// BoxClear is false where it cannot tell: a shape moved in the space after
// the World cached it (the rays see it where it is now), a World made with
// WithExplicitSync, a rectangle out of the cells, inverted or not finite;
// and the World's filter applies (a shape it skips does not block).
func TestBoxClearUnsure(t *testing.T) {
	w, err := terrain.New(640, 480)
	if err != nil {
		t.Fatal(err)
	}
	box, err := w.AddBox(100, 300, 80, 40, terrain.TagWall)
	if err != nil {
		t.Fatal(err)
	}
	lo, hi := mgl64.Vec2{300, 100}, mgl64.Vec2{360, 140}
	if !w.BoxClear(lo, hi) {
		t.Fatal("an empty rectangle is not clear")
	}
	if w.BoxClear(mgl64.Vec2{90, 290}, mgl64.Vec2{110, 310}) {
		t.Fatal("a rectangle over a box's corner is clear")
	}
	// Moved behind the World's back into the rectangle.
	box.SetPosition(310, 110)
	if _, _, ok := w.Raycast(mgl64.Vec2{305, 105}, mgl64.Vec2{355, 135}); !ok {
		t.Fatal("the ray does not see the moved box")
	}
	if w.BoxClear(lo, hi) {
		t.Fatal("clear over a box moved into the rectangle")
	}
	box.SetPosition(100, 300)
	for _, r := range [][2]mgl64.Vec2{
		{{-5, 100}, {20, 120}},   // out of the cells
		{{600, 100}, {650, 120}}, // out of the cells
		{{360, 140}, {300, 100}}, // inverted
		{{math.NaN(), 100}, {360, 140}},
		{{300, 100}, {math.Inf(1), 140}},
	} {
		if w.BoxClear(r[0], r[1]) {
			t.Errorf("BoxClear(%v, %v) is true", r[0], r[1])
		}
	}
	// The filter: a trigger is skipped by the default filter.
	if _, err := w.AddBox(400, 300, 40, 40, terrain.TagTrigger); err != nil {
		t.Fatal(err)
	}
	if !w.BoxClear(mgl64.Vec2{390, 290}, mgl64.Vec2{450, 350}) {
		t.Error("a trigger, which the filter skips, blocks the rectangle")
	}
	w.Filter.IncludeTriggers = true
	if w.BoxClear(mgl64.Vec2{390, 290}, mgl64.Vec2{450, 350}) {
		t.Error("a trigger the filter lets through does not block the rectangle")
	}

	ex, err := terrain.New(640, 480, terrain.WithExplicitSync())
	if err != nil {
		t.Fatal(err)
	}
	if ex.BoxClear(lo, hi) {
		t.Error("BoxClear is true on a World made with WithExplicitSync")
	}
	var nilWorld *terrain.World
	if nilWorld.BoxClear(lo, hi) {
		t.Error("BoxClear is true on a nil World")
	}
}
