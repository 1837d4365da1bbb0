package ikanim_test

import (
	"fmt"
	"math"

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

// block is a floating axis-aligned box: a Ground whose rays hit its faces
// from outside.
type block struct{ min, max mgl64.Vec2 }

func (b block) Raycast(from, to mgl64.Vec2) (point, normal mgl64.Vec2, ok bool) {
	d := to.Sub(from)
	t0, t1 := 0.0, 1.0
	var n mgl64.Vec2
	for k := 0; k < 2; k++ {
		if d[k] == 0 {
			if from[k] < b.min[k] || from[k] > b.max[k] {
				return point, normal, false
			}
			continue
		}
		ta, tb := (b.min[k]-from[k])/d[k], (b.max[k]-from[k])/d[k]
		na := mgl64.Vec2{}
		na[k] = -1
		if ta > tb {
			ta, tb = tb, ta
			na[k] = 1
		}
		if ta > t0 {
			t0, n = ta, na
		}
		t1 = math.Min(t1, tb)
	}
	if t0 > t1 || n == (mgl64.Vec2{}) {
		return point, normal, false
	}
	return from.Add(d.Mul(t0)), n, true
}

// A biped climbs down the left face of a floating block (200 x 120 px,
// from (300,100) to (500,220)), round its bottom outer corner and along its
// underside, driven as a game drives it: down at 40 px/s until Under, still
// until the body has come down (BodyLag), then along forward (Speed is now
// along forward) hand over hand, the body hanging UnderDistance below.
func ExampleClimber_Under() {
	def, _ := ikanim.NewBipedDef(ikanim.BipedSizes{}, ikanim.BipedSprites{})
	r, err := ikanim.NewRig(def)
	if err != nil {
		panic(err)
	}
	r.Position = mgl64.Vec2{300 - ikanim.DefaultClimbDistance, 236}
	c, err := ikanim.NewBipedClimber(r, block{mgl64.Vec2{300, 100}, mgl64.Vec2{500, 220}})
	if err != nil {
		panic(err)
	}
	r.Add(c)
	const dt = 1.0 / 60
	for !c.Under() { // down the face
		c.Speed = -40
		r.Position[1] += 40 * dt
		r.Update(dt)
	}
	c.Speed = 0
	for c.BodyLag() > 1 { // hang from the edge while the body comes down
		r.Update(dt)
	}
	ct := c.Limb(0)
	fmt.Printf("near hand round the corner: under %v, at y %.0f, normal %v\n", ct.Under, ct.Point[1], ct.Normal)
	c.Speed = 40
	for i := 0; i < 3*60; i++ { // 120 px along the underside
		r.Position[0] += c.Speed * dt
		r.Update(dt)
	}
	for k := 0; k < 2; k++ {
		ct = c.Limb(k)
		fmt.Printf("hand %d on the underside: %v, x past the corner %v\n", k, ct.Found && ct.Under, ct.Point[0] > 330)
	}
	fmt.Printf("feet dangle: %v\n", !c.Limb(2).Found && !c.Limb(3).Found)
	// Output:
	// near hand round the corner: under true, at y 220, normal [0 1]
	// hand 0 on the underside: true, x past the corner true
	// hand 1 on the underside: true, x past the corner true
	// feet dangle: true
}
