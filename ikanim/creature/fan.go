package creature

// Tentacle shape: every tentacle is solved each frame from a rest shape
// that fans it out from its root toward its foot, so that the creature
// reads as a creature (tentacles hang from the head and spread outward)
// instead of a knot.
//
// Why. A tentacle is much longer than the distance from its root to its
// foot (a planted tentacle is held between 0.2 and 0.8 of its length).
// FABRIK solved each frame from the last frame's joints put that slack
// wherever the passes happened to leave it: curls above the head, loops,
// tentacles crossing each other (on the spiders scene the squid's
// tentacles crossed in every frame).
//
// The shape. Bone k of a tentacle of n bones (lengths L_k) points at the
// world angle
//
//	w_k = theta + A * h(t_k) - phi,   t_k = ((k + 1/2) / n)^p,
//	h(t) = tanh(fanKnee * cos(2 pi t + s pi/2)) / tanh(fanKnee),
//
// where theta is the direction from the root to the foot and phi the
// direction of the shape's own chord E(A) = sum L_k (cos A h_k, sin A h_k),
// so that the shape's chord lies on the root-to-foot line. Over the
// tentacle h runs through one whole period, so half the length turns one
// way from the chord and half the other; tanh flattens the swings into
// nearly straight runs joined by rounded bends, which spends the slack
// with the least tangent swing (about +-70 degrees from the chord at half
// the length, where an even arc needs +-108).
//
// The side s: with s = +-1 the shape is an arch (h = -+sin 2 pi t) that
// leaves the root along the chord, bulges out to one side and comes back
// onto the foot along the chord; s = 1 bulges toward Right(). s is
// sign(Home.X) * Turn (Turn for a home at X = 0): every tentacle arches
// outward, away from the middle of the body, to its home's side, so the
// tentacles of one side of the body nest instead of crossing, and the
// creature reads as a head on arched legs. In a turn s sweeps with Turn
// through 0, an S (h = cos 2 pi t), to the other side: the shape changes
// continuously.
//
// The warp p: a foot that trails to the other side of its root (beta, its
// direction from down toward the arch's side, negative) makes the arch's
// return half come up to the foot from below, into the ground, once
// A - beta passes pi/2. Over the band of e = A - beta - pi/2 from -fanDip
// to fanDip, p falls from 1 to fanWarpMin, at most fanWarpRate per second:
// t^p moves the arch's outward half up toward the root (a short bend by
// the head), and the long return comes straight down onto the foot. A
// warped arch does not fold as tightly, so p is held at or above
// fanWarpReach - d/length.
//
// The tangent turns back and forth by less than pi, so the shape itself
// never loops; it only can when the foot is nearer than the shape folds
// (below) and FABRIK pulls the tip in.
//
// Solving. |E(A)| shrinks from the tentacle's length at A = 0 to 0 at
// ampMax (the chain's, found once by NewDef). A is the root of
// |E(A)|^2 = d^2 for the root-to-foot distance d, by Halley's method on
// [0, ampMax] safeguarded by bisection, warm started from the last frame's
// A: with g = |E|^2 - d^2, g' = 2 E.E' and g'' = 2 (E'.E' + E.E''),
//
//	A <- A - 2 g g' / (2 g'^2 - g g''),
//
// which converges cubically. Its first step is taken on the last chord
// computed, which is the one at A of the last frame: computed for the same
// profile h it is exact, and when the warp moved h since, it is near
// enough to start from. (2.4 chords of 10 sincos per tentacle and frame on
// the bench walk, where Newton's method from A took 3.1.) The shape's tip is
// then on the foot to fanTolerance. Its joints are the bones laid along
// the terms of the last chord, (cos A h_k, sin A h_k), turned by
// theta - phi (fanJoints: no trigonometry); FABRIK (at most
// tentacleIterations) polishes a tip that misses the foot by more than
// tentacleTolerance (the straight or the most folded shape), and applies
// the bone limits of a definition that sets them.
// Every bone keeps its length (forward kinematics), and the pose is a
// continuous function of the root, the foot, up and Turn: nothing but the
// warm start of A (and the amplitude that sets the warp) is carried from
// frame to frame, so no slack accumulates.
// A foot beyond the tentacle's length gets the straight tentacle (A = 0)
// aimed at it; a foot nearer than the fully bent shape reaches gets
// A = ampMax and FABRIK pulls the tip the rest of the way.

