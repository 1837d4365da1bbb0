package sim

import (
	"math"
	"sort"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/terrain"
)

// courseFigs are the figures of one or many course runs at one rate.
type courseFigs struct {
	gapMean, gapMax, pen, sole, limb, slip, bodyPop, bodyPopPerS, jointPop float64
	flips, nans, stances, unfinished                                       int
	// airborne frames, those of falls not off a drop, script steps refused
	// (Course.Falls)
	air, pit, blocked int
	onAir             int // planted-foot frames with no ground under the sole (Course.OnAir)
}

// max folds o into f (the mean is the mean of the means).
func (f *courseFigs) fold(o courseFigs, n int) {
	f.gapMean += (o.gapMean - f.gapMean) / float64(n)
	f.gapMax = math.Max(f.gapMax, o.gapMax)
	f.pen = math.Max(f.pen, o.pen)
	f.sole = math.Max(f.sole, o.sole)
	f.limb = math.Max(f.limb, o.limb)
	f.slip = math.Max(f.slip, o.slip)
	f.bodyPop = math.Max(f.bodyPop, o.bodyPop)
	f.bodyPopPerS = math.Max(f.bodyPopPerS, o.bodyPopPerS)
	f.jointPop = math.Max(f.jointPop, o.jointPop)
	f.flips += o.flips
	f.nans += o.nans
	f.stances += o.stances
	f.unfinished += o.unfinished
	f.air += o.air
	f.pit += o.pit
	f.blocked += o.blocked
	f.onAir += o.onAir
}

// runCourse walks the humanoid over the course of seed at tps, from Start
// to Goal plus one second standing there.
func runCourse(t testing.TB, seed uint64, tps int, opts terrain.BipedCourseOptions) (courseFigs, *Course) {
	t.Helper()
	s, err := NewCourse(Art{}, seed, opts)
	if err != nil {
		t.Fatal(err)
	}
	diagTweak(s) // course_diag_test.go: options of the diagnostics, none by default
	dt := 1 / float64(tps)
	limit := int((s.Course.Goal[0]-s.Course.Start[0])/s.Speed*float64(tps)) + 2*tps
	for i := 0; i < limit; i++ {
		s.Step(dt)
	}
	s.Flush()
	m := &s.meter
	f := courseFigs{
		gapMean: m.ContactGapMean(), gapMax: m.ContactGapMax(), pen: m.PenetrationMax(),
		sole: s.pen.SoleMax(), limb: s.pen.LimbMax(), slip: m.FootSlipMax(),
		bodyPop: m.BodyPopMax(), bodyPopPerS: m.BodyPopMax() * float64(tps), jointPop: m.JointPopMaxDeg(),
		flips: m.BendFlips(), nans: m.NaNs(), stances: m.Stances(),
	}
	if !s.Done() {
		f.unfinished = 1
	}
	f.air, f.pit, f.blocked = s.Falls()
	f.onAir = s.OnAir()
	return f, s
}

