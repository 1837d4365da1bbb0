package main

import (
	"fmt"
	"math"

	"github.com/ebitengine/debugui"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/ikanim/kit/demo/sim"
	"github.com/ikanim/kit/ikanim"
)

var (
	walkFeet   = binding{keys: []ebiten.Key{ebiten.KeyF}, label: "F", does: "foot IK on/off (feet follow the animation only)"}
	walkBody   = binding{keys: []ebiten.Key{ebiten.KeyC}, label: "C", does: "centroid on/off (the body is not lowered)"}
	walkOneRay = binding{keys: []ebiten.Key{ebiten.KeyT}, label: "T", does: "one ray per foot, or the whole sole (the default)"}
)

func init() {
	registerScene(sceneInfo{
		Name:    "walk",
		Summary: "foot placement, centroid and slope alignment over slopes, stairs, a sawtooth and a gap",
		Keys:    []*binding{&keyMove, &walkFeet, &walkBody, &walkOneRay},
		New:     newWalkView,
	})
}

const walkZoom = 2.0

// walkWindow is the half-size of the box, world px, the character walks in
// before the camera moves.
var walkWindow = mgl64.Vec2{110, 60}

// walkView shows sim.Walk: the camera follows the character.
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
	v := &walkView{s: s, cam: camera{rate: 3, w: s.Width, h: s.Height}}
	v.maxFootDeg = s.Grounder.MaxFootAngle * 180 / math.Pi
	return v, nil
}

func (v *walkView) Sim() sim.Scene { return v.s }

func (v *walkView) Update(ctx *Context) error {
	g := v.s.Grounder
	switch {
	case walkFeet.pressed():
		g.DisableFeet = !g.DisableFeet
	case walkBody.pressed():
		g.DisableBody = !g.DisableBody
	case walkOneRay.pressed():
		g.OneRay = !g.OneRay
	}
	g.MaxFootAngle = v.maxFootDeg * math.Pi / 180
	v.s.Steer(moveAxis())
	v.s.Step(ctx.Dt)
	v.cam.track(v.s.Focus(), walkZoom, walkWindow, 0.8, ctx.Dt)
	v.cam.pin(ctx)
	return nil
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
}

func (v *walkView) Status() string {
	g := v.s.Grounder
	near := g.Leg(1)
	who := "walks by itself"
	if v.s.Manual() {
		who = "you steer"
	}
	return fmt.Sprintf("%s   foot IK %s (F)   centroid %s (C)   one ray %s (T)   body %+.1f px   near foot %+.1f px, %+.0f deg   x %.0f",
		who, onOff(!g.DisableFeet), onOff(!g.DisableBody), onOff(g.OneRay), g.Body(), near.Offset, near.Angle*180/math.Pi, v.s.Rig.Position[0])
}

func onOff(b bool) string { return pick(b, "on", "off") }

// pick returns yes when b, else no.
func pick(b bool, yes, no string) string {
	if b {
		return yes
	}
	return no
}

func (v *walkView) Panel(ui *debugui.Context) {
	g := v.s.Grounder
	ui.Text("walk speed (px/s)")
	ui.SliderF(&v.s.Speed, 0, 140, 5, 0)
	ui.Checkbox(&g.OneRay, "one ray per foot (T)")
	ui.Checkbox(&g.DisableFeet, "foot IK off (F)")
	ui.Checkbox(&g.DisableBody, "centroid off (C)")
	ui.Header("Grounder", false, func() {
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
	ui.Header("Centroid", false, func() {
		ui.Text("body speed (1/s)")
		ui.SliderF(&g.BodySpeed, 1, 60, 1, 0)
		ui.Text("body max speed (px/s, 0 = none)")
		ui.SliderF(&g.BodyMaxSpeed, 0, 300, 5, 0)
		ui.Text("max lower (px)")
		ui.SliderF(&g.MaxLower, 1, 60, 1, 0)
	})
}
