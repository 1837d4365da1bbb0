package ikanim

import (
	"math"
	"testing"
)

// creatureRunScene runs the spiders scene for secs seconds at tps updates per
// second and returns its meter.
func creatureRunScene(t testing.TB, tps int, secs float64) *creatureScene {
	s := newCreatureScene(t)
	s.meter.TPS = float64(tps)
	dt := 1 / float64(tps)
	n := int(math.Round(secs * float64(tps)))
	for f := 0; f < n; f++ {
		s.step(dt)
	}
	s.finish()
	return s
}

// TestCreatureSpidersQuality holds the QUALITY.md figures of the spiders
// scene at 30, 60 and 144 TPS.
func TestCreatureSpidersQuality(t *testing.T) {
	const secs = 24
	figs := map[int]map[string]float64{}
	for _, tps := range []int{30, 60, 144} {
		s := creatureRunScene(t, tps, secs)
		m := &s.meter
		r := m.Report()
		figs[tps] = r
		t.Logf("%3d TPS: gap mean %.4f max %.4f  pen %.4f  slip %.4f (%v stances)  bend flips %v  NaN %v  samples %v",
			tps, r["contact_gap_mean_px"], r["contact_gap_max_px"], r["penetration_max_px"], r["foot_slip_max_px"],
			r["stances"], r["bend_flips"], r["nan_count"], r["contact_samples"])
		if m.Stances() < 100 {
			t.Errorf("%d TPS: only %d stances in %d s: the creatures hardly walk", tps, m.Stances(), secs)
		}
		if got := m.FootSlipMax(); got > 0.5 {
			t.Errorf("%d TPS: foot slip max = %.3f px, want <= 0.5", tps, got)
		}
		if got := m.ContactGapMax(); got > 1 {
			t.Errorf("%d TPS: contact gap max = %.3f px, want <= 1", tps, got)
		}
		if got := m.ContactGapMean(); got > 0.5 {
			t.Errorf("%d TPS: contact gap mean = %.3f px, want <= 0.5", tps, got)
		}
		if got := m.PenetrationMax(); got > 0.5 {
			t.Errorf("%d TPS: penetration max = %.3f px, want <= 0.5", tps, got)
		}
		if m.NaNs() != 0 {
			t.Errorf("%d TPS: %d NaN/Inf values", tps, m.NaNs())
		}
		if m.BendFlips() != 0 {
			t.Errorf("%d TPS: %d knee bend flips", tps, m.BendFlips())
		}
	}
	// Frame-rate independence: each figure within 10% of the 60 TPS one,
	// with an absolute floor of 0.05 px for figures near 0.
	for _, k := range []string{"contact_gap_mean_px", "contact_gap_max_px", "penetration_max_px", "foot_slip_max_px"} {
		ref := figs[60][k]
		for _, tps := range []int{30, 144} {
			got := figs[tps][k]
			if d := math.Abs(got - ref); d > math.Max(0.1*math.Abs(ref), 0.05) {
				t.Errorf("%s at %d TPS = %.4f, at 60 TPS %.4f: differs by more than 10%% (floor 0.05)", k, tps, got, ref)
			}
		}
	}
}

// TestCreatureSpidersDeterministic runs the scene twice and compares a hash
// of every pose of every frame.
func TestCreatureSpidersDeterministic(t *testing.T) {
	run := func() uint64 {
		s := newCreatureScene(t)
		h := uint64(14695981039346656037)
		for f := 0; f < 600; f++ {
			s.step(1.0 / 60)
			h = s.hash(h)
		}
		return h
	}
	if a, b := run(), run(); a != b {
		t.Errorf("two runs of the spiders scene hash to %x and %x, want identical", a, b)
	}
}