// TestBipedCoursesQuality walks the README's humanoid (library defaults,
// whole-sole grounding by default, follower Probe 24) over generated biped courses at 30, 60 and 144
// TPS and measures QUALITY.md's figures against the courses' own geometry:
// 200 courses with every feature (24 with -short), and 60 (12) without
// drops, the one feature that needs falling and landing (the follower falls
// off a ledge and the feet land back on the ledge instead of on air, but the
// hanging feet still scrape the cliff and the landings slip).
// Figures the defaults meet are asserted at their targets; the others are
// logged and bounded at today's level plus a margin, so a regression fails.
func TestBipedCoursesQuality(t *testing.T) {
	all, walkable := 200, 60
	if testing.Short() {
		all, walkable = 24, 12
	}
	t.Run("all", func(t *testing.T) {
		t.Parallel()
		// Footstep planning (grounder_footstep.go) and the follower's
		// default speed limit took joint pop from 108.6/104.6/94.6 to
		// 78.9/78.1/77.2 deg/frame at 30/60/144 TPS here, but planted
		// and whole-sole penetration rose from 0.9-1.9 to 2.7-3.1 px (a
		// foot beside a step down next to a drop, seed 71): bounds 3.5
		// until that is fixed. Swinging feet held back at a riser's top
		// edge (Grounder holdBack) and landings that see the step a ray
		// starts in: joint pop 42.1/29.9/43.3 deg/frame, slip 8.16/8.44/
		// 8.42 -> 3.91/3.91/3.79 px (the rest: drop landings, a planted
		// foot on a spike's tip, a trailing leg folded over a 44 px step
		// down). Feet that keep the ground they stand on beyond MaxStep
		// and a body raised off a folded planted leg (Grounder
		// keepsGround, foldNeed), a swinging foot brought down to its
		// landing at an even speed when a tread stops holding it up,
		// landings where they were planned (no hold-back in the last
		// 0.05 s, no lag in the last frame) and footstep planning beside
		// pits: at 30/60/144 TPS, penetration and whole-sole penetration
		// 2.73/2.99/3.18 -> 2.24/2.51/2.71 px, limb 3.48/3.78/4.10 ->
		// 2.97/3.37/3.62, slip 3.77/3.77/3.63 -> 2.82/2.67/2.88, joint
		// pop 39.85/28.66/43.40 -> 40.15/25.16/25.30 deg/frame, contact
		// gap max unchanged (1.34/0.86/1.52). The body brought at once
		// (up to 110 px/s, 1.95 px a frame) to a planted leg stretched
		// past its reach or folded to its limits while walking
		// (bodyUrgentSpeed): penetration and whole-sole 1.55/1.63/1.72,
		// limb 2.35/2.42/2.65, slip 2.73/1.83/1.80 (at 30 TPS the frame
		// bound leaves it as slow as before), but body pop 57 -> 110
		// px/s at 60 and 144 TPS (1.83 px/frame at 60, QUALITY.md's 2),
		// gap max at 60 TPS 0.86 -> 1.34 and joint pop at 30 TPS 42.25.
		// Bounds 3.5, 3.5, 5, 4.5, 48, 60 px/s -> 2, 2, 3, 3, 44, 115
		// px/s (gap max 3 -> 2). Still: the trailing foot on a 44 px
		// step's top while the leading one lands below (seed 71: the
		// landing wins the body's height), landings a step down with the
		// leg nearly straight. A foot whose rays meet parallel faces at
		// different heights (a sawtooth's rising faces) takes the
		// flatter chord instead of standing on one tooth's tip turned
		// 45 degrees: contact gap max 1.34/1.34/1.52 -> 0.82/0.86/0.86
		// px, within QUALITY.md's 1 (bound 2 -> 1).
		courseSuite(t, terrain.BipedCourseOptions{}, all, courseFigs{
			gapMean: 0.5, gapMax: 1, pen: 2, sole: 2, limb: 3, slip: 3,
			bodyPopPerS: 115, jointPop: 44,
		})
	})
	t.Run("no-drops", func(t *testing.T) {
		t.Parallel()
		courseSuite(t, terrain.BipedCourseOptions{Features: terrain.AllCourseFeatures &^ terrain.FeatureDrops}, walkable, courseFigs{
			// Joint pop 72.8/66.3/63.6 -> 32.1/18.2/14.6 deg/frame at
			// 30/60/144 TPS with footstep planning, the follower's default
			// speed limit, feet descending to a known landing with half
			// their clearance and held back while they rise before a riser;
			// 31.9/18.1/13.8 with the follower's limit at 110 px/s and the
			// WalkCycle's hip lowest three quarters through double support
			// (the other figures unchanged). The worst are swinging shins
			// in the frame before touch-down, the leg within 4 % of
			// straight as the foot comes down to a lower landing.
			// 31.9/18.1/13.8 -> 31.9/16.7/8.8 with the changes listed
			// under "all" (footstep planning beside the pits under
			// boards, the even descent, landings as planned); the bound
			// stays at 34 for 30 TPS (31.9 there is 15.9 per 1/60 s).
			// Body pop 57 -> 92 px/s at 144 TPS with bodyUrgentSpeed
			// (bound 60 -> 115). Feet across a sawtooth's teeth (the
			// flatter chord): limb penetration 0.48 -> 0.00/0.00/0.02 px,
			// whole-sole 0.12 -> 0.14 (bounds: gap max 1.5 -> 1, limb 1
			// -> 0.5, QUALITY.md's targets).
			gapMean: 0.5, gapMax: 1, pen: 0.5, sole: 0.5, limb: 0.5, slip: 0.5,
			bodyPopPerS: 115, jointPop: 34,
		})
	})
}

