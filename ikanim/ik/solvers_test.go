package ik_test

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/ikanim/kit/ikanim/ik"
)

// A straight 3-bone chain along +x reaching for a target straight ahead at
// exactly its length is solved by FABRIK and CCD without moving; a target
// beyond reach straight down makes FABRIK point every bone down (angles
// pi/2, 0, 0) in one pass.
func TestFABRIKHandCases(t *testing.T) {
	c := mustChain(t, ik.Bone{Length: 10}, ik.Bone{Length: 10}, ik.Bone{Length: 10})
	p := c.NewPose()
	var s ik.FABRIK
	r := s.Solve(c, &p, mgl64.Vec2{30, 0})
	if r.Iterations != 0 || !r.Reached || p.Angles[0] != 0 || p.Angles[1] != 0 || p.Angles[2] != 0 {
		t.Errorf("target at the end: %+v %v, want 0 iterations and angles unchanged", r, p.Angles)
	}
	r = s.Solve(c, &p, mgl64.Vec2{0, 100})
	checkPose(t, c, &p, r)
	want := []float64{math.Pi / 2, 0, 0}
	for i := range want {
		if math.Abs(p.Angles[i]-want[i]) > 1e-12 {
			t.Errorf("unreachable down: angle %d = %v, want %v", i, p.Angles[i], want[i])
		}
	}
	if r.Iterations != 1 || math.Abs(r.Error-70) > 1e-9 || r.Reached {
		t.Errorf("unreachable down: %+v, want 1 iteration, error 70", r)
	}
	// Reachable from the straight pose (FABRIK's collinear fixed point):
	// the end lands within tolerance.
	r = s.Solve(c, &p, mgl64.Vec2{0, 15})
	checkPose(t, c, &p, r)
	if !r.Reached || c.End(&p).Sub(mgl64.Vec2{0, 15}).Len() > 0.01 {
		t.Errorf("reachable: %+v end %v", r, c.End(&p))
	}
}

// CCD on one bone is exact in one iteration: the bone turns onto the
// target direction.
func TestCCDHandCases(t *testing.T) {
	c := mustChain(t, ik.Bone{Length: 10})
	p := c.NewPose()
	var s ik.CCD
	r := s.Solve(c, &p, mgl64.Vec2{0, 50})
	if math.Abs(p.Angles[0]-math.Pi/2) > 1e-12 || math.Abs(r.Error-40) > 1e-9 {
		t.Errorf("one bone: angle %v error %v, want pi/2, 40", p.Angles[0], r.Error)
	}
	// MaxStep bounds every bone's turn in one iteration.
	c3 := mustChain(t, ik.Bone{Length: 10}, ik.Bone{Length: 10}, ik.Bone{Length: 10})
	p = c3.NewPose()
	s = ik.CCD{MaxIterations: 1, MaxStep: 0.1}
	s.Solve(c3, &p, mgl64.Vec2{-5, 20})
	for i, a := range p.Angles {
		if math.Abs(a) > 0.1+1e-12 {
			t.Errorf("MaxStep 0.1: angle %d moved by %v", i, a)
		}
	}
	// Weight 0 freezes a bone.
	p = c3.NewPose()
	s = ik.CCD{Weights: []float64{1, 0, 1}, MaxIterations: 50}
	r = s.Solve(c3, &p, mgl64.Vec2{5, 20})
	checkPose(t, c3, &p, r)
	if p.Angles[1] != 0 {
		t.Errorf("weight 0: bone 1 angle %v, want 0", p.Angles[1])
	}
}

func TestTaperWeights(t *testing.T) {
	w := ik.TaperWeights(nil, 5, 0.2)
	want := []float64{1, 0.8, 0.6, 0.4, 0.2}
	for i := range want {
		if math.Abs(w[i]-want[i]) > 1e-12 {
			t.Errorf("TaperWeights[%d] = %v, want %v", i, w[i], want[i])
		}
	}
	buf := make([]float64, 0, 8)
	if n := testing.AllocsPerRun(10, func() { buf = ik.TaperWeights(buf, 8, 0.5) }); n != 0 {
		t.Errorf("TaperWeights allocs %v", n)
	}
}

