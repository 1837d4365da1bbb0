package ikanim

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/internal/num"
)

// The underside's far end (Climber.Under).
//
// Along an underside past its far end (the climber moving forward, away
// from the face it came down), a limb's ray up finds nothing. It then
// holds the underside's edge behind it: CornerSteps rays, CornerStep px
// apart, stepping back (along -forward) from the limb's point D, each from
// CornerUp px below D up to CornerDown px above it (the bottom corner's
// rays, the other way round); the first that finds an underside is the
// hold. So the hands keep the far edge while the body goes on past it (up
// to CornerSteps*CornerStep px past it, 30 px by default), as they keep
// the near edge (the bottom corner's rays from the face); a foot whose
// rays find nothing dangles.
//
// Round the far bottom corner. Once the chest is past the far edge, the
// underside's far face (the block's other side, its normal along forward)
// is behind the body. LeaveUnder there turns the character round:
// Rig.Facing flips, as a sprite turns round (the whole figure mirrors
// about Position in that frame: its bones' local angles go on, so no
// joint pops, while a hand's world place jumps across), and the
// climber's body offset is mirrored with it, so the body itself does not
// move in the world. The far face becomes every limb's last wall hit and
// the climber leaves the underside as at the near edge, except for the
// hands' holds until their forward rays find the face: the face's bottom
// (the far face's hit), not the underside's edge, so a hand that mirrored
// away from the block comes back to the corner from outside it (to the
// underside's edge its path crossed the corner: the forearm 4.4 px in).
// The face is found by a ray from the chest back along forward, 2 px above
// the holds' height; LeaveUnder turns only when the chest is at least
// Distance-2 px from it along its normal, so the body rises beside the
// face, not into it, and until then refuses.

// climbFarAbove is how far above the underside holds' height, px, the ray
// that finds the far face runs.
const climbFarAbove = 2.0

// underEdgeBehind casts the far edge's rays for limb cl at character-frame
// point D (see above) and returns the first underside hit.
func (c *Climber) underEdgeBehind(r *Rig, cl *climbLimb, D mgl64.Vec2) (p, n mgl64.Vec2, ok bool) {
	steps, step, up, down := c.cornerRays()
	for k := 1; k <= steps; k++ {
		x := D[0] - float64(k)*step
		p, n, ok = c.cast(r, cl, mgl64.Vec2{x, D[1] + up}, mgl64.Vec2{x, D[1] - down})
		if ok && n[1] > minGroundCos {
			cl.contact.Under = true
			return p, n, true
		}
	}
	return p, n, false
}

// farFace finds the underside's far face behind the chest (see above) and
// returns it (character frame), ok only when the chest is at least
// Distance-2 px from it along its normal.
func (c *Climber) farFace() (p, n mgl64.Vec2, ok bool) {
	r := c.rig
	m, held := c.underHoldsMean()
	if !held {
		return p, n, false
	}
	chest := c.chest.Add(c.appliedV)
	y := m[1] - climbFarAbove
	reach := num.Or(c.Reach, DefaultClimbReach)
	p, n, ok = c.cast(r, nil, mgl64.Vec2{chest[0], y}, mgl64.Vec2{chest[0] - reach, y})
	if !ok || !(n[0] > minGroundCos) || math.Abs(n[1]) > climbUndersideSin {
		return p, n, false // no face behind the chest (or a slope, not a face)
	}
	return p, n, chest.Sub(p).Dot(n) >= num.Or(c.Distance, DefaultClimbDistance)-2
}

// turnRound turns the climber round at the underside's far end onto its
// far face (see above) and reports whether it did.
func (c *Climber) turnRound() bool {
	r := c.rig
	p, n, ok := c.farFace()
	if !ok {
		return false
	}
	wp, wn := r.frame.toWorld(p), r.frame.dirToWorld(n)
	r.Facing = r.Facing.Flip()
	// The body offset is in the character frame: mirrored, it stays where
	// it is in the world.
	r.BodyOffset[0] -= 2 * c.appliedV[0]
	c.bodyV[0], c.appliedV[0] = -c.bodyV[0], -c.appliedV[0]
	c.body = c.bodyV[0]
	c.wallN = mgl64.Vec2{-n[0], n[1]} // square on in the turned frame
	for i := range c.limbs {
		cl := &c.limbs[i]
		cl.wall, cl.wallN, cl.wallOK = wp, wn, true
		cl.rot = math.Remainder(math.Pi-cl.rot, 2*math.Pi)
		cl.held, cl.poseOK = false, false
	}
	c.turns++
	c.under, c.leaving, c.rising, c.rounded = false, true, true, true
	c.reease()
	return true
}

