package terrain

// The verified index of a default World (made without WithExplicitSync).
//
// A default World must see the space as it is at each query: shapes moved,
// added or removed behind its back included. It answers a ray from its edge
// index (index.go) and then proves that answer exact for the live space, by
// walking resolv's cells along the segment up to the answer (the whole
// segment on a miss) and checking that each of them is as it was when the
// index was built: the same shapes in the same order, each with the same
// transform (position, rotation, scale, number of points and open or closed
// state; a circle's position and radius), read straight from the shapes
// against a mirror of the cells taken at the build (cellMirror). If a cell
// differs the query falls back to the walk of resolv's cells that checks
// every shape against the cache (gridCast), which is exact whatever changed,
// only slower.
//
// Why a clean walk proves the answer. A shape crosses the segment at t only
// inside its bounding box, and resolv lists a shape in every cell its box
// overlaps, so a live shape crossing the segment before the answer is listed
// in one of the walked cells; that cell being unchanged, the shape has the
// transform it had at the build, hence the geometry the index holds, and the
// index walk would have found the crossing. Conversely the shape of the
// answer is listed, unchanged, in the cell of its crossing point: it is still
// in the space and still where the index has it. Tags are read live by both
// walks. A shape resolv does not list (removed) leaves its cells changed.
// Editing a polygon's Points in place is not seen (as by the cache: call
// Refresh). Segments with a part outside resolv's cells take gridCast (its
// border-cell rule is resolv's).
//
// The mirror holds one 64-byte record per (cell, shape) listing, in resolv's
// order, in CSR layout like the index: its memory grows with the listings
// (about 4 per shape in randomTerrain's worlds at 32 px cells); and 40 bytes
// per resolv cell: the cell, its list as of the build and where its records
// start. Resize gives the space new cells; the first cell tells.
//
// What this check costs is mostly the reads of the shapes: in a world too
// large for the caches, each listed shape is a cache miss or three (its
// position, its rotation and scale, its points and Closed lie on three
// lines), and no exact check of a space that may change behind the World's
// back can read less. BenchmarkLiveCheckFloorGrown100k and
// BenchmarkLiveCheckFloorDense100k time these reads alone.

import (
	"math"

	"github.com/solarlune/resolv"
)

// cellMirror is a copy of resolv's cell lists as of the index build, with
// each listed shape's transform.
type cellMirror struct {
	built  bool
	nx, ny int          // resolv's cells at the build
	cells  []mirrorCell // by resolv cell, y*nx+x
	items  []mirrorShape
	listed []bool // per idx.hot slot: the shape is listed in some cell
	// byEntry lists, per idx.hot slot, the items that mirror its shape
	// (items byEntry[entryStart[e]:entryStart[e+1]]), so a shape the
	// index lets go of (World.sync) can mark them unclean at once.
	entryStart []int32
	byEntry    []int32
	fill       []int32 // scratch of buildMirror
}

// mirrorCell is one resolv cell as of the build: the cell itself (so that a
// query reads it with one load, not through the space's rows), its list of
// shapes as it was (the slice, not a copy: while the cell's list is that
// same array and length, a query reads the live list through it without
// waiting for the cell) and its records, items[start:start+len(shapes)].
type mirrorCell struct {
	cell   *resolv.Cell
	shapes []resolv.IShape // cell.Shapes at the build
	start  int32
}

// forget marks every mirror record of entry e as not held by the index:
// a cell that lists the shape is not clean, even if the shape comes back
// to the transform the index was built with (it was invisible to rays
// then: the index had let go of its edges).
func (m *cellMirror) forget(e int32) {
	if !m.built || int(e)+1 >= len(m.entryStart) {
		return
	}
	for _, k := range m.byEntry[m.entryStart[e]:m.entryStart[e+1]] {
		m.items[k].key = keyUnindexed
	}
}

// mirrorShape is one shape listed in a resolv cell, with the transform the
// index holds its geometry for, in 64 bytes (one cache line: a ray in a
// crowded cell reads one record per shape listed there).
type mirrorShape struct {
	poly   *resolv.ConvexPolygon // nil unless a polygon
	circle *resolv.Circle        // nil unless a circle
	pos    resolv.Vector
	scale  resolv.Vector // a circle's radius in X
	rot    float64
	// key is polyKey(len(Points), Closed) of a polygon, 0 for a circle,
	// and negative (keyUnindexed set) if the index does not hold the
	// shape's geometry.
	key   int32
	entry int32 // the shape's entry (its idx.hot slot) when indexed
}

// keyUnindexed marks a mirrorShape the index does not hold; keyClosed is
// polyKey's bit for a closed polygon.
const (
	keyUnindexed = -1 << 31
	keyClosed    = 1 << 30
)

