package ikanim

// Aiming against solids (Aimer.Solids).
//
// The weapon runs from the shoulder S along the aim direction theta: the
// main wrist at distance rho from S (Reach times the arm's full reach F in
// the arm-aim mode, the hand's animated radius in the Circle mode) and the
// muzzle Muzzle px beyond it. A ray from S along theta, rho + Muzzle +
// margin long, finds the first surface at distance D; the room for the
// wrist is then
//
//	room = D - Muzzle - margin   (and rho on a miss),
//
// at least minAimRoom * F (a weapon pressed against a wall at the chest
// folds the arms no further). When even that leaves the muzzle in the
// solid, the weapon is raised: theta - k * aimRaiseStep for the least k up
// to aimRaiseSteps (and MaxUp) whose ray leaves room >= minAimRoom * F. The
// wrist distance used, rho' = min(rho, room'), and the raise follow their
// wanted values with rate limits (aimRoomRate px/s, aimRaiseRate rad/s; at
// once on the first frame), so a ray that slides past a corner, where D
// jumps, moves the weapon over a few frames instead of in one. The arms take rho' (the arm-aim Reach
// rho'/F, or each Circle radius scaled by rho'/rho) and their Limb.Solids
// is the aimer's, so neither hand goes into a solid.

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/internal/num"
)

const (
	// aimRaiseStep and aimRaiseSteps: the angles, radians, Solids tries
	// raising a weapon that has no room by.
	aimRaiseStep  = 15 * math.Pi / 180
	aimRaiseSteps = 6
	// aimRaiseRate is how fast, rad/s, the raise may change.
	aimRaiseRate = 4.0
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
func (a *Aimer) aimRoom(r *Rig, S mgl64.Vec2, theta, rho, F, dt float64) (room, raise float64) {
	if a.Solids == nil {
		a.roomOn = false
		return rho, 0
	}
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
	// roomAt is the room along the angle th.
	roomAt := func(th float64) float64 {
		st, ct := math.Sincos(th)
		if p, _, ok := a.Solids.Raycast(from, r.frame.toWorld(mgl64.Vec2{S[0] + length*ct, S[1] + length*st})); ok {
			return math.Min(rho, p.Sub(from).Len()-muzzle-DefaultSolidMargin)
		}
		return rho
	}
	want, wantRaise := roomAt(theta), 0.0
	if want < floor {
		// No room even pulled in: raise the weapon (toward the
		// character's up) by the least step that gives it room.
		maxUp := num.Or(a.MaxUp, DefaultAimMaxUp)
		for k := 1; k <= aimRaiseSteps; k++ {
			th := math.Max(theta-float64(k)*aimRaiseStep, -maxUp)
			wantRaise = theta - th
			if want = roomAt(th); want >= floor || th == -maxUp {
				break
			}
		}
	}
	want = math.Max(want, floor)
	if !a.roomOn || !(dt > 0) {
		a.room, a.raise, a.roomOn = want, wantRaise, true
	} else {
		step := aimRoomRate * dt
		a.room += math.Max(-step, math.Min(step, want-a.room))
		turn := aimRaiseRate * dt
		a.raise += math.Max(-turn, math.Min(turn, wantRaise-a.raise))
	}
	a.blocked = a.room < rho-1e-9 || a.raise > 0
	return math.Min(rho, a.room), a.raise
}

// WeaponBlocked reports whether, in the last Update, Solids pulled the
// weapon in or raised it from where the aim would hold it (a wall or a
// ceiling in the way of the muzzle).
func (a *Aimer) WeaponBlocked() bool { return a.blocked }

// muzzleDeficit returns how far, px, the muzzle of a weapon held at the
// wrist W along the angle phi (character frame) lies inside a solid or
// within the margin of one: Muzzle + margin less the distance from W to the
// first surface along phi (0 when there is none).
func (a *Aimer) muzzleDeficit(r *Rig, W mgl64.Vec2, phi float64) float64 {
	length := math.Max(a.Muzzle, 0) + DefaultSolidMargin
	if !(length < 1e6) {
		return 0
	}
	s, c := math.Sincos(phi)
	from := r.frame.toWorld(W)
	p, _, ok := a.Solids.Raycast(from, r.frame.toWorld(mgl64.Vec2{W[0] + length*c, W[1] + length*s}))
	if !ok {
		return 0
	}
	return length - p.Sub(from).Len()
}
