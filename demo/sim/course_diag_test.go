package sim

import (
	"fmt"
	"math"
	"os"
	"sort"
	"strconv"
	"testing"

	"github.com/ikanim/kit/ikanim"
	"github.com/ikanim/kit/ikanim/ik"
	"github.com/ikanim/kit/ikanim/quality"
	"github.com/ikanim/kit/terrain"
)

var diagTweak = func(s *Course) {
	if v, _ := strconv.ParseFloat(os.Getenv("IKANIM_DIAG_FOLLOWMAX"), 64); v > 0 {
		s.Follower.MaxSpeed = v
	}
	if os.Getenv("IKANIM_DIAG_FIXED") != "" {
		s.Grounder.FixedSteps = true
	}
	if os.Getenv("IKANIM_DIAG_PLAN") != "" {
		s.Grounder.PlanSwing = true
	}
	if v, _ := strconv.ParseFloat(os.Getenv("IKANIM_DIAG_SOFT"), 64); v > 0 {
		for _, n := range []string{ikanim.LimbLegFar, ikanim.LimbLegNear} {
			s.Rig.MustLimb(n).Solver().(*ik.TwoBone).Softness = v
		}
	}
	if v, _ := strconv.ParseFloat(os.Getenv("IKANIM_DIAG_FOOTSPEED"), 64); v > 0 {
		s.Grounder.FootSpeed = v
	}
}

// diagSeeds returns the number of seeds IKANIM_DIAG asks for, and skips the
// test when it is not set.
func diagSeeds(t *testing.T) int {
	n, _ := strconv.Atoi(os.Getenv("IKANIM_DIAG"))
	if n == 0 {
		t.Skip("set IKANIM_DIAG")
	}
	return n
}

// diagOptions returns the diagnostics' courses: without drops, or with
// every feature when IKANIM_DIAG_DROPS is set.
func diagOptions() terrain.BipedCourseOptions {
	if os.Getenv("IKANIM_DIAG_DROPS") != "" {
		return terrain.BipedCourseOptions{}
	}
	return terrain.BipedCourseOptions{Features: terrain.AllCourseFeatures &^ terrain.FeatureDrops}
}

