package creature

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/terrain"
)

// rayLog is a World that answers BoxClear and records every ray of a frame.
type rayLog struct {
	w    *terrain.World
	rays [][2]mgl64.Vec2
}

func (g *rayLog) Raycast(a, b mgl64.Vec2) (mgl64.Vec2, mgl64.Vec2, bool) {
	g.rays = append(g.rays, [2]mgl64.Vec2{a, b})
	return g.w.Raycast(a, b)
}
func (g *rayLog) Inside(p mgl64.Vec2) bool        { return g.w.Inside(p) }
func (g *rayLog) Bounds() (lo, hi mgl64.Vec2)     { return g.w.Bounds() }
func (g *rayLog) BoxClear(lo, hi mgl64.Vec2) bool { return g.w.BoxClear(lo, hi) }

// TestNoFemurRayWhereItsRectangleIsClear: the leg checks that confirm a
// leg through a solid with a ray from hip to knee (the leg guard,
// guardLegs, and the knee below another foot's face, kneeAcross) cast it
// only where the Ground does not prove the femur's own rectangle clear
// (BoxClear: every ray in it would miss, so the answer is the same;
// TestBoxClearSavesRaysChangesNothing checks that the creature walks the
// same to the bit with and without BoxClear). On generated courses, where
// legs stand on slopes and steps and the rectangle round a whole leg
// often touches the ground, the old checks cast such rays (course 0:
// 2,580 rays with BoxClear before, 2,439 after).
func TestNoFemurRayWhereItsRectangleIsClear(t *testing.T) {
	def := courseShapeNamed(t, "spider8")
	checked := 0
	for seed := uint64(0); seed < 4; seed++ {
		crs, _, goal := courseStart(t, def, seed)
		g := &rayLog{w: crs.World}
		c, err := New(def, crs.Start.Sub(mgl64.Vec2{0, def.BodyHeight()}), g)
		if err != nil {
			t.Fatal(err)
		}
		c.SetTarget(goal)
		for f := 0; f < 900; f++ {
			g.rays = g.rays[:0]
			c.Update(1.0 / 60)
			// The poses the checks used are the frame's last: gaitStart,
			// after them, moves no hip, knee or foot.
			for i := 0; i < c.NumLegs(); i++ {
				l := c.Leg(i)
				for _, r := range g.rays {
					if r[0] != l.Hip || r[1] != l.Knee {
						continue
					}
					checked++
					lo, hi := l.Hip, l.Hip
					boxGrow(&lo, &hi, l.Knee)
					if crs.World.BoxClear(lo, hi) {
						t.Fatalf("seed %d frame %d: leg %d's hip -> knee ray cast where BoxClear proves the femur's rectangle clear", seed, f, i)
					}
				}
			}
		}
	}
	if checked == 0 {
		t.Errorf("no hip -> knee ray in 4 courses: the test checks nothing")
	}
	t.Logf("%d hip -> knee rays, none where the femur's rectangle is clear", checked)
}
