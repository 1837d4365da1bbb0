// Footstep planning: a swinging foot's landing moved off edges.
//
// Derivation. Under a Source that times its steps (GaitTiming, see
// grounder_gait.go) a swinging foot lands at a point known at lift-off
// (predictLanding). Where that point falls near an edge (a step's
// riser, a drop, a tooth of a sawtooth, a board's end) the landing is
// fragile: the height a level foot rests at,
//
//	P(x) = max over the sole [x-Heel, x+Toe] of the ground height G,
//
// jumps by the edge's height as the heel or the toe crosses it, so a landing
// 1 px off its prediction plants the foot a whole step higher or lower in one
// frame; a landing just past a drop edge leaves the foot over the upper tread
// until its last frames, and it must then fall the whole step at once; a
// landing just before a riser leaves the next lift-off no room to rise. Each
// is a joint pop at the knee, worst near full reach, where the knee angle
// changes fastest with the ankle's distance from the hip.
//
// So when a swing is planned, the ground is sampled once with vertical rays
// every px (footstepProfile) around the landing, P is taken from it, and the
// landing moves by the shift d in [-M, M] (M = footstepShare of the stride
// L: a shorter or longer step) that minimises
//
//	cost(d) = 4*robust + approach + departure + footstepPrefer*|d - d0|
//
// where, with x = x_land + d and all heights along up,
//
//	robust    = max over 0<|e|<=footstepMargin of |P(x+e)-P(x)| - |e|
//	            (the landing's height changes no faster than a 45-degree
//	            slope within the margin, so a small error does not matter)
//	approach  = max over 0<k<=footstepLook of P(x-k)-P(x) - footstepDescent*k
//	            (the ground the foot comes over just before landing is no
//	            higher than it can descend from in that distance)
//	departure = max over 0<k<=footstepLook of P(x+k)-P(x) - footstepRise*k
//	            (the ground ahead leaves the next lift-off room to rise)
//
// each clamped below at 0, and d0 is 0 (or the last plan's shift when the
// plan is renewed mid-swing, so a re-plan does not flip between two equal
// landings). A move that saves less than footstepGain over d0 is not
// taken: the step stays the animation's unless an edge is really in the
// way. On flat ground and on
// slopes up to 45 degrees every cost is 0 and d = 0: the step is the
// animation's. The shift is applied as the drop rule's is (updateShift):
// eased in over the swing and held through the stance, so a planted foot
// never slides; a shorter step leaves the foot further back at lift-off and
// a longer one further forward at touch-down, which M bounds.
//
// Support. A landing must also stand on ground (supported): ground no
// deeper than MaxStep below the level sole under the sole's middle and
// footstepMargin px either side of it, or on both sides of the middle (a
// sole bridging a slot). P alone is satisfied by a sole resting on a
// ledge's edge by its heel, its middle over a trench. A landing without
// support costs footstepPenalty; when no landing within M has support,
// the search widens to footstepWide of the stride (a paw, whose stride is
// short, cannot clear a 12 px trench within 0.15 of it), and it never
// takes a landing more than MaxStep below the animation's (the pit's
// floor, which the caller refuses).

package ikanim

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/internal/num"
)

const (
	footstepShare   = 0.15 // largest landing move, share of the stride
	footstepMargin  = 2    // px within which the landing's height must not jump
	footstepLook    = 24   // px of approach and departure looked at
	footstepDescent = 1.0  // px of descent allowed per px of approach
	footstepRise    = 1.5  // px of rise allowed per px of departure
	footstepPrefer  = 0.05 // cost per px of shift
	footstepGain    = 0.5  // least cost a move must save over the preferred landing
	footstepMaxN    = 192  // profile samples (1 px apart)
	footstepPenalty = 1e3  // cost of a landing with no ground within the margin
	// footstepWide is the largest landing move, share of the stride, when
	// no landing within footstepShare has support (see supported).
	footstepWide = 0.5
)

// footstepProfile is a leg's scratch space for footstep planning (no
// allocation per plan).
type footstepProfile struct {
	g, p [footstepMaxN]float64       // ground height and level-sole height along up
	ray  [footstepMaxN][2]mgl64.Vec2 // the profile's rays (from, to), world
	// ih, it: the sole's samples behind and ahead of the ankle; pit: how
	// far below a landing's level-sole height ground counts as none
	ih, it int
	pit    float64
}

