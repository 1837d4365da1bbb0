// FABRIK: Forward And Backward Reaching Inverse Kinematics.
//
// Derivation. The chain is held as joint positions p[0..n] with bone
// lengths L[i] = |p[i+1] - p[i]|. One iteration is two passes:
//
//   - backward: pin the end to the target, p[n] = T, then for i = n-1 down to
//     0 slide p[i] onto the line through p[i+1] and the old p[i], at distance
//     L[i]: p[i] = p[i+1] + L[i] * (p[i] - p[i+1]) / |p[i] - p[i+1]|.
//   - forward: pin the root back, p[0] = R, then for i = 0 to n-1 the same
//     with the roles swapped: p[i+1] = p[i] + L[i] * unit(p[i+1] - p[i]).
//
// After the forward pass every bone has its exact length and the root is
// exact, and only the end may miss T. The stop test, done before each
// iteration with squared distances (no square root), is |p[n] - T| <=
// Tolerance, or MaxIterations reached. Each bone costs one square root and
// one division per pass; there is no trigonometry inside the loop.
//
// Unreachable targets (|T - R| >= sum of L) are solved in one pass without
// iterating: every bone points straight at T.
//
// Limits. A Limit bounds a bone's local angle, the turn from its parent's
// direction (Pose.Base for bone 0). The forward pass enforces it: the new
// direction d of bone i is compared with its parent's direction P in the
// parent's frame, (d.P, P x d), and if it falls outside the allowed arc
// (tested as a dot product against the arc's middle direction, no trig) it
// is replaced by the nearer bound's direction, turned into world space by P.
// Since every iteration ends with a forward pass, the final pose respects
// the limits, keeps every length and keeps the root exact; the limits can
// slow convergence, which Result reports.
//
// Angles are read once at the start (one sincos per bone for forward
// kinematics) and written once at the end (one atan2 per bone).
package ik

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// DefaultMaxIterations is the default iteration cap of FABRIK and CCD.
const DefaultMaxIterations = 10

// FABRIK solves chains of any length by alternating backward and forward
// reaching passes, with per-joint limits. The zero value is ready to use
// (Tolerance 0.01 px, 10 iterations, full IK). A FABRIK value holds
// scratch space: use one per goroutine. Its buffers are grown on first use
// for the longest chain solved and reused afterwards, so Solve does not
// allocate in steady state.
//
// Convergence: with no limits and a target within reach, the error falls
// below Tolerance given enough iterations; Result reports what the cap
// allowed.
type FABRIK struct {
	Tolerance     float64 // px; 0 means 0.01
	MaxIterations int     // 0 means 10
	Weighting             // 1 (the zero value) = full IK, 0 = input pose

	px, py []float64 // joint positions, canonical frame
	in     []float64 // input angles, for a weight below 1
}

func (s *FABRIK) grow(n int) {
	if cap(s.px) < n+1 {
		s.px = make([]float64, n+1)
		s.py = make([]float64, n+1)
		s.in = make([]float64, n)
	}
}

