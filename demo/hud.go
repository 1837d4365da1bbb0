package main

import (
	"bytes"
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
	"golang.org/x/image/font/gofont/goregular"
)

// The screen's layout: a bar at the top (scene name, status, FPS) and one at
// the bottom (the keys to start with). Cameras keep the characters between
// them (safeTop, safeBottom).
const (
	topBar     = 30
	statusH    = 22
	bottomBar  = 28
	safeTop    = topBar + statusH + 8
	safeBottom = screenHeight - bottomBar - 8
	hudSize    = 15 // px, the HUD's font size
	helpSize   = 17
)

var (
	barColor  = color.RGBA{10, 16, 28, 190}
	textColor = color.RGBA{240, 242, 246, 255}
	dimColor  = color.RGBA{170, 180, 196, 255}
	keyColor  = color.RGBA{255, 214, 110, 255}
)

// font is the HUD's typeface, Go Regular.
var font = func() *text.GoTextFaceSource {
	src, err := text.NewGoTextFaceSource(bytes.NewReader(goregular.TTF))
	if err != nil {
		panic("demo: the Go Regular font does not load: " + err.Error())
	}
	return src
}()

var faces = map[float64]*text.GoTextFace{}

func face(size float64) *text.GoTextFace {
	f, ok := faces[size]
	if !ok {
		f = &text.GoTextFace{Source: font, Size: size}
		faces[size] = f
	}
	return f
}

// drawText draws s with its top-left corner at (x, y); align 1 puts its
// right edge there instead. It returns the width drawn.
func drawText(dst *ebiten.Image, s string, x, y, size float64, clr color.Color, alignRight bool) float64 {
	f := face(size)
	op := &text.DrawOptions{}
	if alignRight {
		op.PrimaryAlign = text.AlignEnd
	}
	op.GeoM.Translate(x, y)
	op.ColorScale.ScaleWithColor(clr)
	text.Draw(dst, s, f, op)
	return text.Advance(s, f)
}

// textWidth returns the width of s at size.
func textWidth(s string, size float64) float64 { return text.Advance(s, face(size)) }

// fillRect fills a screen rectangle.
func fillRect(dst *ebiten.Image, x, y, w, h float64, clr color.Color) {
	vector.FillRect(dst, float32(x), float32(y), float32(w), float32(h), clr, false)
}

// drawBars draws the top bar (title, FPS and TPS on the right), the status
// line under it, and the bottom bar (hint).
func drawBars(dst *ebiten.Image, title, status, right, hint string) {
	fillRect(dst, 0, 0, screenWidth, topBar, barColor)
	drawText(dst, title, 10, 6, hudSize+1, textColor, false)
	drawText(dst, right, screenWidth-10, 7, hudSize-1, dimColor, true)
	if status != "" {
		w := textWidth(status, hudSize-1)
		fillRect(dst, 0, topBar, w+20, statusH, barColor)
		drawText(dst, status, 10, topBar+3, hudSize-1, dimColor, false)
	}
	fillRect(dst, 0, screenHeight-bottomBar, screenWidth, bottomBar, barColor)
	drawText(dst, hint, 10, screenHeight-bottomBar+5, hudSize, textColor, false)
}

// drawHelp draws the key table over the scene: the scene's keys, then the
// keys of every scene.
func drawHelp(dst *ebiten.Image, name, summary string, scene []*binding) {
	const w, lh, pad = 820.0, 26.0, 24.0
	rows := len(scene) + len(globalKeys) + 5
	if len(scene) == 0 {
		rows++
	}
	h := float64(rows)*lh + 2*pad
	x, y := (screenWidth-w)/2, (screenHeight-h)/2
	fillRect(dst, x, y, w, h, color.RGBA{8, 12, 22, 225})
	cy := y + pad
	drawText(dst, name+": "+summary, x+pad, cy, helpSize+1, textColor, false)
	cy += 1.5 * lh
	section := func(title string, keys []*binding) {
		drawText(dst, title, x+pad, cy, helpSize-2, dimColor, false)
		cy += lh
		if len(keys) == 0 {
			drawText(dst, "no keys of its own: it runs by itself", x+pad+170, cy, helpSize, textColor, false)
			cy += lh
		}
		for _, k := range keys {
			drawText(dst, k.label, x+pad, cy, helpSize, keyColor, false)
			drawText(dst, k.does, x+pad+170, cy, helpSize, textColor, false)
			cy += lh
		}
	}
	section("THIS SCENE", scene)
	cy += lh / 2
	section("EVERY SCENE", globalKeys)
}