// Property test over seeded random chains and targets: invariants always;
// convergence under the documented criteria (no limits, target within
// reach, enough iterations).
func TestSolversProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for i := 0; i < 600; i++ {
		n := 1 + rng.IntN(9)
		limited := i%2 == 1
		c := randomChain(t, rng, n, limited)
		origin := mgl64.Vec2{rng.Float64()*400 - 200, rng.Float64()*400 - 200}
		a := rng.Float64() * 2 * math.Pi
		r := c.Reach() * 1.3 * math.Sqrt(rng.Float64())
		target := origin.Add(mgl64.Vec2{r * math.Cos(a), r * math.Sin(a)})
		solvers := []namedSolver{
			{"FABRIK", &ik.FABRIK{MaxIterations: 500, Tolerance: 1e-3}, false},
			{"CCD", &ik.CCD{MaxIterations: 2000, Tolerance: 1e-3}, false},
			{"LookAt", &ik.LookAt{Weights: ik.TaperWeights(nil, n, 1)}, false},
		}
		if n == 2 {
			solvers = append(solvers, namedSolver{"TwoBone", &ik.TwoBone{}, true}, namedSolver{"ArmAim", &ik.ArmAim{}, true})
		}
		for _, ns := range solvers {
			p := c.NewPose()
			p.Origin, p.Base, p.Mirror = origin, rng.Float64()-0.5, rng.IntN(2) == 0
			res := ns.s.Solve(c, &p, target)
			checkPose(t, c, &p, res)
			if got := c.End(&p).Sub(target).Len(); ns.name != "LookAt" && ns.name != "ArmAim" && math.Abs(got-res.Error) > 1e-9 {
				t.Fatalf("%s case %d: Result.Error %v, measured %v", ns.name, i, res.Error, got)
			}
			// Reachable annulus of an unlimited chain: [max(0, 2*longest - sum), sum].
			longest := 0.0
			for b := 0; b < n; b++ {
				longest = math.Max(longest, c.Bone(b).Length)
			}
			minReach := math.Max(0, 2*longest-c.Reach())
			reachable := r < c.Reach()*0.999 && r > minReach+0.001*c.Reach()
			if ns.name == "CCD" {
				// CCD crawls near full extension: its documented criterion
				// stops at 95% of the reach.
				reachable = reachable && r < 0.95*c.Reach()
			}
			if !limited && reachable && (ns.name == "FABRIK" || ns.name == "CCD") && !res.Reached {
				t.Errorf("%s case %d (n=%d, r/reach=%.3f): not reached, error %v after %d iterations", ns.name, i, n, r/c.Reach(), res.Error, res.Iterations)
			}
			if !limited && ns.name == "TwoBone" && r <= c.Reach()*(1-ik.DefaultMargin) && r >= math.Abs(c.Bone(0).Length-c.Bone(1).Length) && res.Error > 1e-9 {
				t.Errorf("TwoBone case %d: error %v > 1e-9 for a reachable target", i, res.Error)
			}
			if !limited && ns.name == "LookAt" && res.Error > 1e-9 {
				t.Errorf("LookAt case %d: aim error %v", i, res.Error)
			}
		}
	}
}

