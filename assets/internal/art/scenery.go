package art

// Backgrounds and tiles. They are drawn with 2x2 supersampling (4x4 for the
// small tiles) and are periodic horizontally (the sky and hills over their
// width, the tiles over 64 px in both directions) so they scroll and tile
// without seams: every wave is sin(2 pi k x / period + phase) with integer k,
// and every scattered object is drawn at x-period, x and x+period.

import (
	"math"
	"math/rand/v2"
)

// ridge is a periodic height profile: a sum of sines with integer frequencies
// (in cycles per period), amplitudes falling as 1/k, and seeded phases.
type ridge struct {
	period float64
	k      []float64
	amp    []float64
	phase  []float64
}

func newRidge(seed uint64, period float64, ks []float64, amp float64) ridge {
	r := rand.New(rand.NewPCG(seed, 0x1c0ffee))
	rd := ridge{period: period, k: ks}
	for _, k := range ks {
		rd.amp = append(rd.amp, amp/math.Sqrt(k)*(0.6+0.4*r.Float64()))
		rd.phase = append(rd.phase, 2*math.Pi*r.Float64())
	}
	return rd
}

func (r ridge) at(x float64) float64 {
	h := 0.0
	for i, k := range r.k {
		h += r.amp[i] * math.Sin(2*math.Pi*k*x/r.period+r.phase[i])
	}
	return h
}

func gradient(t float64, stops []float64, cols []rgb) rgb {
	if t <= stops[0] {
		return cols[0]
	}
	for i := 1; i < len(stops); i++ {
		if t <= stops[i] {
			f := (t - stops[i-1]) / (stops[i] - stops[i-1])
			return cols[i-1].mix(cols[i], smoothstep(0, 1, f))
		}
	}
	return cols[len(cols)-1]
}

func drawSky(c *canvas, _, _ float64) {
	c.ss = 2
	W, H := float64(c.w), float64(c.h)
	stops := []float64{0, 0.42, 0.7, 0.86, 1}
	cols := []rgb{hex("#122640"), hex("#245a70"), hex("#5c9a9c"), hex("#e4b487"), hex("#f2c98f")}
	sunX, sunY := 0.7*W, 0.72*H
	c.all(func(x, y float64) (rgb, float64) {
		col := gradient(y/H, stops, cols)
		// warm glow around the setting sun
		dx, _ := wrapped(x, 0, sunX, 0, W) // periodic, so the sky wraps
		g := math.Exp(-(dx*dx + (y-sunY)*(y-sunY)*2.2) / (2 * 260 * 260))
		return col.mix(hex("#ffd9a0"), 0.45*g), 1
	})
	// soft clouds: clusters of overlapping ellipses with wide, smooth edges
	rng := rand.New(rand.NewPCG(7, 11))
	for i := 0; i < 7; i++ {
		cx := W * (float64(i) + 0.2 + 0.6*rng.Float64()) / 7
		cy := H * (0.1 + 0.38*rng.Float64())
		sc := 0.6 + 0.7*rng.Float64()
		var blobs [][4]float64
		for j := 0; j < 5; j++ {
			blobs = append(blobs, [4]float64{
				cx + sc*(rng.Float64()-0.5)*180, cy + sc*(rng.Float64()-0.5)*18,
				sc * (50 + 50*rng.Float64()), sc * (12 + 10*rng.Float64()),
			})
		}
		y0, y1 := int(cy-sc*70), int(cy+sc*70)
		for _, off := range []float64{-W, 0, W} { // drawn three times so the sky wraps
			x0, x1 := int(cx+off-sc*300), int(cx+off+sc*300)
			c.layer(x0, y0, x1, y1, func(x, y float64) (rgb, float64) {
				x -= off
				d := ellipse(x, y, blobs[0][0], blobs[0][1], blobs[0][2], blobs[0][3])
				for _, b := range blobs[1:] {
					d = smin(d, ellipse(x, y, b[0], b[1], b[2], b[3]), 14)
				}
				a := 1 - smoothstep(-14, 6, d)
				if a <= 0 {
					return rgb{}, 0
				}
				// lit from below by the low sun, shadowed on top
				shade := smoothstep(cy-24*sc, cy+16*sc, y)
				return hex("#e2ecef").mix(hex("#ffbf9a"), 0.75*shade), 0.7 * a
			})
		}
	}
	// two layers of distant mountains, hazier the further away
	layers := []struct {
		base  float64
		r     ridge
		col   rgb
		top   rgb
		alpha float64
	}{
		{0.66 * H, newRidge(21, W, []float64{1, 2, 3, 5, 8, 13, 21, 34}, 42), hex("#6e9ea2"), hex("#a9c9c0"), 1},
		{0.76 * H, newRidge(22, W, []float64{1, 2, 3, 4, 7, 11, 18, 29, 47}, 38), hex("#3e6b78"), hex("#6d9a9c"), 1},
	}
	for _, l := range layers {
		l := l
		c.all(func(x, y float64) (rgb, float64) {
			h := l.base - math.Abs(l.r.at(x)) - 0.3*l.r.at(2*x+37)
			a := clamp01(y - h + 0.5)
			if a <= 0 {
				return rgb{}, 0
			}
			// lit rim along the crest, fading into haze lower down
			col := l.top.mix(l.col, smoothstep(0, 10, y-h))
			col = col.mix(cols[3], 0.25*smoothstep(h, H, y))
			return col, a * l.alpha
		})
	}
}

