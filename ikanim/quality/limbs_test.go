package quality

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// limbsFloor is a floor slab y in [100, 200], x in [0, 400], with a 6 px
// pillar x in [200, 206] standing on it up to y = 40.
func limbsFloor() *Solids {
	var s Solids
	s.AddPolygon([]mgl64.Vec2{{0, 100}, {400, 100}, {400, 200}, {0, 200}})
	s.AddPolygon([]mgl64.Vec2{{206, 40}, {200, 40}, {200, 101}, {206, 101}}) // other winding
	s.Build()
	return &s
}

func TestChainDepthSamplesEverySegment(t *testing.T) {
	s := limbsFloor()
	for _, c := range []struct {
		name string
		pts  []mgl64.Vec2
		want float64
	}{
		{"free leg", []mgl64.Vec2{{50, 60}, {70, 80}, {60, 99}}, 0},
		{"foot 4 px in", []mgl64.Vec2{{50, 60}, {70, 80}, {60, 104}}, 4},
		// The knee segment passes through the pillar's middle (x 203, 3 px
		// from both faces) while both joints are outside it.
		{"shin through a pillar", []mgl64.Vec2{{183, 60}, {223, 60}, {223, 99}}, 3},
		{"one point", []mgl64.Vec2{{50, 107}}, 7},
		{"none", nil, 0},
	} {
		// Samples 0.5 px apart or closer fall within 0.25 px of the
		// deepest point, and depth changes by at most 1 px per px.
		got := s.ChainDepth(c.pts, 0.5)
		if got > c.want+1e-9 || got < c.want-0.25 {
			t.Errorf("%s: ChainDepth = %v, want %v", c.name, got, c.want)
		}
	}
	// A coarse step misses the pillar; a 1 px step cannot.
	shin := []mgl64.Vec2{{160, 60}, {240, 60}}
	if got := s.ChainDepth(shin, 1); got < 2.5 {
		t.Errorf("1 px step: %v, want the pillar's 3 px", got)
	}
	if n := testing.AllocsPerRun(100, func() { s.ChainDepth(shin, 1) }); n != 0 {
		t.Errorf("ChainDepth allocates %v times", n)
	}
}

func TestSolidsDistanceInsideAndOutside(t *testing.T) {
	s := limbsFloor()
	for _, c := range []struct {
		p    mgl64.Vec2
		want float64
	}{
		{mgl64.Vec2{50, 70}, 30},     // above the floor
		{mgl64.Vec2{50, 110}, 10},    // inside it
		{mgl64.Vec2{190, 50}, 10},    // beside the pillar
		{mgl64.Vec2{203, 20}, 20},    // above the pillar
		{mgl64.Vec2{203, -900}, 940}, // far outside the grid
	} {
		if got := s.Distance(c.p); math.Abs(got-c.want) > 1e-9 {
			t.Errorf("Distance(%v) = %v, want %v", c.p, got, c.want)
		}
	}
	var empty Solids
	empty.Build()
	if d := empty.Distance(mgl64.Vec2{}); !math.IsInf(d, 1) {
		t.Errorf("Distance with no solids = %v, want +Inf", d)
	}
}

func TestLegsCrossed(t *testing.T) {
	fwd := mgl64.Vec2{1, 0}
	front := []mgl64.Vec2{{10, 0}, {30, -10}, {40, 20}}
	back := []mgl64.Vec2{{-10, 0}, {-30, -10}, {-40, 20}}
	if LegsCrossed(front, back, fwd) || LegsCrossed(back, front, fwd) {
		t.Error("two legs splayed apart are crossed")
	}
	// The back leg reaching past the front foot: its shin crosses the
	// front leg's shin.
	reach := []mgl64.Vec2{{-10, 0}, {20, -10}, {50, 20}}
	if !LegsCrossed(front, reach, fwd) {
		t.Error("a back leg crossing the front leg's shin is not crossed")
	}
	// Feet swapped without the polylines meeting: the back leg folded
	// high above the front leg, its foot ahead of the front foot.
	high := []mgl64.Vec2{{-10, 0}, {-5, -30}, {60, -30}}
	if !LegsCrossed(front, high, fwd) {
		t.Error("feet in the reverse order of the hips are not crossed")
	}
	// Same hip: no order, only intersection counts.
	if LegsCrossed([]mgl64.Vec2{{0, 0}, {10, 20}}, []mgl64.Vec2{{0, 0}, {-10, 20}}, fwd) {
		t.Error("two legs from one hip that only share it are crossed")
	}
}

func TestProgressMeasuresLongestStall(t *testing.T) {
	var p Progress
	var l Limbs
	// 1 s approaching at 10 px/s, 3 s standing still, 1 s approaching.
	rem := 100.0
	for f := 0; f < 300; f++ {
		if f < 60 || f >= 240 {
			rem -= 10.0 / 60
		}
		l.Stuck(p.Track(1.0/60, rem))
	}
	// The first Track sets the mark (frame 0); 1 px of progress takes 6
	// frames, so the last progress before the stall is at frame 54 and the
	// next at frame 240: 185 frames without progress.
	if got := l.StuckMax(); math.Abs(got-185.0/60) > 1e-9 {
		t.Errorf("StuckMax = %v, want %v", got, 185.0/60)
	}
	// Wandering back and forth within 1 px is no progress.
	p.Reset()
	worst := 0.0
	for f := 0; f < 120; f++ {
		worst = p.Track(0.5, 50+0.4*math.Sin(float64(f)))
	}
	if math.Abs(worst-119*0.5) > 1e-9 {
		t.Errorf("jitter: stuck %v s, want %v", worst, 119*0.5)
	}
}

func TestLimbsReport(t *testing.T) {
	var l Limbs
	if r := l.Report(nil); len(r) != 0 {
		t.Errorf("empty Limbs reports %v, want nothing", r)
	}
	l.Penetration(0.2)
	l.Penetration(0.7)
	l.Penetration(math.NaN())
	l.Crossing(false)
	l.Crossing(true)
	l.Airborne(5, 10, true)
	l.Airborne(50, 10, false)
	l.Airborne(50, 10, true)
	for k := 0; k < 4; k++ {
		l.Course(k != 0)
	}
	var m Limbs
	m.Merge(&l)
	r := m.Report(nil)
	for k, want := range map[string]float64{
		KeyLimbPenetrationMax: 0.7, KeyLegCrossings: 1, KeyFalls: 1, KeyArrivedPct: 75,
	} {
		if got, ok := r[k]; !ok || got != want {
			t.Errorf("%s = %v (present %v), want %v", k, got, ok, want)
		}
	}
	if _, ok := r[KeyStuckMax]; ok {
		t.Errorf("stuck reported without Stuck: %v", r)
	}
	if n := testing.AllocsPerRun(100, func() { l.Penetration(1); l.Crossing(true); l.Airborne(1, 2, true) }); n != 0 {
		t.Errorf("recording allocates %v times", n)
	}
}
