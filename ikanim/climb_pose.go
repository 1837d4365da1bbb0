package ikanim

import (
	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/internal/num"
)

// Climbing from a pose (Climber.FromPose).
//
// The article's climb IK takes each hand and foot where the animation puts
// it (its IK goal) and casts from behind it toward the wall. With FromPose
// a climb clip (any Source) drives the limbs the same way: limb k's point
// D is its animated effector joint (character frame, before any IK). The
// clip decides which limbs hold: a hand or foot holds while its animated
// place does not move against the climb (up the character frame when
// climbing up, Speed >= 0; down when climbing down) faster than
// FromPoseHoldSpeed, and moves otherwise. A moving limb is lifted off the
// real wall as far as the clip lifts it off the place it last held:
// lift = max(0, x_hold - D.x), x_hold the x of its animated place in its
// last holding frame. Everything else is the cycle's: the rays from Behind
// px behind D, the outer corner, the engage arc, the smoothing of moving
// limbs, the body's distance along the wall's normal. A holding limb keeps
// the hold it found when it started holding (world point and normal) until
// the clip moves it, so a clip played at another speed than the game
// climbs does not slide its holds.

// DefaultFromPoseHoldSpeed is Climber.FromPoseHoldSpeed's default, px/s.
const DefaultFromPoseHoldSpeed = 5.0

// poseLimbs places every limb from the rig's animated pose (see above).
func (c *Climber) poseLimbs(r *Rig, dt float64) {
	tol := num.Or(c.FromPoseHoldSpeed, DefaultFromPoseHoldSpeed)
	dir := 1.0 // holds slide down the character frame (y down) climbing up
	if c.Speed < 0 {
		dir = -1
	}
	for i := range c.limbs {
		cl := &c.limbs[i]
		D := c.poseEnd(r, cl)
		holding := true
		if cl.poseOK && dt > 0 {
			holding = (D[1]-cl.poseD[1])*dir/dt >= -tol
		}
		cl.poseD, cl.poseOK = D, num.FiniteVec(D)
		off := 0.0
		if holding {
			cl.poseX = D[0]
		} else if num.Finite(cl.poseX) {
			off = max(0, cl.poseX-D[0])
		}
		c.place(r, cl, D, off, holding, dt)
	}
}

// poseEnd returns limb cl's animated effector joint, character frame.
func (c *Climber) poseEnd(r *Rig, cl *climbLimb) mgl64.Vec2 {
	bones := r.def.limbs[cl.limb].bones
	return r.animEnd[bones[len(bones)-1]]
}
