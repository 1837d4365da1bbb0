package sim

import (
	"testing"

	"github.com/ikanim/kit/ikanim"
)

// The climb scene's under-climber goes round and round the floating block:
// down a side, round its bottom outer corner, along its underside, round
// its far bottom corner (turning round) and up the far face, then down
// that face for the next run the other way, at 30, 60 and 144 TPS: the
// first run (down the left face facing right) and the second (down the
// right face facing left) both go round the far corner and up the far
// face, each turning the character round once; no bone more than 0.5 px
// in the level's solids (QUALITY.md; measured 0.000), no NaN, joint pop
// within 15 deg/frame at 60 TPS (the same per second at the others).
// Before, it went back along the underside and up the face it came down,
// and could not go round the far corner.
func TestClimbSceneUnderside(t *testing.T) {
	for _, tps := range []int{30, 60, 144} {
		s := newClimb(t)
		dt := 1 / float64(tps)
		round := map[int]ikanim.Facing{} // runs that went round the far corner, and the facing they started with
		var facing ikanim.Facing
		r, c := s.UnderRig()
		for i := 0; i < 40*tps; i++ {
			st, _, runs := s.UnderStage()
			if st == UnderDown {
				facing = r.Facing
			}
			s.Step(dt)
			if st2, _, _ := s.UnderStage(); st2 == UnderUp {
				if _, ok := round[runs]; !ok {
					round[runs] = facing
					if r.Facing == facing {
						t.Errorf("%d TPS: run %d went round the far corner without turning round", tps, runs)
					}
				}
			}
		}
		u := s.under
		t.Logf("%3d TPS: runs %d, went round the far corner in %d (facing at the start %v), turns %d, penetration %.3f px, joint pop %.2f deg/frame, NaN %d", tps, u.runs, len(round), round, c.Turns(), u.pen, u.pop, u.nan)
		if f1, ok1 := round[1]; !ok1 || f1 != ikanim.FacingRight {
			t.Errorf("%d TPS: the first run went round the far corner %v (facing %v), want facing right", tps, ok1, f1)
		}
		if f2, ok2 := round[2]; !ok2 || f2 != ikanim.FacingLeft {
			t.Errorf("%d TPS: the second run went round the far corner %v (facing %v), want facing left", tps, ok2, f2)
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
