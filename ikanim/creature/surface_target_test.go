package creature

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// A target on the surface itself (not lifted by BodyHeight): the creature
// walks to it and arrives standing over it, for every preset. (A new user's
// trial: with BodyHeight larger than ArriveRadius the body never came
// within ArriveRadius of it, and the walk round the solid took the target
// for one beyond the surface: the crawler paced 28 px either side of it
// for ever, Blocked.)
func TestCreatureArrivesAtATargetOnTheSurface(t *testing.T) {
	spider, c6, c4, _ := creatureSceneKinds(t)
	for _, def := range []*Def{spider, c6, c4} {
		name := def.Name
		w := creatureTestWorld(t, "flat")
		c, err := New(def, mgl64.Vec2{300, sceneGroundY - def.BodyHeight()}, w)
		if err != nil {
			t.Fatal(err)
		}
		goal := mgl64.Vec2{600, sceneGroundY}
		c.SetTarget(goal)
		at := -1.0
		for f := 0; f < 60*20 && at < 0; f++ {
			c.Update(1.0 / 60)
			if c.Arrived() {
				at = float64(f+1) / 60
			}
		}
		t.Logf("%s: arrived after %.2f s at %v (target %v), state %v", name, at, c.Position(), goal, c.State())
		if at < 0 || c.State() != StateArrived {
			t.Errorf("%s: not arrived in 20 s (state %v at %v)", name, c.State(), c.Position())
		}
	}
}
