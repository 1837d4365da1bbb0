package main

import (
	"fmt"

	"github.com/ebitengine/debugui"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/ikanim/kit/demo/sim"
	"github.com/ikanim/kit/ikanim"
)

var (
	playLimits = binding{keys: []ebiten.Key{ebiten.KeyL}, label: "L", does: "joint limits on/off"}
	playBend   = binding{keys: []ebiten.Key{ebiten.KeyB}, label: "B", does: "the arm's elbow bends the other way"}
)

func init() {
	registerScene(sceneInfo{
		Name:    "playground",
		Summary: "the solvers side by side: two-bone arm, FABRIK tentacle, CCD tentacle",
		Keys:    []*binding{&keyPointer, &playLimits, &playBend},
		New:     newPlaygroundView,
	})
}

// playgroundView shows sim.Playground on its stage, the screen at zoom 1:
// each slot's rig is drawn through its own camera (its Scale and Base).
type playgroundView struct {
	s      *sim.Playground
	marker ikanim.Sprite
}

func newPlaygroundView(ctx *Context) (Scene, error) {
	s, err := sim.NewPlayground(ctx.Art)
	if err != nil {
		return nil, err
	}
	marker, err := sprite("ui/target")
	if err != nil {
		return nil, err
	}
	return &playgroundView{s: s, marker: marker}, nil
}

func (v *playgroundView) Sim() sim.Scene { return v.s }

func (v *playgroundView) Update(ctx *Context) error {
	switch {
	case playLimits.pressed():
		v.s.Limits = !v.s.Limits
	case playBend.pressed():
		v.s.ElbowUp = !v.s.ElbowUp
	}
	followPointer(ctx, v.s, func(p mgl64.Vec2) mgl64.Vec2 { return p }) // the stage is the screen
	v.s.Step(ctx.Dt)
	return nil
}

// slotCamera maps slot i's rig space to the screen.
func slotCamera(s *sim.Slot) ebiten.GeoM {
	var g ebiten.GeoM
	g.Scale(s.Scale, s.Scale)
	g.Translate(s.Base[0], s.Base[1])
	return g
}

func (v *playgroundView) Draw(screen *ebiten.Image, ctx *Context) {
	drawSky(screen)
	var id ebiten.GeoM
	for i, s := range v.s.Slots {
		cam := slotCamera(s)
		r := v.s.Rig(i)
		r.Draw(screen, drawOpts(cam))
		if ctx.Debug {
			r.DrawDebug(screen, &ikanim.DebugOptions{Camera: cam})
		}
		drawProp(screen, v.marker, s.Target, id)
		res := r.LimbAt(0).Result
		x, y := s.Base[0]-70, s.Base[1]+36
		drawText(screen, s.Title, x, y, hudSize+1, textColor, false)
		drawText(screen, fmt.Sprintf("iterations %d   error %.3f px", res.Iterations, res.Error), x, y+22, hudSize-1, textColor, false)
	}
}

func (v *playgroundView) Status() string {
	return fmt.Sprintf("joint limits %s (L)   elbow %s (B)   fade to the input pose %.2f", onOff(v.s.Limits),
		pick(v.s.ElbowUp, "bends forward", "bends back"), v.s.Fade)
}

func (v *playgroundView) Panel(ui *debugui.Context) {
	p := v.s
	ui.Checkbox(&p.Limits, "joint limits (L)")
	ui.Text("fade to the input pose")
	ui.SliderF(&p.Fade, 0, 1, 0.05, 2)
	ui.Header("Two-bone", false, func() {
		ui.Checkbox(&p.ElbowUp, "bend the other way (B)")
		ui.Text("softness (px)")
		ui.SliderF(&p.Softness, 0, 15, 0.5, 1)
	})
	ui.Header("FABRIK", false, func() {
		ui.Text("max iterations")
		ui.Slider(&p.FABRIKIters, 1, 40, 1)
		ui.Text("tolerance (px, both chains)")
		ui.SliderF(&p.Tolerance, 0.001, 2, 0.001, 3)
	})
	ui.Header("CCD", false, func() {
		ui.Text("max iterations")
		ui.Slider(&p.CCDIters, 1, 40, 1)
		ui.Text("max step per bone (deg, 0 = none)")
		ui.SliderF(&p.MaxStep, 0, 30, 1, 0)
		ui.Text("tip weight")
		ui.SliderF(&p.TipWeight, 0.05, 1, 0.05, 2)
	})
}
