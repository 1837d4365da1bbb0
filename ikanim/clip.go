package ikanim

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"sort"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/internal/num"
)

// Clip is a keyframe animation: local angles of some bones and the root offset
// over time, looped or held, interpolated with Catmull-Rom curves (angles
// along the shortest arc). It is a PoseSource. A Clip is immutable once built
// and may be shared by many rigs of the same RigDef.
//
// Clips are usually loaded from JSON with LoadClip:
//
//	{
//	  "name": "walk",
//	  "duration": 1.0,
//	  "loop": true,
//	  "tracks": [
//	    {"bone": "thigh.near", "keys": [{"t": 0, "deg": 120}, {"t": 0.5, "deg": 60}]}
//	  ],
//	  "root": [{"t": 0, "x": 0, "y": 0}, {"t": 0.25, "x": 0, "y": -2}]
//	}
//
// Angles are local (relative to the parent bone) in degrees, clockwise on
// screen, for the right-facing character; times are seconds in [0, duration],
// strictly increasing. Bones without a track hold their rest angle.
type Clip struct {
	Name     string
	Duration float64
	Loop     bool

	def    *RigDef
	tracks []clipTrack // indexed by bone; empty keys = rest
	root   []clipKey2
}

type clipKey struct{ t, v float64 }

type clipKey2 struct {
	t float64
	v mgl64.Vec2
}

type clipTrack struct{ keys []clipKey }

// Clip file limits.
const (
	MaxClipBytes = 1 << 20 // largest clip file LoadClip reads
	MaxClipKeys  = 10000   // most keys in one track
)

type clipFile struct {
	Name     string  `json:"name"`
	Duration float64 `json:"duration"`
	Loop     bool    `json:"loop"`
	Tracks   []struct {
		Bone string `json:"bone"`
		Keys []struct {
			T   *float64 `json:"t"`
			Deg *float64 `json:"deg"`
		} `json:"keys"`
	} `json:"tracks"`
	Root []struct {
		T *float64 `json:"t"`
		X float64  `json:"x"`
		Y float64  `json:"y"`
	} `json:"root"`
}

// LoadClip reads a JSON clip for the rig definition def. Errors name the
// track (index and bone) or key (index) and the field at fault.
func LoadClip(r io.Reader, def *RigDef) (*Clip, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxClipBytes+1))
	if err != nil {
		return nil, fmt.Errorf("ikanim: clip: %w", err)
	}
	if len(data) > MaxClipBytes {
		return nil, fmt.Errorf("ikanim: clip: larger than %d bytes", MaxClipBytes)
	}
	return ParseClip(data, def)
}

// ParseClip parses a JSON clip (see Clip) for def.
func ParseClip(data []byte, def *RigDef) (*Clip, error) {
	if def == nil {
		return nil, fmt.Errorf("ikanim: clip: nil RigDef")
	}
	if len(data) > MaxClipBytes {
		return nil, fmt.Errorf("ikanim: clip: larger than %d bytes", MaxClipBytes)
	}
	var f clipFile
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("ikanim: clip: %w", err)
	}
	c := &Clip{Name: f.Name, Duration: f.Duration, Loop: f.Loop, def: def, tracks: make([]clipTrack, def.NumBones())}
	where := fmt.Sprintf("ikanim: clip %q", f.Name)
	if !num.Finite(f.Duration) || f.Duration <= 0 || f.Duration > 3600 {
		return nil, fmt.Errorf("%s: duration %v must be in (0, 3600] seconds", where, f.Duration)
	}
	checkTime := func(what string, k int, t *float64, prev float64) (float64, error) {
		switch {
		case t == nil:
			return 0, fmt.Errorf("%s: %s key %d: t is missing", where, what, k)
		case !num.Finite(*t) || *t < 0 || *t > f.Duration:
			return 0, fmt.Errorf("%s: %s key %d: t %v outside [0, duration %v]", where, what, k, *t, f.Duration)
		case k > 0 && *t <= prev:
			return 0, fmt.Errorf("%s: %s key %d: t %v not after the previous key's %v", where, what, k, *t, prev)
		}
		return *t, nil
	}
	for ti, tr := range f.Tracks {
		what := fmt.Sprintf("track %d (bone %q)", ti, tr.Bone)
		bi := def.BoneIndex(tr.Bone)
		switch {
		case bi < 0:
			return nil, fmt.Errorf("%s: %s: bone is not in the rig", where, what)
		case len(c.tracks[bi].keys) > 0:
			return nil, fmt.Errorf("%s: %s: a second track for the same bone", where, what)
		case len(tr.Keys) == 0:
			return nil, fmt.Errorf("%s: %s: keys is empty", where, what)
		case len(tr.Keys) > MaxClipKeys:
			return nil, fmt.Errorf("%s: %s: %d keys, more than %d", where, what, len(tr.Keys), MaxClipKeys)
		}
		keys := make([]clipKey, len(tr.Keys))
		prev := 0.0
		for k, key := range tr.Keys {
			t, err := checkTime(what, k, key.T, prev)
			if err != nil {
				return nil, err
			}
			if key.Deg == nil || !num.Finite(*key.Deg) || math.Abs(*key.Deg) > 36000 {
				return nil, fmt.Errorf("%s: %s key %d: deg is missing or not a finite angle", where, what, k)
			}
			keys[k] = clipKey{t, *key.Deg * math.Pi / 180}
			prev = t
		}
		c.tracks[bi].keys = keys
	}
	if len(f.Root) > MaxClipKeys {
		return nil, fmt.Errorf("%s: root: %d keys, more than %d", where, len(f.Root), MaxClipKeys)
	}
	prev := 0.0
	for k, key := range f.Root {
		t, err := checkTime("root", k, key.T, prev)
		if err != nil {
			return nil, err
		}
		if !num.Finite(key.X) || !num.Finite(key.Y) || math.Abs(key.X) > 1e6 || math.Abs(key.Y) > 1e6 {
			return nil, fmt.Errorf("%s: root key %d: x, y must be finite and within 1e6 px", where, k)
		}
		c.root = append(c.root, clipKey2{t, mgl64.Vec2{key.X, key.Y}})
		prev = t
	}
	return c, nil
}

