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

// verifiedShare is the share of rays a default World answers from its
// verified index rather than by walking resolv's cells.
func verifiedShare(w *terrain.World, rays [][2]mgl64.Vec2) float64 {
	n := 0
	for _, r := range rays {
		if w.CastVerified(r[0], r[1], w.Filter) {
			n++
		}
	}
	return float64(n) / float64(len(rays))
}

// A default World answers from its index every ray that stays inside
// resolv's cells, and each answer is the one of the walk of resolv's cells
// (held to resolv.LineTest by the oracle tests), on overlapping polygons of
// both windings and circles, in small, grown and dense worlds.
func TestDefaultIndexMatchesUnindexed(t *testing.T) {
	for _, seed := range []uint64{1, 2, 3} {
		w := terrain.Wrap(randomTerrain(seed, 600, true))
		rays := mixedRays(seed, 6000, 1280, 720)
		compareWorlds(t, "randomTerrain", w, w, rays)
		if s := verifiedShare(w, footRays()); s != 1 {
			t.Errorf("seed %d: %.3f of the foot rays verified, want all", seed, s)
		}
	}
	grown := terrain.Wrap(grownTerrain(5, 4, 64))
	compareWorlds(t, "grown", grown, grown, mixedRays(5, 4000, 4*1280, 4*720))
	// In a dense world every point lies near dozens of edges: an index that
	// lost any of them would answer a farther crossing or miss.
	dense := terrain.Wrap(denseTerrain(6, 20000))
	compareWorlds(t, "dense", dense, dense, mixedRays(6, 2000, 1280, 720))
	compareWorlds(t, "dense foot", dense, dense, footRays())
	if s := verifiedShare(dense, footRays()); s != 1 {
		t.Errorf("dense: %.3f of the foot rays verified, want all", s)
	}
}

// Every change a game can make to the space behind a default World's back,
// without Sync, is seen by the very next query: moves (also within the same
// resolv cells, where the cells' lists do not change), rotations, scales,
// circle radii, opening a polygon, removals and additions. Rays through
// changed cells fall back to the walk of resolv's cells; the others keep
// the index. After Sync the index covers all of them again.
func TestDefaultIndexSeesChangesAtOnce(t *testing.T) {
	space := randomTerrain(41, 600, true)
	w := terrain.Wrap(space)
	rays := mixedRays(41, 4000, 1280, 720)
	rng := rand.New(rand.NewPCG(41, 42))
	for frame := range 6 {
		shapes := space.Shapes()
		for i, s := range shapes {
			if i%9 != frame%9 {
				continue
			}
			switch sh := s.(type) {
			case *resolv.ConvexPolygon:
				switch i % 4 {
				case 0:
					sh.Move(rng.Float64()*40-20, rng.Float64()*40-20)
				case 1:
					sh.Rotate(rng.Float64() - 0.5)
				case 2:
					sh.SetScale(0.5+rng.Float64(), 0.5+rng.Float64())
				default:
					sh.Closed = !sh.Closed
				}
			case *resolv.Circle:
				sh.SetRadius(sh.Radius() * (0.5 + rng.Float64()))
			}
		}
		space.Remove(shapes[frame*11])
		space.Add(resolv.NewRectangle(rng.Float64()*1280, rng.Float64()*720, 90, 25))
		compareWorlds(t, "changed, before Sync", w, w, rays)
		if s := verifiedShare(w, rays); s < 0.05 || s > 0.95 {
			t.Errorf("frame %d: %.3f of the rays verified before Sync, want some but not all", frame, s)
		}
		w.Sync()
		compareWorlds(t, "after Sync", w, w, rays)
	}
}

