package sim

import (
	"math"
	"testing"
)

// The walk scene's level has a block over its last flat stretch (x 2020 to
// 2220, its underside 104 px above the floor: 13.7 px lower than the walk's
// top). Walking the course there and back at 30, 60 and 144 TPS with the
// library's defaults, the hero ducks under it (GroundFollower.Headroom: a
// crouch of about 16 px) and no bone (sampled every 1 px) goes more than
// 0.5 px into it. Measured 0.00 px; with Headroom off the head goes 13.7 px
// in.
func TestWalkSceneDucksUnderTheBlock(t *testing.T) {
	const x0, x1, bottom = 2020.0, 2220.0, 456.0
	const seconds = 2 * (WalkEndX - WalkStartX) / WalkSpeed
	for _, off := range []bool{false, true} {
		for _, tps := range []int{30, 60, 144} {
			if off && tps != 60 {
				continue
			}
			s := newWalk(t)
			if off {
				s.Follower.Headroom = -1
			}
			s.meter.TPS = float64(tps)
			dt := 1 / float64(tps)
			r := s.Rig
			depth, duck := 0.0, 0.0
			for i, n := 0, int(seconds*float64(tps)); i < n; i++ {
				s.Step(dt)
				duck = math.Max(duck, s.Follower.HeadroomCrouch())
				for b := 0; b < r.Def().NumBones(); b++ {
					p, q := r.Joint(b)
					k := int(q.Sub(p).Len()) + 1
					for j := 0; j <= k; j++ {
						x := p.Add(q.Sub(p).Mul(float64(j) / float64(k)))
						if x[0] > x0 && x[0] < x1 && x[1] < bottom {
							depth = math.Max(depth, math.Min(bottom-x[1], math.Min(x[0]-x0, x1-x[0])))
						}
					}
				}
			}
			t.Logf("Headroom off %v, %3d TPS: deepest bone %.2f px in the block, deepest duck %.1f px", off, tps, depth, duck)
			switch {
			case !off && (depth > 0.5 || duck < 10):
				t.Errorf("%d TPS: a bone %.2f px in the block, duck %.1f px (want <= 0.5 px, a duck)", tps, depth, duck)
			case off && depth < 10:
				t.Errorf("Headroom off: the head only %.2f px in the block; the scene does not test it", depth)
			}
		}
	}
}
