package ikanim

import (
	"math"
	"os"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/quality"
	"github.com/ikanim/kit/terrain"
)

// aimSim is the aim demo scene without a window (demo/scene_aim.go runs the
// same sequence with the mouse idle): the biped walks back and forth on flat
// ground aiming a two-handed weapon (Aimer) at a target drifting ahead of it
// on a slow figure, stops at the crate, lowers the weapon and picks up the
// gem with the far arm (Reacher, crouching), carries it, and a
// quality.Meter measures the joint pop of every bone, every frame.
type aimSim struct {
	rig    *Rig
	gr     *Grounder
	aim    *Aimer
	reach  *Reacher
	walk   *WalkCycle
	follow GroundFollower

	t, dir   float64
	speed    float64
	gemPos   mgl64.Vec2
	carried  bool
	reaching float64
	pickedAt float64
	picks    int

	meter  quality.Meter
	joints []quality.AngleDelta
	frame  int
	// worst joint pop: frame, bone
	worst                 float64
	worstFrame, worstBone int
	log                   bool
}

// Aim scene tunables shared with demo/scene_aim.go.
const (
	aimSimSpeed     = 45.0
	aimSimMinX      = 200.0
	aimSimMaxX      = 1080.0
	aimSimCrateX    = 640.0
	aimSimReachFor  = 1.4
	aimSimAccel     = 60.0 // px/s^2: starting and stopping
	aimSimReachTime = 0.8  // s the hand takes to the gem (Reacher.Duration)
)

func newAimSim(t testing.TB) *aimSim {
	t.Helper()
	world, err := terrain.Scene("flat")
	if err != nil {
		t.Fatal(err)
	}
	def, err := NewBipedDef(BipedSizes{}, BipedSprites{})
	if err != nil {
		t.Fatal(err)
	}
	s := &aimSim{rig: NewRig(def), walk: &WalkCycle{}, dir: 1}
	s.rig.Position = mgl64.Vec2{aimSimMinX + 100, terrain.SceneGroundY}
	s.rig.Source = s.walk
	if s.gr, err = NewGrounder(def, world, BipedGrounderLegs()...); err != nil {
		t.Fatal(err)
	}
	s.gr.HeelToe = true
	if s.aim, err = NewBipedAimer(def); err != nil {
		t.Fatal(err)
	}
	if s.reach, err = NewReacher(def, LimbArmFar); err != nil {
		t.Fatal(err)
	}
	s.reach.MaxCrouch, s.reach.CrouchSpeed, s.reach.Duration = 40, 4, aimSimReachTime
	s.rig.AddController(s.gr)
	s.rig.AddController(s.reach)
	s.rig.AddController(s.aim)
	s.follow = GroundFollower{Ground: world}
	s.joints = make([]quality.AngleDelta, def.NumBones())
	s.gemPos = mgl64.Vec2{aimSimCrateX, terrain.SceneGroundY - 24 - 5}
	return s
}

// step is demo/scene_aim.go's Update with the mouse idle.
func (s *aimSim) step(dt float64) {
	s.t += dt
	r := s.rig
	// Walking speed: it eases in and out at aimSimAccel (a stop or a start
	// is a change of the stride, not a jump of it), and slows to a stop
	// exactly at the crate when the gem is there to pick up.
	goal := aimSimCrateX - s.dir*24
	togo := (goal - r.Position[0]) * s.dir
	wantGem := !s.carried && s.t-s.pickedAt > 3 && s.reaching == 0
	speed := math.Min(aimSimSpeed, s.speed+aimSimAccel*dt)
	if wantGem && togo >= 0 && togo < aimSimSpeed {
		speed = math.Min(speed, math.Sqrt(2*aimSimAccel*togo))
		if togo < 1e-3 {
			s.reaching = dt
		}
	}
	if s.reaching > 0 {
		speed = 0
		s.reaching += dt
		s.aim.Weight = 0
		s.reach.Target, s.reach.Active = s.gemPos, true
		if s.reach.Reached(r) && s.reaching > aimSimReachFor {
			s.carried, s.reaching, s.pickedAt = true, 0, s.t
			s.picks++
			s.reach.Active = false
		}
	} else {
		s.aim.Weight = 1
		s.reach.Active = false
	}
	target := mgl64.Vec2{
		r.Position[0] + s.dir*(150+60*math.Sin(s.t*0.7)),
		terrain.SceneGroundY - 90 - 70*math.Sin(s.t*1.3),
	}
	if s.reaching == 0 {
		if r.Position[0] >= aimSimMaxX {
			s.dir = -1
		} else if r.Position[0] <= aimSimMinX {
			s.dir = 1
		}
	}
	step := speed * dt
	if wantGem && togo >= 0 && step > togo {
		step = togo
	}
	s.speed = speed
	r.Position[0] += s.dir * step
	turned := (s.dir > 0) != (r.Facing == FacingRight)
	if s.dir > 0 {
		r.Facing = FacingRight
	} else {
		r.Facing = FacingLeft
	}
	if s.carried && s.t-s.pickedAt > 6 {
		s.gemPos = mgl64.Vec2{aimSimCrateX, terrain.SceneGroundY - 24 - 5}
		s.carried = false
	}
	s.aim.OneHanded = s.reaching > 0 || s.carried || s.reach.Weight() > 0
	r.TimeScale = s.walk.Drive(speed)
	s.gr.Idle = speed == 0
	s.aim.Target = target
	s.follow.Follow(r, dt)
	r.Update(dt)
	if s.carried {
		_, hand := r.Joint(r.Def().BoneIndex(BoneHandFar))
		s.gemPos = hand
	}
	s.measure(turned)
}

