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

var quadTilt = binding{keys: []ebiten.Key{ebiten.KeyY}, label: "Y", does: "body tilt on/off (the body stays level: legs overreach on slopes)"}

func init() {
	registerScene(sceneInfo{
		Name:    "quadruped",
		Summary: "a four-legged rig whose body leans to the ground under its feet (BodyTilt) over hills and 22- and 31-degree slopes",
		Keys:    []*binding{&keyMove, &quadTilt},
		New:     newQuadrupedView,
	})
}

const quadrupedZoom = 2.5

// quadrupedView shows sim.Quadruped: the camera follows it.
type quadrupedView struct {
	s       *sim.Quadruped
	cam     camera
	back    backdrop
	maxTilt float64 // panel: BodyTilt.MaxAngle in degrees
	smooth  float64 // panel: BodyTilt.Smoothing
}

func newQuadrupedView(ctx *Context) (Scene, error) {
	s, err := sim.NewQuadruped(ctx.Art)
	if err != nil {
		return nil, err
	}
	return &quadrupedView{s: s, cam: camera{rate: 3, w: s.Width, h: s.Height}, maxTilt: 30, smooth: 0.12}, nil
}

func (v *quadrupedView) Sim() sim.Scene { return v.s }

func (v *quadrupedView) Update(ctx *Context) error {
	if quadTilt.pressed() {
		v.s.SetTilt(!v.s.Tilting())
	}
	v.s.Tilt.MaxAngle = v.maxTilt * math.Pi / 180
	v.s.Tilt.Smoothing = v.smooth
	v.s.Steer(moveAxis())
	v.s.Step(ctx.Dt)
	v.cam.track(v.s.Focus(), quadrupedZoom, mgl64.Vec2{80, 40}, 0.8, ctx.Dt)
	v.cam.pin(ctx)
	return nil
}

func (v *quadrupedView) Draw(screen *ebiten.Image, ctx *Context) {
	cam := v.cam.geoM()
	v.back.draw(screen, v.s.World, cam)
	r := v.s.Rig
	r.Draw(screen, drawOpts(cam))
	if ctx.Debug {
		r.DrawDebug(screen, &ikanim.DebugOptions{Camera: cam, HideLimits: true})
		v.s.Grounder.DrawDebug(screen, &ikanim.DebugOptions{Camera: cam})
	}
}

func (v *quadrupedView) Status() string {
	who := "walks by itself"
	if v.s.Manual() {
		who = "you steer"
	}
	t := v.s.Tilt
	return fmt.Sprintf("%s   body tilt %s (Y): %+.1f deg, ground under the feet %+.1f deg   body %+.1f px   x %.0f",
		who, onOff(v.s.Tilting()), t.Angle()*180/math.Pi, t.Wanted()*180/math.Pi, v.s.Rig.BodyOffset[1], v.s.Rig.Position[0])
}

func (v *quadrupedView) Panel(ui *debugui.Context) {
	ui.Text("body tilt: max angle (deg)")
	ui.SliderF(&v.maxTilt, 0, 60, 1, 0)
	ui.Text("body tilt: smoothing (s)")
	ui.SliderF(&v.smooth, 0.01, 1, 0.01, 2)
}
