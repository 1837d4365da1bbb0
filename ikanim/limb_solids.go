package ikanim

// Keeping a limb out of solids (Limb.Solids).
//
// Target. Let R be the chain's root (a shoulder, a hip) and T the target the
// limb solves toward, both in the character frame. A ray from R through T,
// margin px longer than |T - R|, finds the first surface on it at H; the
// target becomes
//
//	T' = R + (T - R) * min(|T - R|, max(|H - R| - margin, 0)) / |T - R|
//
// so a hand sent into a wall (or through a thin one) rests margin px in
// front of the surface the straight line from the shoulder meets, and moves
// continuously while the target slides along, toward or into the wall. A
// miss leaves T. A target that stays at the same world point (a hand on a
// hold) keeps last frame's correction, so it does not slide as the body
// moves.
//
// Bend side. For a two-bone limb whose middle joint may bend both ways (its
// limit, if any, allows angles of both signs), the joint of the chosen side
// b (the definition's, the animated pose's, the keyed or the controller's)
// is M_b, from the analytic solution for T'. The side is blocked when a ray
// from R to M_b or from M_b to the end enters a solid. A blocked side whose
// other side is free is swapped for it, and the limb keeps the swapped side
// while it stays free; it returns to b when b is free again and the limb is
// within 3 % of full reach, where both sides' joints nearly coincide, so
// the return does not pop. Every swap crosses over swapTime (0.2 s): the
// limb's angles go from the old side's solution to the new one's for the
// same target, the first bone along the shorter arc and the middle joint
// linearly (through straight, not folding), by a smoothstep, so a swap
// mid-reach turns the arm about 10 deg a frame at 60 TPS instead of
// flipping it 80-140 deg in one. A limb whose weight fades to 0 forgets the
// swap. With UsePole, the pole decides the side and only the target is kept
// out.
//
// Costs: one ray a frame while the limb is on, and two or four more for a
// two-bone limb that may bend both ways.

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/ik"
)

// DefaultSolidMargin is the distance, px, a limb's target is kept in front
// of a surface (Limb.SolidMargin 0).
const DefaultSolidMargin = 1.0

// heldTolerance, px: a Target that moved less than this since last frame is
// held (a hand on a hold, computed afresh each frame by a controller).
const heldTolerance = 1e-6

// straightShare: a limb returns to its own bend side from a swapped one only
// within this share of its full reach, where the two sides nearly coincide.
const straightShare = 0.97

// keepOut applies Limb.Solids to this frame's target and bend side (see the
// notes above) and returns them.
func (l *Limb) keepOut(r *Rig, target mgl64.Vec2, bend float64) (mgl64.Vec2, float64) {
	g := l.Solids
	d := l.def
	root := r.start[d.bones[0]]
	wRoot := r.frame.toWorld(root)
	l.blocked = false
	margin := l.SolidMargin
	if !(margin > 0) {
		margin = DefaultSolidMargin
	}
	raw := target
	if l.held && l.heldOn {
		// A held target keeps last frame's correction (no slide).
		target = target.Add(r.frame.dirToLocal(l.heldShift))
		l.blocked = l.heldShift != (mgl64.Vec2{})
	} else if v := target.Sub(root); v[0] != 0 || v[1] != 0 {
		n := math.Hypot(v[0], v[1])
		// The ray runs margin past the target, so a target that nears a
		// surface slows down to it instead of jumping back by margin, and
		// no farther than the chain reaches (a target far beyond reach,
		// even at 1e308, is looked for where the hand can go).
		length := math.Min(n, d.chain.Reach()) + margin
		past := root.Add(v.Mul(length / n))
		if p, _, ok := g.Raycast(wRoot, r.frame.toWorld(past)); ok {
			hit := r.frame.toLocal(p).Sub(root)
			if along := math.Max(math.Hypot(hit[0], hit[1])-margin, 0); along < n {
				target = root.Add(v.Mul(along / n))
				l.blocked = true
			}
		}
	}
	l.heldShift, l.heldOn = r.frame.dirToWorld(target.Sub(raw)), true
	if l.twoBone == nil || l.UsePole || !d.bendsBothWays() {
		l.solidBend = 0
		return target, bend
	}
	side := bend
	if l.solidBend != 0 {
		side = l.solidBend
	}
	upper, lower := d.chain.Bone(0).Length, d.chain.Bone(1).Length
	switch {
	case l.bendBlocked(r, g, wRoot, root, target, upper, lower, side):
		if !l.bendBlocked(r, g, wRoot, root, target, upper, lower, -side) {
			side = -side
		}
	case side != bend:
		if v := target.Sub(root); math.Hypot(v[0], v[1]) >= straightShare*(upper+lower) &&
			!l.bendBlocked(r, g, wRoot, root, target, upper, lower, bend) {
			side = bend
		}
	}
	l.solidBend = 0
	if side != bend {
		l.solidBend = side
	}
	if l.side != 0 && side != l.side && l.swapT >= 1 {
		// A swap: cross from the last side's solution (crossSides).
		l.swapFrom, l.swapT = l.side, 0
		if l.swapPose.Angles == nil {
			l.swapPose = d.chain.NewPose()
		}
	}
	l.side = side
	return target, side
}

// swapTime is how long, s, a bend side swap by Solids takes: the limb's
// angles cross from the old side's solution to the new side's.
const swapTime = 0.2