import "math"

const (
	// fanKnee sharpens the knee of the tentacle shape (h): 0 would be an
	// even arc, larger puts more of the turn in the middle.
	fanKnee = 2.5
	// fanDip is the half-width, radians, of the band of e (see
	// fanTentacle) over which the warp sets in.
	fanDip = 1.0
	// fanWarpRate is how fast, 1/s, the warp p may change (except where
	// the foot's distance forces it): a foot crossing the band in a few
	// frames does not snap the arch's bend from the middle to the root.
	fanWarpRate = 2.0
	// fanWarpMin is the strongest warp p.
	fanWarpMin = 0.5
	// fanWarpReach: the warp p is held at or above fanWarpReach - d/length
	// for a foot d from the hip (a warped arch does not fold as tight).
	fanWarpReach = 1.0
	// fanTolerance is the Halley stop test on the shape's chord, px.
	fanTolerance = 1e-6
	// fanSteps caps the Halley (or bisection) steps per solve.
	fanSteps = 12
)

// fanProfile writes h(t_k) for the side s and the warp p (see the file
// comment) into h.
func fanProfile(h []float64, s, p float64) {
	psi := min(max(s, -1), 1) * math.Pi / 2
	n := float64(len(h))
	k0 := 1 / math.Tanh(fanKnee)
	for k := range h {
		t := (float64(k) + 0.5) / n
		if p != 1 {
			t = math.Pow(t, p)
		}
		h[k] = math.Tanh(fanKnee*math.Cos(2*math.Pi*t+psi)) * k0
	}
}

// fanTableSteps is the number of steps of the warp p from fanWarpMin to 1
// that fanWarps tabulates.
const fanTableSteps = 64

// fanWarps returns the profiles of the arch (s = 1) for n bones at the
// warps p = fanWarpMin + (1 - fanWarpMin) * j / fanTableSteps, j = 0 ..
// fanTableSteps, one after the other (fanProfileTable interpolates them).
func fanWarps(n int) []float64 {
	tab := make([]float64, (fanTableSteps+1)*n)
	for j := 0; j <= fanTableSteps; j++ {
		p := fanWarpMin + (1-fanWarpMin)*float64(j)/fanTableSteps
		fanProfile(tab[j*n:(j+1)*n], 1, p)
	}
	return tab
}

// fanProfileTable writes the profile for the side s = +-1 and the warp p
// into h, interpolated linearly between the two nearest warps of tab
// (fanWarps): the per-frame path, with no trigonometry (the arch of s = -1
// is that of s = 1 negated).
// It returns the warp j and the weight f of the interpolation.
func fanProfileTable(h, tab []float64, s, p float64) (j int, f float64) {
	n := len(h)
	x := (p - fanWarpMin) / (1 - fanWarpMin) * fanTableSteps
	j = min(max(int(x), 0), fanTableSteps-1)
	f = min(max(x-float64(j), 0), 1)
	a, b := tab[j*n:(j+1)*n], tab[(j+1)*n:(j+2)*n]
	for k := range h {
		h[k] = s * (a[k] + f*(b[k]-a[k]))
	}
	return j, f
}

// fanFoldTable returns, for the profiles of tab (fanWarps) and the bone
// lengths lens, the length of the most folded chord |E(ampMax)| of each
// profile, and for each pair of neighbouring profiles j, j+1 the sum of
// L_k |h_k(j+1) - h_k(j)|: fanFoldBound bounds the folded chord of a
// profile interpolated between them with these.
func fanFoldTable(tab, lens []float64, ampMax float64) (fold, span []float64) {
	n := len(lens)
	fold = make([]float64, fanTableSteps+1)
	span = make([]float64, fanTableSteps)
	for j := range fold {
		ex, ey, _, _ := fanChord(tab[j*n:(j+1)*n], lens, ampMax)
		fold[j] = math.Sqrt(ex*ex + ey*ey)
	}
	for j := range span {
		for k := range n {
			span[j] += lens[k] * math.Abs(tab[(j+1)*n+k]-tab[j*n+k])
		}
	}
	return fold, span
}

