package creature_test

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/creature"
)

// gate is a game's per-creature logic run by Crowd.UpdateThen on the
// workers, right after each batch's update: a bug that walked past x = 400
// stops, and one whose feet all left the ground is marked. It writes only
// the slots of the creatures it is given, so any number of workers gives the
// same result.
type gate struct {
	bugs    []*creature.Creature
	stopped []bool
	falling []bool
}

func (g *gate) after(lo, hi int) {
	for i := lo; i < hi; i++ {
		b := g.bugs[i]
		if !g.stopped[i] && b.Position()[0] > 400 {
			b.Stop()
			g.stopped[i] = true
		}
		g.falling[i] = !b.Footing().OnSurface()
	}
}

// A hundred bugs walk right on a flat floor, updated on two workers; each
// one stops once it is past x = 400. The per-creature check runs on the
// worker that updated the creature, while its state is still in that core's
// cache.
func ExampleCrowd_UpdateThen() {
	leg := func(x float64, far bool) creature.LegDef {
		return creature.LegDef{Hip: mgl64.Vec2{x / 4, 0}, Home: mgl64.Vec2{x, 20}, Segments: []float64{16, 16}, Far: far}
	}
	def, err := creature.NewDef(creature.Def{
		Name: "bug",
		Legs: []creature.LegDef{leg(16, false), leg(-16, false), leg(16, true), leg(-16, true)},
	})
	if err != nil {
		panic(err)
	}
	g := &gate{bugs: make([]*creature.Creature, 100), stopped: make([]bool, 100), falling: make([]bool, 100)}
	for i := range g.bugs {
		b, err := creature.New(def, mgl64.Vec2{100 + float64(i), 280}, floor{})
		if err != nil {
			panic(err)
		}
		b.SetMove(1)
		g.bugs[i] = b
	}
	crowd := creature.NewCrowd(2)
	defer crowd.Close()
	after := g.after // one func value for every frame: no allocation per call
	for frame := 0; frame < 900; frame++ {
		crowd.UpdateThen(g.bugs, 1.0/60, after)
	}
	stopped, falling, farthest := 0, 0, 0.0
	for i, b := range g.bugs {
		if g.stopped[i] {
			stopped++
		}
		if g.falling[i] {
			falling++
		}
		farthest = max(farthest, b.Position()[0])
	}
	fmt.Printf("stopped %d of %d, falling %d, none past x = 440: %v\n", stopped, len(g.bugs), falling, farthest < 440)
	// Output:
	// stopped 100 of 100, falling 0, none past x = 440: true
}
