package terrain

import (
	"cmp"
	"image/color"
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// DefaultFill is the default colour of solid interiors (dark earth).
func DefaultFill() color.RGBA { return color.RGBA{0x3a, 0x2e, 0x27, 0xff} }

// DefaultLine is the default colour of outlines (a lighter soil edge).
func DefaultLine() color.RGBA { return color.RGBA{0x8c, 0x6e, 0x55, 0xff} }

// DefaultGrass is the default colour of the grass on surfaces facing up.
func DefaultGrass() color.RGBA { return color.RGBA{0x6c, 0xb0, 0x4c, 0xff} }

// DrawOptions configures World.Draw. A nil *DrawOptions means defaults.
type DrawOptions struct {
	// DrawImageOptions carries the camera: GeoM maps world pixels to screen
	// pixels (default identity); ColorScale multiplies every colour (default
	// identity); Blend is the blend mode (default source-over); Filter samples
	// Texture and GrassTexture (default nearest).
	ebiten.DrawImageOptions
	// Fill is the colour inside shapes. The default (zero) value is
	// DefaultFill(). When Texture is set, a non-zero Fill tints the texture
	// (multiplies its colours) and the default (zero) leaves it unchanged.
	Fill color.RGBA
	// Texture, when not nil, fills the shapes with this image tiled in world
	// space: world point (x, y) shows texel (x, y)/TextureScale modulo the
	// image size, so the pattern stays fixed to the ground as the camera
	// moves. A seamless image, such as package assets' "tile/ground", tiles
	// without visible seams. Shapes are drawn one after another, so where
	// shapes overlap a translucent texture or ColorScale shows the overlap.
	// The default (nil) fills with the flat colour Fill.
	Texture *ebiten.Image
	// GrassTexture, when not nil, replaces the grass line: the image is drawn
	// upright along every outline edge that faces up (see Grass), tiled along
	// x in world space, with its bottom GrassDepth world pixels below the
	// surface. A horizontal strip with blades on a transparent top, such as
	// package assets' "tile/grass", fits. A non-zero Grass colour tints it;
	// the default (zero) leaves it unchanged. The default (nil) draws the
	// grass line.
	GrassTexture *ebiten.Image
	// TextureScale is the size of one texel of Texture and GrassTexture in
	// world pixels. The default (zero) value is 1.
	TextureScale float64
	// GrassDepth is how far below the surface the bottom of GrassTexture
	// lies, in world pixels. The default (zero) value is half the strip's
	// height, so the strip's lower half covers the top of the fill and the
	// upper half (the blade tips) rises above the surface. A negative value
	// puts the strip's bottom on the surface.
	GrassDepth float64
	// Line is the colour of outlines. The default (zero) value is DefaultLine().
	Line color.RGBA
	// Grass is the colour of outline edges whose outward normal points up
	// (less than 60 degrees from (0,-1)). The default (zero) value is
	// DefaultGrass(). When GrassTexture is set, a non-zero Grass tints it and the
	// default (zero) leaves it unchanged.
	Grass color.RGBA
	// LineWidth is the outline width in screen pixels. Default (zero): 2.
	LineWidth float32
	// GrassWidth is the grass line width in screen pixels. Default (zero): 4.
	GrassWidth float32
	// NoAntiAlias turns anti-aliasing off. The default (false) draws
	// anti-aliased.
	NoAntiAlias bool
}

// drawCache holds the paths Draw reuses every frame (Path.Reset keeps their
// memory) and the list of outline edges, rebuilt only when shapes are added.
type drawCache struct {
	valid       bool
	filter      Filter     // the World's Filter the edges were found under
	edges       []drawEdge // outline edges: not shared by two shapes
	fill, line  vector.Path
	grass       vector.Path
	stroke      vector.Path
	strokeGrass vector.Path
	texFill     texMesh // Texture triangles (draw_texture.go)
	texGrass    texMesh // GrassTexture quads
}

// drawEdge is the part [f0,f1] (fractions from vertex i towards vertex i+1)
// of edge i of cached shape entry that Draw outlines.
type drawEdge struct {
	entry, i int
	f0, f1   float64
}

// edgeRec is one polygon edge while finding outline pieces.
type edgeRec struct {
	entry, i int
	s0, s1   float64 // projections of its ends on the line direction
}

// lineKey identifies the infinite line through an edge: its direction
// (made unique by sign) and its offset, quantised.
type lineKey struct{ dir, off int64 }

// quant rounds v to 1/64 px as an integer key.
func quant(v float64) int64 { return int64(math.Round(v * 64)) }

// rebuildEdges finds the parts of polygon edges not covered by a collinear
// edge of another shape, so that the seams between neighbouring ground quads
// (equal or partly overlapping vertical sides) are not outlined.
func (w *World) rebuildEdges() {
	groups := make(map[lineKey][]edgeRec)
	var keys []lineKey
	for ei := range w.entries {
		e := &w.entries[ei]
		if e.poly == nil || e.vCount < 2 || !w.drawn(e) {
			continue
		}
		vs := w.verts[e.vStart : e.vStart+e.vCount]
		edges := len(vs)
		if len(vs) <= 2 || !e.poly.Closed {
			edges--
		}
		for i := range edges {
			a, b := vs[i], vs[(i+1)%len(vs)]
			d := b.Sub(a)
			l := d.Len()
			if l == 0 {
				continue
			}
			d = d.Mul(1 / l)
			if d[0] < 0 || (d[0] == 0 && d[1] < 0) {
				d = d.Mul(-1)
			}
			k := lineKey{int64(math.Round(math.Atan2(d[1], d[0]) * 1e6)), quant(d[0]*a[1] - d[1]*a[0])}
			if _, ok := groups[k]; !ok {
				keys = append(keys, k)
			}
			groups[k] = append(groups[k], edgeRec{ei, i, d.Dot(a), d.Dot(b)})
		}
	}
	w.draw.edges = w.draw.edges[:0]
	var cover [][2]float64
	for _, k := range keys { // insertion order: deterministic
		g := groups[k]
		for _, r := range g {
			lo, hi := min(r.s0, r.s1), max(r.s0, r.s1)
			// Subtract the other shapes' intervals from [lo,hi], left to right.
			cover = cover[:0]
			for _, o := range g {
				if o.entry != r.entry {
					cover = append(cover, [2]float64{min(o.s0, o.s1), max(o.s0, o.s1)})
				}
			}
			slices.SortFunc(cover, func(a, b [2]float64) int { return cmp.Compare(a[0], b[0]) })
			const eps = 1.0 / 64
			emit := func(a, b float64) {
				if b-a <= eps {
					return
				}
				f0, f1 := (a-r.s0)/(r.s1-r.s0), (b-r.s0)/(r.s1-r.s0)
				if f0 > f1 {
					f0, f1 = f1, f0
				}
				w.draw.edges = append(w.draw.edges, drawEdge{r.entry, r.i, f0, f1})
			}
			cur := lo
			for _, c := range cover {
				if c[1] <= cur {
					continue
				}
				if c[0] >= hi {
					break
				}
				emit(cur, min(c[0], hi))
				cur = c[1]
				if cur >= hi {
					break
				}
			}
			if cur < hi {
				emit(cur, hi)
			}
		}
	}
	w.draw.valid = true
}

// buildDrawPaths fills the cached fill, outline and grass paths in screen
// coordinates under the camera g. It allocates only when the paths grow.
func (w *World) buildDrawPaths(g *ebiten.GeoM) {
	for i := range w.entries {
		w.sync(&w.entries[i], false)
	}
	if !w.draw.valid || w.draw.filter != w.Filter {
		w.draw.filter = w.Filter
		w.rebuildEdges()
	}
	pt := func(v mgl64.Vec2) (float32, float32) {
		x, y := g.Apply(v[0], v[1])
		return float32(x), float32(y)
	}
	dc := &w.draw
	dc.fill.Reset()
	for i := range w.entries {
		e := &w.entries[i]
		if !w.drawn(e) {
			continue
		}
		if e.circle != nil {
			cx, cy := pt(mgl64.Vec2{e.pos.X, e.pos.Y})
			// Radius in screen pixels: the GeoM's scale along x.
			sx, sy := g.Apply(1, 0)
			ox, oy := g.Apply(0, 0)
			r := float32(e.radius * math.Hypot(sx-ox, sy-oy))
			dc.fill.MoveTo(cx+r, cy)
			dc.fill.Arc(cx, cy, r, 0, 2*math.Pi, vector.Clockwise)
			dc.fill.Close()
			continue
		}
		if e.poly == nil || e.vCount < 3 || !e.poly.Closed {
			continue
		}
		// Emit every polygon clockwise on screen so that overlapping shapes
		// never cancel under the non-zero fill rule.
		vs := w.verts[e.vStart : e.vStart+e.vCount]
		n := len(vs)
		for k := range n {
			v := vs[k]
			if e.sign < 0 {
				v = vs[n-1-k]
			}
			x, y := pt(v)
			if k == 0 {
				dc.fill.MoveTo(x, y)
			} else {
				dc.fill.LineTo(x, y)
			}
		}
		dc.fill.Close()
	}
	dc.line.Reset()
	dc.grass.Reset()
	for _, de := range dc.edges {
		e := &w.entries[de.entry]
		vs := w.verts[e.vStart : e.vStart+e.vCount]
		a, b := vs[de.i], vs[(de.i+1)%len(vs)]
		ax, ay := pt(a.Add(b.Sub(a).Mul(de.f0)))
		bx, by := pt(a.Add(b.Sub(a).Mul(de.f1)))
		dc.line.MoveTo(ax, ay)
		dc.line.LineTo(bx, by)
		if facesUp(a, b, e.sign) {
			dc.grass.MoveTo(ax, ay)
			dc.grass.LineTo(bx, by)
		}
	}
}

// drawn reports whether Draw shows the shape of e: the shapes the World's
// Filter lets through, like its queries (a trigger, or a player's own box
// excluded by the filter, leaves no hole in the ground's outline and grass).
func (w *World) drawn(e *shapeEntry) bool {
	return e.tags == nil || w.Filter.Accepts(*e.tags)
}

// colorScale returns c as a ColorScale multiplied by base.
func colorScale(c color.RGBA, base ebiten.ColorScale) ebiten.ColorScale {
	var s ebiten.ColorScale
	s.Scale(float32(c.R)/0xff, float32(c.G)/0xff, float32(c.B)/0xff, float32(c.A)/0xff)
	s.ScaleWithColorScale(base)
	return s
}

// Draw draws the World's shapes onto dst: filled polygons and circles (a flat
// colour, or a texture tiled in world space), an outline on edges not shared
// between shapes, and on outline edges that face up a grass line or a grass
// texture strip. opts may be nil. Shapes that moved are drawn where they are
// now. Only the shapes that pass the World's Filter are drawn (by default,
// every shape but triggers), so what is drawn is what the queries see. In steady state Draw reuses its cached paths and vertex lists and
// allocates nothing itself.
func (w *World) Draw(dst *ebiten.Image, opts *DrawOptions) {
	if w == nil || dst == nil {
		return
	}
	var o DrawOptions
	if opts != nil {
		o = *opts
	}
	white := color.RGBA{0xff, 0xff, 0xff, 0xff}
	if o.Fill == (color.RGBA{}) {
		o.Fill = DefaultFill()
		if o.Texture != nil {
			o.Fill = white
		}
	}
	if o.Line == (color.RGBA{}) {
		o.Line = DefaultLine()
	}
	if o.Grass == (color.RGBA{}) {
		o.Grass = DefaultGrass()
		if o.GrassTexture != nil {
			o.Grass = white
		}
	}
	if !(o.LineWidth > 0) {
		o.LineWidth = 2
	}
	if !(o.GrassWidth > 0) {
		o.GrassWidth = 4
	}
	if !(o.TextureScale > 0) || !finite(o.TextureScale) {
		o.TextureScale = 1
	}
	w.buildDrawPaths(&o.GeoM)
	dc := &w.draw
	aa := !o.NoAntiAlias
	po := vector.DrawPathOptions{AntiAlias: aa, Blend: o.Blend}
	if o.Texture != nil {
		b := o.Texture.Bounds()
		w.buildTextureFill(&dc.texFill, &o.GeoM, b.Dx(), b.Dy(), o.TextureScale, colorScale(o.Fill, o.ColorScale))
		drawMesh(dst, o.Texture, &dc.texFill, &o)
	} else {
		po.ColorScale = colorScale(o.Fill, o.ColorScale)
		vector.FillPath(dst, &dc.fill, nil, &po)
	}

	so := vector.AddStrokeOptions{}
	so.Width = o.LineWidth
	so.LineJoin = vector.LineJoinRound
	so.LineCap = vector.LineCapRound
	dc.stroke.Reset()
	dc.stroke.AddStroke(&dc.line, &so)
	po.ColorScale = colorScale(o.Line, o.ColorScale)
	vector.FillPath(dst, &dc.stroke, nil, &po)

	if o.GrassTexture != nil {
		b := o.GrassTexture.Bounds()
		depth := o.GrassDepth
		if depth == 0 || !finite(depth) {
			depth = float64(b.Dy()) * o.TextureScale / 2
		}
		depth = max(depth, 0)
		w.buildGrassStrips(&dc.texGrass, &o.GeoM, b.Dx(), b.Dy(), o.TextureScale, depth, colorScale(o.Grass, o.ColorScale))
		drawMesh(dst, o.GrassTexture, &dc.texGrass, &o)
		return
	}
	so.Width = o.GrassWidth
	dc.strokeGrass.Reset()
	dc.strokeGrass.AddStroke(&dc.grass, &so)
	po.ColorScale = colorScale(o.Grass, o.ColorScale)
	vector.FillPath(dst, &dc.strokeGrass, nil, &po)
}
