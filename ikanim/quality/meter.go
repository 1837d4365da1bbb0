package quality

import (
	"encoding/json"
	"math"
	"os"
)

// Keys of the figures in a Report, as named by the project's quality table.
const (
	KeyFrames         = "frames"
	KeyTPS            = "tps"
	KeyContactGapMean = "contact_gap_mean_px"
	KeyContactGapMax  = "contact_gap_max_px"
	KeyPenetrationMax = "penetration_max_px"
	KeyFootSlipMax    = "foot_slip_max_px"
	KeyBodyPopMax     = "body_pop_max_px"
	KeyJointPopMax    = "joint_pop_max_deg"
	KeyBendFlips      = "bend_flips"
	KeyNaNCount       = "nan_count"
	KeyUpdateNsMean   = "update_ns_mean"
	KeyCreatures      = "creatures"
	KeyReachErrorMax  = "reach_error_max_px"
	KeyLengthErrorMax = "length_error_max_rel"
	KeyContactSamples = "contact_samples"
	KeyStances        = "stances"
)

// measured flags which figures a Meter has seen at least once.
type measured uint16

const (
	hasContact measured = 1 << iota
	hasSlip
	hasBodyPop
	hasJointPop
	hasBend
	hasUpdate
	hasReach
	hasLength
)

// Meter accumulates motion-quality figures. The zero value is ready to use.
// No method allocates except Report and WriteJSON.
type Meter struct {
	// TPS is reported as "tps" when non-zero.
	TPS float64
	// Creatures is reported as "creatures" when non-zero.
	Creatures int
	// Series, when not nil, receives the figures of every frame: Frame
	// starts a new Sample in it and the recording methods update that
	// Sample. The default (nil) keeps no series.
	Series *Series

	frames     int
	has        measured
	gapSum     float64
	gapN       int
	gapMax     float64
	penMax     float64
	slipMax    float64
	stances    int
	bodyPopMax float64
	jointPop   float64
	bendFlips  int
	nanCount   int
	updateSum  float64
	updateN    int
	reachMax   float64
	lengthMax  float64
}

// Frame counts one simulated frame.
func (m *Meter) Frame() {
	m.frames++
	m.Series.frame(m.frames)
}

// Frames reports how many frames were counted.
func (m *Meter) Frames() int { return m.frames }

// Contact records the signed gap of a planted contact point, measured along
// the character's up from the ground surface to the sole: positive means the
// foot floats above the ground, negative means it is sunk into it. The
// positive part feeds the contact-gap figures, the negative part the
// penetration figure. NaN counts as a NaN and is otherwise ignored.
func (m *Meter) Contact(gap float64) {
	if !m.Finite(gap) {
		return
	}
	m.has |= hasContact
	g := math.Max(gap, 0)
	m.gapSum += g
	m.gapN++
	m.gapMax = math.Max(m.gapMax, g)
	m.penMax = math.Max(m.penMax, -gap)
	m.Series.contact(gap)
}

// Slip records how far one planted contact moved between touch-down and
// lift-off (one stance).
func (m *Meter) Slip(dist float64) {
	if !m.Finite(dist) {
		return
	}
	m.has |= hasSlip
	m.stances++
	m.slipMax = math.Max(m.slipMax, dist)
	m.Series.slip(dist)
}

// BodyPop records a frame-to-frame change of the body (pelvis) offset, px.
func (m *Meter) BodyPop(delta float64) {
	if !m.Finite(delta) {
		return
	}
	m.has |= hasBodyPop
	m.bodyPopMax = math.Max(m.bodyPopMax, math.Abs(delta))
	m.Series.bodyPop(math.Abs(delta))
}

// JointPop records a frame-to-frame change of a joint angle, in radians
// (reported in degrees).
func (m *Meter) JointPop(deltaRad float64) {
	if !m.Finite(deltaRad) {
		return
	}
	m.has |= hasJointPop
	m.jointPop = math.Max(m.jointPop, math.Abs(deltaRad)*180/math.Pi)
	m.Series.jointPop(math.Abs(deltaRad) * 180 / math.Pi)
}

// BendFlip counts a knee or elbow crossing to the other bend side without a
// facing change. NoBendFlip marks the figure as measured when none happened.
func (m *Meter) BendFlip() { m.has |= hasBend; m.bendFlips++ }

