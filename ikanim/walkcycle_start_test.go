package ikanim

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// startPop stands the README biped (a WalkCycle, a GroundFollower, a
// Grounder, defaults) on a flat floor for 1 s at tps, then walks it at
// speed px/s for 1 s and returns the largest change of a bone's angle in
// one frame after the start, degrees.
func startPop(t *testing.T, tps, speed float64) float64 {
	t.Helper()
	def, err := NewBipedDef(BipedSizes{}, BipedSprites{})
	if err != nil {
		t.Fatal(err)
	}
	r := mustRig(t, def)
	g := flatGround(400)
	fol, err := NewGroundFollower(r, g)
	if err != nil {
		t.Fatal(err)
	}
	gr, err := NewGrounder(r, g, BipedGrounderLegs()...)
	if err != nil {
		t.Fatal(err)
	}
	r.Source = &WalkCycle{}
	r.Add(fol, gr)
	r.Teleport(mgl64.Vec2{300, 400})
	n := def.NumBones()
	prev := make([]float64, n)
	worst := 0.0
	frames := int(math.Round(tps))
	for f := 0; f < 2*frames; f++ {
		if f >= frames {
			r.Position[0] += speed / tps
		}
		r.Update(1 / tps)
		for i := 0; i < n; i++ {
			a := r.BoneAngle(i)
			if f >= frames {
				d := math.Abs(math.Remainder(a-prev[i], 2*math.Pi)) * 180 / math.Pi
				worst = math.Max(worst, d)
			}
			prev[i] = a
		}
	}
	return worst
}

// Issue 10: a WalkCycle starting from standing eases into the walk
// (walkStartTime): the phase starts at the near foot's mid-stance, where the
// standing pose matches, and the lift, bob, lean and arm swing come in over
// a quarter second, so the joints turn as fast, in degrees per second, at
// any frame rate. Before, the walk's pose came in one frame: 31.5, 33.2 and
// 34.1 degrees in the first walking frame at 30, 60 and 144 TPS (60 px/s),
// 18 to 24 at 30 px/s.
func TestWalkCycleStartEasesIn(t *testing.T) {
	for _, speed := range []float64{30, 60, 120} {
		for _, tps := range []float64{30, 60, 144} {
			pop := startPop(t, tps, speed)
			t.Logf("%3.0f px/s, %3.0f TPS: joint pop after the start %.1f deg/frame (%.0f deg/s)", speed, tps, pop, pop*tps)
			// 15 deg/frame at 60 TPS, the same turning speed at any rate.
			if limit := 15 * 60 / tps; pop > limit {
				t.Errorf("%v px/s, %v TPS: a joint turned %.1f deg in a frame after the start, want <= %.1f", speed, tps, pop, limit)
			}
		}
	}
}
