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
// effector bone, by at most MaxTurnSpeed*dt from the last solve's local
// angle; the limb then lags its target while the target asks for faster
// turns and catches up when it slows. It is meant for limbs moving
// through the air (swinging, engaging a hold), where a few px of lag do
// not show; a limb holding a point that moves slowly never reaches the
// limit and stays exact.

// limitTurn bounds the turn of the limb's bones since the last frame's
// solve to MaxTurnSpeed*dt (see above). It keeps the local angles it left
// for the next frame. A limb that was not solved in the previous update,
// and a limit switched on start over from the angles as solved.
func (l *Limb) limitTurn(r *Rig, dt float64) {
	speed := l.MaxTurnSpeed
	if !(speed > 0) || !num.Finite(speed) {
		l.turnOn = false
		return
	}
	bones := l.def.bones
	n := len(bones)
	if e := l.def.effector; e >= 0 {
		n++
	}
	if len(l.turnLast) < n {
		l.turnLast = make([]float64, n) // once per limb
	}
	limit := dt > 0 && l.turnOn && l.turnAt+1 == r.updates
	step := speed * dt
	for k := 0; k < n; k++ {
		bi := l.def.effector
		if k < len(bones) {
			bi = bones[k]
		}
		if limit {
			d := math.Remainder(r.local[bi]-l.turnLast[k], 2*math.Pi)
			if d > step {
				r.local[bi] = l.turnLast[k] + step
			} else if d < -step {
				r.local[bi] = l.turnLast[k] - step
			}
		}
		l.turnLast[k] = r.local[bi]
	}
	l.turnOn, l.turnAt = true, r.updates
}
