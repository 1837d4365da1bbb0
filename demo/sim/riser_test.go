package sim

import (
	"fmt"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim"
	"github.com/ikanim/kit/terrain"
)

// The README's hero (WalkCycle, a GroundFollower with Probe 24, a Grounder,
// all defaults) walking at 30 and 100 px/s up a single riser of 38 to 45 px
// (the Grounder's MaxStep is 45), and up a flight of 30 px risers on 30 px
// treads (45 degrees) at 150 px/s: it ends standing on the top, never
// airborne. (A new user's trial: risers of 41-45 px, taller than the
// follower's RayUp of 40, put Position inside the step, the follower's ray
// missed, and the body fell through the world to the rock's bottom; so did
// the fast flight, the body lagging more than 40 px behind the treads.)
func TestFollowerClimbsRisersTallerThanItsRay(t *testing.T) {
	type course struct {
		name  string
		pts   []mgl64.Vec2
		speed float64
		top   float64
	}
	var cs []course
	for _, rise := range []float64{38, 41, 44, 45} {
		for _, speed := range []float64{30, 100} {
			cs = append(cs, course{fmt.Sprintf("riser %.0f px at %.0f px/s", rise, speed),
				[]mgl64.Vec2{{0, 450}, {300, 450}, {300, 450 - rise}, {760, 450 - rise}}, speed, 450 - rise})
		}
	}
	stairs := []mgl64.Vec2{{0, 450}, {240, 450}}
	for k := 1; k <= 6; k++ {
		x, y := 240+30*float64(k-1), 450-30*float64(k)
		stairs = append(stairs, mgl64.Vec2{x, y}, mgl64.Vec2{x + 30, y})
	}
	stairs = append(stairs, mgl64.Vec2{760, 270})
	cs = append(cs, course{"45-degree stairs at 150 px/s", stairs, 150, 270})
	for _, c := range cs {
		w, err := terrain.New(800, 600)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.AddGround(c.pts, 590, 0); err != nil {
			t.Fatal(err)
		}
		def, err := ikanim.NewBipedDef(ikanim.BipedSizes{}, ikanim.BipedSprites{})
		if err != nil {
			t.Fatal(err)
		}
		hero, _ := ikanim.NewRig(def)
		hero.Source = &ikanim.WalkCycle{}
		follow, _ := ikanim.NewGroundFollower(hero, w)
		feet, _ := ikanim.NewGrounder(hero, w, ikanim.BipedGrounderLegs()...)
		follow.Probe = 24
		hero.Add(follow, feet)
		hero.Teleport(mgl64.Vec2{150, 450})
		airborne := 0
		for f := 0; f < 600 && hero.Position[0] < 700; f++ {
			hero.Position[0] += c.speed / 60
			hero.Update(1.0 / 60)
			if hero.Airborne() {
				airborne++
			}
		}
		for f := 0; f < 60; f++ {
			hero.Update(1.0 / 60)
		}
		t.Logf("%s: airborne %d frames, ends at %v", c.name, airborne, hero.Position)
		if airborne > 0 || hero.Position[1] > c.top+1e-6 || hero.Position[1] < c.top-1 {
			t.Errorf("%s: airborne %d frames, ends at y %.2f; want on the top (y %.0f), never airborne", c.name, airborne, hero.Position[1], c.top)
		}
	}
}
