package ikanim

// Tracks, crossfades and layers.
//
// Each track shows one entry (a clip, a WalkCycle, a Blend1D, any
// PoseSource) and, during a transition, fades from what it showed before
// (the outgoing entry, still animating; a frozen snapshot when a
// transition is interrupted; or, for a track that was empty, the pose of
// the tracks below it) to the new entry over the entry's MixDuration.
// The transition's weight follows a smoothstep of the elapsed share of
// the mix, ag = smoothstep(t/MixDuration), so it starts and ends with zero
// speed.
//
// The pop guard. A crossfade moves bone i by ag'*|d_i| per second on top
// of the two sources' own motion, where d_i is the shortest arc between
// the outgoing and incoming angles: a 180 degree difference crossed in
// 0.2 s moves up to 1.5*pi/0.2 = 24 rad/s, 27 degrees per frame at 60
// TPS. So each bone keeps its own transition weight a_i, which follows
// ag but no faster than a budget allows. With a_i held, the bone would
// move by e_i this frame (the sources' own motion, weighted); moving a_i
// by da moves it by e_i + da*d_i. The frame's move may not exceed
//
//	B_i = max(MaxBlendSpeed*dt, |e_i|)
//
// so a_i = min(ag, a_i + (B_i - e_i*sign(d_i))/|d_i|). A transition
// therefore never turns a bone faster than the faster of MaxBlendSpeed
// and the motion the sources have anyway: bones that differ little follow
// the smoothstep; bones that differ much catch up at MaxBlendSpeed (a
// half turn takes pi/MaxBlendSpeed s, 0.63 s at the default 5 rad/s), and
// faster while the sources move against the transition. The outgoing
// entry is kept until every a_i reaches 1; lateMix (2 s) past the mix
// duration, B_i grows to |e_i| + MaxBlendSpeed*dt so that a source moving
// with the transition cannot hold it back for ever. The root offset
// follows ag.
//
// Layers. Tracks apply in index order onto the rest pose. An override
// track moves each bone from the pose below toward its own by
// Weight*mask (shortest arc); an additive track adds Weight*mask times
// its pose's difference from the rest pose (as Spine's additive blending:
// bones the clip does not animate add nothing). The root offset mixes by
// the mask's weight of the first root bone. Keyed IK goes through the
// same crossfades and override layers (mask weight of each limb's first
// bone; see blendKeys); additive tracks key no IK.

import (
	"errors"
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/internal/num"
)

// Defaults of AnimState (and of Blend1D's MaxBlendSpeed).
const (
	// DefaultMixDuration is the crossfade between two entries of a track
	// when no SetMix pair and no DefaultMix says otherwise, s.
	DefaultMixDuration = 0.2
	// DefaultMaxBlendSpeed is how fast a transition alone may turn a
	// bone, rad/s (5 rad/s: 9.5 degrees per frame at 30 TPS, 4.8 at 60).
	DefaultMaxBlendSpeed = 5.0
	// MaxTracks bounds an AnimState.
	MaxTracks = 32
	// MaxQueued is how many entries a track can queue (Queue).
	MaxQueued = 4
)

const entryPool = 2 + MaxQueued

// lateMix is how long past its mix duration a transition may hold a bone
// back before the pop guard lets it move MaxBlendSpeed beyond the
// sources' own motion (see the file comment).
const lateMix = 2.0

// source kinds of a track's two sides
const (
	sideNone     uint8 = iota
	sideEntry          // a TrackEntry in the pool
	sideSnapshot       // the track's frozen output
	sideBelow          // the pose of the tracks below (rest for additive tracks)
)

// TrackEntry is one pose source playing on an AnimState track: its clock,
// time scale and crossfade. Play and Queue return it; its fields may be
// changed until it ends. The pointer stays valid until the entry ends (it
// is replaced and its crossfade is over, or it is stopped), after which
// the track reuses it.
type TrackEntry struct {
	// Source is what plays.
	Source PoseSource
	// TimeScale multiplies the entry's clock (Play and Queue set 1; 0
	// pauses it; negative values run it backward without firing events).
	// A SpeedDriven source's own time scale (a WalkCycle's, for the
	// ground speed the rig measures) multiplies it.
	TimeScale float64
	// Origin is the world point the source's world-space IK keys are
	// relative to (zero value: the world origin), e.g. the lever a
	// "pull lever" clip reaches for.
	Origin mgl64.Vec2
	// MixDuration is the crossfade into this entry, s: Play and Queue set
	// it from SetMix or DefaultMix; change it before the next Update. 0
	// cuts (the pop guard still eases bones that differ much).
	MixDuration float64
	// Delay, for a queued entry, is when it starts: seconds on the clock
	// of the entry before it. 0 or less starts it so that its crossfade
	// ends when the entry before it completes (a held clip's end, a
	// looping clip's current cycle's end), or at once when that entry has
	// no cycle.
	Delay float64

	track     int
	time      float64
	eventTime float64 // events are fired up to this time (-1: none yet)
	startAt   float64 // queued: the time on the previous entry's clock it starts at
	timed     bool    // startAt is computed
	rate      float64 // its clock's seconds per rig second, last advance
	inUse     bool
}

