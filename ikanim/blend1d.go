package ikanim

// A 1-D blend space, and why its feet do not slip.
//
// Children sit at increasing parameter values At_0 < At_1 < ... . For the
// parameter p between At_a and At_b the blend weight is u = (p - At_a) /
// (At_b - At_a) (clamped at the ends), and only a and b are sampled.
//
// All children share one normalised phase phi in [0,1): child i is
// sampled at phi*C_i on its own clock, where C_i is its cycle (a clip's
// Duration, a WalkCycle's Period), so the feet of a walk and a run touch
// down together however their durations differ (Unity's blend trees and
// Unreal's sync groups do the same). The blended cycle lasts
//
//	D(u) = (1-u)*D_a + u*D_b
//
// seconds, D_i being child i's cycle in real time, and carries the body
// over the blended stride
//
//	S(u) = (1-u)*V_a*D_a + u*V_b*D_b
//
// where V_i is the ground speed child i was authored for (its planted
// feet stand still in the world when the body moves at V_i). A body moving
// at ground speed v covers v*dt in a frame, and for its planted feet to
// stay put the cycle must advance by the same share of the stride:
//
//	phi += v*dt / S(u)
//
// At p = At_i and v = V_i this is dt/D_i, the child's own rate. Between
// two children it blends their strides instead of their speeds, which is
// what keeps a blended stance still: the blended planted foot moves by the
// blended stride per cycle. Below an idle child (V = 0) the stride shrinks
// with u while v does too, so the cadence of the walk stays (v/S = V_b /
// (V_b*D_b) when At = V, as for a speed parameter), and above the fastest
// child the cadence quickens in proportion. When the blended stride is
// below 1e-6 px (in place: idle children, or children without a speed) the
// phase runs on time instead: phi += dt / D(u).

import (
	"errors"
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/internal/num"
)

// BlendChild is one pose source of a Blend1D.
type BlendChild struct {
	// Source is the child's pose source: a looping Clip, a WalkCycle or
	// any PoseSource.
	Source PoseSource
	// At is the blend parameter at which the child plays alone (for a
	// speed blend, its ground speed in px/s).
	At float64
	// Speed is the ground speed, px/s, at which the child's planted feet
	// stand still when it plays at its own time scale 1: 0 for an idle or
	// any motion in place. The zero value means the source's own
	// NominalSpeed when it has one (WalkCycle), else in place.
	Speed float64
	// Cycle is the child's cycle on its own clock, seconds. The zero value
	// means the source's: a Cyclic's CycleDuration (a Clip's Duration) or
	// a WalkCycle's period.
	Cycle float64
}

// blendChild is a validated BlendChild with its speed and cycles resolved.
type blendChild struct {
	BlendChild
	driven SpeedDriven // Source as a SpeedDriven, or nil
	cycle  float64     // on the source's clock, s
	real   float64     // in real time: cycle / the time scale Drive(Speed) returns
}

// Blend1D is a 1-D blend space: pose sources (clips, procedural walks)
// placed along one parameter, such as speed for idle, walk and run, and
// blended by it with their phases synchronised and their strides blended,
// so a character moving at the speed the blend is driven with keeps its
// planted feet still (the derivation opens blend1d.go). It is a
// PoseSource, a SpeedDriven, an IKSource (the two sampled children's keyed
// IK, blended) and fires its children's events; it can be a rig's Source
// or an AnimState track's entry.
//
// A Blend1D holds its phase and the children's per-rig state (a WalkCycle
// child holds its stride): give each rig its own. Pose does not allocate.
type Blend1D struct {
	// Param is the blend parameter. With FollowSpeed, Drive sets it.
	Param float64
	// FollowSpeed makes Drive set Param to the ground speed it is given:
	// the usual idle-walk-run blend, whose children's At are their speeds.
	FollowSpeed bool
	// Origin is the world point the children's world-space IK keys are
	// relative to (zero value: the world origin).
	Origin mgl64.Vec2
	// MaxBlendSpeed bounds how fast a change of Param alone turns a bone,
	// rad/s (0 means DefaultMaxBlendSpeed; +Inf turns the guard off): the
	// blend follows Param at once while that moves no bone faster, and
	// eases toward it otherwise (a speed that jumps from 0 to a run). See
	// Value.
	MaxBlendSpeed float64
	// OnEvent, when set, is called after each Pose with each event the
	// dominant child fired (see Events).
	OnEvent func(Event)

	def      *RigDef
	children []blendChild
	buf      []float64
	keysB    []LimbKey
	events   []Event
	dropped  int
	speed    float64
	lastT    float64
	started  bool
	cycles   float64 // phase, unwrapped: whole cycles plus phi
	a, b     int     // the children sampled last
	u        float64 // b's weight last
	times    [2]float64
	advanced bool      // the phase has moved since the blend was made
	prev     []float64 // last output
	hasPrev  bool
	// diff is each bone's b-minus-a angle, unwrapped from frame to frame
	// while the segment diffSeg stays (diffOK).
	diff    []float64
	diffSeg [2]int
	diffOK  bool
	value   float64 // the parameter the pose shows (follows Param)
	valued  bool    // value is set
}

