package ik_test

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/ikanim/kit/ikanim/ik"
)

// Fuzz tests: one target per solver (FuzzSolveTwoBone for the kernel,
// FuzzTwoBone, FuzzArmAim, FuzzFABRIK, FuzzCCD, FuzzLookAt). Any chain the
// definition accepts (lengths, limits), any pose (origin, base, angles,
// mirror), any target and any weight keep the invariants: no NaN or Inf,
// angles in (-pi, pi], lengths kept, limits respected, root pinned (see
// checkPose), and weight 0 and invalid input leave the pose as it was.
// Every target does a few solves at most, so one execution costs
// microseconds (CCD at its default cap is the dearest: about 50 us on 12
// bones). Seed corpora, including one input per bug the fuzzers found,
// live in testdata/fuzz/Fuzz*.

// fuzzChain builds a chain of 1 + n%12 bones alternating lengths l0 and l1,
// the even bones limited to [lmin, lmax] when limited; ok is false when
// NewChain rejects it (which must then be an error, not a panic).
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

// weighted is every solver: a Solver with a Weighting.
type weighted interface {
	ik.Solver
	SetWeight(float64)
	Weight() float64
}

// fuzzSolve sets the weight, solves, and checks the invariants: invalid
// input (the zero Result) and weight 0 leave every finite input angle as it
// was (non-finite ones become their Rest); any other solve keeps checkPose.
// It returns the Result and whether the pose was solved with a weight
// above 0.
func fuzzSolve(t *testing.T, s weighted, weight float64, c *ik.Chain, p *ik.Pose, target mgl64.Vec2) (ik.Result, bool) {
	t.Helper()
	s.SetWeight(weight)
	if w := s.Weight(); !(w >= 0 && w <= 1) {
		t.Fatalf("SetWeight(%v): Weight() = %v, want [0,1]", weight, w)
	}
	in := append([]float64(nil), p.Angles...)
	r := s.Solve(c, p, target)
	if (r == ik.Result{}) || s.Weight() == 0 {
		for i, a := range p.Angles {
			want := in[i]
			if !isFinite(want) {
				want = c.Bone(i).Rest
			}
			if a != want {
				t.Fatalf("angle %d = %v after a solve that must leave the pose (input %v, Result %+v, weight %v)", i, a, in[i], r, s.Weight())
			}
		}
		if (r != ik.Result{}) && (!isFinite(r.Error) || r.Error < 0) {
			t.Fatalf("Result.Error = %v, want finite >= 0", r.Error)
		}
		return r, false
	}
	checkPose(t, c, p, r)
	return r, true
}

// FuzzSolveTwoBone: the kernel never returns NaN or Inf, its Vec2 and
// scalar forms agree bit for bit, and for lengths and a root a Chain would
// accept and a finite target it keeps both lengths within 1e-9 relative, plus 32 ulps of the
// longer bone (the conditioning of very unequal bones) and two ulps of the
// coordinates; inside the reach the end is the target.
func FuzzSolveTwoBone(f *testing.F) {
	f.Add(0.0, 0.0, 70.0, 30.0, 60.0, 40.0, 1.0)
	f.Add(10.0, 10.0, 10.0, 10.0, 50.0, 50.0, -1.0)
	f.Fuzz(func(t *testing.T, rx, ry, tx, ty, u, l, bend float64) {
		mid, end := ik.SolveTwoBone(mgl64.Vec2{rx, ry}, mgl64.Vec2{tx, ty}, u, l, bend)
		mx, my, ex, ey := ik.SolveTwoBoneXY(rx, ry, tx, ty, u, l, bend)
		for _, v := range []float64{mx, my, ex, ey} {
			if !isFinite(v) {
				t.Fatalf("SolveTwoBoneXY = %v %v %v %v", mx, my, ex, ey)
			}
		}
		same := func(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) }
		if !same(mid[0], mx) || !same(mid[1], my) || !same(end[0], ex) || !same(end[1], ey) {
			t.Fatalf("SolveTwoBone = %v, %v; SolveTwoBoneXY = %v %v %v %v", mid, end, mx, my, ex, ey)
		}
		if !(u >= ik.MinLength && u <= ik.MaxLength && l >= ik.MinLength && l <= ik.MaxLength) ||
			!(math.Abs(rx) <= ik.MaxCoord && math.Abs(ry) <= ik.MaxCoord) || !isFinite(tx) || !isFinite(ty) {
			return // documented: a non-finite target gives mid = end = root
		}
		mag := math.Max(math.Max(math.Abs(mx), math.Abs(my)), math.Max(math.Max(math.Abs(ex), math.Abs(ey)), math.Max(math.Abs(rx), math.Abs(ry))))
		slack := 32*math.Max(u, l)*0x1p-52 + coordSlack(mag)
		root := mgl64.Vec2{rx, ry}
		if got := mid.Sub(root).Len(); math.Abs(got-u) > 1e-9*u+slack {
			t.Fatalf("upper length %v, want %v", got, u)
		}
		if got := end.Sub(mid).Len(); math.Abs(got-l) > 1e-9*l+slack {
			t.Fatalf("lower length %v, want %v", got, l)
		}
		if d := math.Hypot(tx-rx, ty-ry); d > math.Abs(u-l)*(1+1e-9) && d < (u+l)*(1-ik.DefaultMargin)*(1-1e-9) {
			if e := math.Hypot(ex-tx, ey-ty); e > slack {
				t.Fatalf("reachable target (d = %v): end %v off by %v", d, end, e)
			}
		}
	})
}

