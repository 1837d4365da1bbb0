package ik_test

import (
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/ikanim/kit/ikanim/ik"
)

// Benchmarks on the BENCH.md workloads. Reproduce with
//
//	go test -run XXX -bench . -benchmem -benchtime 300ms ./ikanim/ik/
//
// Custom metrics: err-p99 (px) and conv-% (share of solves with error <=
// 0.01 px) over the solves of the run, iters (mean iterations per solve)
// and ns/iter.

type solver interface {
	Solve(c *ik.Chain, p *ik.Pose, target mgl64.Vec2) ik.Result
}

type workload struct {
	name    string
	targets []mgl64.Vec2
}

func limb2Workloads() []workload {
	return []workload{{"random", limb2Random()}, {"track", limb2Track()}}
}

func chain10Workloads() []workload {
	return []workload{{"random", chain10Random()}, {"track", chain10Track()}}
}

// stats collects per-solve errors and iterations without allocating.
type stats struct {
	errs  []float64
	iters int
	n     int
}

func newStats() *stats { return &stats{errs: make([]float64, 0, 1<<20)} }

func (s *stats) add(e float64, it int) {
	if len(s.errs) < cap(s.errs) {
		s.errs = append(s.errs, e)
	}
	s.iters += it
	s.n++
}

func (s *stats) report(b *testing.B, perIter bool) {
	if len(s.errs) == 0 {
		return
	}
	e := slices.Clone(s.errs)
	slices.Sort(e)
	conv := 0
	for _, v := range e {
		if v <= 0.01 {
			conv++
		}
	}
	b.ReportMetric(e[(len(e)*99)/100], "err-p99")
	b.ReportMetric(100*float64(conv)/float64(len(e)), "conv-%")
	it := float64(s.iters) / float64(s.n)
	b.ReportMetric(it, "iters")
	if perIter && it > 0 {
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(s.iters), "ns/iter")
	}
}

func benchSolver(b *testing.B, c *ik.Chain, s solver, targets []mgl64.Vec2, cold, perIter bool) {
	p := c.NewPose()
	rest := slices.Clone(p.Angles)
	st := newStats()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if cold {
			copy(p.Angles, rest)
		}
		r := s.Solve(c, &p, targets[i%len(targets)])
		st.add(r.Error, r.Iterations)
	}
	b.StopTimer()
	st.report(b, perIter)
}

func modes(b *testing.B, c *ik.Chain, ws []workload, mk func() solver, perIter bool) {
	for _, w := range ws {
		for _, mode := range []string{"cold", "warm"} {
			b.Run(w.name+"/"+mode, func(b *testing.B) {
				benchSolver(b, c, mk(), w.targets, mode == "cold", perIter)
			})
		}
	}
}

// BenchmarkTwoBoneKernel measures the trig-free kernel SolveTwoBone alone
// (positions in, positions out; it has no pose, so no cold/warm).
func BenchmarkTwoBoneKernel(b *testing.B) {
	for _, w := range limb2Workloads() {
		b.Run("limb2/"+w.name, func(b *testing.B) {
			targets := w.targets
			var sink float64
			j := 0
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				mid, end := ik.SolveTwoBone(mgl64.Vec2{}, targets[j], 60, 40, 1)
				sink += mid[0] + end[1]
				if j++; j == len(targets) {
					j = 0
				}
			}
			b.StopTimer()
			// Errors over the whole workload, outside the timed loop.
			st := newStats()
			for _, t := range targets {
				_, end := ik.SolveTwoBone(mgl64.Vec2{}, t, 60, 40, 1)
				st.add(end.Sub(t).Len(), 1)
			}
			st.report(b, false)
			if sink == 0.5 {
				b.Log(sink)
			}
		})
	}
}

