package creature

import (
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/ikanim/kit/ikanim"
	"github.com/ikanim/kit/ikanim/ik"
	"github.com/ikanim/kit/ikanim/internal/num"
)

func creatureLegs(n int) []LegDef {
	ls := make([]LegDef, n)
	for i := range ls {
		ls[i] = LegDef{Home: mgl64.Vec2{float64(10 * (i/2 - 1)), 20}, Segments: []float64{15, 15}, Far: i%2 == 1}
	}
	return ls
}

func TestNewCreatureDefErrorsNameTheField(t *testing.T) {
	for _, tc := range []struct {
		name  string
		edit  func(d *Def)
		field string
	}{
		{"one leg", func(d *Def) { d.Legs = d.Legs[:1] }, "Legs"},
		{"13 legs", func(d *Def) { d.Legs = creatureLegs(13) }, "Legs"},
		{"NaN segment", func(d *Def) { d.Legs[2].Segments = []float64{15, math.NaN()} }, "Legs[2].Segments[1]"},
		{"negative segment", func(d *Def) { d.Legs[1].Segments = []float64{-1, 15} }, "Legs[1].Segments[0]"},
		{"one segment", func(d *Def) { d.Legs[0].Segments = []float64{15} }, "Legs[0].Segments"},
		{"home above hip", func(d *Def) { d.Legs[3].Home = mgl64.Vec2{0, -5} }, "Legs[3].Home"},
		{"home out of reach", func(d *Def) { d.Legs[3].Home = mgl64.Vec2{0, 40} }, "Legs[3].Home"},
		{"infinite hip", func(d *Def) { d.Legs[0].Hip = mgl64.Vec2{math.Inf(1), 0} }, "Legs[0].Hip"},
		{"negative step", func(d *Def) { d.Gait.StepDistance = -3 }, "Gait.StepDistance"},
		{"NaN speed", func(d *Def) { d.Gait.Speed = math.NaN() }, "Gait.Speed"},
		{"reach ratio", func(d *Def) { d.Gait.ReachRatio = 1.5 }, "Gait.ReachRatio"},
		{"min planted", func(d *Def) { d.Gait.MinPlanted = 4 }, "Gait.MinPlanted"},
		{"tentacle limits", func(d *Def) {
			d.Legs[0].Segments = []float64{6, 6, 6, 6}
			d.Legs[0].Limits = make([]ik.Limit, 2)
		}, "Legs[0].Limits"},
		{"far shade", func(d *Def) { d.Sprites.FarShade = 2 }, "Sprites.FarShade"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := Def{Name: "bug", Legs: creatureLegs(4)}
			tc.edit(&d)
			_, err := NewDef(d)
			if err == nil {
				t.Fatalf("NewDef accepted %s", tc.name)
			}
			if !strings.Contains(err.Error(), tc.field) || !strings.Contains(err.Error(), `"bug"`) {
				t.Errorf("error %q does not name the field %s and the creature", err, tc.field)
			}
		})
	}
	if _, err := NewDef(Def{Name: "bug", Legs: creatureLegs(4)}); err != nil {
		t.Fatalf("valid definition rejected: %v", err)
	}
}

// Hand-derived groups: legs ranked front to back per side, group
// (rank+side) mod 2, neighbours the adjacent ranks and the partner.
func TestGaitGroupsAlternate(t *testing.T) {
	d := creatureTestSpider(t, 8) // legs 0..3 near (front..back), 4..7 far
	wantGroup := []int{0, 1, 0, 1, 1, 0, 1, 0}
	for i, w := range wantGroup {
		if got := d.LegGroup(i); got != w {
			t.Errorf("LegGroup(%d) = %d, want %d", i, got, w)
		}
	}
	wantNb := map[int][]int{0: {1, 4}, 1: {0, 2, 5}, 3: {2, 7}, 5: {4, 6, 1}}
	for i, w := range wantNb {
		got := d.LegNeighbours(i)
		if len(got) != len(w) {
			t.Errorf("LegNeighbours(%d) = %v, want %v", i, got, w)
			continue
		}
		for k := range w {
			if got[k] != w[k] {
				t.Errorf("LegNeighbours(%d) = %v, want %v", i, got, w)
			}
		}
	}
	// No two neighbours share a group: the alternating gait never lifts
	// adjacent legs together.
	for i := 0; i < 8; i++ {
		for _, j := range d.LegNeighbours(i) {
			if d.LegGroup(i) == d.LegGroup(j) {
				t.Errorf("neighbours %d and %d are both in group %d", i, j, d.LegGroup(i))
			}
		}
	}
}

