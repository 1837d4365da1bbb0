package ikanim

import (
	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/internal/num"
)

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

// GroundOneWay is a Ground that reports whether a hit is on a one-way
// platform (solid from above only): a terrain.World does (its TagOneWay
// shapes, every "oneway" object of a Tiled or LDtk level). On such a
// ground the GroundFollower and the Grounder stand feet and body on a
// one-way platform only from above: a hit on one counts where it is its
// top face (its normal along up) no higher than 2 px above the rig's
// Position (the ground the body stands on, or falls onto); their rays pass
// through it elsewhere. A character walking under a one-way board at hip
// height keeps its feet on the ground below, and one on the board stands
// on it. (A leg with a Radius, swept as a disc by a CircleCaster, still
// meets them from every side.)
type GroundOneWay interface {
	Ground
	RaycastOneWay(from, to mgl64.Vec2) (point, normal mgl64.Vec2, oneWay, ok bool)
}

// GroundInside is a Ground that can tell whether a point lies inside a
// solid (a terrain.World can; a point on a boundary counts as inside). A
// ray that starts inside a solid skips that solid's faces, so its first
// hit can be a surface buried under it: the GroundFollower asks Inside
// where its Probe ray starts before that ray may lower the body (a hill
// drawn over a floor, walked up fast: the probe started inside the hill
// and the body dived to the floor under it, 64 px down). A Ground without
// it is trusted as it answers.
type GroundInside interface {
	Ground
	Inside(p mgl64.Vec2) bool
}

// oneWayStep is how far above Position, px along up, a one-way
// platform's top may be and still hold a foot (a plank's top a hair above
// the ground the body stands on).
const oneWayStep = 2.0

// oneWayGround is the Ground a follower or a grounder casts through when
// its ground is a GroundOneWay (see there).
type oneWayGround struct {
	g GroundOneWay
	r *Rig
}

// Raycast implements Ground.
func (o *oneWayGround) Raycast(from, to mgl64.Vec2) (point, normal mgl64.Vec2, ok bool) {
	p, n, ow, ok := o.g.RaycastOneWay(from, to)
	if !ok || !ow {
		return p, n, ok
	}
	up := num.UnitOr(o.r.Up, mgl64.Vec2{0, -1})
	d := to.Sub(from)
	l := d.Len()
	if !(l > 0) || !num.Finite(l) {
		return p, n, ok
	}
	step := d.Mul(oneWayEps / l)
	for i := 0; i < oneWayPasses && ok && ow; i++ {
		if n.Dot(up) > minGroundCos && p.Sub(o.r.Position).Dot(up) <= oneWayStep {
			return p, n, true // its top, at or below the body's ground
		}
		// Pass through it: on from just past the crossing.
		from = p.Add(step)
		if to.Sub(from).Dot(d) <= 0 {
			return mgl64.Vec2{}, mgl64.Vec2{}, false
		}
		p, n, ow, ok = o.g.RaycastOneWay(from, to)
	}
	if ok && ow {
		return mgl64.Vec2{}, mgl64.Vec2{}, false // more one-way crossings than oneWayPasses
	}
	return p, n, ok
}

// oneWayEps is how far past a one-way crossing, px, the ray goes on, and
// oneWayPasses how many crossings it passes at most.
const (
	oneWayEps    = 0.01
	oneWayPasses = 8
)

// oneWayFor returns the Ground rig's follower or grounder casts through: a
// oneWayGround over ground when it is a GroundOneWay, else ground.
func oneWayFor(rig *Rig, ground Ground) Ground {
	if g, ok := ground.(GroundOneWay); ok && rig != nil {
		return &oneWayGround{g: g, r: rig}
	}
	return ground
}