// Solve moves the chain's end toward target. See FABRIK and Result.
func (s *FABRIK) Solve(c *Chain, p *Pose, target mgl64.Vec2) Result {
	f, ok := c.prepare(p, target)
	if !ok {
		return Result{}
	}
	tol, maxIt := toleranceOr(s.Tolerance), iterationsOr(s.MaxIterations)
	fade := s.fade()
	if fade >= 1 {
		return c.inputResult(&f, p, tol)
	}
	n := len(c.bones)
	s.grow(n)
	px, py := s.px[:n+1], s.py[:n+1]
	L := c.length[:n]
	angles := p.Angles[:n]
	if fade > 0 {
		copy(s.in, angles)
	}

	// Forward kinematics of the input pose.
	x, y, w := f.ox, f.oy, p.Base
	px[0], py[0] = x, y
	for i, a := range angles {
		w += a
		sn, cs := math.Sincos(w)
		x += L[i] * cs
		y += L[i] * sn
		px[i+1], py[i+1] = x, y
	}

	tx, ty := f.tx, f.ty
	tol2 := tol * tol
	iters := 0
	moved := false // the joints changed, so the angles must be recomputed
	dx, dy := tx-f.ox, ty-f.oy
	d2 := dx*dx + dy*dy
	if ex, ey := px[n]-tx, py[n]-ty; ex*ex+ey*ey <= tol2 {
		// Already there: the pose is left exactly as it is.
	} else if !c.hasLimits && d2 >= c.reach*c.reach {
		// Unreachable: straight at the target in one pass.
		d := math.Sqrt(d2)
		ux, uy := dx/d, dy/d
		for i := 0; i < n; i++ {
			px[i+1] = px[i] + L[i]*ux
			py[i+1] = py[i] + L[i]*uy
		}
		iters, moved = 1, true
	} else {
		moved = true
		unbend(px, py, c.reach, math.Sqrt(d2))
		turnToward(px, py, tx, ty)
		for iters < maxIt {
			ex, ey := px[n]-tx, py[n]-ty
			if ex*ex+ey*ey <= tol2 {
				break
			}
			iters++
			backwardPass(px, py, L, tx, ty, f.ox, f.oy)
			if c.hasLimits {
				px[0], py[0] = f.ox, f.oy
				forwardLimited(c, px, py, f.bc, f.bs)
				continue
			}
			forwardPass(px, py, L, f.ox, f.oy, f.bc, f.bs)
		}
	}

	ex, ey := px[n], py[n]
	if moved || c.hasLimits {
		// Angles once, from the joint directions. (Turning toward the
		// target may reach it with no iteration at all: moved, 0 iterations.)
		qx, qy := f.bc, f.bs
		for i := range angles {
			vx, vy := px[i+1]-px[i], py[i+1]-py[i]
			a := math.Atan2(qx*vy-qy*vx, qx*vx+qy*vy)
			if l := &c.lim[i]; l.on {
				a = l.clampAngle(a)
			}
			angles[i] = a
			qx, qy = vx, vy
		}
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

// forwardLimited is the forward pass with every bone's local direction
// clamped to its limit (see the file comment). px[0], py[0] is the root.
func forwardLimited(c *Chain, px, py []float64, bc, bs float64) {
	L := c.length
	qx, qy := bc, bs // parent direction, unit
	for i := range L {
		vx, vy := px[i+1]-px[i], py[i+1]-py[i]
		q := vx*vx + vy*vy
		var ux, uy float64
		if q > tinySq {
			inv := 1 / math.Sqrt(q)
			ux, uy = vx*inv, vy*inv
		} else {
			ux, uy = qx, qy
		}
		if l := &c.lim[i]; l.on {
			// local = conj(parent) * u
			lc, ls := qx*ux+qy*uy, qx*uy-qy*ux
			if lc2, ls2, moved := l.clampDir(lc, ls); moved {
				ux, uy = qx*lc2-qy*ls2, qy*lc2+qx*ls2
			}
		}
		px[i+1], py[i+1] = px[i]+L[i]*ux, py[i]+L[i]*uy
		qx, qy = ux, uy
	}
}

// turnToward rotates all joints rigidly about the root so the end effector
// points at the target: a CCD step on the whole chain that gives the
// passes a better start (one square root and one division).
func turnToward(px, py []float64, tx, ty float64) {
	n := len(px) - 1
	ox, oy := px[0], py[0]
	ax, ay := px[n]-ox, py[n]-oy
	bx, by := tx-ox, ty-oy
	m := (ax*ax + ay*ay) * (bx*bx + by*by)
	if !(m > tinySq*tinySq) || !finite(m) {
		return
	}
	inv := 1 / math.Sqrt(m)
	rc, rs := (ax*bx+ay*by)*inv, (ax*by-ay*bx)*inv
	for i := 1; i <= n; i++ {
		vx, vy := px[i]-ox, py[i]-oy
		px[i], py[i] = ox+rc*vx-rs*vy, oy+rs*vx+rc*vy
	}
}

// straightTest is the relative end distance above which a chain counts as
// straight, and minCurl the smallest total curl (radians) unbend gives.
const (
	straightTest = 1 - 1e-9
	minCurl      = 0.05
)

// unbend curls a straight chain into an arc whose chord is about the
// target distance d (each bone turned by the same angle, clockwise, from its
// parent). A straight chain whose target lies on its line is a fixed point
// of FABRIK's passes (every joint stays on the line, or folds back onto
// it), so without this it could not bend to reach a nearer target. For an
// arc of total turn X the chord is reach*sin(X/2)/(X/2); X is found from
// d/reach with the Taylor guess X/2 = sqrt(6(1 - d/reach)) and two Newton
// steps (trig only on this rare path).
func unbend(px, py []float64, reach, d float64) {
	n := len(px) - 1
	ex, ey := px[n]-px[0], py[n]-py[0]
	if n < 2 || ex*ex+ey*ey < straightTest*straightTest*reach*reach {
		return
	}
	rho := math.Min(math.Max(d/reach, 0), 1)
	x := math.Sqrt(6 * (1 - rho))
	for k := 0; k < 2; k++ {
		if x < 1e-6 {
			break
		}
		sn, cs := math.Sincos(x)
		fx, dfx := sn/x-rho, (x*cs-sn)/(x*x)
		if dfx == 0 {
			break
		}
		x -= fx / dfx
	}
	total := math.Min(math.Max(2*x, minCurl), 0.95*2*math.Pi)
	rs, rc := math.Sincos(total / float64(n))
	qc, qs := 1.0, 0.0 // accumulated turn
	x0, y0 := px[0], py[0]
	for i := 0; i < n; i++ {
		vx, vy := px[i+1]-px[i], py[i+1]-py[i]
		if i > 0 {
			qc, qs = qc*rc-qs*rs, qc*rs+qs*rc
		}
		x0, y0 = x0+qc*vx-qs*vy, y0+qs*vx+qc*vy
		px[i+1], py[i+1] = x0, y0
	}
}

// recompute is the fraction of the expanded squared length below which
// the passes recompute it directly (see backwardPass): it bounds the
// cancellation error of the expansion to about 1e-12 relative.
const recompute = 1e-4

// backwardPass pins the end to (tx, ty) and slides every joint inward.
//
// Latency, not arithmetic, bounds a pass: each joint needs the previous
// one. Instead of recomputing |v|^2 from the moved joint, the next squared
// distance is expanded as
//
//	|w - k v|^2 = |w|^2 + L^2 - 2k (w.v)     (k^2 |v|^2 = L^2)
//
// where w (old next joint minus the joint just placed's anchor) and w.v are
// ready before k is, so only one multiply-add separates one bone's square
// root and division from the next. When the expansion cancels (the result
// is below recompute of its terms) it is recomputed directly.
func backwardPass(px, py, L []float64, tx, ty, ox, oy float64) {
	n := len(L)
	px = px[:n+1]
	py = py[:n+1]
	px[n], py[n] = tx, ty
	ax, ay := tx, ty // anchor: the joint placed last
	vx, vy := px[n-1]-ax, py[n-1]-ay
	q := vx*vx + vy*vy
	for i := n - 1; i >= 0; i-- {
		var k float64
		if q > tinySq {
			k = L[i] / math.Sqrt(q)
		} else {
			vx, vy = towardRoot(ax, ay, ox, oy)
			k = L[i]
		}
		nx, ny := ax+k*vx, ay+k*vy
		px[i], py[i] = nx, ny
		if i == 0 {
			return
		}
		wx, wy := px[i-1]-ax, py[i-1]-ay
		cc := wx*wx + wy*wy + L[i]*L[i]
		b := 2 * (wx*vx + wy*vy)
		vx, vy = wx-k*vx, wy-k*vy
		q = cc - k*b
		if q < recompute*cc {
			q = vx*vx + vy*vy
		}
		ax, ay = nx, ny
	}
}

// forwardPass pins the root back to (ox, oy) and slides every joint
// outward, with the same expansion as backwardPass. A bone whose joints
// coincide continues its parent's direction ((bc, bs) for bone 0).
func forwardPass(px, py, L []float64, ox, oy, bc, bs float64) {
	n := len(L)
	px = px[:n+1]
	py = py[:n+1]
	px[0], py[0] = ox, oy
	ax, ay := ox, oy
	vx, vy := px[1]-ax, py[1]-ay
	q := vx*vx + vy*vy
	for i := 0; i < n; i++ {
		var k float64
		if q > tinySq {
			k = L[i] / math.Sqrt(q)
		} else {
			vx, vy = bc, bs
			if i > 0 {
				vx, vy = (ax-px[i-1])/L[i-1], (ay-py[i-1])/L[i-1]
			}
			k = L[i]
		}
		nx, ny := ax+k*vx, ay+k*vy
		px[i+1], py[i+1] = nx, ny
		if i == n-1 {
			return
		}
		wx, wy := px[i+2]-ax, py[i+2]-ay
		cc := wx*wx + wy*wy + L[i]*L[i]
		b := 2 * (wx*vx + wy*vy)
		vx, vy = wx-k*vx, wy-k*vy
		q = cc - k*b
		if q < recompute*cc {
			q = vx*vx + vy*vy
		}
		ax, ay = nx, ny
	}
}

// towardRoot is the unit direction from (x, y) toward the root, else (1,0).
func towardRoot(x, y, ox, oy float64) (float64, float64) {
	vx, vy := ox-x, oy-y
	q := vx*vx + vy*vy
	if q > tinySq {
		d := math.Sqrt(q)
		return vx / d, vy / d
	}
	return 1, 0
}