// polyKey packs a polygon's number of points and its Closed field into a
// mirrorShape's key; it is negative for keyClosed points or more, which no
// record matches.
func polyKey(n int, closed bool) int32 {
	if uint(n) >= keyClosed {
		return keyUnindexed
	}
	k := int32(n)
	if closed {
		k |= keyClosed
	}
	return k
}

// indexed reports whether the index held r's geometry at the build (and
// still does).
func (r *mirrorShape) indexed() bool { return r.key >= 0 }

// buildMirror copies resolv's cell lists. The index must have just been
// built from a cache that holds every shape of the space fresh. It allocates
// only when its tables grow.
func (w *World) buildMirror() {
	m := &w.mirror
	m.built = false
	sp := w.space
	if sp == nil || !w.idx.built {
		return
	}
	m.nx, m.ny = sp.WidthInCells(), sp.HeightInCells()
	cells := m.nx * m.ny
	if cap(m.cells) < cells {
		m.cells = make([]mirrorCell, cells)
	}
	m.cells = m.cells[:cells]
	total := 0
	for y := range m.ny {
		for x := range m.nx {
			cell := sp.Cell(x, y)
			m.cells[y*m.nx+x] = mirrorCell{cell: cell, shapes: cell.Shapes, start: int32(total)}
			total += len(cell.Shapes)
		}
	}
	if cap(m.items) < total {
		m.items = make([]mirrorShape, total, total+total/4)
	}
	m.items = m.items[:total]
	if cap(m.listed) < len(w.idx.hot) {
		m.listed = make([]bool, len(w.idx.hot))
	}
	m.listed = m.listed[:len(w.idx.hot)]
	clear(m.listed)
	k := 0
	for y := range m.ny {
		for x := range m.nx {
			for _, s := range sp.Cell(x, y).Shapes {
				r := w.mirrorOf(s)
				if r.indexed() {
					m.listed[r.entry] = true
				}
				m.items[k] = r
				k++
			}
		}
	}
	// A shape resolv lists in no cell (one lying exactly on the space's
	// far edge, or added twice and removed once) is never met by the walk
	// of resolv's cells: the index must not meet it either.
	for ei := range w.idx.hot {
		if !m.listed[ei] {
			w.idx.hot[ei].indexed = false
		}
	}
	// The items of each entry (a counting sort by entry).
	n := len(w.idx.hot)
	m.entryStart = grow(m.entryStart, n+1)
	clear(m.entryStart)
	for i := range m.items {
		if r := &m.items[i]; r.indexed() {
			m.entryStart[r.entry+1]++
		}
	}
	for e := 0; e < n; e++ {
		m.entryStart[e+1] += m.entryStart[e]
	}
	m.byEntry = grow(m.byEntry, int(m.entryStart[n]))
	fill := m.listedFill(n)
	for i := range m.items {
		if r := &m.items[i]; r.indexed() {
			m.byEntry[fill[r.entry]] = int32(i)
			fill[r.entry]++
		}
	}
	m.built = true
}

// listedFill returns the fill positions of byEntry's rows (a copy of
// entryStart's first n values, in scratch the mirror keeps).
func (m *cellMirror) listedFill(n int) []int32 {
	m.fill = grow(m.fill, n)
	copy(m.fill, m.entryStart[:n])
	return m.fill
}

// mirrorOf returns the mirror record of s: the transform the index holds
// its geometry for (not the live one), or one not indexed if the index
// does not hold it.
func (w *World) mirrorOf(s resolv.IShape) mirrorShape {
	r := mirrorShape{key: keyUnindexed}
	switch sh := s.(type) {
	case *resolv.ConvexPolygon:
		r.poly = sh
	case *resolv.Circle:
		r.circle = sh
	default:
		return r // never clean: such shapes are always tested by gridCast
	}
	id := s.ID()
	k := int(id - w.idBase)
	if id < w.idBase || k >= len(w.slot) {
		return r
	}
	ei := w.slot[k]
	if ei < 0 || int(ei) >= len(w.idx.hot) || !w.idx.hot[ei].indexed {
		return r
	}
	e := &w.entries[ei]
	if e.shape != s {
		return r
	}
	r.key, r.entry = polyKey(e.vCount, w.idx.hot[ei].closed), ei
	r.pos, r.scale, r.rot = e.pos, e.scale, e.rot
	if e.circle != nil {
		r.key, r.scale = 0, resolv.Vector{X: e.radius}
	}
	return r
}

