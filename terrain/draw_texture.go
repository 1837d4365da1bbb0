package terrain

// Textured terrain drawing: World.Draw with DrawOptions.Texture or
// GrassTexture set.
//
// Fill. Every shape is convex (resolv.ConvexPolygon) or a circle, so each is
// a triangle fan: vertices v0..v(n-1) give triangles (v0, vk, vk+1) for
// k = 1..n-2, and a circle of screen radius r is a fan of n = clamp(2*pi*r/4,
// 12, 128) rim points around its centre (rim segments of about 4 screen px).
// A world point (x, y) is drawn at GeoM(x, y) and samples texel
// (x/s - ox, y/s - oy) with s = TextureScale under ebiten.AddressRepeat, so
// the pattern is fixed to the world, not to the screen. (ox, oy) is a whole
// number of texture tiles chosen per shape, floor(minX/s/w)*w and likewise
// for y: subtracting it changes no texel (the texture repeats with period w)
// but keeps the source coordinates of a far-away shape small, where float32
// still has sub-texel precision.
//
// Shapes are drawn with the FillAll rule one after another, so neighbouring
// ground quads sharing an edge meet without a gap (the rasteriser's fill
// convention covers every pixel of a shared edge once); an opaque texture
// drawn twice where shapes overlap gives the same pixels. The fill's own
// silhouette is not anti-aliased; the outline drawn over it is.
//
// Grass strip. On each outline piece A->B whose outward normal faces up
// (less than 60 degrees from (0,-1)), the strip image (width w, height h
// texels) is drawn on the quad with corners A + (0, d), B + (0, d),
// B + (0, d - h*s), A + (0, d - h*s), where d = GrassDepth: the quad is
// extruded straight up rather than along the edge normal, so the strips of
// neighbouring pieces share their vertical sides exactly (no wedge gaps or
// overlaps at slope changes) and the blades stand upright. Source u = x/s - ox
// (continuous along the whole surface, as for the fill); v runs from 1/2 at
// the top of the quad to h - 1/2 at the bottom (the centres of the first and
// last texel rows, so that linear filtering under AddressRepeat never blends
// the bottom row into the top; with nearest filtering quad row k of h still
// samples texel row k).

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"
)

// Circle fan resolution (see the file comment).
const (
	circleSegPx  = 4   // target rim segment length in screen pixels
	circleSegMin = 12  // fewest rim points
	circleSegMax = 128 // most rim points
)

// texMesh is a reusable triangle list for DrawTriangles32.
type texMesh struct {
	v []ebiten.Vertex
	i []uint32
}

func (m *texMesh) reset() {
	m.v = m.v[:0]
	m.i = m.i[:0]
}

// vertex appends one vertex drawn at GeoM(x, y) sampling (sx, sy), with the
// premultiplied colour scale c, and returns its index.
func (m *texMesh) vertex(g *ebiten.GeoM, x, y, sx, sy float64, c *ebiten.ColorScale) uint32 {
	dx, dy := g.Apply(x, y)
	m.v = append(m.v, ebiten.Vertex{
		DstX: float32(dx), DstY: float32(dy),
		SrcX: float32(sx), SrcY: float32(sy),
		ColorR: c.R(), ColorG: c.G(), ColorB: c.B(), ColorA: c.A(),
	})
	return uint32(len(m.v) - 1)
}

// tileOrigin is floor(v/period)*period: a whole number of texture tiles.
func tileOrigin(v, period float64) float64 {
	return math.Floor(v/period) * period
}

// buildTextureFill fills m with a triangle fan per shape, for a texture of
// tw x th texels at s world pixels per texel, under the camera g.
func (w *World) buildTextureFill(m *texMesh, g *ebiten.GeoM, tw, th int, s float64, c ebiten.ColorScale) {
	m.reset()
	if tw <= 0 || th <= 0 {
		return
	}
	fw, fh := float64(tw), float64(th)
	for i := range w.entries {
		e := &w.entries[i]
		if !w.drawn(e) {
			continue
		}
		if e.circle != nil {
			w.circleFan(m, e, g, fw, fh, s, &c)
			continue
		}
		if e.poly == nil || e.vCount < 3 || !e.poly.Closed {
			continue
		}
		ox, oy := tileOrigin(e.minX/s, fw), tileOrigin(e.minY/s, fh)
		vs := w.verts[e.vStart : e.vStart+e.vCount]
		base := uint32(len(m.v))
		for _, v := range vs {
			m.vertex(g, v[0], v[1], v[0]/s-ox, v[1]/s-oy, &c)
		}
		for k := uint32(1); k+1 < uint32(len(vs)); k++ {
			m.i = append(m.i, base, base+k, base+k+1)
		}
	}
}

