package quality

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

func TestSolidsDepthByHand(t *testing.T) {
	var s Solids
	// A floor slab y in [100, 200], x in [0, 400], as two touching pieces
	// (a seam at x = 200, wound both ways), a box sunk into it, a disc.
	s.AddPolygon([]mgl64.Vec2{{0, 100}, {200, 100}, {200, 200}, {0, 200}})
	s.AddPolygon([]mgl64.Vec2{{200, 100}, {200, 200}, {400, 200}, {400, 100}})
	s.AddPolygon([]mgl64.Vec2{{300, 80}, {340, 80}, {340, 120}, {300, 120}})
	s.AddCircle(mgl64.Vec2{100, 50}, 20)
	s.Build()
	for _, c := range []struct {
		p    mgl64.Vec2
		want float64
	}{
		{mgl64.Vec2{50, 90}, 0},                        // above the floor
		{mgl64.Vec2{50, 103}, 3},                       // 3 px into the floor
		{mgl64.Vec2{199, 110}, 10},                     // by the seam: the seam is no boundary
		{mgl64.Vec2{200, 150}, 50},                     // on the seam, mid-slab
		{mgl64.Vec2{320, 102}, math.Sqrt(20*20 + 2*2)}, // in the box, 2 px below the floor line: the box meets the floor at (300, 100)
		{mgl64.Vec2{100, 45}, 15},                      // 15 px inside the disc
		{mgl64.Vec2{10, 150}, 10},                      // 10 px from the slab's left face
		{mgl64.Vec2{500, 150}, 0},                      // outside everything
	} {
		got := s.Depth(c.p)
		if math.Abs(got-c.want) > 1e-6*(1+c.want) && !(c.p == mgl64.Vec2{100, 45} && math.Abs(got-c.want) < 0.01) {
			t.Errorf("Depth(%v) = %v, want %v", c.p, got, c.want)
		}
	}
	if d := s.SegmentDepth(mgl64.Vec2{50, 90}, mgl64.Vec2{50, 110}, 1); math.Abs(d-10) > 1e-9 {
		t.Errorf("SegmentDepth of a stick 10 px into the floor = %v, want 10", d)
	}
	if d := s.SegmentDepth(mgl64.Vec2{50, 90}, mgl64.Vec2{150, 95}, 1); d != 0 {
		t.Errorf("SegmentDepth of a free segment = %v, want 0", d)
	}
	if n := testing.AllocsPerRun(100, func() { s.SegmentDepth(mgl64.Vec2{50, 90}, mgl64.Vec2{50, 110}, 1) }); n != 0 {
		t.Errorf("SegmentDepth allocates %v times", n)
	}
}

func TestSegmentsCross(t *testing.T) {
	o := mgl64.Vec2{}
	if !SegmentsCross(o, mgl64.Vec2{10, 10}, mgl64.Vec2{0, 10}, mgl64.Vec2{10, 0}) {
		t.Error("an X does not cross")
	}
	if SegmentsCross(o, mgl64.Vec2{10, 0}, mgl64.Vec2{10, 0}, mgl64.Vec2{20, 5}) {
		t.Error("segments touching at an end cross")
	}
	if SegmentsCross(o, mgl64.Vec2{10, 0}, mgl64.Vec2{0, 1}, mgl64.Vec2{10, 1}) {
		t.Error("parallel segments cross")
	}
}