func FuzzTwoBone(f *testing.F) {
	f.Add(60.0, 40.0, 0.0, 0.0, 0.0, 0.0, 70.0, 30.0, 1.0, 0.0, 0.0, false, false, -1.0, 2.0, true, 0.5, 0.0, 1.0)
	f.Add(30.0, 30.0, 5.0, 5.0, 0.3, 0.2, 5.0, 5.0, -1.0, 10.0, 1.2, true, true, 0.0, 0.0, false, 0.0, 0.1, 0.5)
	f.Fuzz(func(t *testing.T, u, l, ox, oy, base, a0, tx, ty, bend, soft, stretch float64, mirror, pole bool, lmin, lmax float64, limited bool, a1, margin, weight float64) {
		c, ok := fuzzChain(t, 1, u, l, lmin, lmax, limited)
		if !ok {
			return
		}
		p := fuzzPose(c, ox, oy, base, a0, mirror)
		p.Angles[1] = a1
		s := ik.TwoBone{Bend: bend, Softness: soft, Stretch: stretch, Margin: margin, UsePole: pole, Pole: mgl64.Vec2{ty, tx}}
		r, _ := fuzzSolve(t, &s, weight, c, &p, mgl64.Vec2{tx, ty})
		if (r != ik.Result{}) && !(r.Scale >= 1 && isFinite(r.Scale)) {
			t.Fatalf("Scale %v", r.Scale)
		}
	})
}

func FuzzArmAim(f *testing.F) {
	f.Add(30.0, 30.0, 0.0, 0.0, 0.0, 0.0, 300.0, -100.0, 0.99, 1.0, false, -1.0, 1.0, false, 0.0, 1.0)
	f.Add(60.0, 40.0, 5.0, 5.0, 0.5, 3.0, 5.0, 5.0, 0.5, -1.0, true, -2.0, 0.5, true, 3.0, 0.3)
	f.Fuzz(func(t *testing.T, u, l, ox, oy, base, a0, tx, ty, reach, bend float64, mirror bool, lmin, lmax float64, limited bool, a1, weight float64) {
		c, ok := fuzzChain(t, 1, u, l, lmin, lmax, limited)
		if !ok {
			return
		}
		p := fuzzPose(c, ox, oy, base, a0, mirror)
		p.Angles[1] = a1
		s := ik.ArmAim{Reach: reach, Bend: bend}
		fuzzSolve(t, &s, weight, c, &p, mgl64.Vec2{tx, ty})
	})
}

// FuzzFABRIK also checks the limited guarantee: at full weight a limited
// chain never ends farther from the target than its start (the input
// angles clamped to the limits).
func FuzzFABRIK(f *testing.F) {
	f.Add(uint8(9), 10.0, 10.0, -1.0, 1.0, 0.0, 0.0, 0.0, -1.5, 30.0, -40.0, false, false, 1.0, uint8(0))
	f.Add(uint8(2), 60.0, 40.0, -0.5, 0.5, 10.0, 10.0, 1.0, 0.0, 10.0, 10.0, true, true, 0.5, uint8(3))
	f.Fuzz(func(t *testing.T, n uint8, l0, l1, lmin, lmax, ox, oy, base, a0, tx, ty float64, limited, mirror bool, weight float64, iters uint8) {
		c, ok := fuzzChain(t, n, l0, l1, lmin, lmax, limited)
		if !ok {
			return
		}
		p := fuzzPose(c, ox, oy, base, a0, mirror)
		start := clampedStartError(c, &p, mgl64.Vec2{tx, ty})
		s := ik.FABRIK{MaxIterations: int(iters % 64)}
		r, solved := fuzzSolve(t, &s, weight, c, &p, mgl64.Vec2{tx, ty})
		// The slack: rounding of the coordinates themselves (a start 8.9e-16
		// px from a target 10 px away ended 1.99e-15 px from it: 5 ulp of
		// the coordinates apart, the same pose).
		mag := math.Abs(tx) + math.Abs(ty) + math.Abs(ox) + math.Abs(oy) + l0 + l1*float64(n)
		// And the rounding of the angles: the base and start angles of
		// magnitude A are known to A's ulp, which the bones turn into
		// that much times the chain's length (base -2025 rad, one bone
		// of 10 px: a solve that kept its start pose measured 2.05e-12 px
		// worse than the start, the same pose; found by the fuzzer).
		length := (math.Abs(l0) + math.Abs(l1)) * float64(1+int(n%12))
		angSlack := 8 * coordSlack(math.Abs(base)+math.Abs(a0)+2*math.Pi) * length
		if solved && c.HasLimits() && s.Weight() == 1 && isFinite(start) && r.Error > start*(1+1e-12)+coordSlack(start)+8*coordSlack(mag)+angSlack {
			t.Fatalf("limited FABRIK ended %v px from the target, its start %v", r.Error, start)
		}
	})
}

