package ikanim

// Aiming against solids (Aimer.Solids).
//
// The weapon runs from the main wrist W along the forearm's angle phi (the
// arm-aim mode) to the muzzle, Muzzle px further. After the arm is solved
// with the wrist distance rho' from the shoulder S, a ray from W along phi,
// Muzzle + margin long plus the distance the wrist may still grow, measures
// the free distance f ahead of the muzzle (negative inside a solid; a wrist
// that is itself behind a surface seen from S is short by the whole weapon
// and its depth). A negative f pulls the wrist in by -f at once (rho' +=
// f, at least minAimRoom times the arm's reach F) and the arm is solved
// again; a positive one lets rho' grow by f next frame, by at most
// aimRoomRate px/s, up to the aim's own Reach * F.
//
// When there is no room even pulled in, the weapon is raised: with D the
// distance from S to the first surface along the aim angle theta, the room
// D - Muzzle - margin is below minAimRoom * F; the raise is the least
// k * aimRaiseStep (k <= aimTurnSteps, within MaxUp) whose ray along
// theta - k * aimRaiseStep leaves that much room (or the least such turn
// the other way, for a weapon already held that way: aimRoom), and follows
// its wanted value at aimRaiseRate rad/s (aimCrossFactor times faster
// while the muzzle is in a solid: crossing from low to raised past a wall
// nearer than the weapon is long cannot keep it out, so it crosses
// quickly). In the Circle mode the room on that line from
// S is also the room of the hands (each radius scaled by room / rho, rate
// limited), as there is no solved forearm to measure along.
//
// The aimer also sets its arms' Limb.Solids, so neither hand goes into a
// solid.

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/ik"
	"github.com/ikanim/kit/ikanim/internal/num"
)

const (
	// aimRaiseStep and aimTurnSteps: the angles, radians, Solids tries
	// turning a weapon that has no room by (each way as far as the aim's
	// limits, at most aimTurnSteps steps).
	aimRaiseStep = 15 * math.Pi / 180
	aimTurnSteps = 6
	// aimRaiseRate is how fast, rad/s, the raise may change, and
	// aimCrossFactor times that while the solved muzzle is in a solid.
	aimRaiseRate   = 4.0
	aimCrossFactor = 3.0
	// aimBoostSlack is the room, px, the muzzle must have to spare before
	// the extra raise the solved muzzle asked for winds back.
	aimBoostSlack = 3.0
	// minAimRoom is the least wrist distance from the shoulder, as a share
	// of the main arm's reach, that Aimer.Solids pulls the weapon in to.
	minAimRoom = 0.3
	// aimRoomRate is how fast, px/s, the room Aimer.Solids leaves the
	// weapon may change.
	aimRoomRate = 180.0
)

// aimRoom returns the wrist distance from the shoulder S (character frame)
// Solids leaves along the aim angle theta (character frame) for a wrist
// that wants rho, F being the main arm's reach, after dt seconds, and the
// angle the weapon is raised by (see the notes above). Without Solids it
// returns rho and 0.
//
// A weapon with no room is turned away from the surface (raised from a
// wall, lowered under a ceiling) unless it is held more than a step the
// other way already (drawn from the hanging arm, held low) and turning on
// that way needs less turn: a weapon held low next to a wall stays low
// rather than sweeping up through the wall.
//
// With lineRoom false (the arm-aim mode) only the raise is decided here:
// the room is the one the last frame's solved muzzle left (fitRoom).
func (a *Aimer) aimRoom(r *Rig, S mgl64.Vec2, theta, rho, F, dt float64, lineRoom bool) (room, raise float64) {
	if a.Solids == nil {
		a.roomOn = false
		return rho, 0
	}
	// The weapon's angle now: the main forearm as the last update left it
	// (character frame).
	cur := r.angle[a.fore]
	for _, li := range [2]int{a.main, a.support} {
		if li >= 0 {
			r.limbs[li].Solids = a.Solids
		}
	}
	muzzle := math.Max(a.Muzzle, 0)
	if !(muzzle < 1e6) {
		muzzle = 0
	}
	from := r.frame.toWorld(S)
	length := rho + muzzle + DefaultSolidMargin
	floor := minAimRoom * F
	// roomAt is the room along the angle th, and the turn that gives more
	// (raiseSide of the surface in the way).
	roomAt := func(th float64) (float64, float64) {
		st, ct := math.Sincos(th)
		if p, n, ok := a.Solids.Raycast(from, r.frame.toWorld(mgl64.Vec2{S[0] + length*ct, S[1] + length*st})); ok {
			return math.Min(rho, p.Sub(from).Len()-muzzle-DefaultSolidMargin), raiseSide(r, n)
		}
		return rho, 1
	}
	want, side := roomAt(theta)
	wantRaise := 0.0
	if want < floor {
		// No room even pulled in: turn the weapon by the least step that
		// gives it room, away from the surface (side), or the other way
		// when the weapon is held more than a step that way already
		// (cur) and that turn is nearer to it (see above).
		lo, hi := -num.Or(a.MaxDown, DefaultAimMaxDown), num.Or(a.MaxUp, DefaultAimMaxUp)
		var found [2]bool
		var turn, roomK [2]float64
		for j, dir := range [2]float64{side, -side} {
			for k := 1; k <= aimTurnSteps; k++ {
				th := theta - dir*float64(k)*aimRaiseStep
				th = math.Max(-hi, math.Min(-lo, th))
				turn[j] = theta - th
				roomK[j], _ = roomAt(th)
				if roomK[j] >= floor {
					found[j] = true
					break
				}
				if th == -hi || th == -lo {
					break
				}
			}
		}
		j := 0
		off := side * math.Remainder(cur-theta, 2*math.Pi) // > 0: cur lies on the other side
		if found[1] && (!found[0] || (off > aimRaiseStep && math.Abs(math.Remainder(theta-turn[1]-cur, 2*math.Pi)) < math.Abs(math.Remainder(theta-turn[0]-cur, 2*math.Pi)))) {
			j = 1
		}
		want, wantRaise = roomK[j], turn[j]
	}
	want = math.Max(want, floor)
	if !lineRoom {
		want = a.room
		if !a.roomOn {
			want = rho
		}
	}
	if !a.roomOn || !(dt > 0) {
		a.room, a.raise, a.boost, a.roomOn = want, wantRaise, 0, true
	} else {
		step := aimRoomRate * dt
		a.room += math.Max(-step, math.Min(step, want-a.room))
		turn := aimRaiseRate * dt
		if a.muzzleIn {
			// The muzzle is in a solid (crossing from a weapon held low
			// to one raised, past a wall nearer than the weapon is long):
			// cross quickly.
			turn *= aimCrossFactor
		}
		a.raise += math.Max(-turn, math.Min(turn, wantRaise-a.raise))
	}
	a.turning = a.raise != wantRaise
	a.blocked = a.room < rho-1e-9 || a.raise != 0 || a.boost != 0
	return math.Min(rho, a.room), a.raise + a.boost
}

