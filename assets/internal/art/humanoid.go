package art

import "math"

// The humanoid adventurer. Convention (see package assets): parts that point
// up on screen (torso, head) have their front on +v; parts that hang down
// (arms, legs) have their front on -v; the foot lies as it stands (sole on +v,
// toe towards +u).

// seam darkens a colour in a thin band around a boundary value, which reads
// as a stitched edge between two materials.
func seam(c rgb, dist float64) rgb {
	if math.Abs(dist) < 0.45 {
		return c.scale(0.62)
	}
	return c
}

func drawTorso(c *canvas, ox, oy float64) {
	pelvis := func(u, v float64) float64 { return box(u, v, -1, 0.5, 8.5, 8.8, 6) }
	chest := func(u, v float64) float64 { return box(u, v, 24, 1, 14, 11, 7.5) }
	// the waist joins them: the shirt tucked into the belt, so no light
	// shows between the hips and the chest
	waist := func(u, v float64) float64 { return box(u, v, 8.75, 0.8, 4.5, 8.2, 2.5) }
	body := func(u, v float64) float64 {
		d := smin(smin(pelvis(u, v), waist(u, v), 2), chest(u, v), 4)
		// a slight bulge of the chest towards the front (+v)
		d = smin(d, ellipse(u, v, 25, 4.5, 10, 8), 3)
		return smin(d, box(u, v, 38.5, 1, 3.5, 5.5, 2.5), 2) // collar around the neck joint
	}
	c.shape(ox, oy, body, style{bevel: 7, col: func(u, v float64) rgb {
		switch {
		case u < 3:
			return seam(trousers, u-3)
		case u < 7.5:
			if v > 4.5 && u > 3.8 && u < 6.8 {
				return buckle
			}
			return belt
		case u > 33:
			return seam(scarf, u-33)
		case v < 4.5:
			// the open vest covers the back and sides, the shirt shows at the front
			return seam(vest, v-4.5)
		default:
			return shirt
		}
	}})
	// vest buttons along its front edge
	for _, bu := range []float64{14, 21, 28} {
		bu := bu
		c.shape(ox, oy, func(u, v float64) float64 { return circle(u, v, bu, 3.6, 1.1) },
			style{base: buckle, outline: -1, bevel: 1})
	}
}

func drawHead(c *canvas, ox, oy float64) {
	neck := func(u, v float64) float64 { return taper(u, v, -3, 0.5, 3.5, 6, 0.5, 3.8) }
	c.shape(ox, oy, neck, style{base: skin.scale(0.85), bevel: 3})
	skull := func(u, v float64) float64 {
		d := ellipse(u, v, 14, -0.5, 12.5, 12)
		d = smin(d, ellipse(u, v, 7.5, 4.5, 6.5, 7), 3)    // jaw and chin, towards the face
		return smin(d, circle(u, v, 12.5, 11.8, 2.3), 1.5) // nose
	}
	isHair := func(u, v float64) bool {
		top := u - 17.5 - 0.28*v       // crown, with the hairline slanting back
		back := -v - 4.5 - 0.12*(u-10) // back of the head, down to the nape
		return top > 0 || (back > 0 && u > 3)
	}
	c.shape(ox, oy, skull, style{bevel: 7, col: func(u, v float64) rgb {
		if isHair(u, v) {
			return hair
		}
		return skin
	}})
	// a fringe over the brow, a little outside the skull outline
	fringe := func(u, v float64) float64 {
		d := ellipse(u, v, 20.5, 5, 5.5, 6.5)
		return math.Max(d, skull(u, v)-1.2)
	}
	c.shape(ox, oy, fringe, style{base: hair, bevel: 3})
	ear := func(u, v float64) float64 { return ellipse(u, v, 11.5, -3, 3.2, 2.3) }
	c.shape(ox, oy, ear, style{base: skin.scale(0.95), bevel: 2})
	eye := func(u, v float64) float64 { return ellipse(u, v, 15, 7, 2.6, 2.1) }
	c.shape(ox, oy, eye, style{base: eyeWhite, outline: 0.9, bevel: 1.5})
	c.shape(ox, oy, func(u, v float64) float64 { return math.Max(circle(u, v, 15, 8.2, 1.45), eye(u, v)+0.5) },
		style{base: pupil, outline: -1, flat: true})
	c.shape(ox, oy, func(u, v float64) float64 { return box(u, v, 5.8, 8.6, 0.45, 1.2, 0.45) },
		style{base: hex("#7a3a30"), outline: -1, flat: true})
}

