// Analytic two-bone IK.
//
// Derivation. Let R be the root, T the target, u and l the upper and lower
// bone lengths, and d = |T - R|, clamped to [|u-l|, (1-margin)*(u+l)] so a
// triangle with sides u, l, d exists and is never degenerate-straight. Put
// the unit axis e = (T - R)/d. The middle joint M projects onto the axis at
// distance a from R; from the two right triangles that share the height h,
//
//	u^2 = a^2 + h^2  and  l^2 = (d - a)^2 + h^2
//
// so subtracting gives the law of cosines in trig-free form
//
//	a = (d^2 + u^2 - l^2) / (2d),   h^2 = u^2 - a^2
//
// and M = R + a*e + s*h*n, where n = (-e.y, e.x) is e turned +90 degrees
// (clockwise on screen, y down) and s = +1 or -1 is the bend side. The end
// joint is R + d*e.
//
// h is never computed as sqrt(u^2 - a^2): near full extension and when
// folded (a ~ u) that difference cancels, and with u = 1000 l it gave h =
// sqrt(rounding noise) ~ 1e-5 u and a lower bone 4e-10 too long. Both paths
// below use Heron's factored form instead, in which each factor is a
// difference that is exact or nearly so where it is small.
//
// The hot path avoids even the square root of d. With D = d^2 and the
// unnormalised axis v = T - R (so e = v/d):
//
//	a*e = (D + u^2 - l^2) / (2D) * v
//	h*n = sqrt(((u+l)^2 - D) * (D - (u-l)^2)) / (2D) * (-v.y, v.x)
//
// because 4 D h^2 = 4 D u^2 - (D + u^2 - l^2)^2 factors (Heron) into
// ((u+l)^2 - D)(D - (u-l)^2), a product of two well-conditioned
// differences. That is one division (1/(2D)) and one square root, which do
// not depend on each other, so they run in parallel; the reach test
// compares D with the squared bounds.
//
// The rare path (target outside [|u-l|, (1-margin)(u+l)], on the root, or
// limbs longer than 1e75 px) takes d = |T - R| with one more square root,
// clamps it, and uses the same formulas on d in units of the full reach,
// with Heron's product split into four factors (see twoBoneRare).
//
// Degenerate cases: a target on the root uses e = (1,0) and d =
// max(|u-l|, 1e-12*(u+l)); a NaN input gives M = E = R (or the origin when
// R itself is not finite).
//
// Speed: SolveTwoBone and SolveTwoBoneXY are wrappers small enough to be
// inlined (a test checks it) over the out-of-line kernel, so their
// arguments and results travel in registers.
//
// Softness (as Spine's): with full reach F and softness s, a target at
// distance d > F - s is pulled in to F - s*p^2 with p = min(1,
// (d-F+s)/(2s)) - 1. At d = F - s this is the identity with slope 1, and it
// reaches F (slope 0) at d = F + s, so the limb slows into full extension
// instead of snapping straight.

package ik

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// DefaultMargin is the default reach margin of the two-bone solver: the
// root-to-end distance is clamped to (1-DefaultMargin)*(upper+lower), keeping
// the limb off the straight-line singularity where the middle joint's motion
// becomes infinitely fast.
const DefaultMargin = 1e-4

// DefaultTolerance is the default reach tolerance of every solver, in px.
const DefaultTolerance = 0.01

// minAxis is the root-to-target distance below which the two-bone kernel
// leaves its common path (px), and the smallest distance the rare path
// uses, relative to the full reach.
const minAxis = 1e-12

// SolveTwoBone is the analytic two-bone kernel: it returns the middle joint
// and the end effector for a limb rooted at root with the given upper and
// lower lengths reaching for target. bend >= 0 (or NaN) puts the middle
// joint on the clockwise side of the root->target line (the line turned by
// +90 degrees on screen), bend < 0 on the other side. The reach is clamped to
// [|upper-lower|, (1-DefaultMargin)*(upper+lower)]; end is the target itself
// inside that range, else the nearest point on the root->target line.
//
// It uses one square root and one division (a few more when the reach is
// clamped), no trigonometry, never allocates, and never returns NaN or Inf
// (see the file comment for degenerate inputs). Both bones keep their
// lengths within 1e-9 relative, plus the rounding of the output
// coordinates, for bones up to 1e5 times each other (the shorter one can
// lose about 32 ulps of the longer one); the measured worst with lengths
// 1e-3 to 1e3 times each other is 7e-13.
//
// SolveTwoBone is small enough to be inlined; SolveTwoBoneXY is the same on
// scalars, and faster (about 3x in this package's benchmarks: Go
// returns the two Vec2 through memory).
func SolveTwoBone(root, target mgl64.Vec2, upper, lower, bend float64) (mid, end mgl64.Vec2) {
	r := twoBoneVec(root, target, upper, lower, bend)
	return mgl64.Vec2{r.mx, r.my}, mgl64.Vec2{r.ex, r.ey}
}

