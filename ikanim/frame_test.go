package ikanim

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// The hot-path replacements of math.Mod(x, 1), math.Remainder(x, 2*pi) and
// math.Hypot give the same bits as the math package, special values
// included.
func TestFastMathBitForBit(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 0x9e3779b97f4a7c15))
	special := []float64{0, math.Copysign(0, -1), 1, -1, 0.5, -0.5, 2, -3, math.Pi, -math.Pi, 2 * math.Pi, -2 * math.Pi,
		math.Nextafter(math.Pi, 4), math.Nextafter(-math.Pi, -4), 1e300, -1e300, 5e-324, math.Inf(1), math.Inf(-1), math.NaN(),
		math.MaxFloat64, -math.MaxFloat64, 1 << 53, (1 << 53) + 2, 0.9999999999999999}
	xs := append([]float64(nil), special...)
	for range 200000 {
		x := (rng.Float64() - 0.5) * math.Pow(10, float64(rng.IntN(12)-4))
		xs = append(xs, x, math.Round(x), x/60)
	}
	same := func(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) || (a != a && b != b) }
	for _, x := range xs {
		if got, want := mod1(x), math.Mod(x, 1); !same(got, want) {
			t.Fatalf("mod1(%v) = %v, math.Mod = %v", x, got, want)
		}
		if got, want := remainder2Pi(x), math.Remainder(x, 2*math.Pi); !same(got, want) {
			t.Fatalf("remainder2Pi(%v) = %v, math.Remainder = %v", x, got, want)
		}
	}
	for i := 0; i+1 < len(xs); i++ {
		x, y := xs[i], xs[i+1]
		if math.IsInf(x, 0) || math.IsInf(y, 0) || x != x || y != y {
			continue // finiteLen is for finite vectors
		}
		if got, want := finiteLen(mgl64.Vec2{x, y}), math.Hypot(x, y); !same(got, want) {
			t.Fatalf("finiteLen(%v, %v) = %v, math.Hypot = %v", x, y, got, want)
		}
	}
}

// The forward pass skips the Sincos of a bone whose angle did not change:
// after frames of a walk with IK, a lean (BodyAngle) and a stretch, every
// bone's stored direction is still exactly (cos, sin) of its angle, in the
// animated and the final pose, and the joints are those of a pass that
// computes every Sincos.
func TestForwardPassReusesDirectionsExactly(t *testing.T) {
	r := newBiped(t)
	w := &WalkCycle{}
	r.Source = w
	limbs := []*Limb{r.MustLimb(LimbLegNear), r.MustLimb(LimbLegFar), r.MustLimb(LimbArmNear), r.MustLimb(LimbLook)}
	for _, l := range limbs {
		l.SetWeightNow(1)
	}
	check := func(frame int, angle []float64, dir, start, end []mgl64.Vec2, local []float64, root mgl64.Vec2, turn float64, scale []float64) {
		t.Helper()
		n := r.def.NumBones()
		wantAngle := make([]float64, n)
		wantDir := make([]mgl64.Vec2, n)
		for i, b := range r.def.bones {
			s, c := math.Sincos(angle[i])
			if dir[i] != (mgl64.Vec2{c, s}) {
				t.Fatalf("frame %d bone %d: direction %v, want (cos, sin) of %v = %v", frame, i, dir[i], angle[i], mgl64.Vec2{c, s})
			}
			a, st := local[i]+turn, mgl64.Vec2{}
			if b.Parent < 0 {
				ts, tc := math.Sincos(turn)
				if turn == 0 {
					tc, ts = 1, 0
				}
				st = mgl64.Vec2{root[0] + b.Attach[0]*tc - b.Attach[1]*ts, root[1] + b.Attach[0]*ts + b.Attach[1]*tc}
			} else {
				p := b.Parent
				a = wantAngle[p] + local[i]
				ax := b.Attach[0]
				if scale != nil {
					ax *= scale[p]
				}
				pc, ps := wantDir[p][0], wantDir[p][1]
				st = mgl64.Vec2{start[p][0] + ax*pc - b.Attach[1]*ps, start[p][1] + ax*ps + b.Attach[1]*pc}
			}
			s, c = math.Sincos(a)
			wantAngle[i], wantDir[i] = a, mgl64.Vec2{c, s}
			length := b.Length
			if scale != nil {
				length *= scale[i]
			}
			if angle[i] != a || start[i] != st || end[i] != st.Add(mgl64.Vec2{length * c, length * s}) {
				t.Fatalf("frame %d bone %d: angle %v start %v end %v, a full pass gives %v %v %v", frame, i, angle[i], start[i], end[i], a, st, st.Add(mgl64.Vec2{length * c, length * s}))
			}
		}
	}
	for f := range 600 {
		s := float64(f)
		r.Position[0] += 1
		r.BodyAngle = 0
		if f >= 300 {
			r.BodyAngle = 0.05 * math.Sin(s*0.05) // a lean: the final pose's roots turn
		}
		for k, l := range limbs {
			l.Target = r.Position.Add(mgl64.Vec2{10 * math.Sin(s*0.1+float64(k)), -10 - 40*float64(k&2)})
		}
		r.Update(1.0 / 60)
		check(f, r.animAngle, r.animDir, r.animStart, r.animEnd, r.anim, r.animRoot, 0, nil)
		check(f, r.angle, r.dir, r.start, r.end, r.local, r.animRoot.Add(r.BodyOffset), r.BodyAngle, r.scale)
	}
}
