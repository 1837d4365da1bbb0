package ikanim

// Leg solving.
//
// 2-segment legs: the analytic two-bone kernel ik.SolveTwoBone from the hip
// to the foot.
//
// 3-segment legs (femur, tibia, tarsus): the tarsus keeps a fixed direction
// in the creature's frame, TarsusAngle away from straight down, leaning away
// from the hip (lean = sign of Home.X - Hip.X), so the ankle is
//
//	ankle = foot + tarsus * (up*cos(TarsusAngle) - fwd*lean*sin(TarsusAngle))
//
// and the two-bone kernel solves hip -> ankle. This is the cheap, stable
// choice (no iteration, no trig per frame); the foot stays exactly on its
// foothold whenever the ankle is within the femur+tibia reach, which the
// step trigger (ReachRatio) keeps true while walking.
//
// Bend side: spiders keep their knees up. The knee goes to the side of the
// hip->target line that faces the pole direction P = up + fwd*lean/2 (up and
// a little forward for front legs, up and back for hind legs): with
// d = target - hip and n = (-d.y, d.x) (d turned +90 degrees on screen, the
// side bend = +1 selects), bend = sign(n . P). The side only changes when d
// becomes parallel to P, i.e. when a foot rises above its hip, which the
// step trigger prevents; mirroring (facing) flips fwd and so the knees,
// consistently.
//
// Tentacles (more than 3 segments): FABRIK from the hip to the foot, warm
// started from the previous frame's pose, with the bone limits of the
// definition, measured from the creature's down direction.

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/ikanim/ikanim/ik"
)

// solveLegs poses every leg for the current body and feet.
func (c *Creature) solveLegs() {
	d := c.def
	up := c.up
	fwd := c.Forward()
	for i := range c.legs {
		l := &c.legs[i]
		ld := &d.legs[i]
		l.hip = c.bodyPoint(d.Legs[i].Hip)
		if l.state == creatureDangling {
			l.foot = c.homeWorld(i)
		}
		if ld.chain != nil {
			c.solveTentacle(i)
			continue
		}
		target := l.foot
		if ld.segs == 3 {
			lean := ld.lean
			target = mgl64.Vec2{
				l.foot[0] + ld.tarsus*(up[0]*d.tarsusC-fwd[0]*lean*d.tarsusS),
				l.foot[1] + ld.tarsus*(up[1]*d.tarsusC-fwd[1]*lean*d.tarsusS),
			}
		}
		dx, dy := target[0]-l.hip[0], target[1]-l.hip[1]
		px, py := up[0]+fwd[0]*ld.lean*0.5, up[1]+fwd[1]*ld.lean*0.5
		bend := 1.0
		if -dy*px+dx*py < 0 {
			bend = -1
		}
		knee, end := ik.SolveTwoBone(l.hip, target, ld.l0, ld.l1, bend)
		l.knee, l.ankle = knee, end
		l.tip = end
		if ld.segs == 3 {
			l.tip = mgl64.Vec2{end[0] + l.foot[0] - target[0], end[1] + l.foot[1] - target[1]}
		}
	}
}

// solveTentacle solves tentacle leg i with FABRIK.
func (c *Creature) solveTentacle(i int) {
	l := &c.legs[i]
	ch := &c.chains[i]
	chain := c.def.legs[i].chain
	ch.pose.Origin = l.hip
	ch.pose.Base = math.Atan2(-c.up[1], -c.up[0])
	ch.solver.Solve(chain, &ch.pose, l.foot)
	ch.joints = chain.Joints(&ch.pose, ch.joints)
	n := len(ch.joints)
	l.knee = ch.joints[n/2]
	l.ankle = ch.joints[n-2]
	l.tip = ch.joints[n-1]
}
