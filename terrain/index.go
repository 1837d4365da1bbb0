package terrain

// The edge index of a World (every World: a default World verifies its
// answers, verify.go; a World made with WithExplicitSync trusts them): a
// flat grid of the World's own (cell size from WithIndexCellSize or chosen
// from the shapes) that lists, for each cell, the cached polygon edges (and
// circles) that touch it, in CSR layout: the items of cell c are items[start[c]:start[c+1]],
// each the index of an edge (>= 0; the index's own copy of the edge,
// indexEdge, is at the same index as in World.edges) or ^i for the circle of
// cache entry i (< 0). A ray walks this grid (indexCast, Amanatides & Woo as
// in raycast.go) and tests edges straight from the flat tables: no interface
// call, no shape object read, and in a dense world only the edges near the
// ray rather than every shape whose bounding box holds it (a point inside
// hundreds of overlapping shapes lies near few of their edges). The walk
// stops once the best crossing lies before the next cell.
//
// Only the nearest crossing is checked against the filter (the shape's live
// tags, reached from the indexEdge) and whether the index still holds its
// entry (a compact table, entryHot); if it fails, the walk runs again
// checking every crossing (best.eager). Each edge crossing is computed as in
// testShape, so a hit is the one the default queries find, except that an
// exact tie between two crossings goes to the lower edge index (whatever the
// order of the cells) and that the parts of shapes outside resolv's cells
// are seen too (TestExplicitSyncMatchesDefault).
//
// The index is a snapshot of the cache, built by Refresh, and by Sync once
// more than maxPending entries changed. An entry cached or recomputed since
// (Sync, Add methods, Draw) is listed in World.pending and tested one by one
// from the cache; its old edges in the index are rejected (entryHot.indexed).
// The closing edge of an open polyline (as of the build) is not listed.
//
// Cells: an edge is listed in every cell its segment passes within a margin
// of, so that a crossing found while the ray walks a cell on either side of a
// cell boundary is never missed to rounding. A circle is listed in every cell
// its bounding box overlaps.

import (
	"math"

	"github.com/solarlune/resolv"
)

// Limits of the index. The cell size grows until both hold.
const (
	maxIndexCells = 1 << 22
	maxIndexItems = 1 << 25
	// minIndexCell and maxIndexCell bound the automatic cell size (pixels).
	minIndexCell = 1
	maxIndexCell = 1024
	// maxPending is the number of changed entries Sync leaves to be tested
	// one by one before it rebuilds the index of a World made with
	// WithExplicitSync.
	maxPending = 64
)

type edgeIndex struct {
	built  bool
	ox, oy float64 // grid origin
	cell   float64 // cell side
	inv    float64 // 1/cell
	nx, ny int
	start  []int32 // len nx*ny+1
	items  []int32
	edges  []indexEdge // by edge index (as World.edges), as of the build
	hot    []entryHot
	count  []int32 // scratch for the build
}

// indexEdge is the index's copy of an indexed edge as of the build: what the
// walk tests (A and E, as in edgeData) and what accepting a crossing with it
// needs (the normal, the owner's entry, live tags and winding sign), in
// exactly one 64-byte cache line. A ray in a crowded cell is bound by the
// loads of its edges from memory, and in a large world by the chain of
// dependent loads from the cell to the tags of the edge hit: World.edges (56
// bytes, so that most edges straddle two lines) and the owner's entryHot
// would each add a load.
type indexEdge struct {
	ax, ay, ex, ey float64
	nx, ny         float64
	tags           *resolv.Tags // the owner's, read live
	entry          int32        // the owner's index in World.entries
	sign           int32        // winding sign for the normal, 0 for an open polyline
}

// entryHot is what a query needs of an entry to accept a crossing found in
// the index, in a compact table parallel to World.entries (the entries
// themselves are large and would each cost a cache miss).
type entryHot struct {
	shape   resolv.IShape
	tags    *resolv.Tags // read live, so tag changes apply at once
	indexed bool         // the index holds the entry's current geometry
	closed  bool         // a polygon closed at the build (its closing edge listed)
}

// openPoly reports whether e is a polygon without an inside: an open
// polyline, or fewer than three vertices. Its closing edge (the last) is not
// part of it.
func openPoly(e *shapeEntry) bool {
	return e.poly != nil && (e.vCount <= 2 || !e.poly.Closed)
}

// indexMargin is the margin, in pixels, around an edge within which its
// cells are listed.
func (ix *edgeIndex) margin(absMax float64) float64 {
	return ix.cell*1e-6 + absMax*1e-9
}

