package ikanim

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/internal/num"
)

// holdClip holds the head at deg degrees (and the root at rootY).
func holdClip(t testing.TB, def *RigDef, name string, deg, rootY float64) *Clip {
	return ClipSpec{Name: name, Duration: 1, Loop: true,
		Tracks: []TrackSpec{{BoneHead, []AngleKey{{T: 0, Deg: deg}}}},
		Root:   []PointKey{{T: 0, Y: rootY}}}.parse(t, def)
}

func newState(t testing.TB, r *Rig, tracks int) *AnimState {
	t.Helper()
	s, err := NewAnimState(r.Def(), tracks)
	if err != nil {
		t.Fatal(err)
	}
	r.Source = s
	r.TimeScale = 1
	return s
}

func headDeg(r *Rig) float64 { return r.LocalAngle(r.Def().BoneIndex(BoneHead)) * 180 / math.Pi }

// A crossfade follows a smoothstep of the elapsed share of the mix.
func TestAnimStateCrossfadeIsASmoothstep(t *testing.T) {
	r := newBiped(t)
	def := r.Def()
	a, b := holdClip(t, def, "a", 0, 0), holdClip(t, def, "b", 40, 8)
	s := newState(t, r, 1)
	s.MaxBlendSpeed = math.Inf(1) // the bare crossfade
	if err := s.SetMix(a, b, 0.5); err != nil {
		t.Fatal(err)
	}
	s.Play(0, a)
	r.Update(1.0 / 60)
	if got := headDeg(r); math.Abs(got) > 1e-9 {
		t.Fatalf("head %v before the crossfade, want 0", got)
	}
	e := s.Play(0, b)
	if e.MixDuration != 0.5 || s.Track(0).Current() != e || !s.Track(0).Mixing() {
		t.Fatalf("entry %+v, want mix 0.5 and current", e)
	}
	for _, c := range []struct{ at, want float64 }{
		{0.125, 40 * 0.15625}, // smoothstep(1/4) = 3/16 - 2/64
		{0.25, 20},
		{0.375, 40 * 0.84375},
		{0.5, 40},
	} {
		for e.Time() < c.at-1e-9 {
			r.Update(0.125 / 4)
		}
		if got := headDeg(r); math.Abs(got-c.want) > 1e-9 {
			t.Errorf("%v s into the mix: head %v deg, want %v", c.at, got, c.want)
		}
	}
	if s.Track(0).Mixing() {
		t.Error("still mixing after the mix duration")
	}
}

// The pop guard: a half-turn crossfade over 0.1 s turns the bone at most
// MaxBlendSpeed*dt a frame and ends after pi/MaxBlendSpeed seconds.
func TestAnimStatePopGuard(t *testing.T) {
	for _, tps := range []float64{30, 60, 144} {
		r := newBiped(t)
		def := r.Def()
		a, b := holdClip(t, def, "a", 0, 0), holdClip(t, def, "b", 179, 0)
		s := newState(t, r, 1)
		s.DefaultMix = 0.1
		s.Play(0, a)
		dt := 1 / tps
		r.Update(dt)
		s.Play(0, b)
		prev, worst, took := headDeg(r), 0.0, 0.0
		for s.Track(0).Mixing() && took < 5 {
			r.Update(dt)
			took += dt
			worst = math.Max(worst, math.Abs(headDeg(r)-prev))
			prev = headDeg(r)
		}
		limit := DefaultMaxBlendSpeed * dt * 180 / math.Pi
		if worst > limit+1e-9 {
			t.Errorf("%v TPS: head turned %v deg in a frame, want <= %v", tps, worst, limit)
		}
		if want := 179 * math.Pi / 180 / DefaultMaxBlendSpeed; took < want-1e-9 || took > want+dt+1e-9 {
			t.Errorf("%v TPS: the guarded crossfade took %v s, want %v", tps, took, want)
		}
		if got := headDeg(r); math.Abs(got-179) > 1e-9 {
			t.Errorf("%v TPS: head %v after the crossfade, want 179", tps, got)
		}
	}
}

