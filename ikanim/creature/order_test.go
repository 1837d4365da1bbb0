package creature

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/quality"
)

// TestTentaclesKeepTheirOrder walks the demo's tentacled creature (4 x 10
// segments) 8 s over flat ground each way (toward the middle of the scene
// from 200 px off its side) at 30, 60 and 144 TPS and counts the frames in
// which two neighbouring tentacles of one side (by Home.X) are crossed
// (quality.LegsCrossed along Right(): a segment of one across a segment of
// the other, or their feet in the reverse order of their roots), from the
// second second on (the creature starts facing right: walking left it first
// turns round, and while its body turns its tentacles' arches sweep through
// each other to the other side, fan.go, a transient this test leaves out).
// On flat ground nothing forces a tentacle across its neighbour: want 0.
// Before the feet were kept in order (footorder.go): 27/54/330 of
// 210/420/1008 frames walking right at 30/60/144 TPS, 31/136/312 left.
func TestTentaclesKeepTheirOrder(t *testing.T) {
	_, _, _, squid := creatureSceneKinds(t)
	pairs := courseNeighbours(squid)
	for _, tps := range []float64{30, 60, 144} {
		for _, dir := range []float64{1, -1} {
			x0 := sceneWidth/2 - dir*(sceneWidth/2-200)
			c, err := New(squid, mgl64.Vec2{x0, sceneGroundY - squid.BodyHeight()}, creatureTestWorld(t, "flat"))
			if err != nil {
				t.Fatal(err)
			}
			c.SetMove(dir)
			js := make([][]mgl64.Vec2, c.NumLegs())
			crossed, frames := 0, int(8*tps)
			for f := 0; f < frames; f++ {
				c.Update(1 / tps)
				if float64(f) < tps {
					continue // turning round (walking left) and the first steps
				}
				for i := range js {
					js[i] = c.TentacleJoints(i, js[i])
				}
				for _, pr := range pairs {
					if quality.LegsCrossed(js[pr[0]], js[pr[1]], c.Right()) {
						crossed++
						break
					}
				}
			}
			if moved := (c.Position()[0] - x0) * dir; moved < 200 {
				t.Errorf("%.0f TPS, dir %+.0f: walked %.0f px in 8 s, want >= 200", tps, dir, moved)
			}
			if crossed != 0 {
				t.Errorf("%.0f TPS, dir %+.0f: neighbouring tentacles crossed in %d of %d frames, want 0", tps, dir, crossed, frames-int(tps))
			}
		}
	}
}
