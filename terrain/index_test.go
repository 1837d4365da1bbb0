package terrain_test

import (
	"math"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/ikanim/kit/terrain"
	"github.com/solarlune/resolv"
)

// mixedRays returns n rays of every kind: foot rays, rays in any direction
// of up to 650 px, some leaving the grid, over a width x height world.
func mixedRays(seed uint64, n int, width, height float64) [][2]mgl64.Vec2 {
	rng := rand.New(rand.NewPCG(seed, 99))
	rays := make([][2]mgl64.Vec2, n)
	for i := range rays {
		from := mgl64.Vec2{rng.Float64()*(width+200) - 100, rng.Float64()*(height+200) - 100}
		var d mgl64.Vec2
		switch i % 3 {
		case 0:
			d = mgl64.Vec2{0, 96}
		case 1:
			a := rng.Float64() * 2 * math.Pi
			d = mgl64.Vec2{650 * rng.Float64() * math.Cos(a), 650 * rng.Float64() * math.Sin(a)}
		default: // axis-aligned, through cell boundaries
			from = mgl64.Vec2{math.Round(from[0]), math.Round(from[1])}
			d = [4]mgl64.Vec2{{300, 0}, {-300, 0}, {0, 300}, {0, -300}}[rng.IntN(4)]
		}
		rays[i] = [2]mgl64.Vec2{from, from.Add(d)}
	}
	return rays
}

// agree reports whether the hits g (with the index) and w (without) of the
// ray r agree, and whether they differ only by a tie: two shapes crossed at
// the same point. The default World sees the part of a shape outside
// resolv's cells (lo..hi) only through the border cells under the segment
// (as resolv.LineTest over FilterCells); the index sees it all, so for a ray
// leaving the cells a hit outside them may differ.
func agree(g, w terrain.Hit, r [2]mgl64.Vec2, lo, hi mgl64.Vec2) (ok, tie bool) {
	if g == w {
		return true, false
	}
	if g.OK && w.OK && g.Point == w.Point && g.Fraction == w.Fraction {
		return true, true
	}
	inside := func(p mgl64.Vec2) bool { return p[0] >= lo[0] && p[0] <= hi[0] && p[1] >= lo[1] && p[1] <= hi[1] }
	if !inside(r[0]) || !inside(r[1]) {
		if (g.OK && !inside(g.Point)) || (w.OK && !inside(w.Point)) {
			return true, false
		}
	}
	return false, false
}

// compareWorlds checks that every ray gives the same Hit on got as the walk
// of resolv's cells alone gives on want (see agree), that few end in ties
// and that enough of them hit.
func compareWorlds(t *testing.T, name string, got, want *terrain.World, rays [][2]mgl64.Vec2) {
	t.Helper()
	hits, bad, ties := 0, 0, 0
	lo, hi := want.Bounds()
	for _, r := range rays {
		g, w := got.Cast(r[0], r[1]), want.CastUnindexed(r[0], r[1], want.Filter)
		if w.OK {
			hits++
		}
		ok, tie := agree(g, w, r, lo, hi)
		if tie {
			ties++
		}
		if !ok {
			bad++
			if bad <= 5 {
				t.Errorf("%s: ray %v->%v:\n got  %+v\n want %+v", name, r[0], r[1], g, w)
			}
		}
	}
	if bad > 0 {
		t.Errorf("%s: %d of %d rays differ", name, bad, len(rays))
	}
	if ties > len(rays)/100 {
		t.Errorf("%s: %d of %d rays end in a tie between two shapes, want at most 1%%", name, ties, len(rays))
	}
	if hits < len(rays)/5 {
		t.Errorf("%s: only %d of %d rays hit: the test proves little", name, hits, len(rays))
	}
}

// A World with WithExplicitSync answers every ray exactly as the default
// World does (which the oracle tests hold to resolv.LineTest), whatever the
// index's cell size, on overlapping polygons of both windings and circles.
func TestExplicitSyncMatchesDefault(t *testing.T) {
	for _, seed := range []uint64{1, 2, 3} {
		space := randomTerrain(seed, 160, true)
		def := terrain.Wrap(space)
		rays := mixedRays(seed, 6000, 1280, 720)
		for _, cell := range []float64{0, 3, 17.5, 64, 2000} {
			ex := terrain.Wrap(space, terrain.WithExplicitSync(), terrain.WithIndexCellSize(cell))
			compareWorlds(t, "randomTerrain", ex, def, rays)
		}
	}
}