// A shape that moves a little, staying in the same resolv cells as the last
// shape of each of their lists, leaves resolv's lists exactly as they were:
// the index still sees the move at once, from the shape's transform.
func TestDefaultIndexSeesMovesWithinCells(t *testing.T) {
	w, err := terrain.New(640, 480)
	if err != nil {
		t.Fatal(err)
	}
	w.AddBox(0, 400, 640, 80, 0)
	for i := range 600 { // enough shapes for an index, away from the box
		w.AddBox(400+float64(i%30)*8, 200+float64(i/30)*8, 4, 4, 0)
	}
	box, _ := w.AddBox(100, 100, 20, 10, 0) // within cells x 3, y 3
	w.Sync()
	if !w.CastVerified(mgl64.Vec2{110, 0}, mgl64.Vec2{110, 470}, w.Filter) {
		t.Fatalf("the index does not answer the ray onto the box")
	}
	for i := range 5 {
		want := 100 + float64(i)*0.5
		if h := w.SurfaceBelow(110, 0, 470); !h.OK || h.Point[1] != want || h.Shape != box {
			t.Fatalf("step %d: %+v, want the box at y=%v", i, h, want)
		}
		box.Move(0, 0.5)
	}
	box.SetPosition(300, 300)
	if h := w.SurfaceBelow(110, 0, 470); !h.OK || h.Point[1] != 400 {
		t.Errorf("box moved away: %+v, want the floor at y=400", h)
	}
	w.Space().Remove(box)
	if h := w.SurfaceBelow(310, 0, 470); !h.OK || h.Point[1] != 400 {
		t.Errorf("box removed: %+v, want the floor at y=400", h)
	}
	if a := testing.AllocsPerRun(100, func() { w.SurfaceBelow(110, 0, 470) }); a != 0 {
		t.Errorf("queries allocate %v times, want 0", a)
	}
}

// Moving a shape and back, or removing and adding it again, changes only the
// order of resolv's lists: rays through those cells fall back (exact) until
// Refresh mirrors the new order.
func TestDefaultIndexSyncReorders(t *testing.T) {
	space := randomTerrain(51, 600, false)
	w := terrain.Wrap(space)
	rays := footRays()
	shapes := space.Shapes()
	for _, s := range shapes[40:60] {
		s.Move(1, 0)
		s.Move(-1, 0)
	}
	space.Remove(shapes[70])
	space.Add(shapes[70])
	if s := verifiedShare(w, rays); s == 1 {
		t.Fatalf("reordered cells: all rays verified, want some fallbacks")
	}
	compareWorlds(t, "reordered", w, w, rays)
	w.Refresh()
	if s := verifiedShare(w, rays); s != 1 {
		t.Errorf("after Refresh: %.3f of the rays verified, want all", s)
	}
	compareWorlds(t, "after Refresh", w, w, rays)
}

// WithoutIndex makes a World that never builds the index and answers as
// the walk of resolv's cells.
func TestWithoutIndex(t *testing.T) {
	space := randomTerrain(61, 600, true)
	w := terrain.Wrap(space, terrain.WithoutIndex())
	w.Sync()
	if c, _, _ := w.IndexStats(); c != 0 {
		t.Errorf("WithoutIndex: index of cell %v", c)
	}
	rays := mixedRays(61, 2000, 1280, 720)
	if s := verifiedShare(w, rays); s != 0 {
		t.Errorf("WithoutIndex: %.3f of the rays verified, want none", s)
	}
	for _, r := range rays {
		if g, u := w.Cast(r[0], r[1]), w.CastUnindexed(r[0], r[1], w.Filter); g != u {
			t.Fatalf("ray %v->%v: %+v, want %+v", r[0], r[1], g, u)
		}
	}
	if c, _, _ := terrain.Wrap(space, terrain.WithoutIndex(), terrain.WithExplicitSync()).IndexStats(); c == 0 {
		t.Errorf("WithExplicitSync with WithoutIndex: no index")
	}
}

