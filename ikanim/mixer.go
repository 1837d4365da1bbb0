package ikanim

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/internal/num"
)

// BoneMask weights the bones an AnimState track affects, each in [0,1]: a
// track with a mask leaves the bones of weight 0 to the tracks below it
// (an upper-body layer that waves while the legs walk). Build it with
// NewBoneMask at setup; it is read-only during frames and may be shared
// by the tracks of many AnimStates of one RigDef.
type BoneMask struct {
	def *RigDef
	w   []float64
}

// NewBoneMask returns a mask of def in which each named bone and all its
// descendants have weight 1 and every other bone 0. It returns an error
// naming the first bone that is not in def.
func NewBoneMask(def *RigDef, bones ...string) (*BoneMask, error) {
	if def == nil {
		return nil, fmt.Errorf("ikanim: NewBoneMask: nil RigDef")
	}
	m := &BoneMask{def: def, w: make([]float64, def.NumBones())}
	for _, name := range bones {
		if err := m.Set(name, 1); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// Set gives the named bone and all its descendants the weight w (clamped
// to [0,1]; NaN counts as 0), for masks that fade toward the extremities
// (call it root first, then deeper bones). It is for setup, not frames:
// it allocates.
func (m *BoneMask) Set(bone string, w float64) error {
	i := m.def.BoneIndex(bone)
	if i < 0 {
		return fmt.Errorf("ikanim: BoneMask: bone %q is not in the rig", bone)
	}
	w = num.Clamp01(w)
	for _, j := range m.def.subtreeOf(i) {
		m.w[j] = w
	}
	return nil
}

// Weight returns bone i's weight.
func (m *BoneMask) Weight(i int) float64 { return m.w[i] }

// rootWeight is the weight of the first root bone: the share of the root
// offset (Pose's return value) the mask lets through.
func (m *BoneMask) rootWeight() float64 {
	for i := range m.def.bones {
		if m.def.bones[i].Parent < 0 {
			return m.w[i]
		}
	}
	return 1
}

// limbWeight is the weight of a limb's first bone: the share of the
// limb's keyed IK the mask lets through.
func (m *BoneMask) limbWeight(limb int) float64 {
	return m.w[m.def.limbs[limb].bones[0]]
}

// blendAngles writes a + u*wrap(b-a) per bone (shortest arc).
func blendAngles(dst, a, b []float64, u float64) {
	for i := range dst {
		dst[i] = a[i] + u*wrapPi(b[i]-a[i])
	}
}

// blendKeys writes into dst the keyed IK of a and b blended by u in
// [0,1] (dst may alias a or b):
//
//   - the target weight is (1-u)*a.Weight + u*b.Weight, and the target
//     the average of the two targets by their shares of that weight, so
//     a side that keys no target (weight 0) does not pull it;
//   - the mix is (1-u)*a.Mix + u*b.Mix;
//   - the bend is the heavier side's (b's from u = 0.5 on) when it keys
//     one, else the other side's.
func blendKeys(dst, a, b []LimbKey, u float64) {
	for i := range dst {
		ka, kb := a[i], b[i]
		wa, wb := (1-u)*ka.Weight, u*kb.Weight
		var k LimbKey
		k.Weight = wa + wb
		switch {
		case wa > 0 && wb > 0:
			k.Target = ka.Target.Mul(wa / k.Weight).Add(kb.Target.Mul(wb / k.Weight))
		case wb > 0:
			k.Target = kb.Target
		default:
			k.Target = ka.Target
		}
		k.SetMix((1-u)*ka.Mix() + u*kb.Mix())
		first, second := ka.Bend, kb.Bend
		if u >= 0.5 {
			first, second = second, first
		}
		k.Bend = first
		if k.Bend == 0 {
			k.Bend = second
		}
		dst[i] = k
	}
}

// clearKeys sets every key to the zero LimbKey (nothing keyed).
func clearKeys(dst []LimbKey) {
	for i := range dst {
		dst[i] = LimbKey{}
	}
}

// poseSanitised runs src.Pose and replaces non-finite angles by the rest
// angle and a non-finite root offset by zero.
func poseSanitised(src PoseSource, def *RigDef, t float64, dst []float64) mgl64.Vec2 {
	root := src.Pose(def, t, dst)
	for i, a := range dst {
		if !num.Finite(a) {
			dst[i] = def.bones[i].Rest
		}
	}
	if !num.FiniteVec(root) {
		root = mgl64.Vec2{}
	}
	return root
}

// keyIKFrom writes src's keyed IK at time t, world-space targets relative
// to origin, or clears dst when src keys none.
func keyIKFrom(src PoseSource, r *Rig, t float64, origin mgl64.Vec2, dst []LimbKey) {
	switch s := src.(type) {
	case *Clip:
		s.keyIK(r, t, origin, dst)
	case *Blend1D:
		s.keyIK(r, origin, dst)
	case IKSource:
		s.KeyIK(r, t, dst)
	default:
		clearKeys(dst)
	}
}

// eventSink collects events into a buffer of fixed capacity: it never
// grows it, and counts what did not fit.
type eventSink struct {
	buf     []Event
	dropped int
	track   int
}

func (s *eventSink) add(e *Event) {
	if len(s.buf) == cap(s.buf) {
		s.dropped++
		return
	}
	ev := *e
	ev.Track = s.track
	s.buf = append(s.buf, ev)
}

// emitEvents passes src's events from its time from to its time to into
// sink: a Clip's keyed events, or the events a Blend1D collected in its
// last Pose.
func emitEvents(src PoseSource, from, to float64, sink *eventSink) {
	switch s := src.(type) {
	case *Clip:
		s.eachEvent(from, to, sink.add)
	case *Blend1D:
		for i := range s.events {
			sink.add(&s.events[i])
		}
	}
}

// cycleOf returns src's cycle duration, s, at its own time scale 1: a
// Cyclic's CycleDuration, or for a source with a Phase(t) in [0,1) (the
// WalkCycle) the time one phase takes; 0 when unknown.
func cycleOf(src PoseSource) float64 {
	switch s := src.(type) {
	case Cyclic:
		if d := s.CycleDuration(); d > 0 && num.Finite(d) {
			return d
		}
	case interface{ Phase(t float64) float64 }:
		// Phase(t) = t/period for t below one period.
		const probe = 1e-3
		if p := s.Phase(probe); p > 0 && num.Finite(p) {
			return probe / p
		}
	}
	return 0
}

// nominalSpeedOf returns the ground speed a source's planted feet match at
// time scale 1 (a WalkCycle's NominalSpeed), or 0.
func nominalSpeedOf(src PoseSource) float64 {
	if s, ok := src.(interface{ NominalSpeed() float64 }); ok {
		if v := s.NominalSpeed(); v > 0 && num.Finite(v) {
			return v
		}
	}
	return 0
}

// firstDt is how far a stateful source (AnimState, Blend1D) advances on
// its first Pose, at clock t: a rig's clock starts at 0 and passes its
// first frame's dt, so a t in (0, MaxDt] is that frame; a later t (a
// source given to a running rig) advances nothing.
func firstDt(t float64) float64 {
	if t > 0 && t <= MaxDt {
		return t
	}
	return 0
}

// wrapPi returns x moved by a whole number of turns into [-pi, pi]: the
// shortest arc of an angle difference. It is math.Remainder(x, 2*pi) for
// the angles of poses, at a fraction of its cost (one multiply, one floor).
func wrapPi(x float64) float64 {
	const twoPi = 2 * math.Pi
	return x - twoPi*math.Floor(x*(1/twoPi)+0.5)
}
