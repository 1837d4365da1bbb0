package ikanim

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/assets/levels"
	"github.com/ikanim/kit/ikanim/quality"
	"github.com/ikanim/kit/terrain"
)

// walkSim is the walk demo scene without a window (demo/scene_walk.go builds
// the same rig, terrain and controllers): the biped walks back and forth
// over assets/levels/walk.json with a WalkCycle, a GroundFollower and a
// heel-and-toe Grounder, and a quality.Meter measures it with rays of its
// own against the terrain.
type walkSim struct {
	world  *terrain.World
	rig    *Rig
	gr     *Grounder
	walk   *WalkCycle
	follow GroundFollower
	speed  float64
	dir    float64
	minX   float64
	maxX   float64

	meter   quality.Meter
	stance  [2]quality.Stance
	bend    [2]quality.Bend
	body    quality.Delta
	joints  []quality.AngleDelta
	legs    [2][3]int // thigh, shin, foot per grounder leg
	turned  bool
	samples [3]float64
}

// Walk scene tunables shared with demo/scene_walk.go.
const (
	walkSpeed        = 60.0 // px/s
	walkStartX       = 120.0
	walkEndX         = 2280.0
	walkBodySpeed    = 30.0
	walkBodyMax      = 57.0
	walkFollowSpeed  = 12.0
	walkFollowMax    = 90.0
	walkFootSpeed    = 18.0
	walkProbe        = 24.0
	walkMaxStep      = 45.0
	walkContactRange = 20.0 // px: a planted foot farther than this from ground is over a gap
)

