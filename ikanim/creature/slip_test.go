package creature

import (
	"fmt"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/quality"
	"github.com/ikanim/kit/terrain"
)

// A planted foot is locked in world space, and the drawn tip of its leg
// (Leg(i).Foot, the end of the tarsus for 3-segment legs) must stay on it:
// QUALITY.md's foot slip is at most 0.5 px per stance. The tip leaves the
// contact only when the body constraint cannot keep the leg's two-bone
// target within what the kernel reaches (|femur - tibia| to femur + tibia).
// That happens when two planted feet pull the body in opposite directions:
// a foot that landed under the hip on a surface rising into the body, and a
// rear foot holding the body back at full stretch
// (TestCreatureTugOfWarKeepsTipsOnContacts builds that state by hand). The
// walking sweep below is a regression guard over rough terrain: steps about
// the body's height, steep hills and sharp peaks like the swarm level's.

// creatureSlipTerrain is a small hand-built terrain.
type creatureSlipTerrain struct {
	name  string
	rows  []string                                     // FromASCII rows, cell creatureSlipCell
	build func(t *testing.T) (*terrain.World, float64) // or a builder: the world and its width
}

// creatureSlipPeak builds flat ground at y=200 with a triangular peak of
// half-width hw and height h centred at x=300, 600 px wide.
func creatureSlipPeak(hw, h float64) func(t *testing.T) (*terrain.World, float64) {
	return func(t *testing.T) (*terrain.World, float64) {
		w, err := terrain.New(600, 400)
		if err != nil {
			t.Fatal(err)
		}
		pts := []mgl64.Vec2{{0, 200}, {300 - hw, 200}, {300, 200 - h}, {300 + hw, 200}, {600, 200}}
		if _, err := w.AddGround(pts, 400, 0); err != nil {
			t.Fatal(err)
		}
		return w, 600
	}
}

const creatureSlipCell = 8

// creatureSlipTerrains: stairs and hills whose risers are about the body's
// height (28 px), built from ASCII cells of 8 px.
// creatureSlipRock builds the swarm level's sharp peak (a 57-degree
// triangle, 112 px wide and 87 px high) standing on a rock (a circle) next
// to a ledge (a box), above flat ground at y=300, 400 px wide.
func creatureSlipRock(t *testing.T) (*terrain.World, float64) {
	w, err := terrain.New(400, 400)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.AddPolygon([]mgl64.Vec2{{144.27, 181.47}, {200.11, 94.18}, {255.95, 181.47}}, terrain.TagGround); err != nil {
		t.Fatal(err)
	}
	if _, err := w.AddCircle(199.63, 196.56, 45.29, terrain.TagGround); err != nil {
		t.Fatal(err)
	}
	if _, err := w.AddBox(240.15, 166.51, 160, 24.56, terrain.TagGround); err != nil {
		t.Fatal(err)
	}
	if _, err := w.AddGround([]mgl64.Vec2{{0, 300}, {400, 300}}, 400, 0); err != nil {
		t.Fatal(err)
	}
	return w, 400
}

var creatureSlipTerrains = []creatureSlipTerrain{
	{name: "rock", build: creatureSlipRock},
	{name: "tall-steps", rows: []string{
		"........................................................................",
		"........................................................................",
		"........................................................................",
		"........................................................................",
		"........................................................................",
		"........................................................................",
		"....................................................####################",
		"....................................................####################",
		"....................................................####################",
		"....................................###################################",
		"....................................###################################",
		"....................................###################################",
		"....................###################################################",
		"....................###################################################",
		"....................###################################################",
		"########################################################################",
		"########################################################################",
	}},
	{name: "steep-hills", rows: []string{
		"........................................................................",
		"........................................................................",
		"........................................................................",
		"........................................................................",
		"........................................................................",
		"........................................................................",
		"....................../##\\..................../###\\.....................",
		"...................../####\\................../#####\\....................",
		"..................../######\\................/#######\\...................",
		"................../#########\\............../#########\\..................",
		"................/############\\............/###########\\.................",
		"..............###############\\........../#############\\................",
		".............#################\\.......###################...............",
		"........../####################\\..../######################\\...........",
		"........./######################\\../########################\\..........",
		"########################################################################",
		"########################################################################",
	}},
	{name: "peak45", build: creatureSlipPeak(60, 60)},
	{name: "peak57", build: creatureSlipPeak(56, 87)},
	{name: "peak65", build: creatureSlipPeak(40, 86)},
	{name: "peak57-low", build: creatureSlipPeak(28, 43)},
}

