package quality

// Tentacle figures: whether a creature on tentacles reads as a creature,
// its tentacles fanning out from the head to the ground rather than knotted.
// Each is measured per creature frame on the tentacles' joint polylines
// (root first, tip last):
//
//   - loops: frames in which some tentacle crosses itself (SelfCrossed: two
//     of its segments that do not share a joint intersect);
//   - tentacle crossings: frames in which two tentacles of the creature,
//     any pair (near and far alike), intersect (a segment of one crosses a
//     segment of the other; touching ends do not count);
//   - rise: the highest point of any joint above its tentacle's root along
//     the body's up, px (Rise; 0 when every joint is at or below its root:
//     tentacles hang from the head toward the ground);
//   - tentacle joint pop: the largest frame-to-frame change of a joint
//     angle, degrees (JointAngles: the first bone's angle against the
//     body's down, every other bone's against its parent).

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Keys of the tentacle figures in a Report.
const (
	KeyTentacleLoops     = "tentacle_loops"
	KeyTentacleCrossings = "tentacle_crossings"
	KeyTentacleRiseMax   = "tentacle_rise_max_px"
	KeyTentaclePopMax    = "tentacle_joint_pop_max_deg"
)

// SelfCrossed reports whether the polyline pts crosses itself: two of its
// segments that do not share a joint intersect (SegmentsCross; touching
// ends do not count). Fewer than 4 points never cross.
func SelfCrossed(pts []mgl64.Vec2) bool {
	for i := 1; i < len(pts); i++ {
		for j := i + 2; j < len(pts); j++ {
			if SegmentsCross(pts[i-1], pts[i], pts[j-1], pts[j]) {
				return true
			}
		}
	}
	return false
}

// ChainsCross reports whether two polylines intersect: a segment of one
// crosses a segment of the other (touching ends do not count).
func ChainsCross(a, b []mgl64.Vec2) bool {
	for i := 1; i < len(a); i++ {
		for j := 1; j < len(b); j++ {
			if SegmentsCross(a[i-1], a[i], b[j-1], b[j]) {
				return true
			}
		}
	}
	return false
}

// Rise returns how far the highest joint of pts lies above the first one
// (the root) along up (a unit vector), px; 0 when none lies above it.
func Rise(pts []mgl64.Vec2, up mgl64.Vec2) float64 {
	r := 0.0
	for k := 1; k < len(pts); k++ {
		r = math.Max(r, pts[k].Sub(pts[0]).Dot(up))
	}
	return r
}

// JointAngles tracks the joint angles of one polyline between frames for
// the joint pop: the first bone's angle is measured against down (-up),
// every other bone's against its parent bone. The zero value is ready; it
// allocates only when a longer polyline than any before is tracked.
type JointAngles struct {
	prev []float64
	ok   bool
}

// Track records the joint angles of pts with the body's up (a unit vector)
// and returns the largest change of any of them since the last Track,
// radians along the shortest arc (0 on the first call or when the number
// of joints changed).
func (j *JointAngles) Track(pts []mgl64.Vec2, up mgl64.Vec2) float64 {
	n := len(pts) - 1
	if n < 1 {
		j.ok = false
		return 0
	}
	ok := j.ok && len(j.prev) == n
	if cap(j.prev) < n {
		j.prev = make([]float64, n)
	}
	j.prev = j.prev[:n]
	worst := 0.0
	px, py := -up[0], -up[1]
	for k := 0; k < n; k++ {
		vx, vy := pts[k+1][0]-pts[k][0], pts[k+1][1]-pts[k][1]
		a := math.Atan2(px*vy-py*vx, px*vx+py*vy)
		if ok {
			worst = math.Max(worst, math.Abs(math.Remainder(a-j.prev[k], 2*math.Pi)))
		}
		j.prev[k] = a
		px, py = vx, vy
	}
	j.ok = true
	return worst
}

// Reset forgets the last pose (the next Track starts afresh).
func (j *JointAngles) Reset() { j.ok = false }

// Tentacles accumulates the tentacle figures of creature frames. The zero
// value is ready to use; no method allocates except Report.
type Tentacles struct {
	frames    int
	loops     int
	crossings int
	riseMax   float64
	popMax    float64 // radians
}

// Frame records one frame of one tentacle creature: loop tells whether
// any of its tentacles crossed itself, crossed whether two of them crossed
// each other, rise is the largest Rise of its tentacles (px) and pop the
// largest joint pop of its tentacles (radians, JointAngles.Track). NaN
// figures are ignored.
func (t *Tentacles) Frame(loop, crossed bool, rise, pop float64) {
	t.frames++
	if loop {
		t.loops++
	}
	if crossed {
		t.crossings++
	}
	if rise > t.riseMax {
		t.riseMax = rise
	}
	if pop > t.popMax {
		t.popMax = pop
	}
}

// Frames reports the creature frames recorded.
func (t *Tentacles) Frames() int { return t.frames }

// Loops reports the frames in which a tentacle crossed itself.
func (t *Tentacles) Loops() int { return t.loops }

// Crossings reports the frames in which two tentacles crossed each other.
func (t *Tentacles) Crossings() int { return t.crossings }

// RiseMax reports the highest joint above its tentacle's root, px.
func (t *Tentacles) RiseMax() float64 { return t.riseMax }

// JointPopMaxDeg reports the largest tentacle joint pop, degrees.
func (t *Tentacles) JointPopMaxDeg() float64 { return t.popMax * 180 / math.Pi }

// Merge adds the figures of o to t.
func (t *Tentacles) Merge(o *Tentacles) {
	t.frames += o.frames
	t.loops += o.loops
	t.crossings += o.crossings
	t.riseMax = math.Max(t.riseMax, o.riseMax)
	t.popMax = math.Max(t.popMax, o.popMax)
}

// Report adds the tentacle figures to r under their keys (nothing when no
// frame was recorded) and returns r; a nil r is made.
func (t *Tentacles) Report(r map[string]float64) map[string]float64 {
	if r == nil {
		r = map[string]float64{}
	}
	if t.frames == 0 {
		return r
	}
	r[KeyTentacleLoops] = float64(t.loops)
	r[KeyTentacleCrossings] = float64(t.crossings)
	r[KeyTentacleRiseMax] = t.riseMax
	r[KeyTentaclePopMax] = t.JointPopMaxDeg()
	return r
}
