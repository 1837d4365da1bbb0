package quality

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// KeySolePenetrationMax is the key of the whole-sole penetration figure in
// a Report (see Penetration; the limb figure is KeyLimbPenetrationMax).
const KeySolePenetrationMax = "sole_penetration_max_px"

// Below returns the distance along +y (down on screen) from p to the first
// exposed boundary of the solids below it, within maxDist px, and whether
// there is one. A point inside a solid returns (-Depth(p), true). It
// intersects the vertical line through p with the exposed boundary pieces of
// the cells under p: geometry of this package's own, not a raycast.
func (s *Solids) Below(p mgl64.Vec2, maxDist float64) (float64, bool) {
	if !s.built || !s.hasGeometry || !finite2(p) || !(maxDist >= 0) {
		return 0, false
	}
	if s.Inside(p) {
		return -s.boundaryDist(p), true
	}
	if p[0] < s.minX || p[0] > s.maxX || p[1]+maxDist < s.minY || p[1] > s.maxY {
		return 0, false
	}
	i, j0, _, j1 := s.cellRange(p[0], p[1], p[0], p[1]+maxDist)
	best := math.Inf(1)
	for j := j0; j <= j1; j++ {
		for _, e := range s.edgeCells[j*s.nx+i] {
			a, b := s.edges[e].a, s.edges[e].b
			if a[0] == b[0] || p[0] < math.Min(a[0], b[0]) || p[0] > math.Max(a[0], b[0]) {
				continue
			}
			y := a[1] + (p[0]-a[0])/(b[0]-a[0])*(b[1]-a[1])
			if d := y - p[1]; d >= 0 && d <= maxDist && d < best {
				best = d
			}
		}
		if best <= float64(j+1)*s.cell+s.oy-p[1] {
			break // no piece in a lower cell can be nearer
		}
	}
	if math.IsInf(best, 1) {
		return 0, false
	}
	return best, true
}

// SoleGap measures a sole, the segment heel->toe, against the solids,
// sampling it every step px (step <= 0 means 1 px) and at both ends. When a
// sample lies inside a solid it returns minus the deepest sample's Depth
// (the sole is sunk by that much); otherwise the smallest distance of a
// sample down to the surface below it (Below within maxDist: the lowest
// point of the sole floats that high). ok is false when nothing is within
// maxDist below any sample.
func (s *Solids) SoleGap(heel, toe mgl64.Vec2, step, maxDist float64) (gap float64, ok bool) {
	if !(step > 0) {
		step = 1
	}
	l := math.Hypot(toe[0]-heel[0], toe[1]-heel[1])
	if !(l < 1<<16) {
		return 0, false
	}
	n := max(1, int(math.Ceil(l/step)))
	deepest, nearest := 0.0, math.Inf(1)
	for k := 0; k <= n; k++ {
		p := heel.Add(toe.Sub(heel).Mul(float64(k) / float64(n)))
		d, hit := s.Below(p, maxDist)
		if !hit {
			continue
		}
		ok = true
		if d < 0 {
			deepest = math.Max(deepest, -d)
		} else {
			nearest = math.Min(nearest, d)
		}
	}
	switch {
	case deepest > 0:
		return -deepest, true
	case ok:
		return nearest, true
	}
	return 0, false
}

// Penetration keeps the largest whole-sole penetration (any point of a sole,
// sampled every 1 px, below the surface) and the largest limb penetration
// (any point of any bone segment or of the body inside a solid). The zero
// value has measured nothing; its methods do not allocate except Report.
type Penetration struct {
	sole, limb       float64
	hasSole, hasLimb bool
}

// Sole records a sole's penetration depth, px (0 or less: none).
func (p *Penetration) Sole(depth float64) {
	if math.IsNaN(depth) {
		return
	}
	p.hasSole = true
	p.sole = math.Max(p.sole, depth)
}

// Limb records a limb's (or the body's) penetration depth, px.
func (p *Penetration) Limb(depth float64) {
	if math.IsNaN(depth) {
		return
	}
	p.hasLimb = true
	p.limb = math.Max(p.limb, depth)
}

// SoleMax returns the deepest sole penetration recorded, px.
func (p *Penetration) SoleMax() float64 { return p.sole }

// LimbMax returns the deepest limb penetration recorded, px.
func (p *Penetration) LimbMax() float64 { return p.limb }

// Report adds the measured figures to r under KeySolePenetrationMax and
// KeyLimbPenetrationMax (a figure never recorded is left out).
func (p *Penetration) Report(r map[string]float64) {
	if p.hasSole {
		r[KeySolePenetrationMax] = p.sole
	}
	if p.hasLimb {
		r[KeyLimbPenetrationMax] = p.limb
	}
}