// buildIndex rebuilds w.idx from the cache. It allocates only when the
// tables grow.
func (w *World) buildIndex() {
	ix := &w.idx
	ix.built = false
	w.idxStale = false
	w.pending = w.pending[:0]
	// Bounds of the indexable entries and their total boundary length.
	minX, minY := math.Inf(1), math.Inf(1)
	maxX, maxY := math.Inf(-1), math.Inf(-1)
	var length float64
	n := 0
	for i := range w.entries {
		e := &w.entries[i]
		e.indexed = false
		e.pending = false
		if !indexable(e) {
			e.pending = true
			w.pending = append(w.pending, int32(i))
			continue
		}
		n++
		minX, minY = min(minX, e.minX), min(minY, e.minY)
		maxX, maxY = max(maxX, e.maxX), max(maxY, e.maxY)
		if e.circle != nil {
			length += 2 * math.Pi * e.radius
			continue
		}
		for _, ed := range w.edges[e.vStart : e.vStart+e.vCount] {
			length += math.Sqrt(ed.ex*ed.ex + ed.ey*ed.ey)
		}
	}
	if n == 0 {
		return
	}
	width, height := max(maxX-minX, 1), max(maxY-minY, 1)
	cell := w.idxCell
	if !(cell > 0) {
		// About one boundary crossing per cell side: cell = 1 / (boundary
		// length per unit area). Smaller cells hold fewer edges a ray
		// must load from memory; the limits below bound the memory. When
		// the edges fit in a core's cache (here, under 1 MB) loads are
		// cheap and the walk's steps cost more: two crossings per side.
		cell = width * height / max(length, 1)
		if len(w.edges) < 1<<14 { // 16k index edges of 64 bytes
			cell *= 2
		}
		cell = min(max(cell, minIndexCell), maxIndexCell)
	}
	for (width/cell+2)*(height/cell+2) > maxIndexCells {
		cell *= 2
	}
	absMax := max(math.Abs(minX), math.Abs(minY), math.Abs(maxX), math.Abs(maxY))
	for {
		ix.cell, ix.inv = cell, 1/cell
		m := ix.margin(absMax)
		ix.ox, ix.oy = minX-2*m, minY-2*m
		ix.nx = int((maxX+2*m-ix.ox)/cell) + 1
		ix.ny = int((maxY+2*m-ix.oy)/cell) + 1
		cells := ix.nx * ix.ny
		ix.count = grow(ix.count, cells)
		clear(ix.count)
		total := 0
		w.forEachItem(absMax, func(c int, _ int32) {
			ix.count[c]++
			total++
		})
		if total > maxIndexItems && cells > 1 {
			cell *= 2
			continue
		}
		ix.start = grow(ix.start, cells+1)
		sum := int32(0)
		for c := range cells {
			ix.start[c] = sum
			sum += ix.count[c]
		}
		ix.start[cells] = sum
		ix.items = grow(ix.items, total)
		copy(ix.count, ix.start[:cells]) // fill cursors
		w.forEachItem(absMax, func(c int, item int32) {
			ix.items[ix.count[c]] = item
			ix.count[c]++
		})
		break
	}
	if cap(ix.edges) < len(w.edges) {
		ix.edges = make([]indexEdge, len(w.edges), len(w.edges)+len(w.edges)/4)
	}
	ix.edges = ix.edges[:len(w.edges)]
	clear(ix.edges)
	if cap(ix.hot) < len(w.entries) {
		ix.hot = make([]entryHot, len(w.entries), len(w.entries)+len(w.entries)/4)
	}
	ix.hot = ix.hot[:len(w.entries)]
	for i := range w.entries {
		e := &w.entries[i]
		h := &ix.hot[i]
		*h = entryHot{shape: e.shape, tags: e.tags}
		if !indexable(e) {
			continue
		}
		e.indexed, h.indexed = true, true
		sign := int32(e.sign)
		if openPoly(e) {
			sign = 0
		} else {
			h.closed = e.poly != nil
		}
		for k := e.vStart; k < e.vStart+e.vCount; k++ {
			ed := &w.edges[k]
			ix.edges[k] = indexEdge{ax: ed.ax, ay: ed.ay, ex: ed.ex, ey: ed.ey, nx: ed.nx, ny: ed.ny,
				tags: e.tags, entry: int32(i), sign: sign}
		}
	}
	ix.built = true
}

// indexable reports whether e can go into the index: a polygon with vertices
// or a circle, with a bounding box within 1e12 of the origin (so that the
// grid's arithmetic stays finite).
func indexable(e *shapeEntry) bool {
	if e.poly == nil && e.circle == nil {
		return false
	}
	if e.poly != nil && e.vCount == 0 {
		return false
	}
	const lim = 1e12 // far beyond MaxCoord; farther shapes are tested one by one
	return e.minX >= -lim && e.minY >= -lim && e.maxX <= lim && e.maxY <= lim && e.minX <= e.maxX && e.minY <= e.maxY
}

