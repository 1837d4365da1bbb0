package ikanim

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// polyGround is a tiny fake Ground for tests: a polyline surface (points in
// increasing x) with the solid below it, or, for walls, any polyline whose
// solid side is to the right of each edge's direction on screen (the edge
// normal (E.y, -E.x)/|E| points out). It counts its queries.
type polyGround struct {
	pts   []mgl64.Vec2
	casts int
}

// Raycast implements Ground: the nearest crossing of the segment with an edge.
func (g *polyGround) Raycast(from, to mgl64.Vec2) (point, normal mgl64.Vec2, ok bool) {
	g.casts++
	d := to.Sub(from)
	best := math.Inf(1)
	for i := 0; i+1 < len(g.pts); i++ {
		a, b := g.pts[i], g.pts[i+1]
		e := b.Sub(a)
		den := d[0]*e[1] - d[1]*e[0]
		if den == 0 {
			continue
		}
		ap := a.Sub(from)
		t := (ap[0]*e[1] - ap[1]*e[0]) / den
		u := (ap[0]*d[1] - ap[1]*d[0]) / den
		if t < 0 || t > 1 || u < 0 || u > 1 || t >= best {
			continue
		}
		best = t
		point = from.Add(d.Mul(t))
		normal = mgl64.Vec2{e[1], -e[0]}.Normalize()
		ok = true
	}
	return point, normal, ok
}

// flatGround is a floor at height y.
func flatGround(y float64) *polyGround {
	return &polyGround{pts: []mgl64.Vec2{{-1e4, y}, {1e4, y}}}
}

// stepGround is a floor at y0 left of x and at y1 from x on (a vertical riser).
func stepGround(x, y0, y1 float64) *polyGround {
	return &polyGround{pts: []mgl64.Vec2{{-1e4, y0}, {x, y0}, {x, y1}, {1e4, y1}}}
}

// slopeGround is a plane through (x0, y0) rising to the right at deg degrees
// (rising on screen means y decreases).
func slopeGround(x0, y0, deg float64) *polyGround {
	t := math.Tan(deg * math.Pi / 180)
	return &polyGround{pts: []mgl64.Vec2{{x0 - 1e4, y0 + 1e4*t}, {x0 + 1e4, y0 - 1e4*t}}}
}

// gapGround is a floor at y with a hole from x0 to x1.
func gapGround(y, x0, x1 float64) *polyGround {
	return gapPair{
		left:  polyGround{pts: []mgl64.Vec2{{-1e4, y}, {x0, y}}},
		right: polyGround{pts: []mgl64.Vec2{{x1, y}, {1e4, y}}},
	}.merged()
}

type gapPair struct{ left, right polyGround }

// merged returns one polyGround whose edge list skips the gap: a vertical
// edge far below stands for the hole's floor-less side (never reached by a
// foot ray of normal length).
func (p gapPair) merged() *polyGround {
	l, r := p.left.pts, p.right.pts
	return &polyGround{pts: []mgl64.Vec2{l[0], l[1], {l[1][0], l[1][1] + 1e4}, {r[0][0], r[0][1] + 1e4}, r[0], r[1]}}
}