// TestCreaturePlantedTipDoesNotSlide walks the spiders scene's creatures
// (the 8-legged spider with 3-segment legs, the 6- and 4-legged crawlers)
// back and forth over each terrain from starts every 31 px and checks that
// no planted foot's drawn tip moves more than 0.5 px during a stance.
func TestCreaturePlantedTipDoesNotSlide(t *testing.T) {
	spider, c6, c4, _ := creatureSceneKinds(t)
	for _, tr := range creatureSlipTerrains {
		for _, def := range []*Def{spider, c6, c4} {
			t.Run(tr.name+"/"+def.Name, func(t *testing.T) {
				var w *terrain.World
				var width float64
				if tr.build != nil {
					w, width = tr.build(t)
				} else {
					var err error
					if w, err = terrain.FromASCII(tr.rows, creatureSlipCell); err != nil {
						t.Fatal(err)
					}
					width = float64(len(tr.rows[0]) * creatureSlipCell)
				}
				var m quality.Meter
				worst, worstAt := 0.0, ""
				for x := 20.0; x < width-20; x += 31 {
					for _, dir := range []float64{-1, 1} {
						c, err := New(def, mgl64.Vec2{x, 0}, w)
						if err != nil {
							t.Fatal(err)
						}
						// Drop it onto the surface below x.
						p, _, ok := w.Raycast(mgl64.Vec2{x, 1}, mgl64.Vec2{x, 399})
						if !ok {
							continue
						}
						c.Place(p.Sub(mgl64.Vec2{0, def.BodyHeight()}), mgl64.Vec2{0, -1})
						var st [MaxLegs]quality.Stance
						for f := 0; f < 600; f++ {
							q := c.Position()
							if (dir > 0 && q[0] > width-30) || (dir < 0 && q[0] < 30) || f%240 == 239 {
								dir = -dir
							}
							c.SetMove(dir)
							c.Update(1.0 / 60)
							for i := 0; i < c.NumLegs(); i++ {
								l := c.Leg(i)
								st[i].Track(&m, l.Planted, l.Foot)
								if d := l.Foot.Sub(l.Contact).Len(); l.Planted && d > worst {
									worst, worstAt = d, fmt.Sprintf("start x %.0f, frame %d, leg %d", x, f, i)
								}
							}
						}
						for i := range st {
							st[i].Flush(&m)
						}
					}
				}
				t.Logf("%d stances, slip max %.3g px, tip off contact max %.3g px (%s)", m.Stances(), m.FootSlipMax(), worst, worstAt)
				if m.Stances() < 100 {
					t.Fatalf("only %d stances: the creature did not walk", m.Stances())
				}
				if s := m.FootSlipMax(); s > 0.5 {
					t.Errorf("foot slip %.3f px, want <= 0.5 px per stance", s)
				}
			})
		}
	}
}

// creatureSlipTipOff returns how far the drawn tip of the planted leg
// furthest from its contact is from it, and that leg (-1 when none is
// planted).
func creatureSlipTipOff(c *Creature) (worst float64, leg int) {
	leg = -1
	for i := 0; i < c.NumLegs(); i++ {
		if l := c.Leg(i); l.Planted {
			if d := l.Foot.Sub(l.Contact).Len(); leg < 0 || d > worst {
				worst, leg = d, i
			}
		}
	}
	return worst, leg
}