// MaxBlendChildren bounds a Blend1D.
const MaxBlendChildren = 64

// maxFrameEvents is the capacity of the event buffers of Blend1D and
// AnimState: events past it in one frame are counted as dropped.
const maxFrameEvents = 64

// NewBlend1D builds a blend of children for def. It returns an error
// naming the child and field at fault: no children, a nil Source, At not
// finite or not increasing, a negative or non-finite Speed or Cycle, or a
// source whose cycle is unknown (give Cycle).
func NewBlend1D(def *RigDef, children ...BlendChild) (*Blend1D, error) {
	if def == nil {
		return nil, errors.New("ikanim: NewBlend1D: nil RigDef")
	}
	if len(children) == 0 || len(children) > MaxBlendChildren {
		return nil, fmt.Errorf("ikanim: NewBlend1D: %d children, want 1 to %d", len(children), MaxBlendChildren)
	}
	b := &Blend1D{
		def:    def,
		buf:    make([]float64, def.NumBones()),
		prev:   make([]float64, def.NumBones()),
		diff:   make([]float64, def.NumBones()),
		keysB:  make([]LimbKey, def.NumLimbs()),
		events: make([]Event, 0, maxFrameEvents),
	}
	for i, c := range children {
		where := fmt.Sprintf("ikanim: NewBlend1D: child %d", i)
		switch {
		case c.Source == nil:
			return nil, fmt.Errorf("%s: Source is nil", where)
		case !num.Finite(c.At):
			return nil, fmt.Errorf("%s: At %v is not finite", where, c.At)
		case i > 0 && c.At <= children[i-1].At:
			return nil, fmt.Errorf("%s: At %v is not above child %d's %v", where, c.At, i-1, children[i-1].At)
		case !num.Finite(c.Speed) || c.Speed < 0:
			return nil, fmt.Errorf("%s: Speed %v must be finite and >= 0", where, c.Speed)
		case !num.Finite(c.Cycle) || c.Cycle < 0:
			return nil, fmt.Errorf("%s: Cycle %v must be finite and >= 0", where, c.Cycle)
		}
		bc := blendChild{BlendChild: c}
		bc.driven, _ = c.Source.(SpeedDriven)
		if bc.Speed == 0 {
			bc.Speed = nominalSpeedOf(c.Source)
		}
		bc.cycle = c.Cycle
		if bc.cycle == 0 {
			bc.cycle = cycleOf(c.Source)
		}
		if !(bc.cycle > 0) {
			return nil, fmt.Errorf("%s: Cycle is 0 and the source's cycle is unknown (not Cyclic): give Cycle", where)
		}
		bc.real = bc.cycle
		if bc.driven != nil {
			if ts := bc.driven.Drive(bc.Speed); ts > 0 && num.Finite(ts) {
				bc.real = bc.cycle / ts
			}
		}
		b.children = append(b.children, bc)
	}
	return b, nil
}

// NumChildren returns the number of children.
func (b *Blend1D) NumChildren() int { return len(b.children) }

// Drive implements SpeedDriven: it records the ground speed (sign ignored,
// NaN = 0) that the phase follows, sets Param to it with FollowSpeed, and
// returns 1: the blend keeps its children's clocks itself.
func (b *Blend1D) Drive(speed float64) (timeScale float64) {
	speed = math.Abs(speed)
	if !num.Finite(speed) {
		speed = 0
	}
	b.speed = speed
	if b.FollowSpeed {
		b.Param = speed
	}
	return 1
}

