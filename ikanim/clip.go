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

// Clip is a keyframe animation: local angles of some bones, the root
// offset, keyed IK (limb targets, weights, mixes and bend sides) and events
// over time, looped or held. It is a PoseSource and an IKSource. A Clip is
// immutable once built and may be shared by many rigs of the same RigDef.
//
// Clips are usually loaded from JSON with LoadClip:
//
//	{
//	  "name": "wave",
//	  "duration": 1.0,
//	  "loop": true,
//	  "tracks": [
//	    {"bone": "thigh.near", "keys": [{"t": 0, "deg": 120}, {"t": 0.5, "deg": 60, "curve": "linear"}]}
//	  ],
//	  "root": [{"t": 0, "x": 0, "y": 0}, {"t": 0.25, "x": 0, "y": -2}],
//	  "ik": [
//	    {"limb": "arm.near", "space": "character",
//	     "target": [{"t": 0, "x": 20, "y": -70, "curve": [0.25, 0.1, 0.25, 1]}, {"t": 0.5, "x": 30, "y": -95}],
//	     "weight": [{"t": 0, "v": 0}, {"t": 0.2, "v": 1}],
//	     "mix":    [{"t": 0, "v": 1}],
//	     "bend":   [{"t": 0, "v": 1}, {"t": 0.5, "v": -1}]}
//	  ],
//	  "events": [{"t": 0.5, "name": "wave", "int": 1, "float": 0.5, "string": "hi"}]
//	}
//
// Angles are local (relative to the parent bone) in degrees, clockwise on
// screen, for the right-facing character; times are seconds in [0,
// duration], strictly increasing within a track. Bones without a track
// hold their rest angle.
//
// Every key may name the curve that takes its value to the next key's:
// "linear", "stepped", "smooth" (Catmull-Rom through the neighbouring keys)
// or a cubic Bezier [x1, y1, x2, y2] on time, as CSS's cubic-bezier and
// Spine's normalised curves (see Bezier). Without one, bone angles and the
// root offset are smooth (as before curves existed) and IK values are
// linear (as in Spine). Angles move along the shortest arc.
//
// "ik" keys limbs by name; each entry may key:
//
//   - "target": the point the limb reaches for (a look-at limb: the point
//     it looks at), x and y in px. "space" is "character" (the default:
//     the character frame, origin at the rig's Position, x forward, y
//     down, mirrored with Facing) or "world" (world axes, origin at the
//     track entry's Origin, or at the world origin when the clip is the
//     rig's Source; it does not turn or mirror with the character);
//   - "weight": the keyed target's weight in [0,1] (default 1 when a
//     target is keyed); on a look-at limb it is the look-at weight;
//   - "mix": a factor in [0,1] on the limb's whole IK weight, keyed
//     target and controllers alike (default 1), like Spine's IK mix;
//   - "bend": +1 or -1, the bend side of a two-bone or arm-aim limb
//     (stepped; default the definition's Bend).
//
// How keyed values and the controllers' values combine is the Limb's
// rule (see Limb). Events fire when the clip's time passes their t (see
// AnimState.Events and Clip.AppendEvents); "int", "float" and "string"
// are free payload, as Spine's events carry.
//
// Limits: a file of at most MaxClipBytes, at most MaxClipKeys keys per
// track, MaxClipEvents events, names and strings of at most MaxClipText
// bytes, coordinates within MaxFileCoord (1e7) px and angles within 36000 degrees.
type Clip struct {
	Name     string
	Duration float64
	Loop     bool

	def    *RigDef
	tracks [][]clipKey // indexed by bone; empty keys = rest
	root   []clipKey
	ik     []clipIK
	events []Event    // sorted by Time
	feet   []clipFoot // derived foot contacts by limb (clip_gait.go)
}

// clipKey is one key: its time, its value (angles in v[0], radians;
// points in v[0], v[1]) and the curve to the next key.
type clipKey struct {
	t float64
	v [2]float64
	c curve
}

// clipIK is the keyed IK of one limb.
type clipIK struct {
	limb                      int
	world                     bool
	target, weight, mix, bend []clipKey
}

// Clip file limits.
const (
	MaxClipBytes  = 1 << 20 // largest clip file LoadClip reads
	MaxClipKeys   = 10000   // most keys in one track
	MaxClipEvents = 10000   // most events in one clip
	MaxClipText   = 256     // longest event name or string, bytes
)

