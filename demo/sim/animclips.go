package sim

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim"
)

// The animation scene's clips, written as ikanim's JSON clip files (see
// ikanim.Clip) by the functions below: the poses as keyed angles, the run
// baked from a faster WalkCycle, the lever pull's hand keyed as world-space
// IK along the handle's arc. Angles are local degrees of the biped
// template, clockwise on screen for the right-facing character: the torso
// stands at -90 (up), an arm hangs at 171.4 (its rest), a level forward
// arm is at 90. The legs hang from the hips, a child of the torso: a clip
// that turns the torso turns the hips back by as much (hips = 90 - torso),
// so the legs keep their pose and planted feet do not slide.

// torsoWithHips keys the torso at (time, degrees) pairs and the hips so
// the legs do not turn with it.
func torsoWithHips(keys ...float64) []ikanim.TrackSpec {
	hips := make([]float64, len(keys))
	for i := 0; i+1 < len(keys); i += 2 {
		hips[i], hips[i+1] = keys[i], 90-keys[i+1]
	}
	return []ikanim.TrackSpec{track(ikanim.BoneTorso, keys...), track(ikanim.BoneHips, hips...)}
}

// tracks joins groups of tracks.
func tracks(groups ...[]ikanim.TrackSpec) []ikanim.TrackSpec {
	var all []ikanim.TrackSpec
	for _, g := range groups {
		all = append(all, g...)
	}
	return all
}

// track is a bone's keys as (time, degrees) pairs.
func track(bone string, keys ...float64) ikanim.TrackSpec {
	t := ikanim.TrackSpec{Bone: bone}
	for i := 0; i+1 < len(keys); i += 2 {
		t.Keys = append(t.Keys, ikanim.AngleKey{T: keys[i], Deg: keys[i+1]})
	}
	return t
}

// idleClip breathes: the chest rises and the arms drift, 2.4 s a breath.
func idleClip() *ikanim.ClipSpec {
	return &ikanim.ClipSpec{Name: "idle", Duration: 2.4, Loop: true,
		Tracks: tracks(torsoWithHips(0, -90, 1.2, -88.2, 2.4, -90), []ikanim.TrackSpec{
			track(ikanim.BoneHead, 0, 0, 1.2, -3, 2.4, 0),
			track(ikanim.BoneUpperArmNear, 0, 171.4, 1.2, 175, 2.4, 171.4),
			track(ikanim.BoneForearmNear, 0, -20, 1.2, -27, 2.4, -20),
			track(ikanim.BoneUpperArmFar, 0, 173, 1.2, 168, 2.4, 173),
			track(ikanim.BoneForearmFar, 0, -22, 1.2, -16, 2.4, -22),
		}),
		Root: []ikanim.PointKey{{T: 0, X: 0, Y: 0}, {T: 1.2, X: 0, Y: 1}, {T: 2.4, X: 0, Y: 0}},
	}
}

// The run: a WalkCycle with a longer stride, a quicker cadence, higher
// steps, a short double support, more arm swing and lean, its hip low
// enough that no leg reaches more than 94 % of its length (MaxReach: the
// knees turn 9.3 degrees a frame at most at 60 TPS, 26 with the legs
// nearly straight at touch-down), baked into keys (runKeys a cycle) with
// the forearms bent for running.
var runCycle = ikanim.WalkCycle{Stride: 92, Period: 0.58, StepHeight: 11, Duty: 0.6, Bob: 3, ArmSwing: 0.75, Lean: 0.2, MaxReach: 0.94}

const runKeys = 48

// RunSpeed is the ground speed the run is authored for, px/s.
var RunSpeed = runCycle.NominalSpeed()

func runClip(def *ikanim.RigDef) *ikanim.ClipSpec {
	w := runCycle
	w.Drive(w.NominalSpeed())
	f := &ikanim.ClipSpec{Name: "run", Duration: w.Period, Loop: true}
	bones := []string{ikanim.BoneTorso, ikanim.BoneHead, ikanim.BoneThighNear, ikanim.BoneShinNear, ikanim.BoneFootNear,
		ikanim.BoneThighFar, ikanim.BoneShinFar, ikanim.BoneFootFar, ikanim.BoneUpperArmNear, ikanim.BoneForearmNear,
		ikanim.BoneUpperArmFar, ikanim.BoneForearmFar}
	idx := make([]int, len(bones))
	for i, b := range bones {
		idx[i] = def.BoneIndex(b)
		f.Tracks = append(f.Tracks, ikanim.TrackSpec{Bone: b})
	}
	pose := make([]float64, def.NumBones())
	for k := 0; k <= runKeys; k++ {
		t := w.Period * float64(k) / runKeys
		root := w.Pose(def, t, pose)
		for i, b := range idx {
			deg := pose[b] * 180 / math.Pi
			if bones[i] == ikanim.BoneForearmNear || bones[i] == ikanim.BoneForearmFar {
				deg -= 55 // bent for running
			}
			f.Tracks[i].Keys = append(f.Tracks[i].Keys, ikanim.AngleKey{T: t, Deg: deg})
		}
		f.Root = append(f.Root, ikanim.PointKey{T: t, X: root[0], Y: root[1]})
	}
	return f
}

// The strike: wind the near arm up behind, swing it over the head to level
// forward (the "hit" event), follow through, recover. The legs keep the
// stance they stand in.
const strikeHit = 0.46

