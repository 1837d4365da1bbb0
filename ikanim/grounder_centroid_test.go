package ikanim

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// The humanoid foot-IK article's centroid rule, by hand geometry: the rig
// stands at (200, 300) in the double-support stance (far ankle 14 px behind
// the origin, near ankle 14 px ahead, both soles level on the line y = 300);
// the ground is a floor under each foot with a riser at x = 200 between
// them, so the far foot must move along up by far and the near foot by near
// (one ray per foot: the offsets are exact).
func TestGrounderCentroidIsTheFootThatReachesFurthest(t *testing.T) {
	for _, c := range []struct {
		name              string
		far, near         float64 // offsets the feet need, px along up
		liftWeight        float64
		maxLift           float64
		want              float64 // body offset
		wantFar, wantNear float64
	}{
		{"both up: the smaller", 10, 20, 1, 0, 10, 10, 20},
		{"both up, the other order", 20, 10, 1, 0, 10, 20, 10},
		{"up and down: the lower", 10, -10, 1, 0, -10, 10, -10},
		{"both down: the lower", -5, -12, 1, 0, -12, -5, -12},
		{"both up, raise bounded by MaxLift", 15, 25, 1, 12, 12, 15, 25},
		{"both up, raise bounded by DefaultMaxLift", 24, 29, 1, 0, DefaultMaxLift, 24, 29},
		{"both up, half the raise", 10, 20, 0.5, 0, 5, 10, 20},
		{"both up, no raise by default", 10, 20, 0, 0, 0, 10, 20},
		{"up and down without raise", 10, -10, 0, 0, -10, 10, -10},
	} {
		g := stepGround(200, 300-c.far, 300-c.near)
		r, gr := groundedBiped(t, g, mgl64.Vec2{200, 300}, false)
		r.Source = stanceSource()
		gr.LiftWeight, gr.MaxLift = c.liftWeight, c.maxLift
		settle(r, 600)
		if math.Abs(gr.Body()-c.want) > 1e-9 {
			t.Errorf("%s: Body() = %v, want %v", c.name, gr.Body(), c.want)
		}
		for i, want := range []float64{c.wantFar, c.wantNear} {
			if l := gr.Leg(i); !l.Grounded || math.Abs(l.Offset-want) > 1e-9 {
				t.Errorf("%s: leg %d grounded %v offset %v, want %v", c.name, i, l.Grounded, l.Offset, want)
			}
		}
		// Every foot reaches its ground when the body follows the foot
		// that must reach furthest (the legs have the length to spare).
		if c.liftWeight == 1 && c.maxLift == 0 && c.want != DefaultMaxLift {
			for i, f := range footBones(r) {
				floor := []float64{300 - c.far, 300 - c.near}[i]
				for _, x := range []float64{-4, 0, 14} {
					if p := solePoint(r, f, x, 5); math.Abs(p[1]-floor) > 1e-6 {
						t.Errorf("%s: leg %d sole x=%v at y %v, want on the floor %v", c.name, i, x, p[1], floor)
					}
				}
			}
		}
	}
}

// The article adjusts the body only when idle and only when both feet have
// hits; OnlyWhenIdle does the same.
func TestGrounderOnlyWhenIdleNeedsEveryFoot(t *testing.T) {
	// A floor 10 px below, with a hole under the near foot (ankle at x 214,
	// sole 210 to 228): only the far foot is grounded.
	g := gapGround(310, 205, 235)
	r, gr := groundedBiped(t, g, mgl64.Vec2{200, 300}, false)
	r.Source = stanceSource()
	gr.OnlyWhenIdle = true
	settle(r, 600)
	if !r.IsIdle() || !gr.Leg(0).Grounded || gr.Leg(1).Grounded {
		t.Fatalf("idle %v, far grounded %v, near grounded %v; want true, true, false", r.IsIdle(), gr.Leg(0).Grounded, gr.Leg(1).Grounded)
	}
	if gr.Body() != 0 {
		t.Errorf("Body() = %v with one foot over a hole and OnlyWhenIdle, want 0 (held)", gr.Body())
	}
	// Without OnlyWhenIdle the grounded foot alone moves the body.
	gr.OnlyWhenIdle = false
	settle(r, 600)
	if math.Abs(gr.Body()+10) > 1e-9 {
		t.Errorf("Body() = %v without OnlyWhenIdle, want -10", gr.Body())
	}
}

// The body follows its target with 1-exp(-BodySpeed*dt) per frame: after
// one second at any rate it has covered 1-exp(-BodySpeed) of the way.
func TestGrounderCentroidLerp(t *testing.T) {
	for _, tps := range []float64{30, 60, 144} {
		g := stepGround(200, 290, 280)
		r, gr := groundedBiped(t, g, mgl64.Vec2{200, 300}, false)
		r.Source = stanceSource()
		gr.LiftWeight, gr.BodySpeed = 1, 2
		for i := 0; i < int(tps); i++ {
			r.Update(1 / tps)
		}
		if got, want := gr.Body(), 10*(1-math.Exp(-2)); math.Abs(got-want) > 1e-9 {
			t.Errorf("%v TPS: Body() after 1 s = %v, want %v", tps, got, want)
		}
	}
}
