package num

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

func TestClampDt(t *testing.T) {
	for _, tc := range []struct{ in, want float64 }{
		{math.NaN(), 0}, {-1, 0}, {0, 0}, {1.0 / 60, 1.0 / 60}, {MaxDt, MaxDt}, {1, MaxDt}, {math.Inf(1), MaxDt}, {math.Inf(-1), 0},
	} {
		if got := ClampDt(tc.in); got != tc.want {
			t.Errorf("ClampDt(%v) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

func TestGuards(t *testing.T) {
	if Finite(math.NaN()) || Finite(math.Inf(-1)) || !Finite(0) {
		t.Error("Finite")
	}
	if FiniteVec(mgl64.Vec2{0, math.NaN()}) || !FiniteVec(mgl64.Vec2{1, 2}) {
		t.Error("FiniteVec")
	}
	for _, tc := range []struct{ in, want float64 }{{math.NaN(), 0}, {-2, 0}, {0.25, 0.25}, {3, 1}} {
		if got := Clamp01(tc.in); got != tc.want {
			t.Errorf("Clamp01(%v) = %v, want %v", tc.in, got, tc.want)
		}
	}
	if Smoothstep(0.5) != 0.5 || Smoothstep(-1) != 0 || Smoothstep(2) != 1 || Smoothstep(0.25) != 0.15625 {
		t.Error("Smoothstep")
	}
	if Or(0, 7) != 7 || Or(-1, 7) != 7 || Or(math.NaN(), 7) != 7 || Or(3, 7) != 3 {
		t.Error("Or")
	}
	if got := Smooth(8, 0.125); math.Abs(got-(1-math.Exp(-1))) > 1e-15 {
		t.Errorf("Smooth(8, 0.125) = %v", got)
	}
	if Len(mgl64.Vec2{3, 4}) != 5 {
		t.Error("Len")
	}
	def := mgl64.Vec2{0, -1}
	if UnitOr(mgl64.Vec2{}, def) != def || UnitOr(mgl64.Vec2{math.Inf(1), 0}, def) != def || UnitOr(mgl64.Vec2{0, 2}, def) != (mgl64.Vec2{0, 1}) {
		t.Error("UnitOr")
	}
}

func TestWithinVec(t *testing.T) {
	for _, c := range []struct {
		v    mgl64.Vec2
		want bool
	}{
		{mgl64.Vec2{0, 0}, true}, {mgl64.Vec2{-10, 10}, true}, {mgl64.Vec2{10.5, 0}, false},
		{mgl64.Vec2{math.NaN(), 0}, false}, {mgl64.Vec2{0, math.Inf(-1)}, false},
	} {
		if got := WithinVec(c.v, 10); got != c.want {
			t.Errorf("WithinVec(%v, 10) = %v, want %v", c.v, got, c.want)
		}
	}
}