// grow returns s resized to n, reusing its array when it is large enough.
func grow(s []int32, n int) []int32 {
	if cap(s) < n {
		return make([]int32, n, n+n/4)
	}
	return s[:n]
}

// forEachItem calls f(cell, item) for every cell of every item of the
// indexable entries, in entry order and edge order.
func (w *World) forEachItem(absMax float64, f func(c int, item int32)) {
	ix := &w.idx
	m := ix.margin(absMax)
	for i := range w.entries {
		e := &w.entries[i]
		if !indexable(e) {
			continue
		}
		if e.circle != nil {
			x0, x1 := ix.col(e.minX-m), ix.col(e.maxX+m)
			y0, y1 := ix.row(e.minY-m), ix.row(e.maxY+m)
			for y := y0; y <= y1; y++ {
				for x := x0; x <= x1; x++ {
					f(y*ix.nx+x, int32(^i))
				}
			}
			continue
		}
		n := e.vCount
		if openPoly(e) {
			n-- // the closing edge is not part of an open polyline
		}
		for k := e.vStart; k < e.vStart+n; k++ {
			ed := &w.edges[k]
			ax, ay := ed.ax, ed.ay
			bx, by := ax+ed.ex, ay+ed.ey
			ylo, yhi := min(ay, by)-m, max(ay, by)+m
			r0, r1 := ix.row(ylo), ix.row(yhi)
			for r := r0; r <= r1; r++ {
				// The part of the segment within this row's y range
				// (widened by the margin), as an x range.
				y0 := max(ix.oy+float64(r)*ix.cell-m, ylo)
				y1 := min(ix.oy+float64(r+1)*ix.cell+m, yhi)
				xa, xb := min(ax, bx), max(ax, bx)
				if ed.ey != 0 {
					ta := (y0 - ay) / ed.ey
					tb := (y1 - ay) / ed.ey
					ta, tb = min(max(ta, 0), 1), min(max(tb, 0), 1)
					pa, pb := ax+ta*ed.ex, ax+tb*ed.ex
					xa, xb = max(min(pa, pb), xa), min(max(pa, pb), xb)
				}
				c0, c1 := ix.col(xa-m), ix.col(xb+m)
				for c := c0; c <= c1; c++ {
					f(r*ix.nx+c, int32(k))
				}
			}
		}
	}
}

// col and row return the clamped column and row of coordinate v.
func (ix *edgeIndex) col(v float64) int {
	return clampInt(int(math.Floor((v-ix.ox)*ix.inv)), 0, ix.nx-1)
}

func (ix *edgeIndex) row(v float64) int {
	return clampInt(int(math.Floor((v-ix.oy)*ix.inv)), 0, ix.ny-1)
}

