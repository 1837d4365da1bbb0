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
// the axis-aligned rectangle [lo, hi] crosses the boundary of a shape that
// passes w.Filter: every Raycast, Cast or CastFiltered with w.Filter of
// such a segment then misses. It looks at the shapes resolv lists in the
// cells under the rectangle and answers true when the boundary of none
// that passes the filter comes within boxClearMargin of the rectangle: its
// bounding box, or else each of its edges (a polygon of at most
// boxClearEdges vertices), or its circle, lies that far off it. (A
// rectangle inside a solid is clear too: a ray that neither enters nor
// leaves a shape hits nothing.) When it cannot
// tell (the rectangle is not finite, is inverted or reaches out of
// resolv's cells; a shape the World has not cached, or that moved since
// Sync; a World made with WithExplicitSync, whose queries answer for the
// space as of the last Sync) it answers false, which proves nothing: a
// caller then casts its rays. A many-ray test of a small region (the arc
// of a creature's step) costs one BoxClear where the region is open. It
// does not allocate, reads the shapes as they are now and, like the
// queries, may be called from several goroutines at once while nothing
// changes the World.
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
	// The shape last found clear: a shape listed in several cells under
	// the rectangle (a floor under a row of them) is tested once a row.
	last, any := uint32(0), false
	for cy := cy0; cy <= cy1; cy++ {
		for cx := cx0; cx <= cx1; cx++ {
			cell := sp.Cell(cx, cy)
			if cell == nil {
				continue
			}
			for _, s := range cell.Shapes {
				id := shapeID(s)
				if any && id == last {
					continue
				}
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
				if e.maxX >= x0 && e.minX <= x1 && e.maxY >= y0 && e.minY <= y1 &&
					!w.boundaryClear(e, x0, y0, x1, y1) {
					return false
				}
				last, any = id, true
			}
		}
	}
	return true
}

// boxClearEdges is the most vertices of a polygon whose edges BoxClear
// tests one by one when its bounding box meets the rectangle (beyond, the
// rectangle is not called clear).
const boxClearEdges = 16

// boundaryClear reports whether the boundary of the cached shape e stays
// off the rectangle [x0, x1] x [y0, y1] (the margin already added): every
// polygon edge is separated from it by an axis or by the edge's own normal
// (the separating axes of a segment and a rectangle), or the rectangle lies
// wholly outside or wholly inside the circle.
func (w *World) boundaryClear(e *shapeEntry, x0, y0, x1, y1 float64) bool {
	if e.circle != nil {
		cx, cy, r := e.pos.X, e.pos.Y, e.radius
		// Nearest point of the rectangle to the centre, and farthest.
		nx, ny := min(max(cx, x0), x1)-cx, min(max(cy, y0), y1)-cy
		if nx*nx+ny*ny > r*r {
			return true
		}
		fx, fy := max(cx-x0, x1-cx), max(cy-y0, y1-cy)
		return fx*fx+fy*fy < r*r
	}
	if e.poly == nil || e.vCount > boxClearEdges {
		return false
	}
	for i := range w.edges[e.vStart : e.vStart+e.vCount] {
		ed := &w.edges[e.vStart+i]
		ax, ay, bx, by := ed.ax, ed.ay, ed.ax+ed.ex, ed.ay+ed.ey
		if max(ax, bx) < x0 || min(ax, bx) > x1 || max(ay, by) < y0 || min(ay, by) > y1 {
			continue
		}
		// The rectangle's corners nearest and farthest along the normal
		// (a unit vector, or zero for a point edge: no separation).
		nx, ny := ed.nx, ed.ny
		lx, hx := x0, x1
		if nx < 0 {
			lx, hx = x1, x0
		}
		ly, hy := y0, y1
		if ny < 0 {
			ly, hy = y1, y0
		}
		if (lx-ax)*nx+(ly-ay)*ny > 0 || (hx-ax)*nx+(hy-ay)*ny < 0 {
			continue
		}
		return false
	}
	return true
}
