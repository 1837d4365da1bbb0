package ikanim

import (
	"fmt"
	"math"

	"github.com/ikanim/kit/ikanim/internal/num"
)

// RecordClip bakes what a rig does into a clip: the final local angle of
// every bone (after the pose source and every controller: IK, springs) and
// the root offset (the pose source's plus BodyOffset, which movers and
// controllers such as a Climber's body distance add) at keys+1 evenly
// spaced times over duration seconds. step(dt) is called keys
// times with dt = duration/keys and must advance the game one step (move
// Position, call r.Update); the first key is the pose as it is now, so run
// the rig into the motion first. Each bone's angles are unwrapped (no turn
// of more than pi between keys), so the clip plays them the way they went.
// With loop the clip loops (record exactly one cycle of a cyclic motion).
// Procedural motion recorded this way plays back as keyed animation, for
// an editor, a file (ClipSpec is what a clip file holds), or as the input
// of IK that adapts it to other ground (Climber.FromPose plays a climb so).
// It returns an error for keys < 1, a duration that is not positive and
// finite, or an angle that is not finite.
func RecordClip(r *Rig, name string, duration float64, keys int, loop bool, step func(dt float64)) (*ClipSpec, error) {
	if r == nil || step == nil {
		return nil, fmt.Errorf("ikanim: RecordClip: rig or step is nil")
	}
	if keys < 1 {
		return nil, fmt.Errorf("ikanim: RecordClip: keys: %d, want at least 1", keys)
	}
	if !(duration > 0) || !num.Finite(duration) {
		return nil, fmt.Errorf("ikanim: RecordClip: duration: %v, want a positive number of seconds", duration)
	}
	def := r.def
	spec := &ClipSpec{Name: name, Duration: duration, Loop: loop, Tracks: make([]TrackSpec, def.NumBones()), Root: make([]PointKey, 0, keys+1)}
	prev := make([]float64, def.NumBones())
	dt := duration / float64(keys)
	for k := 0; k <= keys; k++ {
		if k > 0 {
			step(dt)
		}
		t := min(duration, duration*float64(k)/float64(keys))
		root := r.animRoot.Add(r.BodyOffset)
		if !num.FiniteVec(root) {
			return nil, fmt.Errorf("ikanim: RecordClip: root offset %v at %.3f s", root, t)
		}
		spec.Root = append(spec.Root, PointKey{T: t, X: root[0], Y: root[1], Curve: "linear"})
		for b := range spec.Tracks {
			a := r.LocalAngle(b)
			if !num.Finite(a) {
				return nil, fmt.Errorf("ikanim: RecordClip: bone %q angle %v at %.3f s", def.bones[b].Name, a, t)
			}
			if k > 0 {
				a = prev[b] + math.Remainder(a-prev[b], 2*math.Pi)
			}
			prev[b] = a
			if k == 0 {
				spec.Tracks[b] = TrackSpec{Bone: def.bones[b].Name, Keys: make([]AngleKey, 0, keys+1)}
			}
			spec.Tracks[b].Keys = append(spec.Tracks[b].Keys, AngleKey{T: t, Deg: a * 180 / math.Pi, Curve: "linear"})
		}
	}
	return spec, nil
}