// SolveTwoBoneXY is SolveTwoBone on scalars: root (rx, ry), target (tx, ty),
// middle joint (mx, my) and end (ex, ey). It is inlined at the call site,
// and its values travel in registers.
func SolveTwoBoneXY(rx, ry, tx, ty, upper, lower, bend float64) (mx, my, ex, ey float64) {
	r := twoBone(rx, ry, tx, ty, upper, lower, bend, 1-DefaultMargin)
	return r.mx, r.my, r.ex, r.ey
}

// twoBoneVec is the out-of-line half of SolveTwoBone. It must not be
// inlined: inlined, it would make SolveTwoBone too big to inline. An
// inlined SolveTwoBone gets its results back in registers; a called one
// returns its two Vec2 through memory, which cost about 3 ns per call more
// in BenchmarkTwoBoneKernel. (Go still copies the [2]float64 results
// through the stack at the call site: that is why SolveTwoBoneXY is the
// faster form.)
//
//go:noinline
func twoBoneVec(root, target mgl64.Vec2, u, l, bend float64) twoBoneOut {
	return twoBone(root[0], root[1], target[0], target[1], u, l, bend, 1-DefaultMargin)
}

// twoBoneOut is the kernel's result, middle joint and end; a struct of
// four float64 comes back in registers.
type twoBoneOut struct{ mx, my, ex, ey float64 }

// maxFastReach bounds upper+lower on the kernel's common path, so that
// (p^2 - D)(D - m^2) <= p^4 stays finite; longer limbs take the rare path,
// which works in units of the reach.
const maxFastReach = 1e75

// twoBone is the kernel; the maximum reach is keep*(u+l). Its common
// path is the division-first form of the file comment: one division and one
// square root that do not depend on each other.
func twoBone(rx, ry, tx, ty, u, l, bend, keep float64) twoBoneOut {
	dx, dy := tx-rx, ty-ry
	D, m, p := dx*dx+dy*dy, u-l, u+l
	maxR := p * keep
	if D > minAxis*minAxis && D <= maxR*maxR && D >= m*m && maxR > 0 && p < maxFastReach {
		inv := 0.5 / D
		k := (D + m*p) * inv
		h := math.Sqrt((p*p-D)*(D-m*m)) * inv
		if bend < 0 {
			h = -h
		}
		return twoBoneOut{rx + k*dx - h*dy, ry + k*dy + h*dx, tx, ty}
	}
	return twoBoneRare(rx, ry, dx, dy, u, l, bend, keep)
}

// twoBoneRare handles bad input, a clamped reach, a target on the root and
// limbs too long for the common path. It works in units of the full reach
// p = u+l (so nothing overflows) with the distance d clamped to
// [|u-l|, keep*p], and factors Heron's product into four differences,
//
//	4 d^2 h^2 = (p-d)(p+d)(d-|u-l|)(d+|u-l|),
//
// each exact or nearly so at the clamps: at d = |u-l| the height is exactly
// 0. (The form h = sqrt(u^2 - a^2) cancels there: a folded limb with
// u = 1000 l got h = sqrt(rounding noise) ~ 1e-5 u and a lower bone 4e-10
// too long.)
func twoBoneRare(rx, ry, dx, dy, u, l, bend, keep float64) twoBoneOut {
	p := u + l
	if !(u > 0 && l > 0 && p < math.Inf(1) && keep > 0) || !finite(rx) || !finite(ry) {
		if !finite(rx) || !finite(ry) {
			rx, ry = 0, 0
		}
		return twoBoneOut{rx, ry, rx, ry}
	}
	// Unit axis e and distance d, without overflow.
	var ex, ey, d float64
	q := math.Max(math.Abs(dx), math.Abs(dy))
	switch {
	case math.IsNaN(q) || math.IsInf(q, 0):
		return twoBoneOut{rx, ry, rx, ry}
	case q > 0:
		sx, sy := dx/q, dy/q
		s := math.Sqrt(sx*sx + sy*sy)
		ex, ey, d = sx/s, sy/s, q*s // d may overflow to +Inf: clamped below
	default:
		ex, ey = 1, 0
	}
	// In units of p.
	un, ln := u/p, l/p
	mn := math.Abs(un - ln)
	dn := math.Max(math.Min(d/p, keep), mn)
	if dn < minAxis {
		dn = minAxis // target on the root of a limb with u = l
	}
	an := (dn*dn + (un-ln)*(un+ln)) / (2 * dn)
	hn := math.Sqrt(math.Max((1-dn)*(1+dn)*(dn-mn)*(dn+mn), 0)) / (2 * dn)
	if bend < 0 {
		hn = -hn
	}
	a, h, d := an*p, hn*p, dn*p
	return twoBoneOut{rx + a*ex - h*ey, ry + a*ey + h*ex, rx + d*ex, ry + d*ey}
}

