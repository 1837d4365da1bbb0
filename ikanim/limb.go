package ikanim

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/ik"

	"github.com/ikanim/kit/ikanim/internal/num"
)

// Limb is the per-instance state of one LimbDef: its target, its weight and
// its solver (made from the definition's SolverKind, holding the solver's
// scratch space).
//
// A limb does nothing until the game (or a controller) gives it a Weight above
// 0 and a Target, or the pose source keys it. The current weight follows
// Weight over the definition's FadeIn and FadeOut times and blends through a
// smoothstep, so switching IK on or off never pops.
//
// # Keyed IK and controllers
//
// A clip (any IKSource) may key the limb (Key): a target Tk with a weight
// wk, a mix m and a bend side. Controllers and the game set Target (Tc)
// and Weight, whose faded value is wc (CurrentWeight; while Target is not
// finite it fades out over FadeOut toward the last finite Target, and is 0
// if there never was one). The limb solves toward
//
//	T = (wk*(1-wc)*Tk + wc*Tc) / a,   a = wc + wk - wc*wk
//
// and blends the solution with the animated pose by w = m*a. This is the
// controller's target laid over the keyed one as a layer with alpha wc
// (Porter-Duff "over"): with no controller (wc = 0) the keyed target and
// weight act alone; a controller at full weight (wc = 1) replaces the
// keyed target; in between the target moves along the line between the
// two. The keyed mix scales everything (a clip can switch a grounder's
// legs off during a somersault with mix 0), and a keyed bend side replaces
// the definition's Bend while UsePole still overrides both. All three
// values are continuous in wk, wc and m, so fading either side in or out
// does not pop. AppliedWeight and AppliedTarget report w and T.
type Limb struct {
	// Target is the world point the chain's tip reaches for (look-at limbs:
	// the point the last bone aims at).
	Target mgl64.Vec2
	// Weight is the desired weight in [0,1] (zero value: off).
	Weight float64
	// EffectorRotation is added to the effector bone's animated world angle
	// (radians, clockwise on screen for a right-facing character). A grounder
	// sets it to the slope angle so a foot lies on the ground while keeping
	// its animated angle.
	EffectorRotation float64
	// Pole, when UsePole is set, is a world point the two-bone middle joint
	// bends toward, overriding the definition's Bend.
	Pole    mgl64.Vec2
	UsePole bool
	// Bend, when +1 or -1, is the two-bone (or arm-aim) bend side for a
	// controller or the game to set each frame; it overrides the
	// definition's Bend and a keyed one (UsePole still overrides all).
	// 0, the zero value, leaves them.
	Bend float64

	// Solids, when set, keeps the limb out of solid ground (see
	// limb_solids.go): the target stops SolidMargin px in front of the
	// first surface on the line from the chain's root to it (a hand sent
	// into a wall rests on it; TargetBlocked reports it), and a two-bone
	// limb whose middle joint may bend both ways (no limit on its second
	// bone, or one allowing both signs: not the biped template's elbows and
	// knees) crosses over 0.2 s to the free side when its own would put a
	// bone in a solid; an effector bone beyond its tip (a hand, a foot)
	// that reaches into a surface pushes the next frames' target off it
	// along the surface's normal (at most 240 px/s). One to six rays a
	// frame while the limb is on. While the limb is off (weight 0: an arm
	// swinging in the walk cycle) its animated pose is kept out too: a
	// chain whose bones or effector would enter a solid turns about its
	// root by the least angle that clears them (arms_solids.go; three rays
	// a frame, more while in contact). Nil (the zero value): off. The target is
	// kept out along the straight line from the root: a target moving past
	// a convex corner (a hand pulled over a ledge's edge) jumps where that
	// line clears the corner, so leave Solids off for such moves.
	Solids Ground
	// SolidMargin is the distance, px, Solids keeps the target in front of
	// a surface (0: DefaultSolidMargin, 1 px).
	SolidMargin float64
	// MaxTurnSpeed, when above 0, is the fastest the limb's bones (the
	// chain and the effector) may turn, rad/s: each turns at most
	// MaxTurnSpeed*dt from the last update's angle (none with dt 0), both
	// its local angle and its angle from the limb's base (the parent of
	// the chain's root: a forearm turns no faster than the limit from the
	// torso, however its shoulder and elbow share the turn), and the limb lags its target while the target asks for more,
	// and its animated pose while it fades out (limb_turn.go).
	// For limbs moving through the air: the Climber sets it on its limbs
	// (DefaultClimbTurnSpeed). 0, the zero value: no limit.
	MaxTurnSpeed float64

	// Result is the last solve's report.
	Result ik.Result

	def    *limbDef
	index  int      // in the rig's limbs
	key    *LimbKey // this frame's keyed IK, in the rig's keys
	solver ik.Solver
	// twoBone is solver when it is a TwoBone (Pole and UsePole go to it);
	// armAim when it is an ArmAim (a keyed bend goes to either).
	twoBone *ik.TwoBone
	armAim  *ik.ArmAim
	ramp    float64 // current linear weight in [0,1]
	// lastTarget is the last finite Target (hasTarget: there is one).
	lastTarget mgl64.Vec2
	hasTarget  bool
	// solidBend is the bend side Solids swapped to (0: none); blocked
	// says Solids stopped the target this frame. side is the side of the
	// last solve; a swap crosses from swapFrom over swapT (0 to 1) and
	// solves the old side into swapPose (crossSides).
	solidBend float64
	blocked   bool
	effPush   mgl64.Vec2 // Solids: the target's push off a surface the effector touches (character frame)
	held      bool       // Solids: the target is the same world point as last frame
	heldShift mgl64.Vec2 // Solids: last frame's move of the target off the straight line, world
	heldOn    bool       // heldShift is set
	side      float64
	swapFrom  float64
	swapT     float64
	swapPose  ik.Pose
	// poseSide is the animated pose's bend side last seen bent (+1, -1;
	// 0 before), for LimbDef.BendFromPose.
	poseSide float64
	// applied is the weight of the last solve (keyed and controller
	// combined), appliedTarget its target in the character frame.
	applied       float64
	appliedTarget mgl64.Vec2
	// effTurn is last frame's effector turn from its animated angle;
	// effOn says it is valid (the limb was active last frame).
	effTurn float64
	effOn   bool
	pose    ik.Pose
	solved  []float64
	// turnLast holds the local angles of the chain's bones and the
	// effector as the last solve left them, turnAt that solve's update
	// count, turnOn that there was one (MaxTurnSpeed).
	turnLast []float64
	turnAt   uint64
	turnOn   bool
	// guardSide is the side (+1, -1; 0: none) Solids last turned the
	// limb's animated pose to while its weight was 0 (arms_solids.go).
	guardSide float64
}

