package ikanim_test

import (
	"fmt"

	"github.com/ikanim/kit/ikanim"
)

// A clip built in code: the head turns from 0 to 30 degrees over one
// second, linearly. The rig's head bone then stands at the keyed angle;
// a bad spec fails with the same message as the same clip file.
func ExampleClipSpec() {
	def, err := ikanim.NewBipedDef(ikanim.BipedSizes{}, ikanim.BipedSprites{})
	if err != nil {
		panic(err)
	}
	turn := ikanim.ClipSpec{Name: "turn", Duration: 1,
		Tracks: []ikanim.TrackSpec{{Bone: ikanim.BoneHead, Keys: []ikanim.AngleKey{
			{T: 0, Deg: 0, Curve: "linear"}, {T: 1, Deg: 30}}}}}
	clip, err := turn.Build(def)
	if err != nil {
		panic(err)
	}
	pose := make([]float64, def.NumBones())
	clip.Pose(def, 0.5, pose)
	fmt.Printf("head at 0.5 s: %.1f degrees\n", pose[def.BoneIndex(ikanim.BoneHead)]*180/3.141592653589793)

	turn.Tracks[0].Bone = "tail"
	_, err = turn.Build(def)
	fmt.Println(err)
	// Output:
	// head at 0.5 s: 15.0 degrees
	// ikanim: clip "turn": track 0 (bone "tail"): bone is not in the rig
}
