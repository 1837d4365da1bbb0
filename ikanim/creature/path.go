package creature

// Following a path (SetPath): the waypoint the creature walks to, and
// giving up one it cannot reach.
//
// A waypoint the creature cannot reach (the top of a floating box it stands
// under, a point across a gap) stopped the whole path for good: the
// creature stood blocked under it (a new user's trial: 56 s, the rest of
// the path never walked). So a waypoint toward which the creature has made
// no progress (state.go: Stalled) for the waypoint timeout
// (SetWaypointTimeout, DefaultWaypointTimeout) is given up, as if it had been
// reached, and the creature goes on to the next one; the game reads the
// current waypoint (PathIndex), how many were given up (SkippedWaypoints),
// and may give one up itself (SkipWaypoint).

import (
	"math"
)

// DefaultWaypointTimeout is the waypoint timeout, seconds, of a new
// creature (SetWaypointTimeout): a creature following a path gives up a
// waypoint after this long without progress toward it (BlockedTime after
// the stall began it is blocked, so it stands blocked DefaultWaypointTimeout
// - BlockedTime seconds first). It is longer than BlockedTime so that a
// creature going the long way round a solid (away from the point for a
// while) is not made to give up the point it is on its way to.
const DefaultWaypointTimeout = 6.0

// SetWaypointTimeout sets how long, seconds, a creature following a path
// may go without progress toward its current waypoint (Stalled) before it
// gives that waypoint up and goes on to the next (SkipWaypoint). The last
// point of a path that does not loop is never given up this way: it is
// where the creature is sent, as SetTarget's point is. A timeout that is
// not positive and finite (0, negative, +Inf, NaN) never gives up. New
// sets DefaultWaypointTimeout.
func (c *Creature) SetWaypointTimeout(seconds float64) {
	if !(seconds > 0) || math.IsInf(seconds, 1) {
		seconds = 0
	}
	c.wayTimeout = seconds
}

// WaypointTimeout returns the waypoint timeout (SetWaypointTimeout; 0:
// never).
func (c *Creature) WaypointTimeout() float64 { return c.wayTimeout }

// PathIndex returns the index in the SetPath slice of the waypoint the
// creature walks to: len(points) once a path that does not loop is done,
// and -1 when the creature is not following a path (SetTarget, SetMove,
// Stop).
func (c *Creature) PathIndex() int {
	if c.steer != steerPath {
		return -1
	}
	return c.pathNext
}

// SkipWaypoint gives up the current waypoint of the path the creature
// follows, as if it had reached it: it walks to the next one (after the
// last, to the first of a looping path; skipping the last point of a path
// that does not loop ends the path: Arrived). It counts in
// SkippedWaypoints. Without a path, or once the path is done, it does
// nothing.
func (c *Creature) SkipWaypoint() {
	if c.steer != steerPath || c.pathNext >= len(c.path) {
		return
	}
	c.skipped++
	c.pathNext++
	if c.pathNext == len(c.path) && c.pathLoop {
		c.pathNext = 0
	}
	c.resetProgress()
	c.resetWay()
}

// SkippedWaypoints returns how many waypoints of the current path were
// given up (the waypoint timeout, or SkipWaypoint) since SetPath.
func (c *Creature) SkippedWaypoints() int { return c.skipped }

// waypointTimedOut reports whether the current waypoint is to be given up:
// the creature has made no progress toward it for the waypoint timeout,
// and it is not the last point of a path that does not loop.
func (c *Creature) waypointTimedOut() bool {
	n := c.pathNext
	return c.wayTimeout > 0 && c.stall >= c.wayTimeout && n < len(c.path) &&
		(c.pathLoop || n < len(c.path)-1) && c.marked && c.markGoal == c.path[n]
}
