package creature

import (
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

// creatureTestWorld returns one of terrain's quality scenes.
func creatureTestWorld(t testing.TB, name string) *terrain.World {
	t.Helper()
	w, err := terrain.Scene(name)
	if err != nil {
		t.Fatal(err)
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
