package ikanim_test

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim"
)

// A two-bone leg on a sprite rig: a hip bone pointing down, a thigh and a shin,
// and a foot that keeps its animated angle while the leg reaches a foothold.
func Example() {
	def, err := ikanim.NewRigDef([]ikanim.BoneDef{
		{Name: "hip", Parent: -1, Attach: mgl64.Vec2{0, -60}, Rest: math.Pi / 2}, // points down
		{Name: "thigh", Parent: 0, Length: 32, Rest: -0.3},
		{Name: "shin", Parent: 1, Attach: mgl64.Vec2{32, 0}, Length: 30, Rest: 0.6},
		{Name: "foot", Parent: 2, Attach: mgl64.Vec2{30, 0}, Length: 12, Rest: -math.Pi/2 - 0.3},
	}, []ikanim.LimbDef{
		// Bend -1: the knee goes forward (counterclockwise of hip->ankle).
		{Name: "leg", Bones: []string{"thigh", "shin"}, Bend: -1, Effector: "foot"},
	})
	if err != nil {
		panic(err)
	}
	rig, err := ikanim.NewRig(def)
	if err != nil {
		panic(err)
	}
	rig.Position = mgl64.Vec2{100, 200} // the ground point under the hip

	leg := rig.MustLimb("leg")
	leg.Target = mgl64.Vec2{110, 185} // the foot goes up onto a 15 px step
	leg.SetWeightNow(1)
	rig.Update(1.0 / 60)

	_, knee := rig.Joint(1)
	ankle, toe := rig.Joint(3)
	fmt.Printf("ankle (%.1f, %.1f)\n", ankle[0], ankle[1])
	fmt.Printf("knee in front of the hip: %v\n", knee[0] > 100)
	fmt.Printf("foot level (kept from the animation): %v\n", math.Abs(rig.BoneAngle(3)) < 1e-9)
	fmt.Printf("toe (%.1f, %.1f)\n", toe[0], toe[1])
	// Output:
	// ankle (110.0, 185.0)
	// knee in front of the hip: true
	// foot level (kept from the animation): true
	// toe (122.0, 185.0)
}

// Facing mirrors the whole character: the same pose, bend sides and limits,
// reflected about the character's position.
func ExampleRig_facing() {
	def, err := ikanim.NewBipedDef(ikanim.BipedSizes{}, ikanim.BipedSprites{})
	if err != nil {
		panic(err)
	}
	rig, err := ikanim.NewRig(def)
	if err != nil {
		panic(err)
	}
	// At rest the thigh leans forward as much as the shin leans back, so the
	// ankle stands straight under the hip (x = 0) and the 14 px foot points
	// forward from it.
	toe := def.BoneIndex(ikanim.BoneFootNear)
	for _, f := range []ikanim.Facing{ikanim.FacingRight, ikanim.FacingLeft} {
		rig.Facing = f
		rig.Update(1.0 / 60)
		_, tip := rig.Joint(toe)
		fmt.Printf("facing %d: toe x %+.1f\n", f, tip[0])
	}
	// Output:
	// facing 0: toe x +14.0
	// facing 1: toe x -14.0
}

// A keyframe clip from JSON: angles in degrees per bone, interpolated.
func ExampleParseClip() {
	def, err := ikanim.NewBipedDef(ikanim.BipedSizes{}, ikanim.BipedSprites{})
	if err != nil {
		panic(err)
	}
	clip, err := ikanim.ParseClip([]byte(`{
		"name": "nod", "duration": 1, "loop": true,
		"tracks": [{"bone": "head", "keys": [{"t": 0, "deg": 0}, {"t": 0.5, "deg": 20}]}]
	}`), def)
	if err != nil {
		panic(err)
	}
	rig, err := ikanim.NewRig(def)
	if err != nil {
		panic(err)
	}
	rig.Source = clip
	for i := 0; i < 5; i++ {
		rig.Update(0.1) // Update clamps dt to MaxDt (0.1 s): five steps reach t = 0.5
	}
	head := def.BoneIndex(ikanim.BoneHead)
	fmt.Printf("head local angle at t=0.5: %.1f deg\n", rig.LocalAngle(head)*180/math.Pi)

	_, err = ikanim.ParseClip([]byte(`{"name": "bad", "duration": 1, "tracks": [{"bone": "tail", "keys": [{"t": 0, "deg": 1}]}]}`), def)
	fmt.Println(err)
	// Output:
	// head local angle at t=0.5: 20.0 deg
	// ikanim: clip "bad": track 0 (bone "tail"): bone is not in the rig
}