func (l *Limb) init(r *Rig, i int) {
	d := &r.def.limbs[i]
	l.def = d
	l.index = i
	l.key = &r.keys[i]
	l.pose = d.chain.NewPose()
	l.solved = make([]float64, len(d.bones))
	n := len(d.bones)
	if d.effector >= 0 {
		n++
	}
	l.turnLast = make([]float64, n)
	l.solver = d.newSolver()
	l.twoBone, _ = l.solver.(*ik.TwoBone)
	l.armAim, _ = l.solver.(*ik.ArmAim)
}

// Solver returns the limb's solver, made from its definition's SolverKind:
// *ik.TwoBone, *ik.ArmAim, *ik.FABRIK, *ik.CCD or *ik.LookAt. Tune it with a
// type assertion, e.g. limb.Solver().(*ik.FABRIK).MaxIterations = 20.
func (l *Limb) Solver() ik.Solver { return l.solver }

// Name returns the limb's name.
func (l *Limb) Name() string { return l.def.Name }

// Kind returns the limb's solver kind.
func (l *Limb) Kind() SolverKind { return l.def.Solver }

// Bones returns the bone indices of the chain, root to tip. The slice belongs
// to the definition: do not modify it.
func (l *Limb) Bones() []int { return l.def.bones }

// Effector returns the effector bone index, or -1.
func (l *Limb) Effector() int { return l.def.effector }

// Reach returns the chain's full reach (sum of its bone lengths).
func (l *Limb) Reach() float64 { return l.def.chain.Reach() }

// CurrentWeight returns the blend weight applied in the last Update, after
// the fade and its smoothstep.
func (l *Limb) CurrentWeight() float64 { return num.Smoothstep(l.ramp) }

// Key returns this frame's keyed IK of the limb (the zero LimbKey when the
// pose source keys none), for controllers that want to read it.
func (l *Limb) Key() LimbKey { return *l.key }

// AppliedWeight returns the weight the last Update blended the solution
// with: the controllers' faded weight and the keyed IK combined (see Limb).
func (l *Limb) AppliedWeight() float64 { return l.applied }