// Time returns the entry's clock, s.
func (e *TrackEntry) Time() float64 { return e.time }

// Track returns the index of the entry's track.
func (e *TrackEntry) Track() int { return e.track }

// Complete reports whether the entry has played one whole cycle of its
// source (a clip's Duration); false for sources without a cycle.
func (e *TrackEntry) Complete() bool {
	d := cycleOf(e.Source)
	return d > 0 && e.time >= d
}

// Track is one layer of an AnimState. Weight, Mask and Additive may be
// changed at any time; change Weight gradually, or use Play and Stop,
// whose crossfades do not pop.
type Track struct {
	// Weight is the track's share in [0,1] (NewAnimState sets 1).
	Weight float64
	// Mask limits the track to some bones (nil: every bone).
	Mask *BoneMask
	// Additive adds the track's pose's difference from the rest pose to
	// the tracks below instead of replacing them.
	Additive bool

	pool              [entryPool]TrackEntry
	cur, from         int // pool indices (sideEntry)
	curKind           uint8
	fromKind          uint8
	queue             [MaxQueued]int
	nq                int
	mixTime           float64
	stopMix           float64 // the mix of a Stop (curKind sideBelow)
	ag                float64 // this frame's eased transition weight
	alpha             []float64
	curPose           []float64
	fromPose          []float64
	out               []float64
	snap              []float64
	outRoot, snapRoot mgl64.Vec2
	// diff is each bone's incoming-minus-outgoing angle, unwrapped from
	// frame to frame (diffOK: it has a last frame's value); layerDiff is
	// the same for the track's output against the pose below it.
	diff, layerDiff []float64
	diffOK, layerOK bool
	outKeys         []LimbKey
	snapKeys        []LimbKey
}

// Current returns the entry the track plays (during a transition, the
// incoming one), or nil.
func (t *Track) Current() *TrackEntry {
	if t.curKind == sideEntry {
		return &t.pool[t.cur]
	}
	return nil
}

// Mixing reports whether the track is in a transition.
func (t *Track) Mixing() bool { return t.fromKind != sideNone }

// NumQueued returns the number of entries waiting in the track's queue.
func (t *Track) NumQueued() int { return t.nq }

// Empty reports whether the track shows nothing.
func (t *Track) Empty() bool { return t.curKind == sideNone && t.fromKind == sideNone }

// AnimState plays pose sources on tracks with crossfades, layers, masks
// and events, as Spine's AnimationState and the engines' animator layers
// do: track 0 is the base, higher tracks override or add on top of it,
// each within its bone mask and weight. It is a PoseSource (rig.Source =
// state), an IKSource (its entries' keyed IK goes through the same
// crossfades and layers) and a SpeedDriven (it hands the rig's measured
// speed to its WalkCycle and Blend1D entries and returns 1); it mixes
// procedural sources and clips alike. The blending rules open
// animstate.go.
//
// It advances by the difference of the times the rig passes to Pose, so
// it is frame-rate independent and deterministic: the same times give
// bit-identical poses. An AnimState holds per-rig state: give each rig its
// own (clips and masks may be shared). Play, Queue and Stop do not
// allocate, nor do Pose and KeyIK.
type AnimState struct {
	// DefaultMix is the crossfade of pairs SetMix did not name, s (0 means
	// DefaultMixDuration, a negative value cuts).
	DefaultMix float64
	// MaxBlendSpeed bounds how fast a transition alone turns a bone, rad/s
	// (0 means DefaultMaxBlendSpeed; +Inf turns the guard off). See the
	// file comment.
	MaxBlendSpeed float64
	// OnEvent, when set, is called at the end of each Pose with each
	// event of Events.
	OnEvent func(Event)

	def     *RigDef
	tracks  []Track
	mixes   []mixPair
	rest    []float64
	events  []Event
	dropped int
	speed   float64
	lastT   float64
	started bool
	posed   bool
	keysA   []LimbKey
	keysB   []LimbKey
}

