package ikanim

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/internal/num"
)

// Foot locking.
//
// A WalkCycle keeps a planted foot still in the world by construction: the
// game's speed drives its cycle, so the stance foot moves back under the
// body exactly as fast as the body moves on. Any other Source does not: a
// clip's stance foot moves back as fast as its author keyed it, a walk
// blended with a run sweeps its stance foot along neither child's path,
// and speeding up or slowing down changes the body's speed while the
// clip's feet keep theirs. Left alone, a planted foot slides along the
// ground (the animation scene's walk and run blend: up to 14 px a stance).
//
// So under any Source but a WalkCycle (a gait whose FootTiming is not
// Pinned) a foot is locked where it plants: the
// frame its Grounder finds it planted (clearance at most PlantedLift), the
// ankle's place along the ground is kept, world space, and every frame
// after that the foot is shifted along forward (the same footstep shift a
// WalkCycle's planning uses) back to that place; the rays then find the
// ground there, so the ankle rests on it whatever the body does, and the
// centroid lowers the body when the hip would be too far from it
// (reachNeed). The lock holds while the foot stays planted and lets go
//
//   - when the animation lifts the foot (clearance above PlantedLift): the
//     shift eases back to none over lockReleaseTime with a smoothstep, so
//     the swinging foot rejoins its animated path without a jump;
//   - when the ground is lost or the rig is airborne, when the rig turns
//     round (its facing mirrors the animated feet: they go where the
//     mirrored pose puts them, a jump the animation makes too), and on
//     Rig.Teleport;
//   - partly, when the animated foot moves further than MaxLockShift from
//     the lock, or the lock further along forward than reachRatio of the
//     leg reaches from the hip (lockReach): the lock is dragged along (the
//     foot slides rather than the leg stretching straight);
//   - partly, while the rig stands (Rig.IsIdle) with the foot further
//     from the animated one than lockStandShare of the leg: the lock moves
//     back toward it at shiftSettleSpeed (as a WalkCycle's feet settle
//     when it stops) until it is that close, so a foot the body left far
//     behind does not keep its leg stretched for as long as the animation
//     stands, while a foot that stopped a little off stays put.
//
// A foot that plants again before its release has finished locks where it
// is then, shift included, so nothing jumps. Locks are world points: on
// ground that moves the character along (a platform), Grounder.Carry moves
// them with it. Grounder.FreeFeet turns the lock off (the feet go where the
// animation puts them).

const (
	// lockReleaseTime is how long a released lock's shift takes to go back
	// to none, rig-time seconds (0.15 s: a foot left 20 px behind as the
	// animation scene's hero sets off swung its thigh 15 degrees a frame at
	// 60 TPS as it caught up; 0.2 s: 14).
	lockReleaseTime = 0.2
	// lockShare is MaxLockShift's default as a share of the leg's length
	// (its first two bones).
	lockShare = 0.35
	// lockStandShare is how far, as a share of the leg's length, a locked
	// foot may stay from the animated one while the rig stands; beyond it
	// the foot settles back at shiftSettleSpeed.
	lockStandShare = 0.2
	// lockReachRatio is the share of the leg's length (its first two
	// bones) a lock may be from the hip (a walk's own stance leg comes
	// within 1 % of straight, so no less).
	lockReachRatio = 0.999
)

// footLock is a leg's foot lock (see the rules above).
type footLock struct {
	on     bool
	p      mgl64.Vec2 // the locked ankle, world
	mirror bool       // the frame's mirror when it locked
	// from is the shift at release; t the rig-time seconds since.
	from, t float64
}

// locks reports whether the grounder locks the foot of leg this frame: not
// with FreeFeet, not under a gait that keeps its planted feet still itself
// (FootTiming.Pinned: a WalkCycle; its own footstep shift applies).
func (g *Grounder) locks(r *Rig, leg *grounderLeg) bool {
	if g.FreeFeet || g.DisableFeet {
		return false
	}
	return !leg.timed || !leg.gait.Pinned
}

