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
// direction (Pose.Base for bone 0). Both passes enforce it, without trig:
// a direction is taken into its reference frame by a complex product,
// (d.P, P x d), tested against the allowed arc with one dot product
// against the arc's middle direction, and if outside replaced by the
// nearer bound (the closest allowed direction), turned back by P.
//
//   - forward: bone i's new direction d is clamped against its parent's
//     direction P (bone i-1, or the base for bone 0).
//   - backward: bone i+1 has just been placed, so bone i's direction d is
//     clamped such that bone i+1's local angle, seen from d, is within bone
//     i+1's limit. (Bone 0's limit is against the fixed base; the forward
//     pass enforces it.)
//
// Every iteration ends with a forward pass, so its pose respects the
// limits, keeps every length and keeps the root exact. But when the limits
// keep the target out of reach the passes need not converge: they can
// wander away (plain FABRIK with clamped passes ended 37 px from a target
// it had started 36 px from, where 9.8 px was possible). So a limited
// solve is a descent with monotone acceptance:
//
//   - it starts from the input angles clamped to the limits (the start);
//   - a limited iteration is kept only if it brings the end nearer to the
//     target than the best pose so far;
//   - at the first iteration that does not, the solve returns to the best
//     pose and continues with CCD sweeps (see ccd.go) clamped to the
//     limits, one per iteration: each turn minimises the end's distance
//     over that bone's allowed angles, so a sweep never moves away; it
//     stops when a sweep gains nothing (a stationary point of the limited
//     problem) or at MaxIterations.
//
// The end is therefore never farther from the target than the start's
// (weight 1). It usually ends at the limited optimum: on limited 3-bone
// chains with the target out of the limited reach, 95% of solves end within
// 1% of the optimum found by dense search (55% before); the rest stop in a
// local minimum of the limited problem. The unlimited path is untouched.
// Result.Iterations counts passes and sweeps alike.
//
// Angles are read once at the start (one sincos per bone for forward
// kinematics) and written once at the end (one atan2 per bone), in
// (-pi, pi].

package ik

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// DefaultFABRIKIterations is FABRIK's default iteration cap. FABRIK needs
// about 8 iterations uncapped on a 10-bone chain for a 0.01 px tolerance,
// and most targets far fewer; a capped solve resumes from where it
// stopped on the next frame. CCD has its own: DefaultCCDIterations.
const DefaultFABRIKIterations = 10

// FABRIK solves chains of any length by alternating backward and forward
// reaching passes, with per-joint limits. The zero value is ready to use
// (Tolerance 0.01 px, DefaultFABRIKIterations = 10 iterations, full IK). A
// FABRIK value holds scratch space: use one per goroutine. Its buffers are
// grown on first use for the longest chain solved and reused afterwards, so
// Solve does not allocate in steady state.
//
// Convergence: with no limits and a target within reach, the error falls
// below Tolerance given enough iterations; Result reports what the cap
// allowed. With limits, a solve at weight 1 never ends farther from the
// target than the input pose clamped to the limits, and usually ends at the
// nearest pose the limits allow (see the file comment).
type FABRIK struct {
	Tolerance     float64 // px; 0 means DefaultTolerance (0.01)
	MaxIterations int     // 0 means DefaultFABRIKIterations (10)
	Weighting             // 1 (the zero value) = full IK, 0 = input pose

	px, py []float64 // joint positions, canonical frame
	bx, by []float64 // best limited pose seen
	st     []float64 // start angles of a limited solve (input, clamped)
	in     []float64 // input angles, for a weight below 1
}

func (s *FABRIK) grow(n int) {
	if cap(s.px) < n+1 {
		s.px = make([]float64, n+1)
		s.py = make([]float64, n+1)
		s.bx = make([]float64, n+1)
		s.by = make([]float64, n+1)
		s.in = make([]float64, n)
		s.st = make([]float64, n)
	}
}

