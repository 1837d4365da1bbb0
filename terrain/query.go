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

// Inside reports whether p lies inside a closed solid shape (a polygon or a
// circle) that passes w.Filter: the point test a game (or a test) needs to
// tell whether a limb, a spawn point or a projectile is in the rock. Open
// polylines are never solid. Within the space it tests the shapes resolv
// lists in the cell (or, on a cell's edge, the cells) around p against
// their own geometry as it is now (containsPoint); outside it, where
// resolv lists nothing, it tests every shape of the space the same way (a
// linear scan). Overlapping shapes count as one solid. It reads the shapes
// as they are now, also on a WithExplicitSync World. It does not allocate;
// a point on a boundary counts as inside.
func (w *World) Inside(p mgl64.Vec2) bool {
	if w == nil || w.space == nil || !finite(p[0]) || !finite(p[1]) {
		return false
	}
	sp := w.space
	cw, ch := float64(sp.CellWidth()), float64(sp.CellHeight())
	if cw > 0 && ch > 0 && p[0] >= 0 && p[1] >= 0 && p[0] < float64(sp.WidthInCells())*cw && p[1] < float64(sp.HeightInCells())*ch {
		const eps = 1e-9
		x0, x1 := int(math.Floor((p[0]-eps)/cw)), int(math.Floor((p[0]+eps)/cw))
		y0, y1 := int(math.Floor((p[1]-eps)/ch)), int(math.Floor((p[1]+eps)/ch))
		for cy := y0; cy <= y1; cy++ {
			for cx := x0; cx <= x1; cx++ {
				c := sp.Cell(cx, cy)
				if c == nil {
					continue
				}
				for _, s := range c.Shapes {
					if w.solidAt(s, p) {
						return true
					}
				}
			}
		}
		return false
	}
	// Outside resolv's cells (shapes may reach past the space's edges,
	// where resolv lists them in no cell): every shape of the space.
	inside := false
	sp.ForEachShape(func(s resolv.IShape, _, _ int) bool {
		inside = w.solidAt(s, p)
		return !inside
	})
	return inside
}

// solidAt reports whether s is a closed solid that passes w.Filter and
// contains p.
func (w *World) solidAt(s resolv.IShape, p mgl64.Vec2) bool {
	if s == nil || !w.Filter.Accepts(*s.Tags()) {
		return false
	}
	if cp, ok := s.(*resolv.ConvexPolygon); ok && !cp.Closed {
		return false
	}
	return containsPoint(s, p)
}

// containsPoint reports whether p lies inside the convex polygon or circle
// s as it is now (its points transformed by its position, scale and
// rotation, as resolv does, without allocating); a point on the boundary
// counts as inside. Other shapes contain nothing.
func containsPoint(s resolv.IShape, p mgl64.Vec2) bool {
	switch sh := s.(type) {
	case *resolv.ConvexPolygon:
		n := len(sh.Points)
		if n < 3 {
			return false
		}
		pos, sc, rot := sh.Position(), sh.Scale(), sh.Rotation()
		at := func(i int) (float64, float64) {
			v := resolv.Vector{X: sh.Points[i].X * sc.X, Y: sh.Points[i].Y * sc.Y}
			if rot != 0 {
				v = v.Rotate(-rot)
			}
			return v.X + pos.X, v.Y + pos.Y
		}
		neg, posi := false, false
		ax, ay := at(n - 1)
		for i := 0; i < n; i++ {
			bx, by := at(i)
			c := (bx-ax)*(p[1]-ay) - (by-ay)*(p[0]-ax)
			neg = neg || c < 0
			posi = posi || c > 0
			if neg && posi {
				return false
			}
			ax, ay = bx, by
		}
		return true
	case *resolv.Circle:
		c := sh.Position()
		dx, dy := p[0]-c.X, p[1]-c.Y
		return dx*dx+dy*dy <= sh.Radius()*sh.Radius()
	}
	return false
}
