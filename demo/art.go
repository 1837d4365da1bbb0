package main

import (
	"fmt"
	"image"
	"image/color"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/ikanim/kit/assets"
	"github.com/ikanim/kit/demo/sim"
	"github.com/ikanim/kit/ikanim"
	"github.com/ikanim/kit/ikanim/creature"
	"github.com/ikanim/kit/ikanim/spine"
	"github.com/ikanim/kit/terrain"
)

var spriteCache = map[string]ikanim.Sprite{}

// sprite loads an art part from package assets as an ikanim.Sprite (setup
// time only; cached so every scene shares one GPU image per part).
func sprite(name string) (ikanim.Sprite, error) {
	if s, ok := spriteCache[name]; ok {
		return s, nil
	}
	part, ok := assets.Lookup(name)
	if !ok {
		return ikanim.Sprite{}, fmt.Errorf("no art part %q", name)
	}
	img, err := assets.Image(name)
	if err != nil {
		return ikanim.Sprite{}, err
	}
	s := ikanim.SpriteFromImage(ebiten.NewImageFromImage(img), mgl64.Vec2{float64(part.Pivot.X), float64(part.Pivot.Y)}, part.Length)
	spriteCache[name] = s
	return s, nil
}

// sprites loads several parts, returning the first error.
func sprites(names ...string) ([]ikanim.Sprite, error) {
	out := make([]ikanim.Sprite, len(names))
	for i, n := range names {
		s, err := sprite(n)
		if err != nil {
			return nil, err
		}
		out[i] = s
	}
	return out, nil
}

// loadArt dresses the scenes' characters with the art of package assets:
// every part is drawn along its bone with its pivot on the bone's start
// joint, as the assets package's drawing convention says.
func loadArt() (sim.Art, error) {
	h, err := sprites("humanoid/torso", "humanoid/head", "humanoid/upperarm", "humanoid/forearm",
		"humanoid/hand", "humanoid/thigh", "humanoid/shin", "humanoid/foot")
	if err != nil {
		return sim.Art{}, err
	}
	c, err := sprites("spider/body", "crawler/body", "tentacle/head", "spider/femur", "spider/tibia", "spider/tarsus", "tentacle/segment")
	if err != nil {
		return sim.Art{}, err
	}
	legs := c[3:6]
	img, index, err := assets.IndexedAtlas()
	if err != nil {
		return sim.Art{}, err
	}
	return sim.Art{
		Scarf:        scarfSprite(),
		Tail:         tailSprite(),
		Atlas:        ikanim.NewSpriteAtlas(ebiten.NewImageFromImage(img), index),
		SpineSprites: func(a *spine.Atlas) ikanim.SpriteSource { return a.Sprites() },
		Biped: ikanim.BipedSprites{
			Torso: h[0], Head: h[1], UpperArm: h[2], Forearm: h[3], Hand: h[4], Thigh: h[5], Shin: h[6], Foot: h[7],
		},
		Quadruped: quadrupedSprites(),
		Spider:    creature.Sprites{Body: c[0], Segments: legs},
		Crawler:   creature.Sprites{Body: c[1], Segments: legs},
		Tentacle:  creature.Sprites{Body: c[2], Segments: c[6:7]},
	}, nil
}

// scarfSprite draws the humanoid's scarf link: a red woollen strip with a
// lighter stripe, lying along +x from its pivot, one link (9 px) long plus
// 2 px each way so neighbouring links overlap, with rounded ends and a
// transparent border for linear filtering.
func scarfSprite() ikanim.Sprite {
	const w, h = 17, 10
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 1; y < h-1; y++ {
		for x := 1; x < w-1; x++ {
			if (x == 1 || x == w-2) && (y == 1 || y == h-2) {
				continue // rounded corners
			}
			c := color.RGBA{196, 38, 52, 255}
			switch {
			case y == 1 || y == h-2:
				c = color.RGBA{120, 18, 32, 255}
			case y == 4 || y == 5:
				c = color.RGBA{236, 196, 92, 255} // the stripe
			case x%3 == 0:
				c = color.RGBA{176, 30, 44, 255} // the knit
			}
			img.SetRGBA(x, y, c)
		}
	}
	return ikanim.SpriteFromImage(ebiten.NewImageFromImage(img), mgl64.Vec2{3, 5}, 9)
}

