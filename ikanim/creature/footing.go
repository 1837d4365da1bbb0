package creature

// Footing counts a creature's feet by what they do after the last Update.
// Planted + Stepping + DanglingRight + DanglingLeft + the dangling feet
// right under the body (rare) = NumLegs.
type Footing struct {
	// Planted feet are locked on a surface; Stepping feet are on their way
	// to a new foothold. A creature with neither is falling.
	Planted, Stepping int
	// DanglingRight and DanglingLeft count the feet that found no foothold
	// (they hang at their home until they search again), by the side of
	// the body, along +Right() or -Right(), where they hang: an edge or a
	// gap on that side.
	DanglingRight, DanglingLeft int
}

// OnSurface reports whether a foot is planted or stepping.
func (f Footing) OnSurface() bool { return f.Planted+f.Stepping > 0 }

// Footing returns what the feet do after the last Update: the planted and
// stepping counts the creature keeps, and, only when some foot dangles,
// where each dangling foot hangs (a read of those legs): cheaper than
// reading every Leg, for a game that checks many creatures each frame
// (whether one is at an edge in the way it walks, or falling).
func (c *Creature) Footing() Footing {
	f := Footing{Planted: c.planted, Stepping: c.airborn}
	if f.Planted+f.Stepping == len(c.legs) {
		return f // no foot dangles
	}
	right := c.Right()
	for i := range c.legs {
		l := &c.legs[i]
		if l.state != legDangling {
			continue
		}
		switch d := (l.foot[0]-c.pos[0])*right[0] + (l.foot[1]-c.pos[1])*right[1]; {
		case d > 0:
			f.DanglingRight++
		case d < 0:
			f.DanglingLeft++
		}
	}
	return f
}
