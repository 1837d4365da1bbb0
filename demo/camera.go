package main

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"
)

// The camera's view is the screen between the HUD's bars: its centre is the
// middle of that band, and fitting a box fits it in the band.
const (
	viewX = screenWidth / 2
	viewY = (safeTop + safeBottom) / 2
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
	goal   mgl64.Vec2 // track's goal
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
	// Settle: the approach is exponential, and a camera that keeps moving
	// by a hundredth of a pixel keeps every textured pixel shimmering.
	if math.Abs(c.zoom-zoom) < 1e-4 {
		c.zoom = zoom
	}
	if c.center.Sub(target).Len()*c.zoom < 0.05 {
		c.center = target
	}
}

// track keeps target inside a window of half-size win (world px) about the
// camera's goal: while the target is inside, the camera holds still; when
// it leaves along an axis, the goal jumps so the target sits win*lead
// behind it (room ahead to move into) and the camera glides there. A
// still camera lets the eye follow the character's feet.
func (c *camera) track(target mgl64.Vec2, zoom float64, win mgl64.Vec2, lead, dt float64) {
	if !c.ready {
		c.goal = target
	}
	for a := 0; a < 2; a++ {
		if d := target[a] - c.goal[a]; math.Abs(d) > win[a] {
			c.goal[a] = target[a] + math.Copysign(win[a]*lead, d)
		}
	}
	c.goal = c.clamp(c.goal, zoom)
	c.follow(c.goal, zoom, dt)
}

// frame moves the camera toward the view that shows the world box lo..hi
// whole between the HUD's bars, zoomed in no further than maxZoom.
func (c *camera) frame(lo, hi mgl64.Vec2, maxZoom, dt float64) {
	size := hi.Sub(lo)
	zoom := math.Min(maxZoom, math.Min(screenWidth/math.Max(size[0], 1), (safeBottom-safeTop)/math.Max(size[1], 1)))
	c.follow(lo.Add(hi).Mul(0.5), zoom, dt)
}

// pin puts the camera where -camera says, if it says anything (a still
// camera for recordings).
func (c *camera) pin(ctx *Context) {
	if p := ctx.Pin; p != nil {
		c.center, c.zoom, c.ready = c.clamp(mgl64.Vec2{p[0], p[1]}, p[2]), p[2], true
	}
}

// clamp keeps a view of zoom z centred on p inside the world.
func (c *camera) clamp(p mgl64.Vec2, z float64) mgl64.Vec2 {
	if c.w <= 0 || c.h <= 0 {
		return p
	}
	clamp1 := func(v, lo, hi, size float64) float64 {
		if lo+hi >= size {
			return (size - hi + lo) / 2
		}
		return math.Max(lo, math.Min(size-hi, v))
	}
	// The view reaches viewX/z left of the centre and (W-viewX)/z right of
	// it, viewY/z above and (H-viewY)/z below.
	return mgl64.Vec2{
		clamp1(p[0], viewX/z, (screenWidth-viewX)/z, c.w),
		clamp1(p[1], viewY/z, (screenHeight-viewY)/z, c.h),
	}
}

// geoM returns the world-to-screen transform, moved by whole screen pixels
// (a camera that slides by fractions of a pixel makes textures shimmer).
func (c *camera) geoM() ebiten.GeoM {
	var g ebiten.GeoM
	g.Scale(c.zoom, c.zoom)
	g.Translate(math.Round(viewX-c.center[0]*c.zoom), math.Round(viewY-c.center[1]*c.zoom))
	return g
}

// toWorld maps a screen point to the world.
func (c *camera) toWorld(p mgl64.Vec2) mgl64.Vec2 {
	g := c.geoM()
	g.Invert()
	x, y := g.Apply(p[0], p[1])
	return mgl64.Vec2{x, y}
}

// box grows the box lo..hi to hold p.
func box(lo, hi, p mgl64.Vec2) (mgl64.Vec2, mgl64.Vec2) {
	return mgl64.Vec2{math.Min(lo[0], p[0]), math.Min(lo[1], p[1])}, mgl64.Vec2{math.Max(hi[0], p[0]), math.Max(hi[1], p[1])}
}
