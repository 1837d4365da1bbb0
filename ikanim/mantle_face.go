package ikanim

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/internal/num"
)

// The face under a Mantler's edge.
//
// With Ground set, Start measures the face: at the depths y_k = k *
// mantleFaceStep below the edge (k = 1 .. mantleFaceSamples), a ray along
// forward (edge frame: from x = -(y_k + mantleFaceReach) to x =
// mantleFaceStep) finds the face's x there, taken as at most 0 (an
// undercut face counts as vertical, as without Ground). A ray that finds
// nothing leaves the face vertical at that depth; the measure stops at the
// first ray whose hit does not face the character (it started inside a
// solid: the floor, or rock under an overhang), and the last measured x
// holds below. faceAt interpolates linearly between depths, with x = 0 at
// the edge, so the face is continuous. The feet on the face (their keys and
// keepFoot), the knees (keepFoot) and the hips at the hang
// (mantleBodyClear) are kept in front of it. Cost: at most
// mantleFaceSamples rays, once per Start.

const (
	mantleFaceStep    = 4.0  // px between the depths the face is measured at
	mantleFaceSamples = 48   // depths measured (to 192 px below the edge)
	mantleFaceReach   = 48.0 // px further back than 45 degrees the rays start
	// mantleBodyClear is how far, px, the hips hang in front of a face
	// that leans back.
	mantleBodyClear = 8.0
)

// measureFace measures the face under the edge (see above).
func (m *Mantler) measureFace(r *Rig) {
	m.nFace = 0
	if m.Ground == nil || !num.FiniteVec(m.Edge) {
		return
	}
	leans := false
	for k := 0; k < mantleFaceSamples; k++ {
		y := float64(k+1) * mantleFaceStep
		from := m.toWorld(r, mgl64.Vec2{-(y + mantleFaceReach), y})
		to := m.toWorld(r, mgl64.Vec2{mantleFaceStep, y})
		x := 0.0
		if p, n, ok := m.Ground.Raycast(from, to); ok {
			if n.Dot(m.fwd) >= 0 || !num.FiniteVec(p) {
				break // from inside a solid
			}
			x = math.Min(0, m.toEdge(r, p)[0])
		}
		m.face[k] = x
		m.nFace = k + 1
		leans = leans || x < 0
	}
	if !leans {
		m.nFace = 0 // vertical: the plain rules, exactly
	}
}

// faceAt returns the face's x (edge frame) at depth y below the edge: 0 at
// and above the edge, and without a measured face.
func (m *Mantler) faceAt(y float64) float64 {
	if m.nFace == 0 || !(y > 0) {
		return 0
	}
	u := y/mantleFaceStep - 1 // sample index, fractional
	if u < 0 {
		return m.face[0] * (y / mantleFaceStep) // from 0 at the edge
	}
	k := int(u)
	if k >= m.nFace-1 {
		return m.face[m.nFace-1]
	}
	f := u - float64(k)
	return m.face[k] + (m.face[k+1]-m.face[k])*f
}

// hipLocal returns the near leg's animated hip relative to the rig's
// origin (character frame, as the edge frame's axes).
func (m *Mantler) hipLocal(r *Rig) mgl64.Vec2 {
	return r.animStart[m.def.limbs[m.legs[0]].bones[0]]
}

// mantleCatchSpeed is the average speed, px/s, of the hand that travels
// furthest during the default catch; mantleCatchTurnShare the share of
// the arms' TurnSpeed their average turn about the shoulders may take (a
// hand rising from the side to over the head turns about pi: the arm,
// limited to TurnSpeed, lagged its path into the wall when it did so in
// 0.6 s from close under a wall).
const (
	mantleCatchSpeed     = 120.0
	mantleCatchTurnShare = 0.16
)

// catchTime returns the least time, s, of the default catch: the longest
// hand path to the grip (handRoute, the way plan's paths go) at
// mantleCatchSpeed, and the largest turn of a hand about its shoulder (at
// its place at Start) along that path at mantleCatchTurnShare of the
// arms' turn speed.
func (m *Mantler) catchTime(r *Rig, grip float64) float64 {
	longest, turn := 0.0, 0.0
	sh := m.toEdge(r, r.Position).Add(m.shoulder)
	ang := func(p mgl64.Vec2) float64 { return math.Atan2(p[1]-sh[1], p[0]-sh[0]) }
	for i := range m.hand {
		from, mid, to, _ := m.handRoute(r, i, grip)
		l := mid.Sub(from).Len() + to.Sub(mid).Len()
		a := math.Abs(math.Remainder(ang(mid)-ang(from), 2*math.Pi)) + math.Abs(math.Remainder(ang(to)-ang(mid), 2*math.Pi))
		if num.Finite(l) {
			longest = math.Max(longest, l)
		}
		if num.Finite(a) {
			turn = math.Max(turn, a)
		}
	}
	t := longest / mantleCatchSpeed
	if w := num.Or(m.TurnSpeed, DefaultClimbTurnSpeed) * mantleCatchTurnShare; w > 0 {
		t = math.Max(t, turn/w)
	}
	return t
}

// wallDepthPast returns the deepest point of segment p-q, its end p left
// out, inside the wall under the edge (edge frame), positive inside and
// negative outside: cornerDepthPast for a vertical face; for a measured
// face the segment is sampled every mantleFaceStep/4 px and each point's
// depth is min(x - faceAt(y), y) (the face taken as vertical at that
// depth, a bound within the sampling's step).
func (m *Mantler) wallDepthPast(p, q mgl64.Vec2) float64 {
	if m.nFace == 0 {
		return cornerDepthPast(p, q)
	}
	l := q.Sub(p).Len()
	if !num.Finite(l) {
		return math.Inf(1)
	}
	n := int(math.Ceil(l/(mantleFaceStep/4))) + 1
	best := math.Inf(-1)
	for k := 1; k <= n; k++ {
		c := p.Add(q.Sub(p).Mul(float64(k) / float64(n)))
		best = math.Max(best, math.Min(c[0]-m.faceAt(c[1]), c[1]))
	}
	return best
}
