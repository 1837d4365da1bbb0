package terrain

import (
	"github.com/go-gl/mathgl/mgl64"
)

// boxClearMargin is how far, px, a shape's bounding box must stay from the
// rectangle BoxClear is asked about: a crossing a ray reports lies on the
// shape's boundary, inside its box, and the margin keeps the rounding of
// the box, of the cells and of the crossing's parameter out of the answer.
const boxClearMargin = 1e-3

// BoxClear reports whether it can prove, cheaply, that no segment lying in
// the axis-aligned rectangle [lo, hi] crosses a shape that passes w.Filter:
// every Raycast, Cast or CastFiltered with w.Filter of such a segment then
// misses. It looks at the shapes resolv lists in the cells under the
// rectangle and answers true when none that passes the filter has a
// bounding box within boxClearMargin of the rectangle. When it cannot
// tell (the rectangle is not finite, is inverted or reaches out of
// resolv's cells; a shape the World has not cached, or that moved since
// Sync; a World made with WithExplicitSync, whose queries answer for the
// space as of the last Sync) it answers false, which proves nothing: a
// caller then casts its rays. A many-ray test of a small region (the arc
// of a creature's step) costs one BoxClear where the region is open. It
// does not allocate and reads the shapes as they are now.
func (w *World) BoxClear(lo, hi mgl64.Vec2) bool {
	if w == nil || w.space == nil || w.explicit {
		return false
	}
	const m = boxClearMargin
	x0, y0, x1, y1 := lo[0]-m, lo[1]-m, hi[0]+m, hi[1]+m
	sp := w.space
	nx, ny := sp.WidthInCells(), sp.HeightInCells()
	cw, ch := float64(sp.CellWidth()), float64(sp.CellHeight())
	// Also false for NaN (every comparison fails).
	if !(x0 >= 0 && y0 >= 0 && x1 <= float64(nx)*cw && y1 <= float64(ny)*ch && x0 <= x1 && y0 <= y1) || nx == 0 || ny == 0 {
		return false
	}
	cx0, cx1 := min(int(x0/cw), nx-1), min(int(x1/cw), nx-1)
	cy0, cy1 := min(int(y0/ch), ny-1), min(int(y1/ch), ny-1)
	req, excl := w.Filter.Require, w.Filter.excludeMask()
	for cy := cy0; cy <= cy1; cy++ {
		for cx := cx0; cx <= cx1; cx++ {
			cell := sp.Cell(cx, cy)
			if cell == nil {
				continue
			}
			for _, s := range cell.Shapes {
				id := shapeID(s)
				k := int(id - w.idBase)
				if id < w.idBase || k >= len(w.slot) || w.slot[k] < 0 {
					return false // not cached: its box is not known here
				}
				e := &w.entries[w.slot[k]]
				if tags := *e.tags; (req != 0 && tags&req == 0) || tags&excl != 0 {
					continue
				}
				if !e.fresh() {
					return false
				}
				if e.maxX >= x0 && e.minX <= x1 && e.maxY >= y0 && e.minY <= y1 {
					return false
				}
			}
		}
	}
	return true
}
