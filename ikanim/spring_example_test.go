package ikanim_test

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim"
)

// A standalone spring chain (an antenna, a tail of a creature): a root
// and a base angle in, joints out. A single 20 px segment held out
// level by a spring of stiffness 150/s^2 sags under 400 px/s^2 of gravity
// until the spring's pull across it balances gravity's:
// tan(angle) = 400 / (150 * 20), 7.59 degrees.
func ExampleSpringChain() {
	antenna, err := ikanim.NewSpringChain(nil, ikanim.SpringJoint{Length: 20})
	if err != nil {
		panic(err)
	}
	antenna.Gravity = mgl64.Vec2{0, 400}
	for i := 0; i < 600; i++ {
		antenna.Update(1.0/60, mgl64.Vec2{50, 50}, 0) // root (50,50), pointing right
	}
	tip := antenna.Joint(1)
	fmt.Printf("sag %.2f deg (atan(400/3000) = %.2f deg)\n", antenna.Angle(0)*180/math.Pi, math.Atan(400.0/3000)*180/math.Pi)
	fmt.Printf("tip (%.2f, %.2f), 20 px from the root: %v\n", tip[0], tip[1], math.Abs(tip.Sub(mgl64.Vec2{50, 50}).Len()-20) < 1e-9)
	// Output:
	// sag 7.59 deg (atan(400/3000) = 7.59 deg)
	// tip (69.82, 52.64), 20 px from the root: true
}

// SpringBones puts secondary motion on a chain of a rig's bones: here a
// five-bone tail. It runs after the limbs (StageSecondary), follows the
// animated pose as its goal and writes the simulated angles back.
func ExampleSpringBones() {
	bones := []ikanim.BoneDef{{Name: "body", Parent: -1, Attach: mgl64.Vec2{0, -40}, Length: 30}}
	for i := 0; i < 5; i++ {
		b := ikanim.BoneDef{Name: fmt.Sprintf("tail%d", i), Parent: i, Attach: mgl64.Vec2{8, 0}, Length: 8, Rest: 0.15}
		if i == 0 {
			b.Attach, b.Rest = mgl64.Vec2{}, math.Pi-0.4 // backward from the body's start
		}
		bones = append(bones, b)
	}
	def, err := ikanim.NewRigDef(bones, nil)
	if err != nil {
		panic(err)
	}
	rig, err := ikanim.NewRig(def)
	if err != nil {
		panic(err)
	}
	tail, err := ikanim.NewSpringBones(rig, nil, "tail0", "tail1", "tail2", "tail3", "tail4")
	if err != nil {
		panic(err)
	}
	tail.Gravity = mgl64.Vec2{0, 300}
	rig.Add(tail)
	for i := 0; i < 120; i++ {
		rig.Update(1.0 / 60)
	}
	_, tip := rig.Joint(5)
	_, animTip := rig.AnimatedJoint(5)
	fmt.Printf("the tail sags under gravity: tip %.1f px below its animated place\n", tip[1]-animTip[1])
	s, e := rig.Joint(3)
	fmt.Printf("bones keep their length: %.6f\n", e.Sub(s).Len())
	// Output:
	// the tail sags under gravity: tip 21.7 px below its animated place
	// bones keep their length: 8.000000
}
