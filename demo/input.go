package main

import (
	"image"
	"image/color"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// The pointer is the mouse or, on a touch screen, a finger: scenes read it
// from the Context (Mouse, Click), so a tap drops a target where a click
// would and a dragged finger is followed as the mouse is. On a touch screen
// the demo also draws what the keyboard does elsewhere:
//
//   - a tap on the top bar opens the next scene (Tab);
//   - in scenes steered with Left/Right, two pads at the bottom corners steer
//     while a finger holds them (moveAxis reads them).
//
// The pads appear once a touch was seen, so desktop players never see them.

// touchPadSize is the side of a steering pad, screen px.
const touchPadSize = 96

var (
	padLeft  = image.Rect(16, safeBottom-touchPadSize-8, 16+touchPadSize, safeBottom-8)
	padRight = image.Rect(screenWidth-16-touchPadSize, safeBottom-touchPadSize-8, screenWidth-16, safeBottom-8)
	topBarAt = image.Rect(0, 0, screenWidth, topBar)
)

// pointer reads the mouse and the touches once per update.
type pointer struct {
	touches []ebiten.TouchID
	just    []ebiten.TouchID
	// seen is true once a touch was seen: the pads are drawn and steer.
	seen bool
	// pads is true when the current scene is steered with Left/Right.
	pads bool
	// axis is the pads' steering this update (-1, 0, +1).
	axis float64
	// at is the pointer in screen pixels; click is true when the mouse's
	// left button or a finger went down this update (off the pads);
	// topTap is a tap on the top bar.
	at            image.Point
	click, topTap bool
}

// touchAxis is the pads' steering for moveAxis (set by the game each update).
var touchAxis float64

// read updates the pointer from the mouse and the touches.
func (p *pointer) read() {
	mx, my := ebiten.CursorPosition()
	p.at = image.Pt(mx, my)
	p.click = inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft)
	p.topTap = false
	p.axis = 0
	p.touches = ebiten.AppendTouchIDs(p.touches[:0])
	p.just = inpututil.AppendJustPressedTouchIDs(p.just[:0])
	if len(p.touches) > 0 {
		p.seen = true
	}
	// The first finger off the pads is the pointer; fingers on the pads steer.
	found := false
	for _, id := range p.touches {
		x, y := ebiten.TouchPosition(id)
		at := image.Pt(x, y)
		if p.pads && at.In(padLeft) {
			p.axis--
			continue
		}
		if p.pads && at.In(padRight) {
			p.axis++
			continue
		}
		if !found {
			p.at, found = at, true
		}
	}
	for _, id := range p.just {
		x, y := ebiten.TouchPosition(id)
		at := image.Pt(x, y)
		switch {
		case p.pads && (at.In(padLeft) || at.In(padRight)):
		case at.In(topBarAt):
			p.topTap = true
		default:
			p.at, p.click = at, true
		}
	}
	touchAxis = p.axis
}

// vec returns the pointer as a vector.
func (p *pointer) vec() mgl64.Vec2 { return mgl64.Vec2{float64(p.at.X), float64(p.at.Y)} }

var padColor = color.NRGBA{255, 255, 255, 60}

// drawPads draws the steering pads, when a touch was seen and the scene is
// steered with Left/Right.
func (p *pointer) drawPads(dst *ebiten.Image) {
	if !p.seen || !p.pads {
		return
	}
	for i, r := range []image.Rectangle{padLeft, padRight} {
		x, y, s := float32(r.Min.X), float32(r.Min.Y), float32(touchPadSize)
		vector.FillRect(dst, x, y, s, s, padColor, false)
		// An arrow: a triangle pointing left or right.
		var path vector.Path
		cx, cy := x+s/2, y+s/2
		d := float32(1 - 2*i) // +1 left, -1 right
		path.MoveTo(cx-d*s/4, cy)
		path.LineTo(cx+d*s/6, cy-s/4)
		path.LineTo(cx+d*s/6, cy+s/4)
		path.Close()
		op := &vector.DrawPathOptions{AntiAlias: true}
		op.ColorScale.ScaleWithColor(color.NRGBA{255, 255, 255, 150})
		vector.FillPath(dst, &path, nil, op)
	}
}