type mixPair struct {
	from, to PoseSource
	d        float64
}

// NewAnimState makes a state with numTracks empty tracks (1 to MaxTracks)
// for def.
func NewAnimState(def *RigDef, numTracks int) (*AnimState, error) {
	if def == nil {
		return nil, errors.New("ikanim: NewAnimState: nil RigDef")
	}
	if numTracks < 1 || numTracks > MaxTracks {
		return nil, fmt.Errorf("ikanim: NewAnimState: numTracks %d must be in [1, %d]", numTracks, MaxTracks)
	}
	n, nl := def.NumBones(), def.NumLimbs()
	s := &AnimState{
		def:    def,
		tracks: make([]Track, numTracks),
		rest:   make([]float64, n),
		events: make([]Event, 0, maxFrameEvents),
		keysA:  make([]LimbKey, nl),
		keysB:  make([]LimbKey, nl),
	}
	for i := range s.rest {
		s.rest[i] = def.bones[i].Rest
	}
	for k := range s.tracks {
		t := &s.tracks[k]
		t.Weight = 1
		t.alpha = make([]float64, n)
		t.curPose = make([]float64, n)
		t.fromPose = make([]float64, n)
		t.out = make([]float64, n)
		t.snap = make([]float64, n)
		t.diff = make([]float64, n)
		t.layerDiff = make([]float64, n)
		t.outKeys = make([]LimbKey, nl)
		t.snapKeys = make([]LimbKey, nl)
		copy(t.out, s.rest)
	}
	return s, nil
}

// NumTracks returns the number of tracks.
func (s *AnimState) NumTracks() int { return len(s.tracks) }

// Track returns track i. It panics if i is out of range.
func (s *AnimState) Track(i int) *Track { return &s.tracks[i] }

// SetMix sets the crossfade from source from to source to, in seconds
// (sources are compared by identity: use pointers). It is for setup: it
// may allocate. It returns an error for a negative or non-finite duration.
func (s *AnimState) SetMix(from, to PoseSource, seconds float64) error {
	if !num.Finite(seconds) || seconds < 0 {
		return fmt.Errorf("ikanim: AnimState.SetMix: seconds %v must be finite and >= 0", seconds)
	}
	for i := range s.mixes {
		if s.mixes[i].from == from && s.mixes[i].to == to {
			s.mixes[i].d = seconds
			return nil
		}
	}
	s.mixes = append(s.mixes, mixPair{from, to, seconds})
	return nil
}

// Mix returns the crossfade from from to to: the SetMix pair's, else
// DefaultMix's.
func (s *AnimState) Mix(from, to PoseSource) float64 {
	if from != nil {
		for i := range s.mixes {
			if s.mixes[i].from == from && s.mixes[i].to == to {
				return s.mixes[i].d
			}
		}
	}
	switch d := s.DefaultMix; {
	case d < 0:
		return 0
	case d > 0 && num.Finite(d):
		return d
	}
	return DefaultMixDuration
}

// Play starts src on track now, crossfading from what the track shows
// over the MixDuration of the pair (see Mix), and clears the track's
// queue. When src already is the track's current entry, Play only clears
// the queue and returns that entry, so a game may call Play with the
// state it wants every frame (to restart a clip, Stop it first or play
// another). Before the state's first Pose, Play cuts. It panics if track
// is out of range.
func (s *AnimState) Play(track int, src PoseSource) *TrackEntry {
	t := &s.tracks[track]
	t.clearQueue()
	var prev PoseSource
	if c := t.Current(); c != nil {
		if c.Source == src {
			return c
		}
		prev = c.Source
	}
	i := t.alloc()
	e := &t.pool[i]
	e.reset(src, track, s.Mix(prev, src))
	s.start(t, i)
	return e
}

// Queue plays src on track after the entries already there (see
// TrackEntry.Delay); on a track that shows nothing it starts at once. It
// returns nil when the queue holds MaxQueued entries. It panics if track
// is out of range.
func (s *AnimState) Queue(track int, src PoseSource, delay float64) *TrackEntry {
	t := &s.tracks[track]
	if t.curKind != sideEntry && t.nq == 0 {
		e := s.Play(track, src)
		e.Delay = delay
		return e
	}
	if t.nq == MaxQueued {
		return nil
	}
	prev := t.pool[t.cur].Source
	if t.nq > 0 {
		prev = t.pool[t.queue[t.nq-1]].Source
	}
	i := t.alloc()
	e := &t.pool[i]
	e.reset(src, track, s.Mix(prev, src))
	if num.Finite(delay) {
		e.Delay = delay
	}
	t.queue[t.nq] = i
	t.nq++
	return e
}