// crossSides blends this frame's solution (l.solved, the new side) with
// the old side's for the same target while a swap is under way: the first
// bone's angle along the shorter arc, the middle joint's linearly, so the
// limb passes through straight instead of folding, by a smoothstep of the
// swap's progress. The blended limb leaves the target during the swap (by
// at most the distance between the two sides' poses) but does not jump.
func (l *Limb) crossSides(d *limbDef, target mgl64.Vec2, dt float64) {
	if l.swapPose.Angles == nil || len(l.solved) != 2 {
		l.swapT = 1
		return
	}
	l.swapT = math.Min(1, l.swapT+dt/swapTime)
	l.swapPose.Origin, l.swapPose.Base, l.swapPose.Mirror = l.pose.Origin, l.pose.Base, l.pose.Mirror
	copy(l.swapPose.Angles, l.solved)
	tb := l.twoBone
	bend := tb.Bend
	tb.Bend = l.swapFrom
	tb.Solve(d.chain, &l.swapPose, target)
	tb.Bend = bend
	u := l.swapT * l.swapT * (3 - 2*l.swapT)
	old := l.swapPose.Angles
	l.solved[0] = old[0] + u*math.Remainder(l.solved[0]-old[0], 2*math.Pi)
	l.solved[1] = old[1] + u*(math.Remainder(l.solved[1], 2*math.Pi)-math.Remainder(old[1], 2*math.Pi))
}

// bendBlocked reports whether the two-bone solution toward target with bend
// side b puts a bone in a solid: a ray from the root to the middle joint or
// from it to the end enters one.
func (l *Limb) bendBlocked(r *Rig, g Ground, wRoot, root, target mgl64.Vec2, upper, lower, b float64) bool {
	mx, my, ex, ey := ik.SolveTwoBoneXY(root[0], root[1], target[0], target[1], upper, lower, b)
	m := r.frame.toWorld(mgl64.Vec2{mx, my})
	if _, _, ok := g.Raycast(wRoot, m); ok {
		return true
	}
	_, _, ok := g.Raycast(m, r.frame.toWorld(mgl64.Vec2{ex, ey}))
	return ok
}

// bendsBothWays reports whether a two-bone limb's middle joint may bend to
// either side: no limit on the second bone, or one that allows angles of
// both signs.
func (d *limbDef) bendsBothWays() bool {
	if len(d.bones) != 2 {
		return false
	}
	lim := d.chain.Bone(1).Limit
	return !lim.Enabled || (lim.Min < 0 && lim.Max > 0)
}

// TargetBlocked reports whether, in the last Update, Solids stopped the
// limb's target in front of a surface between the chain's root and the
// target (a hand against a wall it was sent into).
func (l *Limb) TargetBlocked() bool { return l.blocked }

const (
	// effPushRate and effRelaxRate bound how fast, px/s, the push that
	// keeps an effector bone out of a surface grows and winds back.
	effPushRate  = 240.0
	effRelaxRate = 60.0
	// effSlack: the push winds back only while the effector has this
	// much room, px, beyond its margin (no push and release every frame).
	effSlack = 2.0
)

// keepEffectorOut keeps the effector bone e, which continues the chain from
// its tip (target, character frame) at the angle ang (character frame),
// out of solids for the next frames: a ray along the bone, as long as the
// bone plus the margin and effSlack, finds the first surface; if the bone
// (with the margin) reaches it, the target is pushed along that surface's
// normal by what is in, at most effPushRate px/s; with more than effSlack
// px to spare the push winds back at effRelaxRate px/s. The push moves the
// next frames' target (after the straight-line rule), so the hand or foot
// backs off a wall it points into, continuously. While the limb's world
// Target stays where it was (a hand on a hold) the push does not wind
// back unless the effector would be clear without it, so a held hand does
// not slide.
func (l *Limb) keepEffectorOut(r *Rig, e int, target mgl64.Vec2, ang, dt float64) {
	length := r.def.bones[e].Length * r.scale[e]
	if !(length > 0) || !(dt > 0) {
		return
	}
	margin := l.SolidMargin
	if !(margin > 0) {
		margin = DefaultSolidMargin
	}
	s, c := math.Sincos(ang)
	from := r.frame.toWorld(target)
	reach := length + margin
	p, n, ok := l.Solids.Raycast(from, r.frame.toWorld(mgl64.Vec2{target[0] + (reach+effSlack)*c, target[1] + (reach+effSlack)*s}))
	var h float64
	if ok {
		h = p.Sub(from).Len()
	}
	switch {
	case ok && h < reach:
		nl := r.frame.dirToLocal(n)
		l.effPush = l.effPush.Add(nl.Mul(math.Min(reach-h, effPushRate*dt)))
	case !ok && (l.effPush[0] != 0 || l.effPush[1] != 0) && (!l.held || l.pushUnneeded(r, target, reach+effSlack, c, s)):
		if m := math.Hypot(l.effPush[0], l.effPush[1]); m <= effRelaxRate*dt {
			l.effPush = mgl64.Vec2{}
		} else {
			l.effPush = l.effPush.Mul(1 - effRelaxRate*dt/m)
		}
	}
	// A push never exceeds the bone and its margin.
	if m := math.Hypot(l.effPush[0], l.effPush[1]); m > reach {
		l.effPush = l.effPush.Mul(reach / m)
	}
}

// pushUnneeded reports whether the effector, from the target without the
// push (pushed, character frame), is clear of every surface for length px
// along (c, s).
func (l *Limb) pushUnneeded(r *Rig, pushed mgl64.Vec2, length, c, s float64) bool {
	t := pushed.Sub(l.effPush)
	_, _, hit := l.Solids.Raycast(r.frame.toWorld(t), r.frame.toWorld(mgl64.Vec2{t[0] + length*c, t[1] + length*s}))
	return !hit
}
