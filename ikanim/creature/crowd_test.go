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

// afterRecorder is a per-creature pass for UpdateThen: it stores each
// creature's position as after sees it and counts the calls per creature.
type afterRecorder struct {
	cs      []*Creature
	seen    []mgl64.Vec2
	calls   []int32
	batches []int32 // batch sizes, one slot per first creature of a batch
}

func (r *afterRecorder) after(lo, hi int) {
	r.batches[lo] = int32(hi - lo)
	for i := lo; i < hi; i++ {
		r.seen[i] = r.cs[i].Position()
		r.calls[i]++
	}
}

// UpdateThen calls after once for every creature, in batches of at most
// CrowdBatch, after that creature's update (after sees the position the
// sequential update gives), bit-identical to sequential updates for 1 to 4
// workers, and without allocating.
func TestCrowdUpdateThen(t *testing.T) {
	w := creatureTestWorld(t, "flat")
	const n = 301 // not a multiple of CrowdBatch or of the workers
	for _, workers := range []int{1, 2, 3, 4} {
		seq, par := crowdOn(t, w, n), crowdOn(t, w, n)
		r := &afterRecorder{cs: par, seen: make([]mgl64.Vec2, n), calls: make([]int32, n), batches: make([]int32, n)}
		after := r.after
		crowd := NewCrowd(workers)
		for f := 0; f < 90; f++ {
			for _, c := range seq {
				c.Update(1.0 / 60)
			}
			clear(r.calls)
			clear(r.batches)
			crowd.UpdateThen(par, 1.0/60, after)
			covered := 0
			for i := 0; i < n; i++ {
				if r.calls[i] != 1 {
					t.Fatalf("%d workers, frame %d: after saw creature %d %d times", workers, f, i, r.calls[i])
				}
				if r.seen[i] != seq[i].Position() {
					t.Fatalf("%d workers, frame %d: after saw creature %d at %v, the sequential update put it at %v", workers, f, i, r.seen[i], seq[i].Position())
				}
				if b := r.batches[i]; b != 0 {
					if b > CrowdBatch {
						t.Fatalf("%d workers: a batch of %d creatures", workers, b)
					}
					covered += int(b)
				}
			}
			if covered != n {
				t.Fatalf("%d workers: batches cover %d creatures, want %d", workers, covered, n)
			}
		}
		for i := range seq {
			for k := 0; k < seq[i].NumLegs(); k++ {
				if seq[i].Leg(k) != par[i].Leg(k) {
					t.Fatalf("%d workers, creature %d leg %d: sequential %+v, UpdateThen %+v", workers, i, k, seq[i].Leg(k), par[i].Leg(k))
				}
			}
		}
		if a := testing.AllocsPerRun(10, func() { crowd.UpdateThen(par, 1.0/60, after) }); a != 0 {
			t.Errorf("%d workers: UpdateThen allocates %v times per frame", workers, a)
		}
		crowd.Close()
	}
}

// TestCrowdZeroValue: the zero Crowd updates on the calling goroutine, as
// NewCrowd(1) does (it panicked on a nil pool; a new user's trial): the
// same positions as updating in order, nil entries skipped, Workers 1,
// Close harmless.
func TestCrowdZeroValue(t *testing.T) {
	def := creatureTestSpider(t, 8)
	w := creatureTestWorld(t, "flat")
	make2 := func() []*Creature {
		var cs []*Creature
		for i := range 5 {
			c, err := New(def, mgl64.Vec2{200 + 100*float64(i), sceneGroundY - def.BodyHeight()}, w)
			if err != nil {
				t.Fatal(err)
			}
			c.SetMove(1)
			cs = append(cs, c)
		}
		return append(cs, nil)
	}
	a, b := make2(), make2()
	var cr Crowd
	if cr.Workers() != 1 {
		t.Errorf("zero Crowd: %d workers, want 1", cr.Workers())
	}
	for range 120 {
		cr.Update(a, 1.0/60)
		cr.UpdateThen(a, 0, func(lo, hi int) {})
		for _, c := range b[:5] {
			c.Update(1.0 / 60)
			c.Update(0)
		}
	}
	for i := range 5 {
		if a[i].Position() != b[i].Position() {
			t.Errorf("creature %d: %v through the zero Crowd, %v in order", i, a[i].Position(), b[i].Position())
		}
	}
	cr.Close()
}
