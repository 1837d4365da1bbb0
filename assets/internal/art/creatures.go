package art

import "math"

// Creatures seen from the side: the front is +u (facing right when the body
// angle is 0) and up is -v.

func drawSpiderBody(c *canvas, ox, oy float64) {
	ceph := func(u, v float64) float64 { return ellipse(u, v, 8, 0, 10, 8) }
	abdomen := func(u, v float64) float64 { return ellipse(u, v, -11, -3, 13, 11) }
	c.shape(ox, oy, func(u, v float64) float64 { return ellipse(u, v, 16.5, 4.5, 3, 3.6) },
		style{base: spiderLeg, bevel: 2}) // chelicera
	c.shape(ox, oy, abdomen, style{base: spiderBody, bevel: 8, gloss: 0.35})
	c.shape(ox, oy, func(u, v float64) float64 { return smin(ceph(u, v), circle(u, v, 0, 0, 3.5), 2) },
		style{base: spiderBody.scale(1.12), bevel: 6, gloss: 0.3})
	// markings along the top of the abdomen
	for i, m := range [][3]float64{{-5, -9.5, 1.9}, {-11, -11.2, 2.2}, {-17.5, -9.8, 1.9}, {-22, -6, 1.4}} {
		_ = i
		m := m
		c.shape(ox, oy, func(u, v float64) float64 { return circle(u, v, m[0], m[1], m[2]) },
			style{base: spiderMark, outline: 0.8, bevel: 1.5})
	}
	// eyes on the front
	for _, e := range [][3]float64{{15.2, -3.2, 1.6}, {12.3, -5.3, 1.25}, {17.1, -0.4, 1.05}} {
		e := e
		c.shape(ox, oy, func(u, v float64) float64 { return circle(u, v, e[0], e[1], e[2]) },
			style{base: spiderEye, outline: 0.7, bevel: 1.2, gloss: 0.9})
	}
}

func legBand(base rgb, u, from, to float64) rgb {
	if u > from && u < to {
		return spiderMark
	}
	return base
}

func drawFemur(c *canvas, ox, oy float64) {
	leg := func(u, v float64) float64 {
		d := taper(u, v, 0, 0, 3.2, 26, 0, 2.5)
		d = math.Min(d, circle(u, v, 0, 0, 3.4))
		return smin(d, circle(u, v, 26, 0, 3.3), 1) // knee knob
	}
	c.shape(ox, oy, leg, style{bevel: 3, gloss: 0.3, col: func(u, v float64) rgb {
		return legBand(spiderLeg, u, 19.5, 22.5)
	}})
}

func drawTibia(c *canvas, ox, oy float64) {
	leg := func(u, v float64) float64 { return taper(u, v, 0, 0, 2.7, 30, 0, 0.6) }
	c.shape(ox, oy, leg, style{bevel: 2.5, gloss: 0.3, col: func(u, v float64) rgb {
		return legBand(spiderLeg, u, 3, 5.5)
	}})
}

func drawTarsus(c *canvas, ox, oy float64) {
	leg := func(u, v float64) float64 { return taper(u, v, 0, 0, 1.7, 12, 0, 0.6) }
	c.shape(ox, oy, leg, style{base: spiderLeg.scale(0.9), outline: 0.9, bevel: 1.5})
}

