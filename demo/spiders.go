package main

import (
	"fmt"

	"github.com/ebitengine/debugui"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/ebitenutil"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"github.com/ikanim/kit/demo/sim"
	"github.com/ikanim/kit/ikanim"
)

func init() {
	registerScene(sceneInfo{
		Name:    "spiders",
		Summary: "procedural creatures (4, 6, 8 legs, tentacles) on slopes, steps, a gap, a wall and a ceiling",
		New:     newSpidersView,
	})
}

// spidersZoom is the zoom of the follow camera (the overview shows the
// whole level at 1).
const spidersZoom = 1.8

// spidersView shows sim.Spiders: the camera follows the scene's focus, or
// shows the whole level (overview).
type spidersView struct {
	s           *sim.Spiders
	cam         camera
	overview    bool
	hideSprites bool
	debug       bool
	marker      ikanim.Sprite
	back        backdrop
}

func newSpidersView(ctx *Context) (Scene, error) {
	s, err := sim.NewSpiders(ctx.Art)
	if err != nil {
		return nil, err
	}
	marker, err := sprite("ui/target")
	if err != nil {
		return nil, err
	}
	return &spidersView{s: s, cam: camera{w: s.Width, h: s.Height}, marker: marker, debug: ctx.Debug}, nil
}

func (v *spidersView) Sim() sim.Scene { return v.s }

func (v *spidersView) Help() string {
	return "Left/Right or A/D: steer the big spider (clockwise along any surface) | click: drop a target for the others | Z: overview / follow"
}

func (v *spidersView) Update(ctx *Context) error {
	s := v.s
	s.Steer(axis(ebiten.KeyArrowLeft, ebiten.KeyArrowRight) + axis(ebiten.KeyA, ebiten.KeyD))
	if inpututil.IsKeyJustPressed(ebiten.KeyZ) {
		v.overview = !v.overview
	}
	if !ctx.MouseIdle && !ctx.UIHasPointer && inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) {
		s.SetTarget(v.cam.toWorld(ctx.Mouse))
	}
	if ctx.MouseIdle {
		s.ClearTarget()
	}
	s.Step(ctx.Dt)
	if v.overview {
		v.cam.follow(mgl64.Vec2{s.Width / 2, s.Height / 2}, 1, ctx.Dt)
	} else {
		v.cam.follow(s.Focus(), spidersZoom, ctx.Dt)
	}
	return nil
}

func (v *spidersView) Draw(screen *ebiten.Image, ctx *Context) {
	s := v.s
	cam := v.cam.geoM()
	v.back.draw(screen, s.World, cam)
	drawCreatures(screen, s.Creatures, cam, !v.hideSprites, v.debug || ctx.Debug || v.hideSprites)
	if p, ok := s.Target(); ok {
		drawProp(screen, v.marker, p, cam)
	}
	m := s.Meter()
	ebitenutil.DebugPrintAt(screen, fmt.Sprintf("creatures %d  slip max %.2f px  gap max %.2f px  pen %.2f px",
		len(s.Creatures), m.FootSlipMax(), m.ContactGapMax(), m.PenetrationMax()), 6, 22)
}

func (v *spidersView) Panel(ui *debugui.Context) {
	s := v.s
	m := s.Meter()
	ui.Checkbox(&v.debug, "debug overlay (D)")
	ui.Checkbox(&v.hideSprites, "hide sprites")
	ui.Checkbox(&v.overview, "overview (Z)")
	ui.Text(fmt.Sprintf("slip max %.3f px", m.FootSlipMax()))
	ui.Text(fmt.Sprintf("gap max %.3f px", m.ContactGapMax()))
	ui.Text(fmt.Sprintf("penetration %.3f px", m.PenetrationMax()))
	ui.Text(fmt.Sprintf("bend flips %d  NaN %d", m.BendFlips(), m.NaNs()))
	for i, c := range s.Creatures {
		ui.Text(fmt.Sprintf("%s: %d/%d planted", s.Names[i], c.Planted(), c.NumLegs()))
	}
}
