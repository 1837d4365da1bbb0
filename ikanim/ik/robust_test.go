package ik_test

import (
	"encoding/binary"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/ikanim/kit/ikanim/ik"
)

// Degenerate inputs never give NaN/Inf, never panic, and keep the
// invariants: target on the root, on a joint, at exactly full reach,
// beyond reach, NaN/Inf/huge targets, NaN in Angles, collinear and folded
// chains, one-bone chains.
func TestDegenerateInputs(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	chains := map[string]*ik.Chain{
		"one":     mustChain(t, ik.Bone{Length: 10}),
		"two":     mustChain(t, ik.Bone{Length: 60}, ik.Bone{Length: 40}),
		"equal2":  mustChain(t, ik.Bone{Length: 30}, ik.Bone{Length: 30}),
		"five":    mustChain(t, ik.Bone{Length: 10}, ik.Bone{Length: 20}, ik.Bone{Length: 5}, ik.Bone{Length: 15}, ik.Bone{Length: 10}),
		"limited": mustChain(t, ik.Bone{Length: 10, Limit: ik.Limit{Min: -1, Max: 1, Enabled: true}}, ik.Bone{Length: 10, Limit: ik.Limit{Min: 0, Max: 0, Enabled: true}}, ik.Bone{Length: 10, Limit: ik.Limit{Min: -math.Pi, Max: -3, Enabled: true}}),
	}
	for cname, c := range chains {
		origin := mgl64.Vec2{3, 4}
		rest := c.NewPose()
		rest.Origin = origin
		joints := c.Joints(&rest, nil)
		targets := map[string]mgl64.Vec2{
			"on root":       origin,
			"on joint 1":    joints[1],
			"on end":        joints[len(joints)-1],
			"full reach":    origin.Add(mgl64.Vec2{0, c.Reach()}),
			"beyond reach":  origin.Add(mgl64.Vec2{-3 * c.Reach(), 1}),
			"huge":          {1e300, -1e300},
			"max float":     {math.MaxFloat64, math.MaxFloat64},
			"tiny offset":   origin.Add(mgl64.Vec2{1e-300, 0}),
			"NaN":           {nan, 0},
			"Inf":           {0, inf},
			"-Inf":          {-inf, 5},
			"subnormal off": origin.Add(mgl64.Vec2{5e-324, 5e-324}),
		}
		poses := map[string]func(p *ik.Pose){
			"rest":      func(p *ik.Pose) {},
			"collinear": func(p *ik.Pose) { clear(p.Angles) },
			"folded": func(p *ik.Pose) {
				for i := range p.Angles {
					p.Angles[i] = math.Pi * float64(i%2)
				}
			},
			"NaN angle": func(p *ik.Pose) { p.Angles[0] = nan },
			"Inf angle": func(p *ik.Pose) { p.Angles[len(p.Angles)-1] = -inf },
			"big angle": func(p *ik.Pose) { p.Angles[0] = 1e6 },
			"mirrored":  func(p *ik.Pose) { p.Mirror = true; p.Base = 2 },
		}
		for tname, target := range targets {
			for pname, setup := range poses {
				for _, ns := range allSolvers() {
					if ns.twoOnly && c.Len() != 2 {
						continue
					}
					p := c.NewPose()
					p.Origin = origin
					setup(&p)
					r := ns.s.Solve(c, &p, target)
					where := cname + "/" + tname + "/" + pname + "/" + ns.name
					func() {
						defer func() {
							if e := recover(); e != nil {
								t.Fatalf("%s: %v", where, e)
							}
						}()
						if (r == ik.Result{}) {
							// Invalid input: the pose is left as it was
							// (limits are not applied), only kept finite.
							for i, a := range p.Angles {
								if !isFinite(a) {
									t.Fatalf("%s: angle %d = %v", where, i, a)
								}
							}
							return
						}
						checkPose(t, c, &p, r)
					}()
					if (tname == "NaN" || tname == "Inf" || tname == "-Inf") && (r != ik.Result{}) {
						t.Errorf("%s: non-finite target gave %+v, want the zero Result", where, r)
					}
				}
			}
		}
	}
}

