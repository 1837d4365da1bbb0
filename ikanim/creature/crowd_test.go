package creature

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/terrain"
)

// crowdOn places n spiders on terrain's flat scene, each walking a loop.
func crowdOn(t testing.TB, w *terrain.World, n int) []*Creature {
	def := creatureTestSpider(t, 8)
	y := sceneGroundY - def.BodyHeight()
	cs := make([]*Creature, n)
	for i := range cs {
		x := 150 + float64(i%900)
		c, err := New(def, mgl64.Vec2{x, y}, w)
		if err != nil {
			t.Fatal(err)
		}
		lo, hi := 120.0+float64(i%37), 1150.0-float64(i%53)
		c.SetPath([]mgl64.Vec2{{hi, y}, {lo, y}}, true)
		cs[i] = c
	}
	return cs
}

// A crowd updated on worker goroutines ends bit-identical to the same crowd
// updated in order on one goroutine (run it with -race: the creatures query
// one shared world from every worker).
func TestCrowdMatchesSequential(t *testing.T) {
	w := creatureTestWorld(t, "flat")
	seq, par := crowdOn(t, w, 300), crowdOn(t, w, 300)
	crowd := NewCrowd(4)
	defer crowd.Close()
	for f := 0; f < 180; f++ {
		for _, c := range seq {
			c.Update(1.0 / 60)
		}
		crowd.Update(par, 1.0/60)
	}
	for i := range seq {
		a, b := seq[i], par[i]
		if a.Position() != b.Position() || a.Up() != b.Up() {
			t.Fatalf("creature %d: sequential %v %v, crowd %v %v", i, a.Position(), a.Up(), b.Position(), b.Up())
		}
		for k := 0; k < a.NumLegs(); k++ {
			if a.Leg(k) != b.Leg(k) {
				t.Fatalf("creature %d leg %d: sequential %+v, crowd %+v", i, k, a.Leg(k), b.Leg(k))
			}
		}
	}
	if n := testing.AllocsPerRun(20, func() { crowd.Update(par, 1.0/60) }); n != 0 {
		t.Errorf("Crowd.Update allocates %v times per frame", n)
	}
}

// BenchmarkCrowdSpiders: one whole frame (everything Update does, knees
// included) of 10,000 spiders on the flat scene, updated by a Crowd with 1
// and with GOMAXPROCS workers; reports ms per frame and ns per spider.
func BenchmarkCrowdSpiders(b *testing.B) {
	w := creatureTestWorld(b, "flat")
	for _, workers := range []int{1, runtime.GOMAXPROCS(0)} {
		b.Run(fmt.Sprintf("n=10000/workers=%d", workers), func(b *testing.B) {
			cs := crowdOn(b, w, 10000)
			crowd := NewCrowd(workers)
			defer crowd.Close()
			for f := 0; f < 60; f++ {
				crowd.Update(cs, 1.0/60)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for k := 0; k < b.N; k++ {
				crowd.Update(cs, 1.0/60)
			}
			ns := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
			b.ReportMetric(ns/1e6, "ms/frame")
			b.ReportMetric(ns/10000, "ns/creature")
		})
	}
}