// supported reports whether a level sole whose ankle is at profile index
// c, resting at height pc, stands on ground: ground no deeper than pit
// below it under the sole's middle and footstepMargin px either side of it
// (a landing that far off its plan keeps its middle on ground), or on both
// sides of the middle (a sole bridging a slot). A sole resting on a ledge's edge by its heel or
// toe alone, its middle over a pit, has no support: the paw of a
// quadruped planted its sole's centre over a 12 px trench that way, 2.8
// of its 10 px on the ledge.
func (pr *footstepProfile) supported(c int, pc float64) bool {
	floor := pc - pr.pit
	mid := c + (pr.it-pr.ih)/2
	under := true
	for j := max(c-pr.ih, mid-footstepMargin); j <= min(c+pr.it, mid+footstepMargin); j++ {
		under = under && pr.g[j] >= floor
	}
	if under {
		return true
	}
	behind, ahead := false, false
	for j := c - pr.ih; j < mid; j++ {
		behind = behind || pr.g[j] >= floor
	}
	for j := mid + 1; j <= c+pr.it; j++ {
		ahead = ahead || pr.g[j] >= floor
	}
	return behind && ahead
}

// cost returns the landing cost at profile index c without the preference
// term (4*robust + approach + departure, plus footstepPenalty for a sole
// without support; see the derivation above), from
// the level-sole heights p within look of c, and false when there is no
// ground at c.
func (pr *footstepProfile) cost(c, look int) (raw float64, ok bool) {
	pc := pr.p[c]
	if math.IsInf(pc, -1) {
		return 0, false
	}
	var robust, approach, depart float64
	for e := 1; e <= footstepMargin; e++ {
		for _, pe := range [2]float64{pr.p[c-e], pr.p[c+e]} {
			v := math.Abs(pe-pc) - float64(e)
			if math.IsInf(pe, -1) || !(v < footstepPenalty) {
				v = footstepPenalty
			}
			robust = max(robust, v)
		}
	}
	for k := 1; k <= look; k++ {
		approach = max(approach, pr.p[c-k]-pc-footstepDescent*float64(k))
		depart = max(depart, pr.p[c+k]-pc-footstepRise*float64(k))
	}
	raw = 4*robust + approach + depart
	if !pr.supported(c, pc) {
		raw += footstepPenalty
	}
	return raw, true
}

