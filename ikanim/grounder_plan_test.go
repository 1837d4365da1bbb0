package ikanim

import (
	"math"
	"testing"
)

// With PlanSwing, the height planned at lift-off for a swinging foot is the
// height the grounder then plants it at: the plan's ray placement at the
// predicted touch-down point agrees with the planted placement, over the
// stairs and sawtooth of walk.json in both directions.
func TestGrounderPlanSwingLandsWherePlanned(t *testing.T) {
	s := newWalkSim(t, loadWalkWorld(t))
	s.gr.PlanSwing = true
	const dt = 1.0 / 60
	var h1 [2]float64
	var was [2]bool
	landings := 0
	for i := 0; i < int(2*(walkEndX-walkStartX)/walkSpeed/dt); i++ {
		s.step(dt)
		for k := range s.gr.legs {
			l := &s.gr.legs[k]
			if l.plan.on {
				h1[k] = l.plan.h1
			}
			if was[k] && !l.plan.on && l.contact.Grounded && !s.turned {
				landings++
				if d := math.Abs(l.lastH - h1[k]); d > 1e-6 {
					t.Errorf("frame %d leg %d: planted at height %.4f, planned %.4f (x %.1f)", i, k, l.lastH, h1[k], s.rig.Position[0])
				}
			}
			was[k] = l.plan.on
		}
	}
	if landings < 100 {
		t.Errorf("%d planned landings, want >= 100 (one per step)", landings)
	}
	if s.meter.NaNs() != 0 {
		t.Errorf("NaN %d, want 0", s.meter.NaNs())
	}
}

func TestGrounderPlanSwingDoesNotAllocate(t *testing.T) {
	s := newWalkSim(t, loadWalkWorld(t))
	s.gr.PlanSwing = true
	for i := 0; i < 600; i++ { // onto the stairs
		s.step(1.0 / 60)
	}
	if a := testing.AllocsPerRun(200, func() { s.step(1.0 / 60) }); a != 0 {
		t.Errorf("a frame with swing planning allocates %v times, want 0", a)
	}
}
