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

// A Grounder leg with a Radius rests on the rims of a crack its ray falls
// into: a biped standing (OneRay: one sample per foot) with its near ankle
// over a 6 px crack 10 px deep.
// With rays the near foot drops into the crack (its ankle ends near the
// crack's floor); with Radius 4 on a CircleCaster ground its ankle stays
// within 1.5 px of where it stands on flat ground (the disc's lowest point
// sits 1.35 px into the crack between the rims).
func TestGrounderLegRadiusBridgesACrack(t *testing.T) {
	ankleY := func(radius float64, crack bool) float64 {
		def, err := NewBipedDef(BipedSizes{}, BipedSprites{})
		if err != nil {
			t.Fatal(err)
		}
		r := mustRig(t, def)
		r.Position = mgl64.Vec2{200, 300}
		r.Update(0)
		near := r.Limb(LimbLegNear)
		ankle, _ := r.Joint(near.Effector())
		x := ankle[0]
		pts := []mgl64.Vec2{{-1000, 300}, {1000, 300}}
		if crack {
			pts = []mgl64.Vec2{{-1000, 300}, {x - 3, 300}, {x - 3, 310}, {x + 3, 310}, {x + 3, 300}, {1000, 300}}
		}
		g := &discGround{polyGround{pts: pts}}
		legs := BipedGrounderLegs()
		for i := range legs {
			legs[i].Radius = radius
		}
		feet, err := NewGrounder(r, g, legs...)
		if err != nil {
			t.Fatal(err)
		}
		feet.OneRay = true // one sample per foot: the ankle's, over the crack
		r.Add(feet)
		settle(r, 60)
		a, _ := r.Joint(near.Effector())
		return a[1]
	}
	flat := ankleY(0, false)
	if y := ankleY(0, true); y-flat < 5 {
		t.Errorf("rays: the ankle over the crack is %.2f px below flat, want the foot in the crack (>= 5)", y-flat)
	}
	if y := ankleY(4, true); math.Abs(y-flat) > 1.5 {
		t.Errorf("radius 4: the ankle over the crack is %.2f px from flat, want <= 1.5", y-flat)
	}
	if y := ankleY(4, false); math.Abs(y-flat) > 1e-6 {
		t.Errorf("radius 4 on flat ground: ankle %.6f px from the rays' %v", y-flat, flat)
	}
}
