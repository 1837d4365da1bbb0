package main

import (
	"fmt"
	"image/color"
	"strings"

	"github.com/ebitengine/debugui"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/ikanim/kit/demo/sim"
	"github.com/ikanim/kit/ikanim"
)

var (
	rigsNext = binding{keys: []ebiten.Key{ebiten.KeyN}, label: "N", does: "the Spine biped's next animation: walk, flip, setup pose on a Grounder"}
	rigsTurn = binding{keys: []ebiten.Key{ebiten.KeyQ}, label: "Q", does: "turn the Spine biped and tail round (Facing)"}
)

func init() {
	registerScene(sceneInfo{
		Name:    "rigs",
		Summary: "rigs from files: a biped and a tail from Spine, a humanoid from a rig file (-rig PATH reloads on change)",
		Keys:    []*binding{&keyMove, &rigsNext, &rigsTurn},
		New:     newRigsView,
	})
}

// rigsView shows sim.Rigs on a still camera that frames the stage, with a
// panel of what the Spine import skipped and the rig file's state.
type rigsView struct {
	s          *sim.Rigs
	cam        camera
	back       backdrop
	tailSpring float64 // panel: the tail springs' weight
}

func newRigsView(ctx *Context) (Scene, error) {
	s, err := sim.NewRigs(ctx.Art, ctx.RigPath)
	if err != nil {
		return nil, err
	}
	return &rigsView{s: s, cam: camera{w: s.Width, h: s.Height}, tailSpring: 1}, nil
}

func (v *rigsView) Sim() sim.Scene { return v.s }

func (v *rigsView) Update(ctx *Context) error {
	switch {
	case rigsNext.pressed():
		v.s.NextSpineMode()
	case rigsTurn.pressed():
		v.s.TurnRound()
	}
	v.s.Steer(moveAxis())
	v.s.Step(ctx.Dt)
	// The stage, world y 200..410, above the notes panel: world y 305 at
	// screen y 302.
	zoom := screenWidth / v.s.Width
	v.cam.follow(mgl64.Vec2{v.s.Width / 2, 305 + (viewY-302)/zoom}, zoom, ctx.Dt)
	v.cam.pin(ctx)
	return nil
}

var (
	notesBack  = color.RGBA{8, 12, 22, 200}
	errorColor = color.RGBA{255, 150, 130, 255}
)

func (v *rigsView) Draw(screen *ebiten.Image, ctx *Context) {
	s := v.s
	cam := v.cam.geoM()
	v.back.draw(screen, s.World, cam)
	do := drawOpts(cam)
	s.Tail.Rig.Draw(screen, do)
	s.File.Rig.Draw(screen, do)
	s.Spine.Rig.Draw(screen, do)
	if ctx.Debug {
		dbg := &ikanim.DebugOptions{Camera: cam, HideLimits: true}
		s.Tail.Rig.DrawDebug(screen, dbg)
		s.File.Rig.DrawDebug(screen, dbg)
		s.Spine.Rig.DrawDebug(screen, dbg)
		if s.Spine.Mode == sim.SpineGrounded {
			s.Spine.Grounder.DrawDebug(screen, dbg)
		}
	}
	// Labels under each rig.
	label := func(p mgl64.Vec2, text string) {
		x, y := cam.Apply(p[0], p[1])
		drawText(screen, text, x-textWidth(text, hudSize)/2, y+8, hudSize, textColor, false)
	}
	label(mgl64.Vec2{155, 380}, "rig file: "+s.File.Path)
	label(mgl64.Vec2{520, 380}, "Spine: spine-biped.json")
	label(s.Tail.Rig.Position.Add(mgl64.Vec2{0, -40}), "Spine: spine-tail.json (wag + springs)")
	v.drawNotes(screen)
}

// drawNotes draws the panel at the bottom: what the Spine import skipped,
// and the rig file's state.
func (v *rigsView) drawNotes(screen *ebiten.Image) {
	s := v.s
	const size, lh = hudSize - 2, 18.0
	var lines []string
	var colors []color.Color
	add := func(c color.Color, format string, args ...any) {
		lines = append(lines, fmt.Sprintf(format, args...))
		colors = append(colors, c)
	}
	add(keyColor, "Skeleton.Skipped: what the Spine import leaves out or approximates")
	for _, n := range s.Spine.Skeleton.Skipped {
		add(textColor, "  spine-biped.json: %s", n)
	}
	if len(s.Tail.Skeleton.Skipped) == 0 {
		add(textColor, "  spine-tail.json: nothing")
	}
	for _, n := range s.Tail.Skeleton.Skipped {
		add(textColor, "  spine-tail.json: %s", n)
	}
	f := s.File
	add(keyColor, "rig file %s: loaded %d time(s), checked every %.2g s", f.Path, f.Loads, sim.RigsPoll)
	if f.Err != nil {
		for i, l := range strings.Split(f.Err.Error(), "\n") {
			add(errorColor, "  %s%s", pick(i == 0, "kept the last good rig: ", ""), l)
		}
	}
	h := float64(len(lines))*lh + 12
	y := float64(safeBottom) - h
	w := 0.0
	for _, l := range lines {
		w = max(w, textWidth(l, size))
	}
	fillRect(screen, 0, y, w+20, h, notesBack)
	for i, l := range lines {
		drawText(screen, l, 10, y+6+float64(i)*lh, size, colors[i], false)
	}
}

func (v *rigsView) Status() string {
	s := v.s
	who := "drifts over the step"
	if s.Manual() {
		who = "you steer it"
	}
	return fmt.Sprintf("Spine biped: %v (N), %s, facing %v (Q), body lowered %.1f px   rig file: %d bones, %s",
		s.Spine.Mode, who, s.Spine.Rig.Facing, s.Spine.Rig.BodyOffset[1], s.File.Rig.Def().NumBones(),
		pick(s.File.Grounder != nil, "walking on its Grounder", "no leg.far/leg.near: its walk pose only"))
}

func (v *rigsView) Panel(ui *debugui.Context) {
	s := v.s
	ui.Text(fmt.Sprintf("Spine biped: %d bones, %d limbs, %d clips", s.Spine.Model.Def.NumBones(), s.Spine.Model.Def.NumLimbs(), len(s.Spine.Model.Clips)))
	ui.Text(fmt.Sprintf("tail: %d bones, springs %v", s.Tail.Model.Def.NumBones(), s.Tail.Springs != nil))
	if sp := s.Tail.Springs; sp != nil {
		ui.Text("tail spring weight")
		ui.SliderF(&v.tailSpring, 0, 1, 0.05, 2)
		sp.SetWeight(v.tailSpring)
	}
}
