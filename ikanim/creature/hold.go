package creature

import (
	"github.com/ikanim/kit/ikanim"
)

// Ground that goes away under a planted foot.
//
// A game may remove a platform from the space, or move it, while a
// creature stands on it. Nothing in a creature's frame asks the ground
// about a planted foot again (its foothold was found when the step
// started), so without a check a creature stood on nothing for ever. Every
// holdPeriod seconds one planted leg, in turn, checks its hold: a ray
// along the foot's normal from holdProbe px above the foot to holdProbe
// px below it must enter a surface (a ray that starts inside a solid and
// leaves it does not count: a platform moved up over the foot). On a
// Ground that answers GroundInside, a foot whose point holdProbe/2 px
// below it is inside a solid holds too (a foot on the very rim of a
// platform, where the ray may pass beside the edge), unless the point
// holdBuried px above it is inside one (ground that came up over the
// foot: a platform raised or turned into it). A leg that lost its
// hold dangles: the gait looks for a new foothold for it, and a creature
// whose every leg lost its hold falls (Falling) onto whatever is below.
// With eight legs all are checked within 8 * holdPeriod (0.53 s). A
// platform that moves along its own surface keeps the feet on it (they
// do not ride it: a creature is not carried).
const (
	holdPeriod = 1.0 / 15
	holdProbe  = 3.0
	holdBuried = 0.5
)

// checkHold runs the hold check of the frame (see above).
func (c *Creature) checkHold(g ikanim.Ground, dt float64) {
	c.holdClock += dt
	if c.holdClock < holdPeriod {
		return
	}
	c.holdClock = 0
	n := len(c.legs)
	for k := 0; k < n; k++ {
		i := c.holdNext + k
		if i >= n {
			i -= n
		}
		l := &c.legs[i]
		if l.state != legPlanted {
			continue
		}
		c.holdNext = i + 1
		if c.holdNext >= n {
			c.holdNext = 0
		}
		fx, fy, nx, ny := l.foot[0], l.foot[1], l.normal[0], l.normal[1]
		if c.inside != nil {
			// Ground that came up over the foot (a platform raised or
			// turned into it): the point holdBuried px above it is in
			// a solid, and the foot is buried, not holding.
			above := l.foot
			above[0], above[1] = fx+nx*holdBuried, fy+ny*holdBuried
			if c.inside.Inside(above) {
				c.letGo(l)
				return
			}
		}
		from := l.foot
		from[0], from[1] = fx+nx*holdProbe, fy+ny*holdProbe
		to := l.foot
		to[0], to[1] = fx-nx*holdProbe, fy-ny*holdProbe
		if swingHit(g, from, to) {
			return
		}
		if c.inside != nil {
			below := l.foot
			below[0], below[1] = fx-nx*holdProbe/2, fy-ny*holdProbe/2
			if c.inside.Inside(below) {
				return
			}
		}
		c.letGo(l)
		return
	}
}

// letGo makes a planted leg whose hold went away dangle, looking for a new
// foothold at once.
func (c *Creature) letGo(l *leg) {
	c.liftOff(l)
	l.state = legDangling
	l.retry = 0
}
