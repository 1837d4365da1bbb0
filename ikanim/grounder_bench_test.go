package ikanim

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// planeGround is the ground y = k*x (y down), solid below it: a ray test of
// a few ns, so the benchmarks below time the grounder's own work around
// its rays, not the rays.
type planeGround struct{ k float64 }

// Raycast implements Ground.
func (p planeGround) Raycast(from, to mgl64.Vec2) (point, normal mgl64.Vec2, ok bool) {
	f0 := from[1] - p.k*from[0]
	f1 := to[1] - p.k*to[0]
	if f0 > 0 || f1 < 0 {
		return point, normal, false
	}
	t := f0 / (f0 - f1)
	l := math.Sqrt(1 + p.k*p.k)
	return mgl64.Vec2{from[0] + t*(to[0]-from[0]), from[1] + t*(to[1]-from[1])}, mgl64.Vec2{p.k / l, -1 / l}, true
}

// grounderOnPlane is the README's biped with a default Grounder on a
// 10-degree planeGround, after one frame.
func grounderOnPlane(b *testing.B) (*Rig, *Grounder) {
	b.Helper()
	def, err := NewBipedDef(BipedSizes{}, BipedSprites{})
	if err != nil {
		b.Fatal(err)
	}
	r, err := NewRig(def)
	if err != nil {
		b.Fatal(err)
	}
	g, err := NewGrounder(r, planeGround{math.Tan(10 * math.Pi / 180)}, BipedGrounderLegs()...)
	if err != nil {
		b.Fatal(err)
	}
	r.Add(g)
	r.Update(1.0 / 60)
	return r, g
}

// BenchmarkGrounderPlaceAt times one full placement of a foot (placeAt:
// three rays for the slope, the whole-sole pass of five rays), the work of
// a foot that is not held planted, on a ground whose rays cost a few ns.
func BenchmarkGrounderPlaceAt(b *testing.B) {
	r, g := grounderOnPlane(b)
	leg := &g.legs[0]
	A, d, alpha := r.animStart[leg.foot], r.animDir[leg.foot], r.animAngle[leg.foot]
	b.ReportAllocs()
	for b.Loop() {
		g.placeAt(r, leg, A[0], A[1], alpha, d[1], d[0], DefaultMaxFootAngle, true)
	}
}

// BenchmarkGrounderWholeSole times the whole-sole pass alone (five rays
// along a sole turned 0.1 rad, and the crests between them) on a ground
// whose rays cost a few ns.
func BenchmarkGrounderWholeSole(b *testing.B) {
	r, g := grounderOnPlane(b)
	leg := &g.legs[0]
	A := r.animStart[leg.foot]
	sb, cb := math.Sincos(0.1)
	up, down := g.rayUp(leg), DefaultRayDown
	b.ReportAllocs()
	for b.Loop() {
		g.wholeSole(r, leg, A[0], A[1], leg.AnkleHeight, sb, cb, up, down, 0, nil)
	}
}