// TwoBone is the analytic two-bone solver for a chain of exactly 2 bones
// (a leg or an arm). The zero value is ready to use: bend +1, default
// margin, no softness, no stretch, full IK.
//
// If the bones have limits, the resulting angles are clamped to them and
// forward kinematics is redone, so the end may then miss the target.
type TwoBone struct {
	// Bend: +1 puts the middle joint on the clockwise side of the
	// root->target line (the line turned by +90 degrees on screen); -1 on
	// the other side; 0 means +1.
	Bend float64
	// Pole: when UsePole, the middle joint goes to the side of the
	// root->target line where Pole (a world position) lies, which keeps a
	// knee or elbow stable without flips; Bend is used when Pole is on the
	// line.
	Pole    mgl64.Vec2
	UsePole bool
	// Margin: the reach is clamped to (1-Margin)*(upper+lower); 0 means
	// DefaultMargin (1e-4). Clamped to [0, 0.5].
	Margin float64
	// Softness, px: within Softness of full reach the limb approaches full
	// extension smoothly (as Spine's softness); 0 = off.
	Softness float64
	// Stretch is the max stretch factor (1.2 lets both bones stretch up to
	// 20% to reach); 0 or 1 = no stretch. The factor used is reported in
	// Result.Scale.
	Stretch float64
	// Weighting: 1 (the zero value) = full IK, 0 = input pose (see the
	// package doc).
	Weighting
	// Tolerance for Result.Reached, px; 0 means DefaultTolerance.
	Tolerance float64
}

// Solve poses the 2-bone chain so its end reaches target. A chain that does
// not have exactly 2 bones is invalid input (see Result).
func (s *TwoBone) Solve(c *Chain, p *Pose, target mgl64.Vec2) Result {
	if len(c.bones) != 2 {
		return Result{}
	}
	f, ok := c.prepare(p, target)
	if !ok {
		return Result{}
	}
	tol := toleranceOr(s.Tolerance)
	fade := s.fade()
	if fade >= 1 {
		ex, ey := c.endCanonical(&f, p.Angles, p.Base)
		e := dist(ex, ey, f.rx, f.ry)
		return Result{Error: e, Reached: e <= tol, Scale: 1}
	}
	u, l := c.length[0], c.length[1]
	margin := s.Margin
	if !(margin > 0) {
		margin = DefaultMargin
	} else if margin > 0.5 {
		margin = 0.5
	}
	tx, ty := f.tx, f.ty
	dx, dy := tx-f.ox, ty-f.oy
	d := math.Sqrt(dx*dx + dy*dy)
	scale := 1.0
	if s.Stretch > 1 && finite(s.Stretch) {
		if limit := (u + l) * (1 - margin); d > limit {
			scale = math.Min(d/limit, s.Stretch)
			u, l = u*scale, l*scale
		}
	}
	full := u + l
	if soft := s.Softness; soft > 0 && finite(soft) && d > minAxis {
		soft = math.Min(soft, full)
		if sd := d - full + soft; sd > 0 {
			q := math.Min(1, sd/(2*soft)) - 1
			nd := full - soft*q*q
			tx, ty = f.ox+dx*(nd/d), f.oy+dy*(nd/d)
		}
	}
	bend := s.Bend
	if s.UsePole && finiteVec(s.Pole) {
		px := s.Pole[0]
		if p.Mirror {
			px = f.ox + (f.ox - px)
		}
		cr := dx*(s.Pole[1]-f.oy) - dy*(px-f.ox)
		if cr > 0 {
			bend = 1
		} else if cr < 0 {
			bend = -1
		}
	}
	k := twoBone(f.ox, f.oy, tx, ty, u, l, bend, 1-margin)
	mjx, mjy, ejx, ejy := k.mx, k.my, k.ex, k.ey
	in0, in1 := p.Angles[0], p.Angles[1]
	// Local angles: bone 0 against the Base direction, bone 1 against bone 0.
	ax, ay := mjx-f.ox, mjy-f.oy
	bx, by := ejx-mjx, ejy-mjy
	a0 := atan2(f.bc*ay-f.bs*ax, f.bc*ax+f.bs*ay)
	a1 := atan2(ax*by-ay*bx, ax*bx+ay*by)
	exact := true
	if c.hasLimits {
		if l0 := &c.lim[0]; l0.on {
			if b := l0.clampAngle(a0); b != a0 {
				a0, exact = b, false
			}
		}
		if l1 := &c.lim[1]; l1.on {
			if b := l1.clampAngle(a1); b != a1 {
				a1, exact = b, false
			}
		}
	}
	p.Angles[0], p.Angles[1] = a0, a1
	if fade > 0 {
		in := [2]float64{in0, in1}
		c.fadeToward(p.Angles, in[:], fade)
		exact = false
	}
	ex, ey := ejx, ejy
	if !exact {
		ex, ey = c.endScaled(&f, p.Angles, p.Base, scale)
	}
	e := dist(ex, ey, f.rx, f.ry)
	return Result{Iterations: 1, Error: e, Reached: e <= tol, Scale: scale}
}

// endScaled is endCanonical with every length multiplied by scale.
func (c *Chain) endScaled(f *frame, angles []float64, base, scale float64) (float64, float64) {
	x, y := f.ox, f.oy
	w := base
	for i, a := range angles {
		w += a
		s, co := math.Sincos(w)
		x += scale * c.length[i] * co
		y += scale * c.length[i] * s
	}
	return x, y
}
