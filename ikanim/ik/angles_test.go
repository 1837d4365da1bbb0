package ik_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/ikanim/kit/ikanim/ik"
)

// The package promise: every solve with a weight above 0 writes local
// angles in (-pi, pi], within the bones' limits, whatever the input angles
// (rests and input poses outside (-pi, pi], folded bones at exactly +-pi,
// limits reaching -pi or pi). checkPose asserts the range with the other
// invariants.

// A head at local angle 3.0 turning a further 0.5 clockwise must come out
// at 3.5 - 2*pi, not 3.5 (LookAt wrote the unwrapped sum).
func TestLookAtWrapsAngles(t *testing.T) {
	c := mustChain(t, ik.Bone{Length: 10}, ik.Bone{Length: 5})
	p := c.NewPose()
	p.Angles[1] = 3.0
	// The head's pivot is joint 1 at (10, 0); aim at world angle 3.5.
	target := mgl64.Vec2{10 + 50*math.Cos(3.5), 50 * math.Sin(3.5)}
	var s ik.LookAt
	r := s.Solve(c, &p, target)
	checkPose(t, c, &p, r)
	if want := 3.5 - 2*math.Pi; math.Abs(p.Angles[1]-want) > 1e-12 || r.Error > 1e-9 {
		t.Errorf("head angle %v (error %v), want %v", p.Angles[1], r.Error, want)
	}
}

// A folded bone at exactly pi stays pi (never -pi), and a limit with
// Min = -pi clamps to pi, the same direction.
func TestAnglesAtPi(t *testing.T) {
	c := mustChain(t, ik.Bone{Length: 10}, ik.Bone{Length: 10, Rest: math.Pi})
	for _, ns := range allSolvers() {
		p := c.NewPose()
		// The end is on the root: FABRIK and CCD are already there.
		r := ns.s.Solve(c, &p, mgl64.Vec2{})
		checkPose(t, c, &p, r)
		if p.Angles[1] == -math.Pi {
			t.Errorf("%s: folded angle -pi, want pi", ns.name)
		}
	}
	// One bone limited to [-pi, -3] (pointing left); the target lies at
	// angle 2, which is 1.14 from -pi and 1.28 from -3, so every solver
	// clamps to the -pi bound and must write it as pi.
	lim := ik.Limit{Min: -math.Pi, Max: -3, Enabled: true}
	one := mustChain(t, ik.Bone{Length: 10, Limit: lim})
	for _, s := range []ik.Solver{&ik.FABRIK{}, &ik.CCD{}, &ik.LookAt{}} {
		p := one.NewPose()
		p.Angles[0] = -3
		r := s.Solve(one, &p, mgl64.Vec2{10 * math.Cos(2), 10 * math.Sin(2)})
		checkPose(t, one, &p, r)
		if p.Angles[0] != math.Pi {
			t.Errorf("%T: angle %v, want pi (the -pi bound)", s, p.Angles[0])
		}
	}
}

// Property over seeded random chains, poses, targets and weights for every
// solver.
func TestAnglesInRangeProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	odd := []float64{math.Pi, -math.Pi, math.Nextafter(math.Pi, 4), math.Nextafter(-math.Pi, -4), 3.1, -3.1, 7, -7, 1e3, -1e6}
	for i := 0; i < 1500; i++ {
		n := 1 + rng.IntN(8)
		if i%3 == 0 {
			n = 2
		}
		bones := make([]ik.Bone, n)
		for b := range bones {
			bones[b] = ik.Bone{Name: "r", Length: 2 + 40*rng.Float64(), Rest: (rng.Float64() - 0.5) * 20}
			switch rng.IntN(4) {
			case 0:
				lo := -math.Pi + rng.Float64()*3
				hi := lo + rng.Float64()*(math.Pi-lo)
				bones[b].Limit = ik.Limit{Min: lo, Max: hi, Enabled: true}
			case 1:
				bones[b].Limit = ik.Limit{Min: -math.Pi, Max: -math.Pi + 2*rng.Float64(), Enabled: true}
			case 2:
				bones[b].Limit = ik.Limit{Min: math.Pi - 2*rng.Float64(), Max: math.Pi, Enabled: true}
			}
		}
		c := mustChain(t, bones...)
		origin := mgl64.Vec2{rng.Float64()*200 - 100, rng.Float64()*200 - 100}
		a := rng.Float64() * 2 * math.Pi
		r := c.Reach() * 1.5 * rng.Float64()
		target := origin.Add(mgl64.Vec2{r * math.Cos(a), r * math.Sin(a)})
		weight := 1.0
		switch rng.IntN(3) {
		case 1:
			weight = 0.5
		case 2:
			weight = 1e-3 + rng.Float64()
		}
		solvers := []namedSolver{
			{"FABRIK", &ik.FABRIK{}, false},
			{"CCD", &ik.CCD{MaxIterations: 30, Weights: ik.TaperWeights(nil, n, rng.Float64()), MaxStep: rng.Float64()}, false},
			{"LookAt", &ik.LookAt{Axis: rng.Float64()*8 - 4}, false},
			{"LookAt weighted", &ik.LookAt{Weights: ik.TaperWeights(nil, n, 1)}, false},
		}
		if n == 2 {
			solvers = append(solvers,
				namedSolver{"TwoBone", &ik.TwoBone{Bend: rng.Float64() - 0.5, Softness: 5 * rng.Float64(), Stretch: 1 + rng.Float64()}, true},
				namedSolver{"ArmAim", &ik.ArmAim{Bend: rng.Float64() - 0.5}, true})
		}
		for _, ns := range solvers {
			ns.s.(interface{ SetWeight(float64) }).SetWeight(weight)
			p := c.NewPose()
			p.Origin, p.Base, p.Mirror = origin, (rng.Float64()-0.5)*10, rng.IntN(2) == 0
			for b := range p.Angles {
				if rng.IntN(3) == 0 {
					p.Angles[b] = odd[rng.IntN(len(odd))]
				}
			}
			res := ns.s.Solve(c, &p, target)
			if (res == ik.Result{}) {
				t.Fatalf("%s case %d: zero Result for a valid pose", ns.name, i)
			}
			checkPose(t, c, &p, res)
		}
	}
}
