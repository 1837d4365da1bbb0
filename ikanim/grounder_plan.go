// Swing planning: where a swinging foot will land, decided once per step.
//
// Derivation. Without a plan a lifted foot follows the ground under its
// current position, so when a ray crosses a stair edge or a sawtooth peak
// late in the swing the target jumps by a step height and the landing bound
// forces the foot there in a frame or two (a joint pop). When the rig's
// Source times the steps (GaitTiming, grounder_gait.go) the landing is
// known in advance: a foot at swing progress u touches down where its
// animated ankle is at LandX in the character frame of that moment, and the
// body moves on by Travel until then, so in the current frame the landing
// ankle is at
//
//	x_land = LandX + Travel
//
// (for a WalkCycle at cycle position q: half + (1-q)*L, with half =
// Duty*L/2 and L = Stride*Amount),
// a fixed world point while the speed is steady. Heights are those of the
// foot's ground line along up (world): the frame's ground line height plus
// the foot's Offset, so a planted foot's height is the ground under it and
// the animation (lift, toe angle) rides on top unchanged. At lift-off (or
// when the landing point drifts along forward by more than swingReplanDist,
// e.g. the speed changed) the grounder places a level foot there with the
// planted-foot rays and gets h1 and its rotation a1. The height then follows
//
//	H(v) = h0 + (h1-h0)*e_k(v) + B*sin(pi*v),  v = (u-u0)/(1-u0),
//
// from the height h0 at planning time (u0), where e_k is num.Smoothstep(v^k)
// when descending (leave the upper level late) and num.Smoothstep(1-(1-v)^k)
// when rising (leave the lower level early), and the rotation goes from a0
// to a1 by the same easing. The path is checked against swingSamples-1
// level-foot placements g_j along the animated ankle path (its x moves by
// (u_j-u)*SwingTravel with the body plus the animation's own swing), each
// needing H(v_j) >= g_j - swingKeepLift*lift_j: the smallest k in
// [1, swingMaxEase] (steps of 0.25) that clears them all is taken, else the
// one needing the least B = max_j deficit_j / sin(pi*v_j). The offset is
// then kept no lower than the one that puts the lowest sole point on the
// ground under it, and changes by at most swingMaxSpeed px/s. At v = 1 the
// plan equals the planted placement, so touch-down is exact.

package ikanim

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/internal/num"
)

const (
	swingSamples    = 6   // path samples per plan (swingSamples-1 inside the swing)
	swingReplanDist = 1.0 // px the predicted landing may drift before a new plan
	swingKeepLift   = 0.5 // share of the animated clearance kept over the ground
	swingMaxEase    = 4   // largest easing exponent tried
	swingMaxSpeed   = 250 // px/s: fastest change of a planned foot's offset
)

// swingPlan is a swinging foot's planned path.
type swingPlan struct {
	on     bool
	u0     float64    // swing progress when planned
	h0, h1 float64    // ankle height along up (clearance removed): start, landing
	a0, a1 float64    // foot rotation: start, landing
	bump   float64    // extra height at mid path, px
	ease   float64    // easing exponent (1 = smoothstep)
	down   bool       // the landing is lower than the start: descend late
	land   mgl64.Vec2 // planned landing ankle, world
}

// at returns the planned height and rotation at swing progress u.
func (p *swingPlan) at(u float64) (h, a float64) {
	v := 1.0
	if p.u0 < 1 {
		v = num.Clamp01((u - p.u0) / (1 - p.u0))
	}
	e := ease(v, p.ease, p.down)
	return p.h0 + (p.h1-p.h0)*e + p.bump*math.Sin(math.Pi*v), p.a0 + (p.a1-p.a0)*e
}

