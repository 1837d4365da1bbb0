package creature

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/terrain"
)

// TestCreatureStateMovingArrivedIdle: a spider sent 300 px along flat
// ground is moving until it arrives, then arrived; stopped, it is idle.
func TestCreatureStateMovingArrivedIdle(t *testing.T) {
	w := creatureTestWorld(t, "flat")
	d := creatureTestSpider(t, 8)
	c, _ := New(d, mgl64.Vec2{300, sceneGroundY - d.BodyHeight()}, w)
	if s := c.State(); s != StateIdle {
		t.Fatalf("new creature: %v, want idle", s)
	}
	c.SetTarget(mgl64.Vec2{600, sceneGroundY - d.BodyHeight()})
	f := 0
	for ; f < 600 && !c.Arrived(); f++ {
		c.Update(1.0 / 60)
		if s := c.State(); s != StateMoving && !c.Arrived() {
			t.Fatalf("frame %d: %v on the way, want moving (stalled %.2f s)", f, s, c.Stalled())
		}
	}
	if s := c.State(); s != StateArrived {
		t.Fatalf("after %d frames: %v, want arrived", f, s)
	}
	c.Stop()
	c.Update(1.0 / 60)
	if s := c.State(); s != StateIdle {
		t.Errorf("stopped: %v, want idle", s)
	}
}

// TestCreatureStateBlocked: a target 200 px below the ground, straight
// under the body, cannot be reached along the surface: the creature makes
// no progress and is blocked after BlockedTime (not before); a reachable
// target makes it moving again.
func TestCreatureStateBlocked(t *testing.T) {
	w := creatureTestWorld(t, "flat")
	d := creatureTestSpider(t, 8)
	y := sceneGroundY - d.BodyHeight()
	c, _ := New(d, mgl64.Vec2{300, y}, w)
	c.SetTarget(mgl64.Vec2{300, sceneGroundY + 200})
	for f := 1; f <= 180; f++ {
		c.Update(1.0 / 60)
		want := StateMoving
		if float64(f)/60 >= BlockedTime+1e-9 {
			want = StateBlocked
		}
		// The first frames settle the body (progress while it does).
		if s := c.State(); s != want && math.Abs(float64(f)/60-BlockedTime) > 0.1 {
			t.Fatalf("frame %d (%.2f s, stalled %.2f s): %v, want %v", f, float64(f)/60, c.Stalled(), s, want)
		}
	}
	if s := c.State(); s != StateBlocked {
		t.Fatalf("after 3 s: %v, want blocked", s)
	}
	c.SetTarget(mgl64.Vec2{600, y})
	c.Update(1.0 / 60)
	if s := c.State(); s != StateMoving {
		t.Errorf("new reachable target: %v, want moving", s)
	}
}

// TestCreatureStateFalling: a crawler placed 200 px above the ground falls
// (no foot reaches the ground), then lands and is no longer falling.
func TestCreatureStateFalling(t *testing.T) {
	w, err := terrain.New(600, 400, terrain.WithCellSize(32))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.AddBox(0, 300, 600, 100, terrain.TagGround); err != nil {
		t.Fatal(err)
	}
	_, _, c4, _ := creatureSceneKinds(t)
	c, _ := New(c4, mgl64.Vec2{300, 100}, w)
	c.SetMove(1)
	c.Update(1.0 / 60)
	if s := c.State(); s != StateFalling {
		t.Fatalf("in the air: %v, want falling", s)
	}
	for f := 0; f < 180 && c.State() == StateFalling; f++ {
		c.Update(1.0 / 60)
	}
	if s := c.State(); s == StateFalling {
		t.Fatalf("after 3 s: still falling at %v", c.Position())
	}
	if p := c.Position(); p[1] > 300 {
		t.Errorf("landed at %v, below the ground at y 300", p)
	}
}
