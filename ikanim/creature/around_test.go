package creature

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/terrain"
)

// TestCreatureGoesRoundABlock: a block 30 px wide, or a pillar 12 px wide,
// h px tall, stands on flat ground between a creature and its target on the
// ground beyond. The creature climbs the near face, where the target lies
// below it and behind the face's plane; walking toward the target's
// projection on the face would take it back down to the floor and up again
// for ever. It keeps its way round the block instead, over the top and down
// the far face, and arrives within 12 s: the spider and both crawlers at 30,
// 60 and 144 TPS over blocks and pillars 50 and 80 px tall (walking toward
// the projection, 8 of the 9 runs over the 80 px block stayed on its near
// face; before the edge probe looked behind a body that had walked past the
// far edge, the spider at 30 TPS stopped on the 80 px block's top beyond
// its far edge, and 12 of the 18 pillar runs stopped the same way).
func TestCreatureGoesRoundABlock(t *testing.T) {
	spider, c6, c4, _ := creatureSceneKinds(t)
	for _, h := range []float64{50, 80} {
		for _, bw := range []float64{30, 12} {
			for _, def := range []*Def{spider, c6, c4} {
				for _, tps := range []float64{30, 60, 144} {
					w := creatureTestWorld(t, "flat")
					if _, err := w.AddBox(500, sceneGroundY-h, bw, h, terrain.TagWall); err != nil {
						t.Fatal(err)
					}
					c, err := New(def, mgl64.Vec2{380, sceneGroundY - def.BodyHeight()}, w)
					if err != nil {
						t.Fatal(err)
					}
					goal := mgl64.Vec2{680, sceneGroundY - def.BodyHeight()}
					c.SetTarget(goal)
					arrived := 0.0
					for f := 1; f <= int(12*tps) && arrived == 0; f++ {
						c.Update(1 / tps)
						if c.Arrived() {
							arrived = float64(f) / tps
						}
					}
					if arrived == 0 {
						t.Errorf("block %.0f px tall, %.0f px wide, %s %.0f TPS: not arrived in 12 s (at %.0f, up %.2f, %v)", h, bw, def.Name, tps, c.Position(), c.Up(), c.State())
					} else {
						t.Logf("block %.0f px tall, %.0f px wide, %s %.0f TPS: arrived in %.1f s", h, bw, def.Name, tps, arrived)
					}
				}
			}
		}
	}
}
