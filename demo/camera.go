package main

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"
)

// camera is a smoothed 2D camera: its centre and zoom approach their
// targets with a = 1-exp(-rate*dt) per update (frame-rate independent), and
// when the world's size is set the view stays inside it.
type camera struct {
	center mgl64.Vec2
	zoom   float64
	rate   float64 // 1/s (0: 5)
	w, h   float64 // world size, px (0: unbounded)
	ready  bool
}

// follow moves the camera toward centre target at zoom over dt seconds (the
// first call jumps there).
func (c *camera) follow(target mgl64.Vec2, zoom, dt float64) {
	target = c.clamp(target, zoom)
	if !c.ready {
		c.center, c.zoom, c.ready = target, zoom, true
		return
	}
	rate := c.rate
	if rate == 0 {
		rate = 5
	}
	a := 1 - math.Exp(-rate*dt)
	c.zoom += (zoom - c.zoom) * a
	c.center = c.clamp(c.center.Add(target.Sub(c.center).Mul(a)), c.zoom)
}

// clamp keeps a view of zoom z centred on p inside the world.
func (c *camera) clamp(p mgl64.Vec2, z float64) mgl64.Vec2 {
	if c.w <= 0 || c.h <= 0 {
		return p
	}
	hw, hh := screenWidth/(2*z), screenHeight/(2*z)
	clamp1 := func(v, half, size float64) float64 {
		if 2*half >= size {
			return size / 2
		}
		return math.Max(half, math.Min(size-half, v))
	}
	return mgl64.Vec2{clamp1(p[0], hw, c.w), clamp1(p[1], hh, c.h)}
}

// geoM returns the world-to-screen transform.
func (c *camera) geoM() ebiten.GeoM {
	var g ebiten.GeoM
	g.Translate(-c.center[0], -c.center[1])
	g.Scale(c.zoom, c.zoom)
	g.Translate(screenWidth/2, screenHeight/2)
	return g
}

// toWorld maps a screen point to the world.
func (c *camera) toWorld(p mgl64.Vec2) mgl64.Vec2 {
	g := c.geoM()
	g.Invert()
	x, y := g.Apply(p[0], p[1])
	return mgl64.Vec2{x, y}
}
