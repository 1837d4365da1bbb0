package ikanim

import (
	"fmt"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

func TestCreatureSmoke(t *testing.T) {
	d := creatureTestSpider(t, 8)
	w := creatureTestWorld(t, "wall-corner")
	c, err := NewCreature(d, mgl64.Vec2{200, 520}, w)
	if err != nil {
		t.Fatal(err)
	}
	c.SetMove(1)
	for f := 0; f < 1200; f++ {
		c.Update(w, 1.0/60)
		if f%30 == 0 {
			s := ""
			for i := 0; i < c.LegCount(); i++ {
				l := c.Leg(i)
				ch := "P"
				if l.Stepping {
					ch = "s"
				} else if !l.Planted {
					ch = "d"
				}
				s += ch
			}
			fmt.Printf("f%4d pos %6.1f %6.1f up %5.2f %5.2f v %6.1f %s\n", f, c.Position()[0], c.Position()[1], c.Up()[0], c.Up()[1], c.speed, s)
		}
	}
}