func drawUpperarm(c *canvas, ox, oy float64) {
	arm := func(u, v float64) float64 { return taper(u, v, 0, 0, 5, 22, 0, 4) }
	c.shape(ox, oy, arm, style{bevel: 4.5, col: func(u, v float64) rgb {
		if u < 15 {
			return seam(shirt, u-15)
		}
		return skin
	}})
}

func drawForearm(c *canvas, ox, oy float64) {
	arm := func(u, v float64) float64 { return taper(u, v, 0, 0, 4.3, 20, 0, 3.4) }
	c.shape(ox, oy, arm, style{bevel: 4, col: func(u, v float64) rgb { return skin }})
	bracer := func(u, v float64) float64 {
		return math.Max(arm(u, v)-0.6, math.Abs(u-14.5)-4)
	}
	c.shape(ox, oy, bracer, style{base: glove, bevel: 3})
}

func drawHand(c *canvas, ox, oy float64) {
	fist := func(u, v float64) float64 {
		d := taper(u, v, 1, 0, 3.6, 5.5, 0.5, 4.6)
		return smin(d, circle(u, v, 4, -4, 2.2), 1) // thumb on the front side (-v)
	}
	c.shape(ox, oy, fist, style{base: glove, bevel: 3})
	// finger creases
	c.shape(ox, oy, func(u, v float64) float64 {
		return math.Max(fist(u, v)+1.6, math.Min(math.Abs(v-0.5), math.Abs(v-3))-0.35)
	}, style{base: glove.scale(0.6), outline: -1, flat: true})
}

func drawThigh(c *canvas, ox, oy float64) {
	leg := func(u, v float64) float64 {
		d := taper(u, v, 0, 0, 6.5, 30, 0, 5.2)
		return smin(d, circle(u, v, 28, -2, 4.4), 3) // knee cap at the front (-v)
	}
	c.shape(ox, oy, leg, style{bevel: 5, col: func(u, v float64) rgb {
		return seam(trousers, v-2.2+0.02*u) // side seam
	}})
}

func drawShin(c *canvas, ox, oy float64) {
	shin := func(u, v float64) float64 { return taper(u, v, 0, 0, 5.2, 30, 0, 4.3) }
	bootShaft := func(u, v float64) float64 { return box(u, v, 23, 0, 8.5, 5.4, 2.5) }
	cuff := func(u, v float64) float64 { return box(u, v, 16.5, 0, 2.2, 6.2, 1.5) }
	c.shape(ox, oy, func(u, v float64) float64 { return math.Min(shin(u, v), bootShaft(u, v)) },
		style{bevel: 4.5, col: func(u, v float64) rgb {
			if u < 15 {
				return trousers
			}
			return boot
		}})
	c.shape(ox, oy, cuff, style{base: bootCuff, bevel: 2.5})
}

func drawFoot(c *canvas, ox, oy float64) {
	foot := func(u, v float64) float64 {
		d := box(u, v, 4, 0.8, 9, 4.2, 3)
		d = smin(d, ellipse(u, v, 10, 1.8, 4, 3.2), 1.5) // rounded toe
		return smin(d, box(u, v, 0, -3, 4.5, 3, 2), 1.5) // shaft around the ankle
	}
	c.shape(ox, oy, foot, style{bevel: 4, col: func(u, v float64) rgb {
		if v > 3.4 {
			return sole
		}
		if u > 9 {
			return seam(bootCuff, u-9) // toe cap
		}
		return boot
	}})
}
