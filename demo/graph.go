package main

import (
	"fmt"
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"github.com/ikanim/kit/ikanim/quality"
)

// graphFrames is how many of the last frames the quality graph shows.
const graphFrames = 240

// graphStrip is one figure of the quality graph: how to read it from a
// sample, its unit, and its target (QUALITY.md), drawn as a dashed line;
// the strip's scale is at least 1.25 times the target.
type graphStrip struct {
	name   string
	unit   string
	target float64
	value  func(quality.Sample) float64
	color  color.RGBA
}

var graphStrips = []graphStrip{
	{"contact gap", "px", 1, func(s quality.Sample) float64 { return s.GapMax }, color.RGBA{90, 200, 255, 255}},
	{"foot slip", "px", 0.5, func(s quality.Sample) float64 { return s.SlipMax }, color.RGBA{255, 170, 70, 255}},
	{"joint pop", "deg", 15, func(s quality.Sample) float64 { return s.JointPop }, color.RGBA{240, 100, 200, 255}},
}

// qualityGraph draws the live graph of a meter's series.
type qualityGraph struct {
	path vector.Path
}

// draw draws the last graphFrames samples of s into r: one strip per
// figure, its largest value over the window and its target line.
func (g *qualityGraph) draw(dst *ebiten.Image, s *quality.Series, r image.Rectangle) {
	if s == nil || r.Dx() < 20 || r.Dy() < 30 {
		return
	}
	n := min(s.Len(), graphFrames)
	first := s.Len() - n
	sh := float64(r.Dy()) / float64(len(graphStrips))
	x0, w := float64(r.Min.X), float64(r.Dx())
	for k, st := range graphStrips {
		y0 := float64(r.Min.Y) + float64(k)*sh
		fillRect(dst, x0, y0+1, w, sh-2, color.RGBA{0, 0, 0, 90})
		peak := 0.0
		for i := 0; i < n; i++ {
			peak = math.Max(peak, st.value(s.At(first+i)))
		}
		scale := math.Max(peak, 1.25*st.target)
		top, bot := y0+14, y0+sh-3
		yOf := func(v float64) float32 { return float32(bot - (bot-top)*math.Min(v, scale)/scale) }
		// The target, dashed.
		ty := yOf(st.target)
		for x := x0; x < x0+w; x += 8 {
			vector.StrokeLine(dst, float32(x), ty, float32(math.Min(x+4, x0+w)), ty, 1, color.NRGBA{255, 255, 255, 90}, false)
		}
		g.path.Reset()
		for i := 0; i < n; i++ {
			x := float32(x0 + w*float64(graphFrames-n+i)/float64(graphFrames-1))
			y := yOf(st.value(s.At(first + i)))
			if i == 0 {
				g.path.MoveTo(x, y)
			} else {
				g.path.LineTo(x, y)
			}
		}
		dop := &vector.DrawPathOptions{AntiAlias: true}
		dop.ColorScale.ScaleWithColor(st.color)
		vector.StrokePath(dst, &g.path, &vector.StrokeOptions{Width: 1.5}, dop)
		label := fmt.Sprintf("%s  max %.3g %s (target %g)", st.name, peak, st.unit, st.target)
		drawText(dst, label, x0+4, y0+1, 11, st.color, false)
	}
}
