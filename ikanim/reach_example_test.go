package ikanim_test

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim"
)

// A biped picks up a gem from a crate 40 px high, 25 px ahead: the far hand
// blends in over the arm's FadeIn, the body crouches because the gem is below
// the standing reach, and the grounder keeps the feet on the floor.
func ExampleReacher() {
	def, _ := ikanim.NewBipedDef(ikanim.BipedSizes{}, ikanim.BipedSprites{})
	r, err := ikanim.NewRig(def)
	if err != nil {
		panic(err)
	}
	r.Position = mgl64.Vec2{200, 300}
	g, _ := ikanim.NewGrounder(r, slope{200, 300, 0}, ikanim.BipedGrounderLegs()...)
	r.Add(g)
	reach, err := ikanim.NewReacher(r, ikanim.LimbArmFar)
	if err != nil {
		panic(err)
	}
	r.Add(reach)
	reach.Target, reach.Active = mgl64.Vec2{225, 260}, true
	for i := 0; i < 120; i++ {
		r.Update(1.0 / 60)
	}
	fmt.Printf("reached: %v, crouch %.1f px, arm weight %.0f\n", reach.Reached(), reach.Crouch(), reach.Weight())
	reach.Active = false // let go: the arm blends out, the body stands up
	for i := 0; i < 120; i++ {
		r.Update(1.0 / 60)
	}
	fmt.Printf("reached: %v, crouch %.1f px, arm weight %.0f\n", reach.Reached(), reach.Crouch(), reach.Weight())
	// Output:
	// reached: true, crouch 31.5 px, arm weight 1
	// reached: false, crouch 0.0 px, arm weight 0
}
