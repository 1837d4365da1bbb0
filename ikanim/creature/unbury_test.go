package creature

import (
	"errors"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/terrain"
)

// floorWorld returns a 1000 x 600 world whose ground's surface is at y =
// top, solid down to the bottom edge.
func floorWorld(t *testing.T, top float64) *terrain.World {
	t.Helper()
	w, err := terrain.New(1000, 600)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.AddGround([]mgl64.Vec2{{0, top}, {1000, top}}, 600, 0); err != nil {
		t.Fatal(err)
	}
	return w
}

// TestCreatureNewInRockStandsOnTop: a new user created a spider with its
// body under the floor line (surface y = 450, solid to 600). From 30 px
// deep on, no foothold ray left the rock, the creature fell, and its fall,
// swept by a ray that starts in the rock, took it through the floor and
// out of the world (y 1512-1583 after 2 s). Now New lifts the body to the
// nearest free place: it stands BodyHeight above the surface, its feet
// planted, and stays there; a body in a box sunk in the floor (the floor's
// surface inside the box) is lifted to the box's top.
func TestCreatureNewInRockStandsOnTop(t *testing.T) {
	spider, err := NewSpiderDef(Sprites{})
	if err != nil {
		t.Fatal(err)
	}
	h := spider.BodyHeight()
	for _, tps := range []float64{30, 60, 144} {
		for _, below := range []float64{10, 30, 35, 50, 100, 140} {
			w := floorWorld(t, 450)
			c, err := New(spider, mgl64.Vec2{300, 450 + below}, w)
			if err != nil {
				t.Fatalf("%v px deep: %v", below, err)
			}
			if p := c.Position(); math.Abs(p[1]-(450-h)) > 1 || c.Planted() < spider.Gait.MinPlanted {
				t.Errorf("%v px deep: placed at %v with %d feet planted, want y %v and >= %d feet", below, p, c.Planted(), 450-h, spider.Gait.MinPlanted)
			}
			for f := 0; f < int(2*tps); f++ {
				c.Update(1 / tps)
			}
			if p := c.Position(); math.Abs(p[1]-(450-h)) > 3 || c.State() == StateFalling || w.Inside(p) {
				t.Errorf("%v TPS, %v px deep: after 2 s at %v state %v, want standing at y %v", tps, below, p, c.State(), 450-h)
			}
		}
	}
	// Overlapping solids: the floor's surface lies inside a box sunk in it.
	w := floorWorld(t, 450)
	if _, err := w.AddBox(200, 380, 200, 140, 0); err != nil {
		t.Fatal(err)
	}
	c, err := New(spider, mgl64.Vec2{300, 500}, w)
	if err != nil {
		t.Fatal(err)
	}
	if p := c.Position(); math.Abs(p[1]-(380-h)) > 1 {
		t.Errorf("in a box sunk in the floor: placed at %v, want y %v (the box's top)", p, 380-h)
	}
}

// TestCreatureNoFreePlace: a body far inside a solid with no free place
// near it (the whole level below y = 50 is rock, and its underside is the
// level's edge) is an error of New (ErrNoFreePlace); Place there returns
// false, and the creature stays where it was put instead of falling
// through the rock (it fell at 600 px/s, out of the world).
func TestCreatureNoFreePlace(t *testing.T) {
	spider, err := NewSpiderDef(Sprites{})
	if err != nil {
		t.Fatal(err)
	}
	w := floorWorld(t, 50)
	if c, err := New(spider, mgl64.Vec2{500, 400}, w); !errors.Is(err, ErrNoFreePlace) || c != nil {
		t.Fatalf("New deep in the rock: %v, %v; want ErrNoFreePlace", c, err)
	}
	c, err := New(spider, mgl64.Vec2{500, 50 - spider.BodyHeight()}, w)
	if err != nil {
		t.Fatal(err)
	}
	if c.Place(mgl64.Vec2{500, 400}, mgl64.Vec2{0, -1}) {
		t.Fatal("Place deep in the rock returned true")
	}
	for f := 0; f < 120; f++ {
		c.Update(1.0 / 60)
	}
	if p := c.Position(); p.Sub(mgl64.Vec2{500, 400}).Len() > 1e-9 {
		t.Errorf("placed in the rock with no free place: after 2 s at %v, want it still at (500, 400)", p)
	}
	if !c.Place(mgl64.Vec2{500, 80}, mgl64.Vec2{0, -1}) {
		t.Error("Place 30 px under the surface returned false")
	}
}

// TestCreatureBodyDeepInRockIsLifted: a body that got deeper into the rock
// than BodyHeight every way during play (here moved there by hand, 60 px
// under the floor, every foot's hold lost) is lifted to the nearest free
// place by the frame's body check (bodyOut): its feet search again there
// and it stands on the floor (before, the body check gave up at that depth
// and the fall took the body through the floor and out of the world).
func TestCreatureBodyDeepInRockIsLifted(t *testing.T) {
	spider, err := NewSpiderDef(Sprites{})
	if err != nil {
		t.Fatal(err)
	}
	h := spider.BodyHeight()
	w := floorWorld(t, 450)
	c, err := New(spider, mgl64.Vec2{300, 450 - h}, w)
	if err != nil {
		t.Fatal(err)
	}
	c.pos = mgl64.Vec2{300, 510}
	for i := range c.legs {
		c.legs[i].state = legDangling // every hold lost in the rock
	}
	c.planted, c.airborn = 0, 0
	for f := 0; f < 120; f++ {
		c.Update(1.0 / 60)
	}
	if p := c.Position(); math.Abs(p[1]-(450-h)) > 3 || c.State() == StateFalling || c.Planted() < spider.Gait.MinPlanted {
		t.Errorf("body moved 60 px into the floor: after 2 s at %v, state %v, %d feet planted; want standing at y %v", p, c.State(), c.Planted(), 450-h)
	}
}