// indexCast walks the index grid along b's segment and keeps the nearest
// crossing with an indexed edge or circle of an entry that passes b's filter
// and still matches its shape. It stops once the best crossing lies before
// the next cell.
func (w *World) indexCast(b *best) {
	ix := &w.idx
	px, py, dx, dy := b.px, b.py, b.dx, b.dy
	gw, gh := float64(ix.nx)*ix.cell, float64(ix.ny)*ix.cell
	t0, t1 := 0.0, 1.0
	if !clipSlab(px-ix.ox, dx, 0, gw, &t0, &t1) || !clipSlab(py-ix.oy, dy, 0, gh, &t0, &t1) {
		return
	}
	sx, sy := px+t0*dx-ix.ox, py+t0*dy-ix.oy
	cx := clampInt(int(math.Floor(sx*ix.inv)), 0, ix.nx-1)
	cy := clampInt(int(math.Floor(sy*ix.inv)), 0, ix.ny-1)
	stepX, tMaxX, tDeltaX := gridAxis(dx, px-ix.ox, ix.cell, b.idx, cx)
	stepY, tMaxY, tDeltaY := gridAxis(dy, py-ix.oy, ix.cell, b.idy, cy)
	start, items := ix.start, ix.items
	edges := ix.edges
	for guard := ix.nx + ix.ny + 2; guard > 0; guard-- {
		// The items of this cell. The common case (the edge is not
		// crossed) takes no data-dependent branch, so that the loads of
		// successive edges overlap.
		c := cy*ix.nx + cx
		cell := items[start[c]:start[c+1]]
		if len(cell) > 8 {
			// Touch every edge first: these loads do not wait for one
			// another, so the cache misses of a crowded cell overlap
			// instead of following one another through the tests below.
			var sum float64
			for _, it := range cell {
				if it >= 0 {
					sum += edges[it].ax
				}
			}
			b.touch = sum
		}
		for _, it := range cell {
			if it < 0 {
				w.indexCircle(int(^it), b)
				continue
			}
			ed := &edges[it]
			den := dx*ed.ey - dy*ed.ex
			qx, qy := ed.ax-px, ed.ay-py
			tn := qx*ed.ey - qy*ed.ex
			un := qx*dy - qy*dx
			// Scale by the sign of den, as in testShape, without a branch.
			sg := math.Copysign(1, den)
			den, tn, un = den*sg, tn*sg, un*sg
			// 0 <= un <= den and 0 <= tn <= den: no sign bit set (x+0
			// turns -0 into +0). A NaN passes here and fails below.
			if (math.Float64bits(un+0)|math.Float64bits(den-un+0)|math.Float64bits(tn+0)|math.Float64bits(den-tn+0))>>63 != 0 {
				continue
			}
			// The nearest crossing wins; an exact tie goes to the lower
			// edge index, so that the answer does not depend on the order
			// of the cells. A parallel edge (den = 0, t NaN) fails.
			if t := tn / den; t < b.t || (t == b.t && b.viaIndex && int(it) < b.key) {
				if b.eager {
					w.acceptEdge(int(it), t, b)
				} else {
					// A candidate: acceptIndexHit checks the nearest
					// one once the walk is over.
					b.t, b.key, b.viaIndex = t, int(it), true
				}
			}
		}
		next := min(tMaxX, tMaxY)
		if next > t1 || b.t <= next {
			break
		}
		if tMaxX < tMaxY {
			cx += stepX
			tMaxX += tDeltaX
			if cx < 0 || cx >= ix.nx {
				break
			}
		} else {
			cy += stepY
			tMaxY += tDeltaY
			if cy < 0 || cy >= ix.ny {
				break
			}
		}
	}
}

// castPending tests the cached geometry of the entries the index does not
// hold (added or changed since it was built), one by one.
func (w *World) castPending(b *best) {
	for _, ei := range w.pending {
		e := &w.entries[ei]
		if tags := *e.tags; (b.req != 0 && tags&b.req == 0) || tags&b.excl != 0 {
			continue
		}
		testShape(e, w.edges[e.vStart:e.vStart+e.vCount], int(ei), b)
	}
}

// acceptEdge records the crossing at t with indexed edge k if its entry
// passes b's filter (with its live tags) and the index still holds its
// geometry.
func (w *World) acceptEdge(k int, t float64, b *best) {
	ed := &w.idx.edges[k]
	h := &w.idx.hot[ed.entry]
	if tags := *ed.tags; !h.indexed || (b.req != 0 && tags&b.req == 0) || tags&b.excl != 0 {
		return
	}
	b.t, b.entry, b.shape, b.sign, b.isCircle, b.found = t, int(ed.entry), h.shape, float64(ed.sign), false, true
	b.edge = edgeData{ax: ed.ax, ay: ed.ay, ex: ed.ex, ey: ed.ey, nx: ed.nx, ny: ed.ny}
	b.viaIndex, b.key = true, k
}

// indexCircle tests the circle of entry ei.
func (w *World) indexCircle(ei int, b *best) {
	e := &w.entries[ei]
	t, ok := circleCrossing(b.px, b.py, b.dx, b.dy, e)
	if !ok {
		return
	}
	key := -1 - ei
	if t > b.t || (t == b.t && (!b.viaIndex || key >= b.key)) {
		return
	}
	if !b.eager {
		b.t, b.key, b.viaIndex = t, key, true
		return
	}
	w.acceptCircle(ei, t, b)
}

// acceptCircle records the crossing at t with the circle of entry ei if it
// passes b's filter and the index holds its geometry.
func (w *World) acceptCircle(ei int, t float64, b *best) {
	e := &w.entries[ei]
	h := &w.idx.hot[ei]
	if !h.indexed {
		return
	}
	if tags := *h.tags; (b.req != 0 && tags&b.req == 0) || tags&b.excl != 0 {
		return
	}
	b.t, b.entry, b.shape, b.isCircle, b.found = t, ei, e.shape, true, true
	b.cx, b.cy = e.pos.X, e.pos.Y
	b.viaIndex, b.key = true, -1-ei
}

// acceptIndexHit checks the candidate crossing indexCast left in b (not
// eager) and fills in its shape and edge; false if it must be rejected.
func (w *World) acceptIndexHit(b *best) bool {
	t, k := b.t, b.key
	b.found = false
	if k < 0 {
		w.acceptCircle(-1-k, t, b)
	} else {
		w.acceptEdge(k, t, b)
	}
	return b.found
}
