package ikanim

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/terrain"
)

// creatureTestSpider returns a spider-like definition with legs legs (an even
// number, half on each side), 3-segment legs of the "spider" art lengths.
func creatureTestSpider(t testing.TB, legs int) *CreatureDef {
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
				Home:     mgl64.Vec2{x, -30},
				Segments: []float64{26, 30, 12},
				Far:      side == 1,
			})
		}
	}
	d, err := NewCreatureDef(CreatureDef{Name: "test-spider", Legs: ls})
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
