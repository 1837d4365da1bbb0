package main

import (
	"fmt"
	"math"

	"github.com/ebitengine/debugui"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/ebitenutil"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"github.com/ikanim/kit/ikanim"
	"github.com/ikanim/kit/ikanim/quality"
	"github.com/ikanim/kit/terrain"
)

func init() {
	registerScene(sceneInfo{
		Name:    "spiders",
		Summary: "procedural creatures (4, 6, 8 legs, tentacles) on slopes, steps, a gap, a wall and a ceiling",
		New:     newSpidersScene,
	})
}

// spidersScene: the level spiders.json with an 8-legged spider the player
// steers, a spider that climbs the wall, one on the ceiling, a 6- and a
// 4-legged crawler and a tentacled creature. The headless quality test
// (ikanim/creature_scene_test.go) builds the same creatures at the same
// spawn points with the same unattended driving; keep the two in step.
type spidersScene struct {
	world  *terrain.World
	c      []*ikanim.Creature
	paths  [][]mgl64.Vec2
	names  []string
	meter  quality.Meter
	stance [][ikanim.MaxCreatureLegs]quality.Stance
	bend   [][ikanim.MaxCreatureLegs]quality.Bend
	facing []float64
	time   float64

	sky, marker ikanim.Sprite
	target      mgl64.Vec2
	hasTarget   bool
	manual      bool // the player has taken the spider over
	debug       bool
	draw        ikanim.CreatureDrawOptions
	worldOpts   terrain.DrawOptions
	camera      spidersCamera
	overview    bool // Z: the whole level instead of following the player
}

// Camera: it follows the player's spider at spidersZoom once the player
// steers it (before that, unattended, it frames the wall and ceiling
// spiders), or shows the whole level (overview, zoom 1). Its centre c and zoom z approach their targets
// with a = 1-exp(-spidersCameraRate*dt) per update (frame-rate
// independent), and the view is kept inside the level.
const (
	spidersZoom       = 1.8
	spidersCameraRate = 5.0  // per second
	spidersLookAhead  = 0.35 // seconds of the player's velocity the view leads by
)

// spidersCamera is a smoothed 2D camera over a level of size w x h.
type spidersCamera struct {
	center mgl64.Vec2
	zoom   float64
	w, h   float64
	ready  bool
}

// update moves the camera toward centre target at zoom zoom over dt seconds.
func (cam *spidersCamera) update(target mgl64.Vec2, zoom, dt float64) {
	target = cam.clamp(target, zoom)
	if !cam.ready {
		cam.center, cam.zoom, cam.ready = target, zoom, true
		return
	}
	a := 1 - math.Exp(-spidersCameraRate*dt)
	cam.zoom += (zoom - cam.zoom) * a
	cam.center = cam.clamp(cam.center.Add(target.Sub(cam.center).Mul(a)), cam.zoom)
}

// clamp keeps a view of zoom z centred on p inside the level.
func (cam *spidersCamera) clamp(p mgl64.Vec2, z float64) mgl64.Vec2 {
	hw, hh := float64(screenWidth)/(2*z), float64(screenHeight)/(2*z)
	clamp1 := func(v, half, size float64) float64 {
		if 2*half >= size {
			return size / 2
		}
		return math.Max(half, math.Min(size-half, v))
	}
	return mgl64.Vec2{clamp1(p[0], hw, cam.w), clamp1(p[1], hh, cam.h)}
}

// geoM returns the world-to-screen transform.
func (cam *spidersCamera) geoM() ebiten.GeoM {
	var g ebiten.GeoM
	g.Translate(-cam.center[0], -cam.center[1])
	g.Scale(cam.zoom, cam.zoom)
	g.Translate(float64(screenWidth)/2, float64(screenHeight)/2)
	return g
}

// toWorld maps a screen point to the world.
func (cam *spidersCamera) toWorld(p mgl64.Vec2) mgl64.Vec2 {
	g := cam.geoM()
	g.Invert()
	x, y := g.Apply(p[0], p[1])
	return mgl64.Vec2{x, y}
}

