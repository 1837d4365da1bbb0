package ikanim

import (
	"math"
	"os"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/quality"
	"github.com/ikanim/kit/terrain"
)

// climbSim is the climb demo scene without a window (demo/scene_climb.go
// runs the same sequence on assets/levels/climb.json): the biped walks to the
// wall, climbs it, hangs from its top, and a quality.Meter measures the
// joint pop of every bone, every frame, mode switches included.
type climbSim struct {
	world   *terrain.World
	rig     *Rig
	mode    int
	modeT   float64
	walk    *WalkCycle
	gr      *Grounder
	follow  GroundFollower
	climber *Climber
	mantle  *Mantler

	meter  quality.Meter
	joints []quality.AngleDelta
	frame  int
	// worst joint pop: frame, bone, mode
	worst                     float64
	worstFrame, worstBone, wm int
	log                       bool
}

// Climb scene geometry and tunables shared with demo/scene_climb.go.
const (
	climbSimFloorY  = 600.0
	climbSimWallX   = 760.0
	climbSimWallTop = 200.0
	climbSimStartX  = 660.0
	climbSimSpeed   = 40.0
	climbSimTopEnd  = 960.0
)

const (
	simWalk = iota
	simClimb
	simMantle
	simTop
)

func newClimbSim(t testing.TB) *climbSim {
	t.Helper()
	world := loadClimbWorld(t)
	def, err := NewBipedDef(BipedSizes{}, BipedSprites{})
	if err != nil {
		t.Fatal(err)
	}
	s := &climbSim{world: world, rig: NewRig(def), walk: &WalkCycle{}}
	s.rig.Position = mgl64.Vec2{climbSimStartX, climbSimFloorY}
	if s.gr, err = NewGrounder(def, world, BipedGrounderLegs()...); err != nil {
		t.Fatal(err)
	}
	s.gr.HeelToe = true
	if s.climber, err = NewBipedClimber(def, world); err != nil {
		t.Fatal(err)
	}
	if s.mantle, err = NewBipedMantler(def); err != nil {
		t.Fatal(err)
	}
	s.mantle.Edge = mgl64.Vec2{climbSimWallX, climbSimWallTop}
	s.follow = GroundFollower{Ground: world}
	s.rig.AddController(simControl(func(r *Rig, dt float64) {
		switch s.mode {
		case simWalk:
			s.gr.Control(r, dt)
		case simClimb:
			s.climber.Control(r, dt)
		case simTop:
			s.gr.Control(r, dt)
		}
	}))
	s.rig.Source = s.walk
	s.joints = make([]quality.AngleDelta, def.NumBones())
	s.log = os.Getenv("CLIMB_LOG") != ""
	return s
}

func (s *climbSim) setMode(m int) {
	s.mode, s.modeT = m, 0
}

// restart puts the climber back at the start (a teleport: the joint pop
// trackers start over).
func (s *climbSim) restart() {
	r := s.rig
	r.Position = mgl64.Vec2{climbSimStartX, climbSimFloorY}
	s.follow.Reset()
	s.setMode(simWalk)
	for i := range s.joints {
		s.joints[i] = quality.AngleDelta{}
	}
}

func (s *climbSim) step(dt float64) {
	r := s.rig
	s.modeT += dt
	switch s.mode {
	case simWalk:
		// Stand a second, ease into a walk, slow down to a stop at the wall.
		goal := climbSimWallX - DefaultClimbDistance
		speed := 50 * math.Max(0, math.Min(1, s.modeT-1))
		speed = math.Min(speed, 3*(goal-r.Position[0]))
		if r.Position[0] >= goal-0.5 {
			r.Position[0] = goal
			s.setMode(simClimb)
			break
		}
		r.Position[0] = math.Min(goal, r.Position[0]+speed*dt)
		r.TimeScale = s.walk.Drive(speed)
		s.gr.Idle = speed == 0
		s.follow.Follow(r, dt)
	case simClimb:
		r.TimeScale = s.walk.Drive(0)
		s.climber.Speed = climbSimSpeed
		r.Position[1] -= climbSimSpeed * dt
		if s.climber.Contact(0).Corner && s.climber.Contact(1).Corner && r.Position[1] < climbSimWallTop+110 {
			s.climber.Handoff(r)
			s.mantle.Start(r)
			s.setMode(simMantle)
		}
	case simMantle:
		r.TimeScale = s.walk.Drive(0)
		if s.mantle.Mantle(r, dt) {
			s.setMode(simTop)
			s.follow.Reset()
		}
	case simTop:
		// Walk on along the top, stop, and start over.
		speed := 50 * math.Max(0, math.Min(1, s.modeT-0.5))
		speed = math.Min(speed, 3*(climbSimTopEnd-r.Position[0]))
		r.Position[0] += speed * dt
		r.TimeScale = s.walk.Drive(speed)
		s.gr.Idle = speed < 1
		s.follow.Follow(r, dt)
		if s.modeT > 6 {
			s.restart()
		}
	}
	r.Update(dt)
	s.measure()
}