// AppliedTarget returns the world target the last Update solved toward,
// the controllers' and the keyed targets combined (see Limb); it is
// meaningful while AppliedWeight is above 0.
func (l *Limb) AppliedTarget(r *Rig) mgl64.Vec2 { return r.frame.toWorld(l.appliedTarget) }

// SetWeightNow sets both the desired and the current weight, skipping the
// fade (for setup and teleports).
func (l *Limb) SetWeightNow(w float64) {
	w = num.Clamp01(w)
	l.Weight, l.ramp = w, w
}

// poseBend returns the bend side of the animated pose (see
// LimbDef.BendFromPose): with R, M and T the animated root, middle and tip
// joints (character frame), the middle joint is on the clockwise side of
// R->T when cross(T - R, M - R) > 0 (y down: the clockwise normal of
// v = (x, y) is (-y, x)). Within 2 % of |T - R| of the line it keeps the
// last side (def when there is none yet).
func (l *Limb) poseBend(r *Rig, def float64) float64 {
	d := l.def
	root := r.animStart[d.bones[0]]
	mid := r.animStart[d.bones[1]]
	tip := r.animEnd[d.bones[1]]
	v, m := tip.Sub(root), mid.Sub(root)
	cross := v[0]*m[1] - v[1]*m[0]
	if n := v.Len(); n > 0 && math.Abs(cross) > 0.02*n*n {
		l.poseSide = 1
		if cross < 0 {
			l.poseSide = -1
		}
	}
	if l.poseSide == 0 {
		if def < 0 {
			return -1
		}
		return 1
	}
	return l.poseSide
}

// advance moves the ramp toward Weight (0 without a finite target) over
// the fade times.
func (l *Limb) advance(dt float64, finite bool) {
	want := num.Clamp01(l.Weight)
	if !finite {
		want = 0
	}
	switch {
	case l.ramp < want:
		if l.def.FadeIn <= 0 {
			l.ramp = want
		} else {
			l.ramp = min(want, l.ramp+dt/l.def.FadeIn)
		}
	case l.ramp > want:
		if l.def.FadeOut <= 0 {
			l.ramp = want
		} else {
			l.ramp = max(want, l.ramp-dt/l.def.FadeOut)
		}
	}
}