// TestCreatureTugOfWarKeepsTipsOnContacts builds the swarm's failure by
// hand: a spider stands on flat ground, its rear far leg (R4) planted
// behind at full stretch, and the far leg in front of it (R3) planted on a
// stone that rises under its hip, its two-bone target 1 px from the hip on
// the line toward R4's target. The body constraint pushes the body away from
// R3 exactly along the direction R4 pulls it back, so no body position
// found by its sweeps satisfies both; R3's target stays closer to the hip
// than the two-bone kernel folds (|femur - tibia| = 4 px) and its drawn tip
// would leave the contact by about 3 px. The leg must lift instead: every
// planted tip stays on its contact, every frame, and no stance slips more
// than 0.5 px while the spider then walks on.
func TestCreatureTugOfWarKeepsTipsOnContacts(t *testing.T) {
	spider, _, _, _ := creatureSceneKinds(t)
	const ground = 200.0
	const r3, r4 = 6, 7 // far side, ranks 2 and 3
	// Each constraint sweep pushes the body from R3 to its least distance
	// and R4 pulls it back by that much plus excess, so the sweeps leave
	// R3's target near - 2*excess from its hip, inside the 4 px fold.
	const excess, near = 0.4, 2.0
	if !spider.Legs[r3].Far || !spider.Legs[r4].Far {
		t.Fatalf("legs %d, %d are not the far R3, R4", r3, r4)
	}
	body := mgl64.Vec2{300, ground - spider.BodyHeight()}
	flat := func() *Creature {
		w, err := terrain.New(600, 400)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.AddGround([]mgl64.Vec2{{0, ground}, {600, ground}}, 400, 0); err != nil {
			t.Fatal(err)
		}
		c, err := New(spider, body, w)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	c := flat()
	ld4, ld3 := &spider.legs[r4], &spider.legs[r3]
	f := c.frame()
	target := func(ld *legDef, foot mgl64.Vec2) (hip, tgt mgl64.Vec2) {
		hx, hy, tx, ty := c.legPoints(&f, foot, 0, -1, ld) // on the flat ground
		return mgl64.Vec2{hx, hy}, mgl64.Vec2{tx, ty}
	}
	// R4's foot on the ground behind (x < body), its target excess px beyond
	// the constraint's bound: bisection on x.
	lo, hi := body[0]-ld4.reach-20, body[0]
	for k := 0; k < 100; k++ {
		mid := (lo + hi) / 2
		h, tg := target(ld4, mgl64.Vec2{mid, ground})
		if tg.Sub(h).Len() > ld4.maxDist+excess {
			lo = mid
		} else {
			hi = mid
		}
	}
	foot4 := mgl64.Vec2{lo, ground}
	hip4, t4 := target(ld4, foot4)
	u := t4.Sub(hip4).Normalize()
	// R3's foot such that its target is hip3 + u*near (fixed point: the tarsus
	// offset depends only weakly on the foot).
	hip3, _ := target(ld3, mgl64.Vec2{})
	foot3 := hip3
	for k := 0; k < 50; k++ {
		_, t3 := target(ld3, foot3)
		foot3 = hip3.Add(u.Mul(near)).Sub(t3.Sub(foot3))
	}
	if _, t3 := target(ld3, foot3); math.Abs(t3.Sub(hip3).Len()-near) > 1e-6 {
		t.Fatalf("setup: R3's target is %.6f px from its hip, want %v", t3.Sub(hip3).Len(), near)
	}
	// The stone under R3's foot.
	w, err := terrain.New(600, 400)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.AddGround([]mgl64.Vec2{{0, ground}, {600, ground}}, 400, 0); err != nil {
		t.Fatal(err)
	}
	if _, err := w.AddBox(foot3[0]-4, foot3[1], 8, ground-foot3[1], terrain.TagGround); err != nil {
		t.Fatal(err)
	}
	c.legs[r4].foot, c.legs[r4].normal = foot4, mgl64.Vec2{0, -1}
	c.legs[r3].foot, c.legs[r3].normal = foot3, mgl64.Vec2{0, -1}
	c.prepareLegs(nil)

	var m quality.Meter
	var st [MaxLegs]quality.Stance
	offs := 0
	for fr := 0; fr < 240; fr++ {
		if fr >= 5 {
			c.SetMove(1)
		}
		c.Update(1.0 / 60)
		if d, i := creatureSlipTipOff(c); d > 1e-6 && offs == 0 {
			t.Errorf("frame %d: planted leg %d's tip is drawn %.3f px off its contact", fr, i, d)
			offs++
		}
		for i := 0; i < c.NumLegs(); i++ {
			l := c.Leg(i)
			st[i].Track(&m, l.Planted, l.Foot)
		}
	}
	for i := range st {
		st[i].Flush(&m)
	}
	if m.Stances() < 16 {
		t.Errorf("%d stances: the spider did not walk on", m.Stances())
	}
	if s := m.FootSlipMax(); s > 0.5 {
		t.Errorf("foot slip %.3f px, want <= 0.5 px per stance", s)
	}
	if x := c.Position()[0]; x < body[0]+100 {
		t.Errorf("the spider walked to x %.0f, want beyond %.0f", x, body[0]+100)
	}
}
