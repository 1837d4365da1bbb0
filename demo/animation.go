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
	"github.com/ikanim/kit/ikanim/creature"
)

var (
	animSpeed  = binding{keys: []ebiten.Key{ebiten.KeyArrowUp, ebiten.KeyArrowDown}, label: "Up/Down", does: "faster, slower: idle, walk and run blend by speed (Blend1D)"}
	animStrike = binding{keys: []ebiten.Key{ebiten.KeyK}, label: "K", does: "strike: a crossfade to the attack clip, whose event flashes"}
	animWave   = binding{keys: []ebiten.Key{ebiten.KeyV}, label: "V", does: "wave: a second track masked to the near arm"}
	animLever  = binding{keys: []ebiten.Key{ebiten.KeyU}, label: "U", does: "pull the lever: world-space keyed IK (walks there first)"}
	animWind   = binding{keys: []ebiten.Key{ebiten.KeyW}, label: "W", does: "gusts on the scarf and tail on/off (a breeze stays)"}
	animLock   = binding{keys: []ebiten.Key{ebiten.KeyJ}, label: "J", does: "foot lock on/off (Grounder.FreeFeet): off, the planted feet slide with the blend"}
	animReach  = binding{mouse: "move", label: "mouse, touch", does: "the far arm reaches for the pointer, stretching (LimbDef.Stretch)"}
)

func init() {
	registerScene(sceneInfo{
		Name:    "animation",
		Summary: "the animation layer: blend, crossfades, layers, keyed IK, springs, stretch",
		Keys:    []*binding{&keyMove, &animSpeed, &animStrike, &animWave, &animLever, &animWind, &animLock, &animReach},
		New:     newAnimationView,
	})
}

const animZoom = 2.0

// animationView shows sim.Animation with a camera on its hero.
type animationView struct {
	s                   *sim.Animation
	cam                 camera
	back                backdrop
	gem, marker         ikanim.Sprite
	lastSlip, lastSlipN float64
}

func newAnimationView(ctx *Context) (Scene, error) {
	s, err := sim.NewAnimation(ctx.Art)
	if err != nil {
		return nil, err
	}
	sp, err := sprites("prop/gem", "ui/target")
	if err != nil {
		return nil, err
	}
	return &animationView{s: s, cam: camera{rate: 3, w: s.Width, h: s.Height}, gem: sp[0], marker: sp[1]}, nil
}

func (v *animationView) Sim() sim.Scene { return v.s }

func (v *animationView) Update(ctx *Context) error {
	s := v.s
	switch {
	case animStrike.pressed():
		s.StrikeNow()
	case animWave.pressed():
		s.ToggleWave()
	case animLever.pressed():
		s.PullLever()
	case animWind.pressed():
		s.Gusts = !s.Gusts
	case animLock.pressed():
		s.Grounder.FreeFeet = !s.Grounder.FreeFeet
	}
	for _, k := range animSpeed.keys {
		if pressedOnce(k) {
			if k == ebiten.KeyArrowUp {
				s.Faster()
			} else {
				s.Slower()
			}
		}
	}
	s.Steer(moveAxis())
	followPointer(ctx, s, v.cam.toWorld)
	s.Step(ctx.Dt)
	v.cam.track(s.Focus(), animZoom, walkWindow, 0.8, ctx.Dt)
	v.cam.pin(ctx)
	return nil
}

var (
	leverColor = color.RGBA{70, 52, 40, 255}
	knobColor  = color.RGBA{210, 60, 50, 255}
	stringClr  = color.NRGBA{230, 230, 220, 200}
	flashColor = color.NRGBA{255, 226, 90, 255}
)

