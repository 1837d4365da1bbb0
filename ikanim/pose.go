package ikanim

import "github.com/go-gl/mathgl/mgl64"

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
