package ik

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// MaxCoord bounds the pose origin, in px: a Pose whose Origin has a
// coordinate with magnitude above MaxCoord (or not finite) is invalid input,
// which the solvers leave unchanged (they return the zero Result). It is the
// terrain package's coordinate limit too, so a world and its characters
// agree.
//
// Why 1e7: a float64 coordinate near 1e7 is exact to its ulp, 1.9e-9 px, so
// joints there still keep bone lengths within 1e-9 relative (plus a few
// ulps: 4e-9 px, i.e. 1e-9 relative for bones of 4 px and longer). Beyond it
// the rounding of the coordinates alone breaks that (at 1e12 the ulp is
// 1.2e-4 px); games that need larger worlds move their origin (rebase the
// coordinates near the camera) instead.
const MaxCoord = 1e7

// aimProxy is the distance (px) from the root beyond which the aim solvers
// replace a target by a proxy at that distance in the same direction: far
// enough that the direction seen from any joint changes by less than
// reach/aimProxy, near enough that squared distances stay finite.
const aimProxy = 1e12

// tinySq is the squared distance (px^2) below which two points are treated
// as coincident and a direction is not computed from their difference.
const tinySq = 1e-24

// finite reports whether x is neither NaN nor infinite: x-x is 0 for every
// finite x and NaN otherwise (one subtraction, one comparison).
func finite(x float64) bool { return x-x == 0 }

// finiteVec reports whether both components of v are finite.
func finiteVec(v mgl64.Vec2) bool { return v[0]-v[0] == 0 && v[1]-v[1] == 0 }

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

// wrapAll wraps every angle of a into (-pi, pi].
func wrapAll(a []float64) {
	for i, v := range a {
		if !(v > -math.Pi && v <= math.Pi) {
			a[i] = wrapAngle(v)
		}
	}
}

// atan2 is math.Atan2 with its result in (-pi, pi]: math.Atan2 returns
// -pi for y = -0 (or a negative y too small to move the result off -pi)
// and x < 0, the same direction as pi.
func atan2(y, x float64) float64 {
	a := math.Atan2(y, x)
	if a == -math.Pi {
		return math.Pi
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

// clampAngle clamps a finite local angle a (any range) to the limit,
// working modulo 2*pi, and returns it in (-pi, pi]: the result is in
// [min, max], except that a limit with Min = -pi yields pi for that
// direction (the same angle; see Limit).
func (l *limitTrig) clampAngle(a float64) float64 {
	a = wrapAngle(a)
	if a >= l.min && a <= l.max {
		return a
	}
	if a == math.Pi && l.min == -math.Pi {
		return a // -pi's alias
	}
	// Snap to the nearer bound on the circle.
	dmin := math.Abs(wrapAngle(a - l.min))
	dmax := math.Abs(wrapAngle(a - l.max))
	if dmax < dmin {
		return l.max
	}
	return wrapAngle(l.min) // pi for a Min of -pi
}

// clampOrWrap is clampAngle for a limited bone and wrapAngle otherwise.
func (l *limitTrig) clampOrWrap(a float64) float64 {
	if l.on {
		return l.clampAngle(a)
	}
	return wrapAngle(a)
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