// courseSuite runs seeds courses of opts at 30, 60 and 144 TPS, logs the
// figures (with the worst over each kind of section at 60 TPS) and checks
// them against bounds; NaN, bend flips and unfinished courses must be 0.
func courseSuite(t *testing.T, opts terrain.BipedCourseOptions, seeds int, b courseFigs) {
	rates := []int{30, 60, 144}
	all := make([]courseFigs, len(rates))
	worst := map[string][3]float64{}
	for ri, tps := range rates {
		var worstSeed [3]uint64
		var worstVal [3]float64
		for seed := range uint64(seeds) {
			f, s := runCourse(t, seed, tps, opts)
			all[ri].fold(f, int(seed)+1)
			for k, v := range [3]float64{f.gapMax, f.sole, f.limb} {
				if v > worstVal[k] {
					worstVal[k], worstSeed[k] = v, seed
				}
			}
			if tps == 60 {
				for name, v := range s.WorstByFeature() {
					w := worst[name]
					for k := range w {
						w[k] = math.Max(w[k], v[k])
					}
					worst[name] = w
				}
			}
		}
		f := all[ri]
		t.Logf("%3d TPS, %d courses: contact gap mean %.3f max %.3f px (seed %d), penetration %.3f px, whole-sole penetration %.3f px (seed %d), limb penetration %.3f px (seed %d), slip %.3f px (%d stances), body pop %.3f px/frame (%.1f px/s), joint pop %.2f deg/frame, bend flips %d, NaN %d, unfinished %d, airborne %d frames (%d not off a drop), steps refused %d, planted feet on air %d frames",
			tps, seeds, f.gapMean, f.gapMax, worstSeed[0], f.pen, f.sole, worstSeed[1], f.limb, worstSeed[2], f.slip, f.stances, f.bodyPop, f.bodyPopPerS, f.jointPop, f.flips, f.nans, f.unfinished, f.air, f.pit, f.blocked, f.onAir)
	}
	names := make([]string, 0, len(worst))
	for n := range worst {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		w := worst[n]
		t.Logf("60 TPS worst over %-7s sections: contact gap %.3f px, sole penetration %.3f px, limb penetration %.3f px", n, w[0], w[1], w[2])
	}
	for ri, tps := range rates {
		f := all[ri]
		for _, c := range []struct {
			name      string
			got, want float64
		}{
			{"contact gap mean", f.gapMean, b.gapMean},
			{"contact gap max", f.gapMax, b.gapMax},
			{"penetration", f.pen, b.pen},
			{"whole-sole penetration", f.sole, b.sole},
			{"limb penetration", f.limb, b.limb},
			{"slip per stance", f.slip, b.slip},
			{"body pop per second", f.bodyPopPerS, b.bodyPopPerS},
			{"joint pop", f.jointPop, b.jointPop},
		} {
			if c.got > c.want {
				t.Errorf("%d TPS: %s %.3f, want <= %v", tps, c.name, c.got, c.want)
			}
		}
		if f.flips != 0 || f.nans != 0 || f.unfinished != 0 {
			t.Errorf("%d TPS: bend flips %d, NaN %d, unfinished courses %d, want 0, 0 and 0", tps, f.flips, f.nans, f.unfinished)
		}
		// The courses are walkable (pits bridged by boards, slots narrower
		// than a foot, steps no higher than the follower climbs): the body
		// falls only off drops, and the script never meets a wall.
		if f.pit != 0 || f.blocked != 0 || f.onAir != 0 {
			t.Errorf("%d TPS: %d airborne frames not off a drop, %d script steps refused at a wall, %d planted-foot frames on air, want 0, 0 and 0", tps, f.pit, f.blocked, f.onAir)
		}
	}
	// Frame-rate independence (QUALITY.md: within 10%, floor 0.05 px),
	// logged: the defaults do not meet it yet.
	for _, c := range []struct {
		name string
		get  func(courseFigs) float64
	}{
		{"contact gap max", func(f courseFigs) float64 { return f.gapMax }},
		{"whole-sole penetration", func(f courseFigs) float64 { return f.sole }},
		{"limb penetration", func(f courseFigs) float64 { return f.limb }},
		{"slip", func(f courseFigs) float64 { return f.slip }},
		{"body pop per second", func(f courseFigs) float64 { return f.bodyPopPerS }},
	} {
		lo, hi := math.Inf(1), math.Inf(-1)
		for _, f := range all {
			lo, hi = math.Min(lo, c.get(f)), math.Max(hi, c.get(f))
		}
		if hi-lo > 0.1*hi && hi-lo > 0.05 {
			t.Logf("%s differs across 30/60/144 TPS: %.3f to %.3f (target: within 10%%)", c.name, lo, hi)
		}
	}
}

