package creature

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/terrain"
)

// TestCreatureLegThroughSolidWantsToStep: a standing creature on flat
// ground (every planted foot of one normal, so neither kneeBlocked nor
// kneeAcross has anything to test) whose planted leg's femur or tibia
// passes through a small block that appeared over it wants that leg to
// step, urgently, as a knee in the solid under its foot does (guardLegs);
// before the guard nothing in the frame saw the block. Legs of 2 and 3
// segments; the same creature with no block wants nothing of that leg.
func TestCreatureLegThroughSolidWantsToStep(t *testing.T) {
	spider, crawler6, _, _ := creatureSceneKinds(t)
	for _, def := range []*Def{spider, crawler6} {
		for _, bone := range []string{"", "femur", "tibia"} {
			w := creatureTestWorld(t, "flat")
			c, err := New(def, mgl64.Vec2{400, sceneGroundY - def.BodyHeight()}, w)
			if err != nil {
				t.Fatal(err)
			}
			for range 60 {
				c.Update(1.0 / 60) // settle, standing
			}
			const i = 0
			l := c.Leg(i)
			if !l.Planted {
				t.Fatalf("%s: leg %d not planted after settling", def.Name, i)
			}
			var mid mgl64.Vec2
			switch bone {
			case "femur":
				mid = l.Hip.Add(l.Knee).Mul(0.5)
			case "tibia":
				mid = l.Knee.Add(l.Ankle).Mul(0.5)
			}
			if bone != "" {
				const half = 1.5
				if _, err := w.AddBox(mid[0]-half, mid[1]-half, 2*half, 2*half, terrain.TagWall); err != nil {
					t.Fatal(err)
				}
				w.Sync()
			}
			// A second later (the guard trusts a rectangle it proved
			// clear for guardKeep).
			c.clock++
			var plan gaitPlan
			plan.mixed = c.mixedNormals()
			c.prepareLegs(&plan)
			want := bone != ""
			if got := plan.urgent[i] && plan.need[i] >= 1 && plan.knee&(1<<i) != 0; got != want {
				t.Errorf("%s, block on the %q: leg %d wants to step urgently with a leg in a solid: %v, want %v", def.Name, bone, i, got, want)
			}
		}
	}
}
