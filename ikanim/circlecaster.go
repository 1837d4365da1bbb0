package ikanim

import "github.com/go-gl/mathgl/mgl64"

// CircleCaster is a radius cast a Ground may also offer (package terrain's
// World does): sweep a circle of the given radius from one centre to
// another and report the first contact. Users of the ground discover it
// with a type assertion and fall back to Ground's rays without it.
//
// CircleCast returns the contact point on the surface, the outward unit
// surface normal there, the fraction in [0,1] of the way from from to to
// at which the circle's centre stands when it first touches, and ok=true
// for a hit; ok=false and zero values for a miss. A circle that already
// overlaps a surface at from reports fraction 0. Implementations must not
// allocate in steady state and must never return NaN.
type CircleCaster interface {
	CircleCast(from, to mgl64.Vec2, radius float64) (point, normal mgl64.Vec2, fraction float64, ok bool)
}