func (v *animationView) Draw(screen *ebiten.Image, ctx *Context) {
	s := v.s
	cam := v.cam.geoM()
	v.back.draw(screen, s.World, cam)
	zoom := float32(math.Hypot(cam.Element(0, 0), cam.Element(1, 0)))

	// The orb on its string, and the lever.
	ikanim.DebugLine(screen, &cam, mgl64.Vec2{sim.AnimOrb[0], 0}, sim.AnimOrb, zoom*0.8, stringClr)
	drawProp(screen, v.gem, sim.AnimOrb, cam)
	p := sim.AnimLever
	ikanim.DebugLine(screen, &cam, p.Sub(mgl64.Vec2{9, 0}), p.Add(mgl64.Vec2{9, 0}), zoom*5, leverColor)
	h := p.Add(mgl64.Vec2{sim.LeverLength * math.Cos(s.Lever), sim.LeverLength * math.Sin(s.Lever)})
	ikanim.DebugLine(screen, &cam, p, h, zoom*2.5, leverColor)
	ikanim.DebugDot(screen, &cam, h, zoom*3.5, knobColor)

	drawCreatures(screen, []*creature.Creature{s.Spider}, cam, true, ctx.Debug)
	drawAntennae(screen, s.Antennae, cam)
	s.Hero.Draw(screen, drawOpts(cam))
	if t, ok := s.ReachTarget(); ok && !ctx.MouseIdle {
		drawProp(screen, v.marker, t, cam)
	}
	if ctx.Debug {
		dbg := &ikanim.DebugOptions{Camera: cam, HideLimits: true}
		s.Hero.DrawDebug(screen, dbg)
		s.Grounder.DrawDebug(screen, dbg)
		s.Tail.DrawDebug(screen, dbg)
		s.Scarf.DrawDebug(screen, dbg)
		for _, ch := range s.Antennae.Chain {
			ch.DrawDebug(screen, dbg)
		}
	}
	// The event's flash, above the head, fading.
	if s.FlashLeft > 0 {
		head, _ := s.Hero.Joint(s.Hero.Def().BoneIndex(ikanim.BoneHead))
		x, y := cam.Apply(head[0], head[1]-36)
		c := flashColor
		c.A = uint8(255 * math.Min(1, s.FlashLeft/0.3))
		size := 30 + 14*(1-math.Min(1, (0.7-s.FlashLeft)/0.2))
		drawText(screen, s.Flash, x-textWidth(s.Flash, size)/2, y-size, size, c, false)
	}
}

func (v *animationView) Status() string {
	s := v.s
	a, t := s.Action()
	i, j, u := s.Loco.Weights()
	names := [3]string{"idle", "walk", "run"}
	blend := names[i]
	if u > 0 && j != i {
		blend = fmt.Sprintf("%s %.0f%% + %s %.0f%%", names[i], 100*(1-u), names[j], 100*u)
	}
	who := "runs its script"
	if s.Manual() {
		who = fmt.Sprintf("you steer, top speed %.0f px/s (Up/Down)", s.TopSpeed)
	}
	m := s.Meter()
	return fmt.Sprintf("%s   %v %.1f s   %.0f px/s: %s   lean %.2f   wave %s   wind %.0f   arm x%.2f   foot lock %s   foot slip max %.2f px   transition pop max %.1f deg",
		who, a, t, math.Abs(s.Speed()), blend, s.LeanWeight(), onOff(s.Waving()), s.Wind(), s.Hero.BoneScale(s.Hero.Def().BoneIndex(ikanim.BoneUpperArmFar)),
		onOff(!s.Grounder.FreeFeet), m.FootSlipMax(), s.TransitionPopMaxDeg())
}

func (v *animationView) Panel(ui *debugui.Context) {
	s := v.s
	ui.Checkbox(&s.Gusts, "gusts (W)")
	ui.Checkbox(&s.Grounder.FreeFeet, "free feet: no foot lock (J)")
	ui.Text("player's top speed (px/s)")
	ui.SliderF(&s.TopSpeed, 20, 200, 5, 0)
	ui.Header("Springs", false, func() {
		ui.Text("tail stiffness (1/s^2)")
		ui.SliderF(&s.Tail.Stiffness, 10, 300, 5, 0)
		ui.Text("scarf stiffness (1/s^2)")
		ui.SliderF(&s.Scarf.Stiffness, 10, 300, 5, 0)
	})
	ui.Text(fmt.Sprintf("tracks: 0 %s, 1 wave %s, 2 lean %.2f", pick(s.State.Track(0).Mixing(), "crossfading", "steady"), onOff(s.Waving()), s.State.Track(2).Weight))
}