// solve runs the limb's solver in the character frame and blends the result
// into r.local. It reports whether it changed the pose.
func (l *Limb) solve(r *Rig, dt float64) bool {
	// A Target that is not finite fades the limb out toward the last
	// finite one (no jump back to the animation in one frame); with none
	// yet, the controller's side is off.
	finite := num.FiniteVec(l.Target)
	// held: the same world target as last frame (a hand on a hold, a
	// planted foot): Solids keeps last frame's correction of it, so a held
	// hand or foot does not slide as the body moves.
	// (finiteLen of a difference too large for a float64 is Inf or NaN,
	// which fails the test as math.Hypot's Inf does.) Only Solids reads it.
	l.held = l.Solids != nil && finite && l.hasTarget && finiteLen(l.Target.Sub(l.lastTarget)) < heldTolerance
	if finite {
		l.lastTarget, l.hasTarget = l.Target, true
	}
	l.advance(dt, finite)
	wc := num.Smoothstep(l.ramp)
	var tc mgl64.Vec2
	switch {
	case finite:
		tc = r.frame.toLocal(l.Target)
	case l.hasTarget:
		tc = r.frame.toLocal(l.lastTarget)
	default:
		wc = 0
	}
	key := l.key
	wk := key.Weight
	a := wc + wk - wc*wk
	w := a * key.Mix()
	l.applied = w
	if w <= 0 {
		l.Result = ik.Result{}
		l.effOn = false
		l.solidBend, l.blocked, l.side, l.swapT, l.effPush, l.heldOn = 0, false, 0, 1, mgl64.Vec2{}, false
		// Back to the animated pose, kept out of solids (Solids), within
		// MaxTurnSpeed.
		guarded := l.guardPose(r)
		return l.limitTurn(r, dt) || guarded
	}
	target := tc
	switch {
	case wc <= 0:
		target = key.Target
	case wk > 0:
		k := wk * (1 - wc) / a
		target = key.Target.Mul(k).Add(tc.Mul(wc / a))
	}
	l.appliedTarget = target
	d := l.def
	bend := d.Bend
	if d.BendFromPose && len(d.bones) == 2 {
		bend = l.poseBend(r, bend)
	}
	if key.Bend != 0 {
		bend = key.Bend
	}
	if l.Bend == 1 || l.Bend == -1 {
		bend = l.Bend
	}
	if l.Solids != nil && d.Solver != SolveLookAt {
		target, bend = l.keepOut(r, target, bend)
		target = target.Add(l.effPush)
		l.appliedTarget = target
	}
	if l.armAim != nil {
		l.armAim.Bend = bend
	}
	first := d.bones[0]
	l.pose.Origin = r.start[first]
	l.pose.Base = 0
	if p := r.def.bones[first].Parent; p >= 0 {
		l.pose.Base = r.angle[p]
	}
	for k, bi := range d.bones {
		l.pose.Angles[k] = r.local[bi]
	}
	if tb := l.twoBone; tb != nil {
		tb.Bend = bend
		tb.UsePole = l.UsePole
		if l.UsePole {
			tb.Pole = r.frame.toLocal(l.Pole)
		}
	}
	l.Result = l.solver.Solve(d.chain, &l.pose, target)
	copy(l.solved, l.pose.Angles)
	if l.swapT < 1 && l.twoBone != nil && !l.UsePole {
		l.crossSides(d, target, dt)
	}
	for k, bi := range d.bones {
		l.pose.Angles[k] = r.local[bi]
	}
	ik.Blend(l.pose.Angles, l.pose.Angles, l.solved, w)
	for k, bi := range d.bones {
		r.local[bi] = l.pose.Angles[k]
	}
	if r.stretchy {
		l.applyScale(r, target, w)
	}
	if e := d.effector; e >= 0 {
		// Keep the effector's animated world angle (plus the rotation a
		// controller asked for): its new local angle is that world angle
		// minus the tip bone's new world angle. The tip's world angle is the
		// chain base plus the sum of the chain's local angles.
		tipWorld := l.pose.Base
		for _, a := range l.pose.Angles {
			tipWorld += a
		}
		rot := l.EffectorRotation
		if !num.Finite(rot) {
			rot = 0
		}
		if r.Facing == FacingLeft {
			rot = -rot // a world rotation is mirrored in the right-facing frame
		}
		want := r.animAngle[e] + rot - tipWorld
		cur := r.local[e]
		// The turn from the animated angle, unwrapped against last frame's
		// so it stays continuous when it passes half a turn: the shortest
		// arc would jump to the other way round there, and with a weight
		// below 1 the effector would spin in one frame.
		d := remainder2Pi(want - cur)
		if l.effOn {
			d = l.effTurn + remainder2Pi(d-l.effTurn)
			if d > 2*math.Pi || d < -2*math.Pi {
				d = remainder2Pi(d)
			}
		}
		l.effTurn, l.effOn = d, true
		r.local[e] = cur + w*d
		if l.Solids != nil {
			l.keepEffectorOut(r, e, target, tipWorld+want, dt)
		}
	}
	l.limitTurn(r, dt)
	return true
}

// applyScale scales the limb's bones along their lengths (LimbDef.Stretch
// and Compress), faded by the weight w: a two-bone limb takes the
// solver's Result.Scale for both bones; a one-bone look-at limb with Axis
// 0 takes |target - start| / Length, clamped to [Compress, Stretch].
func (l *Limb) applyScale(r *Rig, target mgl64.Vec2, w float64) {
	d := l.def
	s := 1.0
	switch {
	case l.twoBone != nil && d.Stretch > 1:
		s = l.Result.Scale
	case d.Solver == SolveLookAt && len(d.bones) == 1 && d.Axis == 0:
		b := d.bones[0]
		if length := r.def.bones[b].Length; length > 0 {
			s = num.Len(target.Sub(r.start[b])) / length
		}
		hi, lo := max(d.Stretch, 1), 1.0
		if d.Compress > 0 {
			lo = d.Compress
		}
		s = max(lo, min(s, hi))
	}
	if !num.Finite(s) || s <= 0 {
		s = 1
	}
	s = 1 + w*(s-1)
	for _, bi := range d.bones {
		r.scale[bi] = s
	}
}

// remainder2Pi is math.Remainder(x, 2*math.Pi), bit for bit, with a fast
// path for |x| <= pi, where the remainder is x itself (the effector turns of
// a frame almost always are).
func remainder2Pi(x float64) float64 {
	if math.Abs(x) <= math.Pi {
		return x
	}
	return math.Remainder(x, 2*math.Pi)
}
