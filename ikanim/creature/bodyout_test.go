package creature

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/terrain"
)

// boulderRoom is a new user's trial's level: a room 1600 x 720 (walls and
// a ceiling 20 px thick) with a floor at y = 560 and a field of boulders
// (circles of radius 13-34 px) resting on it, touching it or sunk into it.
func boulderRoom(t *testing.T) *terrain.World {
	t.Helper()
	w, err := terrain.New(1600, 720)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range [][4]float64{{0, 0, 20, 720}, {1580, 0, 20, 720}, {0, 0, 1600, 20}} {
		if _, err := w.AddBox(b[0], b[1], b[2], b[3], 0); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := w.AddGround([]mgl64.Vec2{{0, 560}, {1600, 560}}, 720, 0); err != nil {
		t.Fatal(err)
	}
	for _, c := range [][3]float64{
		{387.4395320586072, 532.5604679413929, 27.439532058607195},
		{471.8775824295856, 531.260298445119, 28.73970155488103},
		{526.7355374904403, 540.4538959083791, 19.54610409162087},
		{576.6820796794174, 551.7408806509635, 20.647798372591133},
		{651.2597513322064, 529.9400338903066, 30.059966109693352},
		{731.0041089773957, 551.6505656807059, 20.873585798235197},
		{792.4325379425716, 552.4692596889181, 18.82685077770487},
		{866.4985743386386, 526.0981144514376, 33.90188554856239},
		{953.7980804401263, 533.2449689427922, 26.75503105720776},
		{1015.0852517308685, 554.790217827314, 13.02445543171513},
		{1059.471294375615, 546.3157314658648, 13.684268534135157},
		{1100.1348288878717, 550.8903526504614, 22.77411837384646},
	} {
		if _, err := w.AddCircle(c[0], c[1], c[2], 0); err != nil {
			t.Fatal(err)
		}
	}
	return w
}

// TestCreatureBodyStaysOutOfBoulders: a tentacled creature of the trial's
// design (6 tentacles of 8 x 9 px) crosses the boulder field toward a
// point beyond it. Its height is kept above the mean of its contacts, and
// with tentacles on both sides of a boulder that mean lies inside it: the
// body sank into a boulder (609 frames at 60 TPS, 1,451 at 144) and at 144
// TPS through the floor and out of the world. With the body lifted out of
// a solid it got into (bodyOut), it is never inside one (the World's own
// Inside) in 25 s at 30, 60 and 144 TPS, and never below the floor.
func TestCreatureBodyStaysOutOfBoulders(t *testing.T) {
	def, err := NewTentacleDef(TentacleDef{Name: "t6", Arms: 6, Segments: 8, SegmentLength: 9})
	if err != nil {
		t.Fatal(err)
	}
	for _, exact := range []bool{true, false} {
		for _, tps := range []float64{30, 60, 144} {
			w := boulderRoom(t)
			c := newOnWorld(t, def, mgl64.Vec2{150, 560 - def.BodyHeight()}, w, exact)
			c.SetTarget(mgl64.Vec2{1350, 560})
			inside, lowest := 0, 0.0
			for f := 0; f < int(25*tps); f++ {
				c.Update(1 / tps)
				if w.Inside(c.Position()) {
					inside++
				}
				lowest = max(lowest, c.Position()[1])
			}
			t.Logf("GroundInside %v, %.0f TPS: body inside a solid in %d frames, lowest at y %.0f, final %.0f %v", exact, tps, inside, lowest, c.Position(), c.State())
			if exact && (inside != 0 || lowest > 560) {
				t.Errorf("%.0f TPS: body inside a solid in %d frames, lowest at y %.0f; want 0 and above the floor (560)", tps, inside, lowest)
			}
		}
	}
}

// TestCreatureStaysInTheLevel: a floor built as the README builds ground
// (AddGround down to the World's bottom, from its left edge to its right)
// and a creature of every preset shape walking right (SetMove(1)) for
// 20 s. Without the level's rectangle (a Ground with rays only) the
// spider walks round the floor's end, down its end face and along its
// underside, outside the level; on the World (GroundBounds) every shape
// stops at the end: its body never goes more than 4 px past the level's
// edge nor 4 px below the floor's top (it does not fall), at 30, 60 and
// 144 TPS. (With footholds refused outside the rectangle but the walk not
// stopped, every shape walked on past the end, its front feet dangling,
// and fell.)
func TestCreatureStaysInTheLevel(t *testing.T) {
	spider, c6, c4, squid := creatureSceneKinds(t)
	for _, bounded := range []bool{true, false} {
		for _, def := range []*Def{spider, c6, c4, squid} {
			for _, tps := range []float64{30, 60, 144} {
				w, err := terrain.New(800, 400)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := w.AddGround([]mgl64.Vec2{{0, 300}, {800, 300}}, 400, 0); err != nil {
					t.Fatal(err)
				}
				c := newOnWorld(t, def, mgl64.Vec2{400, 300 - def.BodyHeight()}, w, bounded)
				c.SetMove(1)
				out := 0
				for f := 0; f < int(20*tps); f++ {
					c.Update(1 / tps)
					if p := c.Position(); p[0] < -4 || p[0] > 804 || p[1] < 0 || p[1] > 304 {
						out++
					}
				}
				if !bounded {
					if def == spider && tps == 60 {
						t.Logf("rays only, %s %.0f TPS: body outside the level in %d frames, at %.0f", def.Name, tps, out, c.Position())
					}
					continue
				}
				if out != 0 {
					t.Errorf("%s %.0f TPS: body outside the level in %d frames (at %.0f), want 0", def.Name, tps, out, c.Position())
				}
			}
		}
	}
}

// TestCreatureBodyOutSideways: a body 1 px inside a pillar's left face,
// its up pointing into the pillar and its forward axis along it (the
// pillar reaches more than BodyHeight every way but out of that face),
// leaves the pillar through that face, bodyClear off it; along up alone
// (as until the sideways ways) it stayed inside.
func TestCreatureBodyOutSideways(t *testing.T) {
	spider, _, _, _ := creatureSceneKinds(t)
	w := creatureTestWorld(t, "flat")
	const x0 = 500.0
	if _, err := w.AddBox(x0, 100, 200, sceneGroundY-100, terrain.TagWall); err != nil {
		t.Fatal(err)
	}
	c, err := New(spider, mgl64.Vec2{300, sceneGroundY - spider.BodyHeight()}, w)
	if err != nil {
		t.Fatal(err)
	}
	c.pos = mgl64.Vec2{x0 + 1, 300}
	c.up = mgl64.Vec2{1, 0}
	c.bodyOut(w)
	if w.Inside(c.pos) {
		t.Fatalf("body still inside the pillar at %v", c.pos)
	}
	if want := (mgl64.Vec2{x0 - bodyClear, 300}); c.pos.Sub(want).Len() > 1e-9 {
		t.Errorf("body at %v, want %v", c.pos, want)
	}
}
