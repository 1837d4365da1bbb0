package quality

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

func TestSolidsBelowAndSoleGapByHand(t *testing.T) {
	var s Solids
	s.AddPolygon([]mgl64.Vec2{{0, 100}, {100, 100}, {100, 200}, {0, 200}})    // a slab, top y 100
	s.AddPolygon([]mgl64.Vec2{{140, 100}, {150, 94}, {160, 100}, {150, 110}}) // a spike, peak (150, 94)
	s.AddCircle(mgl64.Vec2{300, 100}, 10)
	s.Build()
	const tol = 0.01
	for _, c := range []struct {
		p       mgl64.Vec2
		max     float64
		want    float64
		wantHit bool
	}{
		{mgl64.Vec2{50, 90}, 20, 10, true},
		{mgl64.Vec2{50, 90}, 5, 0, false},         // too far
		{mgl64.Vec2{50, 105}, 20, -5, true},       // inside: minus the depth
		{mgl64.Vec2{150, 90}, 20, 4, true},        // onto the peak
		{mgl64.Vec2{145, 80}, 40, 17, true},       // onto a face: y 97 at x 145
		{mgl64.Vec2{306, 80}, 40, 12, true},       // circle top at x 306: y 92
		{mgl64.Vec2{120, 50}, 400, 0, false},      // between the solids
		{mgl64.Vec2{50, 0}, 150, 100, true},       // from far above (several cells)
		{mgl64.Vec2{math.NaN(), 0}, 10, 0, false}, // NaN
	} {
		got, hit := s.Below(c.p, c.max)
		if hit != c.wantHit || math.Abs(got-c.want) > tol {
			t.Errorf("Below(%v, %v) = %v, %v, want %v, %v", c.p, c.max, got, hit, c.want, c.wantHit)
		}
	}
	// A level sole 1 px above the spike's peak floats 1 px; 1 px below it,
	// it is sunk by the distance from (150, 95) to the faces: 10/sqrt(136).
	if g, ok := s.SoleGap(mgl64.Vec2{140, 93}, mgl64.Vec2{160, 93}, 1, 20); !ok || math.Abs(g-1) > tol {
		t.Errorf("sole above the peak: gap %v ok %v, want 1", g, ok)
	}
	if g, ok := s.SoleGap(mgl64.Vec2{140, 95}, mgl64.Vec2{160, 95}, 1, 20); !ok || math.Abs(g+10/math.Sqrt(136)) > tol {
		t.Errorf("sole through the peak: gap %v ok %v, want %v", g, ok, -10/math.Sqrt(136))
	}
	// A level sole 2 px over a flat top; nothing under a sole over a pit.
	if g, ok := s.SoleGap(mgl64.Vec2{10, 98}, mgl64.Vec2{30, 98}, 1, 20); !ok || math.Abs(g-2) > tol {
		t.Errorf("sole over the slab: gap %v ok %v, want 2", g, ok)
	}
	if _, ok := s.SoleGap(mgl64.Vec2{110, 50}, mgl64.Vec2{130, 50}, 1, 20); ok {
		t.Error("sole over nothing: ok, want not ok")
	}
}

func TestPenetrationReport(t *testing.T) {
	var p Penetration
	r := map[string]float64{}
	p.Report(r)
	if len(r) != 0 {
		t.Errorf("nothing measured: report %v, want empty", r)
	}
	p.Sole(0.25)
	p.Sole(math.NaN())
	p.Sole(0.1)
	p.Limb(0)
	p.Report(r)
	if r[KeySolePenetrationMax] != 0.25 || r[KeyLimbPenetrationMax] != 0 || len(r) != 2 {
		t.Errorf("report %v, want sole 0.25 and limb 0", r)
	}
}
