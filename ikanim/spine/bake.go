package spine

import (
	"encoding/json"
	"fmt"
	"math"
	"sort"

	"github.com/ikanim/kit/ikanim"
)

// An ikanim.Clip interpolates its keys with Catmull-Rom curves, so Spine's
// linear, stepped and Bezier segments are baked: each timeline is sampled
// at its keys and at BakeRate samples per second between them (every
// segment between two keys cut into equal steps), and the samples become
// the clip's keys. The clip passes through every sample, so poses at key
// times are exact; between samples the curve is smooth and close (a linear
// stretch is reproduced exactly away from its ends, a step ramps over one
// sample, about 17 ms at 60 per second).

// sampleTimes returns the bake times of a timeline with the given key
// times over [0, dur]: 0, every key time, dur, and equal steps of at most
// 1/rate between them, strictly increasing.
func sampleTimes(keyTimes []float64, dur, rate float64) []float64 {
	bounds := []float64{0}
	for _, t := range keyTimes {
		if t > bounds[len(bounds)-1] && t < dur {
			bounds = append(bounds, t)
		}
	}
	bounds = append(bounds, dur)
	out := []float64{0}
	for i := 1; i < len(bounds); i++ {
		t0, t1 := bounds[i-1], bounds[i]
		m := max(1, int(math.Ceil((t1-t0)*rate-1e-9)))
		for k := 1; k < m; k++ {
			if t := t0 + (t1-t0)*float64(k)/float64(m); t > out[len(out)-1] && t < t1 {
				out = append(out, t)
			}
		}
		out = append(out, t1)
	}
	return out
}

func keyTimes(trs ...*track) []float64 {
	var ts []float64
	for _, tr := range trs {
		if tr == nil {
			continue
		}
		for _, k := range tr.keys {
			ts = append(ts, k.t)
		}
	}
	sort.Float64s(ts)
	return ts
}

