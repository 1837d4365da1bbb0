package ikanim

import (
	"math"

	"github.com/ikanim/kit/ikanim/internal/num"
)

// A limb's joint speed limit (Limb.MaxTurnSpeed).
//
// A two-bone limb's middle joint turns fastest with its target where the
// target passes close to the limb's root or reaches the limb's full
// length: a hand brought up in front of the chest to a hold just above the
// shoulder, with the wall a forearm away, folds the elbow through 100
// degrees in ten frames at 60 TPS however smooth the hand's path. A game
// sees that as a pop. The limit turns each bone of the chain, and the
// effector bone, by at most MaxTurnSpeed*dt from the last solve's angle,
// both its local angle and its angle from the limb's base (the chain
// root's parent: the shoulder's turn plus the elbow's is the forearm's
// turn as a game measures it, from the torso): the chain's bones all by
// the same share u of the turn they want, u = min(1, MaxTurnSpeed*dt /
// max |turn|) over the local and base turns, so the chain passes through the
// poses between last frame's solution and this frame's (both kept out of
// solids by a controller that keeps its targets out) rather than each bone
// clamped on its own (a shoulder turned all the way while its elbow lagged
// swung a hand through a wall); the effector bone is clamped on its own.
// The limb then lags its target while the target asks for faster turns
// and catches up when it slows. It is meant for limbs moving
// through the air (swinging, engaging a hold), where a few px of lag do
// not show; a limb holding a point that moves slowly never reaches the
// limit and stays exact.

// limitTurn bounds the turn of the limb's bones since the last update to
// MaxTurnSpeed*dt (see above; dt 0 allows no turn) and reports whether it
// changed any angle. It runs every update, solved or not (a limb fading
// out or switched off goes back to its animated pose at the limit too),
// and keeps the local angles it left for the next update, so a limit
// switched on already bounds its first frame. Only a limb not updated in
// the previous update (a rig paused or built anew) starts over from its
// angles as they are.
func (l *Limb) limitTurn(r *Rig, dt float64) bool {
	speed := l.MaxTurnSpeed
	limit := speed > 0 && num.Finite(speed) && l.turnOn && l.turnAt+1 == r.updates
	step := speed * math.Max(dt, 0)
	bones := l.def.bones
	changed := false
	// The chain's bones turn by one share of their wanted turns, the
	// largest share that keeps every one within the step, both its local
	// turn and its turn from the limb's base (the sum of the local turns
	// up to it: the forearm's angle as the game sees it, which an elbow
	// and a shoulder turning the same way at the limit would turn by twice
	// the step). The limb moves through the poses between last frame's
	// and this frame's solution, both out of any solid a controller keeps
	// it from, instead of each bone clamped on its own (a shoulder turned
	// all the way while its elbow lagged swung a hand through a wall).
	share := 1.0
	var sum float64 // wanted turn of the current bone from the base
	if limit {
		for k, bi := range bones {
			d := math.Remainder(r.local[bi]-l.turnLast[k], 2*math.Pi)
			sum += d
			if m := math.Max(math.Abs(d), math.Abs(sum)); m > step {
				share = math.Min(share, step/m)
			}
		}
	}
	tip := share * sum // the tip bone's turn from the base this frame
	for k := range l.turnLast {
		bi := l.def.effector
		if k < len(bones) {
			bi = bones[k]
		}
		if limit {
			d := math.Remainder(r.local[bi]-l.turnLast[k], 2*math.Pi)
			switch {
			case k < len(bones) && share < 1:
				r.local[bi], changed = l.turnLast[k]+share*d, true
			case k >= len(bones):
				// The effector on its own, within the step both
				// locally and from the base (its tip bone turned by
				// tip): |tip| <= step, so the bounds meet.
				lo, hi := math.Max(-step, -step-tip), math.Min(step, step-tip)
				if c := math.Max(lo, math.Min(hi, d)); c != d {
					r.local[bi], changed = l.turnLast[k]+c, true
				}
			}
		}
		l.turnLast[k] = r.local[bi]
	}
	l.turnOn, l.turnAt = true, r.updates
	return changed
}