func drawHills(c *canvas, _, _ float64) {
	c.ss = 2
	W, H := float64(c.w), float64(c.h)
	back := newRidge(31, W, []float64{1, 2, 3, 5, 7, 9}, 26)
	front := newRidge(32, W, []float64{1, 2, 3, 4, 6, 10}, 24)
	bands := []struct {
		base     float64
		r        ridge
		lit, dim rgb
	}{
		{0.42 * H, back, hex("#4f8a6c"), hex("#2b5a4c")},
		{0.62 * H, front, hex("#3e7650"), hex("#1e3f35")},
	}
	for bi, b := range bands {
		b := b
		// rounded trees along the back hills' crest
		if bi == 0 {
			rng := rand.New(rand.NewPCG(33, 5))
			for i := 0; i < 26; i++ {
				tx := W * (float64(i) + rng.Float64()) / 26
				tr := 9 + 9*rng.Float64()
				ty := b.base - b.r.at(tx) + tr*0.4
				treeCol := hex("#2f6650").mix(hex("#254f42"), rng.Float64())
				for _, off := range []float64{-W, 0, W} {
					cx := tx + off
					c.layer(int(cx-tr-4), int(ty-tr*2.4-4), int(cx+tr+4), int(ty+4), func(x, y float64) (rgb, float64) {
						d := ellipse(x, y, cx, ty-tr*1.2, tr*0.75, tr*1.3)
						if d > 1 {
							return rgb{}, 0
						}
						shade := 1 + 0.25*clamp01((cx-x)/tr) - 0.2*clamp01((y-(ty-tr*1.2))/tr)
						return treeCol.scale(shade), clamp01(0.5 - d)
					})
				}
			}
		}
		c.all(func(x, y float64) (rgb, float64) {
			h := b.base - b.r.at(x)
			a := clamp01(y - h + 0.5)
			if a <= 0 {
				return rgb{}, 0
			}
			// slope facing the top-left light is brighter
			slope := (b.r.at(x+2) - b.r.at(x-2)) / 4
			col := b.lit.mix(b.dim, smoothstep(0, 0.9*H-b.base+40, y-h))
			near := 1 - smoothstep(0, 45, y-h) // slope light only near the crest
			col = col.scale(1 + near*(0.5*clamp01(-slope*0.6+0.1)-0.15*clamp01(slope)))
			// a brighter grassy rim on the crest
			col = col.mix(hex("#8cc48a"), 0.35*(1-smoothstep(0, 2.5, y-h)))
			return col, a
		})
	}
}