var simModeNames = [...]string{"walk", "climb", "mantle", "top"}

func (s *climbSim) measure() {
	r, m := s.rig, &s.meter
	m.Frame()
	s.frame++
	for i := 0; i < r.def.NumBones(); i++ {
		a, b := r.Joint(i)
		m.Finite(a[0])
		m.Finite(a[1])
		m.Finite(b[0])
		m.Finite(b[1])
		d := s.joints[i].Step(r.LocalAngle(i))
		m.JointPop(d)
		if d > s.worst {
			s.worst, s.worstFrame, s.worstBone, s.wm = d, s.frame, i, s.mode
		}
		if s.log && d*180/math.Pi > 10 {
			println("frame", s.frame, "t", s.modeT, simModeNames[s.mode], r.def.bones[i].Name, int(d*180/math.Pi))
		}
	}
}

func TestClimbSceneQuality(t *testing.T) {
	for _, tps := range []int{30, 60, 144} {
		s := newClimbSim(t)
		dt := 1 / float64(tps)
		mantled, checked := false, false
		for i := 0; i < 20*tps; i++ { // walk, climb, mantle, walk on the top
			s.step(dt)
			mantled = mantled || s.mode == simMantle
			if s.mode == simTop && !checked {
				checked = true
				// After the mantle: both soles on the top surface (an independent
				// ray down at each ankle), the hips above it.
				r := s.rig
				for _, leg := range [2][2]string{{BoneShinNear, BoneFootNear}, {BoneShinFar, BoneFootFar}} {
					_, ankle := r.Joint(r.def.BoneIndex(leg[0]))
					h := s.world.SurfaceBelow(ankle[0], ankle[1]-20, ankle[1]+20)
					if !h.OK {
						t.Errorf("%d TPS: no surface under the %s at %v", tps, leg[1], ankle)
					}
					sole := ankle[1] + 5 // default ankle height
					if gap := h.Point[1] - sole; math.Abs(gap) > 1 || math.Abs(h.Point[1]-climbSimWallTop) > 1e-6 {
						t.Errorf("%d TPS: %s sole %.3f px above the surface at y=%v, want |gap| <= 1 on the top (y=%v)", tps, leg[1], gap, h.Point[1], climbSimWallTop)
					}
				}
				hip, _ := r.Joint(r.def.BoneIndex(BoneThighNear))
				if hip[1] > climbSimWallTop-40 || hip[0] <= climbSimWallX {
					t.Errorf("%d TPS: hip at %v, want over the top (x > %v) and >= 40 px above it (y < %v)", tps, hip, climbSimWallX, climbSimWallTop-40)
				}
			}
		}
		m := &s.meter
		t.Logf("%3d TPS: joint pop %.2f deg/frame (frame %d, %s, %s), NaN %d",
			tps, m.JointPopMaxDeg(), s.worstFrame, simModeNames[s.wm], s.rig.def.bones[s.worstBone].Name, m.NaNs())
		if !mantled || !checked {
			t.Fatalf("%d TPS: the climber did not mantle onto the top (mode %s)", tps, simModeNames[s.mode])
		}
		// Joint pop over walk, climb, mantle and the walk on the top, mode
		// switches included: QUALITY.md's target is 15 deg/frame at 60 TPS;
		// blending every switch brought it from 70-85 to 17.05 (the legs
		// leaving the floor for their first wall holds), and this bound
		// guards that until the target is met.
		if tps == 60 && m.JointPopMaxDeg() > 18 {
			t.Errorf("60 TPS: joint pop %.2f deg/frame, want <= 18 (target 15)", m.JointPopMaxDeg())
		}
		if m.NaNs() != 0 {
			t.Errorf("%d TPS: %d NaN", tps, m.NaNs())
		}
	}
}

type simControl func(r *Rig, dt float64)

func (f simControl) Control(r *Rig, dt float64) { f(r, dt) }

func TestClimbSceneFrameDoesNotAllocate(t *testing.T) {
	s := newClimbSim(t)
	// Frames of every mode: walk, climb, the handoff to the mantle, the
	// mantle and the walk on the top (the whole sequence takes ~18 s).
	allocs := testing.AllocsPerRun(1200, func() { s.step(1.0 / 60) })
	if allocs != 0 {
		t.Errorf("a climb scene frame allocates %v times, want 0", allocs)
	}
	if s.meter.Frames() < 1000 {
		t.Errorf("only %d frames measured", s.meter.Frames())
	}
}
