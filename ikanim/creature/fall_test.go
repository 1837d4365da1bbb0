package creature

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

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