// measure: joint pop of every bone (turning round is a new pose, not a pop)
// and NaN.
func (s *aimSim) measure(turned bool) {
	r, m := s.rig, &s.meter
	m.Frame()
	s.frame++
	if turned {
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
		d := s.joints[i].Step(r.LocalAngle(i))
		m.JointPop(d)
		deg := math.Abs(d) * 180 / math.Pi
		if deg > s.worst {
			s.worst, s.worstFrame, s.worstBone = deg, s.frame, i
		}
		if s.log && deg > 5 {
			println("frame", s.frame, "t", s.t, r.def.bones[i].Name, deg, "reaching", s.reaching, "carried", s.carried,
				"reachW", s.reach.Weight(), "nearW", r.limbs[r.def.LimbIndex(LimbArmNear)].CurrentWeight(),
				"farW", r.limbs[r.def.LimbIndex(LimbArmFar)].CurrentWeight())
		}
	}
}

// TestAimSceneQuality runs the aim scene for 15 s (the demo's -frames 900 at
// 60 TPS: walk aiming, stop at the crate, reach for the gem, carry it, walk
// on) and bounds the joint pop. Set IKANIM_AIMLOG=1 to print every bone's
// change above 5 deg in a frame.
func TestAimSceneQuality(t *testing.T) {
	for _, tps := range []int{30, 60, 144} {
		s := newAimSim(t)
		s.log = os.Getenv("IKANIM_AIMLOG") != "" && tps == 60
		dt := 1 / float64(tps)
		n := 15 * tps
		for i := 0; i < n; i++ {
			s.step(dt)
		}
		m := &s.meter
		t.Logf("%3d TPS: joint pop %.3f deg/frame (frame %d, bone %s), pickups %d, NaN %d",
			tps, m.JointPopMaxDeg(), s.worstFrame, s.rig.def.bones[s.worstBone].Name, s.picks, m.NaNs())
		if s.picks != 1 {
			t.Errorf("%d TPS: %d pickups, want 1", tps, s.picks)
		}
		// QUALITY.md's target: 15 deg/frame at 60 TPS. Before the walk eased
		// into its stops, the reach turned the hand the shorter way round
		// and its target stayed softly within reach over a 0.8 s Duration,
		// the scene popped 45.4 deg/frame (the legs at the stop and start,
		// then the far hand spinning a whole turn and the elbow snapping
		// straight during the hand-off from the aimer).
		if tps == 60 && m.JointPopMaxDeg() > 15 {
			t.Errorf("60 TPS: joint pop %v deg/frame, want <= 15", m.JointPopMaxDeg())
		}
		if tps == 144 && m.JointPopMaxDeg() > 15*60/144.0+1 {
			t.Errorf("144 TPS: joint pop %v deg/frame, want <= %v (the 60 TPS bound per second, +1 deg)", m.JointPopMaxDeg(), 15*60/144.0+1)
		}
		if m.NaNs() != 0 {
			t.Errorf("%d TPS: %d NaN", tps, m.NaNs())
		}
	}
}

// An aim scene frame (walk, grounder, reacher, aimer, rig update, metering)
// allocates nothing, while aiming and while reaching for the gem.
func TestAimSceneFrameDoesNotAllocate(t *testing.T) {
	s := newAimSim(t)
	for _, until := range []float64{2, 7.9} { // walking and aiming; reaching (from ~7.7 s)
		for s.t < until {
			s.step(1.0 / 60)
		}
		if allocs := testing.AllocsPerRun(30, func() { s.step(1.0 / 60) }); allocs != 0 {
			t.Errorf("t %.1f s (reach weight %.2f): an aim scene frame allocates %v times, want 0", s.t, s.reach.Weight(), allocs)
		}
	}
}