type clipTime struct {
	T     *float64        `json:"t"`
	Curve json.RawMessage `json:"curve"`
}

type clipScalarKey struct {
	clipTime
	V *float64 `json:"v"`
}

type clipPointKey struct {
	clipTime
	X *float64 `json:"x"`
	Y *float64 `json:"y"`
}

type clipFile struct {
	Name     string  `json:"name"`
	Duration float64 `json:"duration"`
	Loop     bool    `json:"loop"`
	Tracks   []struct {
		Bone string `json:"bone"`
		Keys []struct {
			clipTime
			Deg *float64 `json:"deg"`
		} `json:"keys"`
	} `json:"tracks"`
	Root []struct {
		clipTime
		X float64 `json:"x"`
		Y float64 `json:"y"`
	} `json:"root"`
	IK []struct {
		Limb   string          `json:"limb"`
		Space  string          `json:"space"`
		Target []clipPointKey  `json:"target"`
		Weight []clipScalarKey `json:"weight"`
		Mix    []clipScalarKey `json:"mix"`
		Bend   []clipScalarKey `json:"bend"`
	} `json:"ik"`
	Events []struct {
		T      *float64 `json:"t"`
		Name   string   `json:"name"`
		Int    int64    `json:"int"`
		Float  float64  `json:"float"`
		String string   `json:"string"`
	} `json:"events"`
}

// LoadClip reads a JSON clip for the rig definition def. Errors name the
// track (index and bone), IK entry (index and limb), event or key (index)
// and the field at fault.
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
	c := &Clip{Name: f.Name, Duration: f.Duration, Loop: f.Loop, def: def, tracks: make([][]clipKey, def.NumBones())}
	p := clipParser{where: fmt.Sprintf("ikanim: clip %q", f.Name), duration: f.Duration}
	if len(f.Name) > MaxClipText {
		return nil, fmt.Errorf("ikanim: clip: name is longer than %d bytes", MaxClipText)
	}
	if !num.Finite(f.Duration) || f.Duration <= 0 || f.Duration > 3600 {
		return nil, fmt.Errorf("%s: duration %v must be in (0, 3600] seconds", p.where, f.Duration)
	}
	for ti, tr := range f.Tracks {
		what := fmt.Sprintf("track %d (bone %q)", ti, tr.Bone)
		bi := def.BoneIndex(tr.Bone)
		switch {
		case bi < 0:
			return nil, p.errorf("%s: bone is not in the rig", what)
		case len(c.tracks[bi]) > 0:
			return nil, p.errorf("%s: a second track for the same bone", what)
		case len(tr.Keys) == 0:
			return nil, p.errorf("%s: keys is empty", what)
		case len(tr.Keys) > MaxClipKeys:
			return nil, p.errorf("%s: %d keys, more than %d", what, len(tr.Keys), MaxClipKeys)
		}
		keys := make([]clipKey, len(tr.Keys))
		for k, key := range tr.Keys {
			if err := p.key(what, k, key.clipTime, keys); err != nil {
				return nil, err
			}
			if key.Deg == nil || !num.Finite(*key.Deg) || math.Abs(*key.Deg) > 36000 {
				return nil, p.errorf("%s key %d: deg is missing or not a finite angle", what, k)
			}
			keys[k].v[0] = *key.Deg * math.Pi / 180
		}
		c.tracks[bi] = keys
	}
	if len(f.Root) > MaxClipKeys {
		return nil, p.errorf("root: %d keys, more than %d", len(f.Root), MaxClipKeys)
	}
	if len(f.Root) > 0 {
		c.root = make([]clipKey, len(f.Root))
	}
	for k, key := range f.Root {
		if err := p.key("root", k, key.clipTime, c.root); err != nil {
			return nil, err
		}
		if !num.Finite(key.X) || !num.Finite(key.Y) || math.Abs(key.X) > MaxFileCoord || math.Abs(key.Y) > MaxFileCoord {
			return nil, p.errorf("root key %d: x, y must be finite and within 1e7 px", k)
		}
		c.root[k].v = [2]float64{key.X, key.Y}
	}
	if err := p.ik(c, &f); err != nil {
		return nil, err
	}
	if err := p.events(c, &f); err != nil {
		return nil, err
	}
	c.deriveContacts()
	return c, nil
}

