package ikanim

// FootTiming implements GaitTiming from the two children the last Pose
// sampled, each at its own synchronised time: the dominant child (the one
// of larger weight) says whether the foot is in the air and how far
// through its swing it is; its time to touch-down, on the child's clock,
// becomes rig time at the blend's own cadence (the shared phase advances
// speed/S(u) per second, or 1/D(u) in place: see the file comment of
// blend1d.go), and the body's travel is the rig's speed over that time.
// Where the lift-off and landing ankles are, and the lift, are the two
// children's blended by weight when both time the foot and step, the
// dominant child's otherwise. The foot is untimed when the dominant child
// does not time it.
func (b *Blend1D) FootTiming(def *RigDef, limb int, t float64) (FootTiming, bool) {
	if def != b.def || b.def == nil || !b.hasPrev {
		return FootTiming{}, false
	}
	dom, other, w := b.a, b.b, b.u
	if b.u >= 0.5 {
		dom, other, w = b.b, b.a, 1-b.u
	}
	dt := b.times[0]
	if dom != b.a {
		dt = b.times[1]
	}
	cd := &b.children[dom]
	gd, ok := cd.Source.(GaitTiming)
	if !ok {
		return FootTiming{}, false
	}
	ft, ok := gd.FootTiming(def, limb, dt)
	if !ok || !ft.Moving || !ft.Swing {
		ft.Swing = false
		return ft, ok
	}
	// Child clock seconds -> cycles -> rig seconds.
	stride, cycle := b.blended(b.a, b.b, b.u)
	rate := 0.0 // cycles per rig second
	if stride > 1e-6 {
		rate = b.speed / stride
	} else if cycle > 0 {
		rate = 1 / cycle
	}
	if !(rate > 0) || !(cd.cycle > 0) {
		ft.Moving, ft.Swing = false, false
		return ft, true
	}
	swingDur := 0.0 // the whole swing, child clock
	if ft.Progress < 1 {
		swingDur = ft.Left / (1 - ft.Progress)
	}
	ft.Left = ft.Left / cd.cycle / rate
	ft.Travel = b.speed * ft.Left
	ft.SwingTravel = b.speed * swingDur / cd.cycle / rate
	ft.Stride = stride
	ft.Pinned = false
	if other != dom && w > 0 {
		ot := b.times[0]
		if other != b.a {
			ot = b.times[1]
		}
		if go2, ok := b.children[other].Source.(GaitTiming); ok {
			if f2, ok := go2.FootTiming(def, limb, ot); ok && f2.Moving && f2.Swing {
				ft.LiftX += w * (f2.LiftX - ft.LiftX)
				ft.LandX += w * (f2.LandX - ft.LandX)
				ft.Lift += w * (f2.Lift - ft.Lift)
			}
		}
	}
	return ft, true
}
