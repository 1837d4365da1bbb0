package assets_test

import (
	"fmt"

	"github.com/ikanim/kit/assets"
)

// A rig places the thigh image so that its pivot sits on the hip joint and
// the knee is Length pixels further along the bone.
func ExampleLookup() {
	p, ok := assets.Lookup("humanoid/thigh")
	fmt.Println(ok, p.File)
	fmt.Println("pivot:", p.Pivot, "length:", p.Length)
	img, err := assets.Image(p.Name)
	if err != nil {
		panic(err)
	}
	fmt.Println("knee inside the image:", float64(p.Pivot.X)+p.Length < float64(img.Bounds().Dx()))
	// Output:
	// true sprites/humanoid_thigh.png
	// pivot: (10,10) length: 30
	// knee inside the image: true
}