// A planted foot never moves, and the gait rules hold on every frame without
// a forced lift (a foot out of reach lifts regardless, a leg with its knee in
// the ground whenever MinPlanted allows): no leg lifts while a neighbour is
// in the air, at least MinPlanted feet stay down.
func TestCreatureStanceInvariants(t *testing.T) {
	for _, scene := range []string{"flat", "slope30", "stairs16", "wall-corner"} {
		t.Run(scene, func(t *testing.T) {
			w := creatureTestWorld(t, scene)
			d := creatureTestSpider(t, 8)
			c, err := New(d, mgl64.Vec2{200, sceneGroundY - 28}, w)
			if err != nil {
				t.Fatal(err)
			}
			c.SetMove(1)
			var prev [8]LegState
			for i := range prev {
				prev[i] = c.Leg(i)
			}
			steps, forcedFrames := 0, 0
			for f := 0; f < 900; f++ {
				forced := c.forced
				c.Update(1.0 / 60)
				clean := c.forced == forced
				if !clean {
					forcedFrames++
				}
				for i := 0; i < 8; i++ {
					l := c.Leg(i)
					if l.Planted && prev[i].Planted && l.Contact != prev[i].Contact {
						t.Fatalf("frame %d: planted leg %d moved from %v to %v", f, i, prev[i].Contact, l.Contact)
					}
					if l.Stepping && prev[i].Planted {
						steps++
						for _, j := range d.LegNeighbours(i) {
							if clean && prev[j].Stepping && c.Leg(j).Stepping {
								t.Errorf("frame %d: leg %d lifted while its neighbour %d was in the air", f, i, j)
							}
						}
					}
				}
				lifted := false
				for i := 0; i < 8; i++ {
					lifted = lifted || (c.Leg(i).Stepping && prev[i].Planted)
					prev[i] = c.Leg(i)
				}
				if clean && lifted && c.Planted() < d.Gait.MinPlanted {
					t.Errorf("frame %d: %d feet planted after a lift, want >= MinPlanted %d", f, c.Planted(), d.Gait.MinPlanted)
				}
			}
			if steps < 60 {
				t.Errorf("only %d steps in 15 s of walking", steps)
			}
			t.Logf("%s: %d steps, %d frames with a forced lift", scene, steps, forcedFrames)
		})
	}
}

// The spider climbs the wall of "wall-corner" (inner corner) and walks over
// its top (outer corner): its up turns to the wall normal (-1,0), then back
// to (0,-1) on top, and its body never enters the block.
func TestCreatureClimbsWallAndTop(t *testing.T) {
	w := creatureTestWorld(t, "wall-corner")
	d := creatureTestSpider(t, 8)
	c, err := New(d, mgl64.Vec2{600, sceneGroundY - 28}, w)
	if err != nil {
		t.Fatal(err)
	}
	c.SetMove(1)
	onWall, onTop := false, false
	for f := 0; f < 900; f++ {
		c.Update(1.0 / 60)
		p, up := c.Position(), c.Up()
		if up.Dot(mgl64.Vec2{-1, 0}) > 0.95 {
			onWall = true
		}
		if onWall && up.Dot(mgl64.Vec2{0, -1}) > 0.95 && p[1] < sceneWallTop {
			onTop = true
		}
		if p[0] > sceneWallX+1 && p[0] < sceneWidth && p[1] > sceneWallTop+1 {
			t.Fatalf("frame %d: body %v inside the block (x > %v, y > %v)", f, p, sceneWallX, sceneWallTop)
		}
	}
	if !onWall || !onTop {
		t.Errorf("onWall %v, onTop %v: the spider did not climb the wall and walk onto its top", onWall, onTop)
	}
}