// planFootstep returns the shift along forward (character frame, px) that
// moves the landing of a swinging foot whose animated landing ankle is landC
// off edges (see the derivation above); L is the stride, d0 the preferred
// shift. Ground more than maxStep below the landing counts as none (no
// landing there).
func (g *Grounder) planFootstep(r *Rig, leg *grounderLeg, landC mgl64.Vec2, L, d0, maxStep float64) float64 {
	if g.FixedSteps || g.ground == nil {
		return 0
	}
	m := int(math.Floor(footstepShare * L))
	if m < 1 {
		return 0
	}
	ih, it := int(math.Ceil(leg.Heel)), int(math.Ceil(leg.Toe))
	look := footstepLook
	if n := 2*(m+look+footstepMargin) + ih + it + 1; n > footstepMaxN {
		look -= (n - footstepMaxN + 1) / 2
		if look < footstepMargin {
			return 0
		}
	}
	// The wider search, for landings without support, within the same
	// look (the profile's rays sit at the same places along the ground).
	wide := max(m, min(int(math.Floor(footstepWide*L)), (footstepMaxN-1-ih-it)/2-look-footstepMargin))
	back := wide + look + footstepMargin + ih
	n := back + wide + look + footstepMargin + it + 1
	pr := &leg.profile
	pr.ih, pr.it, pr.pit = ih, it, maxStep
	up, down := g.rayUp(leg), g.RayDown
	if !(down > 0) {
		down = DefaultRayDown
	}
	x0 := landC[0] - float64(back)
	// The rays reach maxStep further down than the foot's own: a landing
	// the foot's rays can find lies at most down below the ankle, so a ray
	// that misses here means ground deeper than maxStep below any landing
	// (the drop rule's, below), not the next step down of a flight of
	// stairs just beyond the foot's reach (which turned planning off next
	// to it).
	down += maxStep
	round := g.caster != nil && leg.Radius > 0 && num.Finite(leg.Radius) // castSole sweeps a disc
	sample := func(from, to int) {
		// The rays first, stored as numbers, then the casts, which read
		// them as vectors well after (see Grounder.normLen).
		for i := from; i < to; i++ {
			x := x0 + float64(i)
			ray := &pr.ray[i]
			ray[0][0], ray[0][1] = r.frame.xyToWorld(x, landC[1]-up)
			ray[1][0], ray[1][1] = r.frame.xyToWorld(x, landC[1]+down)
		}
		for i := from; i < to; i++ {
			pr.g[i] = math.Inf(-1)
			from, to := pr.ray[i][0], pr.ray[i][1]
			var p, nrm mgl64.Vec2
			var ok bool
			if round {
				p, nrm, ok = castSole(g.ground, g.caster, from, to, leg.Radius)
			} else {
				p, nrm, ok = g.ground.Raycast(from, to)
			}
			if !ok || nrm.Dot(to.Sub(from)) > 0 {
				// A ray that starts inside a step (see castFoot) takes
				// the step's top.
				p, nrm, ok = insideTop(g.ground, from, to, maxStep)
			}
			if ok && num.FiniteVec(p) && num.FiniteVec(nrm) {
				_, y := r.frame.xyToLocal(p[0], p[1])
				pr.g[i] = -y
			}
		}
	}
	pref := int(math.Round(max(-float64(m), min(float64(m), d0))))
	// The preferred landing first, when it is the animation's (d0 rounds
	// to 0): the profile within look of it decides its cost, and at cost 0
	// no move can save footstepGain over it, so the answer is 0 without
	// the rest (ground deeper than MaxStep within the margin only raises
	// that cost, as none does).
	lo, hi := back-look-ih, back+look+it+1
	sample(lo, hi)
	if pref == 0 {
		for i := back - look; i <= back+look; i++ {
			h := math.Inf(-1)
			for j := i - ih; j <= i+it; j++ {
				h = max(h, pr.g[j])
			}
			pr.p[i] = h
		}
		if raw, ok := pr.cost(back, look); ok && raw == 0 {
			return 0
		}
	}
	sample(0, lo)
	sample(hi, n)
	// Ground deeper than MaxStep below the landing (a pit under a board, a
	// slot, the foot of a drop) is no ground to land on: it counts as
	// none (a landing there costs footstepPenalty), and its depth does
	// not make the ground before it a tall edge to descend from.
	if h := pr.g[back]; !math.IsInf(h, -1) {
		for i := 0; i < n; i++ {
			if pr.g[i] < h-maxStep {
				pr.g[i] = math.Inf(-1)
			}
		}
	}
	for i := ih; i+it < n; i++ {
		h := math.Inf(-1)
		for j := i - ih; j <= i+it; j++ {
			h = max(h, pr.g[j])
		}
		pr.p[i] = h
	}
	// No landing lower than MaxStep below the animation's (the floor of a
	// pit the sole fits in: the caller refuses it).
	low := pr.p[back] - maxStep
	best, bestCost, bestRaw, prefRaw := 0.0, math.Inf(1), math.Inf(1), math.Inf(1)
	for d := -m; d <= m; d++ {
		raw, ok := pr.cost(back+d, look)
		if !ok || !(pr.p[back+d] >= low) {
			continue
		}
		if d == pref {
			prefRaw = raw
		}
		if cost := raw + footstepPrefer*math.Abs(float64(d)-d0); cost < bestCost {
			best, bestCost, bestRaw = float64(d), cost, raw
		}
	}
	if !(bestRaw < footstepPenalty) {
		// No landing with support within footstepShare: the nearest one
		// within footstepWide (a step half as long, or half as long
		// again), as the drop rule moves a landing off air.
		for k := m + 1; k <= wide; k++ {
			for _, d := range [2]int{-k, k} {
				raw, ok := pr.cost(back+d, look)
				if !ok || !(pr.p[back+d] >= low) {
					continue
				}
				if cost := raw + footstepPrefer*math.Abs(float64(d)-d0); cost < bestCost {
					best, bestCost, bestRaw = float64(d), cost, raw
				}
			}
		}
	}
	if !(bestRaw < prefRaw-footstepGain) {
		return float64(pref) // not worth a different step
	}
	return best
}