func TestLookAt(t *testing.T) {
	// Head only: a 3-bone neck pointing right; the target straight below
	// the head pivot (joint 2 at (20,0)) turns the head to pi/2 world.
	c := mustChain(t, ik.Bone{Length: 10}, ik.Bone{Length: 10}, ik.Bone{Length: 5})
	p := c.NewPose()
	var s ik.LookAt
	r := s.Solve(c, &p, mgl64.Vec2{20, 40})
	if math.Abs(p.Angles[2]-math.Pi/2) > 1e-12 || p.Angles[0] != 0 || p.Angles[1] != 0 || r.Error > 1e-9 {
		t.Errorf("head look down: angles %v error %v, want [0 0 pi/2]", p.Angles, r.Error)
	}
	// Axis -pi/2: the bone's "up" side aims at the target.
	p = c.NewPose()
	s = ik.LookAt{Axis: -math.Pi / 2}
	s.Solve(c, &p, mgl64.Vec2{20, -40})
	if math.Abs(p.Angles[2]) > 1e-12 {
		t.Errorf("axis -pi/2 aiming up: head angle %v, want 0", p.Angles[2])
	}
	// Spread: spine and neck take a share, the head finishes exactly.
	p = c.NewPose()
	s = ik.LookAt{Weights: []float64{0.2, 0.3, 1}}
	r = s.Solve(c, &p, mgl64.Vec2{0, 80})
	checkPose(t, c, &p, r)
	if r.Error > 1e-9 || !(p.Angles[0] > 0.1) || !(p.Angles[1] > 0.1) {
		t.Errorf("spread: angles %v error %v, want all turned clockwise and exact aim", p.Angles, r.Error)
	}
	// A head limit stops the turn.
	cl := mustChain(t, ik.Bone{Length: 10}, ik.Bone{Length: 5, Limit: ik.Limit{Min: -0.3, Max: 0.3, Enabled: true}})
	p = cl.NewPose()
	s = ik.LookAt{}
	r = s.Solve(cl, &p, mgl64.Vec2{10, 50})
	if p.Angles[1] != 0.3 || r.Reached {
		t.Errorf("limited head: angle %v reached %v, want 0.3 false", p.Angles[1], r.Reached)
	}
}

func TestBlend(t *testing.T) {
	anim := []float64{0, 3, -3, 1, math.NaN(), 2}
	solv := []float64{1, -3, 3, 1, 0.5, math.Inf(1)}
	dst := make([]float64, len(anim))
	ik.Blend(dst, anim, solv, 0.5)
	// 3 -> -3 the short way crosses pi: the midpoint is 3 + (2pi-6)/2.
	half := (2*math.Pi - 6) / 2
	want := []float64{0.5, 3 + half, -3 - half, 1, 0.5, 2}
	for i := range want {
		if math.Abs(dst[i]-want[i]) > 1e-12 {
			t.Errorf("Blend[%d] = %v, want %v", i, dst[i], want[i])
		}
	}
	for _, w := range []float64{math.NaN(), -1} {
		ik.Blend(dst, anim[:1], solv[:1], w)
		if dst[0] != 0 {
			t.Errorf("Blend w=%v gave %v, want the animated 0", w, dst[0])
		}
	}
	ik.Blend(dst, anim[:1], solv[:1], 7)
	if dst[0] != 1 {
		t.Errorf("Blend w=7 gave %v, want the solved 1", dst[0])
	}
	if n := testing.AllocsPerRun(10, func() { ik.Blend(dst, anim, solv, 0.3) }); n != 0 {
		t.Errorf("Blend allocs %v", n)
	}
}

