package ikanim_test

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim"
)

// slope is a tiny fake ground for the examples: the plane through (x0, y0)
// at angle deg (positive: rising to the right on screen), solid below.
type slope struct{ x0, y0, deg float64 }

func (s slope) Raycast(from, to mgl64.Vec2) (point, normal mgl64.Vec2, ok bool) {
	t := math.Tan(s.deg * math.Pi / 180)
	// Height of the plane at x: y0 - (x - x0)*t. Intersect the segment.
	f := func(p mgl64.Vec2) float64 { return p[1] - (s.y0 - (p[0]-s.x0)*t) } // > 0 below the surface
	a, b := f(from), f(to)
	if a > 0 || b < 0 || a == b {
		return point, normal, false
	}
	u := a / (a - b)
	sn, c := math.Sincos(s.deg * math.Pi / 180)
	// The surface runs along (cos, -sin); its outward normal is (-sin, -cos).
	return from.Add(to.Sub(from).Mul(u)), mgl64.Vec2{-sn, -c}, true
}

// wall is a fake vertical wall face at x (solid to the right) with its top at
// y top, the solid below the top.
type wall struct{ x, top float64 }

func (w wall) Raycast(from, to mgl64.Vec2) (point, normal mgl64.Vec2, ok bool) {
	d := to.Sub(from)
	best := math.Inf(1)
	// Face: x = w.x, y >= top, hit from the left.
	if d[0] > 0 && from[0] <= w.x && to[0] >= w.x {
		u := (w.x - from[0]) / d[0]
		if p := from.Add(d.Mul(u)); p[1] >= w.top && u < best {
			best, point, normal, ok = u, p, mgl64.Vec2{-1, 0}, true
		}
	}
	// Top: y = top, x >= w.x, hit from above.
	if d[1] > 0 && from[1] <= w.top && to[1] >= w.top {
		u := (w.top - from[1]) / d[1]
		if p := from.Add(d.Mul(u)); p[0] >= w.x && u < best {
			best, point, normal, ok = u, p, mgl64.Vec2{0, -1}, true
		}
	}
	return point, normal, ok
}

// A biped standing on a 30-degree slope: each foot moves up or down to the
// slope (the feet stand 14 px either side of the origin: 14*tan(30 deg) =
// 8.08 px, plus 0.77 px because a tilted sole puts the ankle 5/cos(30 deg)
// above the slope), turns to it, and the body lowers so the lower foot
// reaches.
func ExampleGrounder() {
	def, _ := ikanim.NewBipedDef(ikanim.BipedSizes{}, ikanim.BipedSprites{})
	r, err := ikanim.NewRig(def)
	if err != nil {
		panic(err)
	}
	r.Position = mgl64.Vec2{200, 300}
	w := &ikanim.WalkCycle{}
	w.Drive(w.NominalSpeed())
	r.Source = w
	r.Time = 0.045 // both feet planted, 14 px either side of the origin
	r.TimeScale = 1e-9
	g, err := ikanim.NewGrounder(r, slope{200, 300, 30}, ikanim.BipedGrounderLegs()...)
	if err != nil {
		panic(err)
	}
	r.Add(g)
	for i := 0; i < 300; i++ {
		r.Update(1.0 / 60)
	}
	for i, name := range []string{"far", "near"} {
		c := g.Leg(i)
		foot := def.BoneIndex([]string{ikanim.BoneFootFar, ikanim.BoneFootNear}[i])
		fmt.Printf("%s foot: offset %+.1f px, foot angle %.1f deg\n", name, c.Offset, r.BoneAngle(foot)*180/math.Pi)
	}
	fmt.Printf("body lowered by %.1f px\n", -g.Body())
	// Output:
	// far foot: offset -7.3 px, foot angle -30.0 deg
	// near foot: offset +8.9 px, foot angle -30.0 deg
	// body lowered by 7.3 px
}