func loadWalkWorld(t testing.TB) *terrain.World {
	t.Helper()
	data, err := levels.Open("walk.json")
	if err != nil {
		t.Fatal(err)
	}
	lv, err := terrain.ParseLevel(data)
	if err != nil {
		t.Fatal(err)
	}
	w, err := lv.Build()
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func newWalkSim(t testing.TB, world *terrain.World) *walkSim {
	t.Helper()
	def, err := NewBipedDef(BipedSizes{}, BipedSprites{})
	if err != nil {
		t.Fatal(err)
	}
	s := &walkSim{world: world, rig: NewRig(def), walk: &WalkCycle{}, speed: walkSpeed, dir: 1, minX: walkStartX, maxX: walkEndX}
	s.gr, err = NewGrounder(def, world, BipedGrounderLegs()...)
	if err != nil {
		t.Fatal(err)
	}
	s.gr.HeelToe = true
	s.gr.PlanSwing = true
	s.gr.BodySpeed = walkBodySpeed
	s.gr.BodyMaxSpeed = walkBodyMax
	s.gr.FootSpeed = walkFootSpeed
	s.gr.MaxStep = walkMaxStep
	s.rig.Source = s.walk
	s.rig.AddController(s.gr)
	s.rig.Position = mgl64.Vec2{walkStartX, 500}
	s.follow = GroundFollower{Ground: world, Speed: walkFollowSpeed, MaxSpeed: walkFollowMax, Probe: walkProbe}
	s.joints = make([]quality.AngleDelta, def.NumBones())
	for i := 0; i < s.gr.NumLegs(); i++ {
		l := def.limbs[s.gr.legs[i].limb]
		s.legs[i] = [3]int{l.bones[0], l.bones[1], l.effector}
	}
	return s
}

// step advances the walk by dt and measures the frame.
func (s *walkSim) step(dt float64) {
	r := s.rig
	r.Position[0] += s.dir * s.speed * dt
	s.turned = false
	if (s.dir > 0 && r.Position[0] >= s.maxX) || (s.dir < 0 && r.Position[0] <= s.minX) {
		s.dir = -s.dir
		s.turned = true
		// Turning round mirrors the stance: the feet swap sides, which is a
		// new stance for each.
		s.flush()
	}
	if s.dir > 0 {
		r.Facing = FacingRight
	} else {
		r.Facing = FacingLeft
	}
	r.TimeScale = s.walk.Drive(s.speed)
	s.follow.Follow(r, dt)
	r.Update(dt)
	s.measure()
}

// measure feeds the frame's figures to the meter: contact gap and
// penetration of planted feet (the walk cycle's own planted flag) with a
// fresh vertical ray against the terrain per sole point, foot slip, body
// pop, joint pop, bend flips and NaN.
func (s *walkSim) measure() {
	r, m := s.rig, &s.meter
	m.Frame()
	if s.turned {
		for i := range s.bend {
			s.bend[i].Reset()
		}
		for i := range s.joints {
			s.joints[i] = quality.AngleDelta{}
		}
	}
	for i := 0; i < r.def.NumBones(); i++ {
		a, b := r.Joint(i)
		m.Finite(a[0])
		m.Finite(a[1])
		m.Finite(b[0])
		m.Finite(b[1])
		m.JointPop(s.joints[i].Step(r.LocalAngle(i)))
	}
	m.BodyPop(s.body.Step(r.BodyOffset[1]))
	for i := 0; i < s.gr.NumLegs(); i++ {
		spec := s.gr.LegSpec(i)
		ids := s.legs[i]
		hip, _ := r.Joint(ids[0])
		knee, _ := r.Joint(ids[1])
		ankle, _ := r.Joint(ids[2])
		s.bend[i].Track(m, hip, knee, ankle, 0.5)
		walkLeg := 1 // grounder leg 0 is the far leg, the walk cycle's leg 1
		if i == 1 {
			walkLeg = 0
		}
		planted := s.walk.Planted(walkLeg, r.Time)
		// Gap of the lowest sole point: the foot rests on it.
		minGap, ok := math.Inf(1), false
		for k, x := range [3]float64{-spec.Heel, 0, spec.Toe} {
			p := solePoint(r, ids[2], x, spec.AnkleHeight)
			h := s.world.SurfaceBelow(p[0], p[1]-walkContactRange, p[1]+walkContactRange)
			s.samples[k] = math.NaN()
			if h.OK {
				ok = true
				minGap = math.Min(minGap, h.Point[1]-p[1])
				s.samples[k] = h.Point[1] - p[1]
			}
		}
		if planted && ok {
			m.Contact(minGap)
		}
		s.stance[i].Track(m, planted && ok, ankle)
	}
}

func (s *walkSim) flush() {
	for i := range s.stance {
		s.stance[i].Flush(&s.meter)
	}
}

// runWalk runs the walk scene for seconds at tps.
func runWalk(t testing.TB, world *terrain.World, tps int, seconds float64) *walkSim {
	s := newWalkSim(t, world)
	dt := 1 / float64(tps)
	n := int(seconds * float64(tps))
	for i := 0; i < n; i++ {
		s.step(dt)
	}
	s.flush()
	return s
}

func TestWalkSceneQuality(t *testing.T) {
	world := loadWalkWorld(t)
	type figs struct{ gapMean, gapMax, pen, bodyPop, jointPop, slip float64 }
	var all []figs
	// One trip over the whole course and back: 2 * 2160 px at 60 px/s.
	const seconds = 2 * (walkEndX - walkStartX) / walkSpeed
	for _, tps := range []int{30, 60, 144} {
		s := runWalk(t, world, tps, seconds)
		m := &s.meter
		f := figs{m.ContactGapMean(), m.ContactGapMax(), m.PenetrationMax(), m.BodyPopMax(), m.JointPopMaxDeg(), m.FootSlipMax()}
		all = append(all, f)
		t.Logf("%3d TPS: gap mean %.3g max %.3g px, penetration %.3g px, slip %.4f px (%d stances), body pop %.4f px/frame, joint pop %.3f deg/frame, bend flips %d, NaN %d",
			tps, f.gapMean, f.gapMax, f.pen, f.slip, m.Stances(), f.bodyPop, f.jointPop, m.BendFlips(), m.NaNs())
		if f.gapMean > 0.5 || f.gapMax > 1 {
			t.Errorf("%d TPS: contact gap mean %v max %v, want <= 0.5 and <= 1", tps, f.gapMean, f.gapMax)
		}
		if f.pen > 0.5 {
			t.Errorf("%d TPS: penetration %v, want <= 0.5", tps, f.pen)
		}
		if f.bodyPop > 2 {
			t.Errorf("%d TPS: body pop %v px/frame, want <= 2", tps, f.bodyPop)
		}
		// Joint pop: QUALITY.md's target is 15 deg/frame at 60 TPS; swing
		// planning (Grounder.PlanSwing) brought it from 40.2 to 28.7 at 60 TPS,
		// the heel-to-toe chord for the foot's tilt (continuous over a
		// sawtooth crease, where the mean normal jumped) to 21.7, and this
		// bound only guards that gain until the target is met (the rest is
		// up stairs at lift-off, where the toe meets the riser).
		if tps == 60 && f.jointPop > 22 {
			t.Errorf("60 TPS: joint pop %v deg/frame, want <= 22 (target 15)", f.jointPop)
		}
		if m.BendFlips() != 0 || m.NaNs() != 0 {
			t.Errorf("%d TPS: bend flips %d, NaN %d, want 0 and 0", tps, m.BendFlips(), m.NaNs())
		}
		// Per-frame body pop scales with the frame time; per second it is
		// the same motion at every rate.
		f.bodyPop *= float64(tps)
		all[len(all)-1] = f
	}
	// Frame-rate independence: figures within 10% of each other, or within
	// 0.05 px where both are near zero.
	same := func(name string, get func(figs) float64) {
		lo, hi := math.Inf(1), math.Inf(-1)
		for _, f := range all {
			lo, hi = math.Min(lo, get(f)), math.Max(hi, get(f))
		}
		if hi-lo > 0.1*hi && hi-lo > 0.05 {
			t.Errorf("%s differs across 30/60/144 TPS: %v to %v", name, lo, hi)
		}
	}
	same("contact gap mean", func(f figs) float64 { return f.gapMean })
	same("contact gap max", func(f figs) float64 { return f.gapMax })
	same("penetration", func(f figs) float64 { return f.pen })
	same("body pop per second", func(f figs) float64 { return f.bodyPop })
}

func TestGroundedBipedFrameDoesNotAllocate(t *testing.T) {
	s := newWalkSim(t, loadWalkWorld(t))
	for i := 0; i < 120; i++ { // warm up: over the first slope
		s.step(1.0 / 60)
	}
	allocs := testing.AllocsPerRun(200, func() { s.step(1.0 / 60) })
	if allocs != 0 {
		t.Errorf("a grounded biped frame (walk, follow, grounder, rig update, metering) allocates %v times, want 0", allocs)
	}
}

// BenchmarkGroundedBiped times one frame of a walking biped on walk.json:
// ground follow, heel-and-toe grounder (up to 12 rays), limb solves and
// forward kinematics, without the quality metering.
func BenchmarkGroundedBiped(b *testing.B) {
	s := newWalkSim(b, loadWalkWorld(b))
	r := s.rig
	dt := 1.0 / 60
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r.Position[0] += s.dir * s.speed * dt
		if (s.dir > 0 && r.Position[0] >= s.maxX) || (s.dir < 0 && r.Position[0] <= s.minX) {
			s.dir = -s.dir
			r.Facing = 1 - r.Facing
		}
		r.TimeScale = s.walk.Drive(s.speed)
		s.follow.Follow(r, dt)
		r.Update(dt)
	}
}

func loadClimbWorld(t testing.TB) *terrain.World {
	t.Helper()
	data, err := levels.Open("climb.json")
	if err != nil {
		t.Fatal(err)
	}
	lv, err := terrain.ParseLevel(data)
	if err != nil {
		t.Fatal(err)
	}
	w, err := lv.Build()
	if err != nil {
		t.Fatal(err)
	}
	return w
}