// fanFoldBound returns an upper bound of the most folded chord |E(ampMax)|
// of the profile that fanProfileTable interpolated at j, f (either side
// s: the arch of s = -1 is the mirror image of that of s = 1, with the same
// chord length): E moves by at most L_k*ampMax per unit change of h_k,
// so |E(h)| <= |E(h(j))| + ampMax*f*span(j), and the same from j+1. The
// bound has a margin (fanFoldMargin) far above the rounding of a computed
// chord.
func fanFoldBound(ld *legDef, j int, f float64) float64 {
	sp := ld.fanMax * ld.fanSpan[j]
	return min(ld.fanFold[j]+f*sp, ld.fanFold[j+1]+(1-f)*sp)*(1+fanFoldMargin) + fanFoldMargin*ld.reach
}

// fanFoldMargin is the relative margin of fanFoldBound.
const fanFoldMargin = 1e-9

// fanAmpMax returns the amplitude at which the chord of the arch (s = 1)
// with bone lengths lens is shortest (the first minimum of |E|, searched
// in steps of 0.01 rad).
func fanAmpMax(lens []float64) (ampMax float64) {
	h := make([]float64, len(lens))
	fanProfile(h, 1, 1)
	best := math.Inf(1)
	for a := 0.01; a < math.Pi; a += 0.01 {
		ex, ey, _, _ := fanChord(h, lens, a)
		e := ex*ex + ey*ey
		if e >= best {
			break
		}
		best, ampMax = e, a
	}
	return ampMax
}

// fanChord returns the chord E(a) of the shape with profile h and bone
// lengths lens (alpha = 0), and its derivative in a.
func fanChord(h, lens []float64, a float64) (ex, ey, dx, dy float64) {
	lens = lens[:len(h)]
	for k, hk := range h {
		sn, cs := math.Sincos(a * hk)
		l := lens[k]
		ex += l * cs
		ey += l * sn
		dx -= l * hk * sn
		dy += l * hk * cs
	}
	return ex, ey, dx, dy
}

// fanChordSave is fanChord that also returns the second derivative of
// the chord in a, (ddx, ddy), and saves sin and cos of a*h_k in sn and cs
// (the bone directions of the shape relative to alpha = 0).
func fanChordSave(h, lens []float64, a float64, sn, cs []float64) (ex, ey, dx, dy, ddx, ddy float64) {
	lens, sn, cs = lens[:len(h)], sn[:len(h)], cs[:len(h)]
	for k, hk := range h {
		s, c := math.Sincos(a * hk)
		sn[k], cs[k] = s, c
		l := lens[k]
		lh, lhh := l*hk, l*hk*hk
		ex += l * c
		ey += l * s
		dx -= lh * s
		dy += lh * c
		ddx -= lhh * c
		ddy -= lhh * s
	}
	return ex, ey, dx, dy, ddx, ddy
}

