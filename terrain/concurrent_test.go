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

// concurrentRays returns n random rays over a 1280x720 world, some leaving
// the grid.
func concurrentRays(n int) [][2]mgl64.Vec2 {
	rng := rand.New(rand.NewPCG(77, 78))
	rays := make([][2]mgl64.Vec2, n)
	for i := range rays {
		from := mgl64.Vec2{rng.Float64()*1480 - 100, rng.Float64()*920 - 100}
		a := rng.Float64() * 2 * math.Pi
		l := 50 + rng.Float64()*600
		rays[i] = [2]mgl64.Vec2{from, from.Add(mgl64.Vec2{l * math.Cos(a), l * math.Sin(a)})}
	}
	return rays
}

// Eight goroutines query one World at once (rays and circle casts), and
// every hit is bit-identical
// to the sequential run's. The world holds cached shapes, shapes added to the
// space behind the World's back and shapes moved since they were cached (both
// tested on the fly), circles and shapes spanning many cells. Run with -race:
// a query that wrote to shared state would be reported.
func TestConcurrentQueriesMatchSequential(t *testing.T) {
	w := terrain.Wrap(randomTerrain(9, 300, true))
	space := w.Space()
	// Unknown to the cache: added to the space after Wrap.
	space.Add(resolv.NewRectangleFromTopLeft(200, 500, 700, 30))
	space.Add(resolv.NewCircle(900, 200, 60))
	// Stale in the cache: moved after Wrap.
	moved := 0
	space.ForEachShape(func(s resolv.IShape, i, _ int) bool {
		if i%7 == 0 {
			s.Move(3.25, -1.5)
			moved++
		}
		return true
	})
	if moved == 0 {
		t.Fatal("no shape moved")
	}
	rays := concurrentRays(4000)
	want := make([]terrain.Hit, len(rays))
	wantCircle := make([]terrain.CircleHit, len(rays))
	hits := 0
	for i, r := range rays {
		wantCircle[i] = w.CircleCastFiltered(r[0], r[1], 4, w.Filter)
		want[i] = w.Cast(r[0], r[1])
		if want[i].OK {
			hits++
		}
	}
	if hits < len(rays)/4 {
		t.Fatalf("only %d of %d rays hit: the test would prove little", hits, len(rays))
	}
	const goroutines = 8
	var wg sync.WaitGroup
	errs := make(chan string, goroutines)
	for g := range goroutines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Each goroutine walks the rays from its own offset, so that
			// different goroutines query the same shapes at the same time.
			for k := range rays {
				i := (k + g*len(rays)/goroutines) % len(rays)
				if got := w.Cast(rays[i][0], rays[i][1]); got != want[i] {
					errs <- "ray differs from the sequential run"
					return
				}
				if got := w.CircleCastFiltered(rays[i][0], rays[i][1], 4, w.Filter); got != wantCircle[i] {
					errs <- "circle cast differs from the sequential run"
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

// Shapes moved or added behind the cache's back are seen exactly before Sync,
// and Sync makes the same queries allocation-free again.
func TestSyncCachesMovedAndAddedShapes(t *testing.T) {
	w, err := terrain.New(640, 480)
	if err != nil {
		t.Fatal(err)
	}
	box, _ := w.AddBox(100, 100, 50, 50, 0)
	// A polygon of 40 vertices, more than a query's scratch holds.
	var pts []float64
	for i := range 40 {
		a := -2 * math.Pi * float64(i) / 40
		pts = append(pts, 40*math.Cos(a), 40*math.Sin(a))
	}
	ring := resolv.NewConvexPolygon(400, 300, pts)
	w.Space().Add(ring)
	box.Move(0, 200)
	down := func(x float64) (mgl64.Vec2, bool) {
		p, _, ok := w.Raycast(mgl64.Vec2{x, 0}, mgl64.Vec2{x, 470})
		return p, ok
	}
	if p, ok := down(125); !ok || p[1] != 300 {
		t.Errorf("moved box before Sync: %v %v, want y=300", p, ok)
	}
	if p, ok := down(400); !ok || math.Abs(p[1]-260) > 0.1 {
		t.Errorf("added ring before Sync: %v %v, want y~260", p, ok)
	}
	w.Sync()
	if p, ok := down(125); !ok || p[1] != 300 {
		t.Errorf("moved box after Sync: %v %v, want y=300", p, ok)
	}
	if p, ok := down(400); !ok || math.Abs(p[1]-260) > 0.1 {
		t.Errorf("added ring after Sync: %v %v, want y~260", p, ok)
	}
	if a := testing.AllocsPerRun(100, func() { down(400); down(125) }); a != 0 {
		t.Errorf("queries after Sync allocate %v times, want 0", a)
	}
	if a := testing.AllocsPerRun(100, w.Sync); a != 0 {
		t.Errorf("Sync with nothing changed allocates %v times, want 0", a)
	}
}
