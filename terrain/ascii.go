package terrain

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// FromASCII builds a world from rows of characters, each character one square
// cell of cell pixels (row 0 at the top, column 0 at the left):
//
//	'#'       solid cell (horizontal runs of '#' become one box)
//	'/'       45-degree slope rising to the right: solid below the diagonal
//	          from the cell's bottom-left to its top-right corner
//	'\\'      45-degree slope falling to the right: solid below the diagonal
//	          from the cell's top-left to its bottom-right corner
//	'.' ' '   empty
//
// Rows may differ in length; missing cells are empty. The space is
// (longest row)*cell by len(rows)*cell pixels with 32 px broadphase cells.
// Every shape is tagged TagTerrain|TagGround. Any other character is an error
// naming its row and column; cell must be in [1, 4096].
func FromASCII(rows []string, cell float64) (*World, error) {
	if !(cell >= 1 && cell <= 4096) {
		return nil, fmt.Errorf("terrain: FromASCII: cell: %v must be in [1, 4096]", cell)
	}
	if len(rows) == 0 {
		return nil, fmt.Errorf("terrain: FromASCII: rows: no rows")
	}
	cols := 0
	for r, row := range rows {
		for c, ch := range []byte(row) {
			switch ch {
			case '#', '/', '\\', '.', ' ':
			default:
				return nil, fmt.Errorf("terrain: FromASCII: rows[%d][%d]: unknown character %q", r, c, ch)
			}
		}
		cols = max(cols, len(row))
	}
	if cols == 0 {
		return nil, fmt.Errorf("terrain: FromASCII: rows: all rows are empty")
	}
	w, err := New(float64(cols)*cell, float64(len(rows))*cell)
	if err != nil {
		return nil, fmt.Errorf("terrain: FromASCII: %w", err)
	}
	for r, row := range rows {
		y0, y1 := float64(r)*cell, float64(r+1)*cell
		for c := 0; c < len(row); c++ {
			x0, x1 := float64(c)*cell, float64(c+1)*cell
			switch row[c] {
			case '#':
				end := c
				for end+1 < len(row) && row[end+1] == '#' {
					end++
				}
				w.addConvex([]mgl64.Vec2{{x0, y0}, {float64(end+1) * cell, y0}, {float64(end+1) * cell, y1}, {x0, y1}}, TagGround)
				c = end
			case '/':
				w.addConvex([]mgl64.Vec2{{x1, y0}, {x1, y1}, {x0, y1}}, TagGround)
			case '\\':
				w.addConvex([]mgl64.Vec2{{x0, y0}, {x1, y1}, {x0, y1}}, TagGround)
			}
		}
	}
	return w, nil
}

// Scene geometry shared by tests, benchmarks and the demo. Every scene is a
// 1280 x 720 space with 32 px cells whose flat ground surface is at
// SceneGroundY, solid down to the bottom of the space.
const (
	SceneWidth   = 1280.0
	SceneHeight  = 720.0
	SceneGroundY = 560.0
	// SceneFeatureX is where each scene's feature (slope, stairs, sawtooth,
	// gap, wall, ceiling) starts; the ground is flat from x=0 to here.
	SceneFeatureX = 320.0
	// SceneSlopeRun is the horizontal run of each slope of "slope30" and
	// "slope40": up from SceneFeatureX to SceneFeatureX+SceneSlopeRun, a
	// plateau of 160 px, then down over the same run, then flat.
	SceneSlopeRun = 320.0
	// SceneStepRise and SceneStepTread shape "stairs16": 8 steps up, a
	// plateau of 160 px, 8 steps down.
	SceneStepRise  = 16.0
	SceneStepTread = 40.0
	// SceneToothWidth and SceneToothHeight shape "sawtooth": 10 teeth
	// rising SceneToothHeight over the first half of each tooth and falling
	// over the second half.
	SceneToothWidth  = 64.0
	SceneToothHeight = 24.0
	// SceneGapWidth is the gap of "gap", from SceneFeatureX+280.
	SceneGapWidth = 40.0
	// SceneWallX and SceneWallTop: "wall-corner" has a solid block from
	// x=SceneWallX to the right edge, from y=SceneWallTop down to the ground,
	// so its top-left corner (SceneWallX, SceneWallTop) is an outer corner
	// and its foot (SceneWallX, SceneGroundY) an inner corner.
	SceneWallX   = 800.0
	SceneWallTop = 240.0
	// SceneCeilingY: "ceiling" has a solid slab from x=SceneFeatureX+80 to
	// x=SceneFeatureX+680 whose underside is at y=SceneCeilingY.
	SceneCeilingY = 400.0
)

