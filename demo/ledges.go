package main

import (
	"fmt"

	"github.com/ebitengine/debugui"
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/ikanim/kit/demo/sim"
	"github.com/ikanim/kit/ikanim"
)

func init() {
	registerScene(sceneInfo{
		Name:    "ledges",
		Summary: "mantling from the floor onto blocks whose faces lean back (the Mantler measures each face), walking off them",
		New:     newLedgesView,
	})
}

// The ledges view: the camera follows the walker at ledgesZoom.
const ledgesZoom = 2.0

// ledgesView shows sim.Ledges.
type ledgesView struct {
	s    *sim.Ledges
	cam  camera
	back backdrop
}

func newLedgesView(ctx *Context) (Scene, error) {
	s, err := sim.NewLedges(ctx.Art)
	if err != nil {
		return nil, err
	}
	return &ledgesView{s: s, cam: camera{rate: 3, w: s.Width, h: s.Height}}, nil
}

func (v *ledgesView) Sim() sim.Scene { return v.s }

func (v *ledgesView) Update(ctx *Context) error {
	v.s.Step(ctx.Dt)
	v.cam.track(v.s.Focus(), ledgesZoom, walkWindow, 0.8, ctx.Dt)
	v.cam.pin(ctx)
	return nil
}

func (v *ledgesView) Draw(screen *ebiten.Image, ctx *Context) {
	s := v.s
	cam := v.cam.geoM()
	v.back.draw(screen, s.World, cam)
	s.Rig.Draw(screen, drawOpts(cam))
	if ctx.Debug {
		s.Rig.DrawDebug(screen, &ikanim.DebugOptions{Camera: cam, HideLimits: true})
	}
}

func (v *ledgesView) Status() string {
	s := v.s
	mode, t := s.Mode()
	return fmt.Sprintf("%s %.1f s   mantles %d   bone in the rock: walking %.2f px, mantling %.2f px",
		mode, t, s.Mantles(), s.LimbPenetration(sim.LedgesWalk), s.LimbPenetration(sim.LedgesMantle))
}

func (v *ledgesView) Panel(ui *debugui.Context) {
	m := v.s.Mantler
	ui.Text("mantle: hang time (s)")
	ui.SliderF(&m.HangTime, 0.1, 2, 0.1, 1)
	ui.Text("mantle: grip past the edge (px)")
	ui.SliderF(&m.Grip, 1, 10, 0.5, 1)
}
