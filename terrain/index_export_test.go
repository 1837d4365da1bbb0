package terrain

// IndexStats returns the side of the index's cells, their number and the
// number of items (edge or circle listings) they hold; 0 cells if the World
// has no index.
func (w *World) IndexStats() (cell float64, cells, items int) {
	if !w.idx.built {
		return 0, 0, 0
	}
	return w.idx.cell, w.idx.nx * w.idx.ny, len(w.idx.items)
}
