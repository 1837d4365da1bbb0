package creature

// Creature state, for a game to react to: what the creature is doing, from
// its steering, its feet and its progress.
//
// Progress: while steering toward a target or a path point, the creature
// remembers the least distance to it so far; getting progressStep px nearer
// than that is progress. While steering with SetMove, moving progressStep px
// away from the point where it last made progress is. Without progress for
// BlockedTime seconds, the creature is blocked (a wall it cannot climb, an
// edge with nothing to hold beyond, a target across a gap it cannot span)
// until it makes progress again or its steering changes.

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// State is what a creature is doing (Creature.State).
type State uint8

// States.
const (
	// StateIdle: not steering (Stop, SetMove(0)).
	StateIdle State = iota
	// StateMoving: steering and making progress.
	StateMoving
	// StateArrived: at its target or at the end of its path (Arrived).
	StateArrived
	// StateBlocked: steering but without progress for BlockedTime.
	StateBlocked
	// StateFalling: no foot on the ground or on its way to it.
	StateFalling
)

// String returns the state's name ("idle", "moving", "arrived", "blocked",
// "falling").
func (s State) String() string {
	switch s {
	case StateIdle:
		return "idle"
	case StateMoving:
		return "moving"
	case StateArrived:
		return "arrived"
	case StateBlocked:
		return "blocked"
	case StateFalling:
		return "falling"
	}
	return "unknown"
}

const (
	// BlockedTime is the time, seconds, without progress after which a
	// steering creature is blocked.
	BlockedTime = 2.0
	// progressStep is the progress, px, that resets the blocked timer.
	progressStep = 1.0
)

// State returns what the creature is doing after the last Update. Falling
// comes first (a falling creature may still be steering), then arrived,
// idle, blocked and moving.
func (c *Creature) State() State {
	switch {
	case c.planted == 0 && c.airborn == 0:
		return StateFalling
	case c.Arrived():
		return StateArrived
	case c.steer == steerStop || (c.steer == steerMove && c.move == 0):
		return StateIdle
	case c.stall >= BlockedTime:
		return StateBlocked
	}
	return StateMoving
}

// Stalled returns the time, seconds, since the creature last made progress
// toward its target, path point or SetMove direction (0 while idle or
// arrived).
func (c *Creature) Stalled() float64 { return c.stall }

// trackProgress updates the progress mark and the stall time after an
// Update of dt seconds.
func (c *Creature) trackProgress(dt float64) {
	var goal mgl64.Vec2
	switch c.steer {
	case steerTarget:
		goal = c.target
	case steerPath:
		if c.pathNext >= len(c.path) {
			c.resetProgress()
			return
		}
		goal = c.path[c.pathNext]
	case steerMove:
		if c.move == 0 {
			c.resetProgress()
			return
		}
		// Progress is moving away from the mark.
		if d := c.pos.Sub(c.mark); d.Dot(d) >= progressStep*progressStep {
			c.mark, c.stall = c.pos, 0
		} else {
			c.stall += dt
		}
		return
	default:
		c.resetProgress()
		return
	}
	if c.Arrived() {
		c.resetProgress()
		return
	}
	if goal != c.markGoal || !c.marked {
		c.markGoal, c.marked, c.stall = goal, true, 0
		c.best = math.Inf(1)
	}
	if d := c.pos.Sub(goal).Len(); d <= c.best-progressStep || math.IsInf(c.best, 1) {
		c.best, c.stall = d, 0
		return
	}
	c.stall += dt
}

// resetProgress forgets the progress mark.
func (c *Creature) resetProgress() {
	c.stall, c.marked, c.best, c.mark = 0, false, math.Inf(1), c.pos
}