// Weight 0 leaves the pose unchanged; weight 0.5 lands halfway (shortest
// arc) between the input and the full solve; the zero value and weight 1
// are full IK; NaN is weight 0.
func TestWeight(t *testing.T) {
	c := mustChain(t, ik.Bone{Length: 60, Rest: 0.2}, ik.Bone{Length: 40, Rest: 0.3})
	target := mgl64.Vec2{30, 60}
	type weighted interface {
		ik.Solver
		SetWeight(float64)
		Weight() float64
	}
	mk := func(kind string) weighted {
		switch kind {
		case "TwoBone":
			return &ik.TwoBone{}
		case "ArmAim":
			return &ik.ArmAim{}
		case "FABRIK":
			return &ik.FABRIK{}
		case "CCD":
			return &ik.CCD{}
		}
		return &ik.LookAt{}
	}
	with := func(kind string, w float64) weighted {
		s := mk(kind)
		s.SetWeight(w)
		return s
	}
	for _, kind := range []string{"TwoBone", "ArmAim", "FABRIK", "CCD", "LookAt"} {
		if w := mk(kind).Weight(); w != 1 {
			t.Errorf("%s: zero value Weight() = %v, want 1", kind, w)
		}
		zero := c.NewPose()
		mk(kind).Solve(c, &zero, target)
		full := c.NewPose()
		with(kind, 1).Solve(c, &full, target)
		nan := c.NewPose()
		with(kind, math.NaN()).Solve(c, &nan, target)
		none := c.NewPose()
		with(kind, 0).Solve(c, &none, target)
		over := c.NewPose()
		with(kind, 7).Solve(c, &over, target)
		half := c.NewPose()
		r := with(kind, 0.5).Solve(c, &half, target)
		checkPose(t, c, &half, r)
		rest := c.NewPose()
		for i := range rest.Angles {
			if zero.Angles[i] != full.Angles[i] || over.Angles[i] != full.Angles[i] {
				t.Errorf("%s: angle %d: zero value %v, weight 7 %v, want weight 1's %v", kind, i, zero.Angles[i], over.Angles[i], full.Angles[i])
			}
			if none.Angles[i] != rest.Angles[i] {
				t.Errorf("%s weight 0: angle %d = %v, want %v", kind, i, none.Angles[i], rest.Angles[i])
			}
			if nan.Angles[i] != rest.Angles[i] {
				t.Errorf("%s weight NaN: angle %d = %v, want the input %v", kind, i, nan.Angles[i], rest.Angles[i])
			}
			want := rest.Angles[i] + 0.5*math.Remainder(full.Angles[i]-rest.Angles[i], 2*math.Pi)
			if math.Abs(half.Angles[i]-want) > 1e-12 {
				t.Errorf("%s weight 0.5: angle %d = %v, want %v", kind, i, half.Angles[i], want)
			}
		}
	}
}

// A mirrored solve equals the reflection of the unmirrored solve with the
// reflected target: same canonical angles, reflected joints.
func TestMirror(t *testing.T) {
	c := mustChain(t, ik.Bone{Length: 60, Rest: 0.2}, ik.Bone{Length: 40, Rest: 0.3, Limit: ik.Limit{Min: 0, Max: 2.5, Enabled: true}})
	origin := mgl64.Vec2{100, 200}
	for _, tgt := range []mgl64.Vec2{{150, 260}, {40, 230}, {100, 120}, {400, 0}} {
		for _, ns := range allSolvers() {
			plain := c.NewPose()
			plain.Origin = origin
			rp := ns.s.Solve(c, &plain, tgt)
			mir := c.NewPose()
			mir.Origin, mir.Mirror = origin, true
			// a fresh solver of the same kind
			var fresh namedSolver
			for _, f := range allSolvers() {
				if f.name == ns.name {
					fresh = f
				}
			}
			rm := fresh.s.Solve(c, &mir, reflect(tgt, origin[0]))
			if rp.Error != rm.Error && math.Abs(rp.Error-rm.Error) > 1e-9 {
				t.Errorf("%s target %v: error %v mirrored %v", ns.name, tgt, rp.Error, rm.Error)
			}
			jp, jm := c.Joints(&plain, nil), c.Joints(&mir, nil)
			for i := range jp {
				if !near(jm[i], reflect(jp[i], origin[0]), 1e-9) {
					t.Errorf("%s target %v: mirrored joint %d = %v, want %v", ns.name, tgt, i, jm[i], reflect(jp[i], origin[0]))
				}
			}
		}
	}
	// Pole and bend flip with the facing too.
	s := ik.TwoBone{Pole: mgl64.Vec2{150, 300}, UsePole: true}
	m := ik.TwoBone{Pole: reflect(mgl64.Vec2{150, 300}, origin[0]), UsePole: true}
	a, b := c.NewPose(), c.NewPose()
	a.Origin, b.Origin, b.Mirror = origin, origin, true
	s.Solve(c, &a, mgl64.Vec2{180, 200})
	m.Solve(c, &b, reflect(mgl64.Vec2{180, 200}, origin[0]))
	if a.Angles[0] != b.Angles[0] || a.Angles[1] != b.Angles[1] {
		t.Errorf("pole mirrored: angles %v vs %v", a.Angles, b.Angles)
	}
}

