package main

import (
	"fmt"
	"math"

	"github.com/ebitengine/debugui"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/ebitenutil"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"github.com/ikanim/kit/demo/sim"
	"github.com/ikanim/kit/ikanim"
)

func init() {
	registerScene(sceneInfo{
		Name:    "walk",
		Summary: "foot placement, centroid and slope alignment over slopes, stairs, a sawtooth and a gap",
		New:     newWalkView,
	})
}

const walkZoom = 2.0

// walkView shows sim.Walk: it follows the character.
type walkView struct {
	s          *sim.Walk
	cam        camera
	back       backdrop
	maxFootDeg float64 // panel: Grounder.MaxFootAngle in degrees
}

func newWalkView(ctx *Context) (Scene, error) {
	s, err := sim.NewWalk(ctx.Art)
	if err != nil {
		return nil, err
	}
	v := &walkView{s: s, cam: camera{rate: 4}}
	v.maxFootDeg = s.Grounder.MaxFootAngle * 180 / math.Pi
	return v, nil
}

func (v *walkView) Sim() sim.Scene { return v.s }

func (v *walkView) Help() string {
	return "walks by itself; Left/Right: walk  F: foot IK  C: centroid  H: heel+toe rays"
}

func (v *walkView) Update(ctx *Context) error {
	g := v.s.Grounder
	if inpututil.IsKeyJustPressed(ebiten.KeyF) {
		g.DisableFeet = !g.DisableFeet
	}
	if inpututil.IsKeyJustPressed(ebiten.KeyC) {
		g.DisableBody = !g.DisableBody
	}
	if inpututil.IsKeyJustPressed(ebiten.KeyH) {
		g.HeelToe = !g.HeelToe
	}
	g.MaxFootAngle = v.maxFootDeg * math.Pi / 180
	v.s.Steer(axis(ebiten.KeyLeft, ebiten.KeyRight))
	v.s.Step(ctx.Dt)
	v.cam.follow(v.s.Focus(), walkZoom, ctx.Dt)
	return nil
}

// axis returns -1 while neg is held, +1 while pos is held, else 0.
func axis(neg, pos ebiten.Key) float64 {
	d := 0.0
	if ebiten.IsKeyPressed(neg) {
		d--
	}
	if ebiten.IsKeyPressed(pos) {
		d++
	}
	return d
}

func (v *walkView) Draw(screen *ebiten.Image, ctx *Context) {
	cam := v.cam.geoM()
	v.back.draw(screen, v.s.World, cam)
	r, g := v.s.Rig, v.s.Grounder
	r.Draw(screen, drawOpts(cam))
	if ctx.Debug {
		r.DrawDebug(screen, &ikanim.DebugOptions{Camera: cam, HideLimits: true})
		g.DrawDebug(screen, &ikanim.DebugOptions{Camera: cam})
	}
	ebitenutil.DebugPrintAt(screen, fmt.Sprintf("foot IK %s (F)  centroid %s (C)  heel+toe %s (H)  body %.1f px  x %.0f",
		onOff(!g.DisableFeet), onOff(!g.DisableBody), onOff(g.HeelToe), g.Body(), r.Position[0]), 6, 24)
	for i := 0; i < 2; i++ {
		c := g.Leg(i)
		ebitenutil.DebugPrintAt(screen, fmt.Sprintf("%s: grounded %v planted %v offset %+.1f px angle %+.1f deg",
			[]string{"far leg ", "near leg"}[i], c.Grounded, c.Planted, c.Offset, c.Angle*180/math.Pi), 6, 40+16*i)
	}
}

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

func (v *walkView) Panel(ui *debugui.Context) {
	g := v.s.Grounder
	ui.Text("walk speed (px/s)")
	ui.SliderF(&v.s.Speed, 0, 140, 5, 0)
	ui.Checkbox(&g.HeelToe, "heel + toe rays")
	ui.Checkbox(&g.DisableFeet, "foot IK off")
	ui.Checkbox(&g.DisableBody, "centroid off")
	ui.Header("Grounder", true, func() {
		ui.Text("ray up / down (px)")
		ui.SliderF(&g.RayUp, 5, 100, 1, 0)
		ui.SliderF(&g.RayDown, 5, 120, 1, 0)
		ui.Text("max step (px)")
		ui.SliderF(&g.MaxStep, 5, 80, 1, 0)
		ui.Text("max foot angle (deg)")
		ui.SliderF(&v.maxFootDeg, 0, 80, 1, 0)
		ui.Text("foot speed (1/s, 0 = none)")
		ui.SliderF(&g.FootSpeed, 0, 60, 1, 0)
	})
	ui.Header("Centroid", true, func() {
		ui.Text("body speed (1/s)")
		ui.SliderF(&g.BodySpeed, 1, 60, 1, 0)
		ui.Text("body max speed (px/s, 0 = none)")
		ui.SliderF(&g.BodyMaxSpeed, 0, 300, 5, 0)
		ui.Text("max lower (px)")
		ui.SliderF(&g.MaxLower, 1, 60, 1, 0)
	})
}
