package main

import (
	"fmt"

	"github.com/ebitengine/debugui"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/ikanim/kit/demo/sim"
	"github.com/ikanim/kit/ikanim"
)

var spidersDrop = binding{mouse: "click", label: "click, tap", does: "drop a target the others walk to (back to their paths when the mouse rests)"}

func init() {
	registerScene(sceneInfo{
		Name:    "spiders",
		Summary: "procedural creatures (4, 6, 8 legs, tentacles) on slopes, steps, a gap, a wall and a ceiling",
		Keys:    []*binding{&keyMove, &spidersDrop, &keyOverview, &keySprites},
		New:     newSpidersView,
	})
}

// spidersZoom is the zoom of the follow camera.
const spidersZoom = 1.8

// spidersView shows sim.Spiders: the whole level until the player steers
// the big spider, then a camera that follows it; Z switches between them
// (unattended, the other view follows each creature in turn: Focus).
type spidersView struct {
	s           *sim.Spiders
	cam         camera
	back        backdrop
	flip        bool // Z: the other view than the default one
	hideSprites bool
	marker      ikanim.Sprite
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
	return &spidersView{s: s, cam: camera{w: s.Width, h: s.Height}, marker: marker}, nil
}

func (v *spidersView) Sim() sim.Scene { return v.s }

// overview reports whether the camera shows the whole level.
func (v *spidersView) overview() bool { return !v.s.Manual() != v.flip }

func (v *spidersView) Update(ctx *Context) error {
	s := v.s
	s.Steer(moveAxis())
	switch {
	case keyOverview.pressed():
		v.flip = !v.flip
	case keySprites.pressed():
		v.hideSprites = !v.hideSprites
	}
	if !ctx.MouseIdle && !ctx.UIHasPointer && ctx.Click {
		s.SetTarget(v.cam.toWorld(ctx.Mouse))
	}
	if ctx.MouseIdle {
		s.ClearTarget()
	}
	s.Step(ctx.Dt)
	if v.overview() {
		v.cam.frame(mgl64.Vec2{}, mgl64.Vec2{s.Width, s.Height}, 1, ctx.Dt)
	} else {
		v.cam.follow(s.Focus(), spidersZoom, ctx.Dt)
	}
	v.cam.pin(ctx)
	return nil
}

func (v *spidersView) Draw(screen *ebiten.Image, ctx *Context) {
	s := v.s
	cam := v.cam.geoM()
	v.back.draw(screen, s.World, cam)
	drawCreatures(screen, s.Creatures, cam, !v.hideSprites, ctx.Debug || v.hideSprites)
	for _, a := range s.Antennae {
		drawAntennae(screen, a, cam)
	}
	if p, ok := s.Target(); ok {
		drawProp(screen, v.marker, p, cam)
	}
}

func (v *spidersView) Status() string {
	s := v.s
	m := s.Meter()
	who := "the big spider walks by itself"
	if s.Manual() {
		who = "you steer the big spider"
	}
	if !v.overview() {
		who += "   camera on the " + s.Names[s.FocusIndex()]
	}
	return fmt.Sprintf("%s   creatures %d   slip max %.3f px   gap max %.3f px   penetration %.3f px",
		who, len(s.Creatures), m.FootSlipMax(), m.ContactGapMax(), m.PenetrationMax())
}

func (v *spidersView) Panel(ui *debugui.Context) {
	s := v.s
	m := s.Meter()
	ui.Checkbox(&v.hideSprites, "hide sprites (X)")
	ui.Checkbox(&v.flip, "other view (Z)")
	ui.Text(fmt.Sprintf("penetration %.3f px", m.PenetrationMax()))
	ui.Text(fmt.Sprintf("bend flips %d  NaN %d", m.BendFlips(), m.NaNs()))
	for i, c := range s.Creatures {
		ui.Text(fmt.Sprintf("%s: %d/%d planted", s.Names[i], c.Planted(), c.NumLegs()))
	}
}
