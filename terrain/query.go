package terrain

import "github.com/go-gl/mathgl/mgl64"

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