// Pose implements PoseSource. A clip made for another RigDef writes the rest
// pose.
func (c *Clip) Pose(def *RigDef, t float64, dst []float64) mgl64.Vec2 {
	for i := range dst {
		dst[i] = def.bones[i].Rest
	}
	if def != c.def {
		return mgl64.Vec2{}
	}
	t = c.localTime(t)
	for i := range c.tracks {
		if keys := c.tracks[i].keys; len(keys) > 0 {
			dst[i] = c.sampleAngle(keys, t)
		}
	}
	if len(c.root) == 0 {
		return mgl64.Vec2{}
	}
	return mgl64.Vec2{
		c.sample2(t, 0),
		c.sample2(t, 1),
	}
}

// localTime maps t into [0, Duration]: wrapped for loops, clamped otherwise.
func (c *Clip) localTime(t float64) float64 {
	if !num.Finite(t) {
		return 0
	}
	if c.Loop {
		t = math.Mod(t, c.Duration)
		if t < 0 {
			t += c.Duration
		}
		return t
	}
	return math.Max(0, math.Min(t, c.Duration))
}

// segment finds the keys around t: indices i0 <= t < i1 (wrapping for loops)
// and the fraction u in [0,1] between them, plus the neighbours for the
// Catmull-Rom tangents.
func (c *Clip) segment(n int, at func(int) float64, t float64) (im, i0, i1, ip int, u float64) {
	k := sort.Search(n, func(i int) bool { return at(i) > t }) // first key after t
	if n == 1 {
		return 0, 0, 0, 0, 0
	}
	if !c.Loop {
		if k == 0 {
			return 0, 0, 0, 0, 0
		}
		if k == n {
			return n - 1, n - 1, n - 1, n - 1, 0
		}
		i0, i1 = k-1, k
		span := at(i1) - at(i0)
		u = (t - at(i0)) / span
		return max(i0-1, 0), i0, i1, min(i1+1, n-1), u
	}
	i0 = (k - 1 + n) % n
	i1 = k % n
	t0, t1 := at(i0), at(i1)
	if k == 0 {
		t0 -= c.Duration
	}
	if k == n {
		t1 += c.Duration
	}
	span := t1 - t0
	if span > 0 {
		u = (t - t0) / span
	}
	return (i0 - 1 + n) % n, i0, i1, (i1 + 1) % n, u
}

func (c *Clip) sampleAngle(keys []clipKey, t float64) float64 {
	im, i0, i1, ip, u := c.segment(len(keys), func(i int) float64 { return keys[i].t }, t)
	p1 := keys[i0].v
	// Unwrap neighbours onto the shortest arc around p1.
	p0 := p1 + math.Remainder(keys[im].v-p1, 2*math.Pi)
	p2 := p1 + math.Remainder(keys[i1].v-p1, 2*math.Pi)
	p3 := p2 + math.Remainder(keys[ip].v-p2, 2*math.Pi)
	return catmullRom(p0, p1, p2, p3, u)
}

func (c *Clip) sample2(t float64, axis int) float64 {
	keys := c.root
	im, i0, i1, ip, u := c.segment(len(keys), func(i int) float64 { return keys[i].t }, t)
	return catmullRom(keys[im].v[axis], keys[i0].v[axis], keys[i1].v[axis], keys[ip].v[axis], u)
}

// catmullRom interpolates between p1 and p2 with tangents from p0 and p3.
func catmullRom(p0, p1, p2, p3, u float64) float64 {
	u2, u3 := u*u, u*u*u
	return 0.5 * (2*p1 + (-p0+p2)*u + (2*p0-5*p1+4*p2-p3)*u2 + (-p0+3*p1-3*p2+p3)*u3)
}