// SceneNames lists the names accepted by Scene, the scenes of QUALITY.md.
var SceneNames = []string{"flat", "slope30", "slope40", "stairs16", "sawtooth", "gap", "wall-corner", "ceiling"}

// Scene builds one of the motion-quality scenes by name (see SceneNames and
// the Scene* constants for their exact geometry).
func Scene(name string) (*World, error) {
	w, err := New(SceneWidth, SceneHeight)
	if err != nil {
		return nil, err
	}
	g, x0 := SceneGroundY, SceneFeatureX
	flat := func(a, b float64) []mgl64.Vec2 { return []mgl64.Vec2{{a, g}, {b, g}} }
	var pts []mgl64.Vec2
	switch name {
	case "flat":
		pts = flat(0, SceneWidth)
	case "slope30", "slope40":
		deg := 30.0
		if name == "slope40" {
			deg = 40
		}
		top := g - SceneSlopeRun*math.Tan(deg*math.Pi/180)
		x1 := x0 + SceneSlopeRun
		x2 := x1 + 160
		x3 := x2 + SceneSlopeRun
		pts = []mgl64.Vec2{{0, g}, {x0, g}, {x1, top}, {x2, top}, {x3, g}, {SceneWidth, g}}
	case "stairs16":
		up := Stairs(x0, g, SceneStepTread, SceneStepRise, 8)
		top := up[len(up)-1]
		down := Stairs(top[0]+160-SceneStepTread, top[1], SceneStepTread, -SceneStepRise, 8)
		pts = append([]mgl64.Vec2{{0, g}}, up...)
		pts = append(pts, down...)
		pts = append(pts, mgl64.Vec2{SceneWidth, g})
	case "sawtooth":
		pts = []mgl64.Vec2{{0, g}}
		for i := range 10 {
			x := x0 + float64(i)*SceneToothWidth
			pts = append(pts, mgl64.Vec2{x, g}, mgl64.Vec2{x + SceneToothWidth/2, g - SceneToothHeight})
		}
		pts = append(pts, mgl64.Vec2{x0 + 10*SceneToothWidth, g}, mgl64.Vec2{SceneWidth, g})
	case "gap":
		gx := x0 + 280
		if _, err := w.AddGround(flat(0, gx), SceneHeight, 0); err != nil {
			return nil, err
		}
		pts = flat(gx+SceneGapWidth, SceneWidth)
	case "wall-corner":
		pts = flat(0, SceneWidth)
		if _, err := w.AddBox(SceneWallX, SceneWallTop, SceneWidth-SceneWallX, g-SceneWallTop, TagWall); err != nil {
			return nil, err
		}
	case "ceiling":
		pts = flat(0, SceneWidth)
		if _, err := w.AddCeiling([]mgl64.Vec2{{x0 + 80, SceneCeilingY}, {x0 + 680, SceneCeilingY}}, 0, 0); err != nil {
			return nil, err
		}
	default:
		return nil, fmt.Errorf("terrain: Scene: name: unknown scene %q (want one of %v)", name, SceneNames)
	}
	if _, err := w.AddGround(pts, SceneHeight, 0); err != nil {
		return nil, err
	}
	return w, nil
}
