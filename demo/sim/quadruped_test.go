package sim

import (
	"math"
	"testing"
)

// runQuadruped runs the quadruped scene unattended for seconds at tps, the
// body tilt on or off.
func runQuadruped(t testing.TB, tps int, seconds float64, tilt bool) *Quadruped {
	t.Helper()
	s, err := NewQuadruped(Art{})
	if err != nil {
		t.Fatal(err)
	}
	s.SetTilt(tilt)
	s.meter.TPS = float64(tps)
	dt := 1 / float64(tps)
	for i, n := 0, int(seconds*float64(tps)); i < n; i++ {
		s.Step(dt)
	}
	s.Flush()
	return s
}

// One trip over the course and back at 30, 60 and 144 TPS: the feet stand
// on the ground (gap within 1 px, penetration within 0.5 px), do not slip,
// nothing pops or flips, and the body leans with the slopes (past 20
// degrees on the 22- and 31-degree ones). Without the tilt the body stays
// level.
func TestQuadrupedSceneQuality(t *testing.T) {
	const seconds = 2 * (QuadrupedEndX - QuadrupedStartX) / QuadrupedSpeed
	for _, tps := range []int{30, 60, 144} {
		s := runQuadruped(t, tps, seconds, true)
		m := &s.meter
		tilt := s.Extra()["body_tilt_max_deg"]
		t.Logf("%3d TPS: gap mean %.3g max %.3g px, penetration %.3g px, slip %.4f px (%d stances), body pop %.4f px/frame, joint pop %.2f deg/frame, bend flips %d, NaN %d, tilt max %.1f deg",
			tps, m.ContactGapMean(), m.ContactGapMax(), m.PenetrationMax(), m.FootSlipMax(), m.Stances(), m.BodyPopMax(), m.JointPopMaxDeg(), m.BendFlips(), m.NaNs(), tilt)
		if m.Stances() < 40 {
			t.Fatalf("%d TPS: %d stances: the walk plants too few feet to measure", tps, m.Stances())
		}
		if m.ContactGapMax() > 1 || m.PenetrationMax() > 0.5 {
			t.Errorf("%d TPS: contact gap max %v, penetration %v, want <= 1 and <= 0.5", tps, m.ContactGapMax(), m.PenetrationMax())
		}
		if m.FootSlipMax() > 0.5 {
			t.Errorf("%d TPS: slip %v px, want <= 0.5", tps, m.FootSlipMax())
		}
		if m.BodyPopMax() > 2 || m.BendFlips() != 0 || m.NaNs() != 0 {
			t.Errorf("%d TPS: body pop %v, bend flips %d, NaN %d", tps, m.BodyPopMax(), m.BendFlips(), m.NaNs())
		}
		if tps == 60 && m.JointPopMaxDeg() > 15 {
			t.Errorf("60 TPS: joint pop %v deg/frame, want <= 15", m.JointPopMaxDeg())
		}
		if tilt < 20 || tilt > 31 {
			t.Errorf("%d TPS: body tilt max %.1f deg, want between 20 and 31", tps, tilt)
		}
	}
	if s := runQuadruped(t, 60, 10, false); s.Extra()["body_tilt_max_deg"] != 0 || math.Abs(s.Rig.BodyAngle) != 0 {
		t.Errorf("tilt off: the body tilted by %v deg", s.Extra()["body_tilt_max_deg"])
	}
}

// The scene's frame allocates nothing.
func TestQuadrupedSceneDoesNotAllocate(t *testing.T) {
	s, err := NewQuadruped(Art{})
	if err != nil {
		t.Fatal(err)
	}
	for range 60 {
		s.Step(1.0 / 60)
	}
	if a := testing.AllocsPerRun(200, func() { s.Step(1.0 / 60) }); a != 0 {
		t.Errorf("a frame allocates %v times, want 0", a)
	}
}
