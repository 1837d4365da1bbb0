package ikanim

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/internal/num"
)

// trenchGround is a floor at y with trenches [x0, x1) depth px deep
// (vertical walls), and a helper measuring how deep a point is inside it:
// the least distance up to the floor's top or sideways out of a trench's
// wall (0 outside the solid).
type trenchGround struct {
	*polyGround
	y, depth float64
	trench   [][2]float64
}

func newTrenchGround(y, depth float64, trench ...[2]float64) *trenchGround {
	pts := []mgl64.Vec2{{-1e4, y}}
	for _, tr := range trench {
		pts = append(pts, mgl64.Vec2{tr[0], y}, mgl64.Vec2{tr[0], y + depth}, mgl64.Vec2{tr[1], y + depth}, mgl64.Vec2{tr[1], y})
	}
	pts = append(pts, mgl64.Vec2{1e4, y})
	return &trenchGround{polyGround: &polyGround{pts: pts}, y: y, depth: depth, trench: trench}
}

func (g *trenchGround) in(x float64) int {
	for i, tr := range g.trench {
		if x > tr[0] && x < tr[1] {
			return i
		}
	}
	return -1
}

func (g *trenchGround) solidDepth(p mgl64.Vec2) float64 {
	if g.in(p[0]) >= 0 || p[1] <= g.y {
		if g.in(p[0]) >= 0 && p[1] > g.y+g.depth {
			return p[1] - g.y - g.depth
		}
		return 0
	}
	d := p[1] - g.y
	for _, tr := range g.trench {
		d = min(d, math.Abs(p[0]-tr[0]), math.Abs(p[0]-tr[1]))
	}
	return d
}

// A quadruped (QuadrupedWalk, no WalkCycle) walks over level ground cut by
// trenches 12 px wide and 80 px deep, wider than its paw's sole (10 px) and
// deeper than MaxStep. With footstep planning (GaitTiming: the walk's
// timing) no stance plants a paw's sole centre over a trench, and no paw
// or shin ends inside a trench's ledge; the old grounder, which planned
// only for a WalkCycle, planted paws over the trenches and hung legs into
// their ledges. The walk covers the trenches at 30, 60 and 144 TPS.
func TestQuadrupedPlansStepsOverTrenches(t *testing.T) {
	var trench [][2]float64
	for x := 160.0; x < 520; x += 37 {
		trench = append(trench, [2]float64{x, x + 12})
	}
	g := newTrenchGround(400, 80, trench...)
	for _, tps := range []float64{30, 60, 144} {
		r, feet, _ := quadrupedOn(t, g.polyGround, 100, 400)
		walk := &QuadrupedWalk{}
		r.Source = walk
		dt := 1 / tps
		var planted [4]bool
		over, stances, deepest := 0, 0, 0.0
		for f := 0; r.Position[0] < 540; f++ {
			r.Position[0] += 30 * dt
			r.Update(dt)
			for i := range 4 {
				ld := feet.LegDef(i)
				lm := r.Limb(ld.Limb)
				ankle, _ := r.Joint(lm.Effector())
				_, toe := r.Joint(lm.Effector())
				knee, _ := r.Joint(lm.Effector() - 1)
				for k := 0; k <= 8; k++ {
					u := float64(k) / 8
					deepest = max(deepest, g.solidDepth(ankle.Add(toe.Sub(ankle).Mul(u))), g.solidDepth(knee.Add(ankle.Sub(knee).Mul(u))))
				}
				on := walk.Planted(i, r.Time)
				if on && !planted[i] && f > 0 {
					stances++
					if g.in(ankle[0]+(ld.Toe-ld.Heel)/2) >= 0 {
						over++
					}
				}
				planted[i] = on
			}
			if f > 100*int(tps) {
				t.Fatalf("%v TPS: the walk never reached the end", tps)
			}
		}
		t.Logf("%v TPS: %d of %d stances planted over a trench, legs %.2f px inside a ledge at most", tps, over, stances, deepest)
		if stances < 40 {
			t.Fatalf("%v TPS: %d stances", tps, stances)
		}
		if over != 0 || deepest > 0.5 {
			t.Errorf("%v TPS: %d stances planted over a trench, legs %.2f px inside a ledge; want none and <= 0.5 px", tps, over, deepest)
		}
	}
}

// badGait is a pose source whose gait timing is garbage.
type badGait struct {
	RestPose
	ft FootTiming
}

func (b *badGait) FootTiming(*RigDef, int, float64) (FootTiming, bool) { return b.ft, true }

// A GaitTiming that reports NaN, infinite or out-of-range figures leaves
// the leg untimed (the grounder places it as under any other source): no
// panic, no NaN in the rig.
func TestGrounderIgnoresBadGaitTiming(t *testing.T) {
	for _, ft := range []FootTiming{
		{Moving: true, Swing: true, Progress: math.NaN(), Left: 0.1, Stride: 30},
		{Moving: true, Swing: true, Progress: 0.5, Left: math.Inf(1), Stride: 30},
		{Moving: true, Swing: true, Progress: 2, Left: 0.1, Stride: 30},
		{Moving: true, Swing: true, Progress: 0.5, Left: -1, Stride: 30},
		{Moving: true, Swing: true, Progress: 0.5, Left: 0.1, LandX: 1e308, Travel: 1e308, Stride: 30},
	} {
		r, feet, _ := quadrupedOn(t, flatGround(400), 100, 400)
		r.Source = &badGait{ft: ft}
		for range 30 {
			r.Position[0] += 1
			r.Update(1.0 / 60)
		}
		for i := range feet.NumLegs() {
			if l := feet.Leg(i); !num.FiniteVec(l.Target) || !l.Grounded {
				t.Errorf("%+v: leg %d target %v grounded %v", ft, i, l.Target, l.Grounded)
			}
			if feet.legs[i].timed && !(ft.Progress >= 0 && ft.Progress <= 1 && ft.Left >= 0) {
				t.Errorf("%+v: leg %d timed", ft, i)
			}
		}
	}
}
