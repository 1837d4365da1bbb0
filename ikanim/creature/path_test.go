package creature

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// TestCreatureGivesUpUnreachableWaypoint: a new user's path [the top of a
// floating box the spider walks under, a point on the floor beyond]. The
// creature stood blocked under the box for good (56 s in 60), the rest of
// the path never walked. Now it gives the waypoint up after
// DefaultWaypointTimeout without progress (blocked first), goes on, and
// arrives at the last point, at 30, 60 and 144 TPS; SkippedWaypoints
// counts it and PathIndex follows. With the timeout off it stays blocked
// on the first waypoint, as before; the last point of a path that does not
// loop is never given up.
func TestCreatureGivesUpUnreachableWaypoint(t *testing.T) {
	spider, err := NewSpiderDef(Sprites{})
	if err != nil {
		t.Fatal(err)
	}
	h := spider.BodyHeight()
	world := func() *Creature {
		w := floorWorld(t, 450)
		if _, err := w.AddBox(300, 340, 140, 16, 0); err != nil {
			t.Fatal(err)
		}
		c, err := New(spider, mgl64.Vec2{100, 450 - h}, w)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	path := []mgl64.Vec2{{370, 340}, {800, 450}}
	for _, tps := range []float64{30, 60, 144} {
		c := world()
		c.SetPath(path, false)
		if c.PathIndex() != 0 || c.SkippedWaypoints() != 0 {
			t.Fatalf("after SetPath: index %d, skipped %d", c.PathIndex(), c.SkippedWaypoints())
		}
		blocked, skipAt, arrived := false, -1.0, -1.0
		for f := 0; f < int(40*tps); f++ {
			c.Update(1 / tps)
			if c.PathIndex() == 0 && c.State() == StateBlocked {
				blocked = true
			}
			if skipAt < 0 && c.PathIndex() == 1 {
				skipAt = float64(f+1) / tps
			}
			if c.Arrived() {
				arrived = float64(f+1) / tps
				break
			}
		}
		t.Logf("%v TPS: gave up at %.2f s, arrived at %.2f s", tps, skipAt, arrived)
		if !blocked || skipAt < DefaultWaypointTimeout || arrived < 0 || arrived > 30 || c.SkippedWaypoints() != 1 || c.PathIndex() != 2 {
			t.Errorf("%v TPS: blocked first %v, gave up the box's top at %.1f s (want after %v s of no progress), arrived at %.1f s (want within 30 s), skipped %d (want 1), index %d (want 2), state %v at %v",
				tps, blocked, skipAt, DefaultWaypointTimeout, arrived, c.SkippedWaypoints(), c.PathIndex(), c.State(), c.Position())
		}
	}

	// Never giving up: blocked on the first waypoint after 30 s.
	c := world()
	c.SetWaypointTimeout(0)
	c.SetPath(path, false)
	for f := 0; f < 30*60; f++ {
		c.Update(1.0 / 60)
	}
	if c.PathIndex() != 0 || c.State() != StateBlocked || c.SkippedWaypoints() != 0 {
		t.Errorf("timeout off: after 30 s index %d, state %v, skipped %d; want 0, blocked, 0", c.PathIndex(), c.State(), c.SkippedWaypoints())
	}
	// The last point is not given up.
	c = world()
	c.SetPath(path[:1], false)
	for f := 0; f < 30*60; f++ {
		c.Update(1.0 / 60)
	}
	if c.PathIndex() != 0 || c.State() != StateBlocked {
		t.Errorf("unreachable last point: after 30 s index %d, state %v; want 0, blocked", c.PathIndex(), c.State())
	}
	for _, bad := range []float64{-1, math.NaN(), math.Inf(1)} {
		c.SetWaypointTimeout(bad)
		if c.WaypointTimeout() != 0 {
			t.Errorf("SetWaypointTimeout(%v): WaypointTimeout %v, want 0 (never)", bad, c.WaypointTimeout())
		}
	}
}

// TestCreatureSkipWaypoint: the game gives waypoints up itself. PathIndex
// is -1 without a path; SkipWaypoint walks on to the next point, wraps
// round a looping path, ends a path that does not loop after its last
// point (Arrived), and does nothing without a path.
func TestCreatureSkipWaypoint(t *testing.T) {
	spider, err := NewSpiderDef(Sprites{})
	if err != nil {
		t.Fatal(err)
	}
	w := floorWorld(t, 450)
	c, err := New(spider, mgl64.Vec2{100, 450 - spider.BodyHeight()}, w)
	if err != nil {
		t.Fatal(err)
	}
	if c.PathIndex() != -1 {
		t.Errorf("no path: PathIndex %d, want -1", c.PathIndex())
	}
	c.SkipWaypoint()
	if c.SkippedWaypoints() != 0 {
		t.Errorf("SkipWaypoint without a path counted %d", c.SkippedWaypoints())
	}
	loop := []mgl64.Vec2{{400, 450}, {600, 450}, {800, 450}}
	c.SetPath(loop, true)
	for k, want := range []int{1, 2, 0, 1} {
		c.SkipWaypoint()
		c.Update(1.0 / 60)
		if c.PathIndex() != want || c.SkippedWaypoints() != k+1 {
			t.Errorf("looping path, skip %d: index %d, skipped %d; want %d, %d", k+1, c.PathIndex(), c.SkippedWaypoints(), want, k+1)
		}
	}
	c.SetPath(loop, false)
	if c.SkippedWaypoints() != 0 {
		t.Errorf("SetPath kept %d skipped", c.SkippedWaypoints())
	}
	c.SkipWaypoint()
	c.SkipWaypoint()
	for f := 0; f < 10*60 && !c.Arrived(); f++ {
		c.Update(1.0 / 60)
	}
	if !c.Arrived() || c.PathIndex() != 3 || math.Abs(c.Position()[0]-800) > 2*spider.Gait.ArriveRadius {
		t.Errorf("skipped to the last point: arrived %v, index %d at %v; want arrived at index 3 near x 800", c.Arrived(), c.PathIndex(), c.Position())
	}
	c.SetPath(loop, false)
	c.SkipWaypoint()
	c.SkipWaypoint()
	c.SkipWaypoint()
	if !c.Arrived() || c.PathIndex() != 3 || c.SkippedWaypoints() != 3 {
		t.Errorf("every point skipped: arrived %v, index %d, skipped %d; want the path done", c.Arrived(), c.PathIndex(), c.SkippedWaypoints())
	}
	c.SetTarget(mgl64.Vec2{500, 450})
	if c.PathIndex() != -1 {
		t.Errorf("SetTarget: PathIndex %d, want -1", c.PathIndex())
	}
}
