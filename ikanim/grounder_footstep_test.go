package ikanim

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// Footstep planning next to a pit. Ground deeper than MaxStep below a
// landing (a pit, a slot) near it counts as no ground to land on instead of
// turning the planning off: a foot stepping down off a board's end next
// to the pit the board bridges still lands clear of the edge. The README's
// biped walks at 60 px/s over a floor with a 20 px slot (deeper than
// MaxStep) and, 16 to 30 px after it, a step 5 px down (a board's end on
// the generated courses), from 14 starting phases at 60 TPS. With the
// planning off near the slot, a foot came over the edge in the last frame
// of its swing and dropped onto the lower floor at once: the worst leg
// joint turned 24.9 degrees in a frame; planned, 9.8.
func TestGrounderFootstepNextToPit(t *testing.T) {
	worst, at := 0.0, 0.0
	for _, gap := range []float64{16, 22, 30} {
		for x := 0.0; x < 28; x += 2 {
			x0 := 300 + x
			g := &polyGround{pts: []mgl64.Vec2{{-1e4, 395}, {x0, 395}, {x0, 600}, {x0 + 20, 600}, {x0 + 20, 395},
				{x0 + 20 + gap, 395}, {x0 + 20 + gap, 400}, {1e4, 400}}}
			pop, _ := riserWalk(t, g, 395, x0+200, 60)
			if pop > worst {
				worst, at = pop, x0
			}
		}
	}
	t.Logf("joint pop %.1f deg/frame (slot at x %v)", worst, at)
	if worst > 11 {
		t.Errorf("joint pop %.1f deg/frame (slot at x %v), want <= 11", worst, at)
	}
}