// Tag changes apply at once on the default World's index, and filters give
// the walk of resolv's cells' answers.
func TestDefaultIndexFilters(t *testing.T) {
	space := randomTerrain(21, 600, true)
	const red = resolv.Tags(1 << 3)
	for i, s := range space.Shapes() {
		switch i % 4 {
		case 1:
			s.Tags().Set(red)
		case 2:
			s.Tags().Set(terrain.TagTrigger)
		}
	}
	w := terrain.Wrap(space)
	if s := verifiedShare(w, footRays()); s < 0.5 {
		t.Fatalf("%.3f of the foot rays verified: the test proves little", s)
	}
	rays := mixedRays(21, 3000, 1280, 720)
	for fi, f := range []terrain.Filter{{}, {Require: red}, {Exclude: red}, {IncludeTriggers: true}} {
		for _, r := range rays {
			g, u := w.CastFiltered(r[0], r[1], f), w.CastUnindexed(r[0], r[1], f)
			if ok, _ := agree(g, u, r, mgl64.Vec2{}, mgl64.Vec2{1280, 720}); !ok {
				t.Fatalf("filter %d: ray %v->%v:\n got  %+v\n want %+v", fi, r[0], r[1], g, u)
			}
		}
	}
	box, _ := w.AddBox(600, 100, 50, 50, 0)
	w.Sync()
	box.Tags().Set(terrain.TagTrigger)
	if h := w.SurfaceBelow(625, 90, 140); h.OK && h.Shape == box {
		t.Errorf("box made a trigger: hit, want it skipped at once")
	}
	box.Tags().Unset(terrain.TagTrigger)
	if h := w.SurfaceBelow(625, 90, 140); !h.OK || h.Shape != box || math.Abs(h.Point[1]-100) > 0 {
		t.Errorf("box no longer a trigger: %+v, want it hit at once", h)
	}
}

// boxGrid600 is a default World of 600 16 px boxes 64 px apart (indexed),
// and its boxes.
func boxGrid600(t *testing.T) (*terrain.World, []*resolv.ConvexPolygon) {
	t.Helper()
	w, err := terrain.New(1600, 1600)
	if err != nil {
		t.Fatal(err)
	}
	var boxes []*resolv.ConvexPolygon
	for i := 0; i < 600; i++ {
		b, err := w.AddBox(float64(i%25)*64+8, float64(i/25)*64+8, 16, 16, 0)
		if err != nil {
			t.Fatal(err)
		}
		boxes = append(boxes, b)
	}
	w.Refresh()
	return w, boxes
}

// A shape moved, synced (Draw syncs too) and moved back exactly where it
// was at the index build is still hit: the index's mirror of resolv's
// cells looked clean again while the index had let go of the shape's
// edges, and rays went through it until Refresh (a new user's trial: a
// platform patrolling 10 px and back let feet fall through it each time
// it passed its start).
func TestDefaultIndexShapeMovedBack(t *testing.T) {
	w, boxes := boxGrid600(t)
	boxes[0].Move(5, 0)
	w.Sync()
	boxes[0].Move(-5, 0)
	h := w.Cast(mgl64.Vec2{0, 16}, mgl64.Vec2{60, 16})
	if !h.OK || h.Point != (mgl64.Vec2{8, 16}) || h.Normal != (mgl64.Vec2{-1, 0}) {
		t.Errorf("after a move, Sync and the move back: %+v, want a hit at (8, 16) with normal (-1, 0)", h)
	}
	// A platform patrolling 10 px right and back, Sync every frame, a foot
	// ray down onto it every frame.
	w2, boxes2 := boxGrid600(t)
	p := boxes2[30] // at (8+5*64, 8+1*64)
	for f := 0; f < 60; f++ {
		dx := 1.0
		if (f/10)%2 == 1 {
			dx = -1
		}
		p.Move(dx, 0)
		w2.Sync()
		x := p.Position().X + 8
		if h := w2.Cast(mgl64.Vec2{x, 40}, mgl64.Vec2{x, 100}); !h.OK || math.Abs(h.Point[1]-72) > 1e-9 {
			t.Fatalf("frame %d: a foot ray onto the patrolling platform at x %.0f: %+v, want a hit at y 72", f, x, h)
		}
	}
}

