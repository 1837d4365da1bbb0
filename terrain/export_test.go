package terrain

import "github.com/hajimehoshi/ebiten/v2"

// BuildDrawPaths exposes the path building of Draw to tests.
func (w *World) BuildDrawPaths(g *ebiten.GeoM) { w.buildDrawPaths(g) }

// DrawEdges is the number of outline edges Draw strokes.
func (w *World) DrawEdges() int { return len(w.draw.edges) }