func TestAnimStateMixTable(t *testing.T) {
	def := newBiped(t).Def()
	a, b, c := holdClip(t, def, "a", 0, 0), holdClip(t, def, "b", 1, 0), holdClip(t, def, "c", 2, 0)
	s, err := NewAnimState(def, 2)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SetMix(a, b, 0.3); err != nil {
		t.Fatal(err)
	}
	if err := s.SetMix(a, b, -1); err == nil {
		t.Error("SetMix(-1) accepted")
	}
	for _, x := range []struct {
		def      float64
		from, to PoseSource
		want     float64
	}{
		{0, a, b, 0.3}, {0, b, a, DefaultMixDuration}, {0.5, b, c, 0.5}, {-1, b, c, 0}, {0.5, a, b, 0.3}, {0, nil, a, DefaultMixDuration},
	} {
		s.DefaultMix = x.def
		if got := s.Mix(x.from, x.to); got != x.want {
			t.Errorf("DefaultMix %v: Mix = %v, want %v", x.def, got, x.want)
		}
	}
	if _, err := NewAnimState(def, 0); err == nil {
		t.Error("NewAnimState(def, 0) accepted")
	}
	if _, err := NewAnimState(nil, 1); err == nil {
		t.Error("NewAnimState(nil, 1) accepted")
	}
}

// Layers: an override track with a mask takes only its bones; an additive
// track adds its difference from the rest pose, scaled by its weight.
func TestAnimStateLayersAndMasks(t *testing.T) {
	r := newBiped(t)
	def := r.Def()
	clips := newBipedClips(t, def)
	s := newState(t, r, 3)
	arm, err := NewBoneMask(def, BoneUpperArmNear)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := NewBoneMask(def, "tail"); err == nil {
		t.Error("a mask of a bone not in the rig was accepted")
	}
	s.Track(1).Mask = arm
	s.Track(2).Additive = true
	s.Track(2).Weight = 0.5
	s.Play(0, clips.crouch)
	s.Play(1, clips.wave)
	s.Play(2, clips.lean)
	r.Update(0.1)
	base := make([]float64, def.NumBones())
	clips.crouch.Pose(def, 0.1, base)
	wave := make([]float64, def.NumBones())
	clips.wave.Pose(def, 0.1, wave)
	for i := 0; i < def.NumBones(); i++ {
		name := def.BoneDef(i).Name
		want := base[i]
		switch name {
		case BoneUpperArmNear, BoneForearmNear:
			want = wave[i]
		case BoneHead:
			want += 0.5 * 10 * math.Pi / 180
		case BoneTorso:
			want += 0.5 * 10 * math.Pi / 180 // lean -80 against rest -90
		}
		if got := r.LocalAngle(i); math.Abs(math.Remainder(got-want, 2*math.Pi)) > 1e-9 {
			t.Errorf("bone %s: %v, want %v", name, got, want)
		}
	}
	// The masked layer leaves the root offset to the base (its mask's
	// root weight is 0); the additive lean adds none.
	if got := r.animRoot; !near(got, mgl64.Vec2{0, 22}, 1e-9) {
		t.Errorf("root offset %v, want the crouch's (0, 22)", got)
	}
}

// A layer played on an empty track fades in from the pose below it, and
// Stop fades it back out.
func TestAnimStateLayerFadesInAndOut(t *testing.T) {
	r := newBiped(t)
	def := r.Def()
	s := newState(t, r, 2)
	s.MaxBlendSpeed = math.Inf(1)
	s.Play(0, holdClip(t, def, "base", 10, 0))
	r.Update(0.1)
	s.Play(1, holdClip(t, def, "top", 30, 0)).MixDuration = 0.4
	r.Update(0.1) // dt is clamped to MaxDt = 0.1
	r.Update(0.1)
	if got := headDeg(r); math.Abs(got-20) > 1e-9 {
		t.Errorf("halfway into the layer: head %v, want 20", got)
	}
	r.Update(0.1)
	r.Update(0.1)
	if got := headDeg(r); math.Abs(got-30) > 1e-9 {
		t.Errorf("after the fade-in: head %v, want 30", got)
	}
	s.Stop(1, 0.4)
	r.Update(0.1)
	r.Update(0.1)
	if got := headDeg(r); math.Abs(got-20) > 1e-9 {
		t.Errorf("halfway out: head %v, want 20", got)
	}
	r.Update(0.1)
	r.Update(0.1)
	if got := headDeg(r); math.Abs(got-10) > 1e-9 || !s.Track(1).Empty() {
		t.Errorf("after Stop: head %v, track empty %v; want 10 and true", got, s.Track(1).Empty())
	}
}

// Interrupting a crossfade freezes what it showed and fades from there:
// no bone jumps.
func TestAnimStateInterruptedCrossfadeDoesNotJump(t *testing.T) {
	r := newBiped(t)
	def := r.Def()
	s := newState(t, r, 1)
	s.MaxBlendSpeed = math.Inf(1)
	s.DefaultMix = 0.4
	s.Play(0, holdClip(t, def, "a", 0, 0))
	r.Update(0.05)
	s.Play(0, holdClip(t, def, "b", 40, 0))
	r.Update(0.1) // dt is clamped to MaxDt = 0.1
	r.Update(0.1)
	before := headDeg(r) // 20
	s.Play(0, holdClip(t, def, "c", -40, 0))
	r.Update(1.0 / 600)
	if got := headDeg(r); math.Abs(got-before) > 0.1 || math.Abs(before-20) > 1e-9 {
		t.Errorf("interrupting at %v deg: next frame %v", before, got)
	}
	r.Update(0.1)
	r.Update(0.1)
	// Halfway from the frozen 20 to -40 (plus the 1/600 s already run).
	want := 20 + (-40-20)*num.Smoothstep((0.2+1.0/600)/0.4)
	if got := headDeg(r); math.Abs(got-want) > 1e-9 {
		t.Errorf("halfway from the snapshot: %v, want %v", got, want)
	}
}