func strikeClip() *ikanim.ClipSpec {
	return &ikanim.ClipSpec{Name: "strike", Duration: 0.95,
		Tracks: tracks(torsoWithHips(0, -90, 0.28, -97, strikeHit, -78, 0.6, -82, 0.95, -90), []ikanim.TrackSpec{
			track(ikanim.BoneHead, 0, 0, 0.28, -6, strikeHit, 6, 0.95, 0),
			track(ikanim.BoneUpperArmNear, 0, 171.4, 0.28, 300, strikeHit, 450, 0.6, 465, 0.95, 531.4),
			track(ikanim.BoneForearmNear, 0, -20, 0.28, -100, strikeHit, -4, 0.6, -10, 0.95, -20),
			track(ikanim.BoneHandNear, 0, 0, 0.28, -30, strikeHit, 10, 0.95, 0),
			track(ikanim.BoneUpperArmFar, 0, 171.4, 0.28, 150, strikeHit, 205, 0.95, 171.4),
			track(ikanim.BoneForearmFar, 0, -20, 0.28, -45, strikeHit, -60, 0.95, -20),
		}),
		Root:   []ikanim.PointKey{{T: 0, X: 0, Y: 0}, {T: 0.28, X: 0, Y: 1}, {T: strikeHit, X: 0, Y: 4}, {T: 0.7, X: 0, Y: 2}, {T: 0.95, X: 0, Y: 0}},
		Events: []ikanim.EventSpec{{T: strikeHit, Name: "hit"}},
	}
}

// waveClip waves the near arm: raised up and forward, the forearm swinging.
// It plays on an override track masked to the near arm.
func waveClip() *ikanim.ClipSpec {
	return &ikanim.ClipSpec{Name: "wave", Duration: 1, Loop: true,
		Tracks: []ikanim.TrackSpec{
			track(ikanim.BoneUpperArmNear, 0, 12, 0.5, 22, 1, 12),
			track(ikanim.BoneForearmNear, 0, -35, 0.5, -100, 1, -35),
			track(ikanim.BoneHandNear, 0, 15, 0.5, -15, 1, 15),
		},
	}
}

// leanClip leans the torso 14 degrees forward (the hips back, so the legs
// stay) and the head back, for an additive track: what it adds is its
// difference from the rest pose.
func leanClip() *ikanim.ClipSpec {
	return &ikanim.ClipSpec{Name: "lean", Duration: 1, Loop: true,
		Tracks: tracks(torsoWithHips(0, -76, 1, -76), []ikanim.TrackSpec{
			track(ikanim.BoneHead, 0, -9, 1, -9),
		}),
	}
}

// The lever: a handle LeverLength px long on a pivot on the ground, at
// LeverRest (up, leaning away from the character) until pulled to
// LeverPulled (toward the character).
const (
	LeverLength = 60.0
	LeverRest   = -80 * math.Pi / 180
	LeverPulled = -118 * math.Pi / 180
)

// The pull's timing: the hand reaches the handle by pullGrab, pulls it
// over until pullDone (the "clunk"), holds, lets go by pullEnd.
const (
	pullGrab = 0.5
	pullDone = 1.5
	pullHold = 1.9
	pullEnd  = 2.4
)

// LeverAngle is the handle's angle at time t of the pull (radians,
// clockwise on screen from +x).
func LeverAngle(t float64) float64 {
	u := math.Max(0, math.Min(1, (t-pullGrab)/(pullDone-pullGrab)))
	u = u * u * (3 - 2*u)
	return LeverRest + (LeverPulled-LeverRest)*u
}

// leverHandle is the handle's end relative to the pivot at angle a.
func leverHandle(a float64) mgl64.Vec2 {
	return mgl64.Vec2{LeverLength * math.Cos(a), LeverLength * math.Sin(a)}
}

// pullClip pulls the lever: the near hand keyed in world space, relative
// to the entry's Origin (the lever's pivot), along the handle's arc; the
// body crouches, leans in to grab and back to pull.
func pullClip() *ikanim.ClipSpec {
	ik := ikanim.IKSpec{Limb: ikanim.LimbArmNear, Space: "world",
		Weight: []ikanim.ScalarKey{{T: 0, V: 0}, {T: pullGrab, V: 1}, {T: pullHold, V: 1}, {T: pullEnd, V: 0}}}
	for t := 0.0; t < pullDone+1e-9; t += 0.1 {
		if t > 0 && t < pullGrab-1e-9 {
			continue
		}
		h := leverHandle(LeverAngle(t))
		ik.Target = append(ik.Target, ikanim.PointKey{T: t, X: h[0], Y: h[1]})
	}
	h := leverHandle(LeverPulled)
	ik.Target = append(ik.Target, ikanim.PointKey{T: pullEnd, X: h[0], Y: h[1]})
	return &ikanim.ClipSpec{Name: "pull", Duration: pullEnd,
		Tracks: tracks(torsoWithHips(0, -90, pullGrab, -74, pullDone, -98, pullHold, -96, pullEnd, -90), []ikanim.TrackSpec{
			track(ikanim.BoneHead, 0, 0, pullGrab, 8, pullDone, -4, pullEnd, 0),
			track(ikanim.BoneUpperArmFar, 0, 171.4, pullDone, 185, pullEnd, 171.4),
		}),
		Root:   []ikanim.PointKey{{T: 0, X: 0, Y: 0}, {T: pullGrab, X: 0, Y: 12}, {T: pullDone, X: 0, Y: 10}, {T: pullHold, X: 0, Y: 6}, {T: pullEnd, X: 0, Y: 0}},
		IK:     []ikanim.IKSpec{ik},
		Events: []ikanim.EventSpec{{T: pullDone, Name: "clunk"}},
	}
}
