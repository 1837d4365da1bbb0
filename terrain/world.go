package terrain

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/solarlune/resolv"
)

// Limits on the size of a space built by this package (a space holds one
// pointer per cell, so these bound its memory).
const (
	// MaxSpaceSize is the largest width or height accepted by New, in pixels.
	MaxSpaceSize = 1 << 20
	// MaxCells is the largest number of broadphase cells accepted by New.
	MaxCells = 1 << 18
)

// World is a collision world: a *resolv.Space plus the cached geometry and
// scratch state that make its queries fast and allocation-free.
//
// Queries (Raycast, Cast, CastFiltered, SurfaceBelow, SurfaceAlong) never
// write to the World or to package state, so any number of goroutines may
// query one World at once, as long as nothing changes the World or its space
// meanwhile: the Add methods, Refresh, Sync, Draw and moving shapes in the
// space belong between the parallel parts of a frame.
//
// Index. Refresh (so New and Wrap) and Sync build a flat index of the cached
// polygon edges and circles (cells of WithIndexCellSize) and, unless the
// World was made with WithExplicitSync, a mirror of resolv's cell lists with
// each listed shape's transform. A default World of fewer than 512 shapes
// builds neither (its shapes stay in the CPU's caches, where the walk of
// resolv's cells below is as fast), nor does one made with WithoutIndex. A
// ray is answered from the index, then proven current: the resolv cells
// along the segment up to the hit must list the same shapes in the same
// order, each with the position, rotation, scale, number of points, open or
// closed state (circles: position and radius) the index has for it. Otherwise (a shape changed, added or removed
// there since the build, a segment leaving resolv's cells, a shape of
// another type) the query walks resolv's cells and checks every shape
// against the cache instead, as it did before the index: the answers are
// exact either way. What the index assumes: that a polygon's Points are not
// edited in place (call Refresh), as the cache does. Rays through cells whose
// shapes changed (moved, even if moved back, added, removed, or only
// reordered in resolv's lists) take the slower walk until Refresh rebuilds
// the index (and Sync, if a shape left the space), which costs O(edges):
// about 0.25 s for 100,000 shapes, against 25 ms for the cache alone. A game
// whose shapes move every frame keeps the index for the cells they are not
// in. The index costs memory: about 4 bytes per cell and 4 per cell an
// edge touches, 64 bytes per edge and 32 per shape, and the mirror 64 bytes
// per (cell, shape) listing of resolv and 40 per resolv cell: the default
// Worlds of this package's 100,000-shape benchmarks hold 143 MB (grown) and
// 288 MB (dense: 1 px index cells, 27 million listings) in all, cache
// included (108 and 228 MB with WithExplicitSync). WithoutIndex makes a World without either.
type World struct {
	// Filter is the filter used by Raycast, Cast and SurfaceBelow. The default
	// (zero) value sees every shape except triggers.
	Filter Filter

	space *resolv.Space

	entries []shapeEntry // cached geometry, one per known shape
	verts   []mgl64.Vec2 // transformed vertices of all cached polygons
	edges   []edgeData   // their edges, parallel to verts (cache.go)
	slot    []int32      // entry index by shape ID - idBase, -1 if unknown
	idBase  uint32
	syncFn  func(resolv.IShape, int, int) bool // Sync's visitor
	stamp   uint32                             // Sync's pass
	seen    []uint32                           // by entry, the last pass that met its shape
	present int                                // entries Sync's pass met

	idx      edgeIndex  // the broadphase of the cached shapes (index.go)
	idxStale bool       // the cache changed since idx was built
	idxCell  float64    // WithIndexCellSize, 0 for automatic
	pending  []int32    // entries the index does not hold (index.go)
	explicit bool       // WithExplicitSync
	noIndex  bool       // WithoutIndex
	mirror   cellMirror // resolv's cells as of the index build, default Worlds (verify.go)

	draw drawCache // cached paths for Draw (draw.go)
}

// DefaultCellSize is the side of a broadphase cell, in pixels, of a World made
// by New without WithCellSize.
const DefaultCellSize = 32

