package ikanim

// Keeping an animated limb out of solids (Limb.Solids while the limb's IK
// is off).
//
// A limb whose controller does not drive it (weight 0: an arm swinging in
// the walk cycle, a leg the Grounder has let go) follows its animated
// pose, which knows nothing of the level: a character walking up to a wall
// swung its forward hand 8 px into it (a new user's trial). With Solids
// set, the limb's animated chain is checked every frame: rays along the
// upper bone, the lower bone and the effector bone (the hand, the foot),
// the last one SolidMargin px longer. When one of them enters a solid, the
// whole limb turns about its root (the shoulder) by the least angle delta
// that clears all three, so the hand stops short of the wall and the
// limb keeps its animated shape (its elbow's bend, its hand's angle to the
// forearm). delta is found by stepping guardStep at a time both ways up to
// guardMax, then bisecting between the last blocked and the first clear
// angle (guardBisect steps): it grows from 0 as the animation swings the
// hand into the surface and winds back as it swings out, with no jump.
// The side the limb turns to is kept while it clears within guardKeep of
// the other side's angle, so a limb does not flip from one side of a
// corner to the other. A pose that no turn up to guardMax clears is left
// as animated.
//
// Costs: three rays a frame per limb while it is clear; while it is not,
// up to 3 per step tried and per bisection step (typically 10-40).

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

const (
	guardStep   = 5 * math.Pi / 180   // rad: the search's step
	guardMax    = 120 * math.Pi / 180 // rad: the largest turn tried
	guardBisect = 10                  // bisection steps (guardStep/1024 ~ 0.005 deg)
	guardKeep   = 20 * math.Pi / 180  // rad: the last side is kept within this of the other
)

// guardPose turns the limb's animated chain about its root out of the
// solids (see above) and reports whether it changed the pose. It runs while
// the limb's weight is 0, on r.local, with r.start and r.angle the
// animated pose's (with the body offset).
func (l *Limb) guardPose(r *Rig) bool {
	d := l.def
	if l.Solids == nil || len(d.bones) != 2 {
		l.guardSide = 0
		return false
	}
	b0, b1, e := d.bones[0], d.bones[1], d.effector
	margin := l.SolidMargin
	if !(margin > 0) {
		margin = DefaultSolidMargin
	}
	root := r.start[b0]
	u := r.def.bones[b0].Length * r.scale[b0]
	v := r.def.bones[b1].Length * r.scale[b1]
	h := 0.0
	a2 := 0.0
	if e >= 0 {
		h, a2 = r.def.bones[e].Length*r.scale[e], r.angle[e]
	}
	a0, a1 := r.angle[b0], r.angle[b1]
	clear := func(delta float64) bool {
		s0, c0 := math.Sincos(a0 + delta)
		s1, c1 := math.Sincos(a1 + delta)
		m := mgl64.Vec2{root[0] + u*c0, root[1] + u*s0}
		x := mgl64.Vec2{m[0] + v*c1, m[1] + v*s1}
		wr, wm, wx := r.frame.toWorld(root), r.frame.toWorld(m), r.frame.toWorld(x)
		if _, _, hit := l.Solids.Raycast(wr, wm); hit {
			return false
		}
		tip, from := x, wm
		if h > 0 {
			if _, _, hit := l.Solids.Raycast(wm, wx); hit {
				return false
			}
			s2, c2 := math.Sincos(a2 + delta)
			tip, from = mgl64.Vec2{x[0] + (h+margin)*c2, x[1] + (h+margin)*s2}, wx
		} else {
			tip = mgl64.Vec2{m[0] + (v+margin)*c1, m[1] + (v+margin)*s1}
		}
		_, _, hit := l.Solids.Raycast(from, r.frame.toWorld(tip))
		return !hit
	}
	if clear(0) {
		l.guardSide = 0
		return false
	}
	// The least clear turn each way (Inf: none up to guardMax).
	found := [2]float64{math.Inf(1), math.Inf(1)}
	for k, sign := range [2]float64{1, -1} {
		for a := guardStep; a <= guardMax+1e-9; a += guardStep {
			if clear(sign * a) {
				lo, hi := a-guardStep, a
				for range guardBisect {
					mid := 0.5 * (lo + hi)
					if clear(sign * mid) {
						hi = mid
					} else {
						lo = mid
					}
				}
				found[k] = hi
				break
			}
		}
	}
	k := 0
	if found[1] < found[0] {
		k = 1
	}
	// Keep last frame's side while it is nearly as good.
	if last := map2(l.guardSide); last >= 0 && last != k && found[last] <= found[k]+guardKeep {
		k = last
	}
	if math.IsInf(found[k], 1) {
		l.guardSide = 0
		return false
	}
	sign := 1.0
	if k == 1 {
		sign = -1
	}
	l.guardSide = sign
	r.local[b0] += sign * found[k]
	return true
}

// map2 maps a guard side (+1, -1, 0) to its index in guardPose's search
// (0, 1, -1 for none).
func map2(side float64) int {
	switch {
	case side > 0:
		return 0
	case side < 0:
		return 1
	}
	return -1
}
