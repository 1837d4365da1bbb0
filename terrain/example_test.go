package terrain_test

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/ikanim/kit/assets/levels"
	"github.com/ikanim/kit/terrain"
	"github.com/solarlune/resolv"
)

// Screen space: x right, y down. A 30-degree slope rising to the right; a foot
// ray cast straight down lands on it and the outward normal leans left and up.
func ExampleWorld_Raycast() {
	w, _ := terrain.New(640, 480)
	w.AddGround([]mgl64.Vec2{{0, 400}, {100, 400}, {300, 400 - 200*0.57735026919}}, 480, 0)
	p, n, ok := w.Raycast(mgl64.Vec2{200, 0}, mgl64.Vec2{200, 480})
	fmt.Printf("ok=%v point=(%.2f, %.2f) normal=(%.3f, %.3f)\n", ok, p[0], p[1], n[0], n[1])
	// Output: ok=true point=(200.00, 342.26) normal=(-0.500, -0.866)
}

// Wrapping a space the game already owns, with a filter that skips a tag.
func ExampleWrap() {
	const tagWater resolv.Tags = 1 << 0
	space := resolv.NewSpace(640, 480, 32, 32)
	water := resolv.NewRectangleFromTopLeft(0, 300, 640, 20)
	water.Tags().Set(tagWater)
	space.Add(water, resolv.NewRectangleFromTopLeft(0, 400, 640, 80))
	w := terrain.Wrap(space, terrain.WithFilter(terrain.Filter{Exclude: tagWater}))
	h := w.Cast(mgl64.Vec2{50, 0}, mgl64.Vec2{50, 480})
	fmt.Println(h.OK, h.Point, h.Normal, h.Distance)
	// Output: true [50 400] [0 -1] 400
}

// An ASCII scene: '#' solid, '/' and '\' 45-degree slopes, '.' empty.
func ExampleFromASCII() {
	w, _ := terrain.FromASCII([]string{
		"......",
		"../\\..",
		"./##\\.",
		"######",
	}, 32)
	for _, x := range []float64{16, 48, 80, 112} {
		h := w.SurfaceBelow(x, 0, 128)
		fmt.Printf("x=%3.0f y=%3.0f normal=(%.2f, %.2f)\n", x, h.Point[1], h.Normal[0], h.Normal[1])
	}
	// Output:
	// x= 16 y= 96 normal=(0.00, -1.00)
	// x= 48 y= 80 normal=(-0.71, -0.71)
	// x= 80 y= 48 normal=(-0.71, -0.71)
	// x=112 y= 48 normal=(0.71, -0.71)
}

// Loading a bundled level file.
func ExampleParseLevel() {
	data, _ := levels.Open("walk.json")
	lv, err := terrain.ParseLevel(data)
	if err != nil {
		panic(err)
	}
	w, _ := lv.Build()
	h := w.SurfaceBelow(100, 0, 720)
	fmt.Println(lv.Name, lv.Width, lv.Height, h.Point)

	_, err = terrain.ParseLevel([]byte(`{"width":640,"height":480,"entries":[{"kind":"box","x":0,"y":0,"w":-5,"h":10}]}`))
	fmt.Println(err)
	// Output:
	// walk 2400 720 [100 560]
	// terrain: level: entries[0] (box): w: -5 must be positive
}

// Is a point in the rock? A box with a circle overlapping its corner: the
// corner region belongs to both and counts once; a point in the gap beside
// them is outside.
func ExampleWorld_Inside() {
	w, _ := terrain.New(640, 480)
	w.AddBox(100, 100, 200, 100, terrain.TagGround)
	w.AddCircle(300, 200, 40, terrain.TagGround)
	for _, p := range []mgl64.Vec2{{150, 150}, {295, 195}, {320, 220}, {320, 120}, {500, 400}} {
		fmt.Println(p, w.Inside(p))
	}
	// Output:
	// [150 150] true
	// [295 195] true
	// [320 220] true
	// [320 120] false
	// [500 400] false
}
