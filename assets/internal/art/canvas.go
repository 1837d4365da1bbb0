package art

import (
	"image"
	"math"
)

// rgb is a straight (non-premultiplied) colour with components in [0, 1].
type rgb struct{ r, g, b float64 }

// hex parses "#rrggbb". It panics on malformed input: colours are literals in
// this package, so a bad one is a programmer error caught by the first run.
func hex(s string) rgb {
	if len(s) != 7 || s[0] != '#' {
		panic("art: bad colour " + s)
	}
	var v [3]float64
	for i := 0; i < 3; i++ {
		var n int
		for _, ch := range s[1+2*i : 3+2*i] {
			n *= 16
			switch {
			case ch >= '0' && ch <= '9':
				n += int(ch - '0')
			case ch >= 'a' && ch <= 'f':
				n += int(ch-'a') + 10
			default:
				panic("art: bad colour " + s)
			}
		}
		v[i] = float64(n) / 255
	}
	return rgb{v[0], v[1], v[2]}
}

func (c rgb) scale(k float64) rgb { return rgb{c.r * k, c.g * k, c.b * k} }

func (c rgb) mix(d rgb, t float64) rgb {
	return rgb{mix(c.r, d.r, t), mix(c.g, d.g, t), mix(c.b, d.b, t)}
}

// ink is the shared dark tone mixed into every outline so that the whole set
// reads as one palette.
var ink = hex("#1a1226")

func outlineOf(c rgb) rgb { return c.scale(0.38).mix(ink, 0.45) }

// canvas accumulates premultiplied RGBA in [0, 1]. Each layer is evaluated at
// ss x ss sample points per pixel and the averaged (premultiplied) result is
// composited "over" what is already there, so every edge is anti-aliased.
type canvas struct {
	w, h  int
	ss    int
	pix   []float64
	light [3]float64 // unit light direction in image space (towards the light), z towards the viewer
}

// newCanvas makes a transparent w x h canvas with 4x4 supersampling and the
// light set for a part whose rest pose turns the image by restAngle on screen
// (see lightFor).
func newCanvas(w, h int, restAngle float64) *canvas {
	c := &canvas{w: w, h: h, ss: 4, pix: make([]float64, 4*w*h)}
	c.light = lightFor(restAngle)
	return c
}

// lightFor returns the image-space light direction for a part drawn rotated by
// restAngle on screen, so that on screen the light always comes from the top
// left: the screen direction (-0.6, -0.8) is rotated back by -restAngle with
// (x, y) -> (x cos a - y sin a, x sin a + y cos a), then lifted towards the
// viewer and normalised.
func lightFor(restAngle float64) [3]float64 {
	a := -restAngle
	sx, sy := -0.6, -0.8
	s, co := math.Sincos(a)
	x := sx*co - sy*s
	y := sx*s + sy*co
	z := 1.0
	n := math.Sqrt(x*x + y*y + z*z)
	return [3]float64{x / n, y / n, z / n}
}

// layer composites f, sampled over the pixel rectangle [x0,x1) x [y0,y1)
// (clipped to the canvas). f returns a straight colour and an alpha in [0, 1]
// at an image-space sample position.
func (c *canvas) layer(x0, y0, x1, y1 int, f func(x, y float64) (rgb, float64)) {
	x0, y0 = max(x0, 0), max(y0, 0)
	x1, y1 = min(x1, c.w), min(y1, c.h)
	ss := c.ss
	inv := 1 / float64(ss*ss)
	for py := y0; py < y1; py++ {
		for px := x0; px < x1; px++ {
			var r, g, b, a float64
			for sy := 0; sy < ss; sy++ {
				y := float64(py) + (float64(sy)+0.5)/float64(ss)
				for sx := 0; sx < ss; sx++ {
					x := float64(px) + (float64(sx)+0.5)/float64(ss)
					col, al := f(x, y)
					if al <= 0 {
						continue
					}
					al = math.Min(al, 1)
					r += col.r * al
					g += col.g * al
					b += col.b * al
					a += al
				}
			}
			if a == 0 {
				continue
			}
			r, g, b, a = r*inv, g*inv, b*inv, a*inv
			i := 4 * (py*c.w + px)
			k := 1 - a
			c.pix[i] = r + c.pix[i]*k
			c.pix[i+1] = g + c.pix[i+1]*k
			c.pix[i+2] = b + c.pix[i+2]*k
			c.pix[i+3] = a + c.pix[i+3]*k
		}
	}
}

