package creature

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim"
	"github.com/ikanim/kit/ikanim/ik"
	"github.com/ikanim/kit/terrain"
)

// TestCreatureFallsDownFromAWall places each preset kind in the air as if on
// a wall (up (-1,0), nothing within reach) 300 px above the ground: it falls
// down the screen, not along its own down (sideways), at 30, 60 and 144
// TPS: while it falls the body stays within 1 px of its start along x; it lands BodyHeight
// (within 2 px) above the ground, with its up turned back to (0,-1) (within
// 0.05) and a foot planted.
func TestCreatureFallsDownFromAWall(t *testing.T) {
	spider, c6, c4, squid := creatureSceneKinds(t)
	for _, def := range []*Def{spider, c6, c4, squid} {
		for _, tps := range []float64{30, 60, 144} {
			w, err := terrain.New(1000, 700)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := w.AddBox(0, 650, 1000, 50, terrain.TagGround); err != nil {
				t.Fatal(err)
			}
			c, err := New(def, mgl64.Vec2{500, 300}, w)
			if err != nil {
				t.Fatal(err)
			}
			c.Place(mgl64.Vec2{500, 300}, mgl64.Vec2{-1, 0})
			dx := 0.0
			for f := 0; f < int(3*tps); f++ {
				c.Update(1 / tps)
				if c.State() == StateFalling {
					dx = math.Max(dx, math.Abs(c.Position()[0]-500))
				}
			}
			p, up := c.Position(), c.Up()
			if dx > 1 {
				t.Errorf("%s %.0f TPS: body moved %.1f px sideways while falling, want <= 1", def.Name, tps, dx)
			}
			if want := 650 - def.BodyHeight(); math.Abs(p[1]-want) > 2 {
				t.Errorf("%s %.0f TPS: body at y %.1f after the fall, want %.1f (BodyHeight above the ground)", def.Name, tps, p[1], want)
			}
			if up.Sub(mgl64.Vec2{0, -1}).Len() > 0.05 || c.Planted() == 0 {
				t.Errorf("%s %.0f TPS: up %v, %d feet planted after the fall, want up (0,-1) and a foot planted", def.Name, tps, up, c.Planted())
			}
		}
	}
}

// TestCreatureFallStopsAtMaxCoord: a creature in an empty World (nothing
// to stand on) falls, and its fall stops at ik.MaxCoord: after 200,000
// updates of ikanim.MaxDt (5.6 hours at 600 px/s; a new user's trial saw
// y = 3.9e7 after 3 hours) it is at ik.MaxCoord, still falling.
func TestCreatureFallStopsAtMaxCoord(t *testing.T) {
	spider, _, _, _ := creatureSceneKinds(t)
	w, err := terrain.New(800, 600)
	if err != nil {
		t.Fatal(err)
	}
	c, err := New(spider, mgl64.Vec2{400, 300}, w)
	if err != nil {
		t.Fatal(err)
	}
	for range 200000 {
		c.Update(ikanim.MaxDt)
	}
	p := c.Position()
	if !(p[1] <= ik.MaxCoord) || p[1] < ik.MaxCoord-1 || c.State() != StateFalling {
		t.Errorf("after 5.6 h: at %v, %v; want y = ik.MaxCoord (%g), falling", p, c.State(), ik.MaxCoord)
	}
}