// circleFan appends the fan of the circle entry e to m.
func (w *World) circleFan(m *texMesh, e *shapeEntry, g *ebiten.GeoM, fw, fh, s float64, c *ebiten.ColorScale) {
	cx, cy, r := e.pos.X, e.pos.Y, e.radius
	if !(r > 0) || !finite(r) {
		return
	}
	// Screen radius: the GeoM's scale along x, as in buildDrawPaths.
	ax, ay := g.Apply(1, 0)
	bx, by := g.Apply(0, 0)
	rs := r * math.Hypot(ax-bx, ay-by)
	n := circleSegMin
	if f := 2 * math.Pi * rs / circleSegPx; f > circleSegMin {
		n = int(min(f, circleSegMax))
	}
	ox, oy := tileOrigin(e.minX/s, fw), tileOrigin(e.minY/s, fh)
	base := m.vertex(g, cx, cy, cx/s-ox, cy/s-oy, c)
	for k := range n {
		sin, cos := math.Sincos(2 * math.Pi * float64(k) / float64(n))
		x, y := cx+r*cos, cy+r*sin
		m.vertex(g, x, y, x/s-ox, y/s-oy, c)
	}
	for k := range uint32(n) {
		m.i = append(m.i, base, base+1+k, base+1+(k+1)%uint32(n))
	}
}

// facesUp reports whether the outline edge A->B of a polygon with winding
// sign faces up: its outward normal (E.y, -E.x)*sign/|E| has y < -cos(60).
func facesUp(a, b mgl64.Vec2, sign float64) bool {
	ex, ey := b[0]-a[0], b[1]-a[1]
	l := math.Sqrt(ex*ex + ey*ey)
	return l > 0 && sign != 0 && -ex*sign/l < -0.5
}

// buildGrassStrips fills m with one upright quad per up-facing outline
// piece, for a strip of tw x th texels at s world pixels per texel whose
// bottom lies depth world pixels below the surface. It needs the outline
// pieces (buildDrawPaths) to be current.
func (w *World) buildGrassStrips(m *texMesh, g *ebiten.GeoM, tw, th int, s, depth float64, c ebiten.ColorScale) {
	m.reset()
	if tw <= 0 || th <= 0 {
		return
	}
	fw, fh := float64(tw), float64(th)
	top := depth - fh*s // world offset of the strip's top from the surface
	// Half a texel in from the top and bottom rows, so that linear filtering
	// under AddressRepeat does not blend the opaque bottom row into the top.
	v0, v1 := 0.5, fh-0.5
	for _, de := range w.draw.edges {
		e := &w.entries[de.entry]
		vs := w.verts[e.vStart : e.vStart+e.vCount]
		a, b := vs[de.i], vs[(de.i+1)%len(vs)]
		if !facesUp(a, b, e.sign) {
			continue
		}
		p := a.Add(b.Sub(a).Mul(de.f0))
		q := a.Add(b.Sub(a).Mul(de.f1))
		ox := tileOrigin(min(p[0], q[0])/s, fw)
		base := m.vertex(g, p[0], p[1]+top, p[0]/s-ox, v0, &c)
		m.vertex(g, q[0], q[1]+top, q[0]/s-ox, v0, &c)
		m.vertex(g, q[0], q[1]+depth, q[0]/s-ox, v1, &c)
		m.vertex(g, p[0], p[1]+depth, p[0]/s-ox, v1, &c)
		m.i = append(m.i, base, base+1, base+2, base, base+2, base+3)
	}
}

// drawMesh draws m onto dst with src repeating in both directions.
func drawMesh(dst, src *ebiten.Image, m *texMesh, o *DrawOptions) {
	if len(m.i) == 0 {
		return
	}
	var to ebiten.DrawTrianglesOptions
	to.ColorScaleMode = ebiten.ColorScaleModePremultipliedAlpha
	to.Blend = o.Blend
	to.Filter = o.Filter
	to.Address = ebiten.AddressRepeat
	dst.DrawTriangles32(m.v, m.i, src, &to)
}
