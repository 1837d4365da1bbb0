package ikanim

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/ik"
	"github.com/ikanim/kit/ikanim/internal/num"
)

// Keeping the aiming elbow in front of the back.
//
// The arm-aim pose assumes a human arm: the main arm's elbow bends one way
// only (LimbDef.Bend, the biped's elbow limit), the elbow on the side of the
// forearm's line away from the aim, and the chest the arm hangs from is the
// upper arm's parent bone (the biped's torso), the back on the side of its
// line away from the character's forward. The wrist goes to Reach of the
// arm's length in the aim direction and the whole arm then turns about the
// shoulder until the forearm's line passes through the target. For an aim
// well below forward that turn swings the upper arm back: with the biped's
// Reach 0.6 and a target 45 degrees or more below forward the near elbow
// went 18-20 px behind the shoulder, past the back (a new user's trial),
// and bending it the other way is not an option for an elbow that bends one
// way. A straighter arm needs less of that turn, so the aimer raises the
// reach, for that frame, to the least share (up to ik.DefaultArmReach)
// at which the elbow is no further back than Aimer.ElbowBack behind the
// chest's line through the shoulder (a third of the upper arm by
// default: the back of the torso); the forearm stays on the aim line. Aims
// at or above forward, whose elbow is in front of that bound, are left
// alone. A rig whose arm has no parent bone (no chest) is not bounded.

// elbowSteps is the number of bisection steps elbowReach takes (the reach
// found within 2^-12 of the arm's length).
const elbowSteps = 12

// elbowReach returns the least reach share, at least reach and at most
// ik.DefaultArmReach, at which the main arm aimed through aimPt (character
// frame) from the shoulder S, its chest bone at angle base, keeps its
// elbow no further than ElbowBack behind the chest's line through S. It
// returns reach when the elbow already is, and ik.DefaultArmReach when no reach is
// enough. The solves run on a.pose and a.aim, which Update solves again.
func (a *Aimer) elbowReach(r *Rig, ld *limbDef, S, aimPt mgl64.Vec2, base, reach float64) float64 {
	if r.def.bones[a.upper].Parent < 0 {
		return reach // no chest bone: no back to keep the elbow from
	}
	sb, cb := math.Sincos(base)
	// The chest line's normal toward the front (+x in the character
	// frame); a chest lying along forward has no front side.
	n := mgl64.Vec2{-sb, cb}
	if n[0] < 0 {
		n = n.Mul(-1)
	}
	if n[0] < 0.1 {
		return reach
	}
	u := ld.chain.Bone(0).Length
	share := a.ElbowBack
	switch {
	case share < 0 || math.IsNaN(share):
		return reach // no bound
	case share == 0:
		share = DefaultAimElbowBack
	}
	if !num.Finite(share) {
		return reach
	}
	allow := share * u
	back := func(k float64) float64 {
		a.pose.Origin, a.pose.Base, a.pose.Mirror = S, base, false
		a.pose.Angles[0], a.pose.Angles[1] = r.animAngle[a.upper]-base, r.anim[a.fore]
		a.aim.Reach = k
		a.aim.Solve(ld.chain, &a.pose, aimPt)
		s0, c0 := math.Sincos(base + a.pose.Angles[0])
		return -(u * (c0*n[0] + s0*n[1])) - allow // how far behind the bound, px
	}
	if !(back(reach) > 0) {
		return reach
	}
	hi := ik.DefaultArmReach
	if back(hi) > 0 {
		return hi
	}
	lo := reach
	for range elbowSteps {
		mid := 0.5 * (lo + hi)
		if back(mid) > 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	return hi
}
