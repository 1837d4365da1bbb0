package ik

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Result reports a solve.
//
// For invalid input (len(Pose.Angles) != Chain.Len(), a non-finite or
// out-of-range Origin or Base, a non-finite target) a solver leaves the pose
// unchanged, except that non-finite angles are reset to their Rest value,
// and returns the zero Result (Reached false).
type Result struct {
	Iterations int
	Error      float64 // |end effector - target| after the solve
	Reached    bool    // Error <= tolerance
	// Scale is the stretch factor TwoBone applied to both bone lengths
	// (1 when it did not stretch, and for every other solver). The pose
	// cannot store lengths: a caller that enables TwoBone.Stretch scales
	// its bones by Scale.
	Scale float64
}

// frame is the validated, canonical (unmirrored) view of one solve.
type frame struct {
	ox, oy float64 // root
	tx, ty float64 // canonical target, far targets pulled in (see prepare)
	rx, ry float64 // canonical real target, for the reported error
	ax, ay float64 // canonical aim target: the real one, pulled in to aimProxy from the root if further
	bc, bs float64 // cos, sin of Base
}

// prepare validates the pose and target and maps the target into the
// canonical frame. For the reaching solvers, far targets (beyond 2*Reach+1
// from the root) are moved along their direction to that distance: the
// answer for them is the same (the chain points at them), and distances
// stay finite. The aim solvers use f.ax, f.ay instead.
func (c *Chain) prepare(p *Pose, target mgl64.Vec2) (f frame, ok bool) {
	n := len(c.bones)
	if n == 0 || len(p.Angles) != n {
		return f, false
	}
	for i, a := range p.Angles {
		if !finite(a) {
			p.Angles[i] = c.bones[i].Rest
		}
	}
	f.ox, f.oy = p.Origin[0], p.Origin[1]
	if !(math.Abs(f.ox) <= MaxCoord && math.Abs(f.oy) <= MaxCoord) || !finite(p.Base) || !finiteVec(target) {
		return f, false
	}
	f.tx, f.ty = target[0], target[1]
	if p.Mirror {
		f.tx = f.ox + (f.ox - f.tx)
	}
	f.rx, f.ry = f.tx, f.ty
	f.ax, f.ay = f.tx, f.ty
	dx, dy := f.tx-f.ox, f.ty-f.oy
	m := math.Max(math.Abs(dx), math.Abs(dy))
	if far := 2*c.reach + 1; m > far {
		k := far / m
		f.tx, f.ty = f.ox+dx*k, f.oy+dy*k
	}
	if m > aimProxy {
		// Aim solvers need the true direction from points off the root; at
		// this distance the proxy changes it by less than reach/aimProxy.
		k := aimProxy / m
		f.ax, f.ay = f.ox+dx*k, f.oy+dy*k
	}
	switch {
	case p.Base == 0:
		f.bc, f.bs = 1, 0
	case p.baseOK && math.Float64bits(p.Base) == math.Float64bits(p.base):
		f.bs, f.bc = p.baseS, p.baseC
	default:
		f.bs, f.bc = math.Sincos(p.Base)
		p.baseOK, p.base, p.baseS, p.baseC = true, p.Base, f.bs, f.bc
	}
	return f, true
}

// fadeToward moves each solved angle back toward the input angle by fade
// (in [0,1]) along the shortest arc, then re-applies the limits.
func (c *Chain) fadeToward(solved, input []float64, fade float64) {
	for i := range solved {
		solved[i] = c.lim[i].clampOrWrap(input[i] + (1-fade)*wrapAngle(solved[i]-input[i]))
	}
}

// endCanonical is forward kinematics of the end effector in the canonical
// frame.
func (c *Chain) endCanonical(f *frame, angles []float64, base float64) (float64, float64) {
	x, y := f.ox, f.oy
	w := base
	for i, a := range angles {
		w += a
		s, co := math.Sincos(w)
		x += c.length[i] * co
		y += c.length[i] * s
	}
	return x, y
}

// toleranceOr returns tol, or DefaultTolerance when tol is not positive (the
// zero value of every solver's Tolerance).
func toleranceOr(tol float64) float64 {
	if !(tol > 0) {
		return DefaultTolerance
	}
	return tol
}

// fabrikIterationsOr returns n, or DefaultFABRIKIterations when n is not
// positive.
func fabrikIterationsOr(n int) int {
	if n <= 0 {
		return DefaultFABRIKIterations
	}
	return n
}

// ccdIterationsOr returns n, or DefaultCCDIterations when n is not
// positive.
func ccdIterationsOr(n int) int {
	if n <= 0 {
		return DefaultCCDIterations
	}
	return n
}

// inputResult reports the input pose's end error: the result of a solve that
// leaves the pose as it is (weight 0).
func (c *Chain) inputResult(f *frame, p *Pose, tol float64) Result {
	ex, ey := c.endCanonical(f, p.Angles, p.Base)
	e := dist(ex, ey, f.rx, f.ry)
	return Result{Error: e, Reached: e <= tol, Scale: 1}
}
