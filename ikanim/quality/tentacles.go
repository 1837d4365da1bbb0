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
//     tentacles hang from the head toward the ground), of any tentacle and
//     of the planted ones (a swinging tip may be lifted above the head),
//     and the frames in which a planted tentacle rises more than RiseOver;
//   - tentacle joint pop: the largest frame-to-frame change of a joint
//     angle, degrees (JointAngles: the first bone's angle against the
//     body's down, every other bone's against its parent), and the frames
//     in which it is more than 15 degrees (QUALITY.md's joint pop target).

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
	KeyTentacleRisePlant = "tentacle_planted_rise_max_px"
	KeyTentacleRiseFr    = "tentacle_rise_frames"
	KeyTentaclePopFr     = "tentacle_pop_frames"
)

// tentaclePopOver is the joint pop, radians, above which a frame counts
// in tentacle_pop_frames (QUALITY.md's 15 degrees).
const tentaclePopOver = 15 * math.Pi / 180

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
	// RiseOver is the rise of a planted tentacle, px, above which a frame
	// counts in tentacle_rise_frames. The default (zero) value means 8.
	RiseOver float64

	frames    int
	riseFr    int
	popFr     int
	plantMax  float64
	loops     int
	crossings int
	riseMax   float64
	popMax    float64 // radians
}

// Frame records one frame of one tentacle creature: loop tells whether
// any of its tentacles crossed itself, crossed whether two of them crossed
// each other, rise is the largest Rise of its tentacles and planted that of
// its planted ones (px), and pop the largest joint pop of its tentacles
// (radians, JointAngles.Track). NaN figures are ignored.
func (t *Tentacles) Frame(loop, crossed bool, rise, planted, pop float64) {
	t.frames++
	over := t.RiseOver
	if !(over > 0) {
		over = 8
	}
	if planted > over {
		t.riseFr++
	}
	if planted > t.plantMax {
		t.plantMax = planted
	}
	if pop > tentaclePopOver {
		t.popFr++
	}
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

// PlantedRiseMax reports the highest joint of a planted tentacle above its
// root, px.
func (t *Tentacles) PlantedRiseMax() float64 { return t.plantMax }

// RiseFrames reports the frames in which a planted tentacle rose more than
// RiseOver above its root.
func (t *Tentacles) RiseFrames() int { return t.riseFr }

// PopFrames reports the frames with a tentacle joint pop above 15 degrees.
func (t *Tentacles) PopFrames() int { return t.popFr }

// JointPopMaxDeg reports the largest tentacle joint pop, degrees.
func (t *Tentacles) JointPopMaxDeg() float64 { return t.popMax * 180 / math.Pi }

// Merge adds the figures of o to t.
func (t *Tentacles) Merge(o *Tentacles) {
	t.frames += o.frames
	t.loops += o.loops
	t.crossings += o.crossings
	t.riseMax = math.Max(t.riseMax, o.riseMax)
	t.popMax = math.Max(t.popMax, o.popMax)
	t.plantMax = math.Max(t.plantMax, o.plantMax)
	t.riseFr += o.riseFr
	t.popFr += o.popFr
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
	r[KeyTentacleRisePlant] = t.plantMax
	r[KeyTentacleRiseFr] = float64(t.riseFr)
	r[KeyTentaclePopFr] = float64(t.popFr)
	return r
}
