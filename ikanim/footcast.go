package ikanim

import (
	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/internal/num"
)

// castSole finds the ground under a sole point swept from from to to (a
// segment along the character's down). With radius > 0 and a ground that is
// a CircleCaster it sweeps a disc of that radius whose lowest point runs
// along the segment (the disc's centre radius above it, along the sweep's
// up): the sole then rests where a rounded sole of that radius first
// touches the ground, so it bridges cracks and rides over spikes narrower
// than the disc, as FinalIK's capsule cast does. The point returned is the
// disc's lowest point at the contact, on the segment, with the contact's
// normal. Otherwise it is the ground's ray.
func castSole(ground Ground, caster CircleCaster, from, to mgl64.Vec2, radius float64) (point, normal mgl64.Vec2, ok bool) {
	if caster == nil || !(radius > 0) || !num.Finite(radius) {
		return ground.Raycast(from, to)
	}
	d := to.Sub(from)
	l := d.Len()
	if !(l > 0) {
		return mgl64.Vec2{}, mgl64.Vec2{}, false
	}
	lift := d.Mul(-radius / l) // from the lowest point to the centre
	_, n, f, hit := caster.CircleCast(from.Add(lift), to.Add(lift), radius)
	if !hit || !num.Finite(f) || !num.FiniteVec(n) {
		return mgl64.Vec2{}, mgl64.Vec2{}, false
	}
	return from.Add(d.Mul(f)), n, true
}
