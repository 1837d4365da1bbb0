package creature

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/internal/num"
	"github.com/ikanim/kit/ikanim/quality"
	"github.com/ikanim/kit/terrain"
)

// Steep peaks. A creature that climbs a sharp peak must turn its up over
// the apex onto the far flank: the far flank's normal turns 114 degrees
// (57-degree peak) or 130 degrees (65-degree peak) from the near flank's,
// so footholds there must be accepted that far from up (minFacing).
// A creature that loses every foothold falls; the fall must be swept, never
// pass through the ground, and the body must not walk through the air.

// creaturePeakRun walks def back and forth over the peak terrain from x0 for
// frames frames at 60 TPS and returns the stances, the apex crossings, the
// distance walked along x, the largest move of the body in one frame and the
// body's bounding box.
func creaturePeakRun(t *testing.T, def *Def, w *terrain.World, x0 float64, frames int) (stances, crossings int, dist, jump float64, lo, hi mgl64.Vec2) {
	t.Helper()
	p, _, ok := w.Raycast(mgl64.Vec2{x0, 1}, mgl64.Vec2{x0, 399})
	if !ok {
		t.Fatalf("no ground below x %v", x0)
	}
	c, err := New(def, p.Sub(mgl64.Vec2{0, def.BodyHeight()}), w)
	if err != nil {
		t.Fatal(err)
	}
	var m quality.Meter
	var st [MaxLegs]quality.Stance
	dir := 1.0
	prev := c.Position()
	lo, hi = prev, prev
	side := prev[0] > 300
	for f := 0; f < frames; f++ {
		if q := c.Position(); (dir > 0 && q[0] > 570) || (dir < 0 && q[0] < 30) {
			dir = -dir
		}
		c.SetMove(dir)
		c.Update(1.0 / 60)
		q := c.Position()
		if !num.FiniteVec(q) {
			t.Fatalf("frame %d: position %v", f, q)
		}
		jump = math.Max(jump, q.Sub(prev).Len())
		dist += math.Abs(q[0] - prev[0])
		prev = q
		lo = mgl64.Vec2{math.Min(lo[0], q[0]), math.Min(lo[1], q[1])}
		hi = mgl64.Vec2{math.Max(hi[0], q[0]), math.Max(hi[1], q[1])}
		if s := q[0] > 300; s != side {
			side = s
			crossings++
		}
		for i := 0; i < c.NumLegs(); i++ {
			l := c.Leg(i)
			st[i].Track(&m, l.Planted, l.Foot)
		}
	}
	for i := range st {
		st[i].Flush(&m)
	}
	return m.Stances(), crossings, dist, jump, lo, hi
}

// TestCreatureSteepPeaksProgressBounded walks the three creature kinds of
// the spiders scene over the 57- and 65-degree peaks (ground at y=200, apex
// at x=300, 600 px wide) from five starts, 1800 frames each. Bounds: the body
// stays over the terrain (x in [0, 600], y in [0, 200]: above the ground
// line, below the top of the world) and moves at most 12 px in a frame (the
// terminal fall is 600/60 = 10 px; walking ~2 px plus the body constraint's
// capped pull, 480/60 = 8 px, stay below it; a creature flung off the world
// moved hundreds of px per frame, and a foot landing far from its hip
// snapped the body by up to 23 px before the pull was capped). Progress over the five runs: the
// body crosses the apex at least 8 times and the feet make at least 800
// stances (a creature stuck at the apex makes ~30-70 per run).
func TestCreatureSteepPeaksProgressBounded(t *testing.T) {
	spider, c6, c4, _ := creatureSceneKinds(t)
	for _, pk := range []struct {
		name  string
		hw, h float64
	}{{"peak57", 56, 87}, {"peak65", 40, 86}} {
		for _, def := range []*Def{spider, c6, c4} {
			t.Run(pk.name+"/"+def.Name, func(t *testing.T) {
				sumSt, sumCross, sumDist, worstJump := 0, 0, 0.0, 0.0
				for _, x0 := range []float64{100, 200, 300, 400, 500} {
					w, _ := creatureSlipPeak(pk.hw, pk.h)(t)
					st, cr, dist, jump, lo, hi := creaturePeakRun(t, def, w, x0, 1800)
					if lo[0] < 0 || hi[0] > 600 || lo[1] < 0 || hi[1] > 200 {
						t.Errorf("start x %v: body left the terrain: x in [%.0f, %.0f], y in [%.0f, %.0f]", x0, lo[0], hi[0], lo[1], hi[1])
					}
					if jump > 12 {
						t.Errorf("start x %v: body moved %.1f px in one frame, want <= 12", x0, jump)
					}
					sumSt += st
					sumCross += cr
					sumDist += dist
					worstJump = math.Max(worstJump, jump)
				}
				t.Logf("%d stances, %d apex crossings, %.0f px walked along x, largest move %.2f px/frame", sumSt, sumCross, sumDist, worstJump)
				if sumCross < 8 {
					t.Errorf("%d apex crossings in 5 runs, want >= 8", sumCross)
				}
				if sumSt < 800 {
					t.Errorf("%d stances in 5 runs, want >= 800", sumSt)
				}
			})
		}
	}
}

// TestCreatureFallIsSwept drops creatures whose up is tilted 57 degrees
// (the up of a peak's flank) from 150 px above flat ground at y=200 while
// they are commanded to walk: no foot reaches the ground, so they fall
// along their tilted down. The fall must stop on the ground, not pass
// through it (body above y=200 at every frame, x within the world), and the
// feet must plant again (the creature stops walking once a foot plants).
func TestCreatureFallIsSwept(t *testing.T) {
	spider, c6, c4, _ := creatureSceneKinds(t)
	w, err := terrain.New(600, 400)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.AddGround([]mgl64.Vec2{{0, 200}, {600, 200}}, 400, 0); err != nil {
		t.Fatal(err)
	}
	for _, def := range []*Def{spider, c6, c4} {
		for _, s := range []float64{-1, 1} {
			c, err := New(def, mgl64.Vec2{300, 50}, w)
			if err != nil {
				t.Fatal(err)
			}
			up := mgl64.Vec2{s * 0.84, -0.54}
			c.Place(mgl64.Vec2{300, 50}, up)
			if c.Planted() != 0 {
				t.Fatalf("%s: %d feet planted 150 px above the ground", def.Name, c.Planted())
			}
			landed := -1
			for f := 0; f < 600; f++ {
				if landed < 0 {
					c.SetMove(1)
				} else {
					c.Stop()
				}
				c.Update(1.0 / 60)
				q := c.Position()
				if !(q[1] < 200 && q[0] > 0 && q[0] < 600) {
					t.Fatalf("%s up %v: frame %d: body at %v, below the ground or off the world", def.Name, up, f, q)
				}
				if landed < 0 && c.Planted() > 0 {
					landed = f
				}
			}
			if landed < 0 {
				t.Errorf("%s up %v: no foot planted after the fall", def.Name, up)
			}
		}
	}
}
