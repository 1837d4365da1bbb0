package quality

// Limb figures: whole limbs against the solids, legs against each other,
// and progress over a course.
//
//   - limb penetration: the depth inside the solids of any point of any bone
//     segment (and the body), each segment sampled every step px and at both
//     ends (Solids.ChainDepth);
//   - leg crossings: frames in which two neighbouring legs' polylines
//     intersect, or their feet lie in the reverse order of their hips along
//     the body's axis (LegsCrossed);
//   - stuck: the longest time without progress toward a reachable target,
//     progress being a new lowest remaining distance by at least Progress.Min
//     (Progress);
//   - falls: frames in which the body is farther than a given distance from
//     every surface while a hold existed (Limbs.Airborne);
//   - arrived: the share of courses on which the target was reached.

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Keys of the limb figures in a Report.
const (
	KeyLimbPenetrationMax = "limb_penetration_max_px"
	KeyLegCrossings       = "leg_crossings"
	KeyStuckMax           = "stuck_s_max"
	KeyFalls              = "falls"
	KeyArrivedPct         = "arrived_pct"
)

// ChainDepth returns the deepest point inside the solids of the polyline
// pts (joints in order), each segment sampled every step px or finer
// (step <= 0 means 0.5 px) and at both ends. A single point is measured
// alone; no points give 0.
func (s *Solids) ChainDepth(pts []mgl64.Vec2, step float64) float64 {
	if len(pts) == 1 {
		return s.Depth(pts[0])
	}
	worst := 0.0
	for k := 1; k < len(pts); k++ {
		worst = math.Max(worst, s.SegmentDepth(pts[k-1], pts[k], step))
	}
	return worst
}

// Distance returns the distance from p to the nearest exposed boundary of
// the solids, whether p lies inside or outside them; +Inf before Build, with
// no geometry, or for a non-finite p.
func (s *Solids) Distance(p mgl64.Vec2) float64 {
	if !s.built || !s.hasGeometry || !finite2(p) {
		return math.Inf(1)
	}
	// Outside the grid, measure from the nearest grid point plus the way
	// there (a lower bound would do for "far"; this is exact for pieces in
	// the grid because every piece is).
	q := mgl64.Vec2{math.Max(s.ox, math.Min(p[0], s.ox+float64(s.nx)*s.cell)), math.Max(s.oy, math.Min(p[1], s.oy+float64(s.ny)*s.cell))}
	if q != p {
		best := math.Inf(1)
		for _, e := range s.edges {
			best = math.Min(best, segDist(p, e.a, e.b))
		}
		return best
	}
	d := s.boundaryDist(p)
	if d == 0 && len(s.edges) == 0 {
		return math.Inf(1)
	}
	return d
}

// LegsCrossed reports whether two legs, given as joint polylines from hip
// to foot, are crossed: a segment of one intersects a segment of the other
// (touching ends do not count), or their feet lie in the reverse order of
// their hips along axis (the body's forward direction). Hips at the same
// place along axis (within 1e-9 px) give no order.
func LegsCrossed(a, b []mgl64.Vec2, axis mgl64.Vec2) bool {
	if len(a) < 2 || len(b) < 2 {
		return false
	}
	for i := 1; i < len(a); i++ {
		for j := 1; j < len(b); j++ {
			if SegmentsCross(a[i-1], a[i], b[j-1], b[j]) {
				return true
			}
		}
	}
	hips := b[0].Sub(a[0]).Dot(axis)
	feet := b[len(b)-1].Sub(a[len(a)-1]).Dot(axis)
	return math.Abs(hips) > 1e-9 && hips*feet < 0
}

// Progress measures the time without progress toward a target: Track it
// every frame with the remaining distance. The zero value is ready and
// counts a new lowest distance by at least 1 px as progress.
type Progress struct {
	// Min is the least drop below the lowest remaining distance so far that
	// counts as progress, px. The default (zero) value means 1.
	Min float64

	best, since float64
	ok          bool
}

