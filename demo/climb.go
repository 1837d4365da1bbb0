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
	climbSwing = binding{keys: []ebiten.Key{ebiten.KeyS}, label: "S", does: "the one on the ledge swings, or hangs still"}
	climbClip  = binding{keys: []ebiten.Key{ebiten.KeyO}, label: "O", does: "the next climb from a recorded climb clip (Climber.FromPose, the article's climb) or from the climbing cycle"}
)

func init() {
	registerScene(sceneInfo{
		Name:    "climb",
		Summary: "climbing a wall, hands over its outer corner, mantling onto the top; another hangs from a ledge; a third goes round and round a floating block (down a face, hand over hand along its underside, round the far bottom corner and up the other face)",
		Keys:    []*binding{&climbSwing, &climbClip},
		New:     newClimbView,
	})
}

// The climb's view: the camera frames the whole climb (the walk to the wall,
// the face, the top and the walk on it) and the ledge with the one hanging
// from it, so both characters are always in view.
var climbLo, climbHi = mgl64.Vec2{20, 80}, mgl64.Vec2{1010, 612}

const (
	climbMaxZoom = 1.6
	climbSwingOn = 0.35 // rad, Hanger.Swing while swinging
)

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
	return &climbView{s: s, cam: camera{w: s.Width, h: s.Height}}, nil
}

func (v *climbView) Sim() sim.Scene { return v.s }

func (v *climbView) Update(ctx *Context) error {
	if climbClip.pressed() {
		v.s.FromClip = !v.s.FromClip
	}
	if climbSwing.pressed() {
		if v.s.Hanger.Swing == 0 {
			v.s.Hanger.Swing = climbSwingOn
		} else {
			v.s.Hanger.Swing = 0
		}
	}
	v.s.Step(ctx.Dt)
	v.cam.frame(climbLo, climbHi, climbMaxZoom, ctx.Dt)
	v.cam.pin(ctx)
	return nil
}

func (v *climbView) Draw(screen *ebiten.Image, ctx *Context) {
	s := v.s
	cam := v.cam.geoM()
	v.back.draw(screen, s.World, cam)
	do := drawOpts(cam)
	s.Swinger.Draw(screen, do)
	ur, uc := s.UnderRig()
	ur.Draw(screen, do)
	s.Rig.Draw(screen, do)
	if ctx.Debug {
		s.Rig.DrawDebug(screen, &ikanim.DebugOptions{Camera: cam, HideLimits: true})
		s.Swinger.DrawDebug(screen, &ikanim.DebugOptions{Camera: cam, HideLimits: true})
		if mode, _ := s.Mode(); mode == sim.ClimbClimb {
			s.Climber.DrawDebug(screen, &ikanim.DebugOptions{Camera: cam})
		}
		ur.DrawDebug(screen, &ikanim.DebugOptions{Camera: cam, HideLimits: true})
		uc.DrawDebug(screen, &ikanim.DebugOptions{Camera: cam})
	}
}

func (v *climbView) Status() string {
	s := v.s
	mode, t := s.Mode()
	from := "the climbing cycle"
	if s.FromClip {
		from = "a recorded clip (O)"
	}
	st := fmt.Sprintf("%s %.1f s   climbs %d from %s   body offset %+.1f px", mode, t, s.Climbs(), from, s.Rig.BodyOffset[0])
	if mode == sim.ClimbClimb {
		for k, name := range [4]string{"near hand", "far hand", "near foot", "far foot"} {
			c := s.Climber.Limb(k)
			what := "moves"
			switch {
			case c.Corner:
				what = "over the corner"
			case c.Holding:
				what = "holds"
			}
			st += fmt.Sprintf("   %s %s", name, what)
		}
	}
	us, ut, runs := s.UnderStage()
	_, uc := s.UnderRig()
	st += fmt.Sprintf("   | under the block: run %d %s %.1f s, Under %v", runs, us, ut, uc.Under())
	return st
}

func (v *climbView) Panel(ui *debugui.Context) {
	c := v.s.Climber
	ui.Text("wall distance (px)")
	ui.SliderF(&c.Distance, 5, 40, 1, 0)
	ui.Text("stride (px)")
	ui.SliderF(&c.Stride, 10, 60, 1, 0)
	ui.Text("corner side rays")
	ui.Slider(&c.CornerSteps, 1, 16, 1)
	ui.Checkbox(&v.s.FromClip, "next climb from the recorded clip (O)")
	ui.Text("ledge swing (rad)")
	ui.SliderF(&v.s.Hanger.Swing, 0, 0.8, 0.05, 2)
}
