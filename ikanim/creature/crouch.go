package creature

// Crouching to reach the ground.
//
// The body keeps BodyHeight above the mean of its contacts (update.go, step
// 5). Where the planted feet stand higher than the ground the others must
// reach (a 2-legged bird with one foot on top of a round bump 15-20 px high
// and the other over the floor beyond it), the body stood so high that the
// floor lay beyond the free leg's reach: the leg dangled, the planted leg was
// stretched to its limit and held the body (legs.go), and the creature stood
// blocked for good (a new user's trial). So a foothold search whose ray
// below the home meets ground that the leg cannot reach from where the hip
// will be (too far: outOfReach) records it (leg.seen), and while that leg
// dangles, from when a stretched planted leg stopped the body (hold below
// crouchHold: the stalemate; a creature that still walks reaches the
// ground by walking on, and crouching whenever a leg dangled and the body
// was slowed put more of the spider's limbs into the rock on the
// generated courses and held a crawler on a wall for good) the body
// lowers, at HeightRate like any height change, until the
// hip would be within the landing reach of that ground (crouchReach of it)
// were it above it, when that is not below crouchMin of BodyHeight (deeper
// ground is left to the gait as before: a half crouch took the stretch off
// the planted leg and held the body for good): the body, no longer held,
// walks on over it, and the leg's next search (every retryTime) finds it
// within reach and steps down to it.

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

const (
	// crouchReach is the share of a leg's landing reach (ReachRatio *
	// landRatio of its reach) the body crouches to bring its hip within of
	// the ground the dangling leg saw.
	crouchReach = 0.95
	// crouchMin is the least body height, as a share of BodyHeight, a
	// crouch goes down to.
	crouchMin = 0.25
	// crouchHold: the body crouches once the hold (legs.go) has slowed it
	// below this share of its speed, and stays crouched while a leg
	// dangles over ground it saw out of reach.
	crouchHold = 0.1
)

// outOfReach reports whether the hit p (normal n) of a foothold ray along
// dir is ground leg i could stand on but cannot reach from hip: the ray
// enters it, it faces the creature, and the leg would be stretched beyond
// its landing reach.
func (c *Creature) outOfReach(i int, hip, p, n, dir mgl64.Vec2) bool {
	if n[0]*dir[0]+n[1]*dir[1] >= 0 || n.Dot(c.up) < minFacing {
		return false
	}
	rl := c.def.Gait.ReachRatio * landRatio
	return c.legStretch2(i, hip, p, n) > rl*rl
}

// crouch returns the body height above the contacts' mean ref that brings
// the hip of every dangling leg that saw ground out of reach (seenOK) within
// crouchReach of its landing reach of that ground, were the hip above it,
// if that is below want; a leg whose ground needs a body lower than
// crouchMin of BodyHeight is left out. (The hip is taken above the ground,
// not where it is: the ground was seen where the foot aims, ahead of the
// hip, and a body that crouches takes the stretch off its planted legs and
// walks on over it.)
func (c *Creature) crouch(ref mgl64.Vec2, want float64) float64 {
	gd := &c.def.Gait
	out := want
	for i := range c.legs {
		l := &c.legs[i]
		if l.state != legDangling || !l.seenOK {
			continue
		}
		ld := &c.def.legs[i]
		// The hip at most r above the ground: the body at most r - hipY
		// above it, (seen - ref).up above the contacts' mean more.
		r := ld.reach * gd.ReachRatio * landRatio * crouchReach
		h := r - ld.hipY + l.seen.Sub(ref).Dot(c.up)
		if h < crouchMin*gd.BodyHeight {
			// Too deep to reach crouching: a half crouch would only
			// take the stretch off the planted legs, which then hold
			// the body there for good, beyond the edge, instead of
			// stepping or letting go (a step down the height of a box).
			continue
		}
		out = math.Min(out, h)
	}
	return out
}
