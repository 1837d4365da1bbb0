package sim

import (
	"os"
	"testing"
)

// TestClimbLimbDiag prints, per mode and bone, the deepest point inside the
// level's solids (IKANIM_DIAG=1).
func TestClimbLimbDiag(t *testing.T) {
	if os.Getenv("IKANIM_DIAG") == "" {
		t.Skip("set IKANIM_DIAG=1")
	}
	s := newClimb(t)
	type worst struct {
		d, mt float64
		f     int
	}
	var w [4][64]worst
	for i := 0; i < 20*60; i++ {
		s.Step(1.0 / 60)
		for b := 0; b < bipedBones; b++ {
			a, e := s.Rig.Joint(b)
			if d := s.solids.SegmentDepth(a, e, 1); d > w[s.mode][b].d {
				w[s.mode][b] = worst{d, s.modeT, s.frame}
			}
		}
	}
	for m := range w {
		for b := 0; b < bipedBones; b++ {
			if x := w[m][b]; x.d > 0.5 {
				t.Logf("%-6s %-12s %6.2f px at t=%.2f (frame %d)", ClimbMode(m), s.Rig.Def().BoneDef(b).Name, x.d, x.mt, x.f)
			}
		}
	}
	t.Logf("joint pop %.2f at %+v", s.meter.JointPopMaxDeg(), s.worst)
}
