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
// So under any Source but a WalkCycle a foot is locked where it plants: the
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
//   - when the ground is lost or the rig is airborne, and when the rig
//     turns round (its facing mirrors the animated feet);
//   - partly, when the animated foot moves further than MaxLockShift from
//     the lock: the lock is dragged along so it stays MaxLockShift away
//     (the foot slides rather than the leg stretching without bound);
//   - partly, while the rig stands (Rig.IsIdle) with the foot further
//     from the animated one than lockStandShare of the leg: the lock moves
//     back toward it at shiftSettleSpeed (as a WalkCycle's feet settle
//     when it stops) until it is that close, so a foot the body left far
//     behind does not keep its leg stretched for as long as the animation
//     stands, while a foot that stopped a little off stays put.
//
// A foot that plants again before its release has finished locks where it
// is then, shift included, so nothing jumps. Grounder.FreeFeet turns the
// lock off (the feet go where the animation puts them).

const (
	// lockReleaseTime is how long a released lock's shift takes to go back
	// to none, rig-time seconds.
	lockReleaseTime = 0.15
	// lockShare is MaxLockShift's default as a share of the leg's length
	// (its first two bones).
	lockShare = 0.35
	// lockStandShare is how far, as a share of the leg's length, a locked
	// foot may stay from the animated one while the rig stands; beyond it
	// the foot settles back at shiftSettleSpeed.
	lockStandShare = 0.2
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
// with FreeFeet, not under a WalkCycle that drives the leg (its own
// footstep shift applies).
func (g *Grounder) locks(r *Rig, leg *grounderLeg) bool {
	if g.FreeFeet || g.DisableFeet {
		return false
	}
	_, isWalk := r.Source.(*WalkCycle)
	return !isWalk || leg.walkLeg < 0
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
	if c := max(-limit, min(limit, want)); c != want {
		// Dragged: the lock follows the animated foot at limit.
		lk.p = lk.p.Add(r.frame.dirToWorld(mgl64.Vec2{c - want, 0}))
		want = c
	}
	leg.shift = want
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