// all composites f over the whole canvas.
func (c *canvas) all(f func(x, y float64) (rgb, float64)) { c.layer(0, 0, c.w, c.h, f) }

// style is how a shape is filled.
type style struct {
	base    rgb                    // base colour when col is nil
	col     func(u, v float64) rgb // base colour at a local point; nil means base
	outline float64                // outline width in px; 0 means 1.25, negative means none
	bevel   float64                // depth in px over which the rim rounds off; 0 means 4
	gloss   float64                // specular highlight strength, 0 for matte
	flat    bool                   // no lighting at all (for glows, pupils, marks)
	alpha   float64                // opacity; 0 means 1
}

// shape draws the SDF sd, given in the local frame whose origin is at image
// point (ox, oy), with an outline and pillow shading (see sdf.go).
func (c *canvas) shape(ox, oy float64, sd func(u, v float64) float64, st style) {
	ow := st.outline
	if ow == 0 {
		ow = 1.25
	}
	bevel := st.bevel
	if bevel == 0 {
		bevel = 4
	}
	alpha := st.alpha
	if alpha == 0 {
		alpha = 1
	}
	L := c.light
	// Half-vector between light and viewer for the specular term.
	hx, hy, hz := L[0], L[1], L[2]+1
	hn := math.Sqrt(hx*hx + hy*hy + hz*hz)
	hx, hy, hz = hx/hn, hy/hn, hz/hn
	c.all(func(x, y float64) (rgb, float64) {
		u, v := x-ox, y-oy
		d := sd(u, v)
		if d > 0 {
			return rgb{}, 0
		}
		base := st.base
		if st.col != nil {
			base = st.col(u, v)
		}
		if ow > 0 && d > -ow {
			return outlineOf(base), alpha
		}
		if st.flat {
			return base, alpha
		}
		const e = 0.25
		gx := sd(u+e, v) - sd(u-e, v)
		gy := sd(u, v+e) - sd(u, v-e)
		gn := math.Sqrt(gx*gx + gy*gy)
		if gn > 0 {
			gx, gy = gx/gn, gy/gn
		}
		t := -d - math.Max(ow, 0)
		s := clamp01(1 - t/bevel)
		s = s * s * (3 - 2*s) * 0.92
		nx, ny, nz := gx*s, gy*s, math.Sqrt(1-s*s)
		diff := math.Max(0, nx*L[0]+ny*L[1]+nz*L[2])
		// A flat face (N = (0,0,1)) gets diff = L.z and so shade 1: the base colour.
		shade := 0.45 + 0.55*diff/L[2]
		spec := 0.0
		if st.gloss > 0 {
			spec = st.gloss * math.Pow(math.Max(0, nx*hx+ny*hy+nz*hz), 24)
		}
		col := base.scale(shade)
		col = col.mix(rgb{1, 1, 1}, clamp01(spec))
		return col, alpha
	})
}

// image converts the canvas to 8-bit straight-alpha NRGBA with round-to-nearest.
func (c *canvas) image() *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, c.w, c.h))
	to8 := func(x float64) uint8 {
		return uint8(math.Floor(clamp01(x)*255 + 0.5))
	}
	for i := 0; i < c.w*c.h; i++ {
		a := c.pix[4*i+3]
		a8 := to8(a)
		if a8 == 0 {
			continue
		}
		img.Pix[4*i] = to8(c.pix[4*i] / a)
		img.Pix[4*i+1] = to8(c.pix[4*i+1] / a)
		img.Pix[4*i+2] = to8(c.pix[4*i+2] / a)
		img.Pix[4*i+3] = a8
	}
	return img
}
