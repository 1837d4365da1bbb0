package ikanim

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/internal/num"
)

// The floor under a climber.
//
// The character's origin is its soles' level (the rest pose stands on it).
// Every Update rays from the chest's height where the body was last frame
// (the chest's character-frame point plus the applied body offset) run
// down, along the character's down, to climbFloorNear px below the lower
// of that offset's and the new one's origin: one under the chest, and one
// under the ankle and one under the toe of each dangling foot (a limb
// below its root that holds nothing hangs in its animated pose). The
// highest surface they meet whose normal points up is the floor. The body offset along down is then never
// more than the floor's height in the character frame: the origin does not
// go below the floor, whatever the game does with Position (a game that
// climbs down by moving Position down at Speed would otherwise take the
// body into the floor under a wall), and Floor reports when the origin is
// within climbFloorNear px of it (a climb down has reached the floor: the
// game hands the character to its walking controller).
//
// A low tunnel. Round a wall's bottom outer corner the underside is held
// only when the body fits under it: hanging UnderDistance below it with its
// chest, the origin must stay above the floor under it, so a ray from just
// below the underside's hold down UnderDistance plus the chest's height
// above the origin must meet no floor. Otherwise the limb does not take the
// underside (a hand keeps the face's bottom, a foot dangles), the climber
// never goes Under, and it comes down onto the floor (Floor): the game
// walks or crouches under the block, or climbs back up. Before, the hands
// went round onto the underside 40-120 px over a floor, Under held, and
// the body hung with its legs 15-50 px in the floor.

// climbFloorNear is how near, px, above the floor the origin is on it
// (Floor).
const climbFloorNear = 1.0

// floorBelow returns the highest floor's height (y, character frame) under
// the chest and under the ankle and toe of every dangling foot (a limb
// that climbs below its root and holds nothing: it hangs in its animated
// pose, its sole at the origin), from the chest's height down to
// climbFloorNear px below the origin at body offset bodyV or the applied
// one, and whether there is one.
func (c *Climber) floorBelow(r *Rig) (float64, bool) {
	top := c.chest[1] + c.appliedV[1]
	bottom := math.Max(c.bodyV[1], c.appliedV[1]) + climbFloorNear
	if !(bottom > top) {
		return 0, false
	}
	y, found := math.Inf(1), false
	ray := func(x float64) {
		p, n, ok := c.cast(r, nil, mgl64.Vec2{x, top}, mgl64.Vec2{x, bottom})
		if ok && n[1] < -minGroundCos && p[1] < y {
			y, found = p[1], true
		}
	}
	ray(c.chest[0] + c.bodyV[0])
	for i := range c.limbs {
		cl := &c.limbs[i]
		bones := r.def.limbs[cl.limb].bones
		e := r.def.limbs[cl.limb].effector
		if cl.contact.Found || e < 0 || !(cl.Home[1] > r.animStart[bones[0]][1]) {
			continue
		}
		ray(r.animStart[e][0] + c.bodyV[0])
		ray(r.animEnd[e][0] + c.bodyV[0])
	}
	return y, found
}

// keepOffFloor holds the body offset's origin, and the one it goes to
// (want), on or above the floor below it (see above) and sets onFloor.
func (c *Climber) keepOffFloor(r *Rig, want *mgl64.Vec2) {
	c.onFloor = false
	y, ok := c.floorBelow(r)
	if !ok || !num.Finite(y) {
		return
	}
	c.bodyV[1] = math.Min(c.bodyV[1], y)
	want[1] = math.Min(want[1], y)
	c.onFloor = c.bodyV[1] >= y-climbFloorNear
}

// roomUnder reports whether the body fits under the underside held at p
// (character frame): from just below p, down UnderDistance plus the chest's
// height above the origin, no floor (see above).
func (c *Climber) roomUnder(r *Rig, p mgl64.Vec2) bool {
	need := num.Or(c.UnderDistance, DefaultClimbUnderDistance) - c.chest[1]
	from := mgl64.Vec2{p[0], p[1] + 1}
	_, n, ok := c.cast(r, nil, from, mgl64.Vec2{p[0], p[1] + 1 + need})
	return !ok || !(n[1] < -minGroundCos)
}

// Floor reports whether, after the last Update, the character's origin
// (its soles' level) stood on a floor under the climber's chest, within
// 1 px: a climb down has reached the floor (the game hands the character
// to its walking controller, or climbs back up). The climber never takes
// the body below that floor, and it does not hang from an underside the
// body does not fit under (a low tunnel under a floating block: it climbs
// down onto the floor instead). It is true too when a climb starts from
// the floor.
func (c *Climber) Floor() bool { return c.onFloor }
