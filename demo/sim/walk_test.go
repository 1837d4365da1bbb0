package sim

import (
	"math"
	"testing"
)

func newWalk(t testing.TB) *Walk {
	t.Helper()
	s, err := NewWalk(Art{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// newPlanSwingWalk is the walk scene with the opt-in swing planning
// (Grounder.PlanSwing) and foot smoothing the scene used before the
// defaults met its figures.
func newPlanSwingWalk(t testing.TB) *Walk {
	s := newWalk(t)
	s.Grounder.PlanSwing, s.Grounder.FootSpeed = true, walkFootSpeed
	return s
}

// runWalk runs the walk scene unattended for seconds at tps.
func runWalk(t testing.TB, tps int, seconds float64) *Walk {
	s := newWalk(t)
	s.meter.TPS = float64(tps)
	dt := 1 / float64(tps)
	for i, n := 0, int(seconds*float64(tps)); i < n; i++ {
		s.Step(dt)
	}
	s.Flush()
	return s
}

func TestWalkSceneQuality(t *testing.T) {
	type figs struct{ gapMean, gapMax, pen, bodyPop, jointPop, slip float64 }
	var all []figs
	// One trip over the whole course and back: 2 * 2160 px at 60 px/s.
	const seconds = 2 * (WalkEndX - WalkStartX) / WalkSpeed
	for _, tps := range []int{30, 60, 144} {
		s := runWalk(t, tps, seconds)
		m := &s.meter
		f := figs{m.ContactGapMean(), m.ContactGapMax(), m.PenetrationMax(), m.BodyPopMax(), m.JointPopMaxDeg(), m.FootSlipMax()}
		all = append(all, f)
		t.Logf("%3d TPS: gap mean %.3g max %.3g px, penetration %.3g px, slip %.4f px (%d stances), body pop %.4f px/frame, joint pop %.3f deg/frame, bend flips %d, NaN %d",
			tps, f.gapMean, f.gapMax, f.pen, f.slip, m.Stances(), f.bodyPop, f.jointPop, m.BendFlips(), m.NaNs())
		if f.gapMean > 0.5 || f.gapMax > 1 {
			t.Errorf("%d TPS: contact gap mean %v max %v, want <= 0.5 and <= 1", tps, f.gapMean, f.gapMax)
		}
		if f.pen > 0.5 {
			t.Errorf("%d TPS: penetration %v, want <= 0.5", tps, f.pen)
		}
		if f.bodyPop > 2 {
			t.Errorf("%d TPS: body pop %v px/frame, want <= 2", tps, f.bodyPop)
		}
		// Joint pop: QUALITY.md's target is 15 deg/frame at 60 TPS. With
		// the demo's old tuning (PlanSwing, FootSpeed 18) the scene popped
		// 39.4/23.2/10.6 deg/frame at 30/60/144 TPS (toes meeting risers
		// at lift-off, feet dropping off stair edges in their last frames);
		// with the library's defaults (footstep planning off edges, even
		// descents to the landing, the follower's speed limit, a swinging
		// foot held back while it rises before a riser) 26.9/15.6/7.5;
		// with the follower's limit at 110 px/s (the planted knee as the
		// body went down the stairs at 120 px/s) and the WalkCycle's hip
		// lowest three quarters of the way through double support (a foot
		// landing over a crest, its leg within 2 % of straight)
		// 25.5/14.5/7.3.
		// The target is met: the bound is today's figure.
		if tps == 60 && f.jointPop > 14.6 {
			t.Errorf("60 TPS: joint pop %v deg/frame, want <= 14.6 (target 15)", f.jointPop)
		}
		if m.BendFlips() != 0 || m.NaNs() != 0 {
			t.Errorf("%d TPS: bend flips %d, NaN %d, want 0 and 0", tps, m.BendFlips(), m.NaNs())
		}
		// The 40 px gap is walked over (the follower's default HoldSpan),
		// not fallen into.
		if s.falls != 0 || s.onAir != 0 {
			t.Errorf("%d TPS: %d airborne frames, %d planted-foot frames on air, want 0 and 0 (the gap is walked over)", tps, s.falls, s.onAir)
		}
		// Per-frame body pop scales with the frame time; per second it is
		// the same motion at every rate.
		all[len(all)-1].bodyPop *= float64(tps)
	}
	// Frame-rate independence: figures within 10% of each other, or within
	// 0.05 px where both are near zero.
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
	same("body pop per second", func(f figs) float64 { return f.bodyPop })
}

func TestGroundedBipedFrameDoesNotAllocate(t *testing.T) {
	s := newWalk(t)
	for i := 0; i < 120; i++ { // warm up: over the first slope
		s.Step(1.0 / 60)
	}
	if a := testing.AllocsPerRun(200, func() { s.Step(1.0 / 60) }); a != 0 {
		t.Errorf("a walk scene frame (script, follower, grounder, rig update, metering) allocates %v times, want 0", a)
	}
}

// BenchmarkGroundedBiped times one frame of the walk scene without its
// metering: the game's move of Position and one rig Update (ground
// follower, heel-and-toe grounder with up to 24 rays and swing planning,
// walk cycle, limb solves and forward kinematics).
func BenchmarkGroundedBiped(b *testing.B) {
	s := newWalk(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.Advance(1.0 / 60)
	}
}

// With PlanSwing, the height planned at lift-off for a swinging foot is the
// height the grounder then plants it at: the plan's ray placement at the
// predicted touch-down point agrees with the planted placement, over the
// stairs and sawtooth of walk.json in both directions.
func TestGrounderPlanSwingLandsWherePlanned(t *testing.T) {
	s := newPlanSwingWalk(t)
	r, g := s.Rig, s.Grounder
	const dt = 1.0 / 60
	var h1 [2]float64
	var was [2]bool
	landings := 0
	for i := 0; i < int(2*(WalkEndX-WalkStartX)/WalkSpeed/dt); i++ {
		facing := r.Facing
		s.Step(dt)
		turned := r.Facing != facing
		for k := 0; k < g.NumLegs(); k++ {
			h, on := g.PlannedLanding(k)
			if on {
				h1[k] = h
			}
			if l := g.Leg(k); was[k] && !on && l.Grounded && !turned {
				landings++
				// The foot's ground line along up: the frame's plus its offset.
				if d := math.Abs(r.Position.Dot(r.UpVector()) + l.Offset - h1[k]); d > 1e-6 {
					t.Errorf("frame %d leg %d: planted %.4f px from the planned height %.4f (x %.1f)", i, k, d, h1[k], r.Position[0])
				}
			}
			was[k] = on
		}
	}
	t.Logf("%d planned landings", landings)
	if landings < 100 {
		t.Errorf("%d planned landings, want >= 100 (one per step)", landings)
	}
	if s.meter.NaNs() != 0 {
		t.Errorf("NaN %d, want 0", s.meter.NaNs())
	}
}

func TestGrounderPlanSwingDoesNotAllocate(t *testing.T) {
	s := newPlanSwingWalk(t)
	for i := 0; i < 600; i++ { // onto the stairs
		s.Step(1.0 / 60)
	}
	if a := testing.AllocsPerRun(200, func() { s.Step(1.0 / 60) }); a != 0 {
		t.Errorf("a frame with swing planning allocates %v times, want 0", a)
	}
}
