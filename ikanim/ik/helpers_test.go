package ik_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/ikanim/kit/ikanim/ik"
)

const lenTol = 1e-9 // relative bone length tolerance

func mustChain(t testing.TB, bones ...ik.Bone) *ik.Chain {
	t.Helper()
	c, err := ik.NewChain(bones...)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// inLimit reports whether angle a (in (-pi, pi]) is within limit l, up to
// tol: a limit with Min = -pi contains pi, the same direction (solvers
// write pi for it).
func inLimit(a float64, l ik.Limit, tol float64) bool {
	if a >= l.Min-tol && a <= l.Max+tol {
		return true
	}
	return l.Min <= -math.Pi+tol && a >= math.Pi-tol
}

func near(a, b mgl64.Vec2, tol float64) bool {
	return math.Abs(a[0]-b[0]) <= tol && math.Abs(a[1]-b[1]) <= tol
}

func isFinite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// checkPose asserts the invariants every solve must keep: finite angles
// and joints, root pinned at Origin, lengths preserved, limits respected,
// and a finite result error. Lengths are measured from the joints, not
// taken from the code under test.
func checkPose(t testing.TB, c *ik.Chain, p *ik.Pose, r ik.Result) {
	t.Helper()
	if !isFinite(r.Error) || r.Error < 0 {
		t.Fatalf("Result.Error = %v, want finite >= 0", r.Error)
	}
	for i, a := range p.Angles {
		if !isFinite(a) {
			t.Fatalf("Angles[%d] = %v, want finite", i, a)
		}
		if !(a > -math.Pi && a <= math.Pi) {
			t.Fatalf("Angles[%d] = %v outside (-pi, pi]", i, a)
		}
		if l := c.Bone(i).Limit; l.Enabled && !inLimit(a, l, 1e-12) {
			t.Fatalf("Angles[%d] = %v outside limit [%v, %v]", i, a, l.Min, l.Max)
		}
	}
	j := c.Joints(p, nil)
	if len(j) != c.Len()+1 {
		t.Fatalf("len(Joints) = %d, want %d", len(j), c.Len()+1)
	}
	if isFinite(p.Origin[0]) && isFinite(p.Origin[1]) && j[0] != p.Origin {
		t.Fatalf("root = %v, want Origin %v", j[0], p.Origin)
	}
	for i := 0; i < c.Len(); i++ {
		if !isFinite(j[i+1][0]) || !isFinite(j[i+1][1]) {
			t.Fatalf("joint %d = %v, want finite", i+1, j[i+1])
		}
		got, want := j[i+1].Sub(j[i]).Len(), c.Bone(i).Length
		// 1e-9 relative, plus the rounding of the coordinates themselves:
		// two ulps of the largest (a joint at x = MaxCoord = 1e7 is known
		// to 1.9e-9 px; TestMaxCoord measures 1.2e-9 px).
		mag := math.Max(math.Max(math.Abs(j[i][0]), math.Abs(j[i][1])), math.Max(math.Abs(j[i+1][0]), math.Abs(j[i+1][1])))
		if p.Mirror {
			// Mirrored joints are computed unmirrored, then reflected: the
			// unmirrored x, up to 2|Origin.x| + |x|, sets the rounding.
			mag += 2 * math.Abs(p.Origin[0])
		}
		if math.Abs(got-want) > lenTol*want+coordSlack(mag) {
			t.Fatalf("bone %d length = %v, want %v", i, got, want)
		}
	}
}

// coordSlack is the length error (px) that rounding coordinates of
// magnitude up to mag can cause by itself: two ulps.
func coordSlack(mag float64) float64 { return 2 * (math.Nextafter(mag, math.Inf(1)) - mag) }

// randomChain builds a chain of n bones with random lengths in [5, 50],
// random rest angles, and limits on about half the bones when limited.
func randomChain(t testing.TB, rng *rand.Rand, n int, limited bool) *ik.Chain {
	bones := make([]ik.Bone, n)
	for i := range bones {
		bones[i] = ik.Bone{Name: "r", Length: 5 + 45*rng.Float64(), Rest: (rng.Float64() - 0.5) * 1.0}
		if limited && rng.IntN(2) == 0 {
			lo := -0.2 - rng.Float64()*1.5
			hi := 0.2 + rng.Float64()*1.5
			bones[i].Limit = ik.Limit{Min: lo, Max: hi, Enabled: true}
			bones[i].Rest = (lo + hi) / 2
		}
	}
	return mustChain(t, bones...)
}

// reflect mirrors a point about the vertical line x = ox.
func reflect(v mgl64.Vec2, ox float64) mgl64.Vec2 { return mgl64.Vec2{2*ox - v[0], v[1]} }

type namedSolver struct {
	name    string
	s       ik.Solver
	twoOnly bool
}

// allSolvers returns fresh solvers of every kind with default settings.
func allSolvers() []namedSolver {
	return []namedSolver{
		{"TwoBone", &ik.TwoBone{}, true},
		{"ArmAim", &ik.ArmAim{}, true},
		{"FABRIK", &ik.FABRIK{}, false},
		{"CCD", &ik.CCD{}, false},
		{"LookAt", &ik.LookAt{}, false},
	}
}
