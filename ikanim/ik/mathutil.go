package ik

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// MaxCoord bounds the pose origin: a Pose whose Origin has a coordinate with
// magnitude above MaxCoord (or not finite) is rejected by the solvers, which
// then leave the pose unchanged. It keeps every squared distance finite.
const MaxCoord = 1e12

// tinySq is the squared distance (px^2) below which two points are treated
// as coincident and a direction is not computed from their difference.
const tinySq = 1e-24

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

func finiteVec(v mgl64.Vec2) bool { return finite(v[0]) && finite(v[1]) }

// wrapAngle maps a finite angle to (-pi, pi].
func wrapAngle(a float64) float64 {
	if a > -math.Pi && a <= math.Pi {
		return a
	}
	a = math.Remainder(a, 2*math.Pi)
	if a <= -math.Pi {
		a += 2 * math.Pi
	}
	return a
}

// clamp01 clamps w to [0,1], NaN gives 0.
func clamp01(w float64) float64 {
	if !(w > 0) { // also NaN
		return 0
	}
	if w > 1 {
		return 1
	}
	return w
}

// dist returns |a-b| without overflow: math.MaxFloat64 when it is not
// representable.
func dist(ax, ay, bx, by float64) float64 {
	dx, dy := ax-bx, ay-by
	d := math.Sqrt(dx*dx + dy*dy)
	if finite(d) {
		return d
	}
	d = math.Hypot(dx, dy)
	if !finite(d) {
		return math.MaxFloat64
	}
	return d
}

// clampLimit clamps a finite local angle a (any range) to the limit, working
// modulo 2*pi: the result is in [min, max].
func (l *limitTrig) clampAngle(a float64) float64 {
	a = wrapAngle(a)
	if a >= l.min && a <= l.max {
		return a
	}
	// a is outside [min,max]; try the 2*pi aliases first (the +-pi seam).
	if b := a - 2*math.Pi; b >= l.min && b <= l.max {
		return b
	}
	if b := a + 2*math.Pi; b >= l.min && b <= l.max {
		return b
	}
	// Snap to the nearer bound on the circle.
	dmin := math.Abs(wrapAngle(a - l.min))
	dmax := math.Abs(wrapAngle(a - l.max))
	if dmax < dmin {
		return l.max
	}
	return l.min
}

// clampDir clamps a local unit direction (c, s) to the limit without
// trigonometry and reports whether it changed.
func (l *limitTrig) clampDir(c, s float64) (float64, float64, bool) {
	if c*l.midC+s*l.midS >= l.cosH {
		return c, s, false
	}
	if l.midC*s-l.midS*c > 0 {
		return l.maxC, l.maxS, true
	}
	return l.minC, l.minS, true
}
