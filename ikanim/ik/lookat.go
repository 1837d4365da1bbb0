// Look-at / aim.
//
// Derivation. The aim ray starts at the last bone's root joint O (the
// head's pivot) and points along the last bone's world angle plus Axis.
// Let delta be the signed angle from the aim direction to T - O, computed
// as atan2(aim x v, aim . v) with v = T - O (positive = clockwise on
// screen, like every angle here). The bones with a weight are visited from
// the root side to the tip; bone i turns by weight_i * delta, where delta is
// measured again after each turn because turning bone i also moves O.
// Turning bone i only changes its own local angle (its children turn with
// it), and then the limit of bone i clamps that local angle. The last bone
// turns about O itself, so with weight 1 (the default) and no limit in the
// way it leaves delta = 0: the aim is exact. Smaller weights on the earlier
// bones (spine, then neck) spread the turn over the body. Every new local
// angle is wrapped into (-pi, pi] (a turn of up to pi added to an angle
// near pi would leave it), then clamped to its limit.

package ik

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// LookAt rotates the chain's bones (spread by Weights, e.g. spine, neck,
// head) so Axis of the last bone points at target. The zero value turns
// only the last bone, along its own direction, with full weight.
//
// Result.Error is the distance from the target to the aim ray (to O when the
// target is behind it); Result.Iterations is 1.
type LookAt struct {
	Axis      float64   // direction in the last bone's frame to point at the target (0 = along the bone)
	Weights   []float64 // share of the rotation per bone in [0,1] (nil = all on the last bone; missing entries are 0)
	Weighting           // 1 (the zero value) = full IK, 0 = input pose
	// Tolerance for Result.Reached, px; 0 means DefaultTolerance.
	Tolerance float64

	in []float64
}

// Solve turns the bones toward target. See LookAt and Result.
func (s *LookAt) Solve(c *Chain, p *Pose, target mgl64.Vec2) Result {
	f, ok := c.prepare(p, target)
	if !ok {
		return Result{}
	}
	tol := toleranceOr(s.Tolerance)
	n := len(c.bones)
	axis := s.Axis
	if !finite(axis) {
		axis = 0
	}
	fade := s.fade()
	if fade < 1 {
		if cap(s.in) < n {
			s.in = make([]float64, n)
		}
		in := s.in[:n]
		copy(in, p.Angles)
		for i := 0; i < n; i++ {
			w := 0.0
			switch {
			case s.Weights == nil:
				if i == n-1 {
					w = 1
				}
			case i < len(s.Weights):
				w = clamp01(s.Weights[i])
			}
			if w == 0 {
				continue
			}
			ox, oy, aim := c.aimRay(&f, p, axis)
			vx, vy := f.ax-ox, f.ay-oy
			if vx*vx+vy*vy <= tinySq {
				break
			}
			as, ac := math.Sincos(aim) // bit for bit math.Sin and math.Cos, in one call
			delta := math.Atan2(ac*vy-as*vx, ac*vx+as*vy)
			p.Angles[i] = c.lim[i].clampOrWrap(p.Angles[i] + w*delta)
		}
		// Bones without weight are clamped (and wrapped into (-pi, pi])
		// too: a solve always ends within the limits.
		for i := range p.Angles {
			p.Angles[i] = c.lim[i].clampOrWrap(p.Angles[i])
		}
		if fade > 0 {
			c.fadeToward(p.Angles, in, fade)
		}
	}
	ox, oy, aim := c.aimRay(&f, p, axis)
	vx, vy := f.ax-ox, f.ay-oy
	as, ac := math.Sincos(aim) // bit for bit math.Sin and math.Cos, in one call
	var e float64
	if along := ac*vx + as*vy; along >= 0 {
		e = math.Abs(ac*vy - as*vx)
	} else {
		e = dist(f.ax, f.ay, ox, oy)
	}
	if !finite(e) {
		e = math.MaxFloat64
	}
	iters := 1
	if fade >= 1 {
		iters = 0
	}
	return Result{Iterations: iters, Error: e, Reached: e <= tol, Scale: 1}
}

// aimRay returns the last bone's root joint and the aim's world angle, in
// the canonical frame.
func (c *Chain) aimRay(f *frame, p *Pose, axis float64) (x, y, aim float64) {
	x, y = f.ox, f.oy
	w := p.Base
	n := len(c.bones)
	for i := 0; i < n-1; i++ {
		w += p.Angles[i]
		s, co := math.Sincos(w)
		x += c.length[i] * co
		y += c.length[i] * s
	}
	return x, y, w + p.Angles[n-1] + axis
}