// Phase returns the shared normalised phase in [0,1).
func (b *Blend1D) Phase() float64 { return b.cycles - math.Floor(b.cycles) }

// Weights returns the two children sampled by the last Pose and the
// weight of the second: the pose is (1-u)*child a + u*child b.
func (b *Blend1D) Weights() (a, bi int, u float64) { return b.a, b.b, b.u }

// Events returns the events fired by the last Pose: those of the dominant
// child (the one of larger weight) whose times its clock passed. The slice
// is reused by the next Pose; copy what you keep. At most 64 are kept per
// frame (DroppedEvents counts the rest).
func (b *Blend1D) Events() []Event { return b.events }

// DroppedEvents returns how many events did not fit the per-frame buffer
// since the blend was made.
func (b *Blend1D) DroppedEvents() int { return b.dropped }

// Stride returns the blended stride S(u), px per cycle, and the blended
// cycle D(u), s, of the pose the last Pose showed (see the file comment).
func (b *Blend1D) Stride() (stride, cycle float64) {
	return b.blended(b.a, b.b, b.u)
}

// Value returns the parameter the last Pose showed: Param, or on its way
// to Param while the pop guard (MaxBlendSpeed) eases a large change. It
// is clamped to the children's range.
func (b *Blend1D) Value() float64 { return b.value }

// clampAt clamps p to the children's range.
func (b *Blend1D) clampAt(p float64) float64 {
	ch := b.children
	return math.Max(ch[0].At, math.Min(p, ch[len(ch)-1].At))
}

// segment returns the children around the shown value v for a move
// toward target: a < c with At_a <= v <= At_c (the segment beyond v when v
// sits on a child and target lies beyond it), and v's weight u of c; a =
// c and u = 0 with a single child.
func (b *Blend1D) segment(v, target float64) (a, c int, u float64) {
	ch := b.children
	n := len(ch)
	if n == 1 {
		return 0, 0, 0
	}
	c = 1
	for c < n-1 && ch[c].At < v {
		c++
	}
	a = c - 1
	if v == ch[c].At && target > v && c < n-1 {
		a, c = c, c+1
	}
	return a, c, num.Clamp01((v - ch[a].At) / (ch[c].At - ch[a].At))
}

func (b *Blend1D) blended(a, c int, u float64) (stride, cycle float64) {
	ca, cc := &b.children[a], &b.children[c]
	cycle = (1-u)*ca.real + u*cc.real
	stride = (1-u)*ca.Speed*ca.real + u*cc.Speed*cc.real
	return stride, cycle
}

