package sim

import "testing"

// The climb scene's under-climber goes down a side of the floating block,
// round its bottom outer corner, along its underside, back and up the face
// again (LeaveUnder), facing right and then left, at 30, 60 and 144 TPS: no bone more than 0.5 px in the level's
// solids (QUALITY.md), no NaN, joint pop within 15 deg/frame at 60 TPS
// (the same per second at the others), and each run reaches the end of
// the underside and climbs the face again.
func TestClimbSceneUnderside(t *testing.T) {
	for _, tps := range []int{30, 60, 144} {
		s := newClimb(t)
		dt := 1 / float64(tps)
		along := map[int]bool{} // runs that got to the rest at the end
		up := map[int]bool{}    // runs that left the underside up the face
		for i := 0; i < 30*tps; i++ {
			s.Step(dt)
			switch st, _, runs := s.UnderStage(); st {
			case UnderRest:
				along[runs] = true
			case UnderUp:
				up[runs] = true
			}
		}
		u := s.under
		t.Logf("%3d TPS: runs %d (%d reached the end, %d climbed up again), penetration %.3f px, joint pop %.2f deg/frame, NaN %d", tps, u.runs, len(along), len(up), u.pen, u.pop, u.nan)
		if !along[1] || !along[2] || !up[1] || !up[2] {
			t.Errorf("%d TPS: runs that reached the end of the underside %v and climbed the face again %v, want the first (facing right) and second (facing left)", tps, along, up)
		}
		if u.pen > 0.5 {
			t.Errorf("%d TPS: a bone %.3f px in the block, want <= 0.5", tps, u.pen)
		}
		if u.nan != 0 {
			t.Errorf("%d TPS: %d NaN", tps, u.nan)
		}
		if bound := 15 * 60 / float64(tps); u.pop > bound {
			t.Errorf("%d TPS: joint pop %.2f deg/frame, want <= %.2f", tps, u.pop, bound)
		}
	}
}