// tailSprite draws the animation scene's tail link: a furry brown strip,
// lighter along its middle, laid out as scarfSprite.
func tailSprite() ikanim.Sprite {
	const w, h = 17, 10
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 1; y < h-1; y++ {
		for x := 1; x < w-1; x++ {
			if (x == 1 || x == w-2) && (y == 1 || y == h-2) {
				continue
			}
			c := color.RGBA{132, 84, 48, 255}
			switch {
			case y == 1 || y == h-2:
				c = color.RGBA{86, 52, 30, 255}
			case y == 4 || y == 5:
				c = color.RGBA{170, 118, 72, 255}
			case (x+y)%4 == 0:
				c = color.RGBA{112, 70, 40, 255} // the fur
			}
			img.SetRGBA(x, y, c)
		}
	}
	return ikanim.SpriteFromImage(ebiten.NewImageFromImage(img), mgl64.Vec2{3, 5}, 9)
}

// furPart draws one part of the quadruped: a w x h furry strip lying along
// +x from its pivot (px, h/2), length px long, rounded at the ends, darker
// along its edges and lighter along its spine, with a transparent border
// for linear filtering.
func furPart(w, h int, px, length float64, base color.RGBA) ikanim.Sprite {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	shade := func(c color.RGBA, k float64) color.RGBA {
		f := func(v uint8) uint8 { return uint8(math.Min(255, float64(v)*k)) }
		return color.RGBA{f(c.R), f(c.G), f(c.B), 255}
	}
	cy := float64(h-1) / 2
	for y := 1; y < h-1; y++ {
		for x := 1; x < w-1; x++ {
			// Round the ends: an ellipse cap over the first and last h/2 px.
			r := cy - 0.5
			if dx := math.Max(r+1-float64(x), float64(x)-(float64(w-2)-r)); dx > 0 && math.Hypot(dx, float64(y)-cy) > r+0.5 {
				continue
			}
			c := base
			switch d := math.Abs(float64(y) - cy); {
			case d > cy-1.5:
				c = shade(base, 0.62) // the edge
			case d < 1:
				c = shade(base, 1.25) // the spine
			case (x*3+y*5)%7 == 0:
				c = shade(base, 0.85) // the fur
			}
			img.SetRGBA(x, y, c)
		}
	}
	return ikanim.SpriteFromImage(ebiten.NewImageFromImage(img), mgl64.Vec2{px, float64(h) / 2}, length)
}

// quadrupedSprites dresses the quadruped scene's rig (ikanim.QuadrupedSizes'
// defaults): a fox-brown body and head, darker legs.
func quadrupedSprites() ikanim.QuadrupedSprites {
	coat, leg := color.RGBA{186, 102, 46, 255}, color.RGBA{120, 64, 34, 255}
	return ikanim.QuadrupedSprites{
		Body:  furPart(60, 20, 6, 48, coat),
		Head:  furPart(26, 14, 4, 16, coat),
		Thigh: furPart(26, 10, 4, 18, leg),
		Shin:  furPart(24, 7, 3, 18, leg),
		Foot:  furPart(14, 6, 3, 8, color.RGBA{60, 40, 30, 255}),
	}
}

// antennaColor is the spiders' feelers.
var antennaColor = color.RGBA{46, 30, 52, 255}