// Bad input never produces NaN and never panics.
func TestCreatureBadInputStaysFinite(t *testing.T) {
	w := creatureTestWorld(t, "flat")
	d := creatureTestSpider(t, 6)
	c, err := New(d, mgl64.Vec2{300, 500}, w)
	if err != nil {
		t.Fatal(err)
	}
	for _, dt := range []float64{math.NaN(), math.Inf(1), -1, 0, 5, 1e-9} {
		c.Update(dt)
	}
	c.SetTarget(mgl64.Vec2{math.NaN(), 0})
	c.SetMove(math.Inf(1))
	c.Update(1.0 / 60)
	c.Place(mgl64.Vec2{math.NaN(), 1}, mgl64.Vec2{0, 0})
	c.SetPath(nil, true)
	for f := 0; f < 200; f++ {
		c.Update(1.0 / 60)
	}
	if !num.FiniteVec(c.Position()) || !num.FiniteVec(c.Up()) {
		t.Fatalf("position %v up %v not finite", c.Position(), c.Up())
	}
	for i := 0; i < c.NumLegs(); i++ {
		l := c.Leg(i)
		for _, v := range []mgl64.Vec2{l.Hip, l.Knee, l.Ankle, l.Foot} {
			if !num.FiniteVec(v) {
				t.Fatalf("leg %d: %+v has a non-finite joint", i, l)
			}
		}
	}
	if _, err := New(nil, mgl64.Vec2{}, w); err == nil {
		t.Error("New(nil) gave no error")
	}
}

// A creature following a target arrives and stops.
func TestCreatureReachesTarget(t *testing.T) {
	w := creatureTestWorld(t, "flat")
	d := creatureTestSpider(t, 6)
	c, _ := New(d, mgl64.Vec2{300, sceneGroundY - 28}, w)
	target := mgl64.Vec2{700, sceneGroundY - 28}
	c.SetTarget(target)
	for f := 0; f < 600 && !c.Arrived(); f++ {
		c.Update(1.0 / 60)
	}
	if !c.Arrived() {
		t.Fatalf("not arrived after 10 s: at %v, target %v", c.Position(), target)
	}
	if got := c.Position().Sub(target).Len(); got > d.Gait.ArriveRadius {
		t.Errorf("stopped %v px from the target, want <= ArriveRadius %v", got, d.Gait.ArriveRadius)
	}
}

func TestCreatureUpdateDoesNotAllocate(t *testing.T) {
	w := creatureTestWorld(t, "wall-corner")
	for _, d := range []*Def{creatureTestSpider(t, 8), creatureTentacleDef(t)} {
		c, _ := New(d, mgl64.Vec2{500, sceneGroundY - 40}, w)
		c.SetPath([]mgl64.Vec2{{780, 300}, {300, 520}}, true)
		for f := 0; f < 60; f++ {
			c.Update(1.0 / 60)
		}
		if a := testing.AllocsPerRun(600, func() { c.Update(1.0 / 60) }); a != 0 {
			t.Errorf("%s: Update allocates %v times per frame, want 0", d.Name, a)
		}
	}
}

// Draw adds no allocation of its own: it allocates exactly what the same
// number of plain DrawImage calls allocate (ebiten's DrawImage allocates
// before the game loop runs, as in this headless test).
func TestCreatureDrawDoesNotAllocate(t *testing.T) {
	w := creatureTestWorld(t, "flat")
	img := ebiten.NewImage(8, 8)
	d := creatureTestSpider(t, 8)
	d.Sprites = Sprites{Body: ikanim.Sprite{Image: img}, Segments: []ikanim.Sprite{{Image: img, Length: 8}}, FarShade: 0.6}
	c, _ := New(d, mgl64.Vec2{300, sceneGroundY - 28}, w)
	dst := ebiten.NewImage(64, 64)
	opts := &ikanim.DrawOptions{}
	opts.GeoM.Translate(-250, -500)
	c.Draw(dst, opts)
	calls := 1 + 8*3 // body + 8 legs of 3 segments
	var op ebiten.DrawImageOptions
	plain := testing.AllocsPerRun(50, func() {
		for k := 0; k < calls; k++ {
			dst.DrawImage(img, &op)
		}
	})
	if a := testing.AllocsPerRun(50, func() { c.Draw(dst, opts) }); a > plain {
		t.Errorf("Draw allocates %v times per call, %v plain DrawImage calls allocate %v", a, calls, plain)
	}
}

