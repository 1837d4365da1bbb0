package terrain_test

import (
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/ikanim/kit/terrain"
	"github.com/solarlune/resolv"
)

// footRays returns BENCH.md's foot-ray workload: 4,096 downward rays of 96 px
// at seeded uniform positions over a 1280x720 space.
func footRays() [][2]mgl64.Vec2 {
	rng := rand.New(rand.NewPCG(1, 2))
	rays := make([][2]mgl64.Vec2, 4096)
	for i := range rays {
		from := mgl64.Vec2{rng.Float64() * 1280, rng.Float64() * (720 - 96)}
		rays[i] = [2]mgl64.Vec2{from, from.Add(mgl64.Vec2{0, 96})}
	}
	return rays
}

// BenchmarkRaycast: one World.Raycast (default World of fewer than 512
// shapes, so without an index: walk of resolv's cells, every shape met
// checked against the cache, exact narrowphase, hit resolved to point and
// normal) on BENCH.md's workload: a 1280x720 space of
// 32 px resolv cells holding 160 shapes (randomTerrain: 40 ground quads, 120
// boxes and convex polygons of either winding), one op being one of 4,096
// downward foot rays of 96 px (footRays). Building the World is not timed.
func BenchmarkRaycast(b *testing.B) {
	benchRays(b, terrain.Wrap(randomTerrain(1, 160, false)), footRays())
}

// BenchmarkLineTest: resolv.LineTest over space.FilterCells(bounds).FilterShapes()
// on the same workload, for comparison.
func BenchmarkLineTest(b *testing.B) {
	space := randomTerrain(1, 160, false)
	rays := footRays()
	hits := 0
	for _, r := range rays {
		if _, _, _, ok := lineTest(space, r[0], r[1]); ok {
			hits++
		}
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		r := rays[i&4095]
		lineTest(space, r[0], r[1])
	}
	b.ReportMetric(float64(hits), "hits/4096")
}

// BenchmarkRaycastGenerated: the same 4,096 foot rays over a game-like world
// from Generate (ground of hills, slopes, stairs and gaps, plus 100 disjoint
// platforms), where shapes overlap far less than in randomTerrain.
func BenchmarkRaycastGenerated(b *testing.B) {
	w := terrain.Generate(1, terrain.GenOptions{Platforms: 100})
	rays := footRays()
	hits := 0
	for _, r := range rays {
		if _, _, ok := w.Raycast(r[0], r[1]); ok {
			hits++
		}
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		r := rays[i&4095]
		w.Raycast(r[0], r[1])
	}
	b.ReportMetric(float64(hits), "hits/4096")
	b.ReportMetric(float64(w.NumShapes()), "shapes")
}

// BenchmarkDrawBuild: the per-frame CPU work of a textured World.Draw on a
// generated world (paths, outline, texture fan and grass strips), without
// the GPU submission. One op is one frame.
func BenchmarkDrawBuild(b *testing.B) {
	w := terrain.Generate(1, terrain.GenOptions{Platforms: 100})
	var g ebiten.GeoM
	w.BuildTextureMeshes(&g, 64, 64, 64, 16, 1)
	b.ReportAllocs()
	for b.Loop() {
		g.Translate(0.5, 0)
		w.BuildTextureMeshes(&g, 64, 64, 64, 16, 1)
	}
	b.ReportMetric(float64(w.NumShapes()), "shapes")
}

