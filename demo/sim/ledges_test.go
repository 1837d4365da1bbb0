package sim

import (
	"testing"
)

// The ledges scene at 30, 60 and 144 TPS: the walker mantles onto every
// block (a vertical face, faces leaning back 12 and 24 degrees) and walks
// off each, and no bone goes into the rock while it mantles (every bone
// segment sampled every 1 px; the Mantler measures each face: taken as
// vertical, the faces leaning back had the legs 7.7-12.9 px in them).
func TestLedgesScene(t *testing.T) {
	for _, tps := range []int{30, 60, 144} {
		s, err := NewLedges(Art{})
		if err != nil {
			t.Fatal(err)
		}
		s.meter.TPS = float64(tps)
		dt := 1 / float64(tps)
		for f := 0; f < 60*tps; f++ {
			s.Step(dt)
		}
		m := s.Meter()
		t.Logf("%3d TPS: %d mantles, limb penetration walking %.2f px, mantling %.2f px; joint pop %.2f deg/frame, bend flips %d, NaN %d",
			tps, s.Mantles(), s.LimbPenetration(LedgesWalk), s.LimbPenetration(LedgesMantle), m.JointPopMaxDeg(), m.BendFlips(), m.NaNs())
		if s.Mantles() < len(LedgeBlocks) {
			t.Errorf("%d TPS: %d mantles in 60 s, want at least %d (every block)", tps, s.Mantles(), len(LedgeBlocks))
		}
		if p := s.LimbPenetration(LedgesMantle); p > 0.5 {
			t.Errorf("%d TPS: a bone %.2f px in the rock while mantling, want <= 0.5", tps, p)
		}
		if m.NaNs() != 0 {
			t.Errorf("%d TPS: %d NaN", tps, m.NaNs())
		}
		// Joint pop (QUALITY.md: 15 deg/frame at 60 TPS): 30.9/24.0/24.7
		// deg/frame at 30/60/144 TPS while a foot whose step was moved
		// back onto the ledge jumped to the animated one as the fall
		// began, the crouch started at the whole landing speed and a
		// swinging foot rose before a block taller than MaxStep; 29.0/
		// 13.0/12.7 with the shift eased in the air, the crouch starting
		// at half the landing speed and no rise before such a face;
		// 24.0/12.7/12.7 with a hanging foot that leaves the ledge going
		// back to the animation at most swingDropSpeed (it came down 6 px
		// a frame with its leg folded, the foot's angle turning 13.0
		// degrees in a frame at 60 TPS).
		if tps == 60 && m.JointPopMaxDeg() > 12.8 {
			t.Errorf("60 TPS: joint pop %.2f deg/frame, want <= 12.8 (target 15)", m.JointPopMaxDeg())
		}
	}
}

func TestLedgesFrameDoesNotAllocate(t *testing.T) {
	s, err := NewLedges(Art{})
	if err != nil {
		t.Fatal(err)
	}
	for f := 0; f < 600; f++ {
		s.Step(1.0 / 60)
	}
	if a := testing.AllocsPerRun(600, func() { s.Step(1.0 / 60) }); a != 0 {
		t.Errorf("%v allocations a frame, want 0", a)
	}
}
