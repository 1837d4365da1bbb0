// Gait timing: what footstep planning needs to know of a pose source.
//
// The Grounder plans a swinging foot's landing (predictLanding: the drop
// rule, footstep planning, the landing bounds; planSwing with PlanSwing)
// from the foot's timing alone, whatever makes the pose: whether the foot
// is in the air, how far through its swing it is, how long until it
// touches down, and where its animated ankle will be then. With x along
// forward in the character frame, a swinging foot at progress u touches
// down, in this frame, at
//
//	x_land = LandX + Travel,
//
// LandX being the animated ankle at touch-down in the frame of that moment
// and Travel how far the body moves on until then; on the way its ankle is
// at
//
//	x(u') = LiftX + (LandX-LiftX)*(0.5-0.5*cos(pi*u')) + (u'-u)*SwingTravel
//
// (the eased swing of the procedural walks, SwingTravel being the body's
// move over a whole swing), which is only used to sample the ground the
// foot must clear. A PoseSource that implements GaitTiming gets that
// planning: WalkCycle and QuadrupedWalk from their phase, Blend1D from its
// children (each at its synchronised phase, blended by weight), AnimState
// from its base track's current entry (the entry faded to, in a
// cross-fade), and a Clip from foot contacts it derives at load time from
// its feet's height and speed (or that the clip file marks).

package ikanim

import (
	"math"

	"github.com/ikanim/kit/ikanim/internal/num"
)

// FootTiming is one foot's gait timing at one moment (see GaitTiming).
// Distances are px along forward in the character frame, times seconds of
// the rig's time (Rig.Time).
type FootTiming struct {
	// Moving is false while the gait stands (no steps): the grounder then
	// settles footstep shifts back and plans nothing.
	Moving bool
	// Swing is true while the foot is in the air, from lift-off to
	// touch-down.
	Swing bool
	// Pinned is true when the gait keeps a planted foot still in the world
	// by construction at any speed the rig moves at (WalkCycle paces its
	// stance by Rig.Speed): the grounder then does not lock it.
	Pinned bool
	// Progress is the share of the swing done, in [0,1] (0 at lift-off);
	// unused in stance.
	Progress float64
	// Left is the rig time until touch-down, s (swing only).
	Left float64
	// LiftX and LandX are the animated ankle along forward at lift-off and
	// at touch-down, each in the character frame of that moment.
	LiftX, LandX float64
	// Travel is how far the body moves along forward from now to
	// touch-down, px; SwingTravel how far it moves over a whole swing.
	Travel, SwingTravel float64
	// Stride is how far the body moves in one gait cycle, px (it bounds
	// how far footstep planning may move a landing).
	Stride float64
	// Lift is the swing's highest animated clearance, px.
	Lift float64
}

// GaitTiming is implemented by pose sources that know when their feet are
// in the air: a Grounder on a rig whose Source implements it plans each
// swinging foot's landing (off drops, gaps and edges; see
// grounder_footstep.go and grounder_plan.go). FootTiming reports the foot
// at the end of def's limb limb (a RigDef limb index) at rig time t, the
// time Pose was last called with; ok is false when the source does not
// time that limb (it is not a leg of its gait). It must not allocate.
type GaitTiming interface {
	FootTiming(def *RigDef, limb int, t float64) (ft FootTiming, ok bool)
}

// valid reports whether every figure of ft is finite and its progress,
// time left, stride and lift are in range.
func (ft *FootTiming) valid() bool {
	for _, v := range [...]float64{ft.Progress, ft.Left, ft.LiftX, ft.LandX, ft.Travel, ft.SwingTravel, ft.Stride, ft.Lift} {
		if !num.Finite(v) {
			return false
		}
	}
	return ft.Progress >= 0 && ft.Progress <= 1 && ft.Left >= 0 && ft.Stride >= 0 && ft.Lift >= 0
}

// swingX is the animated ankle along forward, this frame, at swing
// progress u2 of a foot now at progress ft.Progress (see the derivation
// above).
func (ft *FootTiming) swingX(u2 float64) float64 {
	return (u2-ft.Progress)*ft.SwingTravel + ft.LiftX + (ft.LandX-ft.LiftX)*(0.5-0.5*math.Cos(math.Pi*u2))
}

// readGait sets leg.timed and leg.gait from the rig's Source for this
// frame: timed when the source implements GaitTiming and times the leg.
func (g *Grounder) readGait(r *Rig, leg *grounderLeg) {
	leg.timed = false
	gt, ok := r.Source.(GaitTiming)
	if !ok {
		return
	}
	ft, ok := gt.FootTiming(g.def, leg.limb, r.Time)
	if !ok || !ft.valid() {
		return
	}
	if !ft.Moving {
		ft.Swing = false
	}
	leg.gait, leg.timed = ft, true
}

// stepping reports whether the leg's gait is moving (timed, not standing).
func (leg *grounderLeg) stepping() bool { return leg.timed && leg.gait.Moving }