// lockShift sets the leg's forward shift for this frame under a foot lock:
// locked, the shift that puts the animated ankle back at the lock (the lock
// dragged to within the leg's MaxLockShift); released, the easing back to
// none.
func (g *Grounder) lockShift(r *Rig, leg *grounderLeg, dt float64) {
	lk := &leg.lock
	if lk.on && lk.mirror != r.frame.mirror {
		// Turned round: the animated feet are mirrored; they go with it.
		lk.on, lk.from, lk.t = false, 0, 0
		leg.shift = 0
	}
	if !lk.on {
		if leg.shift == 0 {
			return
		}
		if dt > 0 {
			lk.t += dt
		}
		leg.shift = lk.from * (1 - num.Smoothstep(lk.t/lockReleaseTime))
		if !num.Finite(leg.shift) || lk.t >= lockReleaseTime {
			leg.shift = 0
		}
		return
	}
	want := r.frame.toLocal(lk.p)[0] - r.animStart[leg.foot][0]
	limit := g.maxLockShift(leg)
	if !num.Finite(want) {
		lk.on, lk.from, lk.t, leg.shift = false, 0, 0, 0
		return
	}
	if stand := lockStandShare / lockShare * limit; r.IsIdle() && dt > 0 && math.Abs(want) > stand {
		// Standing with a foot further than stand from the animation's:
		// it settles back at shiftSettleSpeed (as a WalkCycle's feet do
		// when it stops) until it is stand away, so a foot the body left
		// behind does not keep the leg stretched for as long as the
		// animation stands.
		limit = min(limit, max(stand, math.Abs(want)-shiftSettleSpeed*dt))
	}
	c := max(-limit, min(limit, want))
	if lo, hi, ok := g.lockReach(r, leg); ok {
		// Never further along forward than the leg reaches from its hip.
		c = max(lo, min(hi, c))
	}
	if c != want {
		// Dragged: the lock follows the animated foot at limit.
		lk.p = lk.p.Add(r.frame.dirToWorld(mgl64.Vec2{c - want, 0}))
		want = c
	}
	leg.shift = want
}

// lockReach returns the range of forward shifts of the leg's animated
// ankle (character frame, at last frame's offset along up) that the hip,
// where this frame's pose and body offset put it lowered by as much as the
// body may still go down, reaches within lockReachRatio of the leg's
// length: a lock is dragged rather than hold a foot the body cannot reach.
// ok is false for legs that are not two- or three-bone chains.
func (g *Grounder) lockReach(r *Rig, leg *grounderLeg) (lo, hi float64, ok bool) {
	bones := g.def.limbs[leg.limb].bones
	if len(bones) != 2 && len(bones) != 3 {
		return 0, 0, false
	}
	R := lockReachRatio * (g.def.bones[bones[0]].Length + g.def.bones[bones[1]].Length)
	// The hip as low as the centroid may still take it (MaxLower): the
	// body lowers for a planted foot it must reach (reachNeed).
	hip := r.animStart[bones[0]].Add(r.BodyOffset)
	hip[1] += max(0, num.Or(g.MaxLower, DefaultMaxLower)+g.body)
	a := r.animStart[leg.foot]
	dy := a[1] - leg.contact.Offset - hip[1]
	if !(R > 0) || !num.Finite(dy) || !num.Finite(hip[0]) {
		return 0, 0, false
	}
	h := math.Sqrt(max(0, R*R-dy*dy)) // 0: out of reach below, straight under the hip
	return hip[0] - h - a[0], hip[0] + h - a[0], true
}

// dropLocks lets go of every lock at once, their shifts gone (a teleport).
func (g *Grounder) dropLocks(r *Rig) {
	for i := range g.legs {
		leg := &g.legs[i]
		if leg.lock.on || leg.lock.from != 0 {
			leg.lock = footLock{}
			if g.locks(r, leg) {
				leg.shift = 0
			}
		}
	}
}

// Carry moves every foot lock by d, world px: call it once a frame with
// the move of ground that carries the character (a moving platform), as
// the game moves Position with it, so locked feet ride along instead of
// staying where they planted in the world (and being dragged over the
// platform by MaxLockShift). Other feet, and a WalkCycle's, are not
// locked and need nothing. Non-finite moves are ignored.
func (g *Grounder) Carry(d mgl64.Vec2) {
	if !num.FiniteVec(d) {
		return
	}
	for i := range g.legs {
		if lk := &g.legs[i].lock; lk.on {
			lk.p = lk.p.Add(d)
		}
	}
}

// lockPlaced updates the lock after the foot's placement: a foot found
// planted locks where its ankle now is (target), a lifted one lets go.
func (g *Grounder) lockPlaced(r *Rig, leg *grounderLeg, planted bool, target mgl64.Vec2) {
	lk := &leg.lock
	switch {
	case planted && !lk.on && num.Finite(target[0]) && num.Finite(target[1]):
		*lk = footLock{on: true, p: target, mirror: r.frame.mirror}
	case !planted && lk.on:
		g.unlock(leg)
	}
}

// unlock lets go of the leg's lock; its shift eases back to none.
func (g *Grounder) unlock(leg *grounderLeg) {
	lk := &leg.lock
	if lk.on {
		*lk = footLock{from: leg.shift}
	}
}

// maxLockShift is the leg's MaxLockShift or its default.
func (g *Grounder) maxLockShift(leg *grounderLeg) float64 {
	if v := g.MaxLockShift; v > 0 && !math.IsInf(v, 0) {
		return v
	}
	bones := g.def.limbs[leg.limb].bones
	n := 0.0
	for k := 0; k < len(bones) && k < 2; k++ {
		n += g.def.bones[bones[k]].Length
	}
	return lockShare * n
}
