package art

// Signed distance functions (SDFs) in a part's local frame.
//
// Every shape is a function d(u, v) that is negative inside, positive outside and
// (close to) the Euclidean distance to the boundary, in pixels. Working with
// distances instead of masks gives three things for free:
//
//   - anti-aliasing: coverage of a sample is a step of d, and the canvas averages
//     several samples per pixel (supersampling), so edges get fractional alpha;
//   - outlines: the band -outline < d <= 0 is the outline, d <= -outline the fill;
//   - shading: the gradient of d is the outward normal n of the nearest edge, and
//     -d is the depth t below the edge. A "pillow" normal in 3D,
//     N = (n.x*s, n.y*s, sqrt(1-s*s)) with s = clamp(1 - t/bevel), tilts fully
//     sideways on the rim and faces the viewer in the middle, so Lambert lighting
//     dot(N, L) shades limbs like cylinders and bodies like domes.
//
// Combinations: union is min(a, b); intersection max(a, b); subtraction
// max(a, -b); smin blends two shapes with a rounded fillet of width k
// (polynomial smooth minimum: h = clamp(0.5 + 0.5(b-a)/k), d = mix(b, a, h) - k h (1-h)).
// The union and smin results are exact outside and a bound inside, which is
// all the renderer needs.

import "math"

func clamp01(x float64) float64 {
	if x < 0 {
		return 0
	}
	if x > 1 {
		return 1
	}
	return x
}

func mix(a, b, t float64) float64 { return a + (b-a)*t }

func length(x, y float64) float64 { return math.Sqrt(x*x + y*y) }

// circle: centre (cx, cy), radius r.
func circle(u, v, cx, cy, r float64) float64 { return length(u-cx, v-cy) - r }

// ellipse: centre (cx, cy), semi-axes a (along u) and b (along v). The
// distance is approximated by scaling the unit-circle distance by the smaller
// semi-axis: zero exactly on the boundary, exact along the minor axis, and
// smaller than the true distance elsewhere outside (so outlines are at most
// slightly wider at the ends of the major axis).
func ellipse(u, v, cx, cy, a, b float64) float64 {
	x, y := (u-cx)/a, (v-cy)/b
	return (math.Sqrt(x*x+y*y) - 1) * math.Min(a, b)
}

// taper is a capsule from (ax, ay) with radius ra to (bx, by) with radius rb.
// The closest point on the segment is found first (t = clamp(dot(p-a, b-a)/|b-a|^2)),
// then the radius is interpolated at t. For mild tapers this is within a few
// hundredths of a pixel of the exact cone-capsule distance.
func taper(u, v, ax, ay, ra, bx, by, rb float64) float64 {
	dx, dy := bx-ax, by-ay
	l2 := dx*dx + dy*dy
	t := 0.0
	if l2 > 0 {
		t = clamp01(((u-ax)*dx + (v-ay)*dy) / l2)
	}
	return length(u-ax-dx*t, v-ay-dy*t) - mix(ra, rb, t)
}

// box: centre (cx, cy), half sizes (hx, hy), corner radius r.
func box(u, v, cx, cy, hx, hy, r float64) float64 {
	qx := math.Abs(u-cx) - hx + r
	qy := math.Abs(v-cy) - hy + r
	return length(math.Max(qx, 0), math.Max(qy, 0)) + math.Min(math.Max(qx, qy), 0) - r
}

// polygon: exact distance to a closed polygon given as x0, y0, x1, y1, ...
// (winding number decides the sign).
func polygon(u, v float64, pts ...float64) float64 {
	n := len(pts) / 2
	d := math.Inf(1)
	inside := false
	for i, j := 0, n-1; i < n; j, i = i, i+1 {
		xi, yi := pts[2*i], pts[2*i+1]
		xj, yj := pts[2*j], pts[2*j+1]
		ex, ey := xj-xi, yj-yi
		wx, wy := u-xi, v-yi
		t := clamp01((wx*ex + wy*ey) / (ex*ex + ey*ey))
		d = math.Min(d, length(wx-ex*t, wy-ey*t))
		if (yi > v) != (yj > v) && u < (xj-xi)*(v-yi)/(yj-yi)+xi {
			inside = !inside
		}
	}
	if inside {
		return -d
	}
	return d
}

// smin is the polynomial smooth minimum with blend width k.
func smin(a, b, k float64) float64 {
	h := clamp01(0.5 + 0.5*(b-a)/k)
	return mix(b, a, h) - k*h*(1-h)
}

func smoothstep(e0, e1, x float64) float64 {
	t := clamp01((x - e0) / (e1 - e0))
	return t * t * (3 - 2*t)
}
