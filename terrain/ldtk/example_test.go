package ldtk_test

import (
	"fmt"
	"os"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/terrain"
	"github.com/ikanim/kit/terrain/ldtk"
)

// Load a project, build a level, find the player and the ground under it.
func ExampleLoad() {
	project, err := ldtk.Load(os.DirFS("testdata"), "level.ldtk")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("levels:", project.Levels())
	lv, err := project.Level("Level_0", nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	player := lv.Entity("Player")
	h := lv.World.Cast(player.Pos.Sub(mgl64.Vec2{0, 8}), player.Pos.Add(mgl64.Vec2{0, 8}))
	fmt.Println("player at", player.Pos, "stands on", h.Point, "facing", h.Normal)
	fmt.Println(len(lv.Entities), "entities,", lv.World.NumShapes(), "shapes")
	// Output:
	// levels: [Level_0 Level_1]
	// player at [40 128] stands on [40 128] facing [0 -1]
	// 8 entities, 13 shapes
}

// IntGrid values pick their tags from their identifiers, and Options.Solid
// decides which values are solid.
func ExampleProject_Level() {
	project, err := ldtk.Load(os.DirFS("testdata"), "level.ldtk")
	if err != nil {
		fmt.Println(err)
		return
	}
	lv, err := project.Level("", &ldtk.Options{
		Layers: []string{"Collisions"},
		Solid:  func(layer string, value int, identifier string) bool { return identifier != "Water" },
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	h := lv.World.Cast(mgl64.Vec2{252, 0}, mgl64.Vec2{252, 160})
	v := h.Shape.Data().(*ldtk.IntGridValue)
	fmt.Printf("x=252 lands on %s (value %d) at y=%v, platform %v\n", v.Identifier, v.Value, h.Point[1], h.Shape.Tags().Has(terrain.TagPlatform))
	fmt.Println(lv.World.NumShapes(), "rectangles for 52 solid cells")
	// Output:
	// x=252 lands on Oneway_platform (value 2) at y=80, platform true
	// 3 rectangles for 52 solid cells
}