// fanAmp returns the amplitude A in [0, ampMax] at which the shape with
// profile h spans d, starting from a0, and the chord at it. The chords
// that do not change while h does not are taken from memo: the chord at
// ampMax, and the chord (and its derivatives) of the last Halley step,
// which is where the next frame's solve starts (a0 is the last frame's
// A). Either is bit-identical to computing it again, 10 sincos less each.
// saved reports whether memo.sn and memo.cs hold sin and cos of A*h_k (A
// found by Halley's method; not for the straight or the most folded
// shape).
func fanAmp(h, lens []float64, length, ampMax, d, a0 float64, memo *fanMemo) (a, ex, ey float64, saved bool) {
	if d >= length {
		ex, ey, _, _ = fanChord(h, lens, 0)
		return 0, ex, ey, false
	}
	lo, hi := 0.0, ampMax
	d2 := d * d
	// The most folded chord is only computed when its bound
	// (fanFoldBound) does not show it shorter than d already.
	if b := memo.foldBound; !memo.foldOK && b*b < d2 {
		// Not folded tighter than the shape goes.
	} else if hx, hy := memo.fold(h, lens, hi); hx*hx+hy*hy >= d2 {
		return hi, hx, hy, false // folded tighter than the shape goes
	}
	a = min(max(a0, lo), hi)
	tol := 2 * d * fanTolerance
	if memo.lastOK && !memo.lastCur && a == memo.lastA {
		// The profile changed since the last chord (the warp moved, a
		// little): a Halley step on that chord starts the solve nearer the
		// root than a0 for nothing.
		ex, ey, dx, dy, ddx, ddy := memo.lastX, memo.lastY, memo.lastDX, memo.lastDY, memo.lastDDX, memo.lastDDY
		g := ex*ex + ey*ey - d2
		g1 := 2 * (ex*dx + ey*dy)
		g2 := 2 * (dx*dx + dy*dy + ex*ddx + ey*ddy)
		if next := a - 2*g*g1/(2*g1*g1-g*g2); next > lo && next < hi {
			a = next
		}
	}
	for step := 0; ; step++ {
		var dx, dy, ddx, ddy float64
		if memo.lastOK && memo.lastCur && a == memo.lastA {
			ex, ey, dx, dy, ddx, ddy = memo.lastX, memo.lastY, memo.lastDX, memo.lastDY, memo.lastDDX, memo.lastDDY
		} else {
			ex, ey, dx, dy, ddx, ddy = fanChordSave(h, lens, a, memo.sn, memo.cs)
			memo.lastA, memo.lastX, memo.lastY = a, ex, ey
			memo.lastDX, memo.lastDY, memo.lastDDX, memo.lastDDY = dx, dy, ddx, ddy
			memo.lastOK, memo.lastCur = true, true
		}
		g := ex*ex + ey*ey - d2
		if math.Abs(g) <= tol || step == fanSteps {
			return a, ex, ey, true
		}
		if g > 0 {
			lo = a
		} else {
			hi = a
		}
		// Halley's step on g(a) = |E|^2 - d^2: g' = 2 E.E',
		// g'' = 2 (E'.E' + E.E'').
		g1 := 2 * (ex*dx + ey*dy)
		g2 := 2 * (dx*dx + dy*dy + ex*ddx + ey*ddy)
		next := a - 2*g*g1/(2*g1*g1-g*g2)
		if !(next > lo && next < hi) {
			next = (lo + hi) / 2 // the step left the bracket: bisect
		}
		a = next
	}
}

// fanMemo keeps chords of the current profile h of a tentacle (fanAmp):
// that of the most folded shape, fanChord(h, lens, ampMax), and the last
// one fanAmp computed, at lastA, with the sin and cos of lastA*h_k
// (sn, cs). fanTentacle clears it when h changes (but for sn and cs,
// which are only read while lastOK).
type fanMemo struct {
	sn, cs                              []float64
	foldX, foldY                        float64
	foldOK                              bool
	foldBound                           float64 // an upper bound of |(foldX, foldY)| (+Inf: none)
	lastA, lastX, lastY, lastDX, lastDY float64
	lastDDX, lastDDY                    float64
	lastOK                              bool // the last* fields hold a chord
	lastCur                             bool // of the current profile
}

// fold returns the chord of the shape with profile h at amplitude a (the
// most folded, ampMax), computed once per profile.
func (m *fanMemo) fold(h, lens []float64, a float64) (x, y float64) {
	if !m.foldOK {
		m.foldX, m.foldY, _, _ = fanChord(h, lens, a)
		m.foldOK = true
	}
	return m.foldX, m.foldY
}

