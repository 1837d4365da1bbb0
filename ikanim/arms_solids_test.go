package ikanim

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/quality"
)

// walkArmsToWall walks a biped with the walk cycle at 50 px/s up to a wall
// (solid x >= 300 above the floor at y 400) until its position is the
// climber's distance from it, then lets it stand 1 s, at tps, with Solids
// on both arms or not. It returns the deepest point of an arm bone in the
// wall, px, and the largest change in a frame of the turn Solids adds to
// an arm bone (its local angle less the animated one), degrees.
func walkArmsToWall(t *testing.T, tps float64, solids bool) (depth, pop float64) {
	t.Helper()
	def, err := NewBipedDef(BipedSizes{}, BipedSprites{})
	if err != nil {
		t.Fatal(err)
	}
	r := mustRig(t, def)
	r.Source = &WalkCycle{}
	r.Position = mgl64.Vec2{180, 400}
	g := wallGround()
	var arms []int
	for _, name := range []string{LimbArmNear, LimbArmFar} {
		if solids {
			r.Limb(name).Solids = g
		}
		ld := &def.limbs[def.LimbIndex(name)]
		arms = append(arms, ld.bones[0], ld.bones[1], ld.effector)
	}
	var sol quality.Solids
	sol.AddPolygon([]mgl64.Vec2{{300, 100}, {600, 100}, {600, 500}, {300, 500}})
	sol.Build()
	dt := 1 / tps
	goal := 300 - DefaultClimbDistance
	last := make([]float64, len(arms))
	for f := 0; f < int(4*tps); f++ {
		r.Position[0] = math.Min(goal, r.Position[0]+50*dt)
		r.Update(dt)
		for k, b := range arms {
			if f > 0 {
				pop = math.Max(pop, math.Abs(math.Remainder(r.local[b]-r.anim[b]-last[k], 2*math.Pi))*180/math.Pi)
			}
			last[k] = r.local[b] - r.anim[b]
			s, e := r.Joint(b)
			depth = math.Max(depth, sol.SegmentDepth(s, e, 0.25))
		}
	}
	return depth, pop
}

// An arm swinging in the walk cycle into a wall the character walks up to
// (the forward hand 8 px in, a new user's trial) stays out of it with
// Limb.Solids: its animated pose turns about the shoulder just short of
// the wall, at 30, 60 and 144 TPS, without a pop (the turn it adds to the
// animated pose changes by at most 12 degrees a frame at 30 TPS, 6 at 60
// and 2.5 at 144).
func TestLimbSolidsKeepsTheAnimatedArmOutOfAWall(t *testing.T) {
	for _, tps := range []float64{30, 60, 144} {
		bare, barePop := walkArmsToWall(t, tps, false)
		depth, pop := walkArmsToWall(t, tps, true)
		t.Logf("%v TPS: arm depth in the wall %.2f px without Solids, %.2f with; added turn changes by %.2f deg/frame at most", tps, bare, depth, pop)
		if bare < 3 {
			t.Errorf("%v TPS: the walk cycle's arm went only %.2f px into the wall without Solids: the test does not test", tps, bare)
		}
		if depth > 0.5 {
			t.Errorf("%v TPS: an arm %.2f px in the wall with Solids, want <= 0.5", tps, depth)
		}
		if barePop != 0 {
			t.Errorf("%v TPS: without Solids the arms left their animated pose (%.2f deg)", tps, barePop)
		}
		if limit := 360 / tps; pop > limit {
			t.Errorf("%v TPS: the turn Solids adds to an arm bone changed by %.2f deg in a frame, want <= %.2f", tps, pop, limit)
		}
	}
}