// Track records one frame of dt seconds after which remaining px are left
// to the target, and returns the time since the last progress, seconds.
// A non-finite remaining counts as no progress.
func (p *Progress) Track(dt, remaining float64) float64 {
	step := p.Min
	if !(step > 0) {
		step = 1
	}
	switch {
	case !p.ok && !math.IsNaN(remaining) && !math.IsInf(remaining, 0):
		p.best, p.since, p.ok = remaining, 0, true
	case p.ok && remaining <= p.best-step:
		p.best, p.since = remaining, 0
	default:
		p.since += dt
	}
	return p.since
}

// Reset forgets the target (a new one starts from its first Track).
func (p *Progress) Reset() { p.best, p.since, p.ok = 0, 0, false }

// limbMeasured flags which limb figures have been seen.
type limbMeasured uint8

const (
	hasLimbPen limbMeasured = 1 << iota
	hasCross
	hasStuck
	hasFalls
	hasCourses
)

// Limbs accumulates the limb figures. The zero value is ready to use; no
// method allocates except Report.
type Limbs struct {
	has       limbMeasured
	penMax    float64
	crossings int
	stuckMax  float64
	falls     int
	courses   int
	arrived   int
}

// Penetration records the depth of a limb or body inside the solids.
// NaN is ignored.
func (l *Limbs) Penetration(depth float64) {
	l.has |= hasLimbPen
	if depth > l.penMax {
		l.penMax = depth
	}
}

// Crossing records one frame of one creature: crossed tells whether any two
// of its legs were crossed in it.
func (l *Limbs) Crossing(crossed bool) {
	l.has |= hasCross
	if crossed {
		l.crossings++
	}
}

// Stuck records a time without progress, seconds (Progress.Track).
func (l *Limbs) Stuck(seconds float64) {
	l.has |= hasStuck
	if seconds > l.stuckMax {
		l.stuckMax = seconds
	}
}

// Airborne records one frame of one creature whose body is dist px from the
// nearest surface (Solids.Distance): it counts a fall frame when dist is
// more than far while hold (a foothold existed within the creature's reach).
func (l *Limbs) Airborne(dist, far float64, hold bool) {
	l.has |= hasFalls
	if hold && dist > far {
		l.falls++
	}
}

// Course records the end of one course run.
func (l *Limbs) Course(arrived bool) {
	l.has |= hasCourses
	l.courses++
	if arrived {
		l.arrived++
	}
}

// PenetrationMax reports the deepest limb penetration, px.
func (l *Limbs) PenetrationMax() float64 { return l.penMax }

// Crossings reports the frames with crossed legs.
func (l *Limbs) Crossings() int { return l.crossings }

// StuckMax reports the longest time without progress, seconds.
func (l *Limbs) StuckMax() float64 { return l.stuckMax }

// Falls reports the fall frames.
func (l *Limbs) Falls() int { return l.falls }

// Courses reports how many course runs were recorded.
func (l *Limbs) Courses() int { return l.courses }

// ArrivedPct reports the share of courses arrived, percent (0 with none).
func (l *Limbs) ArrivedPct() float64 {
	if l.courses == 0 {
		return 0
	}
	return 100 * float64(l.arrived) / float64(l.courses)
}

// Merge adds the figures of o to l.
func (l *Limbs) Merge(o *Limbs) {
	l.has |= o.has
	l.penMax = math.Max(l.penMax, o.penMax)
	l.crossings += o.crossings
	l.stuckMax = math.Max(l.stuckMax, o.stuckMax)
	l.falls += o.falls
	l.courses += o.courses
	l.arrived += o.arrived
}

// Report adds every measured limb figure to r under its key (a figure never
// recorded is left out) and returns r; a nil r is made.
func (l *Limbs) Report(r map[string]float64) map[string]float64 {
	if r == nil {
		r = map[string]float64{}
	}
	if l.has&hasLimbPen != 0 {
		r[KeyLimbPenetrationMax] = l.penMax
	}
	if l.has&hasCross != 0 {
		r[KeyLegCrossings] = float64(l.crossings)
	}
	if l.has&hasStuck != 0 {
		r[KeyStuckMax] = l.stuckMax
	}
	if l.has&hasFalls != 0 {
		r[KeyFalls] = float64(l.falls)
	}
	if l.has&hasCourses != 0 {
		r[KeyArrivedPct] = l.ArrivedPct()
	}
	return r
}
