package creature

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/solarlune/resolv"

	"github.com/ikanim/kit/ikanim"
	"github.com/ikanim/kit/ikanim/quality"
	"github.com/ikanim/kit/terrain"
)

// creatureOverlapWorld is a small hand-built terrain with overlapping solids:
// a floor (top y=500), slab A (x 200..500, y 440..460) and slab B
// (x 260..560, y 450..480), whose top face from x=260 to 500 is buried
// inside A (10 px below A's top).
func creatureOverlapWorld(t testing.TB) *terrain.World {
	t.Helper()
	w, err := terrain.New(800, 600)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range [][4]float64{{0, 500, 800, 100}, {200, 440, 300, 20}, {260, 450, 300, 30}} {
		if _, err := w.AddBox(b[0], b[1], b[2], b[3], 0); err != nil {
			t.Fatal(err)
		}
	}
	return w
}

// creatureFootInside returns the solid of w that contains the point just off
// a planted foot's surface (foot + 0.05*normal), or nil. It uses resolv's own
// point-in-shape test, independent of the ray casts the creature uses.
func creatureFootInside(w *terrain.World, foot, n mgl64.Vec2) resolv.IShape {
	p := foot.Add(n.Mul(0.05))
	var got resolv.IShape
	w.Space().ForEachShape(func(s resolv.IShape, _, _ int) bool {
		if (resolv.Vector{X: p[0], Y: p[1]}).IsInside(s) {
			got = s
			return false
		}
		return true
	})
	return got
}

// TestCreatureFootholdNotInsideAnotherSolid: a ray that starts inside a
// solid crosses faces buried in it (here B's top inside A) before it leaves;
// such a crossing is an entering hit with an upward normal, so the ray's own
// checks accept it. The creature is placed with its body inside slab A, so
// its foothold rays start inside A: no foot may be planted on B's buried top
// (or anywhere inside a solid); a foot with no honest foothold dangles.
func TestCreatureFootholdNotInsideAnotherSolid(t *testing.T) {
	w := creatureOverlapWorld(t)
	_, _, c4, _ := creatureSceneKinds(t)
	for _, x := range []float64{300, 350, 400, 450} {
		c, err := New(c4, mgl64.Vec2{x, 445}, w)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < c.NumLegs(); i++ {
			l := c.Leg(i)
			if !l.Planted {
				continue
			}
			if s := creatureFootInside(w, l.Contact, l.Normal); s != nil {
				t.Errorf("body at x=%v: leg %d planted at %v (normal %v) inside the solid %v", x, i, l.Contact, l.Normal, s.Bounds())
			}
		}
	}
}