// clipParser validates the parts of one clip file.
type clipParser struct {
	where    string
	duration float64
}

func (p *clipParser) errorf(format string, args ...any) error {
	return fmt.Errorf("%s: "+format, append([]any{p.where}, args...)...)
}

// key validates key k's time and curve and stores them in keys[k].
func (p *clipParser) key(what string, k int, kt clipTime, keys []clipKey) error {
	switch {
	case kt.T == nil:
		return p.errorf("%s key %d: t is missing", what, k)
	case !num.Finite(*kt.T) || *kt.T < 0 || *kt.T > p.duration:
		return p.errorf("%s key %d: t %v outside [0, duration %v]", what, k, *kt.T, p.duration)
	case k > 0 && *kt.T <= keys[k-1].t:
		return p.errorf("%s key %d: t %v not after the previous key's %v", what, k, *kt.T, keys[k-1].t)
	}
	cv, err := parseCurve(kt.Curve)
	if err != nil {
		return p.errorf("%s key %d: %v", what, k, err)
	}
	keys[k] = clipKey{t: *kt.T, c: cv}
	return nil
}

// scalars validates a track of "v" keys with values in [lo, hi].
func (p *clipParser) scalars(what string, in []clipScalarKey, lo, hi float64) ([]clipKey, error) {
	if len(in) > MaxClipKeys {
		return nil, p.errorf("%s: %d keys, more than %d", what, len(in), MaxClipKeys)
	}
	if len(in) == 0 {
		return nil, nil
	}
	keys := make([]clipKey, len(in))
	for k, key := range in {
		if err := p.key(what, k, key.clipTime, keys); err != nil {
			return nil, err
		}
		if key.V == nil || !num.Finite(*key.V) || *key.V < lo || *key.V > hi {
			return nil, p.errorf("%s key %d: v is missing or outside [%v, %v]", what, k, lo, hi)
		}
		keys[k].v[0] = *key.V
	}
	return keys, nil
}

func (p *clipParser) ik(c *Clip, f *clipFile) error {
	def := c.def
	if len(f.IK) > def.NumLimbs() {
		return p.errorf("ik: %d entries, more than the rig's %d limbs", len(f.IK), def.NumLimbs())
	}
	for ii, e := range f.IK {
		what := fmt.Sprintf("ik %d (limb %q)", ii, e.Limb)
		li := def.LimbIndex(e.Limb)
		if li < 0 {
			return p.errorf("%s: limb is not in the rig", what)
		}
		for _, prev := range c.ik {
			if prev.limb == li {
				return p.errorf("%s: a second ik entry for the same limb", what)
			}
		}
		k := clipIK{limb: li}
		switch e.Space {
		case "", "character":
		case "world":
			k.world = true
		default:
			return p.errorf("%s: space %q is not character or world", what, e.Space)
		}
		if len(e.Target) > MaxClipKeys {
			return p.errorf("%s target: %d keys, more than %d", what, len(e.Target), MaxClipKeys)
		}
		if len(e.Target) > 0 {
			k.target = make([]clipKey, len(e.Target))
		}
		for j, key := range e.Target {
			if err := p.key(what+" target", j, key.clipTime, k.target); err != nil {
				return err
			}
			if key.X == nil || key.Y == nil || !num.Finite(*key.X) || !num.Finite(*key.Y) || math.Abs(*key.X) > MaxFileCoord || math.Abs(*key.Y) > MaxFileCoord {
				return p.errorf("%s target key %d: x, y must be given, finite and within 1e7 px", what, j)
			}
			k.target[j].v = [2]float64{*key.X, *key.Y}
		}
		var err error
		if k.weight, err = p.scalars(what+" weight", e.Weight, 0, 1); err != nil {
			return err
		}
		if k.mix, err = p.scalars(what+" mix", e.Mix, 0, 1); err != nil {
			return err
		}
		if k.bend, err = p.scalars(what+" bend", e.Bend, -1, 1); err != nil {
			return err
		}
		for j := range k.bend {
			if v := k.bend[j].v[0]; v != 1 && v != -1 {
				return p.errorf("%s bend key %d: v %v must be 1 or -1", what, j, v)
			}
			k.bend[j].c = curve{kind: curveStepped}
		}
		switch {
		case len(k.weight) > 0 && len(k.target) == 0:
			return p.errorf("%s: weight is keyed but target is not (key mix to scale the controllers' weight)", what)
		case len(k.target)+len(k.mix)+len(k.bend) == 0:
			return p.errorf("%s: keys nothing (give target, mix or bend keys)", what)
		}
		c.ik = append(c.ik, k)
	}
	return nil
}

