package ikanim

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// holdWalker is a biped with the README's setup (WalkCycle, GroundFollower
// with Probe 24, default Grounder) on g; only the grounder's rays go through
// g's counter (the follower gets its own copy of the ground).
func holdWalker(t *testing.T, g *polyGround, x, y float64) (*Rig, *Grounder) {
	t.Helper()
	def, err := NewBipedDef(BipedSizes{}, BipedSprites{})
	if err != nil {
		t.Fatal(err)
	}
	r := mustRig(t, def)
	r.Teleport(mgl64.Vec2{x, y})
	fol, _ := NewGroundFollower(r, &polyGround{pts: g.pts})
	fol.Probe = 24
	gr, err := NewGrounder(r, g, BipedGrounderLegs()...)
	if err != nil {
		t.Fatal(err)
	}
	r.Source = &WalkCycle{}
	r.Add(fol, gr)
	return r, gr
}

// A planted foot that stays on the same spot casts one ray a frame instead
// of eight (Grounder.RecastPlanted), and the feet and the body are where
// casting all of them every frame puts them, to rounding: over slopes,
// stairs and a bump, both ways.
func TestGrounderPlantedFootCastsOneRay(t *testing.T) {
	course := func() *polyGround {
		return &polyGround{pts: []mgl64.Vec2{{-1e4, 300}, {200, 300}, {300, 260}, {340, 260}, {340, 244}, {372, 244}, {372, 228},
			{420, 228}, {430, 222}, {440, 228}, {520, 228}, {600, 268}, {1e4, 268}}}
	}
	gHold, gCast := course(), course()
	rHold, grHold := holdWalker(t, gHold, 150, 300)
	rCast, grCast := holdWalker(t, gCast, 150, 300)
	grCast.RecastPlanted = true
	worst := 0.0
	for i := 0; i < 1200; i++ {
		dir := 1.0
		if i >= 600 {
			dir = -1
		}
		for _, r := range []*Rig{rHold, rCast} {
			r.Facing = FacingRight
			if dir < 0 {
				r.Facing = FacingLeft
			}
			r.Position[0] += dir
		}
		rHold.Update(1.0 / 60)
		rCast.Update(1.0 / 60)
		for k := range 2 {
			a, b := grHold.Leg(k), grCast.Leg(k)
			if a.Grounded != b.Grounded || a.Planted != b.Planted {
				t.Fatalf("frame %d leg %d: grounded %v planted %v, with RecastPlanted %v %v", i, k, a.Grounded, a.Planted, b.Grounded, b.Planted)
			}
			worst = max(worst, math.Abs(a.Offset-b.Offset), math.Abs(a.Angle-b.Angle), a.Target.Sub(b.Target).Len())
		}
		worst = max(worst, math.Abs(grHold.Body()-grCast.Body()), rHold.Position.Sub(rCast.Position).Len())
	}
	t.Logf("grounder rays: %d holding planted feet, %d recasting every frame; largest difference %.3g", gHold.casts, gCast.casts, worst)
	if worst > 1e-9 {
		t.Errorf("feet or body %.3g px (rad) from where recasting every frame puts them, want <= 1e-9", worst)
	}
	if float64(gHold.casts) > 0.75*float64(gCast.casts) {
		t.Errorf("%d rays with held planted feet, %d recasting every frame: want at most 3/4", gHold.casts, gCast.casts)
	}
}

// Ground that moves or goes away under a standing foot's ankle is seen the
// same frame: a foot held on its spot sees its ankle ray find other ground
// and casts its rays again.
func TestGrounderHeldFootSeesTheGroundMove(t *testing.T) {
	for _, change := range []struct {
		name string
		pts  []mgl64.Vec2
	}{
		{"rises 6 px", []mgl64.Vec2{{-1e4, 294}, {1e4, 294}}},
		{"sinks 3 px", []mgl64.Vec2{{-1e4, 303}, {1e4, 303}}},
		{"tilts", []mgl64.Vec2{{-1e4, 300 + 1e4*0.1}, {1e4, 300 - 1e4*0.1}}},
	} {
		gHold, gCast := flatGround(300), flatGround(300)
		rHold, grHold := holdWalker(t, gHold, 150, 300)
		rCast, grCast := holdWalker(t, gCast, 150, 300)
		grCast.RecastPlanted = true
		for i := 0; i < 90; i++ { // standing: both feet planted
			if i == 60 {
				gHold.pts, gCast.pts = change.pts, change.pts
			}
			before := gHold.casts
			rHold.Update(1.0 / 60)
			rCast.Update(1.0 / 60)
			if i > 1 && i != 60 && gHold.casts-before != 2 {
				t.Fatalf("%s: frame %d: %d rays for two feet standing on the same spot, want 2", change.name, i, gHold.casts-before)
			}
			for k := range 2 {
				a, b := grHold.Leg(k), grCast.Leg(k)
				if !a.Planted {
					t.Fatalf("%s: frame %d leg %d not planted", change.name, i, k)
				}
				if d := math.Abs(a.Offset-b.Offset) + math.Abs(a.Angle-b.Angle); d > 1e-9 {
					t.Fatalf("%s: frame %d leg %d: offset %.4f angle %.4f, with RecastPlanted %.4f %.4f", change.name, i, k, a.Offset, a.Angle, b.Offset, b.Angle)
				}
			}
		}
	}
}