// TestCreatureWalkOverOverlapNeverBuriesFeet walks a spider and two crawlers
// back and forth over the overlapping slabs for 12 s at 60 TPS and checks
// every planted foot of every frame against resolv's point-in-shape test.
func TestCreatureWalkOverOverlapNeverBuriesFeet(t *testing.T) {
	w := creatureOverlapWorld(t)
	spider, c6, c4, _ := creatureSceneKinds(t)
	var cs []*Creature
	for k, d := range []*Def{spider, c6, c4, spider, c6, c4} {
		x := 230 + 60*float64(k)
		c, err := New(d, mgl64.Vec2{x, 440 - d.BodyHeight()}, w)
		if err != nil {
			t.Fatal(err)
		}
		c.SetPath([]mgl64.Vec2{{120, 480}, {640, 480}}, true)
		cs = append(cs, c)
	}
	bad := 0
	for f := 0; f < 720; f++ {
		for ci, c := range cs {
			c.Update(1.0 / 60)
			for i := 0; i < c.NumLegs(); i++ {
				l := c.Leg(i)
				if !l.Planted {
					continue
				}
				if s := creatureFootInside(w, l.Contact, l.Normal); s != nil {
					if bad < 5 {
						t.Errorf("frame %d creature %d leg %d planted at %v (normal %v) inside the solid %v", f, ci, i, l.Contact, l.Normal, s.Bounds())
					}
					bad++
				}
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d planted-foot samples inside a solid", bad)
	}
}

// TestCreatureMeasureGapInsideVersusCrevice checks the quality tests' gap
// measurement on hand geometry: a foot on B's top buried 10 px inside slab A
// is sunk by 10 px; a foot on the floor under a thin plank (4 px thick, its
// underside 6 px above the floor) is outside every solid, so its gap is 0,
// although the 12 px measuring ray crosses the plank first; a foot 0.5 px
// above the floor floats by 0.5 px.
func TestCreatureMeasureGapInsideVersusCrevice(t *testing.T) {
	w := creatureOverlapWorld(t)
	if _, err := w.AddBox(600, 490, 100, 4, 0); err != nil {
		t.Fatal(err)
	}
	up := mgl64.Vec2{0, -1}
	for _, c := range []struct {
		name string
		foot mgl64.Vec2
		want float64
	}{
		{"buried in A", mgl64.Vec2{300, 450}, -10},
		{"under a plank", mgl64.Vec2{650, 500}, 0},
		{"floating", mgl64.Vec2{750, 499.5}, 0.5},
		{"on A", mgl64.Vec2{300, 440}, 0},
	} {
		if got := quality.GapAlong(w, c.foot, up); math.Abs(got-c.want) > 1e-9 {
			t.Errorf("%s: quality.GapAlong(%v) = %v, want %v", c.name, c.foot, got, c.want)
		}
	}
}

// raysOnly hides a Ground's other methods (GroundInside): the creature
// tests buried footholds with its rays.
type raysOnly struct{ g ikanim.Ground }

func (r raysOnly) Raycast(a, b mgl64.Vec2) (mgl64.Vec2, mgl64.Vec2, bool) { return r.g.Raycast(a, b) }

// newOnWorld returns a creature of def standing at pos on w itself (exact:
// the World answers GroundInside and GroundBounds too) or on w seen
// through raysOnly.
func newOnWorld(t *testing.T, def *Def, pos mgl64.Vec2, w *terrain.World, exact bool) *Creature {
	t.Helper()
	var g ikanim.Ground = w
	if !exact {
		g = raysOnly{w}
	}
	c, err := New(def, pos, g)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestCreatureNoFootholdOnASharedSide: stairs of 8 risers of 30 px and
// treads of 40 px built with AddGround, whose columns share their sides
// (a new user's trial), climbed by a small crawler of the trial's own
// design (4 legs of 10 + 11 + 5 px, hips 22 px apart). A foothold ray that
// starts inside a column finds the side it shares with the next one as
// an entering face; the body's rays along that face stay inside the
// column. With the World answering whether a point is inside a solid
// (GroundInside), no planted foot stands inside the rock (its contact
// 1 px both ways along its normal inside the stairs) in 25 s at 30, 60
// and 144 TPS, and the crawler gets up the stairs (beyond x = 620) at
// every rate; tested by rays alone, at 60 TPS it planted feet on the side
// shared at x = 620 in 867 frames and walked down inside the stairs.
func TestCreatureNoFootholdOnASharedSide(t *testing.T) {
	var legs []LegDef
	for side := 0; side < 2; side++ {
		for _, hx := range []float64{22, -22} {
			legs = append(legs, LegDef{Hip: mgl64.Vec2{hx * 0.5, 2}, Home: mgl64.Vec2{hx, 10}, Segments: []float64{10, 11, 5}, Far: side == 1})
		}
	}
	def, err := NewDef(Def{Name: "squat4", Legs: legs})
	if err != nil {
		t.Fatal(err)
	}
	for _, exact := range []bool{true, false} {
		for _, tps := range []float64{30, 60, 144} {
			w, err := terrain.New(1600, 720)
			if err != nil {
				t.Fatal(err)
			}
			pts := terrain.Stairs(300, 560, 40, 30, 8)
			pts = append(pts, mgl64.Vec2{1600, pts[len(pts)-1][1]})
			if _, err := w.AddGround(append([]mgl64.Vec2{{0, 560}}, pts...), 720, 0); err != nil {
				t.Fatal(err)
			}
			c := newOnWorld(t, def, mgl64.Vec2{150, 560 - def.BodyHeight()}, w, exact)
			c.SetTarget(mgl64.Vec2{1100, 320})
			buried := 0
			for f := 0; f < int(25*tps); f++ {
				c.Update(1 / tps)
				for i := 0; i < c.NumLegs(); i++ {
					if l := c.Leg(i); l.Planted && w.Inside(l.Foot.Sub(l.Normal)) && w.Inside(l.Foot.Add(l.Normal)) {
						buried++
					}
				}
			}
			t.Logf("exact %v, %.0f TPS: %d leg-frames planted inside the rock; the body at %.0f", exact, tps, buried, c.Position())
			if exact && (buried != 0 || c.Position()[0] < 620) {
				t.Errorf("%.0f TPS: %d leg-frames planted inside the rock, body at %.0f; want 0 and past x = 620", tps, buried, c.Position())
			}
		}
	}
}
