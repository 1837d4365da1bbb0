package creature

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/quality"
)

// TestTentaclesStartAboveTheGround places the squid (4 tentacles of 10
// segments of 8 px, 80 px long, the hips 36 px above the ground) on flat
// ground: every tentacle must arch above the ground (no joint or segment
// more than 0.5 px inside, measured with quality.Solids on the test's own
// copy of the ground); from the rest pose, straight down, FABRIK folded
// the slack 10-17 px into the ground. Walking on for 10 s at 30, 60 and
// 144 TPS, the share of frames with a tentacle more than 0.5 px inside is
// logged and held below 50 % (100 % before the arch).
func TestTentaclesStartAboveTheGround(t *testing.T) {
	_, _, _, squid := creatureSceneKinds(t)
	w := creatureTestWorld(t, "flat")
	var sol quality.Solids
	sol.AddPolygon([]mgl64.Vec2{{-1000, sceneGroundY}, {5000, sceneGroundY}, {5000, sceneGroundY + 500}, {-1000, sceneGroundY + 500}})
	sol.Build()
	for _, tps := range []float64{30, 60, 144} {
		c, err := New(squid, mgl64.Vec2{300, sceneGroundY - squid.BodyHeight()}, w)
		if err != nil {
			t.Fatal(err)
		}
		var js []mgl64.Vec2
		deepest := func() float64 {
			d := 0.0
			for i := 0; i < c.NumLegs(); i++ {
				js = c.TentacleJoints(i, js)
				d = max(d, sol.ChainDepth(js, 0.5))
			}
			return d
		}
		if d := deepest(); d > 0.5 {
			t.Errorf("%.0f TPS: after New a tentacle is %.2f px inside the ground, want <= 0.5", tps, d)
		}
		c.SetMove(1)
		in, frames := 0, int(10*tps)
		for f := 0; f < frames; f++ {
			c.Update(1 / tps)
			if deepest() > 0.5 {
				in++
			}
		}
		share := 100 * float64(in) / float64(frames)
		t.Logf("%3.0f TPS: a tentacle inside the ground in %.1f %% of %d frames", tps, share, frames)
		if share > 50 {
			t.Errorf("%.0f TPS: a tentacle inside the ground in %.1f %% of frames, want <= 50", tps, share)
		}
	}
}