// Option configures a World made by New or Wrap. Every option works with
// both, except WithCellSize, which only New can apply (Wrap keeps the cells of
// the space it is given).
type Option func(*config)

// config collects the options of New and Wrap.
type config struct {
	filter    Filter
	cellSize  int
	indexCell float64
	explicit  bool
	noIndex   bool
}

// WithFilter sets the World's default Filter.
func WithFilter(f Filter) Option {
	return func(c *config) { c.filter = f }
}

// WithCellSize sets the side of New's square broadphase cells, in pixels
// (default DefaultCellSize). Wrap ignores it.
func WithCellSize(pixels int) Option {
	return func(c *config) { c.cellSize = pixels }
}

// WithIndexCellSize sets the side, in pixels, of the cells of the World's
// edge index (see World). The default (0, or any value that is
// not a positive finite number) chooses it from the shapes: about one shape
// boundary crosses a cell side (two in a world small enough to stay in the
// CPU's caches), between 1 and 1024 px; it grows if the index would need more
// than 4 million cells or 32 million entries.
func WithIndexCellSize(pixels float64) Option {
	return func(c *config) {
		if pixels > 0 && !math.IsInf(pixels, 1) {
			c.indexCell = pixels
		} else {
			c.indexCell = 0
		}
	}
}

// WithExplicitSync promises that the game calls Sync (or Refresh) after
// changing the space behind the World's back: adding, moving, rotating,
// scaling or removing shapes in the space directly (and Refresh after
// editing a polygon's Points or Closed). Queries then answer for the space
// as of the last Sync,
// from the World's cache and its own edge index alone, without reading the
// space: until Sync, shapes moved since are seen where they were, shapes
// added since are not seen and shapes removed since still are; tag changes
// apply at once. Shapes added with the World's Add methods, and
// shapes Draw finds moved, are seen at once (tested one by one until Sync).
// Unlike the default queries, the parts of shapes lying outside the space's
// cells are seen too.
//
// This makes the cost of a ray hardly depend on the number of shapes or on
// how densely they overlap: without it, a query also reads every shape
// listed in the resolv cells along the ray up to its hit, to prove the
// index's answer current (see World), a few memory reads per shape. Such a
// World keeps no mirror of resolv's cells.
func WithExplicitSync() Option {
	return func(c *config) { c.explicit = true }
}

// WithoutIndex makes a World without the edge index and the mirror of
// resolv's cells (see World): every ray walks resolv's cells and checks each
// shape it meets against the cache, as before the index, for the memory and
// the build time the index would cost (Refresh, and Sync when a shape left
// the space). WithExplicitSync overrides it.
func WithoutIndex() Option {
	return func(c *config) { c.noIndex = true }
}

// New returns a World on a new resolv space of the given size in pixels.
// Shapes are added with the World's Add methods. It returns an error naming
// the argument if width or height is not a finite number in
// (0, MaxSpaceSize], if the cell size is not positive, or if the space would
// have more than MaxCells cells.
func New(width, height float64, opts ...Option) (*World, error) {
	c := config{cellSize: DefaultCellSize}
	for _, o := range opts {
		if o != nil {
			o(&c)
		}
	}
	if err := checkSize(width, height, c.cellSize); err != nil {
		return nil, fmt.Errorf("terrain: New: %w", err)
	}
	space := resolv.NewSpace(int(math.Ceil(width)), int(math.Ceil(height)), c.cellSize, c.cellSize)
	return Wrap(space, opts...), nil
}

// checkSize validates the size of a space, naming the bad field.
func checkSize(width, height float64, cellSize int) error {
	if !(width > 0 && width <= MaxSpaceSize) {
		return fmt.Errorf("width: %v must be in (0, %d]", width, MaxSpaceSize)
	}
	if !(height > 0 && height <= MaxSpaceSize) {
		return fmt.Errorf("height: %v must be in (0, %d]", height, MaxSpaceSize)
	}
	if cellSize <= 0 {
		return fmt.Errorf("cell: %d must be positive", cellSize)
	}
	nx := math.Ceil(width / float64(cellSize))
	ny := math.Ceil(height / float64(cellSize))
	if nx*ny > MaxCells {
		return fmt.Errorf("cell: %d gives %.0f cells, more than %d", cellSize, nx*ny, MaxCells)
	}
	return nil
}