func sortedInts[V any](m map[int]V) []int {
	out := make([]int, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Ints(out)
	return out
}

// bake converts one animation: the clip JSON and the IK tracks.
func (s *Skeleton) bake(d *fileData, a *animData) (Animation, error) {
	an := Animation{Name: a.name, Duration: a.duration, ik: make([]ikTracks, len(s.IK))}
	skip := func(format string, args ...any) {
		s.Skipped = append(s.Skipped, fmt.Sprintf("animation %q: ", a.name)+fmt.Sprintf(format, args...))
	}
	// IK: mix and bend keys, and the translation of target bones (the
	// root's is the clip's root offset).
	target := map[int]bool{}
	used := map[int]bool{}
	for k, c := range s.IK {
		ci := s.ikBone[k]
		used[ci] = true
		tr := &an.ik[k]
		tr.mix, tr.bend, tr.soft = a.ikMix[ci], a.ikBend[ci], a.ikSoft[ci]
		if t := c.Target; t > 0 && (a.tx[t] != nil || a.ty[t] != nil) {
			tr.tx, tr.ty = a.tx[t], a.ty[t]
			target[t] = true
		}
	}
	for _, ci := range sortedInts(a.ikMix) {
		if !used[ci] {
			skip("IK %q: keys of a constraint that is not imported ignored", d.ik[ci].name)
		}
	}
	moved := map[int]bool{}
	for _, b := range sortedInts(a.tx) {
		moved[b] = true
	}
	for _, b := range sortedInts(a.ty) {
		moved[b] = true
	}
	for _, b := range sortedInts(moved) {
		switch {
		case b == 0:
		case target[b]:
			if s.spine[b].children > 0 || s.hasSlot(b) {
				skip("bone %q: translate moves the IK target only, not the bone's children or attachments", d.bones[b].name)
			}
		default:
			skip("bone %q: translate timeline not imported (only the root bone's and IK targets' translations are)", d.bones[b].name)
		}
	}

	dur := a.duration
	if dur > 3600 {
		return an, fmt.Errorf("animations[%q]: %v s, longer than 3600 s", a.name, dur)
	}
	rate := s.opts.BakeRate
	// Pick a rate the clip fits at before baking (about 48 bytes a key),
	// then bake, lowering it again should the estimate fall short.
	estimate := func(rate float64) (bytes, most float64) {
		for _, tr := range a.rotate {
			n := math.Ceil(dur*rate) + float64(len(tr.keys)) + 2
			bytes, most = bytes+48*n, math.Max(most, n)
		}
		if tx, ty := a.tx[0], a.ty[0]; tx != nil || ty != nil {
			n := math.Ceil(dur*rate) + float64(len(keyTimes(tx, ty))) + 2
			bytes, most = bytes+64*n, math.Max(most, n)
		}
		return bytes, most
	}
	for k := 0; k < 100; k++ {
		if b, most := estimate(rate); b <= 0.9*ikanim.MaxClipBytes && most <= 0.9*ikanim.MaxClipKeys {
			break
		}
		rate *= 0.8
	}
	for attempt := 0; ; attempt++ {
		clip := s.bakeClip(a, dur, rate)
		data, err := json.Marshal(clip)
		if err != nil {
			return an, fmt.Errorf("animations[%q]: %v", a.name, err)
		}
		most := 0
		for _, tr := range clip.Tracks {
			most = max(most, len(tr.Keys))
		}
		most = max(most, len(clip.Root))
		if len(data) <= ikanim.MaxClipBytes && most <= ikanim.MaxClipKeys {
			if rate != s.opts.BakeRate {
				skip("baked at %.3g samples/s to fit the clip limits", rate)
			}
			an.Clip = data
			return an, nil
		}
		if attempt == 8 {
			return an, fmt.Errorf("animations[%q]: too long to bake within the clip limits (%d bytes, %d keys per track)", a.name, ikanim.MaxClipBytes, ikanim.MaxClipKeys)
		}
		f := math.Min(0.9*float64(ikanim.MaxClipBytes)/float64(len(data)), 0.9*float64(ikanim.MaxClipKeys)/float64(most))
		rate *= math.Min(f, 0.9)
	}
}

func (s *Skeleton) hasSlot(bone int) bool {
	for _, sl := range s.Slots {
		if s.Bones[sl.Bone].Parent == bone {
			return true
		}
	}
	return false
}

func (s *Skeleton) bakeClip(a *animData, dur, rate float64) ikanim.ClipSpec {
	clipDur := dur
	if clipDur <= 0 {
		clipDur = 1 / rate
	}
	c := ikanim.ClipSpec{Name: a.name, Duration: clipDur, Loop: !s.opts.Once}
	for _, b := range sortedInts(a.rotate) {
		tr := a.rotate[b]
		sb := s.spine[b]
		ts := sampleTimes(keyTimes(tr), clipDur, rate)
		keys := make([]ikanim.AngleKey, len(ts))
		same := true
		for i, t := range ts {
			keys[i] = ikanim.AngleKey{T: t, Deg: sb.restDeg - sb.sign*tr.at(t, 0)}
			same = same && keys[i].Deg == keys[0].Deg
		}
		if same {
			keys = keys[:1]
		}
		c.Tracks = append(c.Tracks, ikanim.TrackSpec{Bone: s.Bones[b].Name, Keys: keys})
	}
	if tx, ty := a.tx[0], a.ty[0]; tx != nil || ty != nil {
		ts := sampleTimes(keyTimes(tx, ty), clipDur, rate)
		c.Root = make([]ikanim.PointKey, len(ts))
		for i, t := range ts {
			var x, y float64
			if tx != nil {
				x = tx.at(t, 0)
			}
			if ty != nil {
				y = ty.at(t, 0)
			}
			// The root's parent is the skeleton frame: y up -> y down.
			c.Root[i] = ikanim.PointKey{T: t, X: x, Y: -y}
		}
	}
	return c
}
