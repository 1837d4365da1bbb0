package creature

// The way along the contour.
//
// A creature walks along the contour of the solids it stands on: its sense
// (+1 along Right(), -1 against it) follows that contour through convex and
// concave corners either way (floor, wall, ceiling and back). Steering
// toward a point by the sign of the point's projection on Right() (towards,
// update.go) turns the creature round wherever the contour leads away from
// the point for a while. Under an overhang's lip it climbs the block's face
// and hangs from the lip's underside, where the way on is along the
// underside to the lip and round it; but there the point (beyond the block,
// below the underside) projects the other way, so the creature walked back
// into the corner, down the face, turned again on the floor, and went round
// that pocket for ever (the same in a cave whose mouth is behind it).
//
// So the sense is the one the projection last gave while the creature
// stood on a floor or a wall; while it hangs from a ceiling (its up points
// down the screen: up.y > wayHang) and is farther than wayNear
// ArriveRadius from the point, it keeps that sense at full speed, whatever
// the projection says, and goes on along the contour (round the lip, onto
// its top, where the projection steers again). Kept, the sense turns round
// when that way is closed: the creature has not moved wayRadius
// (BodyHeight) from where it stood for wayStill seconds. A new point
// (SetTarget, the next path point), SetMove, Stop or Place forgets the
// sense. The state stays what progress says (state.go).

import (
	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/internal/num"
)

const (
	// wayStill is how long, seconds, a creature keeping its sense may stay
	// within wayRadius before the sense turns round.
	wayStill = 1.5
	// wayRadius is that radius, as a share of BodyHeight.
	wayRadius = 1.0
	// wayHang: a creature whose up points down the screen by more than
	// this (its up's y component, screen y down) hangs from what it walks
	// on, and keeps its sense.
	wayHang = 0.25
	// wayStillPlanned is wayStill for a sense the route planned: the way
	// is known to lead there, so a hard place on it (the top of a pillar
	// the creature climbs) gets longer before the creature turns round.
	wayStillPlanned = 8.0
	// wayReplan is how long, seconds, a creature walks the other way
	// after its planned sense turned round before it plans again.
	wayReplan = 3.0
	// wayOverrun and wayOverrunMin bound how far a creature walks the
	// planned way, as a multiple of the traced length plus BodyHeights,
	// before the route is planned again (trackWay).
	wayOverrun    = 1.1
	wayOverrunMin = 2.0
	// wayNear is the distance to the point, as a share of ArriveRadius,
	// within which the projection steers again.
	wayNear = 3.0
)

// wayState is a creature's kept sense toward its point (way.go).
type wayState struct {
	sense  float64    // 0: undecided; +1 along Right(), -1 against it
	goal   mgl64.Vec2 // the point the sense leads to
	anchor mgl64.Vec2 // where the creature was when it last moved wayRadius
	still  float64    // seconds within wayRadius of anchor
	kept   bool       // the last command kept the sense (beyond wayNear)
	// planned: sense came from the route (route.go); it is not taken
	// from the route again (a sense turned round by trackWay stays so).
	planned bool
	// arrived: the creature came within ArriveRadius of the point
	// (trackArrival) and has not left arriveLeave of it since.
	arrived bool
	replan  float64 // seconds until the route is planned again (after a turn)
	// walked is how far, px, the body has walked in the planned sense
	// (the route's overrun, trackWay).
	walked float64
}

// resetWay forgets the sense: the next command decides afresh.
func (c *Creature) resetWay() {
	c.way = wayState{anchor: c.pos}
}

// wayCommand returns the commanded signed speed toward p: the projection's
// (towards), which also sets the sense, or, while the creature hangs
// beyond wayNear of p, the kept sense at full speed.
func (c *Creature) wayCommand(p mgl64.Vec2) float64 {
	w := &c.way
	if p != w.goal {
		*w = wayState{goal: p, anchor: c.pos}
	}
	w.kept = false
	if w.arrived {
		// Arrived (the latch trackArrival sets): it stays so, and stands,
		// until the point is more than arriveLeave ArriveRadius away.
		if c.within(p, arriveLeave*arriveLeave*c.def.arrive2) {
			return 0
		}
		w.arrived = false
	}
	near := wayNear * c.def.Gait.ArriveRadius
	if rs := c.planRoute(c.ground, p); rs != 0 && !c.within(p, near*near) {
		// The route's sense (route.go), kept like a hanging creature's.
		if !w.planned {
			w.sense, w.planned, w.walked = rs, true, 0
		}
		w.kept = true
		return w.sense * c.def.Gait.Speed
	}
	if c.up[1] <= wayHang || c.within(p, near*near) || w.sense == 0 {
		v := c.towards(p)
		if v > facingSpeed || v < -facingSpeed {
			s := 1.0
			if v < 0 {
				s = -1
			}
			w.sense = s
		}
		return v
	}
	w.kept = true
	return w.sense * c.def.Gait.Speed
}

// arriveLeave is how far, in ArriveRadius, a creature that arrived at its
// target must be from it before it counts as not arrived and walks again:
// without the margin a creature that stopped just inside ArriveRadius and
// settled (or was pushed) just outside it walked back, and Arrived flipped
// (a new user's trial saw it in 3 of its runs).
const arriveLeave = 2.0

// trackArrival latches the arrival at a SetTarget point after an Update.
func (c *Creature) trackArrival() {
	if c.steer == steerTarget && !c.way.arrived && c.within(c.target, c.def.arrive2) {
		c.way.arrived, c.way.goal = true, c.target
	}
}

// trackWay turns a kept sense round when its way is closed (the creature
// stayed within wayRadius for wayStill seconds), after an Update of dt
// seconds.
func (c *Creature) trackWay(dt float64) {
	w := &c.way
	if !w.kept || c.planted == 0 {
		w.anchor, w.still = c.pos, 0
		return
	}
	r := wayRadius * c.def.Gait.BodyHeight
	if c.pos.Sub(w.anchor).LenSqr() > r*r {
		w.anchor, w.still = c.pos, 0
	} else {
		w.still += dt
	}
	still := wayStill
	if w.planned {
		still = wayStillPlanned
	}
	if w.still >= still {
		w.sense = -w.sense
		w.anchor, w.still = c.pos, 0
		if w.planned {
			w.replan = wayReplan
		}
	}
	if w.planned && w.replan == 0 {
		// The overrun: a creature that has walked the planned way
		// wayOverrun times the traced length (plus wayOverrunMin
		// BodyHeight) without coming near the point has left the
		// traced way (a gap its legs stepped across where the trace
		// went down into it, an edge it did not go round): the route
		// is planned again from where it is. Without it a spider
		// walked on along the course, round the end of the world's
		// ground and along its underside for good (2 of the 5 courses
		// of 200 it did not arrive on at 60 TPS).
		w.walked += num.Len(c.Velocity()) * dt
		if w.walked > wayOverrun*c.route.length+wayOverrunMin*c.def.Gait.BodyHeight {
			w.planned, w.walked = false, 0
			c.route.state = routeNone
		}
	}
	if w.replan > 0 {
		// A planned sense turned round: the route is planned again from
		// where the creature has got to (route.go), which may lead back
		// the way that was closed (tried again, from another footing)
		// rather than on round the other way for ever (under the level,
		// along the far side of a world's ground).
		if w.replan -= dt; w.replan <= 0 {
			w.replan, w.planned = 0, false
			c.route.state = routeNone
		}
	}
}