// NoBendFlip marks bend flips as measured (so a clean run reports 0).
func (m *Meter) NoBendFlip() { m.has |= hasBend }

// ReachError records the distance of an end effector from a reachable target
// after a solve.
func (m *Meter) ReachError(dist float64) {
	if !m.Finite(dist) {
		return
	}
	m.has |= hasReach
	m.reachMax = math.Max(m.reachMax, dist)
}

// LengthError records a relative change of a bone length through a solve.
func (m *Meter) LengthError(rel float64) {
	if !m.Finite(rel) {
		return
	}
	m.has |= hasLength
	m.lengthMax = math.Max(m.lengthMax, math.Abs(rel))
}

// UpdateTime records the wall time of one game Update, in nanoseconds.
func (m *Meter) UpdateTime(ns float64) {
	if !m.Finite(ns) {
		return
	}
	m.has |= hasUpdate
	m.updateSum += ns
	m.updateN++
}

// Finite reports whether v is finite and counts a NaN or Inf otherwise. Use it
// on every pose value a scene produces.
func (m *Meter) Finite(v float64) bool {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		m.nanCount++
		m.Series.nan()
		return false
	}
	return true
}

// NaNs reports how many NaN or Inf values were seen.
func (m *Meter) NaNs() int { return m.nanCount }

// ContactGapMean, ContactGapMax, PenetrationMax, FootSlipMax, BodyPopMax,
// JointPopMaxDeg and BendFlips report the figures accumulated so far.
func (m *Meter) ContactGapMean() float64 {
	if m.gapN == 0 {
		return 0
	}
	return m.gapSum / float64(m.gapN)
}

// ContactGapMax reports the largest contact gap, px.
func (m *Meter) ContactGapMax() float64 { return m.gapMax }

// PenetrationMax reports the deepest penetration, px.
func (m *Meter) PenetrationMax() float64 { return m.penMax }

// FootSlipMax reports the largest slip of one stance, px.
func (m *Meter) FootSlipMax() float64 { return m.slipMax }

// Stances reports how many stances were measured for slip.
func (m *Meter) Stances() int { return m.stances }

// BodyPopMax reports the largest frame-to-frame body offset change, px.
func (m *Meter) BodyPopMax() float64 { return m.bodyPopMax }

// JointPopMaxDeg reports the largest frame-to-frame joint angle change, degrees.
func (m *Meter) JointPopMaxDeg() float64 { return m.jointPop }

// BendFlips reports how many bend flips were counted.
func (m *Meter) BendFlips() int { return m.bendFlips }

// Report returns every measured figure under its quality-table key.
func (m *Meter) Report() map[string]float64 {
	r := map[string]float64{
		KeyFrames:   float64(m.frames),
		KeyNaNCount: float64(m.nanCount),
	}
	if m.TPS != 0 {
		r[KeyTPS] = m.TPS
	}
	if m.Creatures != 0 {
		r[KeyCreatures] = float64(m.Creatures)
	}
	if m.has&hasContact != 0 {
		r[KeyContactGapMean] = m.ContactGapMean()
		r[KeyContactGapMax] = m.gapMax
		r[KeyPenetrationMax] = m.penMax
		r[KeyContactSamples] = float64(m.gapN)
	}
	if m.has&hasSlip != 0 {
		r[KeyFootSlipMax] = m.slipMax
		r[KeyStances] = float64(m.stances)
	}
	if m.has&hasBodyPop != 0 {
		r[KeyBodyPopMax] = m.bodyPopMax
	}
	if m.has&hasJointPop != 0 {
		r[KeyJointPopMax] = m.jointPop
	}
	if m.has&hasBend != 0 {
		r[KeyBendFlips] = float64(m.bendFlips)
	}
	if m.has&hasUpdate != 0 {
		r[KeyUpdateNsMean] = m.updateSum / float64(m.updateN)
	}
	if m.has&hasReach != 0 {
		r[KeyReachErrorMax] = m.reachMax
	}
	if m.has&hasLength != 0 {
		r[KeyLengthErrorMax] = m.lengthMax
	}
	return r
}

// WriteJSON writes Report as one flat JSON object to path.
func (m *Meter) WriteJSON(path string) error {
	data, err := json.MarshalIndent(m.Report(), "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(data, '\n'), 0o644)
}
