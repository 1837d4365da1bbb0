package main

import (
	"math"
	"testing"

	"github.com/ikanim/kit/ikanim"
)

// The hello program without its window: over 40 s at 60 TPS the hero walks
// the slope both ways, and each foot the walk plants rests on the ground:
// the lowest of its heel, ankle and toe sole points within 1 px of it.
func TestHelloWalksTheSlope(t *testing.T) {
	g := newGame()
	h := g.hero
	walk := h.Source.(*ikanim.WalkCycle)
	def := h.Def()
	feet := [2]int{def.BoneIndex(ikanim.BoneFootNear), def.BoneIndex(ikanim.BoneFootFar)}
	lo, hi, worst := math.Inf(1), math.Inf(-1), 0.0
	for f := 0; f < 40*60; f++ {
		if err := g.Update(); err != nil {
			t.Fatal(err)
		}
		x := h.Position[0]
		lo, hi = math.Min(lo, x), math.Max(hi, x)
		for leg, b := range feet {
			if !walk.Planted(leg, h.Time) {
				continue
			}
			ankle, _ := h.Joint(b)
			s, c := math.Sincos(h.BoneAngle(b))
			side := 5 * h.Facing.Sign() // the sole, 5 px under the foot bone
			gap := math.Inf(1)
			for _, along := range []float64{-4, 0, 14} { // heel, ankle, toe
				p := [2]float64{ankle[0] + along*c - side*s, ankle[1] + along*s + side*c}
				if ground := g.world.SurfaceBelow(p[0], p[1]-20, p[1]+20); ground.OK {
					gap = math.Min(gap, ground.Point[1]-p[1])
				}
			}
			if math.Abs(gap) > math.Abs(worst) {
				worst = gap
			}
		}
	}
	t.Logf("walked x %.0f to %.0f; planted soles at most %.3g px off the ground", lo, hi, worst)
	if lo > 70 || hi < 570 {
		t.Errorf("the hero walked x %.0f to %.0f, want about 60 to 580", lo, hi)
	}
	if math.Abs(worst) > 1 {
		t.Errorf("a planted sole was %.3f px off the ground, want within 1 px", worst)
	}
}