// benchRays times World.Raycast over rays, one op per ray (rays[i%4096]),
// after one untimed pass that counts the hits. It reports the hits among the
// 4,096 rays, the number of shapes and, on Linux, the CPU time of the
// benchmark's thread per op (cpu-ns/op: the wall time ns/op also counts the
// time the thread waited for a core on a busy machine).
func benchRays(b *testing.B, w *terrain.World, rays [][2]mgl64.Vec2) {
	b.Helper()
	hits := 0
	for _, r := range rays {
		if _, _, ok := w.Raycast(r[0], r[1]); ok {
			hits++
		}
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	b.ReportAllocs()
	b.ResetTimer()
	c0, cpuOK := threadCPU()
	n := 0
	for ; b.Loop(); n++ {
		r := rays[n&4095]
		w.Raycast(r[0], r[1])
	}
	if c1, ok := threadCPU(); cpuOK && ok && n > 0 {
		b.ReportMetric(float64(c1-c0)/float64(n), "cpu-ns/op")
	}
	b.ReportMetric(float64(hits), "hits/4096")
	b.ReportMetric(float64(w.NumShapes()), "shapes")
}

// BenchmarkRaycastGrown100k: one World.Raycast (default World, as in
// BenchmarkRaycast600) in randomTerrain's world
// grown at constant density to 100,000 shapes: 25 x 25 tiles of 1280x720 (a
// 32000x18000 space of 64 px resolv cells, the smallest New accepts there),
// each tile with 40 ground quads and 120 scattered boxes and convex polygons
// of either winding. One op is one of 4,096 downward foot rays of 96 px
// spread uniformly over the whole world (grownFootRays), so the data a ray
// touches is mostly out of the caches, as for a crowd spread over a large
// world. Building the world is not timed.
func BenchmarkRaycastGrown100k(b *testing.B) {
	w := terrain.Wrap(grownTerrain(1, 25, 64))
	benchRays(b, w, grownFootRays(25))
}

// BenchmarkRaycastDense100k: one World.Raycast (default World, as in
// BenchmarkRaycastGrown100k) in 100,000 shapes of randomTerrain's kinds and
// sizes (40 ground quads, the rest boxes and convex polygons 8 to 140 px
// across, either winding) packed into one 1280x720 space of 32 px resolv
// cells, so that every point above the ground lies inside hundreds of
// shapes. One op is one of BENCH.md's 4,096 downward foot rays of 96 px
// (footRays). Building the world is not timed.
func BenchmarkRaycastDense100k(b *testing.B) {
	w := terrain.Wrap(denseTerrain(1, 100000))
	benchRays(b, w, footRays())
}

// BenchmarkRaycast600: one World.Raycast (default World of at least 512
// shapes: walk of the World's edge index with exact edge tests, then the
// resolv cells along the ray up to the hit checked unchanged since the
// index was built, every shape they list read; hit resolved to point and
// normal) on BenchmarkRaycast's workload with 600 shapes (randomTerrain: 40
// ground quads and 560 scattered shapes in 1280x720).
func BenchmarkRaycast600(b *testing.B) {
	benchRays(b, terrain.Wrap(randomTerrain(1, 600, false)), footRays())
}

// BenchmarkRaycast600Moved: BenchmarkRaycast600 after every shape of its
// world moved by 1 px and back and then by 1 px again, then Sync (the
// cache holds every shape fresh; the index and resolv's lists are as of
// before): every resolv cell differs from the index's mirror, so each ray
// checks the cell of its start, finds it changed and walks resolv's cells
// (the fallback of a default World where shapes changed since the last
// Refresh; the walk alone is BenchmarkRaycast600 with WithoutIndex).
func BenchmarkRaycast600Moved(b *testing.B) {
	w := terrain.Wrap(randomTerrain(1, 600, false))
	for _, s := range w.Space().Shapes() {
		s.Move(1, 0)
		s.Move(-1, 0)
		s.Move(1, 0)
	}
	w.Sync()
	benchRays(b, w, footRays())
}

// BenchmarkRaycast600WithoutIndex: BenchmarkRaycast600 on a World made
// with WithoutIndex (walk of resolv's cells, as in BenchmarkRaycast).
func BenchmarkRaycast600WithoutIndex(b *testing.B) {
	benchRays(b, terrain.Wrap(randomTerrain(1, 600, false), terrain.WithoutIndex()), footRays())
}

// BenchmarkRaycastExplicit: one World.Raycast on BenchmarkRaycast's world
// and rays (160 shapes, 4,096 downward foot rays of 96 px in 1280x720), on a
// World made with WithExplicitSync: a walk of the World's edge index (cell
// size chosen from the shapes), exact edge tests, the filter check of the
// nearest crossing and the hit resolved to point and normal. Building the
// World and its index is not timed.
func BenchmarkRaycastExplicit(b *testing.B) {
	benchRays(b, terrain.Wrap(randomTerrain(1, 160, false), terrain.WithExplicitSync()), footRays())
}

// BenchmarkRaycastGrown100kExplicit: one World.Raycast on
// BenchmarkRaycastGrown100k's world and rays (100,000 shapes over
// 32000x18000, rays spread over the whole world), on a World made with
// WithExplicitSync (as in BenchmarkRaycastExplicit). Building the World and
// its index is not timed.
func BenchmarkRaycastGrown100kExplicit(b *testing.B) {
	w := terrain.Wrap(grownTerrain(1, 25, 64), terrain.WithExplicitSync())
	benchRays(b, w, grownFootRays(25))
}

// BenchmarkRaycastDense100kExplicit: one World.Raycast on
// BenchmarkRaycastDense100k's world and rays (100,000 shapes packed into
// 1280x720), on a World made with WithExplicitSync (as in
// BenchmarkRaycastExplicit). Building the World and its index is not timed.
func BenchmarkRaycastDense100kExplicit(b *testing.B) {
	w := terrain.Wrap(denseTerrain(1, 100000), terrain.WithExplicitSync())
	benchRays(b, w, footRays())
}

// BenchmarkSyncGrown100kExplicit: World.Sync on BenchmarkRaycastGrown100k's
// world (100,000 shapes) made with WithExplicitSync, after moving one shape:
// the per-frame cost of the explicit contract when a few shapes moved
// (every shape read; the moved shape is tested one by one until more than 64
// have changed, so the index is not rebuilt). One op is one move and one
// Sync.
func BenchmarkSyncGrown100kExplicit(b *testing.B) {
	w := terrain.Wrap(grownTerrain(1, 25, 64), terrain.WithExplicitSync())
	s := w.Space().Shapes()[12345]
	w.Sync() // steady state: Sync's tables sized
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		s.Move(float64(i&1)*2-1, 0)
		w.Sync()
	}
}

