package tiled_test

import (
	"fmt"
	"os"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/terrain"
	"github.com/ikanim/kit/terrain/tiled"
)

// A map from disk: find the spawn point, then ask the ground under it.
func ExampleLoad() {
	m, err := tiled.Load(os.DirFS("testdata"), "level.tmx", nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	spawn := m.Object("spawn")
	h := m.World.Cast(spawn.Pos, spawn.Pos.Add(mgl64.Vec2{0, 100}))
	fmt.Println("spawn at", spawn.Pos, "stands on", h.Point, "facing", h.Normal)
	fmt.Println(len(m.Objects), "objects,", m.World.NumShapes(), "shapes")
	// Output:
	// spawn at [32 260] stands on [32 280] facing [0 -1]
	// 13 objects, 14 shapes
}

// A one-way ledge and a trigger from custom properties, read from bytes.
func ExampleParse() {
	tmj := `{"type":"map","orientation":"orthogonal","width":10,"height":5,"tilewidth":16,"tileheight":16,
	  "layers":[{"type":"objectgroup","name":"Collision","objects":[
	    {"id":1,"name":"ledge","x":16,"y":40,"width":48,"height":8,
	     "properties":[{"name":"oneway","type":"bool","value":true}]},
	    {"id":2,"name":"exit","type":"Trigger","x":120,"y":16,"width":16,"height":48}]}]}`
	m, err := tiled.Parse([]byte(tmj), tiled.TMJ, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, o := range m.Objects {
		fmt.Printf("%s: platform %v, trigger %v\n", o.Name, o.Tags&terrain.TagPlatform != 0, o.Tags&terrain.TagTrigger != 0)
	}
	// Queries skip triggers unless their filter includes them.
	_, _, ok := m.World.Raycast(mgl64.Vec2{128, 0}, mgl64.Vec2{128, 80})
	fmt.Println("ray through the exit hits:", ok)
	// Output:
	// ledge: platform true, trigger false
	// exit: platform false, trigger true
	// ray through the exit hits: false
}

// Errors name the layer, the object and the field.
func ExampleParse_error() {
	tmx := `<map orientation="orthogonal" width="10" height="5" tilewidth="16" tileheight="16">
	 <objectgroup name="Ground">
	  <object id="3" name="ramp" x="10" y="70"><polygon points="0,0 40,-20 40,0 0,-20"/></object>
	 </objectgroup>
	</map>`
	_, err := tiled.Parse([]byte(tmx), tiled.TMX, nil)
	fmt.Println(err)
	// Output:
	// tiled: layer "Ground": object 3 "ramp" (polygon): points[0]: the edge from this point touches or crosses the edge from points[2]
}
