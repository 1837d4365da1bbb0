package ik

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Pose is a per-instance pose of a chain.
//
// The joint positions follow from forward kinematics: the world angle of
// bone i is Base + Angles[0] + ... + Angles[i], bone i points along
// (cos, sin) of that angle (screen space, y down, so a positive angle turns
// clockwise), and joint i+1 = joint i + Length_i * direction_i. When Mirror
// is set, every joint is then reflected about the vertical line through
// Origin (x -> 2*Origin.x - x); Base and Angles keep their canonical,
// unmirrored values, so flipping Mirror flips the whole character without
// touching its angles.
type Pose struct {
	Origin mgl64.Vec2 // world position of the root joint
	Base   float64    // world angle of the frame bone 0's local angle is measured from
	Mirror bool       // facing flag: the pose is reflected about the vertical line through Origin
	Angles []float64  // local angle of each bone, radians (the canonical, unmirrored values)

	// base is the last Base a solver turned into its sine and cosine, and
	// them (baseOK: set), so a pose solved frame after frame from the same
	// parent angle (a leg's hips) takes one Sincos, not one per solve.
	baseOK       bool
	base         float64
	baseS, baseC float64
}

// Joints appends the n+1 joint positions (root first, end effector last) to
// dst[:0] and returns it (forward kinematics, no allocation when
// cap(dst) >= n+1).
//
// Joints never returns NaN or Inf: a non-finite Origin component or Base is
// read as 0, a missing or non-finite angle as the bone's Rest angle, and
// extra angles are ignored.
func (c *Chain) Joints(p *Pose, dst []mgl64.Vec2) []mgl64.Vec2 {
	dst = dst[:0]
	ox, oy := p.Origin[0], p.Origin[1]
	if !finite(ox) {
		ox = 0
	}
	if !finite(oy) {
		oy = 0
	}
	w := p.Base
	if !finite(w) {
		w = 0
	}
	x, y := ox, oy
	dst = append(dst, mgl64.Vec2{x, y})
	for i := range c.bones {
		a := c.bones[i].Rest
		if i < len(p.Angles) && finite(p.Angles[i]) {
			a = p.Angles[i]
		}
		w += a
		s, co := math.Sincos(w)
		x += c.length[i] * co
		y += c.length[i] * s
		dst = append(dst, mgl64.Vec2{x, y})
	}
	if p.Mirror {
		for i := range dst {
			dst[i][0] = ox + (ox - dst[i][0])
		}
	}
	return dst
}

// End returns the end effector's world position (the last joint of Joints)
// without allocating.
func (c *Chain) End(p *Pose) mgl64.Vec2 {
	ox, oy := p.Origin[0], p.Origin[1]
	if !finite(ox) {
		ox = 0
	}
	if !finite(oy) {
		oy = 0
	}
	w := p.Base
	if !finite(w) {
		w = 0
	}
	x, y := ox, oy
	for i := range c.bones {
		a := c.bones[i].Rest
		if i < len(p.Angles) && finite(p.Angles[i]) {
			a = p.Angles[i]
		}
		w += a
		s, co := math.Sincos(w)
		x += c.length[i] * co
		y += c.length[i] * s
	}
	if p.Mirror {
		x = ox + (ox - x)
	}
	return mgl64.Vec2{x, y}
}

// SetFromJoints sets p.Angles from joint positions (inverse of Joints for
// the same Origin/Base/Mirror). Only directions are used: the segment
// lengths need not match the bone lengths, and joints[0] need not equal
// Origin. Bone i is set when joints[i+1] exists and i < len(p.Angles); a
// zero-length segment (coincident joints) gives local angle 0 (straight on
// from the parent). Results are in (-pi, pi]; non-finite joints leave the
// remaining angles unchanged.
func (c *Chain) SetFromJoints(p *Pose, joints []mgl64.Vec2) {
	n := len(c.bones)
	if len(joints)-1 < n {
		n = len(joints) - 1
	}
	if len(p.Angles) < n {
		n = len(p.Angles)
	}
	base := p.Base
	if !finite(base) {
		base = 0
	}
	pc, ps := math.Cos(base), math.Sin(base) // parent direction
	for i := 0; i < n; i++ {
		a, b := joints[i], joints[i+1]
		if !finiteVec(a) || !finiteVec(b) {
			return
		}
		dx, dy := b[0]-a[0], b[1]-a[1]
		if p.Mirror {
			dx = -dx
		}
		m := math.Max(math.Abs(dx), math.Abs(dy))
		if !finite(m) {
			return
		}
		if m*m <= tinySq {
			p.Angles[i] = 0
			continue
		}
		dx, dy = dx/m, dy/m
		p.Angles[i] = atan2(pc*dy-ps*dx, pc*dx+ps*dy)
		pc, ps = dx, dy
	}
}
