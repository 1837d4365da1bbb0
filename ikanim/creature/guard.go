package creature

// The leg guard: every frame, after the 2- and 3-segment legs are solved
// (prepareLegs), their femurs and tibiae are checked against the solids,
// and a leg found through one is dealt with while it is (not only when its
// knee sinks below its own face, kneeBlocked, or another planted foot's,
// kneeAcross):
//
//   - the check: one rectangle for all the planted legs (groundClear: the hips,
//     knees and two-bone ends; a 2-segment leg's end taken swingClear short
//     of its foot, which stands on a face), which on open ground proves
//     every leg free with no ray (grown by guardGrow along the surface and
//     guardGrowUp across it, and kept for the next
//     frames, up to guardKeep, while the legs stay in it); else the
//     rectangle of each leg, and two
//     rays (hip -> knee, knee -> end) for a leg whose rectangle holds a
//     solid's boundary. On a Ground that does not answer groundClear, the
//     two rays of every leg, every frame (the same answers, at a cost).
//   - a planted leg through a solid wants to step, urgently, and lifts
//     whatever its neighbours do (as a knee in the solid under its foot
//     does, gaitMayLift): standing, it would stay through the rock until
//     the body walked on. Where it finds no foothold it keeps the one it
//     has (startStep's keep) instead of dangling: a spider of 12 legs
//     under a ceiling's end let go of it leg after leg and fell.
//   - (Dangling legs are not guarded: bending a dangling leg's knee to its
//     free side, where that crossed no neighbour's leg, tripled the
//     4-legged crawler's crossed frames on the 48 courses, 190 -> 707 at
//     30 TPS, and raised its share of frames with a limb in a solid, 11.5
//     -> 16.3 %.)

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

const (
	// guardGrow is how far, px, the leg guard grows the rectangle round
	// the planted legs along the surface (Right) before it asks whether it
	// is clear, and guardGrowUp how far along up (where the ground is):
	// the legs of the next frames, moved less than that, lie in it.
	guardGrow   = 8.0
	guardGrowUp = 1.0
	// guardKeep is how long, s, the leg guard trusts a rectangle proven
	// clear: a solid the game adds or moves there is seen within it (as
	// ground taken away is within holdPeriod, hold.go, by one leg; eight
	// legs in 0.53 s). At holdPeriod (1/15 s) a walking spider asked
	// BoxClear in 25 % of its frames, at 0.25 s in 15 %.
	guardKeep = 0.25
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

// guardLegs checks the solved 2- and 3-segment legs that stand against
// the solids and has those through one step (see the file comment; plan
// nil: Place, no gait).
func (c *Creature) guardLegs(plan *gaitPlan) {
	if plan == nil {
		return
	}
	legs := c.legs
	dl := c.def.legs[:len(legs)]
	poses := c.poses[:len(legs)]
	// The rectangle round the planted legs, in scalars and plain
	// comparisons (math.Min and Max are calls; a NaN joint, which no frame
	// makes, would be left out).
	x0, y0 := math.Inf(1), math.Inf(1)
	x1, y1 := math.Inf(-1), math.Inf(-1)
	any := false
	for i := range legs {
		if legs[i].state != legPlanted || dl[i].chain != nil {
			continue
		}
		any = true
		p := &poses[i]
		e := p.ankle
		if dl[i].segs == 2 {
			e = legEnd(p, &dl[i])
		}
		ax, bx := p.hip[0], p.knee[0]
		if ax > bx {
			ax, bx = bx, ax
		}
		ay, by := p.hip[1], p.knee[1]
		if ay > by {
			ay, by = by, ay
		}
		if e[0] < ax {
			ax = e[0]
		} else if e[0] > bx {
			bx = e[0]
		}
		if e[1] < ay {
			ay = e[1]
		} else if e[1] > by {
			by = e[1]
		}
		if ax < x0 {
			x0 = ax
		}
		if bx > x1 {
			x1 = bx
		}
		if ay < y0 {
			y0 = ay
		}
		if by > y1 {
			y1 = by
		}
	}
	if !any {
		return
	}
	if c.clear != nil {
		// Within the rectangle proven clear less than guardKeep ago: no
		// query. Else the rectangle grown by guardGrow (kept for the next
		// frames when clear), then the rectangle itself.
		if c.guardOK && c.clock-c.guardAt < guardKeep &&
			x0 >= c.guardLo[0] && y0 >= c.guardLo[1] && x1 <= c.guardHi[0] && y1 <= c.guardHi[1] {
			return
		}

		// Grown mostly along the surface (Right), the way the body and
		// its legs move, little toward the ground.
		gx := guardGrowUp + guardGrow*math.Abs(c.up[1])
		gy := guardGrowUp + guardGrow*math.Abs(c.up[0])
		lo := mgl64.Vec2{x0 - gx, y0 - gy}
		hi := mgl64.Vec2{x1 + gx, y1 + gy}
		if c.clear.BoxClear(lo, hi) {
			c.guardLo, c.guardHi, c.guardAt, c.guardOK = lo, hi, c.clock, true
			return
		}
		c.guardOK = false
		if c.clear.BoxClear(mgl64.Vec2{x0, y0}, mgl64.Vec2{x1, y1}) {
			return
		}
	}
	g := c.ground
	for i := range legs {
		l := &legs[i]
		ld := &dl[i]
		if ld.chain != nil || l.state != legPlanted {
			continue
		}
		p := &poses[i]
		e := legEnd(p, ld)
		if c.clear3(p.hip, p.knee, e) || !swingHit(g, p.hip, p.knee) && !swingHit(g, p.knee, e) {
			continue
		}
		if !plan.urgent[i] {
			plan.guard |= 1 << (i & 31)
		}
		if plan.need[i] < 1 {
			plan.need[i] = 1
		}
		plan.urgent[i] = true
		plan.knee |= 1 << (i & 31)
		plan.any = true
	}
}