// The same on the two big worlds of the benchmarks, scaled down: a grown
// world of 4 x 4 tiles and 20,000 shapes packed into 1280x720.
func TestExplicitSyncMatchesDefaultBigWorlds(t *testing.T) {
	grown := grownTerrain(5, 4, 64)
	compareWorlds(t, "grown", terrain.Wrap(grown, terrain.WithExplicitSync()), terrain.Wrap(grown), mixedRays(5, 4000, 4*1280, 4*720))
	dense := denseTerrain(6, 20000)
	compareWorlds(t, "dense", terrain.Wrap(dense, terrain.WithExplicitSync()), terrain.Wrap(dense), mixedRays(6, 2000, 1280, 720))
}

// With WithExplicitSync, queries see the space as of the last Sync: a shape
// moved, added or removed in the space directly is seen where it was until
// Sync; shapes added with the World's Add methods are seen at once.
func TestExplicitSyncSeesSpaceAsOfSync(t *testing.T) {
	w, err := terrain.New(640, 480, terrain.WithExplicitSync())
	if err != nil {
		t.Fatal(err)
	}
	down := func(x float64) (float64, bool) {
		h := w.SurfaceBelow(x, 0, 470)
		return h.Point[1], h.OK
	}
	box, _ := w.AddBox(100, 100, 50, 50, 0)
	if y, ok := down(125); !ok || y != 100 {
		t.Fatalf("box added by AddBox: %v %v, want y=100 at once", y, ok)
	}
	w.Sync()
	box.Move(0, 200)
	if y, ok := down(125); !ok || y != 100 {
		t.Errorf("moved box before Sync: %v %v, want y=100 (where it was)", y, ok)
	}
	w.Sync()
	if y, ok := down(125); !ok || y != 300 {
		t.Errorf("moved box after Sync: %v %v, want y=300", y, ok)
	}
	ring := resolv.NewCircle(400, 300, 40)
	w.Space().Add(ring)
	if _, ok := down(400); ok {
		t.Errorf("circle added to the space is seen before Sync")
	}
	w.Sync()
	if y, ok := down(400); !ok || math.Abs(y-260) > 1e-9 {
		t.Errorf("circle after Sync: %v %v, want y=260", y, ok)
	}
	w.Space().Remove(ring)
	if _, ok := down(400); !ok {
		t.Errorf("removed circle not seen before Sync")
	}
	w.Sync()
	if _, ok := down(400); ok {
		t.Errorf("removed circle seen after Sync")
	}
	if a := testing.AllocsPerRun(100, func() { down(125); down(400) }); a != 0 {
		t.Errorf("queries allocate %v times, want 0", a)
	}
	if a := testing.AllocsPerRun(100, w.Sync); a != 0 {
		t.Errorf("Sync with nothing changed allocates %v times, want 0", a)
	}
	if a := testing.AllocsPerRun(100, func() { box.Move(1, 0); w.Sync() }); a != 0 {
		t.Errorf("Sync after a move allocates %v times, want 0", a)
	}
}

// Moving shapes and Sync keep the index equal to a fresh World's, over many
// frames of moves, additions and removals.
func TestExplicitSyncFrames(t *testing.T) {
	space := randomTerrain(11, 160, true)
	w := terrain.Wrap(space, terrain.WithExplicitSync())
	rng := rand.New(rand.NewPCG(11, 12))
	rays := mixedRays(11, 1500, 1280, 720)
	for frame := range 6 {
		shapes := space.Shapes()
		for i, s := range shapes {
			if i%5 == frame%5 {
				s.Move(rng.Float64()*40-20, rng.Float64()*40-20)
			}
		}
		space.Remove(shapes[frame*7])
		space.Add(resolv.NewRectangle(rng.Float64()*1280, rng.Float64()*720, 80, 30))
		w.Sync()
		compareWorlds(t, "after Sync", w, terrain.Wrap(space), rays)
	}
}