// Stop fades track out to nothing over mix seconds (0 at once; the pop
// guard still eases large differences) and clears its queue: an override
// layer hands its bones back to the tracks below, track 0 to the rest
// pose. It panics if track is out of range.
func (s *AnimState) Stop(track int, mix float64) {
	t := &s.tracks[track]
	t.clearQueue()
	if t.Empty() {
		return
	}
	if !s.posed {
		t.release()
		return
	}
	s.beginFrom(t)
	t.curKind = sideBelow
	t.stopMix = math.Max(0, mix)
	if !num.Finite(t.stopMix) {
		t.stopMix = 0
	}
}

// Events returns the events fired by the last Pose, in track order: the
// events of each track's current entry whose times its clock passed
// (entries fading out fire none, as in Spine). The slice is reused by the
// next Pose; copy what you keep. At most 64 are kept per frame
// (DroppedEvents counts the rest).
func (s *AnimState) Events() []Event { return s.events }

// DroppedEvents returns how many events did not fit the per-frame buffer
// since the state was made.
func (s *AnimState) DroppedEvents() int { return s.dropped }

// Drive implements SpeedDriven: it keeps the ground speed for its entries
// (a WalkCycle's stride and cadence, a Blend1D's phase and, with
// FollowSpeed, parameter) and returns 1. The rig calls it when its
// TimeScale is 0, the default.
func (s *AnimState) Drive(speed float64) (timeScale float64) {
	speed = math.Abs(speed)
	if !num.Finite(speed) {
		speed = 0
	}
	s.speed = speed
	return 1
}

func (e *TrackEntry) reset(src PoseSource, track int, mix float64) {
	*e = TrackEntry{Source: src, TimeScale: 1, MixDuration: mix, track: track, eventTime: -1, inUse: true}
}

// alloc returns a free pool slot (one always exists: at most a current,
// an outgoing and MaxQueued entries are in use).
func (t *Track) alloc() int {
	for i := range t.pool {
		if !t.pool[i].inUse {
			return i
		}
	}
	panic("ikanim: AnimState: track entry pool exhausted")
}

func (t *Track) free(kind uint8, i int) {
	if kind == sideEntry {
		t.pool[i] = TrackEntry{}
	}
}

func (t *Track) clearQueue() {
	for _, i := range t.queue[:t.nq] {
		t.pool[i] = TrackEntry{}
	}
	t.nq = 0
}

// release empties the track at once.
func (t *Track) release() {
	t.free(t.curKind, t.cur)
	t.free(t.fromKind, t.from)
	t.curKind, t.fromKind = sideNone, sideNone
}

// beginFrom makes what the track shows the outgoing side of a new
// transition: the current entry, or, when a transition is under way, a
// snapshot of the track's last output (the entries of that transition
// end). An empty track fades from the pose below.
func (s *AnimState) beginFrom(t *Track) {
	switch {
	case t.fromKind != sideNone:
		copy(t.snap, t.out)
		copy(t.snapKeys, t.outKeys)
		t.snapRoot = t.outRoot
		t.free(t.fromKind, t.from)
		t.free(t.curKind, t.cur)
		t.fromKind = sideSnapshot
	case t.curKind == sideEntry:
		t.from, t.fromKind = t.cur, sideEntry
	default:
		t.fromKind = sideBelow
	}
	t.curKind = sideNone
	t.mixTime = 0
	t.diffOK = false
	for i := range t.alpha {
		t.alpha[i] = 0
	}
}

// start makes pool entry i the track's current entry.
func (s *AnimState) start(t *Track, i int) {
	if !s.posed {
		if t.curKind == sideEntry && t.cur == i {
			return
		}
		t.release()
		t.cur, t.curKind = i, sideEntry
		return
	}
	s.beginFrom(t)
	t.cur, t.curKind = i, sideEntry
}

// mixDuration is the current transition's length.
func (t *Track) mixDuration() float64 {
	if t.curKind == sideEntry {
		d := t.pool[t.cur].MixDuration
		if d > 0 && num.Finite(d) {
			return d
		}
		return 0
	}
	return t.stopMix
}