// A body that falls into a pit (here teleported under a board, below the
// rim, beside the pit's far wall) is not dragged through the wall by the
// course's script:
// its steps are refused while the wall is in the way of its body or of its
// hanging legs, and the fall is counted as one not off a drop; the
// pit is bottomless, so it keeps falling out of the space, without NaN.
func TestCourseFallIntoPitIsNotDraggedThroughWall(t *testing.T) {
	s, err := NewCourse(Art{}, 1, terrain.BipedCourseOptions{Features: terrain.FeatureBoards})
	if err != nil {
		t.Fatal(err)
	}
	var board []mgl64.Vec2
	for _, p := range s.Course.Polygons {
		if len(p) == 4 && p[2][1] < s.Course.Options.Height {
			board = p
			break
		}
	}
	if board == nil {
		t.Fatal("no board on the course")
	}
	far, rim := board[1][0]-12, board[2][1] // the pit's far wall and its top
	s.Rig.Teleport(mgl64.Vec2{far - 8, rim + 60})
	for i := 0; i < 300; i++ {
		s.Step(1.0 / 60)
		// (until it has fallen out of the bottom of the space, where no
		// wall is in its way)
		if p := s.Rig.Position; p[0] > far && p[1]-courseBodyHeight < s.Course.Options.Height {
			t.Fatalf("frame %d: body at %v, through the pit's wall at x %v", i, p, far)
		}
	}
	if p := s.Rig.Position; !s.Follower.Falling() || !(p[1] > s.Course.Options.Height) || s.meter.NaNs() != 0 {
		t.Errorf("after 5 s: body at %v, falling %v, NaN %d; want still falling below the space, no NaN", p, s.Follower.Falling(), s.meter.NaNs())
	}
	air, pit, blocked := s.Falls()
	if air == 0 || pit != air || blocked == 0 || s.Done() {
		t.Errorf("airborne %d frames, %d not off a drop, %d steps refused, at the goal %v; want all frames airborne in the pit, some steps refused, not at the goal", air, pit, blocked, s.Done())
	}
}

// gapCourse is a flat course at y 288 with bottomless gaps of the given
// widths, 200 px apart, built by hand like a generated one.
func gapCourse(t testing.TB, widths ...float64) *terrain.BipedCourse {
	t.Helper()
	o := terrain.BipedCourseOptions{Width: 1280, Height: 480}
	w, err := terrain.New(o.Width, o.Height)
	if err != nil {
		t.Fatal(err)
	}
	c := &terrain.BipedCourse{World: w, Start: mgl64.Vec2{40, 288}, Goal: mgl64.Vec2{o.Width - 40, 288}, Options: o}
	x := 0.0
	piece := func(x0, x1 float64) {
		pts := []mgl64.Vec2{{x0, 288}, {x1, 288}}
		if _, err := w.AddGround(pts, o.Height, terrain.TagGround); err != nil {
			t.Fatal(err)
		}
		c.Polygons = append(c.Polygons, append(pts, mgl64.Vec2{x1, o.Height}, mgl64.Vec2{x0, o.Height}))
	}
	for i, gw := range widths {
		next := 240 + 200*float64(i)
		piece(x, next)
		x = next + gw
	}
	piece(x, o.Width)
	c.Sections = []terrain.CourseSection{{Feature: terrain.FeatureFlat, X0: 0, X1: o.Width}}
	return c
}

