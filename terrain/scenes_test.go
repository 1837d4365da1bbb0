package terrain_test

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/ikanim/kit/terrain"
)

// The motion-quality scenes of QUALITY.md, built for this package's tests. Every scene is a
// 1280 x 720 space with 32 px cells whose flat ground surface is at
// sceneGroundY, solid down to the bottom of the space.
const (
	sceneWidth   = 1280.0
	sceneHeight  = 720.0
	sceneGroundY = 560.0
	// sceneFeatureX is where each scene's feature (slope, stairs, sawtooth,
	// gap, wall, ceiling) starts; the ground is flat from x=0 to here.
	sceneFeatureX = 320.0
	// sceneSlopeRun is the horizontal run of each slope of "slope30" and
	// "slope40": up from sceneFeatureX to sceneFeatureX+sceneSlopeRun, a
	// plateau of 160 px, then down over the same run, then flat.
	sceneSlopeRun = 320.0
	// sceneStepRise and sceneStepTread shape "stairs16": 8 steps up, a
	// plateau of 160 px, 8 steps down.
	sceneStepRise  = 16.0
	sceneStepTread = 40.0
	// sceneToothWidth and sceneToothHeight shape "sawtooth": 10 teeth
	// rising sceneToothHeight over the first half of each tooth and falling
	// over the second half.
	sceneToothWidth  = 64.0
	sceneToothHeight = 24.0
	// sceneGapWidth is the gap of "gap", from sceneFeatureX+280.
	sceneGapWidth = 40.0
	// sceneWallX and sceneWallTop: "wall-corner" has a solid block from
	// x=sceneWallX to the right edge, from y=sceneWallTop down to the ground,
	// so its top-left corner (sceneWallX, sceneWallTop) is an outer corner
	// and its foot (sceneWallX, sceneGroundY) an inner corner.
	sceneWallX   = 800.0
	sceneWallTop = 240.0
	// sceneCeilingY: "ceiling" has a solid slab from x=sceneFeatureX+80 to
	// x=sceneFeatureX+680 whose underside is at y=sceneCeilingY.
	sceneCeilingY = 400.0
)

// sceneNames lists the names accepted by buildScene, the scenes of QUALITY.md.
var sceneNames = []string{"flat", "slope30", "slope40", "stairs16", "sawtooth", "gap", "wall-corner", "ceiling"}

// buildScene builds one of the motion-quality scenes by name (see sceneNames and
// the Scene* constants for their exact geometry).
func buildScene(name string) (*terrain.World, error) {
	w, err := terrain.New(sceneWidth, sceneHeight)
	if err != nil {
		return nil, err
	}
	g, x0 := sceneGroundY, sceneFeatureX
	flat := func(a, b float64) []mgl64.Vec2 { return []mgl64.Vec2{{a, g}, {b, g}} }
	var pts []mgl64.Vec2
	switch name {
	case "flat":
		pts = flat(0, sceneWidth)
	case "slope30", "slope40":
		deg := 30.0
		if name == "slope40" {
			deg = 40
		}
		top := g - sceneSlopeRun*math.Tan(deg*math.Pi/180)
		x1 := x0 + sceneSlopeRun
		x2 := x1 + 160
		x3 := x2 + sceneSlopeRun
		pts = []mgl64.Vec2{{0, g}, {x0, g}, {x1, top}, {x2, top}, {x3, g}, {sceneWidth, g}}
	case "stairs16":
		up := terrain.Stairs(x0, g, sceneStepTread, sceneStepRise, 8)
		top := up[len(up)-1]
		down := terrain.Stairs(top[0]+160-sceneStepTread, top[1], sceneStepTread, -sceneStepRise, 8)
		pts = append([]mgl64.Vec2{{0, g}}, up...)
		pts = append(pts, down...)
		pts = append(pts, mgl64.Vec2{sceneWidth, g})
	case "sawtooth":
		pts = []mgl64.Vec2{{0, g}}
		for i := range 10 {
			x := x0 + float64(i)*sceneToothWidth
			pts = append(pts, mgl64.Vec2{x, g}, mgl64.Vec2{x + sceneToothWidth/2, g - sceneToothHeight})
		}
		pts = append(pts, mgl64.Vec2{x0 + 10*sceneToothWidth, g}, mgl64.Vec2{sceneWidth, g})
	case "gap":
		gx := x0 + 280
		if _, err := w.AddGround(flat(0, gx), sceneHeight, 0); err != nil {
			return nil, err
		}
		pts = flat(gx+sceneGapWidth, sceneWidth)
	case "wall-corner":
		pts = flat(0, sceneWidth)
		if _, err := w.AddBox(sceneWallX, sceneWallTop, sceneWidth-sceneWallX, g-sceneWallTop, terrain.TagWall); err != nil {
			return nil, err
		}
	case "ceiling":
		pts = flat(0, sceneWidth)
		if _, err := w.AddCeiling([]mgl64.Vec2{{x0 + 80, sceneCeilingY}, {x0 + 680, sceneCeilingY}}, 0, 0); err != nil {
			return nil, err
		}
	default:
		return nil, fmt.Errorf("buildScene: name: unknown scene %q (want one of %v)", name, sceneNames)
	}
	if _, err := w.AddGround(pts, sceneHeight, 0); err != nil {
		return nil, err
	}
	return w, nil
}
