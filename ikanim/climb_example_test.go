package ikanim_test

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim"
)

// A biped climbs a wall at x=300 whose top is at y=100: hands and feet stick
// to the face, the chest keeps 22 px from it, and when the hands rise past
// the top the side rays put them on it.
func ExampleClimber() {
	def, _ := ikanim.NewBipedDef(ikanim.BipedSizes{}, ikanim.BipedSprites{})
	r, err := ikanim.NewRig(def)
	if err != nil {
		panic(err)
	}
	r.Position = mgl64.Vec2{265, 400}
	c, err := ikanim.NewBipedClimber(r, wall{x: 300, top: 100})
	if err != nil {
		panic(err)
	}
	r.Add(c)
	c.Speed = 40
	for i := 0; i < 60*4; i++ { // 160 px up
		r.Position[1] -= c.Speed / 60
		r.Update(1.0 / 60)
	}
	ct := c.Limb(0)
	fmt.Printf("near hand on the face: %v, at x %.0f, normal %v\n", ct.Found && !ct.Corner, ct.Point[0], ct.Normal)
	for i := 0; i < 60; i++ { // 40 px more: the hands pass the top
		r.Position[1] -= c.Speed / 60
		r.Update(1.0 / 60)
	}
	ct = c.Limb(0)
	fmt.Printf("near hand over the corner: %v, on the top at y %.0f, normal %v\n", ct.Corner, ct.Point[1], ct.Normal)
	// Output:
	// near hand on the face: true, at x 300, normal [-1 0]
	// near hand over the corner: true, on the top at y 100, normal [0 -1]
}