// cellClean reports whether resolv cell c (y*nx+x) lists the shapes of its
// mirror, in order, each with its mirrored transform and held by the index.
// It writes only to b.touch (a sink for the loads of a crowded cell).
// The cell is the one the mirror holds: verifiedCast has checked that the
// space still has the cells of the build.
func (m *cellMirror) cellClean(c int, b *best) bool {
	mc := &m.cells[c]
	live, list := mc.cell.Shapes, mc.shapes
	if len(live) != len(list) || (len(list) > 0 && &live[0] != &list[0]) {
		return false
	}
	// live and list are the same memory: read it through list, whose
	// address the CPU has before the cell's.
	mm := m.items[mc.start : int(mc.start)+len(list)]
	if len(list) > 16 {
		b.touch += touchShapes(list)
	}
	for i, s := range list {
		r := &mm[i]
		switch sh := s.(type) {
		case *resolv.ConvexPolygon:
			// (An unindexed record's key matches no polygon.)
			if sh != r.poly || sh.Position() != r.pos || sh.Rotation() != r.rot ||
				sh.Scale() != r.scale || polyKey(len(sh.Points), sh.Closed) != r.key {
				return false
			}
		case *resolv.Circle:
			if sh != r.circle || r.key != 0 || sh.Position() != r.pos || sh.Radius() != r.scale.X {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// verifiedCast answers b's segment from the index and reports whether the
// answer is proven exact for the live space (see the top of this file); if
// not, b holds garbage and the caller must start again.
func (w *World) verifiedCast(b *best) bool {
	sp := w.space
	m := &w.mirror
	nx, ny := m.nx, m.ny
	// The space must have the cells of the build: Resize makes new ones
	// (all of them, so the first tells).
	if sp.WidthInCells() != nx || sp.HeightInCells() != ny || sp.Cell(0, 0) != m.cells[0].cell {
		return false
	}
	cw, ch := float64(sp.CellWidth()), float64(sp.CellHeight())
	gw, gh := float64(nx)*cw, float64(ny)*ch
	px, py, dx, dy := b.px, b.py, b.dx, b.dy
	if qx, qy := px+dx, py+dy; !(px >= 0 && px <= gw && py >= 0 && py <= gh && qx >= 0 && qx <= gw && qy >= 0 && qy <= gh) {
		return false
	}
	ix := clampInt(int(px/cw), 0, nx-1)
	iy := clampInt(int(py/ch), 0, ny-1)
	// The cell of the start first: every ray needs it, and a ray starting
	// among changed shapes then falls back without walking the index.
	if !m.cellClean(iy*nx+ix, b) {
		return false
	}
	w.indexCast(b)
	if b.viaIndex && !w.acceptIndexHit(b) {
		// The nearest crossing belongs to a shape the filter rejects:
		// walk again, checking every crossing.
		*b = best{t: math.Inf(1), entry: -1, px: px, py: py, dx: dx, dy: dy, idx: b.idx, idy: b.idy,
			req: b.req, excl: b.excl, eager: true}
		w.indexCast(b)
	}
	tEnd := 1.0
	if b.found {
		// A hit on a cell boundary belongs to the cells on both sides (a
		// shape whose box starts there is listed only beyond it), and the
		// boundaries' t are rounded: walk a little past it.
		tEnd = b.t + 1e-9
	}
	// Walk resolv's cells from the start up to the cell of tEnd (those
	// entered at t <= tEnd).
	stepX, tMaxX, tDeltaX := gridAxis(dx, px, cw, b.idx, ix)
	stepY, tMaxY, tDeltaY := gridAxis(dy, py, ch, b.idy, iy)
	for guard := nx + ny + 2; guard > 0; guard-- {
		next := min(tMaxX, tMaxY)
		if next > tEnd {
			return true
		}
		if tMaxX < tMaxY {
			ix += stepX
			tMaxX += tDeltaX
			if ix < 0 || ix >= nx {
				return true
			}
		} else {
			iy += stepY
			tMaxY += tDeltaY
			if iy < 0 || iy >= ny {
				return true
			}
		}
		if !m.cellClean(iy*nx+ix, b) {
			return false
		}
	}
	return false
}

// touchShapes loads the three cache lines of each polygon of a crowded
// cell's list that cellClean compares (position; rotation and scale; the
// points and Closed), in a loop without branches on the loaded data, so
// that their cache misses overlap instead of waiting on the compares, and
// returns a sum of them for the query to keep.
func touchShapes(list []resolv.IShape) float64 {
	var sum float64
	for _, s := range list {
		if p, ok := s.(*resolv.ConvexPolygon); ok {
			sum += p.Position().X + p.Rotation() + float64(len(p.Points))
		}
	}
	return sum
}