// raiseSide is +1 when raising the weapon (turning it toward the
// character's up) moves it away from a surface of world normal n, -1 when
// lowering does (a ceiling: n points down in the character frame).
func raiseSide(r *Rig, n mgl64.Vec2) float64 {
	if ln := r.frame.dirToLocal(n); ln[1] > 0.5 {
		return -1
	}
	return 1
}

// boostRaise adjusts the extra raise that the solved muzzle asks for: a
// muzzle still spare < 0 px inside a solid with the wrist pulled in as far
// as it goes turns the weapon further away from the surface (side, from
// raiseSide), by aimRaiseRate but no more than spare moves the muzzle at
// lever px from the shoulder, next frame, as far as [lo, hi] allows (the
// aim's limits: until today the boost stopped at a quarter turn, and a
// weapon held low with its target far down stayed 11.4 px in a wall 22 px
// ahead); once it has aimBoostSlack px to spare the extra raise winds back
// at the same rate.
func (a *Aimer) boostRaise(spare, side, lever, dt float64, atFloor bool, lo, hi float64) {
	step := aimRaiseRate * math.Max(dt, 0)
	if lever > 1 && lever < 1e6 {
		// At most the turn that moves the muzzle by what it is in (or
		// past the slack) at the lever's length: a whole step at 30 TPS
		// swung a weapon jammed against a wall in and out every frame.
		if spare < 0 {
			step = math.Min(step, -spare/lever)
		} else if spare > aimBoostSlack {
			step = math.Min(step, (spare-aimBoostSlack)/lever)
		}
	}
	switch {
	case spare < 0 && atFloor && !a.turning:
		// (While the raise still turns toward what it wants, the boost
		// holds: turning the other way it held the weapon in a wall
		// for half a second.)
		a.boost = math.Max(lo, math.Min(hi, a.boost+side*step))
	case spare > aimBoostSlack && a.boost != 0:
		a.boost -= math.Copysign(math.Min(step, math.Abs(a.boost)), a.boost)
	}
}

// WeaponBlocked reports whether, in the last Update, Solids pulled the
// weapon in or raised it from where the aim would hold it (a wall or a
// ceiling in the way of the muzzle).
func (a *Aimer) WeaponBlocked() bool { return a.blocked }

