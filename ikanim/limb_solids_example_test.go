package ikanim_test

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim"
)

// A biped standing 30 px from a wall sends its near hand 30 px into it.
// With the arm's Solids set the hand stops in front of the wall (and the
// hand bone beyond the wrist is pushed off it); without, the forearm ends
// inside the wall.
func ExampleLimb_solids() {
	for _, solids := range []bool{false, true} {
		def, _ := ikanim.NewBipedDef(ikanim.BipedSizes{}, ikanim.BipedSprites{})
		r, err := ikanim.NewRig(def)
		if err != nil {
			panic(err)
		}
		r.Position = mgl64.Vec2{200, 300}
		arm := r.Limb(ikanim.LimbArmNear)
		arm.Target, arm.Weight = mgl64.Vec2{260, 230}, 1
		if solids {
			arm.Solids = wall{x: 230, top: -1e4} // the grounder example's wall: solid for x >= 230
		}
		for i := 0; i < 60; i++ {
			r.Update(1.0 / 60)
		}
		_, wrist := r.Joint(def.BoneIndex(ikanim.BoneForearmNear))
		_, fingers := r.Joint(def.BoneIndex(ikanim.BoneHandNear))
		fmt.Printf("Solids %v: wrist in the wall %v, hand in the wall %v, blocked %v\n",
			solids, wrist[0] > 230, fingers[0] > 230, arm.TargetBlocked())
	}
	// Output:
	// Solids false: wrist in the wall true, hand in the wall true, blocked false
	// Solids true: wrist in the wall false, hand in the wall false, blocked true
}