// TestCourseDiag (IKANIM_DIAG=seeds) classifies joint pops by bone and feature.
func TestCourseDiag(t *testing.T) {
	n := diagSeeds(t)
	tps := 60
	if v, _ := strconv.Atoi(os.Getenv("IKANIM_DIAG_TPS")); v > 0 {
		tps = v
	}
	opts := diagOptions()
	type ev struct {
		deg  float64
		seed uint64
		fr   int
		bone string
		feat string
		info string
	}
	var evs []ev
	count := map[string]int{}
	catMax := map[string]float64{}
	catN := map[string]int{}
	defer func() { t.Logf("by category: max %v count %v", catMax, catN) }()
	for seed := range uint64(n) {
		s, err := NewCourse(Art{}, seed, opts)
		if err != nil {
			t.Fatal(err)
		}
		diagTweak(s)
		dt := 1 / float64(tps)
		limit := int((s.Course.Goal[0]-s.Course.Start[0])/s.Speed*float64(tps)) + 2*tps
		pops := make([]quality.AngleDelta, s.Rig.Def().NumBones())
		apops := make([]quality.AngleDelta, s.Rig.Def().NumBones())
		wpops := make([]quality.AngleDelta, s.Rig.Def().NumBones())
		var m quality.Meter
		var prev [2]string
		var prevPl [2]bool
		for i := 0; i < limit; i++ {
			p0, p1 := s.Grounder.Leg(0), s.Grounder.Leg(1)
			prevPl = [2]bool{p0.Planted, p1.Planted}
			prev = [2]string{fmt.Sprintf("(prev off %.1f lift %.1f ang %.2f)", p0.Offset, p0.Lift, p0.Angle), fmt.Sprintf("(prev off %.1f lift %.1f ang %.2f)", p1.Offset, p1.Lift, p1.Angle)}
			s.Step(dt)
			r := s.Rig
			for b := range pops {
				d := pops[b].Step(r.LocalAngle(b)) * 180 / math.Pi
				ad := apops[b].Step(r.AnimatedAngle(b)) * 180 / math.Pi
				wd := wpops[b].Step(r.BoneAngle(b)) * 180 / math.Pi
				if d > 15 && i > 2 {
					a, _ := r.Joint(b)
					f := s.featureIndex(a[0])
					fn := "flat"
					if f > 0 {
						fn = terrain.CourseFeature(1 << (f - 1)).String()
					}
					l0, l1 := s.Grounder.Leg(0), s.Grounder.Leg(1)
					info := fmt.Sprintf("animW %.1f W %.1f body %.1f  far g%v p%v off %.1f lift %.1f ang %.2f %s | near g%v p%v off %.1f lift %.1f ang %.2f %s",
						ad, wd, s.Grounder.Body(), l0.Grounded, l0.Planted, l0.Offset, l0.Lift, l0.Angle, prev[0], l1.Grounded, l1.Planted, l1.Offset, l1.Lift, l1.Angle, prev[1])
					for li, l := range s.legs {
						h, _ := r.Joint(l[0])
						an, _ := r.Joint(l[2])
						ah, _ := r.AnimatedJoint(l[0])
						aa, _ := r.AnimatedJoint(l[2])
						full := r.Def().BoneDef(l[0]).Length + r.Def().BoneDef(l[1]).Length
						info += fmt.Sprintf(" | leg%d reach %.3f anim %.3f", li, an.Sub(h).Len()/full, aa.Sub(ah).Len()/full)
					}

					count[r.Def().BoneDef(b).Name+"/"+fn]++
					cat := "swing"
					pl := [2]bool{l0.Planted, l1.Planted}
					for li := range 2 {
						if pl[li] != prevPl[li] {
							cat = "touch/lift"
						}
					}
					if pl[0] && pl[1] && prevPl[0] && prevPl[1] {
						cat = "stance"
					}
					if s.Done() {
						cat = "stopped"
					}
					catMax[cat] = math.Max(catMax[cat], d)
					catN[cat]++
					evs = append(evs, ev{d, seed, i, r.Def().BoneDef(b).Name, fn, "[" + cat + "] " + info})
				}
			}
			_ = m
		}
	}
	sort.Slice(evs, func(i, j int) bool { return evs[i].deg > evs[j].deg })
	for i, e := range evs {
		if i > 40 {
			break
		}
		t.Logf("%.1f deg seed %d frame %d %s on %s: %s", e.deg, e.seed, e.fr, e.bone, e.feat, e.info)
	}
	keys := make([]string, 0)
	for k := range count {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		t.Logf("%s: %d", k, count[k])
	}
}

// TestCourseDiagFigs (IKANIM_DIAG=seeds) prints the suite's figures at 30/60/144.
func TestCourseDiagFigs(t *testing.T) {
	n := diagSeeds(t)
	opts := diagOptions()
	for _, tps := range []int{30, 60, 144} {
		var all courseFigs
		for seed := range uint64(n) {
			f, _ := runCourse(t, seed, tps, opts)
			all.fold(f, int(seed)+1)
		}
		f := all
		t.Logf("%3d TPS: gap mean %.3f max %.3f, sole %.3f, limb %.3f, slip %.3f, body pop %.3f, joint pop %.1f, flips %d nan %d unfinished %d",
			tps, f.gapMean, f.gapMax, f.sole, f.limb, f.slip, f.bodyPop, f.jointPop, f.flips, f.nans, f.unfinished)
	}
}

