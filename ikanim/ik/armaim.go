// Arm aim: two-bone IK plus a fix-up rotation.
//
// Derivation. The hand is first sent, with the analytic two-bone solve, to
// H = R + k*F*e, where R is the shoulder, F the full reach, k the reach
// fraction (0.99) and e the unit shoulder->target direction. The forearm
// then runs from the elbow M along the unit vector f, slightly off the aim
// line because the arm is bent. A rotation about R by some angle t keeps
// the arm's shape, so we look for the point Q on the forearm's line at the
// target's distance D = |T - R| from R: with m = M - R and Q = M + t*f,
//
//	|m + t f|^2 = D^2  =>  t = -(f.m) + sqrt((f.m)^2 - |m|^2 + D^2)
//
// and rotating the whole arm about R by the angle from Q - R to T - R puts
// Q on T, so the forearm's line passes exactly through the target. When
// the target is nearer to R than the forearm's line (negative square-root
// argument) no such rotation exists and the fix-up is skipped.

package ik

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// DefaultArmReach is the default reach fraction of ArmAim.
const DefaultArmReach = 0.99

// ArmAim points the forearm (bone 1) of a 2-bone arm at a target, as for
// holding a gun: the arm stretches toward the target to Reach of its full
// reach, then a rotation about the shoulder aligns the forearm's line with
// the target exactly. The zero value uses Reach 0.99, bend +1, full IK.
//
// Result.Error is the distance from the target to the forearm's line.
// Limits, if any, clamp the final angles (the aim may then be off).
type ArmAim struct {
	Reach     float64 // fraction of full reach, in (0,1); 0 means DefaultArmReach
	Bend      float64 // bend side as in TwoBone.Bend
	Weighting         // 1 (the zero value) = full IK, 0 = input pose
	// Tolerance for Result.Reached, px; 0 means DefaultTolerance.
	Tolerance float64
}

// Solve aims the 2-bone chain at target. A chain that does not have exactly
// 2 bones is invalid input (see Result).
func (s *ArmAim) Solve(c *Chain, p *Pose, target mgl64.Vec2) Result {
	if len(c.bones) != 2 {
		return Result{}
	}
	f, ok := c.prepare(p, target)
	if !ok {
		return Result{}
	}
	tol := toleranceOr(s.Tolerance)
	fade := s.fade()
	in := [2]float64{p.Angles[0], p.Angles[1]}
	if fade < 1 {
		k := s.Reach
		if !(k > 0 && k < 1) {
			k = DefaultArmReach
		}
		u, l := c.length[0], c.length[1]
		dx, dy := f.ax-f.ox, f.ay-f.oy
		d := math.Sqrt(dx*dx + dy*dy)
		if d > minAxis {
			full := u + l
			hx, hy := f.ox+dx/d*k*full, f.oy+dy/d*k*full
			k := twoBone(f.ox, f.oy, hx, hy, u, l, s.Bend, 1)
			mjx, mjy, ejx, ejy := k.mx, k.my, k.ex, k.ey
			mx, my := mjx-f.ox, mjy-f.oy
			fx, fy := (ejx-mjx)/l, (ejy-mjy)/l
			b := fx*mx + fy*my
			if disc := b*b - (mx*mx + my*my) + d*d; disc >= 0 {
				t := -b + math.Sqrt(disc)
				qx, qy := mx+t*fx, my+t*fy
				rot := math.Atan2(qx*dy-qy*dx, qx*dx+qy*dy)
				// rotate the elbow and hand about the root
				rs, rc := math.Sincos(rot)
				mx, my = rc*mx-rs*my, rs*mx+rc*my
				fx, fy = rc*fx-rs*fy, rs*fx+rc*fy
			}
			p.Angles[0] = atan2(f.bc*my-f.bs*mx, f.bc*mx+f.bs*my)
			p.Angles[1] = atan2(mx*fy-my*fx, mx*fx+my*fy)
		}
		// Limits clamp; an unlimited angle left as it was (target on the
		// shoulder) is still wrapped into (-pi, pi].
		for i := 0; i < 2; i++ {
			p.Angles[i] = c.lim[i].clampOrWrap(p.Angles[i])
		}
		if fade > 0 {
			c.fadeToward(p.Angles, in[:], fade)
		}
	}
	// Aim error: distance from the real target to the forearm's line.
	w0 := p.Base + p.Angles[0]
	s0, c0 := math.Sincos(w0)
	s1, c1 := math.Sincos(w0 + p.Angles[1])
	mx, my := f.ox+c.length[0]*c0, f.oy+c.length[0]*s0
	e := math.Abs(c1*(f.ay-my) - s1*(f.ax-mx))
	if !finite(e) {
		e = math.MaxFloat64
	}
	return Result{Iterations: 1, Error: e, Reached: e <= tol, Scale: 1}
}