func drawCrawler(c *canvas, ox, oy float64) {
	// antennae and mandibles first, so the head covers their roots
	for _, a := range [][6]float64{{14.5, -2, 0.8, 21, -8, 0.5}, {16, 3.5, 1.4, 20, 5.5, 0.7}} {
		a := a
		c.shape(ox, oy, func(u, v float64) float64 { return taper(u, v, a[0], a[1], a[2], a[3], a[4], a[5]) },
			style{base: beetleDark, outline: 0.8, bevel: 1})
	}
	belly := func(u, v float64) float64 { return ellipse(u, v, -1.5, 3.5, 12, 3.6) }
	c.shape(ox, oy, belly, style{base: beetleBelly, bevel: 2})
	head := func(u, v float64) float64 { return circle(u, v, 13, 1.5, 4.5) }
	c.shape(ox, oy, head, style{base: beetleDark, bevel: 3, gloss: 0.4})
	pronotum := func(u, v float64) float64 { return ellipse(u, v, 8, -0.5, 5.2, 5.6) }
	c.shape(ox, oy, pronotum, style{base: beetleShell.scale(0.8), bevel: 3, gloss: 0.5})
	shell := func(u, v float64) float64 {
		d := ellipse(u, v, -3, -1, 12.5, 8.5)
		return -smin(-d, -(v - 3.2), 1.5) // flat underside
	}
	c.shape(ox, oy, shell, style{bevel: 6, gloss: 0.6, col: func(u, v float64) rgb {
		// the elytra seam and two faint ridges
		if math.Abs(v+1.5-0.004*(u+3)*(u+3)) < 0.4 {
			return beetleShell.scale(0.7)
		}
		return beetleShell
	}})
	c.shape(ox, oy, func(u, v float64) float64 { return circle(u, v, 14.6, 0, 1.2) },
		style{base: hex("#ffe9a8"), outline: 0.6, bevel: 1, gloss: 0.8}) // eye
}

func drawTentacleSegment(c *canvas, ox, oy float64) {
	seg := func(u, v float64) float64 { return taper(u, v, 0, 0, 4.5, 10, 0, 3.5) }
	c.shape(ox, oy, seg, style{bevel: 3.5, gloss: 0.25, col: func(u, v float64) rgb {
		if v > 1.5 {
			return tentacleSkin.mix(tentacleBell, 0.45) // paler underside
		}
		return tentacleSkin
	}})
	c.shape(ox, oy, func(u, v float64) float64 { return ellipse(u, v, 4.5, 2.4, 1.6, 1.2) },
		style{base: tentacleBell, outline: 0.7, bevel: 1})
}

func drawTentacleHead(c *canvas, ox, oy float64) {
	blob := func(u, v float64) float64 {
		d := ellipse(u, v, 0, -2, 16.5, 13.5)
		return smin(d, ellipse(u, v, 0, 7, 12, 6), 3)
	}
	c.shape(ox, oy, blob, style{base: tentacleSkin, bevel: 9, gloss: 0.35})
	for _, s := range [][3]float64{{-10, -8, 1.8}, {-6, -12, 1.3}, {9, -10.5, 1.5}, {12, -5, 1.1}} {
		s := s
		c.shape(ox, oy, func(u, v float64) float64 { return circle(u, v, s[0], s[1], s[2]) },
			style{base: tentacleBell, outline: -1, bevel: 1, alpha: 0.7})
	}
	eye := func(u, v float64) float64 { return circle(u, v, 2, -3, 7) }
	c.shape(ox, oy, eye, style{base: eyeWhite, bevel: 4})
	c.shape(ox, oy, func(u, v float64) float64 { return circle(u, v, 3.6, -2.6, 4) },
		style{base: tentacleIris, outline: 0.8, bevel: 2})
	c.shape(ox, oy, func(u, v float64) float64 { return circle(u, v, 4.2, -2.4, 2) },
		style{base: pupil, outline: -1, flat: true})
	c.shape(ox, oy, func(u, v float64) float64 { return circle(u, v, 2.6, -4.2, 0.9) },
		style{base: rgb{1, 1, 1}, outline: -1, flat: true})
	// eyelid: skin over the top of the eye
	c.shape(ox, oy, func(u, v float64) float64 { return math.Max(eye(u, v)+0.2, v+6.5) },
		style{base: tentacleSkin.scale(0.9), outline: 1, bevel: 2})
	mouth := func(u, v float64) float64 {
		return math.Max(math.Abs(circle(u, v, 3, 2, 6.5))-0.55, -(v - 6.5))
	}
	c.shape(ox, oy, mouth, style{base: pupil, outline: -1, flat: true})
}