// spidersKinds builds the scene's creature kinds with their art.
func spidersKinds() (spider, crawler6, crawler4, squid *ikanim.CreatureDef, err error) {
	sp, err := mustSprites("spider/body", "spider/femur", "spider/tibia", "spider/tarsus",
		"crawler/body", "tentacle/head", "tentacle/segment")
	if err != nil {
		return
	}
	legSprites := []ikanim.Sprite{sp["spider/femur"], sp["spider/tibia"], sp["spider/tarsus"]}
	mk := func(name string, per int, hipX, homeX []float64, homeY float64, segs []float64, body ikanim.Sprite) (*ikanim.CreatureDef, error) {
		var ls []ikanim.LegDef
		for side := 0; side < 2; side++ {
			for r := 0; r < per; r++ {
				ls = append(ls, ikanim.LegDef{
					Name: fmt.Sprintf("%s%d", []string{"L", "R"}[side], r+1),
					Hip:  mgl64.Vec2{hipX[r], 0}, Home: mgl64.Vec2{homeX[r], homeY},
					Segments: segs, Far: side == 1,
				})
			}
		}
		return ikanim.NewCreatureDef(ikanim.CreatureDef{
			Name: name, Legs: ls,
			Sprites: ikanim.CreatureSprites{Body: body, Segments: legSprites},
		})
	}
	if spider, err = mk("spider", 4, []float64{9, 6, 3, 0}, []float64{42, 16, -12, -38}, -28, []float64{26, 30, 12}, sp["spider/body"]); err != nil {
		return
	}
	if crawler6, err = mk("crawler6", 3, []float64{8, 0, -8}, []float64{30, 2, -26}, -22, []float64{22, 24}, sp["crawler/body"]); err != nil {
		return
	}
	if crawler4, err = mk("crawler4", 2, []float64{6, -6}, []float64{24, -20}, -18, []float64{18, 20}, sp["crawler/body"]); err != nil {
		return
	}
	squid, err = ikanim.NewTentacleDef(ikanim.TentacleDef{
		Name: "squid", Arms: 4, Segments: 10, SegmentLength: 8,
		Sprites: ikanim.CreatureSprites{Body: sp["tentacle/head"], Segments: []ikanim.Sprite{sp["tentacle/segment"]}},
	})
	return
}

func newSpidersScene(ctx *Context) (Scene, error) {
	w, err := loadLevel("spiders.json")
	if err != nil {
		return nil, err
	}
	spider, c6, c4, squid, err := spidersKinds()
	if err != nil {
		return nil, err
	}
	s := &spidersScene{world: w, debug: ctx.Debug}
	s.camera.w, s.camera.h = float64(screenWidth), float64(screenHeight) // spiders.json is 1280 x 720
	if s.sky, err = sprite("bg/sky"); err != nil {
		return nil, err
	}
	if s.marker, err = sprite("ui/target"); err != nil {
		return nil, err
	}
	add := func(name string, d *ikanim.CreatureDef, pos, up mgl64.Vec2, path []mgl64.Vec2) error {
		c, err := ikanim.NewCreature(d, pos, nil)
		if err != nil {
			return err
		}
		c.Place(pos, up, w)
		if path != nil {
			c.SetPath(path, true)
		}
		s.c = append(s.c, c)
		s.paths = append(s.paths, path)
		s.names = append(s.names, name)
		return nil
	}
	for _, a := range []struct {
		name    string
		d       *ikanim.CreatureDef
		pos, up mgl64.Vec2
		path    []mgl64.Vec2
	}{
		{"player spider", spider, mgl64.Vec2{80, 570}, mgl64.Vec2{0, -1}, nil},
		{"wall spider", spider, mgl64.Vec2{760, 570}, mgl64.Vec2{0, -1}, []mgl64.Vec2{{870, 400}, {700, 570}}},
		{"ceiling spider", spider, mgl64.Vec2{760, 258}, mgl64.Vec2{0, 1}, []mgl64.Vec2{{620, 240}, {860, 258}}},
		{"crawler (6)", c6, mgl64.Vec2{260, 500}, mgl64.Vec2{0, -1}, []mgl64.Vec2{{120, 578}, {520, 530}}},
		{"crawler (4)", c4, mgl64.Vec2{1000, 580}, mgl64.Vec2{0, -1}, []mgl64.Vec2{{1240, 580}, {990, 580}}},
		{"squid", squid, mgl64.Vec2{1180, 560}, mgl64.Vec2{0, -1}, []mgl64.Vec2{{1230, 560}, {1000, 560}}},
	} {
		if err := add(a.name, a.d, a.pos, a.up, a.path); err != nil {
			return nil, err
		}
	}
	s.stance = make([][ikanim.MaxCreatureLegs]quality.Stance, len(s.c))
	s.bend = make([][ikanim.MaxCreatureLegs]quality.Bend, len(s.c))
	s.facing = make([]float64, len(s.c))
	s.meter.Creatures = len(s.c)
	return s, nil
}