// Pose implements PoseSource: it advances the shared phase by the time
// since the last call (t is the rig's or the track entry's clock; a clock
// that went back advances nothing, a first call advances by t when t is
// in (0, MaxDt], else nothing) and writes the blend of the two children
// around the parameter.
func (b *Blend1D) Pose(def *RigDef, t float64, dst []float64) mgl64.Vec2 {
	b.events = b.events[:0]
	if def != b.def {
		for i := range dst {
			dst[i] = def.bones[i].Rest
		}
		return mgl64.Vec2{}
	}
	dt := firstDt(t)
	if b.started {
		dt = 0
		if num.Finite(t) && t > b.lastT {
			dt = t - b.lastT
		}
	}
	if num.Finite(t) {
		b.lastT, b.started = t, true
	}
	target := b.Param
	if !num.Finite(target) {
		target = b.value
	}
	target = b.clampAt(target)
	if !b.valued {
		b.value, b.valued = target, true
	}
	a, c, u := b.segment(b.value, target)
	stride, cycle := b.blended(a, c, u)
	prev := b.cycles
	// While the guard eases a speed blend toward a new speed, the pose
	// shown is that of the speed Value: its own cadence (the feet slip by
	// the difference for those frames instead of the legs spinning).
	speed := b.speed
	if b.FollowSpeed && b.value != target {
		speed = b.value
	}
	if stride > 1e-6 {
		b.cycles += speed * dt / stride
	} else if cycle > 0 {
		b.cycles += dt / cycle
	}
	if !num.Finite(b.cycles) || b.cycles > 1e12 {
		b.cycles = b.Phase()
		prev = b.cycles
	}
	phi := b.Phase()
	want := u
	if c != a {
		want = num.Clamp01((target - b.children[a].At) / (b.children[c].At - b.children[a].At))
	}
	switch {
	case u == want && u == 1:
		a, u = c, 0 // b alone
		fallthrough
	case u == want && u == 0:
		c = a // a alone
	}
	ca := &b.children[a]
	if ca.driven != nil {
		ca.driven.Drive(ca.Speed)
	}
	b.times[0] = phi * ca.cycle
	root := poseSanitised(ca.Source, def, b.times[0], dst)
	if c != a {
		cc := &b.children[c]
		if cc.driven != nil {
			cc.driven.Drive(cc.Speed)
		}
		b.times[1] = phi * cc.cycle
		rootB := poseSanitised(cc.Source, def, b.times[1], b.buf)
		// b.buf becomes child a's pose plus the difference kept on last
		// frame's arc: two children whose difference passes half a turn
		// would flip the shortest arc to the other way round.
		ok := b.diffOK && b.diffSeg == [2]int{a, c}
		for i := range b.buf {
			d := wrapPi(b.buf[i] - dst[i])
			if ok {
				d = b.diff[i] + wrapPi(d-b.diff[i])
			}
			b.diff[i] = d
			b.buf[i] = dst[i] + d
		}
		b.diffSeg, b.diffOK = [2]int{a, c}, true
		// Move the shown value toward the target, no bone faster than the
		// guard allows (the same budget as AnimState's crossfades: the
		// larger of MaxBlendSpeed*dt and the bone's own motion with u
		// held).
		if want != u {
			du := math.Abs(want - u)
			sign := 1.0
			if want < u {
				sign = -1
			}
			if r := b.maxRate(); !math.IsInf(r, 1) {
				step := r * dt
				for i := range dst {
					d := sign * (b.buf[i] - dst[i])
					if d == 0 {
						continue
					}
					e := 0.0
					if b.hasPrev {
						e = wrapPi(dst[i] + u*sign*d - b.prev[i])
					}
					budget := math.Max(step, math.Abs(e))
					if d < 0 {
						d, e = -d, -e
					}
					du = math.Min(du, (budget-e)/d)
				}
			}
			u += sign * math.Max(du, 0)
			b.value = ca.At + u*(cc.At-ca.At)
			if u == want {
				b.value = math.Max(ca.At, math.Min(target, cc.At))
			}
		}
		for i := range dst {
			dst[i] += u * (b.buf[i] - dst[i])
		}
		root = root.Mul(1 - u).Add(rootB.Mul(u))
	} else {
		b.diffOK = false
	}
	copy(b.prev, dst)
	b.hasPrev = true
	b.a, b.b, b.u = a, c, u
	// Events of the dominant child, on its own unwrapped clock.
	dom := a
	if u >= 0.5 {
		dom = c
	}
	if b.cycles > prev {
		cd := &b.children[dom]
		sink := eventSink{buf: b.events}
		from := prev * cd.cycle
		if !b.advanced {
			from, b.advanced = -1, true // the first cycle's events at 0
		}
		emitEvents(cd.Source, from, b.cycles*cd.cycle, &sink)
		b.events, b.dropped = sink.buf, b.dropped+sink.dropped
	}
	if b.OnEvent != nil {
		for i := range b.events {
			b.OnEvent(b.events[i])
		}
	}
	return root
}

// maxRate is the pop guard's bound, rad/s.
func (b *Blend1D) maxRate() float64 {
	if r := b.MaxBlendSpeed; r > 0 && !math.IsNaN(r) {
		return r
	}
	return DefaultMaxBlendSpeed
}

// KeyIK implements IKSource: the keyed IK of the two children sampled by
// the last Pose, blended by its weight (see blendKeys), with world-space
// targets relative to Origin.
func (b *Blend1D) KeyIK(r *Rig, _ float64, dst []LimbKey) { b.keyIK(r, b.Origin, dst) }

func (b *Blend1D) keyIK(r *Rig, origin mgl64.Vec2, dst []LimbKey) {
	if r == nil || r.def != b.def || len(dst) != len(b.keysB) {
		clearKeys(dst)
		return
	}
	keyIKFrom(b.children[b.a].Source, r, b.times[0], origin, dst)
	if b.b != b.a && b.u > 0 {
		keyIKFrom(b.children[b.b].Source, r, b.times[1], origin, b.keysB)
		blendKeys(dst, dst, b.keysB, b.u)
	}
}
