package creature_test

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/creature"
)

// floor is a flat ground at y = 300 (solid below), for the example.
type floor struct{}

func (floor) Raycast(from, to mgl64.Vec2) (mgl64.Vec2, mgl64.Vec2, bool) {
	const y = 300
	if (from[1] < y) == (to[1] < y) || from[1] >= y {
		return mgl64.Vec2{}, mgl64.Vec2{}, false
	}
	t := (y - from[1]) / (to[1] - from[1])
	return mgl64.Vec2{from[0] + t*(to[0]-from[0]), y}, mgl64.Vec2{0, -1}, true
}

// A four-legged creature: two legs on each side (near and far), feet 20 px
// below the body, homes 16 px ahead of and behind the body centre. It walks
// right for four seconds on a flat floor.
func ExampleNewDef() {
	leg := func(x float64, far bool) creature.LegDef {
		return creature.LegDef{Hip: mgl64.Vec2{x / 4, 0}, Home: mgl64.Vec2{x, 20}, Segments: []float64{16, 16}, Far: far}
	}
	def, err := creature.NewDef(creature.Def{
		Name: "bug",
		Legs: []creature.LegDef{leg(16, false), leg(-16, false), leg(16, true), leg(-16, true)},
	})
	if err != nil {
		panic(err)
	}
	fmt.Println("groups:", def.LegGroup(0), def.LegGroup(1), def.LegGroup(2), def.LegGroup(3))

	bug, err := creature.New(def, mgl64.Vec2{100, 280}, floor{})
	if err != nil {
		panic(err)
	}
	fmt.Println("planted at start:", bug.Planted())
	bug.SetMove(1)
	for frame := 0; frame < 240; frame++ {
		bug.Update(1.0 / 60)
	}
	p := bug.Position()
	fmt.Printf("walked right: %v, body %.0f px above the floor\n", p[0] > 150, 300-p[1])
	// Output:
	// groups: 0 1 1 0
	// planted at start: 4
	// walked right: true, body 20 px above the floor
}