func (s *spidersScene) Help() string {
	return "Left/Right or A/D: steer the big spider (clockwise along any surface) | click: drop a target for the others | Z: overview / follow"
}

func (s *spidersScene) Meter() *quality.Meter { return &s.meter }

func (s *spidersScene) Update(ctx *Context) error {
	s.time += ctx.Dt
	player := s.c[0]
	dir := 0.0
	if ebiten.IsKeyPressed(ebiten.KeyArrowRight) || ebiten.IsKeyPressed(ebiten.KeyD) {
		dir++
	}
	if ebiten.IsKeyPressed(ebiten.KeyArrowLeft) || ebiten.IsKeyPressed(ebiten.KeyA) {
		dir--
	}
	if dir != 0 {
		s.manual = true
	}
	switch {
	case s.manual:
		player.SetMove(dir)
	case math.Mod(s.time, 16) < 8: // unattended: 8 s right, 8 s left
		player.SetMove(1)
	default:
		player.SetMove(-1)
	}
	if inpututil.IsKeyJustPressed(ebiten.KeyZ) {
		s.overview = !s.overview
	}
	if !ctx.MouseIdle && !ctx.UIHasPointer && inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) {
		s.target, s.hasTarget = s.camera.toWorld(ctx.Mouse), true
		for _, c := range s.c[1:] {
			c.SetTarget(s.target)
		}
	}
	if s.hasTarget {
		all := true
		for _, c := range s.c[1:] {
			all = all && c.Arrived()
		}
		if all || ctx.MouseIdle {
			s.hasTarget = false
			for i, c := range s.c[1:] {
				c.SetPath(s.paths[i+1], true)
			}
		}
	}
	for _, c := range s.c {
		c.Update(s.world, ctx.Dt)
	}
	s.measure()
	switch {
	case s.overview:
		s.camera.update(mgl64.Vec2{s.camera.w / 2, s.camera.h / 2}, 1, ctx.Dt)
	case s.manual:
		s.camera.update(player.Position().Add(player.Velocity().Mul(spidersLookAhead)), spidersZoom, ctx.Dt)
	default:
		// Unattended (no key pressed yet): frame the wall and ceiling
		// spiders, the scene's showcase, until the player takes over.
		mid := s.c[1].Position().Add(s.c[2].Position()).Mul(0.5)
		s.camera.update(mid, spidersZoom, ctx.Dt)
	}
	return nil
}

