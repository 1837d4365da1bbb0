package ikanim

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// discGround is polyGround with an exact circle cast for tests: a disc of
// radius r swept against the polyline (its edges and vertices).
type discGround struct{ polyGround }

func (g *discGround) CircleCast(from, to mgl64.Vec2, r float64) (point, normal mgl64.Vec2, fraction float64, ok bool) {
	d := to.Sub(from)
	best := math.Inf(1)
	consider := func(t float64, p, n mgl64.Vec2) {
		if t >= 0 && t <= 1 && t < best {
			best, point, normal, ok = t, p, n, true
		}
	}
	for i := 0; i+1 < len(g.pts); i++ {
		a, b := g.pts[i], g.pts[i+1]
		e := b.Sub(a)
		n := mgl64.Vec2{e[1], -e[0]}.Normalize()
		// The edge shifted out by r: (from + t d - a).n = r.
		if dn := d.Dot(n); dn < 0 {
			t := (r - from.Sub(a).Dot(n)) / dn
			c := from.Add(d.Mul(t))
			if u := c.Sub(a).Dot(e) / e.Dot(e); u >= 0 && u <= 1 {
				consider(t, c.Sub(n.Mul(r)), n)
			}
		}
		// The vertex disc: |from + t d - a| = r.
		f := from.Sub(a)
		A, B, C := d.Dot(d), f.Dot(d), f.Dot(f)-r*r
		if disc := B*B - A*C; disc >= 0 && A > 0 {
			t := (-B - math.Sqrt(disc)) / A
			c := from.Add(d.Mul(t))
			consider(t, a, c.Sub(a).Normalize())
		}
	}
	return point, normal, best, ok
}

// A rounded sole of radius 4 over a 6 px wide, 10 px deep crack rests on
// its rims: where the ray falls to the crack's floor, the disc stops at the
// height where it touches both rims, 10 - (4 - sqrt(4^2 - 3^2)) px above the
// floor. On flat ground both give the surface itself.
func TestCastSoleBridgesACrack(t *testing.T) {
	g := &discGround{polyGround{pts: []mgl64.Vec2{{-100, 100}, {-3, 100}, {-3, 110}, {3, 110}, {3, 100}, {100, 100}}}}
	from, to := mgl64.Vec2{0, 50}, mgl64.Vec2{0, 150}
	p, _, ok := castSole(g, nil, from, to, 4)
	if !ok || math.Abs(p[1]-110) > 1e-9 {
		t.Errorf("ray: %v %v, want the crack's floor at y=110", p, ok)
	}
	p, n, ok := castSole(g, g, from, to, 4)
	want := 100 + (4 - math.Sqrt(16-9))
	if !ok || math.Abs(p[1]-want) > 1e-9 || p[0] != 0 {
		t.Errorf("disc: %v %v, want (0, %v) on the rims", p, ok, want)
	}
	if math.Abs(n.Len()-1) > 1e-9 {
		t.Errorf("normal %v is not a unit vector", n)
	}
	p, n, ok = castSole(g, g, mgl64.Vec2{50, 50}, mgl64.Vec2{50, 150}, 4)
	if !ok || math.Abs(p[1]-100) > 1e-9 || math.Abs(n[1]+1) > 1e-9 {
		t.Errorf("flat: %v %v %v, want (50,100) and (0,-1)", p, n, ok)
	}
}
