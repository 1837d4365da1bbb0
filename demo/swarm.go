package main

import (
	"flag"
	"fmt"

	"github.com/ebitengine/debugui"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/ikanim/kit/demo/sim"
)

// swarmWorkers is the swarm scene's -workers flag.
var swarmWorkers = flag.Int("workers", 0, "goroutines updating the swarm scene's creatures (a creature.Crowd): 0 = one per core, 1 = on the game's goroutine")

var swarmEdges = binding{keys: []ebiten.Key{ebiten.KeyE}, label: "E", does: "creatures turn back at edges, or walk off them"}

func init() {
	registerScene(sceneInfo{
		Name:    "swarm",
		Summary: "-count N (default 1000) procedural creatures roaming a 4000 x 3000 level on -workers goroutines, update time on screen",
		Keys:    []*binding{&keyOverview, &keySprites, &swarmEdges},
		New:     newSwarmView,
	})
}

// swarmView shows sim.Swarm: the whole level fitted between the HUD's bars,
// or a 1:1 view following the first creature (Z).
type swarmView struct {
	s       *sim.Swarm
	cam     camera
	back    backdrop
	follow  bool
	hideArt bool
	updAvg  float64 // smoothed creature update time, ns
	bookAvg float64 // smoothed bookkeeping time, ns
}

func newSwarmView(ctx *Context) (Scene, error) {
	s, err := sim.NewSwarm(ctx.Art, ctx.Count, ctx.Seed)
	if err != nil {
		return nil, err
	}
	s.SetWorkers(*swarmWorkers)
	return &swarmView{s: s, cam: camera{w: s.Width, h: s.Height, rate: 8}}, nil
}

func (v *swarmView) Sim() sim.Scene { return v.s }

func (v *swarmView) Update(ctx *Context) error {
	s := v.s
	switch {
	case keyOverview.pressed():
		v.follow = !v.follow
	case keySprites.pressed():
		v.hideArt = !v.hideArt
	case swarmEdges.pressed():
		s.NoEdge = !s.NoEdge
	}
	s.Step(ctx.Dt)
	if v.updAvg == 0 {
		v.updAvg, v.bookAvg = s.UpdateNs(), s.BookkeepingNs()
	}
	v.updAvg += (s.UpdateNs() - v.updAvg) * 0.05
	v.bookAvg += (s.BookkeepingNs() - v.bookAvg) * 0.05
	if v.follow {
		v.cam.follow(s.Focus(), 1, ctx.Dt)
	} else {
		v.cam.frame(mgl64.Vec2{}, mgl64.Vec2{s.Width, s.Height}, 1, ctx.Dt)
	}
	v.cam.pin(ctx)
	return nil
}

func (v *swarmView) Draw(screen *ebiten.Image, ctx *Context) {
	s := v.s
	cam := v.cam.geoM()
	v.back.draw(screen, s.World, cam)
	drawCreatures(screen, s.Creatures, cam, !v.hideArt, ctx.Debug || v.hideArt)
}

func (v *swarmView) Status() string {
	s := v.s
	m := s.Meter()
	falls, respawns := s.Falls()
	return fmt.Sprintf("creatures %d on %d workers   update %.2f ms/frame + scene %.2f ms   slip max %.2g px   gap max %.2g px   falls %d   respawns %d   edges %s (E)",
		len(s.Creatures), s.Workers(), v.updAvg/1e6, v.bookAvg/1e6, m.FootSlipMax(), m.ContactGapMax(), falls, respawns,
		pick(s.NoEdge, "are walked off", "turn them back"))
}

func (v *swarmView) Panel(ui *debugui.Context) {
	s := v.s
	ui.Checkbox(&v.follow, "1:1, following the first creature (Z)")
	ui.Checkbox(&v.hideArt, "hide sprites (X)")
	ui.Checkbox(&s.NoEdge, "walk off edges (E)")
	ui.Text(fmt.Sprintf("NaN %d", s.Meter().NaNs()))
	ui.Text(fmt.Sprintf("%d workers (-workers); creatures %.2f ms, scene %.2f ms a frame", s.Workers(), v.updAvg/1e6, v.bookAvg/1e6))
}