// Shapes resolv lists in no cell (lying exactly on the space's far edge,
// or added twice and removed once) are not hit, as the walk of resolv's
// cells does not meet them.
func TestDefaultIndexShapesInNoCell(t *testing.T) {
	w, _ := boxGrid600(t)
	if _, err := w.AddBox(1600, 0, 32, 1600, 0); err != nil {
		t.Fatal(err)
	}
	w.Refresh()
	ref := terrain.Wrap(w.Space(), terrain.WithoutIndex())
	for _, r := range [][2]mgl64.Vec2{{{1590, 4}, {1600, 4}}, {{1590, 40}, {1600, 40}}} {
		if got, want := w.Cast(r[0], r[1]), ref.Cast(r[0], r[1]); got != want {
			t.Errorf("ray %v: %+v, want the unindexed %+v", r, got, want)
		}
	}
	w2, _ := boxGrid600(t)
	sp := w2.Space()
	b := resolv.NewRectangleFromTopLeft(40, 100, 10, 10)
	sp.Add(b)
	sp.Add(b)
	w2.Refresh()
	sp.Remove(b)
	w2.Refresh()
	ref2 := terrain.Wrap(sp, terrain.WithoutIndex())
	r := [2]mgl64.Vec2{{30, 105}, {60, 105}}
	if got, want := w2.Cast(r[0], r[1]), ref2.Cast(r[0], r[1]); got != want {
		t.Errorf("a shape added twice and removed once: %+v, want the unindexed %+v", got, want)
	}
}

// Resize gives the space new cells (the old ones keep what they listed, or
// nothing): a default World must not take a cell it mirrored for the
// space's. After a Resize to the same size, a shape added where the mirror
// had only empty cells is hit, and every ray answers as the walk of the
// new cells.
func TestDefaultIndexSpaceResized(t *testing.T) {
	space := randomTerrain(71, 600, true)
	w := terrain.Wrap(space)
	rays := mixedRays(71, 3000, 1280, 720)
	// A resolv cell the shapes leave empty, where the box goes: the
	// mirror of the old cell and the old cell itself stay empty.
	cx := -1
	for x := range space.WidthInCells() {
		if len(space.Cell(x, 0).Shapes) == 0 {
			cx = x
			break
		}
	}
	if cx < 0 {
		t.Fatal("no empty cell for the box")
	}
	x := float64(cx*space.CellWidth()) + 16
	from, to := mgl64.Vec2{x, 1}, mgl64.Vec2{x, 30}
	if !w.CastVerified(from, to, w.Filter) {
		t.Fatal("the index does not answer the test ray")
	}
	space.Resize(space.WidthInCells(), space.HeightInCells())
	box := resolv.NewRectangle(x, 16, 20, 10)
	space.Add(box)
	if h := w.Cast(from, to); !h.OK || h.Shape != box || h.Point[1] != 11 {
		t.Errorf("after Resize: %+v, want the new box at y=11", h)
	}
	compareWorlds(t, "resized", w, w, rays)
	w.Refresh()
	if s := verifiedShare(w, footRays()); s != 1 {
		t.Errorf("after Refresh: %.3f of the foot rays verified, want all", s)
	}
	compareWorlds(t, "resized, after Refresh", w, w, rays)
}