// Invalid poses: wrong Angles length, NaN or out-of-range Origin, NaN
// Base. Solvers leave the pose alone (NaN angles reset to Rest) and return
// the zero Result.
func TestInvalidPose(t *testing.T) {
	c := mustChain(t, ik.Bone{Length: 60, Rest: 0.5}, ik.Bone{Length: 40, Rest: 0.25})
	for _, ns := range allSolvers() {
		for name, p := range map[string]ik.Pose{
			"short angles": {Angles: []float64{0.1}},
			"long angles":  {Angles: []float64{0.1, 0.2, 0.3}},
			"nil angles":   {},
			"NaN origin":   {Origin: mgl64.Vec2{math.NaN(), 0}, Angles: []float64{0.1, math.NaN()}},
			"far origin":   {Origin: mgl64.Vec2{0, 2 * ik.MaxCoord}, Angles: []float64{0.1, 0.2}},
			"NaN base":     {Base: math.NaN(), Angles: []float64{0.1, 0.2}},
		} {
			before := append([]float64(nil), p.Angles...)
			r := ns.s.Solve(c, &p, mgl64.Vec2{30, 30})
			if (r != ik.Result{}) {
				t.Errorf("%s %s: %+v, want zero Result", ns.name, name, r)
			}
			for i := range before {
				want := before[i]
				if math.IsNaN(want) && len(p.Angles) == c.Len() {
					want = c.Bone(i).Rest
				}
				if p.Angles[i] != want && !(math.IsNaN(want) && math.IsNaN(p.Angles[i])) {
					t.Errorf("%s %s: angle %d = %v, want %v", ns.name, name, i, p.Angles[i], want)
				}
			}
		}
	}
	// A wrong-length chain for the 2-bone solvers.
	c3 := mustChain(t, ik.Bone{Length: 1}, ik.Bone{Length: 1}, ik.Bone{Length: 1})
	p := c3.NewPose()
	if r := (&ik.TwoBone{}).Solve(c3, &p, mgl64.Vec2{1, 1}); (r != ik.Result{}) {
		t.Errorf("TwoBone on 3 bones: %+v, want zero Result", r)
	}
}

// hashRun runs every solver over seeded random chains and targets in warm
// mode and hashes every output bit.
func hashRun(t *testing.T) uint64 {
	h := fnv.New64a()
	var buf [8]byte
	put := func(x float64) {
		binary.LittleEndian.PutUint64(buf[:], math.Float64bits(x))
		h.Write(buf[:])
	}
	rng := rand.New(rand.NewPCG(11, 12))
	solvers := allSolvers()
	for i := 0; i < 200; i++ {
		n := 2
		if i%3 != 0 {
			n = 1 + rng.IntN(8)
		}
		c := randomChain(t, rng, n, i%2 == 0)
		p := c.NewPose()
		p.Origin = mgl64.Vec2{rng.Float64() * 50, rng.Float64() * 50}
		for k := 0; k < 20; k++ {
			target := mgl64.Vec2{rng.Float64()*300 - 150, rng.Float64()*300 - 150}
			for _, ns := range solvers {
				if ns.twoOnly && n != 2 {
					continue
				}
				r := ns.s.Solve(c, &p, target)
				put(r.Error)
				put(float64(r.Iterations))
				for _, a := range p.Angles {
					put(a)
				}
			}
		}
	}
	return h.Sum64()
}

// Determinism: the same inputs give bit-identical outputs, run after run
// and with fresh or reused solvers.
func TestDeterminism(t *testing.T) {
	a, b := hashRun(t), hashRun(t)
	if a != b {
		t.Fatalf("hash %x then %x: solves are not deterministic", a, b)
	}
	// Reused scratch gives the same answer as a fresh solver.
	c := chain10()
	targets := chain10Random()[:200]
	var reused ik.FABRIK
	for _, tg := range targets {
		p1, p2 := c.NewPose(), c.NewPose()
		var fresh ik.FABRIK
		r1, r2 := reused.Solve(c, &p1, tg), fresh.Solve(c, &p2, tg)
		if r1 != r2 {
			t.Fatalf("reused %+v fresh %+v", r1, r2)
		}
		for i := range p1.Angles {
			if math.Float64bits(p1.Angles[i]) != math.Float64bits(p2.Angles[i]) {
				t.Fatalf("angle %d: reused %v fresh %v", i, p1.Angles[i], p2.Angles[i])
			}
		}
	}
}

