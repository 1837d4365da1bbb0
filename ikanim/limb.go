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
// 0 and a Target. The current weight follows Weight over the definition's
// FadeIn and FadeOut times and blends through a smoothstep, so switching IK on
// or off never pops.
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

	// Result is the last solve's report.
	Result ik.Result

	def    *limbDef
	solver ik.Solver
	// twoBone is solver when it is a TwoBone (Pole and UsePole go to it).
	twoBone *ik.TwoBone
	ramp    float64 // current linear weight in [0,1]
	// effTurn is last frame's effector turn from its animated angle;
	// effOn says it is valid (the limb was active last frame).
	effTurn float64
	effOn   bool
	pose    ik.Pose
	solved  []float64
}

func (l *Limb) init(r *Rig, i int) {
	d := &r.def.limbs[i]
	l.def = d
	l.pose = d.chain.NewPose()
	l.solved = make([]float64, len(d.bones))
	l.solver = d.newSolver()
	l.twoBone, _ = l.solver.(*ik.TwoBone)
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

// SetWeightNow sets both the desired and the current weight, skipping the
// fade (for setup and teleports).
func (l *Limb) SetWeightNow(w float64) {
	w = num.Clamp01(w)
	l.Weight, l.ramp = w, w
}

// advance moves the ramp toward Weight over the fade times.
func (l *Limb) advance(dt float64) {
	want := num.Clamp01(l.Weight)
	switch {
	case l.ramp < want:
		if l.def.FadeIn <= 0 {
			l.ramp = want
		} else {
			l.ramp = math.Min(want, l.ramp+dt/l.def.FadeIn)
		}
	case l.ramp > want:
		if l.def.FadeOut <= 0 {
			l.ramp = want
		} else {
			l.ramp = math.Max(want, l.ramp-dt/l.def.FadeOut)
		}
	}
}

// solve runs the limb's solver in the character frame and blends the result
// into r.local. It reports whether it changed the pose.
func (l *Limb) solve(r *Rig, dt float64) bool {
	l.advance(dt)
	w := num.Smoothstep(l.ramp)
	if w <= 0 || !num.FiniteVec(l.Target) {
		l.Result = ik.Result{}
		l.effOn = false
		return false
	}
	d := l.def
	first := d.bones[0]
	l.pose.Origin = r.start[first]
	l.pose.Base = 0
	if p := r.def.bones[first].Parent; p >= 0 {
		l.pose.Base = r.angle[p]
	}
	for k, bi := range d.bones {
		l.pose.Angles[k] = r.local[bi]
	}
	target := r.frame.toLocal(l.Target)
	if tb := l.twoBone; tb != nil {
		tb.UsePole = l.UsePole
		if l.UsePole {
			tb.Pole = r.frame.toLocal(l.Pole)
		}
	}
	l.Result = l.solver.Solve(d.chain, &l.pose, target)
	copy(l.solved, l.pose.Angles)
	for k, bi := range d.bones {
		l.pose.Angles[k] = r.local[bi]
	}
	ik.Blend(l.pose.Angles, l.pose.Angles, l.solved, w)
	for k, bi := range d.bones {
		r.local[bi] = l.pose.Angles[k]
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
		d := math.Remainder(want-cur, 2*math.Pi)
		if l.effOn {
			d = l.effTurn + math.Remainder(d-l.effTurn, 2*math.Pi)
			if d > 2*math.Pi || d < -2*math.Pi {
				d = math.Remainder(d, 2*math.Pi)
			}
		}
		l.effTurn, l.effOn = d, true
		r.local[e] = cur + w*d
	}
	return true
}