// drawAntennae draws a creature's antennae (nil: none) through a camera:
// each link a line, thinner toward the tip, the far one darker.
func drawAntennae(screen *ebiten.Image, a *sim.Antennae, camera ebiten.GeoM) {
	if a == nil {
		return
	}
	zoom := math.Hypot(camera.Element(0, 0), camera.Element(1, 0))
	for k := len(a.Chain) - 1; k >= 0; k-- {
		ch := a.Chain[k]
		clr := antennaColor
		if k == 1 {
			clr = color.RGBA{30, 20, 36, 255}
		}
		for i := 0; i < ch.NumJoints(); i++ {
			w := float32(zoom * (1.8 - 0.4*float64(i)))
			ikanim.DebugLine(screen, &camera, ch.Joint(i), ch.Joint(i+1), w, clr)
		}
		ikanim.DebugDot(screen, &camera, ch.Joint(ch.NumJoints()), float32(zoom*1.4), clr)
	}
}

// terrainLook returns the demo's terrain drawing options for a camera: the
// project's soil texture and grass strip, tiled in world space. If the art
// cannot be loaded it falls back to terrain's flat default look.
func terrainLook(camera ebiten.GeoM) terrain.DrawOptions {
	opts := terrain.DrawOptions{DrawImageOptions: ebiten.DrawImageOptions{GeoM: camera, Filter: ebiten.FilterLinear}}
	ground, err1 := sprite("tile/ground")
	grass, err2 := sprite("tile/grass")
	if err1 == nil && err2 == nil {
		opts.Texture, opts.GrassTexture = ground.Image, grass.Image
	}
	return opts
}

// drawSky fills the screen with the sky backdrop.
func drawSky(screen *ebiten.Image) {
	if sky, err := sprite("bg/sky"); err == nil {
		screen.DrawImage(sky.Image, nil)
	}
}

// backdrop draws the sky and a textured world through a camera, keeping its
// drawing options from frame to frame.
type backdrop struct {
	opts  terrain.DrawOptions
	ready bool
}

func (b *backdrop) draw(screen *ebiten.Image, w *terrain.World, camera ebiten.GeoM) {
	drawSky(screen)
	if !b.ready {
		b.opts, b.ready = terrainLook(camera), true
	}
	b.opts.GeoM = camera
	w.Draw(screen, &b.opts)
}

// drawCreatures draws creatures through a camera: their sprites unless
// hidden, their debug overlay when asked.
func drawCreatures(screen *ebiten.Image, cs []*creature.Creature, camera ebiten.GeoM, sprites, debug bool) {
	do := drawOpts(camera)
	dbg := &ikanim.DebugOptions{Camera: camera}
	for _, c := range cs {
		if sprites {
			c.Draw(screen, do)
		}
		if debug {
			c.DrawDebug(screen, dbg)
		}
	}
}

// aimer is a scene whose characters aim at a point the player may give.
type aimer interface {
	SetTarget(p mgl64.Vec2)
	ReleaseTarget()
}

// followPointer has a aim at the mouse (mapped to the scene by toScene)
// while the mouse moves and not over the panel, and gives the target back
// to the scene's script while it rests.
func followPointer(ctx *Context, a aimer, toScene func(mgl64.Vec2) mgl64.Vec2) {
	switch {
	case ctx.MouseIdle:
		a.ReleaseTarget()
	case !ctx.UIHasPointer:
		a.SetTarget(toScene(ctx.Mouse))
	}
}

// drawProp draws a prop sprite centred on the world point p.
func drawProp(screen *ebiten.Image, sp ikanim.Sprite, p mgl64.Vec2, camera ebiten.GeoM) {
	if sp.Image == nil {
		return
	}
	var op ebiten.DrawImageOptions
	op.GeoM = sp.Placement(p, 0, false, 1)
	op.GeoM.Concat(camera)
	op.Filter = ebiten.FilterLinear
	screen.DrawImage(sp.Image, &op)
}

// drawOpts returns the characters' drawing options for a camera.
func drawOpts(camera ebiten.GeoM) *ikanim.DrawOptions {
	return &ikanim.DrawOptions{DrawImageOptions: ebiten.DrawImageOptions{GeoM: camera, Filter: ebiten.FilterLinear}}
}