// Zero allocations per solve after the first use.
func TestSolveAllocs(t *testing.T) {
	c10 := mustChain(t, ik.Bone{Length: 10, Limit: ik.Limit{Min: -1, Max: 1, Enabled: true}}, ik.Bone{Length: 10}, ik.Bone{Length: 10}, ik.Bone{Length: 10})
	c2 := limb(t)
	targets := []mgl64.Vec2{{10, 20}, {-30, 5}, {100, 100}, {0, 0}}
	w := []float64{0.2, 0.5, 0.8, 1}
	weighted := func(s ik.Solver, weight float64) ik.Solver {
		s.(interface{ SetWeight(float64) }).SetWeight(weight)
		return s
	}
	for _, tc := range []struct {
		name string
		s    namedSolver
		c    *ik.Chain
	}{
		{"TwoBone", namedSolver{s: weighted(&ik.TwoBone{Softness: 5, Stretch: 1.1}, 0.8)}, c2},
		{"ArmAim", namedSolver{s: weighted(&ik.ArmAim{}, 0.9)}, c2},
		{"FABRIK", namedSolver{s: weighted(&ik.FABRIK{}, 0.7)}, c10},
		{"CCD", namedSolver{s: weighted(&ik.CCD{Weights: w, MaxStep: 0.2}, 0.9)}, c10},
		{"LookAt", namedSolver{s: weighted(&ik.LookAt{Weights: w}, 0.9)}, c10},
	} {
		p := tc.c.NewPose()
		tc.s.s.Solve(tc.c, &p, targets[0])
		i := 0
		n := testing.AllocsPerRun(200, func() {
			tc.s.s.Solve(tc.c, &p, targets[i%len(targets)])
			i++
		})
		if n != 0 {
			t.Errorf("%s: %v allocs per solve, want 0", tc.name, n)
		}
	}
	mid := mgl64.Vec2{}
	if n := testing.AllocsPerRun(100, func() { mid, _ = ik.SolveTwoBone(mgl64.Vec2{}, mgl64.Vec2{50, 50}, 60, 40, 1) }); n != 0 {
		t.Errorf("SolveTwoBone allocs %v", n)
	}
	_ = mid
}

// MaxCoord is 1e7, the terrain package's limit. An origin at +-MaxCoord is
// solved, and the bones keep their lengths within 1e-9 relative plus two
// ulps of the coordinates (checkPose); one ulp further out the pose is
// invalid input: left unchanged, zero Result.
func TestMaxCoord(t *testing.T) {
	if ik.MaxCoord != 1e7 {
		t.Fatalf("MaxCoord = %g, want 1e7 (terrain.MaxCoord)", ik.MaxCoord)
	}
	rng := rand.New(rand.NewPCG(51, 52))
	c := mustChain(t, ik.Bone{Length: 2}, ik.Bone{Length: 7.5}, ik.Bone{Length: 30}, ik.Bone{Length: 3.25})
	worst := 0.0
	for _, o := range []mgl64.Vec2{{ik.MaxCoord, ik.MaxCoord}, {-ik.MaxCoord, 12.5}, {3, -ik.MaxCoord}} {
		for k := 0; k < 200; k++ {
			for _, ns := range allSolvers() {
				if ns.twoOnly {
					continue
				}
				p := c.NewPose()
				p.Origin = o
				a := rng.Float64() * 2 * math.Pi
				target := o.Add(mgl64.Vec2{40 * math.Cos(a), 40 * math.Sin(a)}.Mul(rng.Float64()))
				r := ns.s.Solve(c, &p, target)
				if (r == ik.Result{}) {
					t.Fatalf("%s: origin %v rejected", ns.name, o)
				}
				checkPose(t, c, &p, r)
				j := c.Joints(&p, nil)
				for i := 0; i < c.Len(); i++ {
					worst = math.Max(worst, math.Abs(j[i+1].Sub(j[i]).Len()-c.Bone(i).Length))
				}
			}
		}
	}
	t.Logf("origin at MaxCoord: worst bone length error %.3g px", worst)
	beyond := math.Nextafter(ik.MaxCoord, math.Inf(1))
	for _, o := range []mgl64.Vec2{{beyond, 0}, {0, -beyond}, {1e12, 0}} {
		for _, ns := range allSolvers() {
			if ns.twoOnly {
				continue
			}
			p := c.NewPose()
			p.Origin = o
			before := append([]float64(nil), p.Angles...)
			if r := ns.s.Solve(c, &p, o.Add(mgl64.Vec2{10, 10})); (r != ik.Result{}) {
				t.Errorf("%s: origin %v beyond MaxCoord solved: %+v", ns.name, o, r)
			}
			for i := range before {
				if p.Angles[i] != before[i] {
					t.Errorf("%s: origin %v beyond MaxCoord changed angle %d", ns.name, o, i)
				}
			}
		}
	}
}
