package creature

// The leg guard: every frame, after the 2- and 3-segment legs are solved
// (prepareLegs), their femurs and tibiae are checked against the solids,
// and a leg found through one is dealt with while it is (not only when its
// knee sinks below its own face, kneeBlocked, or another planted foot's,
// kneeAcross):
//
//   - the check: one rectangle for all the legs (groundClear: the hips,
//     knees and two-bone ends; a 2-segment leg's end taken swingClear short
//     of its foot, which stands on a face), which on open ground proves
//     every leg free with no ray; else the rectangle of each leg, and two
//     rays (hip -> knee, knee -> end) for a leg whose rectangle holds a
//     solid's boundary. On a Ground that does not answer groundClear, the
//     two rays of every leg, every frame (the same answers, at a cost).
//   - a planted leg through a solid wants to step, urgently, and lifts
//     whatever its neighbours do (as a knee in the solid under its foot
//     does, gaitMayLift): standing, it would stay through the rock until
//     the body walked on.

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// legEnd returns the two-bone end of leg pose p checked against the
// solids: the ankle of a 3-segment leg, swingClear short of the foot for
// a 2-segment leg (whose end stands on a face: a ray that ends on it can
// report entering it).
func legEnd(p *legPose, ld *legDef) mgl64.Vec2 {
	e := p.ankle
	if ld.segs == 2 {
		dx, dy := e[0]-p.knee[0], e[1]-p.knee[1]
		l := math.Sqrt(dx*dx + dy*dy)
		if l <= swingClear {
			return p.knee
		}
		k := (l - swingClear) / l
		e = mgl64.Vec2{p.knee[0] + dx*k, p.knee[1] + dy*k}
	}
	return e
}

// guardLegs checks the solved 2- and 3-segment legs that stand or step
// against the solids and deals with those through one (see the file
// comment).
func (c *Creature) guardLegs(plan *gaitPlan) {
	legs := c.legs
	dl := c.def.legs[:len(legs)]
	poses := c.poses[:len(legs)]
	var lo, hi mgl64.Vec2
	first := true
	for i := range legs {
		if dl[i].chain != nil || legs[i].state == legDangling {
			continue
		}
		p := &poses[i]
		if first {
			lo, hi, first = p.hip, p.hip, false
		} else {
			boxGrow(&lo, &hi, p.hip)
		}
		boxGrow(&lo, &hi, p.knee)
		boxGrow(&lo, &hi, legEnd(p, &dl[i]))
	}
	if first || c.clear != nil && c.clear.BoxClear(lo, hi) {
		return
	}
	g := c.ground
	for i := range legs {
		l := &legs[i]
		ld := &dl[i]
		if ld.chain != nil || l.state == legDangling {
			continue
		}
		p := &poses[i]
		e := legEnd(p, ld)
		if c.clear3(p.hip, p.knee, e) || !swingHit(g, p.hip, p.knee) && !swingHit(g, p.knee, e) {
			continue
		}
		switch l.state {
		case legPlanted:
			if plan == nil {
				continue
			}
			if plan.need[i] < 1 {
				plan.need[i] = 1
			}
			plan.urgent[i] = true
			plan.knee |= 1 << (i & 31)
			plan.any = true
		}
	}
}
