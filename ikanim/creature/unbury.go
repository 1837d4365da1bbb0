package creature

// Getting a body out of the rock.
//
// A creature created or placed with its body inside a solid (a spawn point
// a few px under the floor line) found no foothold (every foothold ray
// started in the rock), fell, and its fall, swept by a ray that starts in
// the rock and so stops at no face, took it through the floor and out of
// the world (a new user's trial: 30 px or more under a floor's surface).
// freeSpot finds the nearest free place instead: along up, the body's two
// axes, the diagonals between them and down, the face where the rock ends
// (crossing any solids that overlap it), the nearest such face wins, and the
// body stands BodyHeight above it along its normal, where the feet reach
// it, inside the level's rectangle (GroundBounds). Place puts the body there, New fails when there is none within
// freeSearch, and bodyOut uses it for a body deeper in the rock than its
// own quick probes look.

import (
	"errors"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/internal/num"
)

// ErrNoFreePlace is returned (wrapped) by New for a position inside a solid
// with no free place near it (within FreeSearch of the longest leg's reach).
var ErrNoFreePlace = errors.New("creature: the body lies inside a solid with no free place near it")

// FreeSearch is how far, as a multiple of the longest leg's reach, New,
// Place and the frame's body check look from a body inside a solid for the
// place where the solid ends.
const FreeSearch = 2.5

const (
	// freeCross is how many solids overlapping one another a search ray
	// crosses before it gives up on its direction.
	freeCross = 4
	// freeStep is how far, px, past a face a search ray looks whether the
	// point is free (or goes on, through an overlapping solid).
	freeStep = 0.5
)

// freeDirs are the search directions in the body frame (x forward, y up),
// in order of preference at equal distances: up, the upper diagonals, the
// two sides, the lower diagonals, down.
var freeDirs = [8]mgl64.Vec2{
	{0, 1},
	{math.Sqrt2 / 2, math.Sqrt2 / 2}, {-math.Sqrt2 / 2, math.Sqrt2 / 2},
	{1, 0}, {-1, 0},
	{math.Sqrt2 / 2, -math.Sqrt2 / 2}, {-math.Sqrt2 / 2, -math.Sqrt2 / 2},
	{0, -1},
}

// inRock reports whether p lies inside a solid (false on a Ground that
// cannot tell: GroundInside).
func (c *Creature) inRock(p mgl64.Vec2) bool {
	return c.inside != nil && c.inside.Inside(p)
}

// freeSpot returns, for a body at p with up along up that lies inside a
// solid, the free place nearest to it: the face where the solid ends that is
// nearest to p along one of freeDirs (within FreeSearch times the longest
// reach; overlapping solids are crossed), and the point BodyHeight above it
// along its normal n (less where something lies closer above that face, at
// least bodyClear), inside the Ground's rectangle (GroundBounds: the
// underside of a floor that reaches the level's bottom edge is no place to
// stand). ok is false when no direction leaves the rock within
// the search, or the Ground cannot tell inside from outside. It does not
// allocate.
func (c *Creature) freeSpot(p, up mgl64.Vec2) (spot, n mgl64.Vec2, ok bool) {
	if c.inside == nil || c.ground == nil {
		return p, up, false
	}
	g := c.ground
	r := FreeSearch * c.def.maxReach
	right := mgl64.Vec2{-up[1], up[0]}
	best := math.Inf(1)
	var bestN mgl64.Vec2
	for _, fd := range freeDirs {
		d := right.Mul(fd[0]).Add(up.Mul(fd[1]))
		from, to := p, p.Add(d.Mul(r))
		for k := 0; k < freeCross; k++ {
			e, en, hit := g.Raycast(from, to)
			if !hit || !num.FiniteVec(e) || !num.FiniteVec(en) {
				break
			}
			dist := e.Sub(p).Len()
			if dist >= best {
				break
			}
			q := e.Add(d.Mul(freeStep))
			if en.Dot(d) <= 0 || c.inside.Inside(q) {
				// An entering face buried in the rock, or the exit of
				// one solid into another: go on from beyond it.
				from = q
				continue
			}
			// The rock ends at e, with outward normal en (along the ray,
			// or turned from it on a slanted face).
			fn := num.UnitOr(en, d)
			h := c.def.Gait.BodyHeight
			start := e.Add(fn.Mul(freeStep))
			if c.inside.Inside(start) {
				break
			}
			if a, _, blocked := g.Raycast(start, e.Add(fn.Mul(h))); blocked {
				h = math.Max(bodyClear, a.Sub(e).Len()-bodyClear)
			}
			s := e.Add(fn.Mul(h))
			if !c.inBounds(s) || c.inside.Inside(s) {
				break
			}
			best, bestN, spot, ok = dist, fn, s, true
			break
		}
	}
	if !ok {
		return p, up, false
	}
	return spot, bestN, true
}

// dropFeet makes every leg dangle, searching for a foothold at once (the
// body moved to a free place: what the feet held or stepped to was in or
// under the rock it left).
func (c *Creature) dropFeet() {
	for i := range c.legs {
		l := &c.legs[i]
		switch l.state {
		case legPlanted:
			c.planted--
		case legStepping:
			c.airborn--
		}
		l.state = legDangling
		l.retry = 0
	}
}
