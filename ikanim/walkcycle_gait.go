package ikanim

// The procedural walks' gait timing (GaitTiming; see grounder_gait.go).
// Both move a planted foot from +half to -half (half = Duty*L/2, L =
// Stride*amount) along forward while the body covers L per cycle, and swing
// it back from -half to +half on the eased arc x = -half +
// 2*half*(0.5-0.5*cos(pi*u)): at cycle position q >= Duty the swing's
// progress is u = (q-Duty)/(1-Duty), the body moves (1-q)*L until
// touch-down, which comes (1-q)*Period later, and (1-Duty)*L over a whole
// swing.

import "math"

// procFootTiming is the timing of a procedural walk's foot at cycle
// position q, the foot's ankle at x0 + (the walk's x) along forward.
func procFootTiming(q, duty, L, period, lift, x0 float64, pinned bool) FootTiming {
	half := duty * L / 2
	ft := FootTiming{Moving: L > 0, Pinned: pinned, Stride: L, Lift: lift,
		LiftX: x0 - half, LandX: x0 + half, SwingTravel: (1 - duty) * L}
	if q >= duty && ft.Moving {
		ft.Swing = true
		ft.Progress = (q - duty) / (1 - duty)
		ft.Left = (1 - q) * period
		ft.Travel = (1 - q) * L
	}
	return ft
}

// FootTiming implements GaitTiming for the near and far legs of the biped
// template (the limbs whose first bone is a thigh). Its stance feet are
// Pinned: the walk paces them by the rig's speed.
func (w *WalkCycle) FootTiming(def *RigDef, limb int, t float64) (FootTiming, bool) {
	if def == nil || limb < 0 || limb >= len(def.limbs) || len(def.limbs[limb].bones) == 0 {
		return FootTiming{}, false
	}
	b := w.bones(def)
	if !b.ok {
		return FootTiming{}, false
	}
	var leg int
	switch def.limbs[limb].bones[0] {
	case b.thigh[0]:
		leg = 0
	case b.thigh[1]:
		leg = 1
	default:
		return FootTiming{}, false
	}
	stride, period, height, duty, _, _, _, _ := w.defaults()
	q := w.Phase(t)
	if leg == 1 {
		q = mod1(q + 0.5)
	}
	if w.amount <= 0 {
		return FootTiming{Pinned: true}, true
	}
	return procFootTiming(q, duty, stride*w.amount, period, height*min(1, 3*w.amount), 0, true), true
}

// FootTiming implements GaitTiming for the quadruped template's four legs
// (after the walk has posed def once). Its planted feet are locked by the
// Grounder as other sources' are (Pinned false).
func (w *QuadrupedWalk) FootTiming(def *RigDef, limb int, t float64) (FootTiming, bool) {
	if def == nil || w.cached != def || !w.ok || limb < 0 || limb >= len(def.limbs) || len(def.limbs[limb].bones) == 0 {
		return FootTiming{}, false
	}
	i := -1
	for k := range w.legs {
		if w.legs[k].thigh == def.limbs[limb].bones[0] {
			i = k
		}
	}
	if i < 0 {
		return FootTiming{}, false
	}
	stride, period, height, duty, _ := w.defaults()
	if w.amount <= 0 {
		return FootTiming{}, true
	}
	x0 := def.bones[0].Attach[0] + def.bones[w.legs[i].thigh].Attach[0]
	ft := procFootTiming(legPhase(t, period, i), duty, stride*w.amount, period, height*min(1, 3*w.amount), x0, false)
	if math.IsNaN(ft.LandX) {
		return FootTiming{}, false
	}
	return ft, true
}
