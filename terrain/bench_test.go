package terrain_test

import (
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/ikanim/kit/terrain"
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

// BenchmarkRaycast: World.Raycast on BENCH.md's workload (1280x720 space,
// 32 px cells, 160 shapes, 4,096 downward rays of 96 px). One op is one ray.
func BenchmarkRaycast(b *testing.B) {
	space := randomTerrain(1, 160, false)
	w := terrain.Wrap(space)
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
