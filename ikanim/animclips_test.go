package ikanim

import (
	"encoding/json"
	"math"
	"testing"
)

// Test clips for the biped template, written once and shared by the
// animation-state tests, examples and benchmarks.

// jsonClip is the clip file format, for writing clips in tests.
type jsonClip struct {
	Name     string      `json:"name"`
	Duration float64     `json:"duration"`
	Loop     bool        `json:"loop"`
	Tracks   []jsonTrack `json:"tracks,omitempty"`
	Root     []jsonPoint `json:"root,omitempty"`
	IK       []jsonIK    `json:"ik,omitempty"`
	Events   []jsonEvent `json:"events,omitempty"`
}

type jsonTrack struct {
	Bone string    `json:"bone"`
	Keys []jsonDeg `json:"keys"`
}

type jsonDeg struct {
	T     float64 `json:"t"`
	Deg   float64 `json:"deg"`
	Curve any     `json:"curve,omitempty"`
}

type jsonPoint struct {
	T     float64 `json:"t"`
	X     float64 `json:"x"`
	Y     float64 `json:"y"`
	Curve any     `json:"curve,omitempty"`
}

type jsonScalar struct {
	T     float64 `json:"t"`
	V     float64 `json:"v"`
	Curve any     `json:"curve,omitempty"`
}

type jsonIK struct {
	Limb   string       `json:"limb"`
	Space  string       `json:"space,omitempty"`
	Target []jsonPoint  `json:"target,omitempty"`
	Weight []jsonScalar `json:"weight,omitempty"`
	Mix    []jsonScalar `json:"mix,omitempty"`
	Bend   []jsonScalar `json:"bend,omitempty"`
}

type jsonEvent struct {
	T    float64 `json:"t"`
	Name string  `json:"name"`
}

func (j jsonClip) parse(t testing.TB, def *RigDef) *Clip {
	t.Helper()
	data, err := json.Marshal(j)
	if err != nil {
		t.Fatal(err)
	}
	c, err := ParseClip(data, def)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// bakeClip samples src over one cycle of period seconds at n keys and
// writes a looping clip of every bone and the root offset (a WalkCycle
// baked into keys is a clip whose planted feet keep the cycle's speed).
func bakeClip(t testing.TB, def *RigDef, name string, src PoseSource, period float64, n int) *Clip {
	t.Helper()
	j := jsonClip{Name: name, Duration: period, Loop: true}
	dst := make([]float64, def.NumBones())
	tracks := make([]jsonTrack, def.NumBones())
	for i := range tracks {
		tracks[i].Bone = def.BoneDef(i).Name
	}
	for k := 0; k < n; k++ {
		tm := period * float64(k) / float64(n)
		root := src.Pose(def, tm, dst)
		for i, a := range dst {
			tracks[i].Keys = append(tracks[i].Keys, jsonDeg{T: tm, Deg: a * 180 / math.Pi})
		}
		j.Root = append(j.Root, jsonPoint{T: tm, X: root[0], Y: root[1]})
	}
	j.Tracks = tracks
	return j.parse(t, def)
}

// bipedClips are the biped's test clips: an idle (head and arms sway),
// a jog ("run", 93.3 px/s) baked from a faster WalkCycle, a wave of the near arm, a
// crouch far from every other pose, an attack swing and a lean for
// additive layers.
type bipedClips struct {
	idle, run, wave, crouch, attack, lean *Clip
	runSpeed                              float64
}

// runCycle is the WalkCycle the run clip is baked from.
func runCycle() *WalkCycle {
	return &WalkCycle{Stride: 56, Period: 0.6, StepHeight: 6, ArmSwing: 0.55, Lean: 0.14}
}

func newBipedClips(t testing.TB, def *RigDef) bipedClips {
	t.Helper()
	rest := func(b string) float64 { return def.BoneDef(def.BoneIndex(b)).Rest * 180 / math.Pi }
	var c bipedClips
	c.idle = jsonClip{Name: "idle", Duration: 2, Loop: true, Tracks: []jsonTrack{
		{BoneHead, []jsonDeg{{T: 0, Deg: 0}, {T: 1, Deg: -3}}},
		{BoneUpperArmNear, []jsonDeg{{T: 0, Deg: rest(BoneUpperArmNear)}, {T: 1, Deg: rest(BoneUpperArmNear) + 4}}},
		{BoneUpperArmFar, []jsonDeg{{T: 0, Deg: rest(BoneUpperArmFar)}, {T: 1, Deg: rest(BoneUpperArmFar) - 4}}},
	}}.parse(t, def)

	rc := runCycle()
	rc.Drive(rc.NominalSpeed())
	c.runSpeed = rc.NominalSpeed()
	c.run = bakeClip(t, def, "run", rc, rc.Period, 24)

	c.wave = jsonClip{Name: "wave", Duration: 1, Loop: true, Tracks: []jsonTrack{
		{BoneUpperArmNear, []jsonDeg{{T: 0, Deg: 30}, {T: 0.5, Deg: 50}}},
		{BoneForearmNear, []jsonDeg{{T: 0, Deg: -60}, {T: 0.5, Deg: -20}}},
	}, Events: []jsonEvent{{T: 0.25, Name: "wave"}}}.parse(t, def)

	kneel := func(b string, d float64) jsonTrack { return jsonTrack{b, []jsonDeg{{T: 0, Deg: d}}} }
	c.crouch = jsonClip{Name: "crouch", Duration: 1, Loop: true, Tracks: []jsonTrack{
		kneel(BoneTorso, -60), kneel(BoneHead, 20),
		kneel(BoneThighNear, -100), kneel(BoneShinNear, 140), kneel(BoneFootNear, -130),
		kneel(BoneThighFar, -70), kneel(BoneShinFar, 150), kneel(BoneFootFar, -150),
		kneel(BoneUpperArmNear, 120), kneel(BoneForearmNear, -100),
		kneel(BoneUpperArmFar, 150), kneel(BoneForearmFar, -120),
	}, Root: []jsonPoint{{T: 0, Y: 22}}}.parse(t, def)

	// Wind up (the arm raised back to horizontal) and strike forward.
	c.attack = jsonClip{Name: "attack", Duration: 1.2, Tracks: []jsonTrack{
		{BoneUpperArmNear, []jsonDeg{{T: 0, Deg: rest(BoneUpperArmNear)}, {T: 0.6, Deg: -90}, {T: 1.2, Deg: 120}}},
		{BoneForearmNear, []jsonDeg{{T: 0, Deg: rest(BoneForearmNear)}, {T: 0.6, Deg: -60}, {T: 1.2, Deg: -10}}},
		{BoneTorso, []jsonDeg{{T: 0, Deg: -90}, {T: 0.6, Deg: -100}, {T: 1.2, Deg: -78}}},
	}, Events: []jsonEvent{{T: 0.9, Name: "hit"}}}.parse(t, def)

	c.lean = jsonClip{Name: "lean", Duration: 1, Loop: true, Tracks: []jsonTrack{
		{BoneHead, []jsonDeg{{T: 0, Deg: 10}}},
		{BoneTorso, []jsonDeg{{T: 0, Deg: -80}}},
	}}.parse(t, def)
	return c
}
