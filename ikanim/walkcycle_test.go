package ikanim

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// A body moving at the walk's speed leaves each planted foot still in the
// world, on the ground line, flat.
func TestWalkCyclePlantedFeetDoNotSlip(t *testing.T) {
	for _, speed := range []float64{30, 62.2, 120} {
		r := newBiped(t)
		w := &WalkCycle{}
		r.Source = w
		dt := 1.0 / 60
		foot := [2]int{r.Def().BoneIndex(BoneFootNear), r.Def().BoneIndex(BoneFootFar)}
		var anchor [2]mgl64.Vec2
		var planted [2]bool
		worst, stances := 0.0, 0
		for f := 0; f < 400; f++ {
			r.TimeScale = w.Drive(speed)
			r.Position[0] += speed * dt
			r.Update(dt)
			for k := 0; k < 2; k++ {
				ankle, _ := r.Joint(foot[k])
				now := w.Planted(k, r.Time)
				switch {
				case now && !planted[k]:
					anchor[k] = ankle
					stances++
				case now:
					worst = math.Max(worst, ankle.Sub(anchor[k]).Len())
					if h := r.Position[1] - ankle[1]; math.Abs(h-5) > 1e-6 {
						t.Fatalf("speed %v: planted ankle %v px above ground, want 5", speed, h)
					}
					if a := math.Remainder(r.BoneAngle(foot[k]), 2*math.Pi); math.Abs(a) > 1e-9 {
						t.Fatalf("speed %v: planted foot angle %v, want flat", speed, a)
					}
				}
				planted[k] = now
			}
		}
		// The body moves one frame step between samples of a stance that
		// starts mid-frame, so allow the per-frame motion of a sliding foot
		// only at touch-down; steady stance must hold to 1e-6 px.
		if worst > 1e-6 {
			t.Errorf("speed %v: planted ankle moved %v px during a stance, want 0", speed, worst)
		}
		if stances < 4 {
			t.Errorf("speed %v: only %d stances seen", speed, stances)
		}
	}
}

func TestWalkCycleStandsStillAtZeroSpeed(t *testing.T) {
	r := newBiped(t)
	w := &WalkCycle{}
	r.Source = w
	r.TimeScale = w.Drive(0)
	r.Update(0.5)
	a, _ := r.Joint(r.Def().BoneIndex(BoneFootNear))
	b, _ := r.Joint(r.Def().BoneIndex(BoneFootFar))
	if !near(a, b, 1e-9) {
		t.Errorf("idle feet at %v and %v, want together", a, b)
	}
}