// fanTentacle finds the arch from tentacle leg i's hip to its foot (see
// the file comment): its profile (kept in the chain) and amplitude.
func (c *Creature) fanTentacle(i int) fanShape {
	ch := &c.chains[i]
	l := &c.legs[i]
	ld := &c.def.legs[i]
	dx, dy := l.foot[0]-l.hip[0], l.foot[1]-l.hip[1]
	// The side: outward, toward the home's side along the body (Turn
	// sweeps it over in a turn).
	s := c.turn
	if ld.homeX < 0 {
		s = -s
	}
	// The warp: beta is the foot's direction from the hip, from down,
	// toward the side s bulges to; with the foot on the other side the
	// arch's second half would come up to the foot from below once its
	// amplitude plus |beta| passes pi/2, and the warp moves the arch's
	// turn up toward the hip instead.
	x := dx*-c.up[1] + dy*c.up[0]
	y := -(dx*c.up[0] + dy*c.up[1])
	beta := math.Atan2(x, y)
	if s < 0 {
		beta = -beta
	}
	e := ch.amp - beta - math.Pi/2
	p := 1 - (1-fanWarpMin)*min(max((e+fanDip)/(2*fanDip), 0), 1)
	// A warped arch does not fold as tight as the plain one (to about
	// 0.46 of the length at p = 0.5, 0.22 at 0.7): the warp is held to
	// what the foot's distance allows.
	if c.rateDt > 0 && ch.warp == ch.warp {
		// At most fanWarpRate per second (c.rateDt: this update's dt;
		// Place, which has none, sets it at once).
		step := fanWarpRate * c.rateDt
		p = min(max(p, ch.warp-step), ch.warp+step)
	}
	d := math.Hypot(dx, dy)
	p = max(p, min(1, fanWarpReach-d/ld.reach))
	if s != ch.side || p != ch.warp { // NaN after Place
		ch.memo.foldOK, ch.memo.foldBound, ch.memo.lastCur = false, math.Inf(1), false
		if s == 1 || s == -1 {
			j, f := fanProfileTable(ch.h, ld.fanTable, s, p)
			ch.memo.foldBound = fanFoldBound(ld, j, f)
		} else {
			fanProfile(ch.h, s, p) // in a turn
		}
		ch.side, ch.warp = s, p
	}
	h := ch.h
	a, ex, ey, saved := fanAmp(h, ch.lens, ld.reach, ld.fanMax, d, ch.amp, &ch.memo)
	ch.amp = a
	return fanShape{a: a, ex: ex, ey: ey, dx: dx, dy: dy, d: d, saved: saved}
}

// fanShape is the fanned shape of a tentacle for one frame (fanTentacle):
// the amplitude a, the shape's chord (ex, ey) at a, the root-to-foot
// vector (dx, dy) and its length d; saved: the tentacle's fanMemo holds
// sin and cos of a*h_k.
type fanShape struct {
	a, ex, ey, dx, dy, d float64
	saved                bool
}

// fanAngles sets tentacle leg i's pose angles to the fanned shape sh: bone
// k at the world angle theta + a*h_k - phi (see the file comment), as
// the chain's angles from its base.
func (c *Creature) fanAngles(i int, sh *fanShape) {
	ch := &c.chains[i]
	h := ch.h
	theta := ch.pose.Base
	if sh.d > 0 {
		theta = math.Atan2(sh.dy, sh.dx)
	}
	w := theta + sh.a*h[0] - math.Atan2(sh.ey, sh.ex)
	angles := ch.pose.Angles[:len(h)]
	angles[0] = math.Remainder(w-ch.pose.Base, 2*math.Pi)
	for k := 1; k < len(angles); k++ {
		angles[k] = sh.a * (h[k] - h[k-1])
	}
}

// tentacleLengths returns the bone lengths of a tentacle leg.
func tentacleLengths(ld *legDef) []float64 {
	n := ld.chain.Len()
	lens := make([]float64, n)
	for k := range lens {
		lens[k] = ld.chain.Bone(k).Length
	}
	return lens
}
