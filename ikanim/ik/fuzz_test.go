package ik_test

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/ikanim/kit/ikanim/ik"
)

// Fuzz tests: any chain the definition accepts, any pose and any target
// keep the invariants of checkPose (finite, root pinned, lengths kept,
// limits respected) and never panic. Seed corpora live in
// testdata/fuzz/Fuzz*.

// fuzzChain builds a chain from fuzz inputs; ok is false when NewChain
// rejects it (which must then be an error, not a panic).
func fuzzChain(t *testing.T, n uint8, l0, l1, lmin, lmax float64, limited bool) (*ik.Chain, bool) {
	count := 1 + int(n%12)
	bones := make([]ik.Bone, count)
	for i := range bones {
		l := l0
		if i%2 == 1 {
			l = l1
		}
		bones[i] = ik.Bone{Name: "f", Length: l, Rest: float64(i) * 0.1}
		if limited && i%2 == 0 {
			bones[i].Limit = ik.Limit{Min: lmin, Max: lmax, Enabled: true}
		}
	}
	c, err := ik.NewChain(bones...)
	if err != nil {
		if c != nil {
			t.Fatalf("NewChain returned both a chain and %v", err)
		}
		return nil, false
	}
	return c, true
}

func fuzzPose(c *ik.Chain, ox, oy, base, a0 float64, mirror bool) ik.Pose {
	p := c.NewPose()
	p.Origin, p.Base, p.Mirror = mgl64.Vec2{ox, oy}, base, mirror
	p.Angles[0] = a0
	return p
}

func fuzzCheck(t *testing.T, c *ik.Chain, p *ik.Pose, r ik.Result) {
	t.Helper()
	if (r == ik.Result{}) {
		for i, a := range p.Angles {
			if !isFinite(a) {
				t.Fatalf("angle %d = %v after an invalid-input solve", i, a)
			}
		}
		return
	}
	checkPose(t, c, p, r)
}

func FuzzTwoBone(f *testing.F) {
	f.Add(60.0, 40.0, 0.0, 0.0, 0.0, 0.0, 70.0, 30.0, 1.0, 0.0, 0.0, false, false)
	f.Add(30.0, 30.0, 5.0, 5.0, 0.3, 0.2, 5.0, 5.0, -1.0, 10.0, 1.2, true, true)
	f.Fuzz(func(t *testing.T, u, l, ox, oy, base, a0, tx, ty, bend, soft, stretch float64, mirror, pole bool) {
		// Kernel invariants for finite positive lengths.
		if u > 0 && l > 0 && u < 1e9 && l < 1e9 && math.Abs(ox) < 1e12 && math.Abs(oy) < 1e12 {
			mid, end := ik.SolveTwoBone(mgl64.Vec2{ox, oy}, mgl64.Vec2{tx, ty}, u, l, bend)
			for _, v := range []float64{mid[0], mid[1], end[0], end[1]} {
				if !isFinite(v) {
					t.Fatalf("SolveTwoBone = %v, %v", mid, end)
				}
			}
		}
		c, ok := fuzzChain(t, 1, u, l, 0, 0, false)
		if !ok || c.Len() != 2 {
			return
		}
		p := fuzzPose(c, ox, oy, base, a0, mirror)
		s := ik.TwoBone{Bend: bend, Softness: soft, Stretch: stretch, UsePole: pole, Pole: mgl64.Vec2{ty, tx}}
		r := s.Solve(c, &p, mgl64.Vec2{tx, ty})
		fuzzCheck(t, c, &p, r)
		if !isFinite(r.Scale) {
			t.Fatalf("Scale %v", r.Scale)
		}
		var a ik.ArmAim
		fuzzCheck(t, c, &p, a.Solve(c, &p, mgl64.Vec2{tx, ty}))
	})
}

func FuzzFABRIK(f *testing.F) {
	f.Add(uint8(9), 10.0, 10.0, -1.0, 1.0, 0.0, 0.0, 0.0, -1.5, 30.0, -40.0, false, false)
	f.Add(uint8(2), 60.0, 40.0, -0.5, 0.5, 10.0, 10.0, 1.0, 0.0, 10.0, 10.0, true, true)
	f.Fuzz(func(t *testing.T, n uint8, l0, l1, lmin, lmax, ox, oy, base, a0, tx, ty float64, limited, mirror bool) {
		c, ok := fuzzChain(t, n, l0, l1, lmin, lmax, limited)
		if !ok {
			return
		}
		p := fuzzPose(c, ox, oy, base, a0, mirror)
		var s ik.FABRIK
		fuzzCheck(t, c, &p, s.Solve(c, &p, mgl64.Vec2{tx, ty}))
	})
}

func FuzzCCD(f *testing.F) {
	f.Add(uint8(9), 10.0, 10.0, -1.0, 1.0, 0.0, 0.0, 0.0, -1.5, 30.0, -40.0, 0.5, 0.1, false, false)
	f.Add(uint8(3), 5.0, 50.0, -0.1, 0.1, 1.0, 2.0, 3.0, 4.0, 0.0, 0.0, 2.0, 0.0, true, true)
	f.Fuzz(func(t *testing.T, n uint8, l0, l1, lmin, lmax, ox, oy, base, a0, tx, ty, tip, step float64, limited, mirror bool) {
		c, ok := fuzzChain(t, n, l0, l1, lmin, lmax, limited)
		if !ok {
			return
		}
		p := fuzzPose(c, ox, oy, base, a0, mirror)
		s := ik.CCD{Weights: ik.TaperWeights(nil, c.Len(), tip), MaxStep: step}
		fuzzCheck(t, c, &p, s.Solve(c, &p, mgl64.Vec2{tx, ty}))
	})
}

func FuzzLookAt(f *testing.F) {
	f.Add(uint8(3), 10.0, 5.0, -1.0, 1.0, 0.0, 0.0, 0.0, -1.5, 30.0, -40.0, 0.0, 0.5, false, false)
	f.Add(uint8(1), 8.0, 8.0, -3.0, 3.0, 5.0, 5.0, 0.5, 3.0, 5.0, 5.0, 1.5, 1.0, true, true)
	f.Fuzz(func(t *testing.T, n uint8, l0, l1, lmin, lmax, ox, oy, base, a0, tx, ty, axis, w float64, limited, mirror bool) {
		c, ok := fuzzChain(t, n, l0, l1, lmin, lmax, limited)
		if !ok {
			return
		}
		p := fuzzPose(c, ox, oy, base, a0, mirror)
		s := ik.LookAt{Axis: axis, Weights: ik.TaperWeights(nil, c.Len(), w)}
		fuzzCheck(t, c, &p, s.Solve(c, &p, mgl64.Vec2{tx, ty}))
	})
}
