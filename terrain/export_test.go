package terrain

import (
	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"
)

// BuildDrawPaths exposes the path building of Draw to tests.
func (w *World) BuildDrawPaths(g *ebiten.GeoM) { w.buildDrawPaths(g) }

// DrawEdges is the number of outline edges Draw strokes.
func (w *World) DrawEdges() int { return len(w.draw.edges) }

// OutlineLength is the total world length of the outline Draw strokes.
func (w *World) OutlineLength() float64 {
	var sum float64
	for _, de := range w.draw.edges {
		e := &w.entries[de.entry]
		vs := w.verts[e.vStart : e.vStart+e.vCount]
		a, b := vs[de.i], vs[(de.i+1)%len(vs)]
		sum += (de.f1 - de.f0) * b.Sub(a).Len()
	}
	return sum
}

// BuildTextureMeshes runs the vertex building of a textured Draw (fill
// texture tw x th, grass strip gw x gh, s world pixels per texel) and returns
// the number of fill and grass triangles.
func (w *World) BuildTextureMeshes(g *ebiten.GeoM, tw, th, gw, gh int, s float64) (fill, grass int) {
	w.buildDrawPaths(g)
	var c ebiten.ColorScale
	w.buildTextureFill(&w.draw.texFill, g, tw, th, s, c)
	w.buildGrassStrips(&w.draw.texGrass, g, gw, gh, s, float64(gh)*s/2, c)
	return len(w.draw.texFill.i) / 3, len(w.draw.texGrass.i) / 3
}

// CastUnindexed is CastFiltered by the walk of resolv's cells alone (the
// default World's path before it had an index, and its fallback): the
// reference the indexed answers are held to.
func (w *World) CastUnindexed(from, to mgl64.Vec2, f Filter) Hit {
	var b best
	if !w.startCast(from, to, f, &b) || !w.gridCast(&b) {
		return Hit{}
	}
	return w.hit(&b)
}

// CastVerified reports whether the default World's verified index answers
// from -> to (true) or the query falls back to the walk of resolv's cells.
func (w *World) CastVerified(from, to mgl64.Vec2, f Filter) bool {
	var b best
	return w.mirror.built && w.startCast(from, to, f, &b) && w.verifiedCast(&b)
}
