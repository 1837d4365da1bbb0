package creature

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/quality"
	"github.com/ikanim/kit/terrain"
)

// TestCreatureSwingClearsConvexCorners walks the preset kinds at 30, 60
// and 144 TPS over a floor (y 300) with blocks of 12, 24 and 40 px and a
// 6 px pillar 30 px tall: convex corners a stepping foot passes over. The
// swing path of every stepping foot (Leg.Contact while stepping, measured
// with quality.Solids on the test's own copy of the boxes) must stay out of
// the solids: a foot that took the arc over the chord between its footholds
// cut through the blocks' top corners. (The drawn leg is not measured here:
// the course harness measures whole limbs. How far the creatures get in 10 s
// is logged: none climbs the 40 px block yet.)
func TestCreatureSwingClearsConvexCorners(t *testing.T) {
	boxes := [][4]float64{{0, 300, 1200, 100}, {300, 288, 60, 13}, {520, 276, 70, 25}, {760, 260, 90, 41}, {1000, 270, 6, 31}}
	w, err := terrain.New(1200, 400, terrain.WithCellSize(32))
	if err != nil {
		t.Fatal(err)
	}
	var sol quality.Solids
	for _, b := range boxes {
		if _, err := w.AddBox(b[0], b[1], b[2], b[3], terrain.TagGround); err != nil {
			t.Fatal(err)
		}
		sol.AddPolygon([]mgl64.Vec2{{b[0], b[1]}, {b[0] + b[2], b[1]}, {b[0] + b[2], b[1] + b[3]}, {b[0], b[1] + b[3]}})
	}
	sol.Build()
	spider, c6, c4, _ := creatureSceneKinds(t)
	for _, def := range []*Def{spider, c6, c4} {
		for _, tps := range []float64{30, 60, 144} {
			c, err := New(def, mgl64.Vec2{150, 300 - def.BodyHeight()}, w)
			if err != nil {
				t.Fatal(err)
			}
			c.SetMove(1)
			worst, steps := 0.0, 0
			for f := 0; f < int(10*tps) && c.Position()[0] < 1100; f++ {
				c.Update(1 / tps)
				for i := 0; i < c.NumLegs(); i++ {
					if !c.Leg(i).Stepping {
						continue
					}
					steps++
					worst = math.Max(worst, sol.Depth(c.Leg(i).Contact))
				}
			}
			t.Logf("%s %3.0f TPS: swing path depth max %.2f px over %d leg-frames, reached x %.0f", def.Name, tps, worst, steps, c.Position()[0])
			if worst > 0.5 {
				t.Errorf("%s %.0f TPS: a stepping foot went %.2f px into a block, want <= 0.5", def.Name, tps, worst)
			}
		}
	}
}
