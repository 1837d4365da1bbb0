package ikanim

import (
	"fmt"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// soleDepth returns how far below the line y = floor the lowest of the
// heel, ankle and toe sole points of either foot lies, px (0 or less: none
// below).
func soleDepth(r *Rig, floor float64) float64 {
	d := math.Inf(-1)
	for _, f := range footBones(r) {
		for _, x := range []float64{-4, 0, 14} {
			d = max(d, solePoint(r, f, x, 5)[1]-floor)
		}
	}
	return d
}

// A body that goes down below the ground its planted feet stand on (the
// follower leading it down a step while the feet are still on the step's
// top) leaves the feet on that ground: MaxStep bounds how far a foot moves
// up onto new ground, not how far above the body the ground it already
// stands on may be (keepsGround). Here the double-support stance stands on a
// floor at y 300 and its Position goes down 0.5 px a frame (30 px/s) by drop px; the
// soles stay on the floor. (Clamped to MaxStep, 45 px, they went 0.5 px
// into it at 45.5 px down, and 1 px more with each px.) And a hip that
// comes down this near its planted feet raises the body (foldNeed)
// instead of folding the legs to their joint limits (without it the near
// thigh reached its limit at 41 px down, the sole 0.14 px into the floor
// and 2 px at 44).
func TestGrounderPlantedFeetKeepTheirGroundAsTheBodyGoesDown(t *testing.T) {
	for _, drop := range []float64{47, 52} {
		t.Run(fmt.Sprint(drop), func(t *testing.T) {
			const floor = 300.0
			r, gr := groundedBiped(t, flatGround(floor), mgl64.Vec2{200, floor}, true)
			r.Source = stanceSource()
			settle(r, 60)
			for i := 0.5; i <= drop; i += 0.5 {
				r.Position[1] = floor + i
				settle(r, 1)
				if d := soleDepth(r, floor); d > 0.05 {
					t.Fatalf("body %v px down: a sole %.3f px into the floor, want <= 0.05", i, d)
				}
			}
			settle(r, 120)
			if d := soleDepth(r, floor); d > 0.05 {
				t.Errorf("settled: a sole %.3f px into the floor, want <= 0.05", d)
			}
			for i := range 2 {
				if l := gr.Leg(i); !l.Planted || math.Abs(l.Offset-drop) > 1e-6 {
					t.Errorf("leg %d: planted %v offset %v, want planted at %v", i, l.Planted, l.Offset, drop)
				}
			}
			if drop > 50 && !(gr.Body() > 0) {
				t.Errorf("Body() = %v, want raised (> 0) off the folded legs", gr.Body())
			}
		})
	}
}

// A body that rises faster than the centroid's smoothing (BodyMaxSpeed, 57
// px/s) over planted feet (the follower takes the body up a step at up to
// 110 px/s while the trailing foot still stands on the tread below) is
// brought down at bodyUrgentSpeed as soon as a planted leg is stretched
// past its reach, so the legs keep reaching their ground. Here the
// double-support stance on a floor at y 300 has its Position raised by
// 1.6 px a frame (96 px/s at 60 TPS) by 40 px; the soles stay on the
// floor. (Smoothed at BodyMaxSpeed, the legs went straight and the soles
// rose 12.0 px off the floor.)
func TestGrounderPlantedFeetReachAsTheBodyRises(t *testing.T) {
	const floor = 300.0
	r, _ := groundedBiped(t, flatGround(floor), mgl64.Vec2{200, floor}, true)
	r.Source = stanceSource()
	settle(r, 60)
	worst := 0.0
	for i := 1.6; i <= 40; i += 1.6 {
		r.Position[1] = floor - i
		r.Position[0] += 0.5 // walking on slowly (a standing body is smoothed)
		settle(r, 1)
		worst = max(worst, -soleDepth(r, floor))
	}
	t.Logf("lowest sole point %.3f px above the floor at worst", worst)
	if worst > 0.05 {
		t.Errorf("lowest sole point %.3f px above the floor at worst, want <= 0.05", worst)
	}
}