// Play of what already plays changes nothing; queued entries start so
// that their crossfade ends when the entry before them completes.
func TestAnimStateQueueAndReplay(t *testing.T) {
	r := newBiped(t)
	def := r.Def()
	s := newState(t, r, 1)
	clips := newBipedClips(t, def)
	e := s.Play(0, clips.attack)
	r.Update(0.1)
	if again := s.Play(0, clips.attack); again != e || e.Time() != 0.1 {
		t.Fatalf("Play of the current clip restarted it (time %v)", e.Time())
	}
	q := s.Queue(0, clips.idle, 0)
	if q == nil || s.Track(0).NumQueued() != 1 || q.MixDuration != DefaultMixDuration {
		t.Fatalf("Queue: %+v, %d queued", q, s.Track(0).NumQueued())
	}
	// attack lasts 1.2 s: idle starts at 1.2 - 0.2 = 1.0 on its clock.
	for s.Track(0).Current() == e {
		r.Update(0.05)
	}
	if got := e.Time(); math.Abs(got-1.0) > 1e-9 {
		t.Errorf("queued idle started at attack time %v, want 1.0", got)
	}
	if s.Track(0).Current() != q {
		t.Error("the queued entry is not current")
	}
	for i := 0; i < 5; i++ {
		if s.Queue(0, clips.wave, 1) == nil && i < MaxQueued {
			t.Errorf("Queue %d refused", i)
		}
	}
	if s.Queue(0, clips.wave, 1) != nil {
		t.Error("a full queue accepted an entry")
	}
	s.Play(0, clips.run)
	if s.Track(0).NumQueued() != 0 {
		t.Error("Play did not clear the queue")
	}
}

// Events fire once per pass at every frame rate, from current entries
// only, with their track.
func TestAnimStateEventsAreFrameRateIndependent(t *testing.T) {
	var counts []int
	for _, tps := range []float64{30, 60, 144} {
		r := newBiped(t)
		def := r.Def()
		clips := newBipedClips(t, def)
		s := newState(t, r, 2)
		var seen []Event
		s.OnEvent = func(e Event) { seen = append(seen, e) }
		s.Play(0, clips.wave)
		s.Play(1, clips.attack)
		n := 0
		for f := 0; f < int(3.1*tps); f++ {
			r.Update(1 / tps)
			n += len(s.Events())
			if f == int(1.5*tps) {
				s.Play(0, clips.idle) // wave fades out: its events stop
			}
		}
		var waves, hits int
		for _, e := range seen {
			switch {
			case e.Name == "wave" && e.Track == 0:
				waves++
			case e.Name == "hit" && e.Track == 1 && e.Time == 0.9:
				hits++
			default:
				t.Errorf("%v TPS: unexpected event %+v", tps, e)
			}
		}
		// wave at 0.25 and 1.25 (it stops at 1.5 s); one hit at 0.9.
		if waves != 2 || hits != 1 || n != len(seen) {
			t.Errorf("%v TPS: %d waves, %d hits (%d listed), want 2 and 1", tps, waves, hits, n)
		}
		counts = append(counts, len(seen))
	}
	if counts[0] != counts[1] || counts[1] != counts[2] {
		t.Errorf("event counts at 30/60/144 TPS: %v", counts)
	}
}

