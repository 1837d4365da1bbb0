package terrain_test

import (
	"fmt"

	"github.com/ikanim/kit/terrain"
)

// A seeded creature course: its start, a target on the surface connected
// to it, and the plain geometry tests measure against.
func ExampleGenerateCourse() {
	c := terrain.GenerateCourse(42, terrain.CourseOptions{LegSpan: 64})
	fmt.Printf("start (%.0f, %.0f)\n", c.Start[0], c.Start[1])
	for _, tg := range c.Targets(nil, 2, 150, 400) {
		fmt.Printf("target (%.1f, %.1f) normal (%.2f, %.2f)\n", tg.Point[0], tg.Point[1], tg.Normal[0], tg.Normal[1])
	}
	fmt.Println(len(c.Polygons), "polygons,", len(c.Circles), "circles,", c.World.NumShapes(), "shapes")
	// Output:
	// start (80, 540)
	// target (410.3, 503.2) normal (-0.40, -0.92)
	// target (301.0, 527.4) normal (-0.26, -0.96)
	// 64 polygons, 3 circles, 67 shapes
}