// Eight goroutines query one World made with WithExplicitSync at once, with
// entries the index does not hold (added by AddBox after it was built); every
// hit is bit-identical to the sequential run's. Run with -race.
func TestExplicitSyncConcurrent(t *testing.T) {
	w := terrain.Wrap(randomTerrain(9, 300, true), terrain.WithExplicitSync())
	if _, err := w.AddBox(200, 500, 700, 30, 0); err != nil {
		t.Fatal(err)
	}
	rays := concurrentRays(3000)
	want := make([]terrain.Hit, len(rays))
	for i, r := range rays {
		want[i] = w.Cast(r[0], r[1])
	}
	var wg sync.WaitGroup
	errs := make(chan string, 8)
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range rays {
				i := (k + g*len(rays)/8) % len(rays)
				if got := w.Cast(rays[i][0], rays[i][1]); got != want[i] {
					errs <- "ray differs from the sequential run"
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// Filters give the same hits with and without the index, including the
// re-walk when the nearest crossing belongs to a filtered shape, and tag
// changes apply at once.
func TestExplicitSyncFilters(t *testing.T) {
	space := randomTerrain(21, 200, true)
	const red = resolv.Tags(1 << 3)
	for i, s := range space.Shapes() {
		switch i % 4 {
		case 1:
			s.Tags().Set(red)
		case 2:
			s.Tags().Set(terrain.TagTrigger)
		}
	}
	def := terrain.Wrap(space)
	ex := terrain.Wrap(space, terrain.WithExplicitSync())
	rays := mixedRays(21, 3000, 1280, 720)
	lo, hi := def.Bounds()
	filters := []terrain.Filter{{}, {Require: red}, {Exclude: red}, {IncludeTriggers: true}, {Require: red, IncludeTriggers: true}}
	for fi, f := range filters {
		hits, ties := 0, 0
		for _, r := range rays {
			g, w := ex.CastFiltered(r[0], r[1], f), def.CastUnindexed(r[0], r[1], f)
			if w.OK {
				hits++
			}
			ok, tie := agree(g, w, r, lo, hi)
			if tie {
				ties++
			}
			if !ok {
				t.Fatalf("filter %d: ray %v->%v:\n got  %+v\n want %+v", fi, r[0], r[1], g, w)
			}
		}
		if hits < len(rays)/10 || ties > len(rays)/100 {
			t.Errorf("filter %d: %d hits, %d ties of %d rays", fi, hits, ties, len(rays))
		}
	}
	// A tag change applies at once, as on a default World.
	w, _ := terrain.New(640, 480, terrain.WithExplicitSync())
	box, _ := w.AddBox(100, 100, 50, 50, 0)
	w.Sync()
	box.Tags().Set(terrain.TagTrigger)
	if h := w.SurfaceBelow(125, 0, 470); h.OK {
		t.Errorf("box made a trigger: hit, want miss at once")
	}
	box.Tags().Unset(terrain.TagTrigger)
	if h := w.SurfaceBelow(125, 0, 470); !h.OK {
		t.Errorf("box no longer a trigger: miss, want hit at once")
	}
}

// WithIndexCellSize sets the index's cells; the automatic size lies within
// its bounds, and a bad size means automatic.
func TestIndexCellSize(t *testing.T) {
	space := randomTerrain(3, 160, true)
	if c, _, _ := terrain.Wrap(space, terrain.WithExplicitSync(), terrain.WithIndexCellSize(17.5)).IndexStats(); c != 17.5 {
		t.Errorf("cell %v, want 17.5", c)
	}
	for _, bad := range []float64{0, -3, math.NaN(), math.Inf(1)} {
		c, cells, items := terrain.Wrap(space, terrain.WithExplicitSync(), terrain.WithIndexCellSize(bad)).IndexStats()
		if !(c >= 1 && c <= 1024) || cells == 0 || items == 0 {
			t.Errorf("WithIndexCellSize(%v): cell %v, %d cells, %d items", bad, c, cells, items)
		}
	}
	if c, _, _ := terrain.Wrap(space).IndexStats(); c != 0 {
		t.Errorf("a default World of 160 shapes builds an index (cell %v)", c)
	}
	if c, _, _ := terrain.Wrap(randomTerrain(3, 600, true)).IndexStats(); !(c >= 1 && c <= 1024) {
		t.Errorf("a default World of 600 shapes builds no index (cell %v)", c)
	}
	// An empty world, then one shape.
	w, _ := terrain.New(640, 480, terrain.WithExplicitSync())
	if h := w.SurfaceBelow(100, 0, 400); h.OK {
		t.Errorf("empty world: hit %+v", h)
	}
	w.AddBox(50, 300, 100, 20, 0)
	w.Sync()
	if h := w.SurfaceBelow(100, 0, 400); !h.OK || h.Point[1] != 300 {
		t.Errorf("one box: %+v, want y=300", h)
	}
}

// Shapes with enormous or odd coordinates neither break the index build nor
// hide the ordinary shapes; they are tested one by one.
func TestIndexOddShapes(t *testing.T) {
	space := randomTerrain(31, 160, true)
	far := resolv.NewRectangle(1e14, 1e14, 10, 10)
	space.Add(far)
	space.Add(resolv.NewConvexPolygon(0, 0, []float64{400, 100, 401, 100})) // a segment
	space.Add(resolv.NewRectangle(-5e6, 400, 1e7, 10))                      // a very long floor
	w := terrain.Wrap(space, terrain.WithExplicitSync())
	def := terrain.Wrap(space)
	compareWorlds(t, "odd", w, def, mixedRays(31, 2000, 1280, 720))
	if h := w.Cast(mgl64.Vec2{1e14 + 5, 1e14 - 100}, mgl64.Vec2{1e14 + 5, 1e14 + 100}); !h.OK || h.Shape != far {
		t.Errorf("far shape: %+v", h)
	}
}
