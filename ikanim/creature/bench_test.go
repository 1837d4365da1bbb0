package creature

import (
	"fmt"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// creatureBenchCrowd places n creatures of def on terrain's "flat" scene,
// each walking a loop between two points (so turns are included), and runs
// them for warm frames.
func creatureBenchCrowd(b testing.TB, def *Def, n, warm int) []*Creature {
	w := creatureTestWorld(b, "flat")
	y := sceneGroundY - def.BodyHeight()
	cs := make([]*Creature, n)
	for i := range cs {
		x := 150 + float64(i%900)
		c, err := New(def, mgl64.Vec2{x, y}, w)
		if err != nil {
			b.Fatal(err)
		}
		lo, hi := 120.0+float64(i%37), 1150.0-float64(i%53)
		c.SetPath([]mgl64.Vec2{{hi, y}, {lo, y}}, true)
		cs[i] = c
	}
	for f := 0; f < warm; f++ {
		for _, c := range cs {
			c.Update(1.0 / 60)
		}
	}
	return cs
}

// benchmarkCreatures times one frame of n creatures and reports ns per
// creature and creatures per millisecond.
func benchmarkCreatures(b *testing.B, def *Def) {
	for _, n := range []int{1, 100, 1000, 10000} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			cs := creatureBenchCrowd(b, def, n, 120)
			b.ReportAllocs()
			b.ResetTimer()
			c0, ok0 := processCPU()
			for k := 0; k < b.N; k++ {
				for _, c := range cs {
					c.Update(1.0 / 60)
				}
			}
			c1, ok1 := processCPU()
			ns := float64(b.Elapsed().Nanoseconds()) / float64(b.N) / float64(n)
			b.ReportMetric(ns, "ns/creature")
			b.ReportMetric(1e6/ns, "creatures/ms")
			if ok0 && ok1 {
				// The CPU time of the process per creature: on a shared
				// machine the wall time counts the time spent waiting
				// for a core.
				b.ReportMetric((c1-c0)/float64(b.N)/float64(n), "cpu-ns/creature")
			}
		})
	}
}

// BenchmarkCreatureSpider8: a whole 8-legged spider frame, everything the
// game needs before it draws: steering, gait, stepping with its foothold
// rays, body, wall probe, and the pose of every leg (3-segment leg solves,
// knees included), on the real terrain (resolv world, the flat test scene
// of helpers_test.go). Leg, Draw and DrawDebug only read what Update stored.
func BenchmarkCreatureSpider8(b *testing.B) {
	benchmarkCreatures(b, creatureTestSpider(b, 8))
}

// BenchmarkCreatureTentacle4x10: a whole frame of a tentacled creature
// walking on the tips of its 4 tentacles of 10 segments, everything the
// game needs before it draws: steering, gait, stepping with its foothold
// rays, body, and every tentacle's pose (its fanned arch, the amplitude
// warm-started from the last frame, with its joints; FABRIK where the tip
// misses the foot), on the same terrain as BenchmarkCreatureSpider8.
// TentacleJoints, Leg, Draw and DrawDebug only read what Update stored.
func BenchmarkCreatureTentacle4x10(b *testing.B) {
	def, err := NewTentacleDef(TentacleDef{Name: "bench", Arms: 4, Segments: 10, SegmentLength: 10})
	if err != nil {
		b.Fatal(err)
	}
	benchmarkCreatures(b, def)
}
