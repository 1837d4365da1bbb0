// Package num holds the numeric guards and smoothing helpers shared by the
// rig (package ikanim) and the creatures (package ikanim/creature), so both
// read bad input and time steps the same way.
package num

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// MaxDt is the largest time step, in seconds, that one Update of a rig, a
// controller or a creature advances by: a longer frame (a hitch, a
// debugger pause) is clamped to it, so a stall cannot throw a pose or
// teleport a body past its feet.
const MaxDt = 0.1

// ClampDt is the library's one policy for a time step: NaN, negative and
// zero give 0 (nothing moves), values above MaxDt give MaxDt, +Inf gives
// MaxDt.
func ClampDt(dt float64) float64 {
	if !(dt > 0) {
		return 0
	}
	return math.Min(dt, MaxDt)
}

// Finite reports whether x is neither NaN nor infinite. x-x is 0 for every
// finite x and NaN for NaN and the infinities: one subtraction and one
// comparison, where !math.IsNaN(x) && !math.IsInf(x, 0) takes three
// comparisons (the per-frame paths test thousands of values a frame).
func Finite(x float64) bool { return x-x == 0 }

// FiniteVec reports whether both components of v are finite. It is small
// enough to be inlined.
func FiniteVec(v mgl64.Vec2) bool { return v[0]-v[0] == 0 && v[1]-v[1] == 0 }

// WithinVec reports whether both coordinates of v are finite and at most
// limit in magnitude.
func WithinVec(v mgl64.Vec2, limit float64) bool {
	return math.Abs(v[0]) <= limit && math.Abs(v[1]) <= limit
}

// Clamp01 clamps w to [0,1]; NaN gives 0.
func Clamp01(w float64) float64 {
	if !(w > 0) {
		return 0
	}
	return math.Min(w, 1)
}

// Smoothstep eases t in [0,1] (clamped) with zero slope at both ends:
// 3t^2 - 2t^3.
func Smoothstep(t float64) float64 {
	t = Clamp01(t)
	return t * t * (3 - 2*t)
}

// Or returns v when it is positive and finite, else def: the reading of a
// tunable whose zero value means its default.
func Or(v, def float64) float64 {
	if v > 0 && Finite(v) {
		return v
	}
	return def
}

// Smooth returns the frame-rate independent smoothing factor
// 1-exp(-rate*dt): the share of the way to a goal covered in dt seconds by
// exponential smoothing at rate (1/s).
func Smooth(rate, dt float64) float64 { return 1 - math.Exp(-rate*dt) }

// Len returns |v| as sqrt(x*x+y*y) (math.Hypot, behind mgl64's Len, costs
// three times more and its range guard is not needed for pixel
// coordinates).
func Len(v mgl64.Vec2) float64 { return math.Sqrt(v[0]*v[0] + v[1]*v[1]) }

// UnitOr returns v normalised, or def when v is zero, tiny or not finite.
func UnitOr(v, def mgl64.Vec2) mgl64.Vec2 {
	l := math.Sqrt(v[0]*v[0] + v[1]*v[1])
	if !(l > 1e-12 && l <= math.MaxFloat64) {
		return def
	}
	r := 1 / l
	return mgl64.Vec2{v[0] * r, v[1] * r}
}