// TestCourseDiagSole (IKANIM_DIAG=seeds) lists whole-sole penetrations > 0.5 px.
func TestCourseDiagSole(t *testing.T) {
	n := diagSeeds(t)
	opts := diagOptions()
	shown := 0
	from, _ := strconv.Atoi(os.Getenv("IKANIM_DIAG_FROM"))
	for seed := uint64(from); seed < uint64(n); seed++ {
		s, _ := NewCourse(Art{}, seed, opts)
		diagTweak(s)
		dt := 1 / 60.0
		limit := int((s.Course.Goal[0]-s.Course.Start[0])/s.Speed*60) + 120
		for i := 0; i < limit; i++ {
			s.Step(dt)
			r := s.Rig
			for b := 0; b < r.Def().NumBones(); b++ {
				a, e := r.Joint(b)
				if d := s.solids.SegmentDepth(a, e, 1); d > 0.5 && shown < 40 {
					shown++
					l0, l1 := s.Grounder.Leg(0), s.Grounder.Leg(1)
					t.Logf("seed %d frame %d bone %s depth %.2f at %v; far p%v lift %.1f off %.1f, near p%v lift %.1f off %.1f", seed, i, r.Def().BoneDef(b).Name, d, a, l0.Planted, l0.Lift, l0.Offset, l1.Planted, l1.Lift, l1.Offset)
				}
			}
			for li, l := range s.legs {
				leg := s.Grounder.LegDef(li)
				heel := solePoint(r, l[2], -leg.Heel, leg.AnkleHeight)
				toe := solePoint(r, l[2], leg.Toe, leg.AnkleHeight)
				gap, ok := s.solids.SoleGap(heel, toe, 1, courseReach)
				if ok && gap < -0.5 && shown < 40 {
					shown++
					st := s.Grounder.Leg(li)
					f := s.featureIndex(heel[0])
					fn := "flat"
					if f > 0 {
						fn = terrain.CourseFeature(1 << (f - 1)).String()
					}
					t.Logf("seed %d frame %d leg %d on %s: pen %.2f planted %v lift %.2f off %.2f ang %.2f heel %v toe %v", seed, i, li, fn, -gap, st.Planted, st.Lift, st.Offset, st.Angle, heel, toe)
				}
			}
		}
	}
}

// TestCourseDiagGap (IKANIM_DIAG=seeds) lists planted-foot gaps > 1 px.
func TestCourseDiagGap(t *testing.T) {
	n := diagSeeds(t)
	opts := diagOptions()
	shown := 0
	for seed := range uint64(n) {
		s, _ := NewCourse(Art{}, seed, opts)
		diagTweak(s)
		limit := int((s.Course.Goal[0]-s.Course.Start[0])/s.Speed*60) + 120
		for i := 0; i < limit; i++ {
			s.Step(1 / 60.0)
			r := s.Rig
			for li, l := range s.legs {
				leg := s.Grounder.LegDef(li)
				heel := solePoint(r, l[2], -leg.Heel, leg.AnkleHeight)
				toe := solePoint(r, l[2], leg.Toe, leg.AnkleHeight)
				gap, ok := s.solids.SoleGap(heel, toe, 1, courseReach)
				planted := s.Cycle.Planted(1-li, r.Time) && !s.Follower.Falling()
				if ok && planted && gap > 1 && shown < 30 {
					shown++
					st := s.Grounder.Leg(li)
					t.Logf("seed %d frame %d leg %d: gap %.2f grounded %v lift %.2f off %.2f heel %v pos %v body %.1f", seed, i, li, gap, st.Grounded, st.Lift, st.Offset, heel, r.Position, s.Grounder.Body())
				}
			}
		}
	}
}

// TestCourseDiagSeeds (IKANIM_DIAG=seeds) lists each seed's figures at IKANIM_DIAG_TPS (60).
func TestCourseDiagSeeds(t *testing.T) {
	n := diagSeeds(t)
	tps := 60
	if v, _ := strconv.Atoi(os.Getenv("IKANIM_DIAG_TPS")); v > 0 {
		tps = v
	}
	for seed := range uint64(n) {
		f, _ := runCourse(t, seed, tps, diagOptions())
		if f.slip > 0.5 || f.gapMax > 1 || f.limb > 1 || f.sole > 0.5 || f.jointPop > 15 {
			t.Logf("seed %d: gap max %.2f sole %.2f limb %.2f slip %.2f pop %.1f", seed, f.gapMax, f.sole, f.limb, f.slip, f.jointPop)
		}
	}
}
