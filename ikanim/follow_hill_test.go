package ikanim

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/terrain"
)

// hillWalk walks the README's biped (defaults) right at speed px/s over a
// hill rise px high with slopes of deg degrees, from x 400, drawn with
// AddGround; with floor, a flat box is drawn under the whole level too, as
// LDtk levels draw a hill polyline over IntGrid ground. It returns how far
// Position went below the hill's surface (the level's own geometry, not a
// ray), at most: on the way up (from the hill's foot to its top) and
// anywhere.
func hillWalk(t *testing.T, tps, speed, deg, rise float64, floor bool) (up, any float64) {
	t.Helper()
	w, err := terrain.New(1600, 800)
	if err != nil {
		t.Fatal(err)
	}
	if floor {
		if _, err := w.AddBox(0, 600, 1600, 200, terrain.TagGround); err != nil {
			t.Fatal(err)
		}
	}
	run := rise / math.Tan(deg*math.Pi/180)
	if _, err := w.AddGround([]mgl64.Vec2{{0, 600}, {400, 600}, {400 + run, 600 - rise}, {600 + run, 600 - rise}, {600 + 2*run, 600}, {1600, 600}}, 800, terrain.TagGround); err != nil {
		t.Fatal(err)
	}
	surface := func(x float64) float64 {
		switch {
		case x < 400 || x > 600+2*run:
			return 600
		case x < 400+run:
			return 600 - (x-400)/run*rise
		case x < 600+run:
			return 600 - rise
		}
		return 600 - rise + (x-600-run)/run*rise
	}
	r, _ := newREADMEBiped(t, w)
	r.Teleport(mgl64.Vec2{200, 600})
	dt := 1 / tps
	for r.Position[0] < 800+2*run {
		r.Position[0] += speed * dt
		r.Update(dt)
		below := r.Position[1] - surface(r.Position[0])
		if !(below < 1e9) {
			t.Fatalf("Position %v", r.Position)
		}
		any = math.Max(any, below)
		if r.Position[0] > 400 && r.Position[0] < 400+run {
			up = math.Max(up, below)
		}
	}
	return up, any
}

// TestGroundFollowerHillOverFloor: a hill drawn over a floor (as LDtk
// draws a hill polyline over IntGrid ground) walked up fast. The Probe
// ray, 24 px ahead, started inside the hill where it rose more than RayUp
// above Position, skipped the hill's faces and hit the floor's top buried
// under it, and the body dived to it: Position 64 px below the hill's
// surface, on 45 degrees from 150 px/s and on 40 from 200 (a new user's
// trial). Now a probe ray that starts inside a solid may not lower the
// body. And the follower's rise is no longer bounded by MaxSpeed and a
// smoothing rate in time alone: at 150-250 px/s up 45 degrees Position
// lagged the slope by 21.5-35.8 px (with the floor under it or not); it
// rises as fast as the walk and smooths over distance. Measured on the
// way up: 2.3-5.8 px at every rate and speed (bound 6: a walk's lag);
// anywhere: 7.3-19.0 px (bound 20), the most where the slope turns down
// at the top, where the Probe leads the body down by design (at 60 px/s,
// 15.4-19.0 px, unchanged).
func TestGroundFollowerHillOverFloor(t *testing.T) {
	for _, tps := range []float64{30, 60, 144} {
		for _, deg := range []float64{40, 45} {
			for _, speed := range []float64{60, 150, 250} {
				for _, floor := range []bool{true, false} {
					up, any := hillWalk(t, tps, speed, deg, 64, floor)
					t.Logf("%.0f TPS, %.0f deg, %.0f px/s, floor %v: Position below the hill's surface %.1f px going up, %.1f px anywhere", tps, deg, speed, floor, up, any)
					if up > 6 || any > 20 {
						t.Errorf("%.0f TPS, %.0f deg, %.0f px/s, floor %v: Position below the hill's surface %.1f px going up, %.1f px anywhere (bounds 6, 20)", tps, deg, speed, floor, up, any)
					}
				}
			}
		}
	}
}