// Wrap returns a World over a space the game already owns. The World reads
// the space's cells and shapes; it never adds, moves or removes shapes.
//
// Moving, rotating or scaling a shape, and adding shapes to the space, are
// seen exactly by the next query; until the index is rebuilt (see World),
// rays near such shapes take a slower path. (With WithExplicitSync they are
// seen after the next Sync instead.) After editing a polygon's Points in
// place, call Refresh.
func Wrap(space *resolv.Space, opts ...Option) *World {
	var c config
	for _, o := range opts {
		if o != nil {
			o(&c)
		}
	}
	w := &World{space: space, Filter: c.filter, idxCell: c.indexCell, explicit: c.explicit, noIndex: c.noIndex && !c.explicit}
	w.Refresh()
	return w
}

// Space returns the wrapped resolv space.
func (w *World) Space() *resolv.Space {
	if w == nil {
		return nil
	}
	return w.space
}

// Bounds returns the rectangle covered by the space's cells, from (0,0) to
// (width, height) in pixels.
func (w *World) Bounds() (min, max mgl64.Vec2) {
	if w == nil || w.space == nil {
		return mgl64.Vec2{}, mgl64.Vec2{}
	}
	return mgl64.Vec2{}, mgl64.Vec2{float64(w.space.Width()), float64(w.space.Height())}
}

// NumShapes returns the number of shapes in the space.
func (w *World) NumShapes() int {
	if w == nil || w.space == nil {
		return 0
	}
	n := 0
	w.space.ForEachShape(func(resolv.IShape, int, int) bool { n++; return true })
	return n
}

// Refresh rebuilds the World's cache of shape geometry from the space. Call it
// after editing a polygon's Points in place, and after removing shapes from
// the space: queries never see removed shapes (they are no longer in any
// cell), but Draw keeps drawing them until Refresh.
func (w *World) Refresh() {
	if w == nil {
		return
	}
	w.entries = w.entries[:0]
	w.verts = w.verts[:0]
	w.edges = w.edges[:0]
	w.slot = w.slot[:0]
	w.idBase = 0
	if w.space == nil {
		return
	}
	first := true
	var lo, hi uint32
	w.space.ForEachShape(func(s resolv.IShape, _, _ int) bool {
		id := s.ID()
		if first || id < lo {
			lo = id
		}
		if first || id > hi {
			hi = id
		}
		first = false
		return true
	})
	if !first {
		w.idBase = lo
		w.growSlots(hi)
	}
	w.space.ForEachShape(func(s resolv.IShape, _, _ int) bool {
		w.register(s)
		return true
	})
	w.draw.valid = false
	w.maybeBuildIndex()
}

// maybeBuildIndex builds the index (and, on a default World, the mirror)
// unless the World goes without: WithoutIndex, or a default World of fewer
// than minIndexedShapes shapes.
func (w *World) maybeBuildIndex() {
	w.idx.built, w.mirror.built = false, false
	if w.noIndex || (!w.explicit && len(w.entries) < minIndexedShapes) {
		return
	}
	w.buildIndex()
	if !w.explicit {
		w.buildMirror()
	}
}

// minIndexedShapes is the number of shapes from which a default World
// builds its index: below it, the shapes stay in the CPU's caches and the
// walk of resolv's cells costs less than the index walk and the proof that
// its answer is current (160 shapes in 1280x720: 193 against 222 cpu-ns per
// foot ray; they break even at about 400).
const minIndexedShapes = 512