// wrapped returns the distance from (x, y) to the nearest periodic copy of a
// point, so shapes placed near an edge continue on the opposite edge.
func wrapped(x, y, cx, cy, p float64) (float64, float64) {
	dx := math.Mod(x-cx+1.5*p, p) - 0.5*p
	dy := math.Mod(y-cy+1.5*p, p) - 0.5*p
	return dx, dy
}

func drawGround(c *canvas, _, _ float64) {
	const P = 64.0
	soil, soilDark := hex("#6e4c33"), hex("#4f3423")
	c.all(func(x, y float64) (rgb, float64) {
		t := 2 * math.Pi / P
		n := 0.5 + 0.18*math.Sin(t*(2*x+y)+1.3) + 0.14*math.Sin(t*(3*y-x)+0.4) +
			0.1*math.Sin(t*(5*x+4*y)+2.1) + 0.08*math.Sin(t*(7*y-6*x)+0.7)
		return soil.mix(soilDark, clamp01(n)), 1
	})
	rng := rand.New(rand.NewPCG(41, 3))
	// small dark and light specks
	for i := 0; i < 40; i++ {
		sx, sy, r := P*rng.Float64(), P*rng.Float64(), 0.5+0.6*rng.Float64()
		col := soilDark.scale(0.7)
		if i%3 == 0 {
			col = soil.mix(rgb{1, 0.9, 0.7}, 0.3)
		}
		c.all(func(x, y float64) (rgb, float64) {
			dx, dy := wrapped(x, y, sx, sy, P)
			if length(dx, dy) > r {
				return rgb{}, 0
			}
			return col, 0.8
		})
	}
	stones := []rgb{hex("#8c7a68"), hex("#9a8c78"), hex("#756a5e"), hex("#a08a70")}
	for i := 0; i < 9; i++ {
		sx, sy := P*rng.Float64(), P*rng.Float64()
		sz := 1 + 2*rng.Float64()*rng.Float64()
		a, b := sz*(1.6+1.4*rng.Float64()), sz*(1.3+0.9*rng.Float64())
		col := stones[i%len(stones)]
		c.shape(0, 0, func(u, v float64) float64 {
			dx, dy := wrapped(u, v, sx, sy, P)
			return ellipse(dx, dy, 0, 0, a, b)
		}, style{base: col, bevel: 2.5, outline: 1})
	}
}

func drawGrass(c *canvas, _, _ float64) {
	const P = 64.0
	H := float64(c.h)
	greens := []rgb{hex("#3f7d3a"), hex("#4f9642"), hex("#5fa84a"), hex("#36703a")}
	// the turf band the blades grow from
	c.all(func(x, y float64) (rgb, float64) {
		t := 2 * math.Pi / P
		top := H - 6 + 1.2*math.Sin(t*3*x+0.5) + 0.8*math.Sin(t*7*x+2)
		a := clamp01(y - top + 0.5)
		return greens[0].mix(hex("#2a5a2e"), smoothstep(top, H, y)), a
	})
	rng := rand.New(rand.NewPCG(51, 9))
	for i := 0; i < 46; i++ {
		bx := P * (float64(i) + rng.Float64()) / 46
		hgt := 4 + 8*rng.Float64()
		lean := (rng.Float64() - 0.5) * 5
		w := 1.1 + 0.9*rng.Float64()
		col := greens[rng.IntN(len(greens))]
		base := H - 4 - 1.5*rng.Float64()
		c.all(func(x, y float64) (rgb, float64) {
			dx, _ := wrapped(x, 0, bx, 0, P)
			d := polygon(dx, y, -w, base, w, base, lean, base-hgt)
			if d > 0 {
				return rgb{}, 0
			}
			tip := clamp01((base - y) / hgt) // 0 at the root, 1 at the tip
			col := col.mix(hex("#a6d66e"), 0.55*tip*tip)
			if dx > lean*tip {
				col = col.scale(0.82) // shaded side of the blade
			}
			return col, 1
		})
	}
}