// liveCheckFloor times the reads that any exact answer for the live space
// must make when shapes may have moved without the World being told: for
// each of the rays (downward, as footRays and grownFootRays), the
// position, rotation, scale, number of points and open or closed state of
// every shape resolv lists in the cells the ray crosses down to its hit (as
// found by Cast beforehand, untimed). No index walk, no narrowphase: a
// floor under the default World's ray in this world (BenchmarkRaycast...),
// which reads these and walks its index.
func liveCheckFloor(b *testing.B, space *resolv.Space, rays [][2]mgl64.Vec2) {
	b.Helper()
	w := terrain.Wrap(space, terrain.WithExplicitSync())
	ends := make([]float64, len(rays))
	listings := 0
	cw, ch := float64(space.CellWidth()), float64(space.CellHeight())
	for i, r := range rays {
		ends[i] = r[1][1]
		if h := w.Cast(r[0], r[1]); h.OK {
			ends[i] = h.Point[1]
		}
		for y := int(r[0][1] / ch); y < space.HeightInCells() && float64(y)*ch <= ends[i]; y++ {
			listings += len(space.Cell(int(r[0][0]/cw), y).Shapes)
		}
	}
	var sum float64
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	b.ReportAllocs()
	b.ResetTimer()
	c0, cpuOK := threadCPU()
	n := 0
	for ; b.Loop(); n++ {
		i := n & 4095
		r := rays[i]
		x := int(r[0][0] / cw)
		for y := int(r[0][1] / ch); y < space.HeightInCells() && float64(y)*ch <= ends[i]; y++ {
			for _, s := range space.Cell(x, y).Shapes {
				if p, ok := s.(*resolv.ConvexPolygon); ok {
					sum += p.Position().X + p.Rotation() + p.Scale().X + float64(len(p.Points))
					if p.Closed {
						sum++
					}
				}
			}
		}
	}
	if c1, ok := threadCPU(); cpuOK && ok && n > 0 {
		b.ReportMetric(float64(c1-c0)/float64(n), "cpu-ns/op")
	}
	b.ReportMetric(float64(listings)/float64(len(rays)), "listings/ray")
	if sum == 0.5 {
		b.Log(sum) // keeps the reads
	}
}

// BenchmarkLiveCheckFloorGrown100k: liveCheckFloor on
// BenchmarkRaycastGrown100k's world and rays.
func BenchmarkLiveCheckFloorGrown100k(b *testing.B) {
	liveCheckFloor(b, grownTerrain(1, 25, 64), grownFootRays(25))
}

// BenchmarkLiveCheckFloorDense100k: liveCheckFloor on
// BenchmarkRaycastDense100k's world and rays.
func BenchmarkLiveCheckFloorDense100k(b *testing.B) {
	liveCheckFloor(b, denseTerrain(1, 100000), footRays())
}