// measure records the quality figures of one frame (as the headless test).
func (s *spidersScene) measure() {
	m := &s.meter
	m.Frame()
	for ci, c := range s.c {
		if f := math.Copysign(1, c.Turn()); f != s.facing[ci] {
			s.facing[ci] = f
			for i := range s.bend[ci] {
				s.bend[ci][i].Reset()
			}
		}
		p := c.Position()
		m.Finite(p[0])
		m.Finite(p[1])
		tentacles := c.Def().Legs[0].Segments
		for i := 0; i < c.LegCount(); i++ {
			l := c.Leg(i)
			m.Finite(l.Knee[0])
			m.Finite(l.Knee[1])
			m.Finite(l.Foot[0])
			m.Finite(l.Foot[1])
			s.stance[ci][i].Track(m, l.Planted, l.Foot)
			if len(tentacles) <= 3 {
				s.bend[ci][i].Track(m, l.Hip, l.Knee, l.Ankle, 1)
			}
			if l.Planted {
				m.Contact(spidersGap(s.world, l.Foot, l.Normal))
			}
		}
	}
}

// spidersGap measures a planted foot's gap with a fresh ray along -normal
// (positive: floating, negative: sunk), from 12 px outside the surface, or
// from closer (3, 1 px) when that start lies inside another solid (the ray
// then reports an exit face, whose normal points along the ray) or when the
// surface the ray enters lies above the foot while the foot is outside that
// solid (a crevice: the ray crossed a neighbouring solid's corner or thin
// tip). The foot is inside when a ray from just off it out along the normal
// first crosses an exit face (Hit.Inside). The headless test
// (ikanim/creature_scene_test.go, creatureMeasureGap) measures the same way.
func spidersGap(w *terrain.World, foot, n mgl64.Vec2) float64 {
	const eps = 0.01 // a surface this close above the foot is its own
	for _, span := range [...]float64{12, 3, 1} {
		h := w.Cast(foot.Add(n.Mul(span)), foot.Sub(n.Mul(span)))
		if !h.OK {
			return span
		}
		if h.Inside {
			continue
		}
		gap := foot.Sub(h.Point).Dot(n)
		if gap >= -eps {
			return gap
		}
		if out := w.Cast(foot.Add(n.Mul(eps/2)), foot.Add(n.Mul(0.5-gap))); out.OK && out.Inside {
			return gap // the foot is inside the solid entered above it
		}
	}
	return 0
}

func (s *spidersScene) Draw(screen *ebiten.Image, ctx *Context) {
	var op ebiten.DrawImageOptions
	screen.DrawImage(s.sky.Image, &op)
	cam := s.camera.geoM()
	if s.worldOpts.Texture == nil {
		s.worldOpts = terrainLook(cam)
	}
	s.worldOpts.GeoM = cam
	s.world.Draw(screen, &s.worldOpts)
	s.draw.Debug = s.debug || ctx.Debug
	s.draw.GeoM = cam
	s.draw.Filter = ebiten.FilterLinear
	for _, c := range s.c {
		c.Draw(screen, &s.draw)
	}
	if s.hasTarget && s.marker.Image != nil {
		op.GeoM = s.marker.Placement(s.target, 0, false, 1)
		op.GeoM.Concat(cam)
		screen.DrawImage(s.marker.Image, &op)
	}
	ebitenutil.DebugPrintAt(screen, fmt.Sprintf("creatures %d  slip max %.2f px  gap max %.2f px  pen %.2f px",
		len(s.c), s.meter.FootSlipMax(), s.meter.ContactGapMax(), s.meter.PenetrationMax()), 6, 22)
}

func (s *spidersScene) Panel(ui *debugui.Context) {
	ui.Checkbox(&s.debug, "debug overlay (D)")
	ui.Checkbox(&s.draw.HideSprites, "hide sprites")
	ui.Checkbox(&s.overview, "overview (Z)")
	ui.Text(fmt.Sprintf("slip max %.3f px", s.meter.FootSlipMax()))
	ui.Text(fmt.Sprintf("gap max %.3f px", s.meter.ContactGapMax()))
	ui.Text(fmt.Sprintf("penetration %.3f px", s.meter.PenetrationMax()))
	ui.Text(fmt.Sprintf("bend flips %d  NaN %d", s.meter.BendFlips(), s.meter.NaNs()))
	for i, c := range s.c {
		ui.Text(fmt.Sprintf("%s: %d/%d planted", s.names[i], c.Planted(), c.LegCount()))
	}
}
