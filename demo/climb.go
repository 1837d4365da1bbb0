package main

import (
	"fmt"

	"github.com/ebitengine/debugui"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/ebitenutil"

	"github.com/ikanim/kit/demo/sim"
	"github.com/ikanim/kit/ikanim"
)

func init() {
	registerScene(sceneInfo{
		Name:    "climb",
		Summary: "climbing a wall, hands over its outer corner, hanging from the top, mantling onto it; another hangs from a ledge",
		New:     newClimbView,
	})
}

const climbZoom = 1.6

// climbView shows sim.Climb.
type climbView struct {
	s    *sim.Climb
	cam  camera
	back backdrop
}

func newClimbView(ctx *Context) (Scene, error) {
	s, err := sim.NewClimb(ctx.Art)
	if err != nil {
		return nil, err
	}
	return &climbView{s: s}, nil
}

func (v *climbView) Sim() sim.Scene { return v.s }

func (v *climbView) Help() string {
	return "climbs the wall by itself, puts its hands over the corner, hangs, mantles onto the top and walks on; another hangs from the ledge"
}

func (v *climbView) Update(ctx *Context) error {
	v.s.Step(ctx.Dt)
	v.cam.follow(mgl64.Vec2{700, 255}, climbZoom, ctx.Dt) // the wall top and the walk on it
	return nil
}

func (v *climbView) Draw(screen *ebiten.Image, ctx *Context) {
	s := v.s
	cam := v.cam.geoM()
	v.back.draw(screen, s.World, cam)
	do := drawOpts(cam)
	s.Swinger.Draw(screen, do)
	s.Rig.Draw(screen, do)
	mode, _ := s.Mode()
	if ctx.Debug {
		s.Rig.DrawDebug(screen, &ikanim.DebugOptions{Camera: cam, HideLimits: true})
		s.Swinger.DrawDebug(screen, &ikanim.DebugOptions{Camera: cam, HideLimits: true})
		if mode == sim.ClimbClimb {
			s.Climber.DrawDebug(screen, &ikanim.DebugOptions{Camera: cam})
		}
	}
	ebitenutil.DebugPrintAt(screen, fmt.Sprintf("mode %s  climbs %d  body offset %+.1f px", mode, s.Climbs(), s.Rig.BodyOffset[0]), 6, 24)
	if mode == sim.ClimbClimb {
		for k := 0; k < s.Climber.NumLimbs(); k++ {
			c := s.Climber.Limb(k)
			ebitenutil.DebugPrintAt(screen, fmt.Sprintf("limb %d: holding %v corner %v", k, c.Holding, c.Corner), 6, 40+16*k)
		}
	}
}

func (v *climbView) Panel(ui *debugui.Context) {
	c := v.s.Climber
	ui.Text("wall distance (px)")
	ui.SliderF(&c.Distance, 5, 40, 1, 0)
	ui.Text("stride (px)")
	ui.SliderF(&c.Stride, 10, 60, 1, 0)
	ui.Text("corner side rays")
	ui.Slider(&c.CornerSteps, 1, 16, 1)
	ui.Text("ledge swing (rad)")
	ui.SliderF(&v.s.Hanger.Swing, 0, 0.8, 0.05, 2)
}
