package ikanim_test

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim"
)

// A biped aims a two-handed weapon at a point up and ahead: the forearm of
// the grip hand lies exactly on the aim line, the support hand holds the
// barrel 12 px further along it, and the head looks at the point.
func ExampleAimer() {
	def, _ := ikanim.NewBipedDef(ikanim.BipedSizes{}, ikanim.BipedSprites{})
	r, err := ikanim.NewRig(def)
	if err != nil {
		panic(err)
	}
	r.Position = mgl64.Vec2{200, 300}
	a, err := ikanim.NewBipedAimer(r)
	if err != nil {
		panic(err)
	}
	a.Target = mgl64.Vec2{400, 150}
	r.Add(a)
	for i := 0; i < 60; i++ {
		r.Update(1.0 / 60)
	}
	fore := def.BoneIndex(ikanim.BoneForearmNear)
	elbow, wrist := r.Joint(fore)
	toTarget := math.Atan2(a.Target[1]-elbow[1], a.Target[0]-elbow[0])
	fmt.Printf("forearm within 1e-9 rad of the aim line: %v\n", math.Abs(r.BoneAngle(fore)-toTarget) < 1e-9)
	_, support := r.Joint(def.BoneIndex(ikanim.BoneForearmFar))
	fmt.Printf("hands apart: %.3f px\n", support.Sub(wrist).Len())
	// Output:
	// forearm within 1e-9 rad of the aim line: true
	// hands apart: 12.000 px
}
