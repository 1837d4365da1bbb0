package creature

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/terrain"
)

// Footing agrees with the legs read one by one (Leg: planted, stepping, or
// neither, and for a dangling foot the side of the body along Right() it
// hangs on) every frame of spiders and crawlers dropped 60 px above a
// floating platform (their feet dangle until they land, which the test
// requires to happen) and walking to the right on it, off its edge or round
// it onto its underside (a spider, whose tarsi lean off the face they stand
// on, finds footholds all the way round and never dangles there).
func TestFootingMatchesLegs(t *testing.T) {
	spider, c6, c4, _ := creatureSceneKinds(t)
	for _, def := range []*Def{spider, c6, c4} {
		w, err := terrain.New(1000, 700)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.AddBox(300, 300, 200, 16, terrain.TagPlatform); err != nil {
			t.Fatal(err)
		}
		c, err := New(def, mgl64.Vec2{400, 300 - def.BodyHeight() - 60}, w)
		if err != nil {
			t.Fatal(err)
		}
		c.SetMove(1)
		firstRight, firstLeft := -1, -1
		for f := 0; f < 600; f++ {
			c.Update(1.0 / 60)
			var want Footing
			p, r := c.Position(), c.Right()
			for k := 0; k < c.NumLegs(); k++ {
				l := c.Leg(k)
				switch d := l.Contact.Sub(p).Dot(r); {
				case l.Planted:
					want.Planted++
				case l.Stepping:
					want.Stepping++
				case d > 0:
					want.DanglingRight++
				case d < 0:
					want.DanglingLeft++
				}
			}
			got := c.Footing()
			if got != want {
				t.Fatalf("%s frame %d: Footing %+v, from the legs %+v", def.Name, f, got, want)
			}
			if got.OnSurface() != (want.Planted+want.Stepping > 0) {
				t.Fatalf("%s frame %d: OnSurface %v for %+v", def.Name, f, got.OnSurface(), got)
			}
			if got.DanglingRight > 0 && firstRight < 0 {
				firstRight = f
			}
			if got.DanglingLeft > 0 && firstLeft < 0 {
				firstLeft = f
			}
		}
		t.Logf("%s: first foot dangling on the right at frame %d, on the left at %d", def.Name, firstRight, firstLeft)
		if firstRight < 0 && firstLeft < 0 {
			t.Errorf("%s dropped onto a platform: no foot ever dangled", def.Name)
		}
	}
}
