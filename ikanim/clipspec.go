package ikanim

import (
	"encoding/json"
	"fmt"
	"math"
)

// ClipSpec is a clip file (see Clip) as a Go value: build a clip in code
// and turn it into a Clip with Build, or write it as a clip file with
// encoding/json. Build goes through ParseClip, so a spec gets the same
// checks and error messages as a file.
//
//	spec := ikanim.ClipSpec{Name: "wave", Duration: 1, Loop: true,
//		Tracks: []ikanim.TrackSpec{{Bone: ikanim.BoneUpperArmNear,
//			Keys: []ikanim.AngleKey{{T: 0, Deg: 170}, {T: 0.5, Deg: 10}, {T: 1, Deg: 170}}}}}
//	clip, err := spec.Build(def)
type ClipSpec struct {
	Name     string  `json:"name"`
	Duration float64 `json:"duration"`
	Loop     bool    `json:"loop,omitempty"`
	// Tracks key bones' local angles.
	Tracks []TrackSpec `json:"tracks,omitempty"`
	// Root keys the root offset (character frame, px).
	Root []PointKey `json:"root,omitempty"`
	// IK keys limbs' targets, weights, mixes and bend sides.
	IK []IKSpec `json:"ik,omitempty"`
	// Events fire when the clip's time passes them.
	Events []EventSpec `json:"events,omitempty"`
}

// TrackSpec keys one bone's local angle.
type TrackSpec struct {
	Bone string     `json:"bone"`
	Keys []AngleKey `json:"keys"`
}

// AngleKey is an angle key in degrees. Curve is the interpolation to the
// next key (nil: the clip's default; "linear", "stepped", or the four
// numbers of a Bézier curve, as in a clip file).
type AngleKey struct {
	T     float64 `json:"t"`
	Deg   float64 `json:"deg"`
	Curve any     `json:"curve,omitempty"`
}

// PointKey is a point key in px (see AngleKey for Curve).
type PointKey struct {
	T     float64 `json:"t"`
	X     float64 `json:"x"`
	Y     float64 `json:"y"`
	Curve any     `json:"curve,omitempty"`
}

// ScalarKey is a number key (see AngleKey for Curve).
type ScalarKey struct {
	T     float64 `json:"t"`
	V     float64 `json:"v"`
	Curve any     `json:"curve,omitempty"`
}

// IKSpec keys one limb's IK: Space is "character" (default) or "world".
type IKSpec struct {
	Limb   string      `json:"limb"`
	Space  string      `json:"space,omitempty"`
	Target []PointKey  `json:"target,omitempty"`
	Weight []ScalarKey `json:"weight,omitempty"`
	Mix    []ScalarKey `json:"mix,omitempty"`
	Bend   []ScalarKey `json:"bend,omitempty"`
}

// EventSpec is an event at time T with a free payload.
type EventSpec struct {
	T      float64 `json:"t"`
	Name   string  `json:"name"`
	Int    int64   `json:"int,omitempty"`
	Float  float64 `json:"float,omitempty"`
	String string  `json:"string,omitempty"`
}

// Build checks the spec and returns its Clip for the rig definition def,
// exactly as ParseClip would for the same clip written as a file.
func (s ClipSpec) Build(def *RigDef) (*Clip, error) {
	if err := s.checkNumbers(); err != nil {
		return nil, fmt.Errorf("ikanim: clip %q: %w", s.Name, err)
	}
	data, err := json.Marshal(s)
	if err != nil {
		return nil, fmt.Errorf("ikanim: clip %q: %w", s.Name, err)
	}
	return ParseClip(data, def)
}

// checkNumbers names the first NaN or infinite number of the spec (JSON
// cannot hold one, so ParseClip would never see it).
func (s ClipSpec) checkNumbers() error {
	bad := func(v float64) bool { return math.IsNaN(v) || math.IsInf(v, 0) }
	if bad(s.Duration) {
		return fmt.Errorf("duration: %v is not a finite number", s.Duration)
	}
	for i, tr := range s.Tracks {
		for k, key := range tr.Keys {
			if bad(key.T) || bad(key.Deg) {
				return fmt.Errorf("track %d (bone %q) key %d: t %v, deg %v must be finite", i, tr.Bone, k, key.T, key.Deg)
			}
		}
	}
	for k, key := range s.Root {
		if bad(key.T) || bad(key.X) || bad(key.Y) {
			return fmt.Errorf("root key %d: t %v, x %v, y %v must be finite", k, key.T, key.X, key.Y)
		}
	}
	for i, ik := range s.IK {
		for k, key := range ik.Target {
			if bad(key.T) || bad(key.X) || bad(key.Y) {
				return fmt.Errorf("ik %d (limb %q) target key %d: t %v, x %v, y %v must be finite", i, ik.Limb, k, key.T, key.X, key.Y)
			}
		}
		for _, list := range []struct {
			name string
			keys []ScalarKey
		}{{"weight", ik.Weight}, {"mix", ik.Mix}, {"bend", ik.Bend}} {
			for k, key := range list.keys {
				if bad(key.T) || bad(key.V) {
					return fmt.Errorf("ik %d (limb %q) %s key %d: t %v, v %v must be finite", i, ik.Limb, list.name, k, key.T, key.V)
				}
			}
		}
	}
	for k, e := range s.Events {
		if bad(e.T) || bad(e.Float) {
			return fmt.Errorf("event %d (%q): t %v, float %v must be finite", k, e.Name, e.T, e.Float)
		}
	}
	return nil
}
