package creature

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"
)

// The presets below are ready creature kinds, the way ikanim.NewBipedDef is a
// ready humanoid: the demo's spiders and crawlers, the tests' reference
// creatures, and a starting point for a game's own (copy one and change its
// numbers). Each takes its art (the zero Sprites draws nothing but
// DrawDebug) and returns a validated definition.

// NewSpiderDef returns an 8-legged spider: four legs a side of three
// segments (femur 26, tibia 30, tarsus 12 px), hips along the front of the
// body, feet 28 px below it from 42 px ahead to 38 px behind.
func NewSpiderDef(sp Sprites) (*Def, error) {
	return pairedDef("spider", []float64{9, 6, 3, 0}, []float64{42, 16, -12, -38}, 28, []float64{26, 30, 12}, sp)
}

// NewCrawlerDef returns a crawler with 4 or 6 legs of two segments: the
// 6-legged one has femur 22 and tibia 24 px and its feet 22 px below the
// body; the 4-legged one femur 18 and tibia 20 px, feet 18 px below.
func NewCrawlerDef(legs int, sp Sprites) (*Def, error) {
	switch legs {
	case 6:
		return pairedDef("crawler6", []float64{8, 0, -8}, []float64{30, 2, -26}, 22, []float64{22, 24}, sp)
	case 4:
		return pairedDef("crawler4", []float64{6, -6}, []float64{24, -20}, 18, []float64{18, 20}, sp)
	}
	return nil, fmt.Errorf("creature: NewCrawlerDef: legs: %d, want 4 or 6", legs)
}

// pairedDef builds a creature with one leg per entry of hipX and homeX on
// each side (near first, then far), feet depth px below the body.
func pairedDef(name string, hipX, homeX []float64, depth float64, segs []float64, sp Sprites) (*Def, error) {
	var legs []LegDef
	for side := 0; side < 2; side++ {
		for r := range hipX {
			legs = append(legs, LegDef{
				Name:     fmt.Sprintf("%s%d", []string{"L", "R"}[side], r+1),
				Hip:      mgl64.Vec2{hipX[r], 0},
				Home:     mgl64.Vec2{homeX[r], depth},
				Segments: segs,
				Far:      side == 1,
			})
		}
	}
	return NewDef(Def{Name: name, Legs: legs, Sprites: sp})
}