// Solve moves the chain's end toward target. See FABRIK and Result.
func (s *FABRIK) Solve(c *Chain, p *Pose, target mgl64.Vec2) Result {
	f, ok := c.prepare(p, target)
	if !ok {
		return Result{}
	}
	tol, maxIt := toleranceOr(s.Tolerance), fabrikIterationsOr(s.MaxIterations)
	fade := s.fade()
	if fade >= 1 {
		return c.inputResult(&f, p, tol)
	}
	n := len(c.bones)
	s.grow(n)
	angles := p.Angles[:n]
	if fade > 0 {
		copy(s.in, angles)
	}
	if c.hasLimits {
		return s.solveLimited(c, &f, p, tol, maxIt, fade)
	}
	px, py := s.px[:n+1], s.py[:n+1]
	L := c.length[:n]

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
	dx, dy := tx-f.ox, ty-f.oy
	d2 := dx*dx + dy*dy
	if ex, ey := px[n]-tx, py[n]-ty; ex*ex+ey*ey <= tol2 {
		// Already there: the pose is left as it is (angles only wrapped
		// into (-pi, pi]).
		wrapAll(angles)
		if fade > 0 {
			c.fadeToward(angles, s.in[:n], fade)
			x, y = c.endCanonical(&f, angles, p.Base)
		}
		e := dist(x, y, f.rx, f.ry)
		return Result{Error: e, Reached: e <= tol, Scale: 1}
	}
	if d2 >= c.reach*c.reach {
		// Unreachable: straight at the target in one pass.
		d := math.Sqrt(d2)
		ux, uy := dx/d, dy/d
		for i := 0; i < n; i++ {
			px[i+1] = px[i] + L[i]*ux
			py[i+1] = py[i] + L[i]*uy
		}
		iters = 1
	} else {
		unbend(px, py, c.reach, math.Sqrt(d2))
		turnToward(px, py, tx, ty)
		for iters < maxIt {
			ex, ey := px[n]-tx, py[n]-ty
			if ex*ex+ey*ey <= tol2 {
				break
			}
			iters++
			backwardPass(px, py, L, tx, ty, f.ox, f.oy)
			forwardPass(px, py, L, f.ox, f.oy, f.bc, f.bs)
		}
	}

	// Angles once, from the joint directions. (Turning toward the target
	// may reach it with no iteration at all.)
	qx, qy := f.bc, f.bs
	for i := range angles {
		vx, vy := px[i+1]-px[i], py[i+1]-py[i]
		angles[i] = atan2(qx*vy-qy*vx, qx*vx+qy*vy)
		qx, qy = vx, vy
	}
	ex, ey := px[n], py[n]
	if fade > 0 {
		c.fadeToward(angles, s.in[:n], fade)
		ex, ey = c.endCanonical(&f, angles, p.Base)
	}
	e := dist(ex, ey, f.rx, f.ry)
	return Result{Iterations: iters, Error: e, Reached: e <= tol, Scale: 1}
}

// solveLimited is Solve for a chain with limits (see the file comment):
// limited passes with monotone acceptance, then limited CCD sweeps, and
// never an end farther from the target than the start's.
func (s *FABRIK) solveLimited(c *Chain, f *frame, p *Pose, tol float64, maxIt int, fade float64) Result {
	n := len(c.bones)
	px, py := s.px[:n+1], s.py[:n+1]
	bx, by := s.bx[:n+1], s.by[:n+1]
	st := s.st[:n]
	L := c.length[:n]
	angles := p.Angles[:n]
	tx, ty := f.tx, f.ty
	tol2 := tol * tol

	// The start: the input angles clamped to the limits, with the forward
	// kinematics of endCanonical, so that its end is bit-identical to the
	// one the final check below computes.
	x, y, w := f.ox, f.oy, p.Base
	bx[0], by[0] = x, y
	for i, a := range angles {
		a = c.lim[i].clampOrWrap(a)
		st[i] = a
		w += a
		sn, cs := math.Sincos(w)
		x += L[i] * cs
		y += L[i] * sn
		bx[i+1], by[i+1] = x, y
	}
	startErr := dist(x, y, f.rx, f.ry)
	best := sq(x-tx, y-ty)
	iters := 0
	improved := false
	if best > tol2 {
		copy(px, bx)
		copy(py, by)
		dx, dy := tx-f.ox, ty-f.oy
		unbend(px, py, c.reach, math.Sqrt(dx*dx+dy*dy))
		turnToward(px, py, tx, ty)
		sweeping := false
		for iters < maxIt && best > tol2 {
			iters++
			if !sweeping {
				backwardLimited(c, px, py, tx, ty, f.ox, f.oy)
				px[0], py[0] = f.ox, f.oy
				forwardLimited(c, px, py, f.bc, f.bs)
				if e := sq(px[n]-tx, py[n]-ty); e < best {
					best, improved = e, true
					copy(bx, px)
					copy(by, py)
					continue
				}
				// The passes stalled or went astray: descend from the best
				// pose with CCD sweeps from now on.
				copy(px, bx)
				copy(py, by)
				sweeping = true
			}
			ccdSweepLimited(c, px, py, tx, ty, f.bc, f.bs)
			e := sq(px[n]-tx, py[n]-ty)
			if !(e < best) {
				break // a stationary point of the limited problem
			}
			best, improved = e, true
			copy(bx, px)
			copy(by, py)
		}
	}
	if improved {
		qx, qy := f.bc, f.bs
		for i := range angles {
			vx, vy := bx[i+1]-bx[i], by[i+1]-by[i]
			angles[i] = c.lim[i].clampOrWrap(atan2(qx*vy-qy*vx, qx*vx+qy*vy))
			qx, qy = vx, vy
		}
	} else {
		copy(angles, st)
	}
	ex, ey := c.endCanonical(f, angles, p.Base)
	e := dist(ex, ey, f.rx, f.ry)
	if improved && !(e <= startErr) {
		// Rounding of the angles (or the far-target proxy) undid a tiny
		// gain: keep the start.
		copy(angles, st)
		e = startErr
	}
	if fade > 0 {
		c.fadeToward(angles, s.in[:n], fade)
		ex, ey = c.endCanonical(f, angles, p.Base)
		e = dist(ex, ey, f.rx, f.ry)
	}
	return Result{Iterations: iters, Error: e, Reached: e <= tol, Scale: 1}
}

