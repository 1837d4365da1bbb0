package main

import (
	"fmt"

	"github.com/ebitengine/debugui"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/ikanim/kit/demo/sim"
	"github.com/ikanim/kit/ikanim"
	"github.com/ikanim/kit/ikanim/creature"
)

var levelsMap = binding{keys: []ebiten.Key{ebiten.KeyM}, label: "M", does: "the Tiled map or the LDtk level"}

func init() {
	registerScene(sceneInfo{
		Name:    "levels",
		Summary: "a Tiled map and an LDtk level from assets/levels, a humanoid and a spider walking each",
		Keys:    []*binding{&keyMove, &levelsMap, &keyOverview},
		New:     newLevelsView,
	})
}

const levelsZoom = 2.0

// levelsView shows sim.Levels: one map at a time, the camera on its
// humanoid (Z: the whole map).
type levelsView struct {
	s        *sim.Levels
	cams     [2]camera
	backs    [2]backdrop
	overview bool
	marker   ikanim.Sprite
}

func newLevelsView(ctx *Context) (Scene, error) {
	s, err := sim.NewLevels(ctx.Art)
	if err != nil {
		return nil, err
	}
	marker, err := sprite("ui/target")
	if err != nil {
		return nil, err
	}
	v := &levelsView{s: s, marker: marker}
	for i, m := range s.Maps {
		v.cams[i] = camera{rate: 3, w: m.Width, h: m.Height}
	}
	return v, nil
}

func (v *levelsView) Sim() sim.Scene { return v.s }

func (v *levelsView) Update(ctx *Context) error {
	s := v.s
	switch {
	case levelsMap.pressed():
		s.Pick(1 - s.Active)
	case keyOverview.pressed():
		v.overview = !v.overview
	}
	s.Steer(moveAxis())
	s.Step(ctx.Dt)
	for i, m := range s.Maps {
		cam := &v.cams[i]
		if v.overview {
			cam.frame(mgl64.Vec2{}, mgl64.Vec2{m.Width, m.Height}, 1, ctx.Dt)
		} else {
			cam.track(m.Hero.Position.Sub(mgl64.Vec2{0, 40}), levelsZoom, walkWindow, 0.8, ctx.Dt)
		}
		cam.pin(ctx)
	}
	return nil
}

func (v *levelsView) Draw(screen *ebiten.Image, ctx *Context) {
	i := v.s.Active
	m := v.s.Maps[i]
	cam := v.cams[i].geoM()
	v.backs[i].draw(screen, m.World, cam)
	for _, p := range m.Patrol {
		drawProp(screen, v.marker, p.Sub(mgl64.Vec2{0, 24}), cam)
	}
	drawCreatures(screen, []*creature.Creature{m.Spider}, cam, true, ctx.Debug)
	drawAntennae(screen, m.Antennae, cam)
	m.Hero.Draw(screen, drawOpts(cam))
	if ctx.Debug {
		m.Hero.DrawDebug(screen, &ikanim.DebugOptions{Camera: cam, HideLimits: true})
		m.Grounder.DrawDebug(screen, &ikanim.DebugOptions{Camera: cam})
	}
}

func (v *levelsView) Status() string {
	s := v.s
	m := s.Maps[s.Active]
	who := "walks by itself"
	if s.Manual() {
		who = "you steer"
	}
	g := m.Grounder
	return fmt.Sprintf("%s (M: the other)   the humanoid %s   body %+.1f px   spider %d/8 feet planted   slip max %.3f px   gap max %.3f px",
		m.Name, who, g.Body(), m.Spider.Planted(), s.Meter().FootSlipMax(), s.Meter().ContactGapMax())
}

func (v *levelsView) Panel(ui *debugui.Context) {
	s := v.s
	ui.Checkbox(&v.overview, "whole map (Z)")
	for _, m := range s.Maps {
		ui.Text(fmt.Sprintf("%s: %.0f x %.0f px", m.Name, m.Width, m.Height))
	}
	g := s.Maps[s.Active].Grounder
	ui.Checkbox(&g.OneRay, "one ray per foot")
	ui.Checkbox(&g.DisableFeet, "foot IK off")
}
