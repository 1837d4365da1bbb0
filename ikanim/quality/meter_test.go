package quality

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

func TestContactSplitsGapAndPenetration(t *testing.T) {
	var m Meter
	for _, g := range []float64{0.5, -0.25, 1.5, 0} {
		m.Contact(g)
	}
	if got, want := m.ContactGapMean(), (0.5+0+1.5+0)/4; math.Abs(got-want) > 1e-12 {
		t.Errorf("ContactGapMean() = %v, want %v", got, want)
	}
	if got, want := m.ContactGapMax(), 1.5; got != want {
		t.Errorf("ContactGapMax() = %v, want %v", got, want)
	}
	if got, want := m.PenetrationMax(), 0.25; got != want {
		t.Errorf("PenetrationMax() = %v, want %v", got, want)
	}
}

func TestReportLeavesOutUnmeasured(t *testing.T) {
	var m Meter
	m.Frame()
	r := m.Report()
	for _, k := range []string{KeyContactGapMean, KeyFootSlipMax, KeyBodyPopMax, KeyBendFlips, KeyUpdateNsMean, KeyTPS} {
		if _, ok := r[k]; ok {
			t.Errorf("Report()[%q] present for an unmeasured figure", k)
		}
	}
	if r[KeyFrames] != 1 || r[KeyNaNCount] != 0 {
		t.Errorf("Report() = %v, want frames 1 and nan_count 0", r)
	}
	m.NoBendFlip()
	if v, ok := m.Report()[KeyBendFlips]; !ok || v != 0 {
		t.Errorf("after NoBendFlip, bend_flips = %v, %v; want 0, true", v, ok)
	}
}

func TestNaNIsCountedNotAccumulated(t *testing.T) {
	var m Meter
	m.Contact(math.NaN())
	m.BodyPop(math.Inf(1))
	m.Slip(math.NaN())
	if m.NaNs() != 3 {
		t.Errorf("NaNs() = %d, want 3", m.NaNs())
	}
	r := m.Report()
	if _, ok := r[KeyContactGapMean]; ok {
		t.Errorf("a NaN contact made the contact figure measured: %v", r)
	}
}

func TestStanceSlip(t *testing.T) {
	var m Meter
	var s Stance
	s.Track(&m, false, mgl64.Vec2{0, 0})
	s.Track(&m, true, mgl64.Vec2{10, 0})   // touch-down
	s.Track(&m, true, mgl64.Vec2{10.3, 0}) // slides 0.3
	s.Track(&m, true, mgl64.Vec2{10, 0.4}) // 0.4 from touch-down
	s.Track(&m, false, mgl64.Vec2{50, 0})  // lift-off
	s.Track(&m, true, mgl64.Vec2{80, 0})
	s.Flush(&m)
	if got, want := m.FootSlipMax(), 0.4; math.Abs(got-want) > 1e-12 {
		t.Errorf("FootSlipMax() = %v, want %v", got, want)
	}
	if m.Stances() != 2 {
		t.Errorf("Stances() = %d, want 2", m.Stances())
	}
}

func TestAngleDeltaTakesShortestArc(t *testing.T) {
	var d AngleDelta
	d.Step(math.Pi - 0.1)
	if got, want := d.Step(-math.Pi+0.1), 0.2; math.Abs(got-want) > 1e-12 {
		t.Errorf("Step across ±pi = %v, want %v", got, want)
	}
}

func TestBendFlipCountsSideChangesOnly(t *testing.T) {
	var m Meter
	var b Bend
	root, end := mgl64.Vec2{0, 0}, mgl64.Vec2{0, 10}
	b.Track(&m, root, mgl64.Vec2{3, 5}, end, 0.5)   // one side
	b.Track(&m, root, mgl64.Vec2{0.1, 5}, end, 0.5) // straight: no side
	b.Track(&m, root, mgl64.Vec2{2, 5}, end, 0.5)   // same side again
	if m.BendFlips() != 0 {
		t.Fatalf("BendFlips() = %d after staying on one side, want 0", m.BendFlips())
	}
	b.Track(&m, root, mgl64.Vec2{-2, 5}, end, 0.5)
	if m.BendFlips() != 1 {
		t.Errorf("BendFlips() = %d after crossing, want 1", m.BendFlips())
	}
}

func TestMeterDoesNotAllocate(t *testing.T) {
	var m Meter
	var s Stance
	var b Bend
	allocs := testing.AllocsPerRun(100, func() {
		m.Frame()
		m.Contact(0.2)
		s.Track(&m, true, mgl64.Vec2{1, 2})
		b.Track(&m, mgl64.Vec2{}, mgl64.Vec2{1, 1}, mgl64.Vec2{0, 2}, 0.1)
		m.BodyPop(0.1)
	})
	if allocs != 0 {
		t.Errorf("per-frame metering allocates %v times, want 0", allocs)
	}
}