// muzzleSpare returns the free distance, px, ahead of the muzzle of a
// weapon held at the wrist W along the angle phi (character frame), less
// the margin: negative when the muzzle lies inside a solid or within the
// margin of one, and at most extra (the ray looks no farther).
//
// A wrist that is itself behind a surface as seen from the shoulder S is
// short of room by the whole weapon and its distance past that surface.
func (a *Aimer) muzzleSpare(r *Rig, S, W mgl64.Vec2, phi, extra float64) (spare, side float64) {
	need := math.Max(a.Muzzle, 0) + DefaultSolidMargin
	if !(need < 1e6) {
		return extra, 1
	}
	from := r.frame.toWorld(W)
	if p, n, ok := a.Solids.Raycast(r.frame.toWorld(S), from); ok {
		return -(from.Sub(p).Len() + need), raiseSide(r, n)
	}
	length := need + math.Max(extra, 0)
	s, c := math.Sincos(phi)
	p, n, ok := a.Solids.Raycast(from, r.frame.toWorld(mgl64.Vec2{W[0] + length*c, W[1] + length*s}))
	if !ok {
		return math.Max(extra, 0), 1
	}
	return p.Sub(from).Len() - need, raiseSide(r, n)
}

// aimPullRate is how fast, px/s, the solved muzzle may pull the wrist in
// within a frame.
const aimPullRate = 360.0

const (
	// aimSlideRate is how fast, px/s, the support hand slides along the
	// weapon (supportSlide).
	aimSlideRate = 240.0
	// aimSlideBackRate is how fast, px/s, it slides back once its arm is
	// free nearer its own place.
	aimSlideBackRate = 60.0
	// aimSlideSteps is how many places along the weapon supportSlide tries
	// before it bisects between the last blocked one and the first free.
	aimSlideSteps = 6
)

// supportSlide returns how far, px, the support hand slides along the
// weapon past Support.x this frame so that its arm stays out of solids: the
// support arm (a two-bone limb, its joint solved by the law of cosines on
// the side it bends to) is blocked at slide x when a ray from its shoulder
// to its middle joint (DefaultSolidMargin longer) or from the joint to the
// hand enters a solid. The slide wanted is the least x in [0, Muzzle -
// Support.x] that is free (the first free one of aimSlideSteps places,
// bisected against the blocked one before it); none free keeps the last
// slide. The slide follows it at aimSlideRate px/s. A one-way elbow (the
// biped template's) cannot take its other side, and the hand moving up
// the barrel straightens the arm along the weapon instead, so the hand
// stays on the weapon. W is the main wrist and (c, s) the weapon's
// direction, character frame.
func (a *Aimer) supportSlide(r *Rig, W mgl64.Vec2, c, s, dt float64) float64 {
	sd := &r.def.limbs[a.support]
	// The hand slides between the main wrist and the muzzle.
	lo, hi := -math.Max(a.Support[0], 0), math.Max(a.Muzzle, 0)-a.Support[0]
	if a.Solids == nil || sd.Solver != SolveTwoBone || len(sd.bones) != 2 || !(hi > lo) || !(hi-lo < 1e6) {
		a.slide = 0
		return 0
	}
	sl := &r.limbs[a.support]
	bend := sd.Bend
	switch {
	case sl.side != 0:
		bend = sl.side
	case sl.Bend == 1 || sl.Bend == -1:
		bend = sl.Bend
	}
	R := r.animStart[sd.bones[0]].Add(r.BodyOffset)
	wR := r.frame.toWorld(R)
	u, l := sd.chain.Bone(0).Length, sd.chain.Bone(1).Length
	blocked := func(x float64) bool {
		x += a.Support[0]
		px, py := W[0]+x*c-a.Support[1]*s, W[1]+x*s+a.Support[1]*c
		mx, my, _, _ := ik.SolveTwoBoneXY(R[0], R[1], px, py, u, l, bend)
		m := mgl64.Vec2{mx, my}
		v := m.Sub(R)
		n := v.Len()
		if !(n > 0) {
			return false
		}
		past := R.Add(v.Mul((n + DefaultSolidMargin) / n))
		if _, _, hit := a.Solids.Raycast(wR, r.frame.toWorld(past)); hit {
			return true
		}
		_, _, hit := a.Solids.Raycast(r.frame.toWorld(m), r.frame.toWorld(mgl64.Vec2{px, py}))
		return hit
	}
	want := a.slide
	if !blocked(0) {
		want = 0
	} else {
		// Places up the barrel and back toward the grip, nearest first.
		step := math.Max(hi, -lo) / aimSlideSteps
	search:
		for k := 1; k <= aimSlideSteps; k++ {
			for _, dir := range [2]float64{1, -1} {
				x := dir * float64(k) * step
				if x > hi || x < lo || blocked(x) {
					continue
				}
				in, out := dir*float64(k-1)*step, x
				for range 6 {
					if mid := (in + out) / 2; blocked(mid) {
						in = mid
					} else {
						out = mid
					}
				}
				want = out
				break search
			}
		}
	}
	if r.Facing != a.slideFacing {
		// A turn round is a new pose: the slide starts over.
		a.slide, a.slideFacing = 0, r.Facing
	}
	d := aimSlideRate * math.Max(dt, 0)
	if math.Abs(want) < math.Abs(a.slide) {
		d = aimSlideBackRate * math.Max(dt, 0)
	}
	a.slide += math.Max(-d, math.Min(d, want-a.slide))
	if !num.Finite(a.slide) {
		a.slide = 0
	}
	return a.slide
}
