// CCD: Cyclic Coordinate Descent.
//
// Derivation. One iteration visits the bones from the tip to the root.
// For bone j, rooted at joint J, let a = E - J (joint to end effector) and
// b = T - J (joint to target). The rotation that turns a onto b is the unit
// complex number
//
//	r = (a.b, a x b) / (|a| |b|)     (cos, sin of the turn; a x b = ax*by - ay*bx)
//
// which costs one square root (of |a|^2 |b|^2) and one division, no trig.
// Rotating bone j turns everything beyond it rigidly about J, so only the
// local angle of bone j changes (its children keep theirs) and the end
// moves to E' = J + r (E - J). Bones are kept as unit complex numbers
// (cos, sin of the local angle) and the new local direction is local*r.
//
// Where the options act, in order, on r:
//   - Weights[j] (per bone) and the chain fade: the turn angle is scaled by
//     the weight (atan2 then sincos, only when the weight is not 1);
//   - MaxStep: if the turn exceeds MaxStep, it is cut to +-MaxStep (a dot
//     product test against cos(MaxStep), no trig);
//   - limits: the new local direction is clamped to the bone's allowed arc
//     (a dot product against the arc's middle), and r is recomputed from
//     the clamped direction, so the end moves consistently.
//
// Joints are recomputed once per iteration by forward kinematics with
// complex products. The stop test, before each iteration, is |E - T| <=
// Tolerance, or MaxIterations reached. CCD needs many more iterations than
// FABRIK for the same error (about 80 against 8 uncapped on chain10), hence
// its own default cap (DefaultCCDIterations), but each is cheaper, it
// handles weights naturally, and it tends to move the bones near the tip
// most. Angles are written once at the end (one atan2 per bone), in
// (-pi, pi].

package ik

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// DefaultCCDIterations is CCD's default iteration cap: the smallest of the
// caps measured (10, 20, 30, 40, 50, 60, 80, 100, 150, 200, 300, 500, 1000)
// at which the zero-value CCD ends within 1 px of the target on 99% of the
// solves of the chain10 workloads (10 bones of 10 px; 10,000 random targets
// solved from the rest pose: p99 error 0.97 px, 87% within 0.01 px; a smooth
// track solved warm: p99 0.057 px, 91%). At FABRIK's 10 iterations those
// p99 errors were 32 px and 3.9 px. CCD needs about 80 iterations on
// average uncapped, at about 190 ns each on 10 bones, so a solve costs up
// to about 40 us at this cap; set CCD.MaxIterations lower for a budget.
const DefaultCCDIterations = 200

// CCD solves chains of any length by cyclic coordinate descent, with
// per-bone weights, a maximum step per rotation and per-joint limits. The
// zero value is ready to use (Tolerance 0.01 px, DefaultCCDIterations = 200
// iterations, all weights 1, unlimited step). A CCD value holds scratch
// space: use one per goroutine; Solve does not allocate after its first use
// with a chain.
type CCD struct {
	Tolerance     float64   // px; 0 means DefaultTolerance (0.01)
	MaxIterations int       // 0 means DefaultCCDIterations (200)
	Weighting               // global weight over the input pose (1, the zero value, = full IK; 0 = input pose)
	Weights       []float64 // per-bone weights in [0,1] (nil = all 1; missing entries are 1; NaN is 0); see TaperWeights
	MaxStep       float64   // max rotation per bone per iteration, radians; 0 = unlimited

	lc, ls []float64 // local unit directions
	jx, jy []float64 // joints
	in     []float64
}

// TaperWeights fills dst with n weights tapering linearly from 1 at the root
// bone to tip at the last bone, and returns dst[:n]. It allocates only when
// cap(dst) < n. n = 1 gives {tip}.
func TaperWeights(dst []float64, n int, tip float64) []float64 {
	if n <= 0 {
		return dst[:0]
	}
	if cap(dst) < n {
		dst = make([]float64, n)
	}
	dst = dst[:n]
	if n == 1 {
		dst[0] = tip
		return dst
	}
	for i := range dst {
		t := float64(i) / float64(n-1)
		dst[i] = 1 + (tip-1)*t
	}
	return dst
}

func (s *CCD) grow(n int) {
	if cap(s.lc) < n {
		s.lc = make([]float64, n)
		s.ls = make([]float64, n)
		s.jx = make([]float64, n+1)
		s.jy = make([]float64, n+1)
		s.in = make([]float64, n)
	}
}