// Changes that leave a resolv cell's list exactly as the index's mirror has
// it, or as long: two shapes of one cell each moved within it (each move
// takes its shape out of the list and appends it again, so the second
// move restores the order of the build), a polygon given points in place
// (AddPoints), and a shape removed while another is added to the same cell.
// A check of the lists alone would answer these rays from the stale index;
// the default World must see each change at once.
func TestDefaultIndexSeesChangesListsHide(t *testing.T) {
	w, err := terrain.New(640, 480)
	if err != nil {
		t.Fatal(err)
	}
	w.AddBox(0, 400, 640, 80, 0)
	for i := range 600 { // enough shapes for an index, away from the cell
		w.AddBox(400+float64(i%30)*8, 200+float64(i/30)*8, 4, 4, 0)
	}
	// Both within resolv cell (3, 3): x and y in [96, 128).
	a, _ := w.AddBox(98, 100, 8, 4, 0)
	b, _ := w.AddBox(114, 104, 8, 4, 0)
	w.Sync()
	cell := w.Space().Cell(3, 3)
	same := func(want ...resolv.IShape) bool {
		if len(cell.Shapes) != len(want) {
			return false
		}
		for i, s := range want {
			if cell.Shapes[i] != s {
				return false
			}
		}
		return true
	}
	if !same(a, b) {
		t.Fatalf("cell (3, 3) lists %v, want the two boxes", cell.Shapes)
	}
	down := func(x float64) terrain.Hit { return w.Cast(mgl64.Vec2{x, 90}, mgl64.Vec2{x, 130}) }
	if !w.CastVerified(mgl64.Vec2{102, 90}, mgl64.Vec2{102, 130}, w.Filter) {
		t.Fatal("the index does not answer the ray onto the first box")
	}
	a.Move(0, 2)
	b.Move(0, 2)
	if !same(a, b) {
		t.Fatalf("after the moves the cell lists %v, want the build's order", cell.Shapes)
	}
	if h := down(102); !h.OK || h.Shape != a || h.Point[1] != 102 {
		t.Errorf("first box moved: %+v, want it at y=102", h)
	}
	if h := down(118); !h.OK || h.Shape != b || h.Point[1] != 106 {
		t.Errorf("second box moved: %+v, want it at y=106", h)
	}
	// Each change below on a fresh index (Refresh), so that no earlier one
	// hides it.
	fresh := func() {
		t.Helper()
		w.Refresh()
		if !w.CastVerified(mgl64.Vec2{118, 90}, mgl64.Vec2{118, 130}, w.Filter) {
			t.Fatal("after Refresh the index does not answer the ray onto the second box")
		}
	}
	fresh()
	// A point appended (in the polygon's own frame: the box's points are
	// relative to its position) turns the last edge into two; resolv
	// appends the box to the cell again, where it already was last.
	b.AddPoints(b.Points[3].X, b.Points[3].Y, b.Points[0].X+4, b.Points[0].Y-6)
	if !same(a, b) {
		t.Fatalf("after AddPoints the cell lists %v, want the build's order", cell.Shapes)
	}
	for x := 114.5; x < 122; x++ {
		from, to := mgl64.Vec2{x, 90}, mgl64.Vec2{x, 130}
		if got, want := w.Cast(from, to), w.CastUnindexed(from, to, w.Filter); got != want {
			t.Errorf("x=%v after AddPoints: %+v, want %+v", x, got, want)
		}
	}
	if h := down(118); !h.OK || h.Shape != b || !(h.Point[1] < 106) {
		t.Errorf("second box with a point above it: %+v, want it above y=106", h)
	}
	// Remove the second box and add, in its place in the cell's list,
	// another shape with its position, rotation, scale, number of points
	// and Closed but its points 3 px higher: only the shape differs.
	fresh()
	hb := down(118)
	w.Space().Remove(b)
	pts := make([]resolv.Vector, len(b.Points))
	for i, p := range b.Points {
		pts[i] = resolv.Vector{X: p.X, Y: p.Y - 3}
	}
	c := resolv.NewConvexPolygonVec(b.Position(), pts)
	c.Closed = b.Closed
	w.Space().Add(c)
	if !same(a, c) {
		t.Fatalf("the cell lists %v, want the first box and the new shape", cell.Shapes)
	}
	if h := down(118); !hb.OK || !h.OK || h.Shape != c || h.Point[1] != hb.Point[1]-3 {
		t.Errorf("second box replaced: %+v, want the new shape 3 px above %+v", h, hb)
	}
}

// Eight goroutines query one default World with its verified index at once,
// and every hit is bit-identical to the sequential run's: a dense world
// (crowded resolv cells, whose shapes a query loads before comparing them)
// with some shapes moved since the index was built (rays through their
// cells fall back to the walk of resolv's cells). Run with -race: a query
// that wrote to the World would be reported.
func TestDefaultIndexConcurrent(t *testing.T) {
	space := denseTerrain(8, 6000)
	w := terrain.Wrap(space)
	for i, s := range space.Shapes() {
		if i%50 == 0 {
			s.Move(2.5, -1.25)
		}
	}
	rays := mixedRays(8, 3000, 1280, 720)
	want := make([]terrain.Hit, len(rays))
	verified := 0
	for i, r := range rays {
		want[i] = w.Cast(r[0], r[1])
		if w.CastVerified(r[0], r[1], w.Filter) {
			verified++
		}
	}
	if verified < len(rays)/10 || verified == len(rays) {
		t.Fatalf("%d of %d rays verified: want the index and the fallback both used", verified, len(rays))
	}
	const goroutines = 8
	var wg sync.WaitGroup
	errs := make(chan string, goroutines)
	for g := range goroutines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range rays {
				i := (k + g*len(rays)/goroutines) % len(rays)
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
	compareWorlds(t, "dense, some moved", w, w, rays)
}
