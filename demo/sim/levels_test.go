package sim

import (
	"math"
	"testing"
)

func newLevels(t testing.TB) *Levels {
	t.Helper()
	s, err := NewLevels(Art{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// The maps load from the editors' files with their markers, and the
// characters stand on the ground they describe.
func TestLevelsLoadTheEditorsMaps(t *testing.T) {
	s := newLevels(t)
	for _, l := range s.Maps {
		if l.Width != 1920 || l.Height != 720 {
			t.Errorf("%s: %v x %v px, want 1920 x 720", l.Name, l.Width, l.Height)
		}
		if d := l.Patrol[1][0] - l.Patrol[0][0]; d < 1500 {
			t.Errorf("%s: patrol %v, want over 1500 px long", l.Name, l.Patrol)
		}
		if h := l.World.SurfaceBelow(l.Hero.Position[0], 0, 720); !h.OK || math.Abs(h.Point[1]-560) > 1e-9 {
			t.Errorf("%s: ground under the humanoid's start %v, want y 560", l.Name, h)
		}
	}
}

// runLevels runs the levels scene unattended for secs seconds at tps.
func runLevels(t testing.TB, tps int, secs float64) *Levels {
	s := newLevels(t)
	s.meter.TPS = float64(tps)
	dt := 1 / float64(tps)
	for f, n := 0, int(math.Round(secs*float64(tps))); f < n; f++ {
		s.Step(dt)
	}
	s.Flush()
	return s
}

// TestLevelsSceneQuality walks both humanoids once over their whole maps
// and back (about 60 s) with both spiders, at 30, 60 and 144 TPS.
func TestLevelsSceneQuality(t *testing.T) {
	const secs = 60
	type figs struct{ gapMean, gapMax, pen, slip, bodyPopS, jointPop float64 }
	var all []figs
	for _, tps := range []int{30, 60, 144} {
		s := runLevels(t, tps, secs)
		m := &s.meter
		f := figs{m.ContactGapMean(), m.ContactGapMax(), m.PenetrationMax(), m.FootSlipMax(), m.BodyPopMax() * float64(tps), m.JointPopMaxDeg()}
		all = append(all, f)
		x0, x1 := s.Maps[0].Hero.Position[0], s.Maps[1].Hero.Position[0]
		t.Logf("%3d TPS: gap mean %.3g max %.3g px (Tiled %.3g, LDtk %.3g), penetration %.3g px, slip %.4f px (%d stances), body pop %.3f px/frame, joint pop %.2f deg/frame, bend flips %d, NaN %d; humanoids at x %.0f and %.0f",
			tps, f.gapMean, f.gapMax, s.Maps[0].gapMax, s.Maps[1].gapMax, f.pen, f.slip, m.Stances(), m.BodyPopMax(), f.jointPop, m.BendFlips(), m.NaNs(), x0, x1)
		if f.gapMean > 0.5 || f.gapMax > 1 {
			t.Errorf("%d TPS: contact gap mean %v max %v, want <= 0.5 and <= 1", tps, f.gapMean, f.gapMax)
		}
		if f.pen > 0.5 {
			t.Errorf("%d TPS: penetration %v, want <= 0.5", tps, f.pen)
		}
		if f.slip > 0.5 {
			t.Errorf("%d TPS: foot slip %v, want <= 0.5", tps, f.slip)
		}
		if m.BodyPopMax() > 2 {
			t.Errorf("%d TPS: body pop %v px/frame, want <= 2", tps, m.BodyPopMax())
		}
		if m.BendFlips() != 0 || m.NaNs() != 0 {
			t.Errorf("%d TPS: bend flips %d, NaN %d, want 0 and 0", tps, m.BendFlips(), m.NaNs())
		}
		// Joint pop: as in the walk scene, the largest pops are the shins
		// next to a step. The demo's old tuning (PlanSwing, FootSpeed 18)
		// popped 42.8/26.6/34.2 deg/frame at 30/60/144 TPS; the library's
		// defaults (footstep planning) 28.8/15.1/8.9; with the follower's
		// limit at 110 px/s and the WalkCycle's hip lowest three quarters
		// of the way through double support 29.0/14.7/8.6. QUALITY.md's
		// target, 15 at 60 TPS, is met: the bound is today's figure.
		if tps == 60 && f.jointPop > 14.8 {
			t.Errorf("60 TPS: joint pop %v deg/frame, want <= 14.8 (target 15)", f.jointPop)
		}
		if m.Stances() < 200 {
			t.Errorf("%d TPS: %d stances, want >= 200: the characters hardly walk", tps, m.Stances())
		}
	}
	same := func(name string, get func(figs) float64) {
		lo, hi := math.Inf(1), math.Inf(-1)
		for _, f := range all {
			lo, hi = math.Min(lo, get(f)), math.Max(hi, get(f))
		}
		if hi-lo > 0.1*hi && hi-lo > 0.05 {
			t.Errorf("%s differs across 30/60/144 TPS: %v to %v", name, lo, hi)
		}
	}
	same("contact gap mean", func(f figs) float64 { return f.gapMean })
	same("contact gap max", func(f figs) float64 { return f.gapMax })
	same("penetration", func(f figs) float64 { return f.pen })
	same("foot slip", func(f figs) float64 { return f.slip })
}

func TestLevelsFrameDoesNotAllocate(t *testing.T) {
	s := newLevels(t)
	for i := 0; i < 120; i++ {
		s.Step(1.0 / 60)
	}
	if a := testing.AllocsPerRun(100, func() { s.Step(1.0 / 60) }); a != 0 {
		t.Errorf("a levels scene frame allocates %v times, want 0", a)
	}
}

// BenchmarkLevelsFrame times one frame of both maps (two grounded humanoids
// with scarves, two spiders with antennae), without the metering.
func BenchmarkLevelsFrame(b *testing.B) {
	s := newLevels(b)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		s.Advance(1.0 / 60)
	}
}
