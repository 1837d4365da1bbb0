package ikanim

// A grounder's first Update after a Rig.Teleport (also one before its
// first Update) starts afresh: nothing it smooths from frame to frame
// carries over from where the character was. The feet are placed on the ground
// under them at once and the legs' IK weights are set without their fade
// in (Limb.SetWeightNow), the body offset goes straight to its target
// (BodySpeed, BodyMaxSpeed and OnlyWhenIdle do not ease it in), and the
// foot locks, footstep shifts, swing plans and the planted feet's ray
// cache (RecastPlanted) are dropped. Otherwise a character teleported onto
// a 30-degree slope stood with a sole 8 px inside the ground for the leg
// weights' fade-in (0.2 s) and the body's easing, and 19.8 px walking.

// freshStart reports whether this Update starts afresh (the first after a
// Rig.Teleport), and if so drops what carries over from frame to frame in
// the legs.
func (g *Grounder) freshStart(r *Rig) bool {
	if r.teleports == g.teleports {
		return false
	}
	g.teleports = r.teleports
	g.dropLocks(r)
	for i := range g.legs {
		leg := &g.legs[i]
		leg.lock = footLock{}
		leg.shift, leg.shiftFrom, leg.lag = 0, 0, 0
		leg.plan.on = false
		leg.land = landing{}
		leg.hold.on = false
		leg.init = false
		leg.swinging, leg.swung = false, false
	}
	return true
}

// snapLegs sets each leg's IK weight to the grounder's wish for it at once,
// without the limb's fade (a fresh start: see freshStart).
func (g *Grounder) snapLegs(r *Rig) {
	if g.DisableFeet {
		return
	}
	for i := range g.legs {
		l := &r.limbs[g.legs[i].limb]
		l.SetWeightNow(l.Weight)
	}
}
