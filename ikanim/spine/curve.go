package spine

// A Spine timeline is a list of keys, each with a time, a value and the
// curve that leads to the next key:
//
//   - linear (no "curve"): v = v1 + (v2-v1)*(t-t1)/(t2-t1);
//   - "stepped": v1 is held until t2;
//   - Bezier ("curve": [cx1, cy1, cx2, cy2] per value, Spine 4's absolute
//     form: cx in seconds, cy in the value's own units): the curve from
//     (t1, v1) to (t2, v2) with control points (cx1, cy1) and (cx2, cy2),
//     B(s) = (1-s)^3 P0 + 3(1-s)^2 s P1 + 3(1-s) s^2 P2 + s^3 P3. The value
//     at time t is By(s) for the s where Bx(s) = t. With cx1 and cx2 inside
//     [t1, t2] (they are clamped there) Bx rises monotonically, so s is
//     found by bisection, to 2^-40 of the segment.
//
// Spine's runtimes approximate each Bezier segment with 10 line segments;
// evaluating the curve itself differs from them by a small fraction of the
// key-to-key change between those points, and agrees at every key.

type curveKind uint8

const (
	curveLinear curveKind = iota
	curveStepped
	curveBezier
)

type key struct {
	t, v               float64
	curve              curveKind
	cx1, cy1, cx2, cy2 float64 // Bezier control points (absolute time, value)
}

// track is one scalar timeline (a rotation offset, one translation axis,
// an IK mix). keys are sorted by time (equal times allowed: a jump).
type track struct {
	keys []key
}

// at returns the track's value at time t; before the first key it is
// before (Spine's setup value), after the last key the last key's value.
func (tr *track) at(t, before float64) float64 {
	keys := tr.keys
	n := len(keys)
	if n == 0 || t < keys[0].t {
		return before
	}
	// The last key with time <= t (binary search, no allocation).
	lo, hi := 0, n-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if keys[mid].t <= t {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	k := keys[lo]
	if lo == n-1 || t == k.t {
		return k.v
	}
	next := keys[lo+1]
	span := next.t - k.t
	if !(span > 0) {
		return next.v
	}
	switch k.curve {
	case curveStepped:
		return k.v
	case curveBezier:
		return bezierAt(k.t, k.v, k.cx1, k.cy1, k.cx2, k.cy2, next.t, next.v, t)
	}
	return k.v + (next.v-k.v)*(t-k.t)/span
}

// bezierAt evaluates the Bezier segment from (t1, v1) to (t2, v2) with
// control points (cx1, cy1), (cx2, cy2) at time t in [t1, t2].
func bezierAt(t1, v1, cx1, cy1, cx2, cy2, t2, v2, t float64) float64 {
	cx1 = min(max(cx1, t1), t2)
	cx2 = min(max(cx2, t1), t2)
	bez := func(p0, p1, p2, p3, s float64) float64 {
		u := 1 - s
		return u*u*u*p0 + 3*u*u*s*p1 + 3*u*s*s*p2 + s*s*s*p3
	}
	lo, hi := 0.0, 1.0
	for i := 0; i < 40; i++ {
		mid := (lo + hi) / 2
		if bez(t1, cx1, cx2, t2, mid) < t {
			lo = mid
		} else {
			hi = mid
		}
	}
	return bez(v1, cy1, cy2, v2, (lo+hi)/2)
}

// lastTime returns the time of the last key (0 for an empty track).
func (tr *track) lastTime() float64 {
	if len(tr.keys) == 0 {
		return 0
	}
	return tr.keys[len(tr.keys)-1].t
}