// advanceEntry runs e's clock by dt.
func (s *AnimState) advanceEntry(e *TrackEntry, dt float64) {
	ts := e.TimeScale
	if d, ok := e.Source.(SpeedDriven); ok {
		ts *= d.Drive(s.speed)
	}
	e.time += dt * ts
	e.rate = ts
	if !num.Finite(e.time) {
		e.time = 0
	}
}

// advance runs track t's clocks by dt and starts its next queued entry
// when due.
func (s *AnimState) advance(t *Track, dt float64) {
	if t.curKind == sideEntry {
		s.advanceEntry(&t.pool[t.cur], dt)
	}
	if t.fromKind == sideEntry {
		s.advanceEntry(&t.pool[t.from], dt)
	}
	t.mixTime += dt
	if t.nq == 0 || t.curKind != sideEntry {
		return
	}
	c := &t.pool[t.cur]
	next := &t.pool[t.queue[0]]
	if !next.timed {
		next.startAt, next.timed = startTime(c, next), true
	}
	if c.time < next.startAt {
		return
	}
	i := t.queue[0]
	copy(t.queue[:], t.queue[1:t.nq])
	t.nq--
	s.start(t, i)
}

// startTime is when a queued entry starts, on the clock of the entry c
// before it (see TrackEntry.Delay).
func startTime(c, next *TrackEntry) float64 {
	if next.Delay > 0 {
		return next.Delay
	}
	d := cycleOf(c.Source)
	if d <= 0 {
		return c.time
	}
	end := d
	if clip, ok := c.Source.(*Clip); !ok || clip.Loop {
		end = (math.Floor(c.time/d) + 1) * d
	}
	return math.Max(end-next.MixDuration, 0)
}

// maxRate is the pop guard's bound, rad/s.
func (s *AnimState) maxRate() float64 {
	if r := s.MaxBlendSpeed; r > 0 && !math.IsNaN(r) {
		return r
	}
	return DefaultMaxBlendSpeed
}

// side writes one side of track t into buf and returns its root offset.
func (s *AnimState) side(t *Track, kind uint8, i int, below []float64, belowRoot mgl64.Vec2, buf []float64) mgl64.Vec2 {
	switch kind {
	case sideEntry:
		e := &t.pool[i]
		return poseSanitised(e.Source, s.def, e.time, buf)
	case sideSnapshot:
		copy(buf, t.snap)
		return t.snapRoot
	}
	copy(buf, below)
	return belowRoot
}

// Pose implements PoseSource: it advances every track by the time since
// the last call and writes the layered pose. A clock that went back
// advances nothing; the first call advances by t when t is in (0, MaxDt]
// (a rig's clock starting at 0), else nothing.
func (s *AnimState) Pose(def *RigDef, t float64, dst []float64) mgl64.Vec2 {
	s.events = s.events[:0]
	if def != s.def {
		for i := range dst {
			dst[i] = def.bones[i].Rest
		}
		return mgl64.Vec2{}
	}
	dt := firstDt(t)
	if s.started {
		dt = 0
		if num.Finite(t) && t > s.lastT {
			dt = t - s.lastT
		}
	}
	if num.Finite(t) {
		s.lastT, s.started = t, true
	}
	copy(dst, s.rest)
	var root mgl64.Vec2
	rate := s.maxRate()
	for k := range s.tracks {
		t := &s.tracks[k]
		s.advance(t, dt)
		below, belowRoot := dst, root
		if t.Additive {
			below, belowRoot = s.rest, mgl64.Vec2{}
		}
		if t.Empty() {
			// An empty track shows the pose below it: a transition
			// that starts next frame measures its moves from there.
			copy(t.out, below)
			t.outRoot = belowRoot
			t.layerOK = false
			continue
		}
		curRoot := s.side(t, t.curKind, t.cur, below, belowRoot, t.curPose)
		if t.fromKind == sideNone {
			copy(t.out, t.curPose)
			t.outRoot, t.ag = curRoot, 1
		} else {
			fromRoot := s.side(t, t.fromKind, t.from, below, belowRoot, t.fromPose)
			ag := 1.0
			if m := t.mixDuration(); m > 0 {
				ag = num.Smoothstep(t.mixTime / m)
			}
			done := ag >= 1
			step := rate * dt
			late := t.mixTime > t.mixDuration()+lateMix
			for i := range t.out {
				d := wrapPi(t.curPose[i] - t.fromPose[i])
				if t.diffOK {
					// Keep the arc of last frame: two moving sources whose
					// difference passes half a turn would flip the
					// shortest arc to the other way round.
					d = t.diff[i] + wrapPi(d-t.diff[i])
				}
				t.diff[i] = d
				a := ag
				if a > t.alpha[i] && d != 0 {
					// e: how far the bone moves this frame with a_i held.
					e := 0.0
					if s.posed {
						e = wrapPi(t.fromPose[i] + t.alpha[i]*d - t.out[i])
					}
					budget := math.Max(step, math.Abs(e))
					if late {
						budget = math.Abs(e) + step
					}
					if d < 0 {
						e = -e
					}
					if lim := t.alpha[i] + (budget-e)/math.Abs(d); lim < a {
						a = lim
					}
				}
				t.alpha[i] = a
				if a < 1 {
					done = false
				}
				t.out[i] = t.fromPose[i] + a*d
			}
			t.diffOK = true
			t.outRoot = fromRoot.Add(curRoot.Sub(fromRoot).Mul(ag))
			t.ag = ag
			if done {
				t.free(t.fromKind, t.from)
				t.fromKind = sideNone
				if t.curKind == sideBelow {
					t.curKind = sideNone
				}
			}
		}
		s.layer(t, dst, &root)
		if t.curKind == sideEntry {
			e := &t.pool[t.cur]
			if e.time > e.eventTime {
				sink := eventSink{buf: s.events, track: k}
				emitEvents(e.Source, e.eventTime, e.time, &sink)
				s.events, s.dropped = sink.buf, s.dropped+sink.dropped
			}
			e.eventTime = e.time
		}
	}
	s.posed = true
	if s.OnEvent != nil {
		for i := range s.events {
			s.OnEvent(s.events[i])
		}
	}
	return root
}

