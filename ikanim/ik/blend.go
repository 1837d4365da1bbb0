package ik

// Blend writes into dst, per bone, the angle from animated toward solved by
// weight w in [0,1] along the shortest arc (w clamped, NaN treated as 0):
// dst[i] = animated[i] + w*wrap(solved[i]-animated[i]), wrap into
// (-pi, pi]. It handles min(len(dst), len(animated), len(solved)) entries,
// never allocates, and dst may alias either input. A non-finite animated
// angle gives the solved one (or 0 when both are non-finite); a non-finite
// solved angle keeps the animated one.
func Blend(dst, animated, solved []float64, w float64) {
	w = clamp01(w)
	n := min(len(dst), len(animated), len(solved))
	for i := 0; i < n; i++ {
		a, s := animated[i], solved[i]
		switch {
		case !finite(a) && !finite(s):
			dst[i] = 0
		case !finite(a):
			dst[i] = s
		case !finite(s):
			dst[i] = a
		default:
			dst[i] = a + w*wrapAngle(s-a)
		}
	}
}
