package terrain

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/solarlune/resolv"
)

// SurfaceBelow casts straight down (+y) at x from yTop to yBottom with
// w.Filter and returns the first surface met: the convenience query for a
// foot. yBottom must be greater than yTop, or the result is a miss.
func (w *World) SurfaceBelow(x, yTop, yBottom float64) Hit {
	if !(yBottom > yTop) {
		return Hit{}
	}
	return w.Cast(mgl64.Vec2{x, yTop}, mgl64.Vec2{x, yBottom})
}

// SurfaceAlong casts from p along the unit direction -up for length pixels:
// the foot query for a character whose "up" is not (0,-1) (on a wall or a
// ceiling).
func (w *World) SurfaceAlong(p, up mgl64.Vec2, length float64) Hit {
	return w.Cast(p, p.Sub(up.Mul(length)))
}

// insideMaxCrossings bounds the boundaries Inside walks through.
const insideMaxCrossings = 64

// Inside reports whether p lies inside a closed solid shape (a polygon or a
// circle) that passes w.Filter: the point test a game (or a test) needs to
// tell whether a limb, a spawn point or a projectile is in the rock. Open
// polylines are never solid. It walks a ray from p to the right past the
// world's bounds, boundary by boundary: the first boundary it leaves
// without having entered it belongs to a shape around p. Overlapping shapes
// count as one solid. It does not allocate; it is exact up to the rays'
// own precision, and a point on a boundary may count either way.
func (w *World) Inside(p mgl64.Vec2) bool {
	if w == nil || w.space == nil || !finite(p[0]) || !finite(p[1]) {
		return false
	}
	lo, hi := w.Bounds()
	end := mgl64.Vec2{math.Max(hi[0], p[0]) + 1 + (hi[0] - lo[0]), p[1]}
	var entered [insideMaxCrossings]resolv.IShape
	n := 0
	from := p
	for k := 0; k < insideMaxCrossings; k++ {
		h := w.Cast(from, end)
		if !h.OK {
			return false
		}
		if h.Inside {
			known := false
			for i := 0; i < n; i++ {
				if entered[i] == h.Shape {
					known = true
					break
				}
			}
			if !known {
				return true
			}
		} else if n < len(entered) {
			entered[n] = h.Shape
			n++
		}
		// Past this boundary: the next cast starts a hair beyond it.
		from = mgl64.Vec2{math.Nextafter(h.Point[0], math.Inf(1)) + 1e-9*math.Max(1, math.Abs(h.Point[0])), p[1]}
		if !(from[0] < end[0]) {
			return false
		}
	}
	return false
}