func (p *clipParser) events(c *Clip, f *clipFile) error {
	if len(f.Events) > MaxClipEvents {
		return p.errorf("events: %d events, more than %d", len(f.Events), MaxClipEvents)
	}
	for i, e := range f.Events {
		what := fmt.Sprintf("event %d (%q)", i, e.Name)
		switch {
		case e.Name == "":
			return p.errorf("event %d: name is empty", i)
		case len(e.Name) > MaxClipText:
			return p.errorf("event %d: name is longer than %d bytes", i, MaxClipText)
		case len(e.String) > MaxClipText:
			return p.errorf("%s: string is longer than %d bytes", what, MaxClipText)
		case e.T == nil:
			return p.errorf("%s: t is missing", what)
		case !num.Finite(*e.T) || *e.T < 0 || *e.T > p.duration:
			return p.errorf("%s: t %v outside [0, duration %v]", what, *e.T, p.duration)
		case !num.Finite(e.Float):
			return p.errorf("%s: float is not finite", what)
		}
		c.events = append(c.events, Event{Name: e.Name, Time: *e.T, Int: e.Int, Float: e.Float, String: e.String, Source: c})
	}
	sort.SliceStable(c.events, func(a, b int) bool { return c.events[a].Time < c.events[b].Time })
	return nil
}

// HasIK reports whether the clip keys any limb.
func (c *Clip) HasIK() bool { return len(c.ik) > 0 }

// NumEvents returns the number of the clip's events.
func (c *Clip) NumEvents() int { return len(c.events) }

// CycleDuration implements Cyclic: the clip's Duration.
func (c *Clip) CycleDuration() float64 { return c.Duration }

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
	for i, keys := range c.tracks {
		if len(keys) > 0 {
			dst[i] = c.sample(keys, t, true, curveSmooth)[0]
		}
	}
	if len(c.root) == 0 {
		return mgl64.Vec2{}
	}
	v := c.sample(c.root, t, false, curveSmooth)
	return mgl64.Vec2{v[0], v[1]}
}

// KeyIK implements IKSource: the clip's keyed IK at time t for the limbs
// of r (world-space targets relative to the world origin). Limbs the clip
// does not key get the zero LimbKey. It does not allocate.
func (c *Clip) KeyIK(r *Rig, t float64, dst []LimbKey) {
	c.keyIK(r, t, mgl64.Vec2{}, dst)
}

// keyIK is KeyIK with world-space targets relative to origin.
func (c *Clip) keyIK(r *Rig, t float64, origin mgl64.Vec2, dst []LimbKey) {
	for i := range dst {
		dst[i] = LimbKey{}
	}
	if r == nil || r.def != c.def || len(c.ik) == 0 {
		return
	}
	t = c.localTime(t)
	for i := range c.ik {
		k := &c.ik[i]
		if k.limb >= len(dst) {
			continue
		}
		d := &dst[k.limb]
		if len(k.target) > 0 {
			v := c.sample(k.target, t, false, curveLinear)
			p := mgl64.Vec2{v[0], v[1]}
			if k.world {
				p = r.ToLocal(origin.Add(p))
			}
			d.Target = p
			d.Weight = 1
			if len(k.weight) > 0 {
				d.Weight = num.Clamp01(c.sample(k.weight, t, false, curveLinear)[0])
			}
		}
		if len(k.mix) > 0 {
			d.SetMix(c.sample(k.mix, t, false, curveLinear)[0])
		}
		if len(k.bend) > 0 {
			d.Bend = c.sample(k.bend, t, false, curveStepped)[0]
		}
	}
}

