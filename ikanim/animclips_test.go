package ikanim

import (
	"math"
	"testing"
)

// Test clips for the biped template, written once and shared by the
// animation-state tests, examples and benchmarks.

// parse builds the spec for def, failing the test on an error.
func (j ClipSpec) parse(t testing.TB, def *RigDef) *Clip {
	t.Helper()
	c, err := j.Build(def)
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
	j := ClipSpec{Name: name, Duration: period, Loop: true}
	dst := make([]float64, def.NumBones())
	tracks := make([]TrackSpec, def.NumBones())
	for i := range tracks {
		tracks[i].Bone = def.BoneDef(i).Name
	}
	for k := 0; k < n; k++ {
		tm := period * float64(k) / float64(n)
		root := src.Pose(def, tm, dst)
		for i, a := range dst {
			tracks[i].Keys = append(tracks[i].Keys, AngleKey{T: tm, Deg: a * 180 / math.Pi})
		}
		j.Root = append(j.Root, PointKey{T: tm, X: root[0], Y: root[1]})
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
	c.idle = ClipSpec{Name: "idle", Duration: 2, Loop: true, Tracks: []TrackSpec{
		{BoneHead, []AngleKey{{T: 0, Deg: 0}, {T: 1, Deg: -3}}},
		{BoneUpperArmNear, []AngleKey{{T: 0, Deg: rest(BoneUpperArmNear)}, {T: 1, Deg: rest(BoneUpperArmNear) + 4}}},
		{BoneUpperArmFar, []AngleKey{{T: 0, Deg: rest(BoneUpperArmFar)}, {T: 1, Deg: rest(BoneUpperArmFar) - 4}}},
	}}.parse(t, def)

	rc := runCycle()
	rc.Drive(rc.NominalSpeed())
	c.runSpeed = rc.NominalSpeed()
	c.run = bakeClip(t, def, "run", rc, rc.Period, 24)

	c.wave = ClipSpec{Name: "wave", Duration: 1, Loop: true, Tracks: []TrackSpec{
		{BoneUpperArmNear, []AngleKey{{T: 0, Deg: 30}, {T: 0.5, Deg: 50}}},
		{BoneForearmNear, []AngleKey{{T: 0, Deg: -60}, {T: 0.5, Deg: -20}}},
	}, Events: []EventSpec{{T: 0.25, Name: "wave"}}}.parse(t, def)

	kneel := func(b string, d float64) TrackSpec { return TrackSpec{b, []AngleKey{{T: 0, Deg: d}}} }
	c.crouch = ClipSpec{Name: "crouch", Duration: 1, Loop: true, Tracks: []TrackSpec{
		kneel(BoneTorso, -60), kneel(BoneHead, 20),
		kneel(BoneThighNear, -100), kneel(BoneShinNear, 140), kneel(BoneFootNear, -130),
		kneel(BoneThighFar, -70), kneel(BoneShinFar, 150), kneel(BoneFootFar, -150),
		kneel(BoneUpperArmNear, 120), kneel(BoneForearmNear, -100),
		kneel(BoneUpperArmFar, 150), kneel(BoneForearmFar, -120),
	}, Root: []PointKey{{T: 0, Y: 22}}}.parse(t, def)

	// Wind up (the arm raised back to horizontal) and strike forward.
	c.attack = ClipSpec{Name: "attack", Duration: 1.2, Tracks: []TrackSpec{
		{BoneUpperArmNear, []AngleKey{{T: 0, Deg: rest(BoneUpperArmNear)}, {T: 0.6, Deg: -90}, {T: 1.2, Deg: 120}}},
		{BoneForearmNear, []AngleKey{{T: 0, Deg: rest(BoneForearmNear)}, {T: 0.6, Deg: -60}, {T: 1.2, Deg: -10}}},
		{BoneTorso, []AngleKey{{T: 0, Deg: -90}, {T: 0.6, Deg: -100}, {T: 1.2, Deg: -78}}},
	}, Events: []EventSpec{{T: 0.9, Name: "hit"}}}.parse(t, def)

	c.lean = ClipSpec{Name: "lean", Duration: 1, Loop: true, Tracks: []TrackSpec{
		{BoneHead, []AngleKey{{T: 0, Deg: 10}}},
		{BoneTorso, []AngleKey{{T: 0, Deg: -80}}},
	}}.parse(t, def)
	return c
}