// BenchmarkTwoBoneKernelXY measures the scalar form SolveTwoBoneXY, whose
// arguments and results travel in registers.
func BenchmarkTwoBoneKernelXY(b *testing.B) {
	for _, w := range limb2Workloads() {
		b.Run("limb2/"+w.name, func(b *testing.B) {
			targets := w.targets
			var sink float64
			j := 0
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				t := targets[j]
				mx, _, _, ey := ik.SolveTwoBoneXY(0, 0, t[0], t[1], 60, 40, 1)
				sink += mx + ey
				if j++; j == len(targets) {
					j = 0
				}
			}
			b.StopTimer()
			st := newStats()
			for _, t := range targets {
				_, _, ex, ey := ik.SolveTwoBoneXY(0, 0, t[0], t[1], 60, 40, 1)
				st.add(mgl64.Vec2{ex, ey}.Sub(t).Len(), 1)
			}
			st.report(b, false)
			if sink == 0.5 {
				b.Log(sink)
			}
		})
	}
}

// BenchmarkTwoBoneSolve measures TwoBone.Solve: validation, kernel, two
// atan2 for the local angles.
func BenchmarkTwoBoneSolve(b *testing.B) {
	modes(b, limb2(), limb2Workloads(), func() solver { return &ik.TwoBone{} }, false)
}

func BenchmarkFABRIKLimb2(b *testing.B) {
	modes(b, limb2(), limb2Workloads(), func() solver { return &ik.FABRIK{} }, true)
}

func BenchmarkFABRIKChain10(b *testing.B) {
	modes(b, chain10(), chain10Workloads(), func() solver { return &ik.FABRIK{} }, true)
}

// BenchmarkCCDChain10 runs CCD on the BENCH.md convention, at most 10
// iterations, so its figures compare with FABRIK's and the peers'.
func BenchmarkCCDChain10(b *testing.B) {
	modes(b, chain10(), chain10Workloads(), func() solver { return &ik.CCD{MaxIterations: 10} }, true)
}

// BenchmarkCCDChain10Default runs the zero-value CCD: at most
// DefaultCCDIterations (200) iterations.
func BenchmarkCCDChain10Default(b *testing.B) {
	modes(b, chain10(), chain10Workloads(), func() solver { return &ik.CCD{} }, true)
}

// BenchmarkFABRIKChain10Limited is FABRIK (zero value) on chain10 with
// every bone limited to +-60 degrees, which keeps part of the targets out
// of reach: the limited path (limited passes, then CCD sweeps).
func BenchmarkFABRIKChain10Limited(b *testing.B) {
	modes(b, chain10Limited(), chain10Workloads(), func() solver { return &ik.FABRIK{} }, true)
}

// BenchmarkLookAtChain10 spreads the turn over the 10 bones with weights
// fading from 0.1 to 1.
func BenchmarkLookAtChain10(b *testing.B) {
	w := make([]float64, 10)
	for i := range w {
		w[i] = float64(i+1) / 10
	}
	modes(b, chain10(), chain10Workloads(), func() solver { return &ik.LookAt{Weights: w} }, false)
}

// BenchmarkLookAtHead turns only the last bone (nil weights).
func BenchmarkLookAtHead(b *testing.B) {
	modes(b, chain10(), chain10Workloads(), func() solver { return &ik.LookAt{} }, false)
}

// BenchmarkFABRIKChain10Iter and BenchmarkCCDChain10Iter isolate the cost
// of one iteration: a tolerance of 1e-12 px keeps the solver iterating to
// its cap (10 for FABRIK, 80 for CCD) on the random targets, cold.
func BenchmarkFABRIKChain10Iter(b *testing.B) {
	benchSolver(b, chain10(), &ik.FABRIK{Tolerance: 1e-12}, chain10Random(), true, true)
}

func BenchmarkCCDChain10Iter(b *testing.B) {
	benchSolver(b, chain10(), &ik.CCD{Tolerance: 1e-12, MaxIterations: 80}, chain10Random(), true, true)
}
