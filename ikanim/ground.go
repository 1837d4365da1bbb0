package ikanim

import "github.com/go-gl/mathgl/mgl64"

// Ground is the one query the plugin asks of the world: cast a ray from one
// point to another and report the nearest surface it crosses.
//
// Raycast returns the hit point, the outward unit surface normal (pointing away
// from the solid, toward where the ray came from) and ok=true for a hit; ok=false
// and zero vectors for a miss. Implementations must not allocate in steady state
// and must never return NaN.
//
// The plugin declares this interface and never imports a physics library;
// package terrain satisfies it for any *resolv.Space, and tests satisfy it with
// tiny fake grounds.
type Ground interface {
	Raycast(from, to mgl64.Vec2) (point, normal mgl64.Vec2, ok bool)
}

// GroundThroughOneWay is a Ground that also answers rays that pass through
// its one-way platforms (solid from above only): a terrain.World does. A
// GroundFollower's Headroom asks it for the ceilings over the body, so a
// walker's head passes up through a one-way board instead of ducking under
// it; a Ground without it is asked with Raycast.
type GroundThroughOneWay interface {
	Ground
	RaycastThroughOneWay(from, to mgl64.Vec2) (point, normal mgl64.Vec2, ok bool)
}