// The README's humanoid walks over gaps narrower than the follower's
// HoldSpan (8 to 46 px, bottomless) without falling and without a planted
// foot on air, and falls into one of 60 px (out of the bottom of the space),
// where the script does not drag it through the far wall; at 30, 60 and 144
// TPS.
func TestCourseGaps(t *testing.T) {
	for _, tps := range []int{30, 60, 144} {
		for _, c := range []struct {
			widths []float64
			fall   bool
		}{
			{[]float64{8, 20, 40, 46}, false},
			{[]float64{60}, true},
		} {
			s, err := NewCourseOf(Art{}, gapCourse(t, c.widths...))
			if err != nil {
				t.Fatal(err)
			}
			dt := 1 / float64(tps)
			for i, n := 0, int((s.Course.Goal[0]-s.Course.Start[0])/s.Speed*float64(tps))+2*tps; i < n; i++ {
				s.Step(dt)
				// (until the body has fallen below the bottom of the space,
				// where no wall is in its way)
				if p := s.Rig.Position; c.fall && p[0] > 240+60 && p[1]-courseBodyHeight < s.Course.Options.Height {
					t.Fatalf("%d TPS, gap of 60 px: body at %v, through the far wall at x 300", tps, p)
				}
			}
			s.Flush()
			air, pit, blocked := s.Falls()
			m := &s.meter
			t.Logf("%3d TPS, gaps %v: airborne %d frames, steps refused %d, planted feet on air %d frames, contact gap max %.3f px, whole-sole penetration %.3f px, limb penetration %.3f px, slip %.3f px, joint pop %.2f deg/frame, NaN %d, at the goal %v",
				tps, c.widths, air, blocked, s.OnAir(), m.ContactGapMax(), s.pen.SoleMax(), s.pen.LimbMax(), m.FootSlipMax(), m.JointPopMaxDeg(), m.NaNs(), s.Done())
			if m.NaNs() != 0 {
				t.Errorf("%d TPS, gaps %v: NaN %d", tps, c.widths, m.NaNs())
			}
			if c.fall {
				if pit == 0 || s.Done() {
					t.Errorf("%d TPS, gaps %v: airborne %d frames, at the goal %v; want fallen in, not at the goal", tps, c.widths, pit, s.Done())
				}
				continue
			}
			if air != 0 || s.OnAir() != 0 || !s.Done() {
				t.Errorf("%d TPS, gaps %v: airborne %d frames, planted feet on air %d frames, at the goal %v; want 0, 0, true", tps, c.widths, air, s.OnAir(), s.Done())
			}
		}
	}
}

// Touch-down on spikes: a swinging foot lands where its landing was
// planned, whose height and angle the landing bounds close on; on a
// tooth 1 px along the ground changes the angle by up to 45 degrees. The
// README's humanoid walks 40 courses of spikes alone at 144 TPS. Held
// back in its last frames (holdBack, and the lag it leaves, still up to
// 0.8 px in the last frame of the swing), a foot landed short of its
// plan, on another flank, and its angle jumped there in the touch-down
// frame: joint pop 35.4 deg/frame; with no hold in the last 0.05 s of a
// known swing (Grounder holdLandTime) and no lag left in its last frame,
// 8.8 (either alone: 26.4).
func TestCourseSpikesTouchDown(t *testing.T) {
	worst, at := 0.0, uint64(0)
	for seed := range uint64(40) {
		f, _ := runCourse(t, seed, 144, terrain.BipedCourseOptions{Features: terrain.FeatureSpikes})
		if f.jointPop > worst {
			worst, at = f.jointPop, seed
		}
	}
	t.Logf("joint pop %.2f deg/frame (seed %d)", worst, at)
	if worst > 12 {
		t.Errorf("joint pop %.2f deg/frame (seed %d), want <= 12", worst, at)
	}
}
