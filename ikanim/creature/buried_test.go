package creature

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/solarlune/resolv"

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
