package quality

import (
	"math"
	"strings"
	"testing"
)

func TestSeriesKeepsEachFrame(t *testing.T) {
	m := Meter{Series: NewSeries(3)}
	m.Contact(5) // before the first frame: counted by the meter only
	for f := 1; f <= 4; f++ {
		m.Frame()
		m.Contact(0.1 * float64(f))
		m.Contact(-0.05)
		m.JointPop(float64(f) * math.Pi / 180)
		if f == 3 {
			m.Slip(0.25)
			m.BodyPop(-1.5)
			m.Finite(math.NaN())
		}
	}
	s := m.Series
	if s.Len() != 3 || s.Cap() != 3 {
		t.Fatalf("Len, Cap = %d, %d, want 3, 3", s.Len(), s.Cap())
	}
	for i, want := range []Sample{
		{Frame: 2, Contacts: 2, GapMax: 0.2, Penetration: 0.05, JointPop: 2},
		{Frame: 3, Contacts: 2, GapMax: 0.3, Penetration: 0.05, Stances: 1, SlipMax: 0.25, BodyPop: 1.5, JointPop: 3, NaNs: 1},
		{Frame: 4, Contacts: 2, GapMax: 0.4, Penetration: 0.05, JointPop: 4},
	} {
		got := s.At(i)
		if math.Abs(got.GapMax-want.GapMax) > 1e-12 || math.Abs(got.JointPop-want.JointPop) > 1e-12 {
			t.Errorf("At(%d) = %+v, want %+v", i, got, want)
			continue
		}
		got.GapMax, got.JointPop = want.GapMax, want.JointPop
		if got != want {
			t.Errorf("At(%d) = %+v, want %+v", i, got, want)
		}
	}
	if m.ContactGapMax() != 5 {
		t.Errorf("meter gap max %v, want 5 (the series does not change the meter)", m.ContactGapMax())
	}
	var b strings.Builder
	if err := s.WriteCSV(&b); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	if len(lines) != 4 || lines[0]+"\n" != csvHeader || lines[2] != "3,2,0.3,0.05,1,0.25,1.5,3,1" {
		t.Errorf("WriteCSV =\n%s", b.String())
	}
}

func TestSeriesDoesNotAllocate(t *testing.T) {
	m := Meter{Series: NewSeries(8)}
	if a := testing.AllocsPerRun(100, func() {
		m.Frame()
		m.Contact(0.1)
		m.Slip(0.2)
		m.BodyPop(0.3)
		m.JointPop(0.4)
		m.Finite(1)
	}); a != 0 {
		t.Errorf("a metered frame with a series allocates %v times, want 0", a)
	}
}