func TestAnimStateIsDeterministicAndDoesNotAllocate(t *testing.T) {
	run := func() ([]float64, *Rig, *AnimState, *Blend1D, bipedClips) {
		r := newBiped(t)
		def := r.Def()
		clips := newBipedClips(t, def)
		s := newState(t, r, 3)
		r.TimeScale = 0
		loco, err := NewBlend1D(def, BlendChild{Source: clips.idle, At: 0}, BlendChild{Source: &WalkCycle{}, At: 62.2}, BlendChild{Source: clips.run, At: clips.runSpeed})
		if err != nil {
			t.Fatal(err)
		}
		loco.FollowSpeed = true
		mask, _ := NewBoneMask(def, BoneUpperArmNear)
		s.Track(1).Mask = mask
		s.Track(2).Additive = true
		s.Play(0, loco)
		s.Play(2, clips.lean)
		var out []float64
		for f := 0; f < 400; f++ {
			switch f {
			case 100:
				s.Play(1, clips.wave)
			case 200:
				s.Play(0, clips.crouch)
			case 230:
				s.Play(0, loco)
				s.Stop(1, 0.3)
			}
			r.Position[0] += math.Min(float64(f), 120) / 60
			r.Update(1.0 / 60)
		}
		for b := 0; b < r.Def().NumBones(); b++ {
			out = append(out, r.LocalAngle(b))
		}
		return out, r, s, loco, clips
	}
	a, r, s, loco, clips := run()
	b, _, _, _, _ := run()
	for i := range a {
		if math.Float64bits(a[i]) != math.Float64bits(b[i]) {
			t.Fatalf("bone %d differs between identical runs: %v vs %v", i, a[i], b[i])
		}
	}
	f := 0
	allocs := testing.AllocsPerRun(300, func() {
		f++
		if f%50 == 0 {
			s.Play(1, clips.wave)
		}
		if f%50 == 25 {
			s.Stop(1, 0.2)
			s.Queue(0, clips.idle, 0.5)
			s.Play(0, loco)
		}
		r.Position[0] += 1.5
		r.Update(1.0 / 60)
	})
	if allocs != 0 {
		t.Errorf("Update with an AnimState allocates %v times per frame", allocs)
	}
}

// Keyed IK crossfades with the pose: a clip that keys the arm at weight
// 1 fading into one that keys nothing leaves weight 1 - ag; a world-space
// key is relative to its entry's Origin.
func TestAnimStateCrossfadesKeyedIK(t *testing.T) {
	r := newBiped(t)
	def := r.Def()
	s := newState(t, r, 1)
	reach := armClip(t, def, "world", 15, -75, 1) // relative to Origin
	e := s.Play(0, reach)
	e.Origin = mgl64.Vec2{200, 300}
	r.Update(0.1)
	r.Update(0.1)
	arm := r.MustLimb(LimbArmNear)
	wrist := def.BoneIndex(BoneHandNear)
	if got, _ := r.Joint(wrist); !near(got, mgl64.Vec2{215, 225}, 1e-9) || arm.AppliedWeight() != 1 {
		t.Fatalf("keyed world target relative to Origin: wrist %v weight %v, want (215, 225) and 1", got, arm.AppliedWeight())
	}
	s.Play(0, holdClip(t, def, "h", 0, 0)).MixDuration = 0.4
	r.Update(0.1)
	r.Update(0.1)
	if got := arm.AppliedWeight(); math.Abs(got-0.5) > 1e-12 {
		t.Errorf("halfway through the crossfade: applied weight %v, want 0.5", got)
	}
	if got := arm.AppliedTarget(r); !near(got, mgl64.Vec2{215, 225}, 1e-9) {
		t.Errorf("the fading key's target moved to %v", got)
	}
	r.Update(0.1)
	r.Update(0.1)
	if got := arm.AppliedWeight(); got != 0 {
		t.Errorf("after the crossfade: applied weight %v, want 0", got)
	}
}

// The same plays at 30, 60 and 144 TPS give the same pose at the same
// times (crossfades and clocks run on time).
func TestAnimStateIsFrameRateIndependent(t *testing.T) {
	var heads [3][]float64
	for k, tps := range []float64{30, 60, 144} {
		r := newBiped(t)
		def := r.Def()
		s := newState(t, r, 2)
		s.MaxBlendSpeed = math.Inf(1)
		clips := newBipedClips(t, def)
		s.Play(0, clips.idle)
		n := int(3 * tps)
		for f := 0; f < n; f++ { // frame f runs from f/tps to (f+1)/tps
			switch f {
			case int(0.5 * tps):
				s.Play(0, clips.attack)
			case int(1 * tps):
				s.Play(1, clips.wave).MixDuration = 0.5
			case int(2 * tps):
				s.Stop(1, 0.3)
				s.Play(0, clips.crouch)
			}
			r.Update(1 / tps)
			if (f+1)%int(tps/6) == 0 { // every 1/6 s: common to all three rates
				heads[k] = append(heads[k], r.LocalAngle(def.BoneIndex(BoneUpperArmNear)))
			}
		}
	}
	for i := range heads[0] {
		for k := 1; k < 3; k++ {
			if d := math.Abs(math.Remainder(heads[k][i]-heads[0][i], 2*math.Pi)); d > 1e-9 {
				t.Errorf("sample %d: arm %v at rate %d, %v at 30 TPS", i, heads[k][i], k, heads[0][i])
			}
		}
	}
}
