package creature

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// birdDef is a new user's 2-legged "bird": one leg a side of femur 22 and
// tibia 24 px, hips 4 px below the body centre, feet 40 px below it.
func birdDef(t testing.TB) *Def {
	t.Helper()
	d, err := NewDef(Def{Name: "bird", Legs: []LegDef{
		{Name: "near", Hip: mgl64.Vec2{0, 4}, Home: mgl64.Vec2{4, 40}, Segments: []float64{22, 24}},
		{Name: "far", Hip: mgl64.Vec2{0, 4}, Home: mgl64.Vec2{-4, 40}, Segments: []float64{22, 24}, Far: true},
	}})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestCreatureBirdCrossesSmallBumps: the bird walks over a round bump 15
// or 20 px high (a circle centred on the floor line) to a point beyond it.
// It stood blocked for good on both (a new user's trial): one foot planted
// on the bump's top, the body BodyHeight above it, so the floor beyond lay
// out of the other leg's reach; that leg dangled, the planted one was
// stretched to its limit and held the body. Now the body crouches toward
// the ground the dangling leg saw (crouch.go) and it arrives, at 30, 60 and
// 144 TPS; and over boxes as high, and the higher bumps, as before.
func TestCreatureBirdCrossesSmallBumps(t *testing.T) {
	def := birdDef(t)
	for _, tps := range []float64{30, 60, 144} {
		for _, b := range []struct {
			circle bool
			h      float64
		}{{true, 10}, {true, 15}, {true, 20}, {true, 25}, {false, 15}, {false, 20}, {false, 30}} {
			w := floorWorld(t, 450)
			var err error
			if b.circle {
				_, err = w.AddCircle(400, 450, b.h, 0)
			} else {
				_, err = w.AddBox(390, 450-b.h, 40, b.h, 0)
			}
			if err != nil {
				t.Fatal(err)
			}
			c, err := New(def, mgl64.Vec2{100, 450 - def.BodyHeight()}, w)
			if err != nil {
				t.Fatal(err)
			}
			c.SetTarget(mgl64.Vec2{800, 450})
			at := -1.0
			for f := 0; f < int(30*tps); f++ {
				c.Update(1 / tps)
				if c.Arrived() {
					at = float64(f) / tps
					break
				}
			}
			if at < 0 || at > 15 {
				t.Errorf("%v TPS, bump (circle %v) %v px high: arrived at %.1f s (-1: never in 30 s), state %v at %v; want within 15 s", tps, b.circle, b.h, at, c.State(), c.Position())
			}
		}
	}
}
