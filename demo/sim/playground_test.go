package sim

import "testing"

// TestPlaygroundQuality runs the playground unattended for 20 s at 60 TPS
// (the targets wander in and out of reach) and holds the solver figures of
// QUALITY.md: reach error within the tolerance where the two-bone target is
// reachable, bone lengths kept, no elbow flips, no NaN.
func TestPlaygroundQuality(t *testing.T) {
	p, err := NewPlayground(Art{})
	if err != nil {
		t.Fatal(err)
	}
	for f := 0; f < 20*60; f++ {
		p.Step(1.0 / 60)
	}
	m := &p.meter
	r := m.Report()
	t.Logf("reach error %.3g px, length error %.3g, joint pop %.2f deg/frame (CCD %.2f), bend flips %d, NaN %d",
		r["reach_error_max_px"], r["length_error_max_rel"], m.JointPopMaxDeg(), p.ccdPop, m.BendFlips(), m.NaNs())
	if e := r["reach_error_max_px"]; e > 0.01 {
		t.Errorf("two-bone reach error %v px, want <= 0.01 (the tolerance)", e)
	}
	if e := r["length_error_max_rel"]; e > 1e-9 {
		t.Errorf("bone length error %v, want <= 1e-9 relative", e)
	}
	if m.BendFlips() != 0 || m.NaNs() != 0 {
		t.Errorf("bend flips %d, NaN %d, want 0 and 0", m.BendFlips(), m.NaNs())
	}
	if a := testing.AllocsPerRun(100, func() { p.Step(1.0 / 60) }); a != 0 {
		t.Errorf("a playground frame allocates %v times, want 0", a)
	}
}
