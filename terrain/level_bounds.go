package terrain

import (
	"fmt"
	"math"
)

// bounds returns the axis-aligned box that holds every shape of a valid
// entry (validate has passed): the points, and the bottom or top a
// polyline, ceiling, height field or stairs fills to.
func (e *Entry) bounds() (x0, y0, x1, y1 float64) {
	x0, y0, x1, y1 = math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	add := func(x, y float64) {
		x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x), max(y1, y)
	}
	switch e.Kind {
	case "polyline", "ceiling", "polygon":
		for _, p := range e.Points {
			add(p[0], p[1])
		}
		if e.Bottom != nil {
			add(x0, *e.Bottom)
		}
		if e.Top != nil {
			add(x0, *e.Top)
		}
	case "heightfield":
		for i, h := range e.Heights {
			add(*e.X+*e.Spacing*float64(i), h)
		}
		add(x0, *e.Bottom)
	case "stairs":
		for _, p := range Stairs(*e.X, *e.Y, *e.StepWidth, *e.Rise, *e.Steps) {
			add(p[0], p[1])
		}
		add(x0, *e.Bottom)
	case "box":
		add(*e.X, *e.Y)
		add(*e.X+*e.W, *e.Y+*e.H)
	case "circle":
		add(*e.X-*e.R, *e.Y-*e.R)
		add(*e.X+*e.R, *e.Y+*e.R)
	}
	return x0, y0, x1, y1
}

// checkInside refuses an entry whose shapes lie wholly outside the level's
// rectangle (0, 0)-(width, height): almost always a typo in a coordinate
// (shapes that only reach past the edges, such as ground filled below the
// level's height or a wall just beyond its side, are accepted).
func (e *Entry) checkInside(width, height float64) error {
	x0, y0, x1, y1 := e.bounds()
	if x1 < 0 || y1 < 0 || x0 > width || y0 > height {
		return fmt.Errorf("lies wholly outside the level (0, 0)-(%g, %g): its shapes span (%g, %g)-(%g, %g)", width, height, x0, y0, x1, y1)
	}
	return nil
}
