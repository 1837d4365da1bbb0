package main

import (
	"fmt"
	"math"

	"github.com/ebitengine/debugui"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/ebitenutil"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"github.com/ikanim/kit/demo/sim"
)

func init() {
	registerScene(sceneInfo{
		Name:    "swarm",
		Summary: "-count N (default 1000) procedural creatures roaming a 4000 x 3000 level, update time on screen",
		New:     newSwarmView,
	})
}

// swarmView shows sim.Swarm: the whole level fitted on screen, or a 1:1
// view following the first creature (zoom).
type swarmView struct {
	s       *sim.Swarm
	cam     camera
	zoom    bool
	hideArt bool
	updAvg  float64 // smoothed creature update time, ns
	back    backdrop
}

func newSwarmView(ctx *Context) (Scene, error) {
	s, err := sim.NewSwarm(ctx.Art, ctx.Count, ctx.Seed)
	if err != nil {
		return nil, err
	}
	return &swarmView{s: s, cam: camera{w: s.Width, h: s.Height, rate: 8}}, nil
}

func (v *swarmView) Sim() sim.Scene { return v.s }

func (v *swarmView) Help() string {
	return "Z: zoom 1:1 on the first creature / fit the level | -count N sets the number of creatures"
}

func (v *swarmView) Update(ctx *Context) error {
	s := v.s
	if inpututil.IsKeyJustPressed(ebiten.KeyZ) {
		v.zoom = !v.zoom
	}
	s.Step(ctx.Dt)
	if v.updAvg == 0 {
		v.updAvg = s.UpdateNs()
	}
	v.updAvg += (s.UpdateNs() - v.updAvg) * 0.05
	if v.zoom {
		v.cam.follow(s.Focus(), 1, ctx.Dt)
	} else {
		fit := math.Min(screenWidth/s.Width, screenHeight/s.Height)
		v.cam.follow(mgl64.Vec2{s.Width / 2, s.Height / 2}, fit, ctx.Dt)
	}
	return nil
}

func (v *swarmView) Draw(screen *ebiten.Image, ctx *Context) {
	s := v.s
	cam := v.cam.geoM()
	v.back.draw(screen, s.World, cam)
	drawCreatures(screen, s.Creatures, cam, !v.hideArt, ctx.Debug || v.hideArt)
	n := float64(len(s.Creatures))
	m := s.Meter()
	ebitenutil.DebugPrintAt(screen, fmt.Sprintf("creatures %d   creature update %.2f ms/frame (%.0f ns each)   slip max %.2f px  gap max %.2f px",
		len(s.Creatures), v.updAvg/1e6, v.updAvg/n, m.FootSlipMax(), m.ContactGapMax()), 6, 22)
}

func (v *swarmView) Panel(ui *debugui.Context) {
	s := v.s
	m := s.Meter()
	falls, respawns := s.Falls()
	ui.Text(fmt.Sprintf("creatures %d", len(s.Creatures)))
	ui.Text(fmt.Sprintf("update %.2f ms/frame", v.updAvg/1e6))
	ui.Checkbox(&v.zoom, "zoom 1:1 (Z)")
	ui.Checkbox(&v.hideArt, "hide sprites")
	ui.Checkbox(&s.NoEdge, "walk off edges (no turn back)")
	ui.Text(fmt.Sprintf("falls %d  respawns %d", falls, respawns))
	ui.Text(fmt.Sprintf("slip max %.3f px", m.FootSlipMax()))
	ui.Text(fmt.Sprintf("gap max %.3f px", m.ContactGapMax()))
	ui.Text(fmt.Sprintf("NaN %d", m.NaNs()))
}
