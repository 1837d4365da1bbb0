package art

import "math"

func drawCrate(c *canvas, ox, oy float64) {
	crate := func(u, v float64) float64 { return box(u, v, 0, 0, 10, 10, 1.5) }
	c.shape(ox, oy, crate, style{bevel: 2.5, col: func(u, v float64) rgb {
		frame := math.Abs(u) > 7.2 || math.Abs(v) > 7.2
		brace := math.Abs(u+v) < 1.6 // diagonal brace from bottom-left to top-right
		switch {
		case frame:
			return seam(woodDark.mix(wood, 0.35), math.Max(math.Abs(u), math.Abs(v))-7.2)
		case brace:
			return seam(woodDark.mix(wood, 0.5), math.Abs(u+v)-1.6)
		case math.Abs(v-2.4) < 0.4 || math.Abs(v+2.4) < 0.4:
			return wood.scale(0.72) // plank gaps
		default:
			return wood
		}
	}})
	for _, n := range [][2]float64{{-8.6, -8.6}, {8.6, -8.6}, {-8.6, 8.6}, {8.6, 8.6}} {
		n := n
		c.shape(ox, oy, func(u, v float64) float64 { return circle(u, v, n[0], n[1], 0.75) },
			style{base: nail, outline: -1, bevel: 0.8})
	}
}

func drawGem(c *canvas, ox, oy float64) {
	gem := func(u, v float64) float64 {
		return polygon(u, v, -4, -1.5, -2, -4, 2, -4, 4, -1.5, 0, 4.3)
	}
	c.shape(ox, oy, gem, style{bevel: 1.2, gloss: 0.8, col: func(u, v float64) rgb {
		switch {
		case v < -1.5 && math.Abs(u) < 1.4:
			return gemCol.mix(rgb{1, 1, 1}, 0.45) // table
		case v < -1.5:
			return gemCol.mix(rgb{1, 1, 1}, 0.2) // crown
		case u < 0:
			return gemCol
		default:
			return gemCol.scale(0.7) // pavilion in shade
		}
	}})
	c.shape(ox, oy, func(u, v float64) float64 { return circle(u, v, -1.6, -2.6, 0.6) },
		style{base: rgb{1, 1, 1}, outline: -1, flat: true})
}

func drawTarget(c *canvas, ox, oy float64) {
	mark := func(u, v float64) float64 {
		ring := math.Abs(length(u, v)-3.8) - 1.3
		tick := math.Min(box(u, v, 0, 0, 6, 0.9, 0.4), box(u, v, 0, 0, 0.9, 6, 0.4))
		tick = math.Max(tick, -(length(u, v) - 2.6)) // ticks leave the centre open
		return math.Min(math.Min(ring, tick), circle(u, v, 0, 0, 0.9))
	}
	c.shape(ox, oy, mark, style{base: target, outline: 1, bevel: 1})
}