// layer applies track t's output onto the pose below it.
func (s *AnimState) layer(t *Track, dst []float64, root *mgl64.Vec2) {
	w := num.Clamp01(t.Weight)
	if w <= 0 {
		t.layerOK = false
		return
	}
	m := t.Mask
	if m != nil && m.def != s.def {
		m = nil
	}
	for i := range dst {
		base := dst[i]
		if t.Additive {
			base = s.rest[i]
		}
		d := wrapPi(t.out[i] - base)
		if t.layerOK {
			d = t.layerDiff[i] + wrapPi(d-t.layerDiff[i])
		}
		t.layerDiff[i] = d
		wi := w
		if m != nil {
			wi *= m.w[i]
		}
		dst[i] += wi * d
	}
	t.layerOK = true
	wr := w
	if m != nil {
		wr *= m.rootWeight()
	}
	if t.Additive {
		*root = root.Add(t.outRoot.Mul(wr))
	} else {
		*root = root.Add(t.outRoot.Sub(*root).Mul(wr))
	}
}

// KeyIK implements IKSource: each override track's keyed IK, crossfaded
// like its pose and layered by its weight and mask (see blendKeys).
// Additive tracks key no IK.
func (s *AnimState) KeyIK(r *Rig, _ float64, dst []LimbKey) {
	clearKeys(dst)
	if r == nil || r.def != s.def || len(dst) != len(s.keysA) {
		return
	}
	for k := range s.tracks {
		t := &s.tracks[k]
		if t.Empty() || t.Additive {
			continue
		}
		s.sideKeys(r, t, t.curKind, t.cur, dst, s.keysA)
		if t.fromKind != sideNone {
			s.sideKeys(r, t, t.fromKind, t.from, dst, s.keysB)
			blendKeys(t.outKeys, s.keysB, s.keysA, t.ag)
		} else {
			copy(t.outKeys, s.keysA)
		}
		w := num.Clamp01(t.Weight)
		if w <= 0 {
			continue
		}
		m := t.Mask
		if m != nil && m.def != s.def {
			m = nil
		}
		for l := range dst {
			wl := w
			if m != nil {
				wl *= m.limbWeight(l)
			}
			if wl > 0 {
				blendKeys(dst[l:l+1], dst[l:l+1], t.outKeys[l:l+1], wl)
			}
		}
	}
}

// sideKeys writes the keyed IK of one side of track t into buf.
func (s *AnimState) sideKeys(r *Rig, t *Track, kind uint8, i int, below, buf []LimbKey) {
	switch kind {
	case sideEntry:
		e := &t.pool[i]
		keyIKFrom(e.Source, r, e.time, e.Origin, buf)
	case sideSnapshot:
		copy(buf, t.snapKeys)
	default:
		copy(buf, below)
	}
}