// clampedStartError is the distance from target to the end of p with its
// angles (non-finite ones read as Rest) clamped to the limits: where a
// limited FABRIK solve starts. It reports +Inf for an invalid pose.
func clampedStartError(c *ik.Chain, p *ik.Pose, target mgl64.Vec2) float64 {
	if !(math.Abs(p.Origin[0]) <= ik.MaxCoord && math.Abs(p.Origin[1]) <= ik.MaxCoord) || !isFinite(p.Base) || !isFinite(target[0]) || !isFinite(target[1]) {
		return math.Inf(1)
	}
	q := *p
	q.Angles = append([]float64(nil), p.Angles...)
	for i, a := range q.Angles {
		if !isFinite(a) {
			a = c.Bone(i).Rest
		}
		a = math.Remainder(a, 2*math.Pi)
		if l := c.Bone(i).Limit; l.Enabled && !inLimit(a, l, 0) {
			if math.Abs(math.Remainder(a-l.Min, 2*math.Pi)) <= math.Abs(math.Remainder(a-l.Max, 2*math.Pi)) {
				a = l.Min
			} else {
				a = l.Max
			}
		}
		q.Angles[i] = a
	}
	return c.End(&q).Sub(target).Len()
}

func FuzzCCD(f *testing.F) {
	f.Add(uint8(9), 10.0, 10.0, -1.0, 1.0, 0.0, 0.0, 0.0, -1.5, 30.0, -40.0, 0.5, 0.1, false, false, 1.0, uint8(0))
	f.Add(uint8(3), 5.0, 50.0, -0.1, 0.1, 1.0, 2.0, 3.0, 4.0, 0.0, 0.0, 2.0, 0.0, true, true, 0.7, uint8(5))
	f.Fuzz(func(t *testing.T, n uint8, l0, l1, lmin, lmax, ox, oy, base, a0, tx, ty, tip, step float64, limited, mirror bool, weight float64, iters uint8) {
		c, ok := fuzzChain(t, n, l0, l1, lmin, lmax, limited)
		if !ok {
			return
		}
		p := fuzzPose(c, ox, oy, base, a0, mirror)
		s := ik.CCD{Weights: ik.TaperWeights(nil, c.Len(), tip), MaxStep: step, MaxIterations: int(iters)}
		fuzzSolve(t, &s, weight, c, &p, mgl64.Vec2{tx, ty})
	})
}

func FuzzLookAt(f *testing.F) {
	f.Add(uint8(3), 10.0, 5.0, -1.0, 1.0, 0.0, 0.0, 0.0, -1.5, 30.0, -40.0, 0.0, 0.5, false, false, 1.0)
	f.Add(uint8(1), 8.0, 8.0, -3.0, 3.0, 5.0, 5.0, 0.5, 3.0, 5.0, 5.0, 1.5, 1.0, true, true, 0.4)
	f.Fuzz(func(t *testing.T, n uint8, l0, l1, lmin, lmax, ox, oy, base, a0, tx, ty, axis, w float64, limited, mirror bool, weight float64) {
		c, ok := fuzzChain(t, n, l0, l1, lmin, lmax, limited)
		if !ok {
			return
		}
		p := fuzzPose(c, ox, oy, base, a0, mirror)
		s := ik.LookAt{Axis: axis, Weights: ik.TaperWeights(nil, c.Len(), w)}
		fuzzSolve(t, &s, weight, c, &p, mgl64.Vec2{tx, ty})
	})
}
