package editor

import (
	"errors"
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/solarlune/resolv"

	"github.com/ikanim/kit/terrain"
)

// Source is what every shape made from one editor object shares.
type Source struct {
	Tags  resolv.Tags
	Data  any
	Where string
}

func (src Source) shape(k Kind) Shape {
	return Shape{Kind: k, Tags: src.Tags, Data: src.Data, Where: src.Where}
}

// Rect appends the rectangle with top-left corner (x, y) and size (w, h),
// turned by rot radians clockwise on screen about origin: a Box when rot is 0
// (or a multiple of a full turn), else a Polygon.
func Rect(dst []Shape, src Source, x, y, w, h, rot float64, origin mgl64.Vec2) ([]Shape, error) {
	if !(w > 0) {
		return dst, fmt.Errorf("width: %v must be positive", w)
	}
	if !(h > 0) {
		return dst, fmt.Errorf("height: %v must be positive", h)
	}
	if math.Mod(rot, 2*math.Pi) == 0 {
		s := src.shape(Box)
		s.Min, s.Size = mgl64.Vec2{x, y}, mgl64.Vec2{w, h}
		return append(dst, s), nil
	}
	s := src.shape(Polygon)
	for _, p := range []mgl64.Vec2{{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}} {
		s.Points = append(s.Points, Rotate(p, origin, rot))
	}
	return append(dst, s), nil
}

// EllipseShape appends the ellipse inscribed in the rectangle with top-left
// corner (x, y) and size (w, h), turned by rot radians clockwise on screen
// about origin: a Circle when w equals h, else the convex polygon of
// [Ellipse].
func EllipseShape(dst []Shape, src Source, x, y, w, h, rot float64, origin mgl64.Vec2) ([]Shape, error) {
	if !(w > 0) {
		return dst, fmt.Errorf("width: %v must be positive", w)
	}
	if !(h > 0) {
		return dst, fmt.Errorf("height: %v must be positive", h)
	}
	c := Rotate(mgl64.Vec2{x + w/2, y + h/2}, origin, rot)
	if w == h {
		s := src.shape(Circle)
		s.Center, s.Radius = c, w/2
		return append(dst, s), nil
	}
	s := src.shape(Polygon)
	for _, p := range Ellipse(mgl64.Vec2{}, w/2, h/2) {
		s.Points = append(s.Points, Rotate(c.Add(p), c, rot))
	}
	return append(dst, s), nil
}

// PolygonShape appends the convex pieces of the simple outline pts.
func PolygonShape(dst []Shape, src Source, pts []mgl64.Vec2) ([]Shape, error) {
	if err := finite(pts); err != nil {
		return dst, err
	}
	pieces, err := Convex(pts)
	if err != nil {
		return dst, err
	}
	for _, pc := range pieces {
		s := src.shape(Polygon)
		s.Points = pc
		dst = append(dst, s)
	}
	return dst, nil
}

// Polyline appends the solid made from an open polyline; shapes without tags
// get terrain.TagGround.
//
// With a thickness (f.Thickness set) it is a board: each segment a->b becomes
// the quad a, b, b+t*n, a+t*n where n is the unit normal on the right of the
// direction of travel on screen, (-dy, dx)/|d| for d = b-a; drawn left to
// right, the board hangs below the line, whose top is the walkable surface.
//
// Without one it is ground, as terrain.World.AddGround: the solid between the
// polyline and the line y = bottom (f.Bottom if set, else defaultBottom; an
// error if neither is known). A polyline whose x never increases is read in
// reverse; one whose x goes both ways is an error naming the point.
func Polyline(dst []Shape, src Source, pts []mgl64.Vec2, f Flags, defaultBottom *float64) ([]Shape, error) {
	if len(pts) < 2 {
		return dst, fmt.Errorf("points: a polyline needs at least 2 points, got %d", len(pts))
	}
	if len(pts) > MaxPolygonPoints {
		return dst, fmt.Errorf("points: %d points, more than %d", len(pts), MaxPolygonPoints)
	}
	if err := finite(pts); err != nil {
		return dst, err
	}
	if src.Tags == 0 {
		src.Tags = terrain.TagGround
	}
	if f.Thickness != nil {
		t := *f.Thickness
		n0 := len(dst)
		for i := 1; i < len(pts); i++ {
			a, b := pts[i-1], pts[i]
			d := b.Sub(a)
			l := d.Len()
			if l < mergeDist {
				continue
			}
			nrm := mgl64.Vec2{-d[1], d[0]}.Mul(t / l)
			s := src.shape(Polygon)
			s.Points = []mgl64.Vec2{a, b, b.Add(nrm), a.Add(nrm)}
			dst = append(dst, s)
		}
		if len(dst) == n0 {
			return dst, errors.New("points: the polyline has no length")
		}
		return dst, nil
	}
	var bottom float64
	switch {
	case f.Bottom != nil:
		bottom = *f.Bottom
	case defaultBottom != nil:
		bottom = *defaultBottom
	default:
		return dst, errors.New("bottom: missing (a polyline is ground down to a bottom y: set a \"bottom\" or \"thickness\" property)")
	}
	ps, reversed := pts, pts[len(pts)-1][0] < pts[0][0]
	if reversed {
		ps = make([]mgl64.Vec2, len(pts))
		for i, p := range pts {
			ps[len(pts)-1-i] = p
		}
	}
	index := func(i int) int { // index in pts of ps[i]
		if reversed {
			return len(pts) - 1 - i
		}
		return i
	}
	for i := 1; i < len(ps); i++ {
		if ps[i][0] < ps[i-1][0] {
			return dst, fmt.Errorf("points[%d].x: the polyline turns back in x; ground needs x to run one way (give it a \"thickness\" property to make a board, or draw a polygon)", index(i))
		}
	}
	if !(ps[len(ps)-1][0] > ps[0][0]) {
		return dst, errors.New("points: the polyline has no horizontal extent (give it a \"thickness\" property to make a wall board)")
	}
	for i, p := range ps {
		if !(p[1] < bottom) {
			return dst, fmt.Errorf("points[%d].y: %v must be above bottom %v", index(i), p[1], bottom)
		}
	}
	s := src.shape(Ground)
	s.Points, s.Bottom = ps, bottom
	return append(dst, s), nil
}

// finite returns an error naming the first point that is not finite or is
// beyond MaxSize.
func finite(pts []mgl64.Vec2) error {
	for i, p := range pts {
		for a, name := range []string{"x", "y"} {
			if err := CheckCoord(p[a]); err != nil {
				return fmt.Errorf("points[%d].%s: %w", i, name, err)
			}
		}
	}
	return nil
}
