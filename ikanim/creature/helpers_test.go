package creature

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/terrain"
)

// creatureTestSpider returns a spider-like definition with legs legs (an even
// number, half on each side), 3-segment legs of the "spider" art lengths.
func creatureTestSpider(t testing.TB, legs int) *Def {
	t.Helper()
	per := legs / 2
	var ls []LegDef
	for side := 0; side < 2; side++ {
		for r := 0; r < per; r++ {
			// Front to back: homes spread from +36 to -36 px.
			x := 36 - 72*float64(r)/float64(max(per-1, 1))
			if per == 1 {
				x = 0
			}
			ls = append(ls, LegDef{
				Hip:      mgl64.Vec2{x * 0.15, 0},
				Home:     mgl64.Vec2{x, 30},
				Segments: []float64{26, 30, 12},
				Far:      side == 1,
			})
		}
	}
	d, err := NewDef(Def{Name: "test-spider", Legs: ls})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// The test scenes: a 1280 x 720 world whose flat ground surface is at
// sceneGroundY, solid down to the bottom; "wall-corner" adds a block from
// x = sceneWallX to the right edge, from y = sceneWallTop down to the ground,
// so (sceneWallX, sceneWallTop) is an outer corner and (sceneWallX,
// sceneGroundY) an inner one; "slope30" rises at 30 degrees from x = 320 for
// 320 px, stays level for 160 px and falls back the same way; "stairs16"
// climbs 8 steps of 16 x 40 px from x = 320, stays level for 160 px and
// climbs down 8.
const (
	sceneWidth, sceneHeight  = 1280.0, 720.0
	sceneGroundY             = 560.0
	sceneWallX, sceneWallTop = 800.0, 240.0
)

// creatureTestWorld returns the test scene "flat" or "wall-corner".
func creatureTestWorld(t testing.TB, name string) *terrain.World {
	t.Helper()
	w, err := terrain.New(sceneWidth, sceneHeight)
	if err != nil {
		t.Fatal(err)
	}
	g := sceneGroundY
	ground := []mgl64.Vec2{{0, g}, {sceneWidth, g}}
	switch name {
	case "slope30":
		top := g - 320*math.Tan(math.Pi/6)
		ground = []mgl64.Vec2{{0, g}, {320, g}, {640, top}, {800, top}, {1120, g}, {sceneWidth, g}}
	case "stairs16":
		up := terrain.Stairs(320, g, 40, 16, 8)
		end := up[len(up)-1]
		down := terrain.Stairs(end[0]+160-40, end[1], 40, -16, 8)
		ground = append(append(append([]mgl64.Vec2{{0, g}}, up...), down...), mgl64.Vec2{sceneWidth, g})
	}
	if _, err := w.AddGround(ground, sceneHeight, 0); err != nil {
		t.Fatal(err)
	}
	switch name {
	case "flat", "slope30", "stairs16":
	case "wall-corner":
		if _, err := w.AddBox(sceneWallX, sceneWallTop, sceneWidth-sceneWallX, sceneGroundY-sceneWallTop, terrain.TagWall); err != nil {
			t.Fatal(err)
		}
	default:
		t.Fatalf("no test scene %q", name)
	}
	return w
}

// creatureSceneKinds returns the demo's creature kinds (the presets): an
// 8-legged spider (3-segment legs), a 6-legged and a 4-legged crawler
// (2-segment legs) and a tentacled creature (4 x 10 segments).
func creatureSceneKinds(t testing.TB) (spider, crawler6, crawler4, squid *Def) {
	t.Helper()
	var err error
	if spider, err = NewSpiderDef(Sprites{}); err != nil {
		t.Fatal(err)
	}
	if crawler6, err = NewCrawlerDef(6, Sprites{}); err != nil {
		t.Fatal(err)
	}
	if crawler4, err = NewCrawlerDef(4, Sprites{}); err != nil {
		t.Fatal(err)
	}
	if squid, err = NewTentacleDef(TentacleDef{Name: "squid", Arms: 4, Segments: 10, SegmentLength: 8}); err != nil {
		t.Fatal(err)
	}
	return
}