// Sync brings the World's cache up to date with the space: shapes added to
// the space since are cached, moved, rotated or scaled shapes have their
// geometry recomputed, and shapes removed from the space are dropped (as by
// Refresh). By default queries are exact without it; call it once a frame,
// after moving shapes and before the frame's queries, to keep them fast.
// On a default World, Sync builds the index (see World) only if it has none
// (a World built with New and the Add methods has none before its first
// Sync): rays through the resolv cells of shapes changed since the build
// walk resolv's cells, as without an index, until Refresh rebuilds it. On a
// World made with WithExplicitSync (whose queries see the space as of the
// last Sync) changed shapes are tested one by one until more than 64 of
// them have changed, when Sync rebuilds the index. Sync reads every shape,
// O(shapes); when a shape left the space it rebuilds everything as Refresh
// does. It allocates only when the cache or the index grows. Like the Add
// methods, it must not run while other goroutines query the World.
func (w *World) Sync() {
	if w == nil || w.space == nil {
		return
	}
	if w.syncFn == nil {
		w.syncFn = w.syncShape // made once: a method value allocates
	}
	w.stamp++
	w.present = 0
	for len(w.seen) < len(w.entries) {
		w.seen = append(w.seen, 0)
	}
	w.seen = w.seen[:len(w.entries)]
	// One pass over the space's shapes: each is cached if new, recomputed
	// if changed and stamped; an entry left unstamped lost its shape.
	w.space.ForEachShape(w.syncFn)
	if w.present != len(w.entries) {
		w.Refresh() // a shape left the space
		return
	}
	if w.explicit {
		// A few changed shapes are cheaper to test one by one than to
		// rebuild the index for (O(edges)).
		if !w.idx.built || len(w.pending) > maxPending {
			w.buildIndex()
		}
		return
	}
	// A default World: rays through the cells of shapes changed since the
	// build take the walk of resolv's cells (the speed of a World without
	// an index) until Refresh; a rebuild here would cost O(edges) in every
	// frame in which shapes move.
	if !w.idx.built {
		w.maybeBuildIndex()
	}
}

// syncShape caches s if the World does not know it yet, recomputes its
// entry if s changed, and stamps the entry as present.
func (w *World) syncShape(s resolv.IShape, _, _ int) bool {
	i := w.entryOf(s)
	w.sync(&w.entries[i], false)
	for i >= len(w.seen) {
		w.seen = append(w.seen, 0)
	}
	if w.seen[i] != w.stamp {
		w.seen[i] = w.stamp
		w.present++
	}
	return true
}

// growSlots makes w.slot cover shape IDs up to id.
func (w *World) growSlots(id uint32) {
	need := int(id-w.idBase) + 1
	for len(w.slot) < need {
		w.slot = append(w.slot, -1)
	}
}

// entryOf returns the cache index of s, registering it on first sight.
func (w *World) entryOf(s resolv.IShape) int {
	var id uint32
	switch sh := s.(type) { // a direct call for the common kinds
	case *resolv.ConvexPolygon:
		id = sh.ID()
	case *resolv.Circle:
		id = sh.ID()
	default:
		id = s.ID()
	}
	if id >= w.idBase {
		if k := int(id - w.idBase); k < len(w.slot) {
			if e := w.slot[k]; e >= 0 {
				return int(e)
			}
		}
	}
	return w.register(s)
}

// register adds s to the cache and returns its index.
func (w *World) register(s resolv.IShape) int {
	id := s.ID()
	if len(w.slot) == 0 {
		w.idBase = id
	}
	if id < w.idBase {
		// Shift the slot table down to the new base.
		shift := int(w.idBase - id)
		grown := make([]int32, shift+len(w.slot))
		for i := range shift {
			grown[i] = -1
		}
		copy(grown[shift:], w.slot)
		w.slot = grown
		w.idBase = id
	}
	w.growSlots(id)
	if e := w.slot[id-w.idBase]; e >= 0 {
		return int(e)
	}
	idx := len(w.entries)
	w.entries = append(w.entries, shapeEntry{shape: s, tags: s.Tags(), self: int32(idx)})
	w.idxStale = true
	w.slot[id-w.idBase] = int32(idx)
	e := &w.entries[idx]
	switch sh := s.(type) {
	case *resolv.ConvexPolygon:
		e.poly = sh
	case *resolv.Circle:
		e.circle = sh
	}
	w.sync(e, true)
	w.draw.valid = false
	return idx
}
