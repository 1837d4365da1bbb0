package ikanim

import (
	"fmt"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/terrain"
)

// creatureBenchCrowd places n creatures of def on terrain's "flat" scene,
// each walking a loop between two points (so turns are included), and runs
// them for warm frames.
func creatureBenchCrowd(b *testing.B, def *CreatureDef, n, warm int) (*terrain.World, []*Creature) {
	w := creatureTestWorld(b, "flat")
	y := terrain.SceneGroundY - def.BodyHeight()
	cs := make([]*Creature, n)
	for i := range cs {
		x := 150 + float64(i%900)
		c, err := NewCreature(def, mgl64.Vec2{x, y}, w)
		if err != nil {
			b.Fatal(err)
		}
		lo, hi := 120.0+float64(i%37), 1150.0-float64(i%53)
		c.SetPath([]mgl64.Vec2{{hi, y}, {lo, y}}, true)
		cs[i] = c
	}
	for f := 0; f < warm; f++ {
		for _, c := range cs {
			c.Update(w, 1.0/60)
		}
	}
	return w, cs
}

// benchmarkCreatures times one frame of n creatures and reports ns per
// creature and creatures per millisecond.
func benchmarkCreatures(b *testing.B, def *CreatureDef) {
	for _, n := range []int{1, 100, 1000, 10000} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			w, cs := creatureBenchCrowd(b, def, n, 120)
			b.ReportAllocs()
			b.ResetTimer()
			for k := 0; k < b.N; k++ {
				for _, c := range cs {
					c.Update(w, 1.0/60)
				}
			}
			ns := float64(b.Elapsed().Nanoseconds()) / float64(b.N) / float64(n)
			b.ReportMetric(ns, "ns/creature")
			b.ReportMetric(1e6/ns, "creatures/ms")
		})
	}
}

// BenchmarkCreatureSpider8: an 8-legged spider frame (gait, stepping with
// its foothold rays, body, wall probe, 3-segment leg solves) on the real
// terrain (resolv world, terrain.Scene("flat")).
func BenchmarkCreatureSpider8(b *testing.B) {
	benchmarkCreatures(b, creatureTestSpider(b, 8))
}

// BenchmarkCreatureTentacle4x10: a tentacled creature, 4 tentacles of 10
// segments solved by warm FABRIK, walking on its tips.
func BenchmarkCreatureTentacle4x10(b *testing.B) {
	def, err := NewTentacleDef(TentacleDef{Name: "bench", Arms: 4, Segments: 10, SegmentLength: 10})
	if err != nil {
		b.Fatal(err)
	}
	benchmarkCreatures(b, def)
}