// AppendEvents appends to dst the clip's events whose times the clip's
// clock passes going from time from to time to (from < event time <= to,
// in the clock of Pose: a looping clip fires an event once per cycle, a
// held one once), in the order passed, and returns the extended slice. The
// clock starts at 0: a from below 0 fires the events at 0 (use from = -1
// for the first frame), and no cycle before 0 exists. It allocates only
// when dst is too short; at most four cycles are passed per call (the
// latest four).
func (c *Clip) AppendEvents(dst []Event, from, to float64) []Event {
	c.eachEvent(from, to, func(e *Event) { dst = append(dst, *e) })
	return dst
}

// eachEvent calls fn for every event passed from time from to time to.
func (c *Clip) eachEvent(from, to float64, fn func(e *Event)) {
	if len(c.events) == 0 || !(to > from) || !num.Finite(from) || !num.Finite(to) {
		return
	}
	if !c.Loop {
		for i := range c.events {
			if e := &c.events[i]; e.Time > from && e.Time <= to {
				fn(e)
			}
		}
		return
	}
	d := c.Duration
	k0, k1 := math.Max(math.Floor(from/d), 0), math.Floor(to/d)
	if k1-k0 > 3 {
		k0 = k1 - 3
	}
	for k := k0; k <= k1; k++ {
		base := k * d
		for i := range c.events {
			e := &c.events[i]
			if at := base + e.Time; at > from && at <= to {
				fn(e)
			}
		}
	}
}

// localTime maps t into [0, Duration]: wrapped for loops, clamped otherwise.
func (c *Clip) localTime(t float64) float64 {
	if !num.Finite(t) {
		return 0
	}
	if c.Loop {
		t -= c.Duration * math.Floor(t/c.Duration)
		if !(t >= 0 && t < c.Duration) { // rounding at the seam
			t = 0
		}
		return t
	}
	return math.Max(0, math.Min(t, c.Duration))
}

// segment finds the keys around t: indices i0 <= t < i1 (wrapping for loops)
// and the fraction u in [0,1] between them, plus the neighbours for the
// Catmull-Rom tangents.
func (c *Clip) segment(keys []clipKey, t float64) (im, i0, i1, ip int, u float64) {
	n := len(keys)
	k := sort.Search(n, func(i int) bool { return keys[i].t > t }) // first key after t
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
		span := keys[i1].t - keys[i0].t
		u = (t - keys[i0].t) / span
		return max(i0-1, 0), i0, i1, min(i1+1, n-1), u
	}
	i0 = (k - 1 + n) % n
	i1 = k % n
	t0, t1 := keys[i0].t, keys[i1].t
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

// sample returns the keyed value at local time t: angles (v[0], moved
// along the shortest arc) when angle is set, else both components. def is
// the curve of keys that name none.
func (c *Clip) sample(keys []clipKey, t float64, angle bool, def curveKind) [2]float64 {
	im, i0, i1, ip, u := c.segment(keys, t)
	k0 := &keys[i0]
	if i0 == i1 {
		return k0.v
	}
	kind := k0.c.kind
	if kind == curveDefault {
		kind = def
	}
	dims := 2
	if angle {
		dims = 1
	}
	var out [2]float64
	for a := 0; a < dims; a++ {
		p1, p2 := k0.v[a], keys[i1].v[a]
		if angle {
			p2 = p1 + wrapPi(p2-p1)
		}
		switch kind {
		case curveStepped:
			out[a] = p1
		case curveLinear:
			out[a] = p1 + u*(p2-p1)
		case curveBezier:
			out[a] = p1 + Bezier(k0.c.x1, k0.c.y1, k0.c.x2, k0.c.y2, u)*(p2-p1)
		default:
			p0, p3 := keys[im].v[a], keys[ip].v[a]
			if angle {
				// Unwrap the neighbours onto the shortest arc around p1, p2.
				p0 = p1 + wrapPi(p0-p1)
				p3 = p2 + wrapPi(p3-p2)
			}
			out[a] = catmullRom(p0, p1, p2, p3, u)
		}
	}
	return out
}

// catmullRom interpolates between p1 and p2 with tangents from p0 and p3.
func catmullRom(p0, p1, p2, p3, u float64) float64 {
	u2, u3 := u*u, u*u*u
	return 0.5 * (2*p1 + (-p0+p2)*u + (2*p0-5*p1+4*p2-p3)*u2 + (-p0+3*p1-3*p2+p3)*u3)
}