// Turns returns how many times the climber turned the character round
// (Rig.Facing) at an underside's far end (LeaveUnder).
func (c *Climber) Turns() int { return c.turns }

// Inner corner. An underside may end in a wall standing under it (a
// ceiling meeting a wall). On an underside, three rays along forward, at the
// chest's height and 28 px above Position (the feet's), and a third just
// above the soles where the body is going, find the nearest face ahead
// (its normal against forward). The body offset then keeps the
// chest at least Distance from it along forward (at BodySpeed, whatever
// the game does with Position), Blocked reports it once the chest is
// within Distance+climbBlockedMargin px of it (the game stops there), and
// no limb's cycle point goes nearer than its Offset plus its effector
// bone's length plus 2 px to it, so no hand or foot reaches into the
// corner. LeaveUnder there takes the climber from the underside onto that
// wall: the body's hanging offset along up moves into Position (so the
// limbs' points, which hang with the body on an underside, stay where
// they are), the wall becomes every limb's last wall hit, and the cycle
// runs along up again, the limbs moving from their holds to the wall's
// over CornerTime; the game then climbs down the wall (negative Speed),
// or up it to the corner.

// climbBlockedMargin is how far, px, beyond Distance from an inner
// corner's wall Blocked starts.
const climbBlockedMargin = 2.0

// innerCorner finds the wall ahead of the body on an underside and holds
// the body offset want (character frame) back from it (see above).
func (c *Climber) innerCorner(r *Rig, want *mgl64.Vec2) {
	c.aheadOK, c.blocked = false, false
	behind := num.Or(c.Behind, DefaultClimbBehind)
	reach := num.Or(c.Reach, DefaultClimbReach)
	dist := num.Or(c.Distance, DefaultClimbDistance)
	x := c.chest[0] + c.bodyV[0]
	near := math.Inf(1)
	// The third ray runs just above the soles where the body is going
	// (want): a floor that rises under the underside higher than the
	// hanging soles (a low tunnel further in) is a wall ahead too; with
	// only the first two, the dangling feet stood on a step 120 px below
	// the underside and held the body up until the forearms were 13 px in
	// the underside (climb_floor.go).
	for _, y := range [3]float64{c.chest[1] + c.bodyV[1], c.bodyV[1] - 28, want[1] - 1} {
		p, n, ok := c.cast(r, nil, mgl64.Vec2{x - behind, y}, mgl64.Vec2{x - behind + reach, y})
		if ok && n[0] < -minGroundCos && math.Abs(n[1]) <= climbUndersideSin && p[0] < near {
			near, c.ahead, c.aheadN, c.aheadOK = p[0], r.frame.toWorld(p), r.frame.dirToWorld(n), true
		}
	}
	if !c.aheadOK {
		return
	}
	if lim := near - dist - c.chest[0]; want[0] > lim {
		want[0] = lim
	}
	c.blocked = near-(c.chest[0]+c.appliedV[0]) <= dist+climbBlockedMargin ||
		near-c.chest[0] <= dist+climbBlockedMargin
}

// aheadMargin is how near to an inner corner's wall limb cl's cycle point
// may go, px (see above).
func (c *Climber) aheadMargin(r *Rig, cl *climbLimb) float64 {
	m := cl.Offset + 2
	if e := r.def.limbs[cl.limb].effector; e >= 0 {
		m += r.def.bones[e].Length
	}
	return m
}

// Blocked reports whether the climber, on an underside, came within
// Distance+2 px of a wall ahead (an inner corner: the underside meets a
// wall standing under it) in the last Update: a game stops moving
// Position along forward (the body offset holds the chest Distance from
// the wall meanwhile) and may go back, or call LeaveUnder to climb onto
// that wall.
func (c *Climber) Blocked() bool { return c.under && c.blocked }

// ontoWall takes the climber from the underside onto the wall ahead at an
// inner corner (see above) and reports whether it did.
func (c *Climber) ontoWall() bool {
	r := c.rig
	if !num.FiniteVec(c.ahead) || !num.FiniteVec(c.aheadN) {
		return false
	}
	up := mgl64.Vec2{0, c.appliedV[1]}
	r.shiftPosition(r.frame.dirToWorld(up))
	r.BodyOffset = r.BodyOffset.Sub(up)
	c.bodyV, c.appliedV = c.bodyV.Sub(up), c.appliedV.Sub(up)
	c.wallN = r.frame.dirToLocal(c.aheadN)
	for i := range c.limbs {
		cl := &c.limbs[i]
		cl.wall, cl.wallN, cl.wallOK = c.ahead, c.aheadN, true
	}
	c.under, c.leaving, c.rising, c.rounded = false, true, false, false
	c.aheadOK, c.blocked = false, false
	c.reease()
	return true
}
