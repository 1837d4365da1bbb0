package main

import (
	"fmt"
	"image/color"
	"math"

	"github.com/ebitengine/debugui"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/ikanim/kit/demo/sim"
	"github.com/ikanim/kit/ikanim"
)

func init() {
	registerScene(sceneInfo{
		Name:    "aim",
		Summary: "aiming a two-handed weapon at the mouse or a moving target while walking (a target behind turns it round); picking up a gem",
		Keys:    []*binding{&keyPointer},
		New:     newAimView,
	})
}

const (
	aimZoom = 2.0
)

var gunColor = color.RGBA{40, 40, 48, 255}

// aimWindow is the half-size of the box, world px, the character walks in
// before the camera moves.
var aimWindow = mgl64.Vec2{120, 60}

// aimView shows sim.Aim: the mouse, when it moves, is the target.
type aimView struct {
	s                  *sim.Aim
	cam                camera
	back               backdrop
	crate, gem, marker ikanim.Sprite
}

func newAimView(ctx *Context) (Scene, error) {
	s, err := sim.NewAim(ctx.Art)
	if err != nil {
		return nil, err
	}
	sp, err := sprites("prop/crate", "prop/gem", "ui/target")
	if err != nil {
		return nil, err
	}
	return &aimView{s: s, cam: camera{rate: 3, w: s.Width, h: s.Height}, crate: sp[0], gem: sp[1], marker: sp[2]}, nil
}

func (v *aimView) Sim() sim.Scene { return v.s }

func (v *aimView) Update(ctx *Context) error {
	followPointer(ctx, v.s, v.cam.toWorld)
	v.s.Step(ctx.Dt)
	v.cam.track(v.s.Focus(), aimZoom, aimWindow, 0.8, ctx.Dt)
	v.cam.pin(ctx)
	return nil
}

func (v *aimView) Draw(screen *ebiten.Image, ctx *Context) {
	s := v.s
	cam := v.cam.geoM()
	v.back.draw(screen, s.World, cam)
	drawProp(screen, v.crate, mgl64.Vec2{sim.AimCrateX, sim.AimCrateTop + 12}, cam)
	r := s.Rig
	r.Draw(screen, drawOpts(cam))
	// The gun: from behind the grip along the forearm, while aiming.
	fore := r.Def().BoneIndex(ikanim.BoneForearmNear)
	if w := r.Limb(ikanim.LimbArmNear).CurrentWeight(); w > 0.5 {
		_, grip := r.Joint(fore)
		a := r.BoneAngle(fore)
		d := mgl64.Vec2{math.Cos(a), math.Sin(a)}
		ikanim.DebugLine(screen, &cam, grip.Sub(d.Mul(6)), grip.Add(d.Mul(sim.AimGunLength)), 3, gunColor)
	}
	gem, _ := s.Gem()
	drawProp(screen, v.gem, gem, cam)
	if !s.Reaching() {
		drawProp(screen, v.marker, s.Target(), cam)
	}
	if ctx.Debug {
		r.DrawDebug(screen, &ikanim.DebugOptions{Camera: cam, HideLimits: true})
		s.Grounder.DrawDebug(screen, &ikanim.DebugOptions{Camera: cam})
	}
}

func (v *aimView) Status() string {
	s := v.s
	return fmt.Sprintf("aim weight %.2f   reach weight %.2f   crouch %.1f px   gems picked up %d",
		s.Rig.Limb(ikanim.LimbArmNear).CurrentWeight(), s.Reacher.Weight(), s.Reacher.Crouch(), s.Picks())
}

func (v *aimView) Panel(ui *debugui.Context) {
	a, r := v.s.Aimer, v.s.Reacher
	ui.Checkbox(&a.Circle, "hands on circles round the chest (the article's aim)")
	ui.Text("look weight")
	ui.SliderF(&a.LookWeight, 0, 1, 0.05, 2)
	ui.Text("arm reach (share of full)")
	ui.SliderF(&a.Reach, 0.3, 0.98, 0.01, 2)
	ui.Text("barrel hand offset (px)")
	ui.SliderF(&a.Support[0], 0, 16, 1, 0)
	ui.Text("max crouch (px)")
	ui.SliderF(&r.MaxCrouch, 1, 60, 1, 0)
}