// Regression: when turning the chain about its root alone brings the end onto
// the target (0 iterations), the new angles must still be written back.
func TestFABRIKWritesBackATurnOnlySolve(t *testing.T) {
	c, err := ik.NewChain(ik.Bone{Name: "a", Length: 10}, ik.Bone{Name: "b", Length: 10, Rest: 0.5}, ik.Bone{Name: "c", Length: 10, Rest: 0.5})
	if err != nil {
		t.Fatal(err)
	}
	p := c.NewPose()
	end := c.End(&p)
	// The same distance from the root, turned 60 degrees about it.
	s, co := math.Sincos(math.Pi / 3)
	target := mgl64.Vec2{end[0]*co - end[1]*s, end[0]*s + end[1]*co}
	var f ik.FABRIK
	r := f.Solve(c, &p, target)
	if got := c.End(&p); got.Sub(target).Len() > 0.01 {
		t.Fatalf("end at %v after the solve (result %+v), want the target %v", got, r, target)
	}
	if math.Abs(r.Error-c.End(&p).Sub(target).Len()) > 1e-9 {
		t.Errorf("Result.Error %v disagrees with the pose's end error %v", r.Error, c.End(&p).Sub(target).Len())
	}
}

// CCD has its own default iteration cap, DefaultCCDIterations, chosen so
// that the zero-value CCD ends within 1 px of the target on 99% of the
// BENCH.md chain10 workloads (random targets from the rest pose; the track
// solved warm), as FABRIK does with its 10. At FABRIK's 10 iterations CCD's
// p99 error was 32 px (random) and 3.9 px (track).
func TestCCDDefaultIterations(t *testing.T) {
	if ik.DefaultCCDIterations <= ik.DefaultFABRIKIterations {
		t.Fatalf("DefaultCCDIterations %d <= DefaultFABRIKIterations %d", ik.DefaultCCDIterations, ik.DefaultFABRIKIterations)
	}
	c := chain10()
	for _, w := range []struct {
		name    string
		targets []mgl64.Vec2
		cold    bool
	}{{"random cold", chain10Random()[:2000], true}, {"track warm", chain10Track()[:2000], false}} {
		var s ik.CCD
		p := c.NewPose()
		rest := append([]float64(nil), p.Angles...)
		errs := make([]float64, 0, len(w.targets))
		maxIt := 0
		for _, tg := range w.targets {
			if w.cold {
				copy(p.Angles, rest)
			}
			r := s.Solve(c, &p, tg)
			errs = append(errs, r.Error)
			maxIt = max(maxIt, r.Iterations)
		}
		slices.Sort(errs)
		p99 := errs[len(errs)*99/100]
		t.Logf("CCD zero value, chain10 %s: p99 error %.3g px, most iterations %d", w.name, p99, maxIt)
		if p99 > 1 || maxIt != ik.DefaultCCDIterations {
			t.Errorf("%s: p99 error %.3g px (want <= 1), most iterations %d (want the cap %d)", w.name, p99, maxIt, ik.DefaultCCDIterations)
		}
	}
	// FABRIK keeps its own cap.
	p := c.NewPose()
	if r := (&ik.FABRIK{Tolerance: 1e-300}).Solve(c, &p, mgl64.Vec2{30, 40}); r.Iterations != ik.DefaultFABRIKIterations {
		t.Errorf("FABRIK zero MaxIterations ran %d iterations, want %d", r.Iterations, ik.DefaultFABRIKIterations)
	}
}
