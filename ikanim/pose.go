package ikanim

import (
	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/internal/num"
)

// PoseSource supplies a rig's animated (FK) pose. IK corrects this pose rather
// than replacing it.
//
// Pose writes the local angle of every bone of def into dst (len(dst) ==
// def.NumBones(); bones the source does not animate should get their Rest
// angle) for time t in seconds, and returns the root offset in the character
// frame (y down). It must not allocate and must be deterministic. Non-finite
// values are replaced by the rest pose by the rig.
type PoseSource interface {
	Pose(def *RigDef, t float64, dst []float64) (rootOffset mgl64.Vec2)
}

// RestPose is a PoseSource that holds the rest pose.
type RestPose struct{}

// Pose implements PoseSource.
func (RestPose) Pose(def *RigDef, _ float64, dst []float64) mgl64.Vec2 {
	for i := range dst {
		dst[i] = def.bones[i].Rest
	}
	return mgl64.Vec2{}
}

// IKSource is a PoseSource that also keys IK: limb targets, weights, mixes
// and bend sides (Clip, AnimState, Blend1D). The rig calls KeyIK right
// after Pose, with the same time, and hands the keys to its limbs, which
// combine them with what the controllers set (see Limb).
//
// KeyIK writes one LimbKey per limb of r (len(dst) == r.NumLimbs()),
// targets in r's character frame; limbs it does not key get the zero
// LimbKey. It must not allocate and must be deterministic.
type IKSource interface {
	KeyIK(r *Rig, t float64, dst []LimbKey)
}

// LimbKey is the keyed IK of one limb for one frame. Its zero value keys
// nothing: no target, mix 1, the definition's bend side.
type LimbKey struct {
	// Target is the keyed target in the character frame (origin at the
	// rig's Position, x forward, y down; for a look-at limb, the point
	// looked at).
	Target mgl64.Vec2
	// Weight is the keyed target's weight in [0,1]; 0 keys no target.
	Weight float64
	// Bend is the keyed bend side, +1 or -1; 0 keys none.
	Bend float64
	// mute is 1 - mix, so that the zero value is mix 1.
	mute float64
}

// Mix returns the keyed factor on the limb's whole IK weight, in [0,1]
// (1 when not keyed).
func (k *LimbKey) Mix() float64 { return 1 - k.mute }

// SetMix sets the keyed mix, clamped to [0,1] (NaN counts as 0).
func (k *LimbKey) SetMix(m float64) { k.mute = 1 - num.Clamp01(m) }

// Cyclic is a pose source with a cycle, such as a looping Clip: Blend1D
// synchronises its children by their cycles' normalised time.
type Cyclic interface {
	// CycleDuration returns the length of one cycle at TimeScale 1, s.
	CycleDuration() float64
}

// Event is a keyed moment of a clip (a footstep, a hit frame, a sound
// cue), delivered when the clip's time passes it: by AnimState.Events,
// AnimState.OnEvent, Blend1D.Events or Clip.AppendEvents. Events carry
// no pointers the game must free and delivering them does not allocate.
type Event struct {
	// Name is the event's name in the clip file.
	Name string
	// Time is the event's time in its clip, s.
	Time float64
	// Int, Float and String are the event's payload from the clip file
	// (zero when not given).
	Int    int64
	Float  float64
	String string
	// Track is the AnimState track whose entry fired it (0 otherwise).
	Track int
	// Source is the clip that keyed it.
	Source PoseSource
}
