package ikanim_test

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim"
)

func mustClip(def *ikanim.RigDef, src string) *ikanim.Clip {
	c, err := ikanim.ParseClip([]byte(src), def)
	if err != nil {
		panic(err)
	}
	return c
}

// An AnimState plays clips on tracks and crossfades between them: the
// head turns from 0 to 40 degrees along a smoothstep over the 0.4 s mix,
// and the clip's event fires when its time passes it.
func ExampleAnimState() {
	def, err := ikanim.NewBipedDef(ikanim.BipedSizes{}, ikanim.BipedSprites{})
	if err != nil {
		panic(err)
	}
	rig, err := ikanim.NewRig(def)
	if err != nil {
		panic(err)
	}
	ahead := mustClip(def, `{"name": "ahead", "duration": 1, "loop": true,
		"tracks": [{"bone": "head", "keys": [{"t": 0, "deg": 0}]}]}`)
	nod := mustClip(def, `{"name": "nod", "duration": 1, "loop": true,
		"tracks": [{"bone": "head", "keys": [{"t": 0, "deg": 40}]}],
		"events": [{"t": 0.3, "name": "blink"}]}`)

	state, err := ikanim.NewAnimState(def, 1)
	if err != nil {
		panic(err)
	}
	if err := state.SetMix(ahead, nod, 0.4); err != nil {
		panic(err)
	}
	rig.Source = state
	state.Play(0, ahead)
	rig.Update(0.1)
	state.Play(0, nod)

	head := def.BoneIndex(ikanim.BoneHead)
	for i := 1; i <= 4; i++ {
		rig.Update(0.1)
		fmt.Printf("%.1f s into the mix: head %.2f deg", 0.1*float64(i), rig.LocalAngle(head)*180/math.Pi)
		for _, e := range state.Events() {
			fmt.Printf(", event %q at %.1f s of %v", e.Name, e.Time, e.Source.(*ikanim.Clip).Name)
		}
		fmt.Println()
	}
	// Output:
	// 0.1 s into the mix: head 6.25 deg
	// 0.2 s into the mix: head 20.00 deg
	// 0.3 s into the mix: head 33.75 deg, event "blink" at 0.3 s of nod
	// 0.4 s into the mix: head 40.00 deg
}

// A Blend1D places sources along a parameter (here speed): between a walk
// authored for 60 px/s with a 1 s cycle and a run authored for 120 px/s
// with a 0.6 s cycle, both play at one shared phase, and the cycle
// advances by the distance travelled over the blended stride.
func ExampleBlend1D() {
	def, err := ikanim.NewBipedDef(ikanim.BipedSizes{}, ikanim.BipedSprites{})
	if err != nil {
		panic(err)
	}
	walk := mustClip(def, `{"name": "walk", "duration": 1, "loop": true,
		"tracks": [{"bone": "thigh.near", "keys": [{"t": 0, "deg": -20}, {"t": 0.5, "deg": 20}]}]}`)
	run := mustClip(def, `{"name": "run", "duration": 0.6, "loop": true,
		"tracks": [{"bone": "thigh.near", "keys": [{"t": 0, "deg": -40}, {"t": 0.3, "deg": 40}]}]}`)
	blend, err := ikanim.NewBlend1D(def,
		ikanim.BlendChild{Source: walk, At: 60, Speed: 60},
		ikanim.BlendChild{Source: run, At: 120, Speed: 120})
	if err != nil {
		panic(err)
	}
	blend.FollowSpeed = true // the rig drives it with its measured speed
	rig, err := ikanim.NewRig(def)
	if err != nil {
		panic(err)
	}
	rig.Source = blend
	rig.Teleport(rig.Position) // measure the speed from the first frame on
	for i := 0; i < 30; i++ {
		rig.Position[0] += 90.0 / 60 // 90 px/s: halfway between the two
		rig.Update(1.0 / 60)
	}
	a, b, u := blend.Weights()
	stride, cycle := blend.Stride()
	fmt.Printf("children %d and %d, weight of %d: %.2f\n", a, b, b, u)
	fmt.Printf("blended stride %.0f px per %.1f s cycle\n", stride, cycle)
	// 0.5 s at 90 px/s is 45 px: 45/66 of a cycle.
	fmt.Printf("phase %.4f (45/66 = %.4f)\n", blend.Phase(), 45.0/66)
	// Output:
	// children 0 and 1, weight of 1: 0.50
	// blended stride 66 px per 0.8 s cycle
	// phase 0.6818 (45/66 = 0.6818)
}

// A clip can key IK: here the near arm reaches for a point in the
// character frame (x forward, y down from the feet), so the wrist lands
// there whichever way the character faces.
func ExampleClip_keyedIK() {
	def, err := ikanim.NewBipedDef(ikanim.BipedSizes{}, ikanim.BipedSprites{})
	if err != nil {
		panic(err)
	}
	reach := mustClip(def, `{"name": "reach", "duration": 1,
		"ik": [{"limb": "arm.near", "space": "character",
		        "target": [{"t": 0, "x": 20, "y": -70}],
		        "weight": [{"t": 0, "v": 1}]}]}`)
	rig, err := ikanim.NewRig(def)
	if err != nil {
		panic(err)
	}
	rig.Source = reach
	rig.Position = mgl64.Vec2{100, 200}
	wrist := def.BoneIndex(ikanim.BoneHandNear)
	for _, f := range []ikanim.Facing{ikanim.FacingRight, ikanim.FacingLeft} {
		rig.Facing = f
		rig.Update(1.0 / 60)
		p, _ := rig.Joint(wrist)
		fmt.Printf("facing %v: wrist (%.1f, %.1f), IK weight %.0f\n", f, p[0], p[1], rig.MustLimb(ikanim.LimbArmNear).AppliedWeight())
	}
	// Output:
	// facing right: wrist (120.0, 130.0), IK weight 1
	// facing left: wrist (80.0, 130.0), IK weight 1
}

// LimbDef.Stretch lets a limb grow to reach beyond its length: a leg of
// two 30 px bones allowed 25% more reaches a target 66 px away, both
// bones scaled by 66 / (60 * (1 - 1e-4)), the two-bone solver's reach
// margin included.
func ExampleLimbDef_stretch() {
	def, err := ikanim.NewRigDef([]ikanim.BoneDef{
		{Name: "thigh", Parent: -1, Length: 30, Rest: 0.3},
		{Name: "shin", Parent: 0, Attach: mgl64.Vec2{30, 0}, Length: 30, Rest: -0.6},
	}, []ikanim.LimbDef{{Name: "leg", Bones: []string{"thigh", "shin"}, Stretch: 1.25}})
	if err != nil {
		panic(err)
	}
	rig, err := ikanim.NewRig(def)
	if err != nil {
		panic(err)
	}
	leg := rig.MustLimb("leg")
	leg.Target = mgl64.Vec2{66, 0}
	leg.SetWeightNow(1)
	rig.Update(1.0 / 60)
	_, ankle := rig.Joint(1)
	fmt.Printf("scale %.4f, ankle (%.1f, %.1f)\n", rig.BoneScale(0), ankle[0], ankle[1])
	// Output:
	// scale 1.1001, ankle (66.0, 0.0)
}
