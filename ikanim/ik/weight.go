package ik

import "github.com/go-gl/mathgl/mgl64"

// Solver is what every solver of this package satisfies (TwoBone, ArmAim,
// FABRIK, CCD, LookAt): Solve poses chain c, writing p.Angles, so that the
// end of the chain reaches target (or, for the aiming solvers, points at
// it), and reports how close it got. It does not allocate once the
// solver's scratch has grown to the chain, never writes NaN or Inf, and
// gives bit-identical results for identical inputs.
//
// Tunables (bend side, iterations, limits, weight) are fields and methods
// of each solver value; the value also holds its scratch space, so one
// solver value serves one chain at a time.
type Solver interface {
	Solve(c *Chain, p *Pose, target mgl64.Vec2) Result
}

// Weighting is the weight of a solver: how much of its IK solution replaces
// the input pose, per bone along the shortest arc, with 1 = full IK and 0 =
// the input pose unchanged (an early out). Every solver embeds one.
//
// Its zero value is weight 1, so zero-value solvers solve fully: it stores
// 1-w, the way ebiten.GeoM stores a-1 so that its zero value is the
// identity. Set it with SetWeight.
type Weighting struct {
	off float64 // 1 - weight, in [0,1]
}

// Weight returns the weight in [0,1] (1 = full IK).
func (w *Weighting) Weight() float64 { return 1 - w.off }

// SetWeight sets the weight: values are clamped to [0,1] and NaN counts as
// 0 (no IK).
func (w *Weighting) SetWeight(v float64) { w.off = 1 - clamp01(v) }

// fade is how far the result fades back toward the input pose, in [0,1].
func (w *Weighting) fade() float64 { return clamp01(w.off) }

// Compile-time checks that every solver is a Solver.
var (
	_ Solver = (*TwoBone)(nil)
	_ Solver = (*ArmAim)(nil)
	_ Solver = (*FABRIK)(nil)
	_ Solver = (*CCD)(nil)
	_ Solver = (*LookAt)(nil)
)