func creatureTentacleDef(t testing.TB) *Def {
	d, err := NewTentacleDef(TentacleDef{Name: "squid"})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// A position that is not a place (NaN, infinite, beyond ik.MaxCoord) is an
// error naming the argument, not a creature moved somewhere else.
func TestNewRejectsABadPosition(t *testing.T) {
	d := creatureTestSpider(t, 8)
	w := creatureTestWorld(t, "flat")
	for _, p := range []mgl64.Vec2{{math.NaN(), 0}, {0, math.Inf(1)}, {2e7, 0}} {
		if _, err := New(d, p, w); err == nil || !strings.Contains(err.Error(), "pos") {
			t.Errorf("New at %v: err %v, want one naming pos", p, err)
		}
	}
}

// TestCreatureBadPathAndPlace (from a new user's trial): a path with a
// non-finite point is followed past it (it circled the level for 30 s,
// never reaching the point after it), a looping path of one point arrives
// there (it reported Blocked while standing on it), a path of nothing but
// non-finite points stands still, and Place with a non-finite position or
// one beyond ik.MaxCoord leaves the creature where it was (it teleported
// to (0, 0)).
func TestCreatureBadPathAndPlace(t *testing.T) {
	spider, _, _, _ := creatureSceneKinds(t)
	w := creatureTestWorld(t, "flat")
	y := sceneGroundY - spider.BodyHeight()
	c, err := New(spider, mgl64.Vec2{300, y}, w)
	if err != nil {
		t.Fatal(err)
	}
	nan := math.NaN()
	path := []mgl64.Vec2{{400, y}, {nan, nan}, {600, y}}
	c.SetPath(path, false)
	at := 0.0
	for f := 1; f <= 60*20 && at == 0; f++ {
		c.Update(1.0 / 60)
		if c.Arrived() {
			at = float64(f) / 60
		}
	}
	if at == 0 || c.Position().Sub(path[2]).Len() > spider.Gait.ArriveRadius {
		t.Errorf("path through a NaN point: arrived %v at %.1f s, at %.0f; want at (600, %.0f) within 20 s", c.Arrived(), at, c.Position(), y)
	}
	c.SetPath([]mgl64.Vec2{{500, y}}, true)
	for range 60 * 10 {
		c.Update(1.0 / 60)
	}
	if !c.Arrived() || c.State() != StateArrived {
		t.Errorf("looping path of one point: Arrived %v, state %v after 10 s at %.0f; want arrived", c.Arrived(), c.State(), c.Position())
	}
	c.SetPath([]mgl64.Vec2{{nan, 0}, {math.Inf(1), 0}}, true)
	before := c.Position()
	for range 60 * 3 {
		c.Update(1.0 / 60)
	}
	if d := c.Position().Sub(before).Len(); d > spider.Gait.ArriveRadius {
		t.Errorf("path of non-finite points: moved %.0f px, want it to stand", d)
	}
	for _, p := range []mgl64.Vec2{{nan, 1}, {1, math.Inf(-1)}, {2e7, 0}} {
		before := c.Position()
		c.Place(p, mgl64.Vec2{0, -1})
		if c.Position() != before {
			t.Errorf("Place(%v): moved to %v, want it to stay at %v", p, c.Position(), before)
		}
	}
}

// TestCreatureTargetInsideTheRockStops: a target inside the rock under a
// flat floor (a new user's trial: 140 px below it), or below the level's
// rectangle (a second trial's), cannot be reached; the
// creature stops where it lies straight below the body, as SetTarget
// says, and stays there, Blocked (it paced 160 px to and fro past it for
// 30 s, keeping its way round a solid toward a point beyond the surface).
func TestCreatureTargetInsideTheRockStops(t *testing.T) {
	spider, c6, c4, squid := creatureSceneKinds(t)
	for k, def := range []*Def{spider, c6, c4, squid, spider} {
		w := creatureTestWorld(t, "flat")
		below := 140.0
		if k == 4 {
			below = sceneHeight - sceneGroundY + 100 // below the level's rectangle
		}
		c, err := New(def, mgl64.Vec2{200, sceneGroundY - def.BodyHeight()}, w)
		if err != nil {
			t.Fatal(err)
		}
		c.SetTarget(mgl64.Vec2{400, sceneGroundY + below})
		lo, hi := math.Inf(1), math.Inf(-1)
		for f := 0; f < 60*20; f++ {
			c.Update(1.0 / 60)
			if f >= 60*10 {
				lo, hi = math.Min(lo, c.Position()[0]), math.Max(hi, c.Position()[0])
			}
		}
		r := def.Gait.ArriveRadius
		if lo < 400-r || hi > 400+r || c.State() != StateBlocked {
			t.Errorf("%s: from 10 s to 20 s at x %.0f..%.0f, %v; want within %.0f px of 400, blocked", def.Name, lo, hi, c.State(), r)
		}
	}
}
