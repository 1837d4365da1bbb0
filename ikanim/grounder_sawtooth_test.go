package ikanim

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// sawtoothGround is a floor at y with teeth of width w from x0 to x1, each
// rising at 45 degrees for 0.8 of its width and falling back steeply.
func sawtoothGround(x0, x1, y, w float64) *polyGround {
	pts := []mgl64.Vec2{{-1e4, y}}
	for x := x0; x+w <= x1; x += w {
		pts = append(pts, mgl64.Vec2{x, y}, mgl64.Vec2{x + 0.8*w, y - 0.8*w}, mgl64.Vec2{x + w, y})
	}
	return &polyGround{pts: append(pts, mgl64.Vec2{1e4, y})}
}

// A foot on a sawtooth: its heel, ankle and toe rays meet the rising faces
// of different teeth (the steep falls between them are missed), so every
// normal says 45 degrees while the hits lie across the teeth. The foot
// takes the flatter chord across the teeth instead of the faces' angle
// (turned to it, a foot on the generated courses' spikes stood on one
// tooth's tip with its toe 12 px in the air, the course meter's contact
// gap 1.3-1.5 px). The double-support stance stands on teeth 6 to 10 px
// wide at 5 offsets each: the feet turn at most 0.42 rad (0.785, the faces'
// 45 degrees, before), no sole point (sampled every 1 px) is below the
// ground and the lowest is within 0.8 px of it (the sampling's distance
// from a tooth's tip).
func TestGrounderFootAcrossSawtooth(t *testing.T) {
	worstGap, worstPen, worstAng := 0.0, 0.0, 0.0
	for _, w := range []float64{6, 7, 8, 9, 10} {
		for off := 0.0; off < w; off += w / 5 {
			g := sawtoothGround(100+off, 300, 300, w)
			r, gr := groundedBiped(t, g, mgl64.Vec2{200, 300}, true)
			r.Source = stanceSource()
			settle(r, 120)
			for i, f := range footBones(r) {
				leg := gr.LegDef(i)
				low := math.Inf(1)
				for x := -leg.Heel; x <= leg.Toe; x++ {
					if d, ok := gapAlongUp(g, solePoint(r, f, x, leg.AnkleHeight)); ok {
						low = min(low, d)
					}
				}
				worstGap, worstPen = max(worstGap, low), max(worstPen, -low)
				worstAng = max(worstAng, math.Abs(gr.Leg(i).Angle))
			}
		}
	}
	t.Logf("feet turned up to %.3f rad; lowest sole point up to %.3f px above the ground, %.3f px below", worstAng, worstGap, worstPen)
	if worstAng > 0.5 || worstGap > 0.85 || worstPen > 0.05 {
		t.Errorf("feet turned up to %.3f rad, lowest sole point up to %.3f px above the ground and %.3f px below; want <= 0.5, <= 0.85 and <= 0.05", worstAng, worstGap, worstPen)
	}
}