// sq is the squared length of (x, y).
func sq(x, y float64) float64 { return x*x + y*y }

// backwardLimited is the backward pass of a limited chain: the end is
// pinned to (tx, ty) and every joint slides inward as in backwardPass,
// and bone i's direction is then clamped so that bone i+1's local angle
// (its turn from bone i) is within bone i+1's limit. Bone 0's own limit
// is relative to the base, which the forward pass enforces.
func backwardLimited(c *Chain, px, py []float64, tx, ty, ox, oy float64) {
	n := len(c.bones)
	L := c.length[:n]
	px, py = px[:n+1], py[:n+1]
	px[n], py[n] = tx, ty
	var cx, cy float64 // direction of bone i+1, unit
	for i := n - 1; i >= 0; i-- {
		vx, vy := px[i+1]-px[i], py[i+1]-py[i]
		var ux, uy float64
		if q := vx*vx + vy*vy; q > tinySq {
			inv := 1 / math.Sqrt(q)
			ux, uy = vx*inv, vy*inv
		} else {
			ux, uy = towardRoot(ox, oy, px[i+1], py[i+1]) // away from the root
		}
		if i < n-1 {
			if l := &c.lim[i+1]; l.on {
				// local angle of bone i+1 = conj(u) * (cx, cy)
				lc, ls := ux*cx+uy*cy, ux*cy-uy*cx
				if lc2, ls2, moved := l.clampDir(lc, ls); moved {
					// u = (cx, cy) * conj(local)
					ux, uy = cx*lc2+cy*ls2, cy*lc2-cx*ls2
				}
			}
		}
		px[i], py[i] = px[i+1]-L[i]*ux, py[i+1]-L[i]*uy
		cx, cy = ux, uy
	}
}

// ccdSweepLimited is one CCD sweep (see ccd.go) on joint positions: from
// the tip, bone j turns about its root joint so the end points at (tx, ty),
// the turn cut at the bone's limit (the nearer bound, which is the
// closest allowed direction), and everything beyond it turns along. Each
// turn minimises the end's distance over that bone's allowed angles, so a
// sweep never moves the end away from the target (up to rounding).
func ccdSweepLimited(c *Chain, px, py []float64, tx, ty, bc, bs float64) {
	n := len(c.bones)
	L := c.length[:n]
	px, py = px[:n+1], py[:n+1]
	for j := n - 1; j >= 0; j-- {
		jx, jy := px[j], py[j]
		ax, ay := px[n]-jx, py[n]-jy
		bx, by := tx-jx, ty-jy
		dot, cr := ax*bx+ay*by, ax*by-ay*bx
		m := dot*dot + cr*cr
		if !(m > tinySq*tinySq) {
			continue
		}
		inv := 1 / math.Sqrt(m)
		rc, rs := dot*inv, cr*inv
		if l := &c.lim[j]; l.on {
			qx, qy := bc, bs // parent direction
			if j > 0 {
				qx, qy = (jx-px[j-1])/L[j-1], (jy-py[j-1])/L[j-1]
			}
			ux, uy := (px[j+1]-jx)/L[j], (py[j+1]-jy)/L[j]
			nx, ny := rc*ux-rs*uy, rs*ux+rc*uy // turned direction
			lc, ls := qx*nx+qy*ny, qx*ny-qy*nx // its local angle
			if lc2, ls2, moved := l.clampDir(lc, ls); moved {
				nx, ny = qx*lc2-qy*ls2, qy*lc2+qx*ls2
				// r = n * conj(u), normalised: u's length drifts by
				// rounding, and an r shorter than 1 would shrink the chain.
				rc, rs = nx*ux+ny*uy, ny*ux-nx*uy
				inv := 1 / math.Sqrt(rc*rc+rs*rs)
				rc, rs = rc*inv, rs*inv
			}
		}
		for k := j + 1; k <= n; k++ {
			vx, vy := px[k]-jx, py[k]-jy
			px[k], py[k] = jx+rc*vx-rs*vy, jy+rs*vx+rc*vy
		}
	}
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