// planSwing returns the planned offset along up and rotation of a swinging
// foot whose current placement is s, phi with animated clearance lift, and
// false when the foot is not swinging under a gait that times it
// (GaitTiming; or no plan could be made): the caller then uses its own
// smoothing.
func (g *Grounder) planSwing(r *Rig, leg *grounderLeg, s, lift, maxAngle, maxStep, dt float64) (off, ang float64, ok bool) {
	p := &leg.plan
	ft := &leg.gait
	if !g.PlanSwing || !leg.stepping() || !ft.Swing || !leg.init {
		p.on = false
		return 0, 0, false
	}
	u := ft.Progress
	A := r.animStart[leg.foot]
	up := r.frame.dirToWorld(mgl64.Vec2{0, -1})
	landC := mgl64.Vec2{ft.LandX + ft.Travel, A[1]}
	land := r.frame.toWorld(landC)
	base := r.frame.toWorld(mgl64.Vec2{}).Dot(up) // the frame's ground line
	fwd := r.frame.dirToWorld(mgl64.Vec2{1, 0})
	if !p.on || math.Abs(land.Sub(p.land).Dot(fwd)) > swingReplanDist {
		h0, a0 := leg.lastH, leg.contact.Angle
		if p.on {
			h0, a0 = p.at(u)
		}
		s1, phi1, _, ok1 := g.placeAt(r, leg, landC[0], landC[1], 0, 0, 1, maxAngle, false)
		if !ok1 || math.Abs(s1) > maxStep {
			p.on = false
			return 0, 0, false
		}
		*p = swingPlan{on: true, u0: u, h0: h0, a0: a0, a1: phi1, land: land, h1: base + s1}
		// The ground the foot must clear on its way, then the easing that
		// clears it with the least extra height.
		var need, at [swingSamples]float64
		n := 0
		liftAmp := ft.Lift
		for j := 1; j < swingSamples && u < 1; j++ {
			uj := u + (1-u)*float64(j)/swingSamples
			x := ft.swingX(uj)
			sj, _, _, okj := g.placeAt(r, leg, x, A[1], 0, 0, 1, maxAngle, false)
			if !okj || math.Abs(sj) > maxStep {
				continue
			}
			// Keep at least half the animated clearance over the ground.
			need[n] = base + sj - swingKeepLift*liftAmp*math.Sin(math.Pi*uj)
			at[n] = (uj - u) / (1 - u)
			n++
		}
		p.bump = math.MaxFloat64
		for k := 1.0; k <= swingMaxEase; k += 0.25 {
			b := 0.0
			for j := 0; j < n; j++ {
				path := h0 + (p.h1-h0)*ease(at[j], k, p.h1 < h0)
				if d := need[j] - path; d > 0 {
					b = max(b, d/math.Sin(math.Pi*at[j]))
				}
			}
			if b < p.bump {
				p.bump, p.ease = b, k
			}
			if b == 0 {
				break
			}
		}
		p.down = p.h1 < h0
		p.bump = min(p.bump, maxStep)
	}
	h, a := p.at(u)
	off = h - base
	// Never below the ground under the foot, but never faster than
	// swingMaxSpeed either: where the walk puts a toe against a riser at
	// lift-off, the toe brushes it for a frame instead of the leg snapping.
	off = max(off, s-lift)
	if dv := swingMaxSpeed * dt; leg.contact.Grounded {
		prev := leg.contact.Offset
		off = max(prev-dv, min(prev+dv, off))
	}
	if !num.Finite(off) || !num.Finite(a) {
		p.on = false
		return 0, 0, false
	}
	return off, a, true
}

// ease is num.Smoothstep(v^k) when late (descend at the end of the swing) and
// num.Smoothstep(1-(1-v)^k) otherwise (rise early); k = 1 is smoothstep.
func ease(v, k float64, late bool) float64 {
	if late {
		return num.Smoothstep(math.Pow(v, k))
	}
	return num.Smoothstep(1 - math.Pow(1-v, k))
}

// PlannedLanding reports leg i's swing plan after the last Update: while a
// swinging foot is on a plan (PlanSwing), ok is true and height is where the
// plan lands the foot's ground line, along up in the world (the dot product
// of a world point with the rig's UpVector: on level ground, -y). At
// touch-down the planted foot's ground line, Position·UpVector() plus
// Leg(i).Offset, equals it. It panics if i is out of range.
func (g *Grounder) PlannedLanding(i int) (height float64, ok bool) {
	p := &g.legs[i].plan
	return p.h1, p.on
}
