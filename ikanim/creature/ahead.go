package creature

// The face ahead: the body walks along its surface, not into the next one.

import "github.com/go-gl/mathgl/mgl64"

// aheadClear is the least distance, px, beyond the front hips that the
// body keeps from the face the wall probe last hit ahead of it
// (aheadFactor).
const aheadClear = 2.0

// aheadGap returns how far, px, the body may still walk toward the face
// the last wall probe hit ahead before its front hips come within
// aheadClear of its plane.
func (c *Creature) aheadGap() float64 {
	n := c.aheadN
	return (c.pos[0]-c.aheadP[0])*n[0] + (c.pos[1]-c.aheadP[1])*n[1] - c.def.frontHip - aheadClear
}

// aheadFactor returns the share in [0, 1] of this frame's walk along right
// that keeps the body's front hips aheadClear off the plane of the face
// the last wall probe hit ahead of it (1 when it hit none, or the walk
// leaves the plane): the body walks along its surface and never pushes its
// front into the next one (the floor at the foot of a wall it walks down);
// it turns onto that face instead (probeWall gives the face the weight of
// an edge's while the body stands at it). No ray: the probe's hit is kept
// until the next probe.
func (c *Creature) aheadFactor(right mgl64.Vec2) float64 {
	n := c.aheadN
	if n == (mgl64.Vec2{}) {
		return 1
	}
	v := c.speed * (right[0]*n[0] + right[1]*n[1]) // rate of approach: < 0 toward the face
	if v >= 0 {
		return 1
	}
	h := c.aheadGap()
	if h <= 0 {
		return 0
	}
	step := -v * c.hold * c.rateDt
	if step <= h {
		return 1
	}
	return h / step
}