// Solve moves the chain's end toward target. See CCD and Result.
func (s *CCD) Solve(c *Chain, p *Pose, target mgl64.Vec2) Result {
	f, ok := c.prepare(p, target)
	if !ok {
		return Result{}
	}
	tol, maxIt := toleranceOr(s.Tolerance), ccdIterationsOr(s.MaxIterations)
	fade := s.fade()
	if fade >= 1 {
		return c.inputResult(&f, p, tol)
	}
	n := len(c.bones)
	s.grow(n)
	lc, ls := s.lc[:n], s.ls[:n]
	jx, jy := s.jx[:n+1], s.jy[:n+1]
	L := c.length[:n]
	angles := p.Angles[:n]
	copy(s.in, angles)
	for i, a := range angles {
		ls[i], lc[i] = math.Sincos(a)
	}
	stepC, stepS := -2.0, 0.0 // cos, sin of MaxStep; -2 = unlimited
	if m := s.MaxStep; m > 0 && m < math.Pi {
		stepS, stepC = math.Sincos(m)
	}
	weighted := s.Weights != nil
	tx, ty := f.tx, f.ty
	tol2 := tol * tol
	iters := 0
	var ex, ey float64
	for {
		// Forward kinematics with complex products.
		wc, ws := f.bc, f.bs
		x, y := f.ox, f.oy
		jx[0], jy[0] = x, y
		for i := range L {
			wc, ws = wc*lc[i]-ws*ls[i], wc*ls[i]+ws*lc[i]
			x += L[i] * wc
			y += L[i] * ws
			jx[i+1], jy[i+1] = x, y
		}
		ex, ey = x, y
		if dx, dy := ex-tx, ey-ty; dx*dx+dy*dy <= tol2 || iters >= maxIt {
			break
		}
		iters++
		// Sweep from the tip. a = E - J, b = T - J for the current joint J;
		// qa, qb, dot, cr are |a|^2, |b|^2, a.b and a x b.
		j := n - 1
		ax, ay := ex-jx[j], ey-jy[j]
		bx, by := tx-jx[j], ty-jy[j]
		qa, qb := ax*ax+ay*ay, bx*bx+by*by
		dot, cr := ax*bx+ay*by, ax*by-ay*bx
		for {
			rc, rs := 1.0, 0.0
			// |a|^2 |b|^2 = (a.b)^2 + (a x b)^2 (Lagrange), so r is unit
			// even when dot and cr carry rounding from the update below.
			if m := dot*dot + cr*cr; m > tinySq*tinySq && qa*qb > tinySq*tinySq {
				inv := 1 / math.Sqrt(m)
				rc, rs = dot*inv, cr*inv
				if weighted && j < len(s.Weights) && s.Weights[j] != 1 {
					if w := clamp01(s.Weights[j]); w == 0 {
						rc, rs = 1, 0
					} else {
						rs, rc = math.Sincos(w * math.Atan2(rs, rc))
					}
				}
				if rc < stepC {
					rc = stepC
					if rs < 0 {
						rs = -stepS
					} else {
						rs = stepS
					}
				}
				nc, ns := lc[j]*rc-ls[j]*rs, lc[j]*rs+ls[j]*rc
				if l := &c.lim[j]; l.on {
					if nc2, ns2, moved := l.clampDir(nc, ns); moved {
						nc, ns = nc2, ns2
						// r = new * conj(old)
						rc, rs = nc*lc[j]+ns*ls[j], ns*lc[j]-nc*ls[j]
					}
				}
				lc[j], ls[j] = nc, ns
			}
			if j == 0 {
				break
			}
			// Next joint J' = J - bv. With a' = r a + bv and b' = b + bv,
			// |a'|^2, a'.b' and a' x b' are linear in (rc, rs) with
			// coefficients known before r: only a multiply-add separates
			// this bone's square root and division from the next one's.
			bvx, bvy := jx[j]-jx[j-1], jy[j]-jy[j-1]
			nbx, nby := bx+bvx, by+bvy
			adb, axb := ax*bvx+ay*bvy, ax*bvy-ay*bvx
			adn, axn := ax*nbx+ay*nby, ax*nby-ay*nbx
			base := qa + bvx*bvx + bvy*bvy
			qa = base + 2*(rc*adb+rs*axb)
			dot = rc*adn + rs*axn + (bvx*nbx + bvy*nby)
			cr = rc*axn - rs*adn + (bvx*nby - bvy*nbx)
			ax, ay = rc*ax-rs*ay+bvx, rs*ax+rc*ay+bvy
			bx, by = nbx, nby
			qb = bx*bx + by*by
			if qa < recompute*base {
				// cancellation: the end is near the joint; recompute.
				qa, dot, cr = ax*ax+ay*ay, ax*bx+ay*by, ax*by-ay*bx
			}
			j--
		}
	}
	if iters > 0 || c.hasLimits {
		for i := range angles {
			angles[i] = c.lim[i].clampOrWrap(atan2(ls[i], lc[i]))
		}
	} else {
		wrapAll(angles) // already there: only wrapped into (-pi, pi]
	}
	if fade > 0 {
		c.fadeToward(angles, s.in[:n], fade)
	}
	if fade > 0 || c.hasLimits {
		ex, ey = c.endCanonical(&f, angles, p.Base)
	}
	e := dist(ex, ey, f.rx, f.ry)
	return Result{Iterations: iters, Error: e, Reached: e <= tol, Scale: 1}
}
