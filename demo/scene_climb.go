package main

import (
	"fmt"
	"math"

	"github.com/ebitengine/debugui"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/ebitenutil"

	"github.com/ikanim/kit/ikanim"
	"github.com/ikanim/kit/ikanim/quality"
	"github.com/ikanim/kit/terrain"
)

func init() {
	registerScene(sceneInfo{
		Name:    "climb",
		Summary: "climbing a wall, hands over its outer corner, hanging from the top, mantling onto it; another hangs from a ledge",
		New:     newClimbScene,
	})
}

// climb.json geometry: floor at y=600; the wall's face at x=760 from the
// floor up to its top at y=200; a platform (ledge) from x=360 to 520 at y=300.
const (
	climbFloorY  = 600.0
	climbWallX   = 760.0
	climbWallTop = 200.0
	climbStartX  = 660.0
	climbSpeed   = 40.0  // px/s up the wall
	climbTopEndX = 960.0 // where the walk on the top stops
	climbZoom    = 1.6
)

// climbMode is the climber's state.
type climbMode int

const (
	modeWalk   climbMode = iota // walking to the wall
	modeClimb                   // climbing the face
	modeMantle                  // hanging from the top, pulling up, standing on it
	modeTop                     // walking on along the top
)

// modeSwitch runs the controllers of the current mode only.
type modeSwitch struct {
	mode *climbMode
	ctl  [4][]ikanim.Controller
}

func (m *modeSwitch) Control(r *ikanim.Rig, dt float64) {
	for _, c := range m.ctl[*m.mode] {
		c.Control(r, dt)
	}
}

type climbScene struct {
	world  *terrain.World
	sky    ikanim.Sprite
	camera ebiten.GeoM

	// The climber: walks to the wall, climbs, hangs from the top, drops.
	rig     *ikanim.Rig
	mode    climbMode
	modeT   float64
	walk    *ikanim.WalkCycle
	gr      *ikanim.Grounder
	follow  ikanim.GroundFollower
	climber *ikanim.Climber
	mantle  *ikanim.Mantler

	// The swinger hangs from the platform's corner.
	swinger *ikanim.Rig
	swing   *ikanim.Hanger

	meter  quality.Meter
	holds  []quality.Stance
	bend   [4]quality.Bend
	joints []quality.AngleDelta
	distE  float64 // largest chest-to-wall distance error while climbing, px
	grips  float64 // largest hand-to-grip distance while hanging, px
	corner int     // frames with both hands over the corner
	climbs int
}

func newClimbScene(ctx *Context) (Scene, error) {
	world, err := loadLevel("climb.json")
	if err != nil {
		return nil, err
	}
	def, err := newHumanoid()
	if err != nil {
		return nil, err
	}
	s := &climbScene{world: world}
	if s.sky, err = sprite("bg/sky"); err != nil {
		return nil, err
	}
	s.rig = ikanim.NewRig(def)
	s.rig.Position = mgl64.Vec2{climbStartX, climbFloorY}
	s.walk = &ikanim.WalkCycle{}
	if s.gr, err = ikanim.NewGrounder(def, world, ikanim.BipedGrounderLegs()...); err != nil {
		return nil, err
	}
	s.gr.HeelToe = true
	if s.climber, err = ikanim.NewBipedClimber(def, world); err != nil {
		return nil, err
	}
	// The panel's sliders show real values, so spell out the defaults.
	s.climber.Distance, s.climber.Stride, s.climber.CornerSteps = ikanim.DefaultClimbDistance, ikanim.DefaultClimbStride, ikanim.DefaultCornerSteps
	if s.mantle, err = ikanim.NewBipedMantler(def); err != nil {
		return nil, err
	}
	s.mantle.Edge = mgl64.Vec2{climbWallX, climbWallTop}
	s.follow = ikanim.GroundFollower{Ground: world}
	sw := &modeSwitch{mode: &s.mode}
	sw.ctl[modeWalk] = []ikanim.Controller{s.gr}
	sw.ctl[modeClimb] = []ikanim.Controller{s.climber}
	sw.ctl[modeTop] = []ikanim.Controller{s.gr}
	s.rig.AddController(sw)
	s.rig.Source = s.walk

	s.swinger = ikanim.NewRig(def)
	if s.swing, err = ikanim.NewBipedHanger(def); err != nil {
		return nil, err
	}
	s.swing.Ledge, s.swing.Active, s.swing.Swing, s.swing.SwingPeriod = mgl64.Vec2{362, 301}, true, 0.35, 2.2
	s.swinger.Facing = ikanim.FacingLeft

	s.holds = make([]quality.Stance, s.climber.NumLimbs())
	s.joints = make([]quality.AngleDelta, def.NumBones())
	s.camera.Translate(-700, -255) // the wall top and the walk on it in view
	s.camera.Scale(climbZoom, climbZoom)
	s.camera.Translate(float64(ctx.Width)/2, float64(ctx.Height)/2)
	return s, nil
}

func (s *climbScene) Help() string {
	return "climbs the wall by itself, puts its hands over the corner, hangs, mantles onto the top and walks on; another hangs from the ledge"
}

func (s *climbScene) Meter() *quality.Meter { return &s.meter }

// Extra implements extraMetrics.
func (s *climbScene) Extra() map[string]float64 {
	return map[string]float64{
		"chest_wall_distance_error_max_px": s.distE,
		"hang_grip_error_max_px":           s.grips,
		"corner_frames":                    float64(s.corner),
		"climbs":                           float64(s.climbs),
	}
}

func (s *climbScene) setMode(m climbMode) {
	// The walk cycle stays the pose source in every mode (driven at speed 0
	// it is the standing pose the controllers bend), so no switch jumps.
	s.mode, s.modeT = m, 0
	for i := range s.bend {
		s.bend[i].Reset()
	}
	for i := range s.holds {
		s.holds[i].Flush(&s.meter)
	}
}

// restart puts the climber back at the start: a teleport, so the joint
// pop trackers start over.
func (s *climbScene) restart() {
	s.rig.Position = mgl64.Vec2{climbStartX, climbFloorY}
	s.follow.Reset()
	s.setMode(modeWalk)
	for i := range s.joints {
		s.joints[i] = quality.AngleDelta{}
	}
}

func (s *climbScene) Update(ctx *Context) error {
	dt := ctx.Dt
	r := s.rig
	s.modeT += dt
	switch s.mode {
	case modeWalk:
		// Stand a second, ease into a walk, slow down to a stop with the
		// chest at the climbing distance.
		goal := climbWallX - ikanim.DefaultClimbDistance
		speed := 50 * math.Max(0, math.Min(1, s.modeT-1))
		speed = math.Min(speed, 3*(goal-r.Position[0]))
		if r.Position[0] >= goal-0.5 {
			s.setMode(modeClimb)
			s.climbs++
			break
		}
		r.Position[0] = math.Min(goal, r.Position[0]+speed*dt)
		r.TimeScale = s.walk.Drive(speed)
		s.gr.Idle = speed == 0
		s.follow.Follow(r, dt)
	case modeClimb:
		r.TimeScale = s.walk.Drive(0)
		s.climber.Speed = climbSpeed
		r.Position[1] -= climbSpeed * dt
		// Both hands over the corner and the chest near the top: mantle.
		if s.climber.Contact(0).Corner && s.climber.Contact(1).Corner {
			s.corner++
			if r.Position[1] < climbWallTop+110 {
				s.climber.Handoff(r)
				s.mantle.Start(r)
				s.setMode(modeMantle)
			}
		}
	case modeMantle:
		r.TimeScale = s.walk.Drive(0)
		if s.mantle.Mantle(r, dt) {
			s.follow.Reset()
			s.setMode(modeTop)
		}
	case modeTop:
		// Walk on along the top, stop, and start over.
		speed := 50 * math.Max(0, math.Min(1, s.modeT-0.5))
		speed = math.Min(speed, 3*(climbTopEndX-r.Position[0]))
		r.Position[0] += speed * dt
		r.TimeScale = s.walk.Drive(speed)
		s.gr.Idle = speed < 1
		s.follow.Follow(r, dt)
		if s.modeT > 6 {
			s.restart()
		}
	}
	r.Update(dt)

	s.swing.Hang(s.swinger, dt)
	s.swinger.Update(dt)
	s.measure()
	return nil
}

// measure: hold slip and contact gap of climbing limbs (an independent ray
// from the effector toward the wall), chest distance, grips while hanging,
// joint pop, elbow and knee flips, NaN.
func (s *climbScene) measure() {
	m := &s.meter
	m.Frame()
	for _, r := range []*ikanim.Rig{s.rig, s.swinger} {
		def := r.Def()
		for i := 0; i < def.NumBones(); i++ {
			a, b := r.Joint(i)
			m.Finite(a[0])
			m.Finite(a[1])
			m.Finite(b[0])
			m.Finite(b[1])
		}
	}
	r := s.rig
	def := r.Def()
	for i := 0; i < def.NumBones(); i++ {
		m.JointPop(s.joints[i].Step(r.LocalAngle(i)))
	}
	names := [4][3]string{
		{ikanim.BoneUpperArmNear, ikanim.BoneForearmNear, ikanim.BoneHandNear},
		{ikanim.BoneUpperArmFar, ikanim.BoneForearmFar, ikanim.BoneHandFar},
		{ikanim.BoneThighNear, ikanim.BoneShinNear, ikanim.BoneFootNear},
		{ikanim.BoneThighFar, ikanim.BoneShinFar, ikanim.BoneFootFar},
	}
	for i, n := range names {
		a, _ := r.Joint(def.BoneIndex(n[0]))
		b, _ := r.Joint(def.BoneIndex(n[1]))
		c, _ := r.Joint(def.BoneIndex(n[2]))
		s.bend[i].Track(m, a, b, c, 0.5)
	}
	switch s.mode {
	case modeClimb:
		for k := 0; k < s.climber.NumLimbs(); k++ {
			ct := s.climber.Contact(k)
			_, end := r.Joint(def.BoneIndex(names[k][1]))
			w := r.Limb([]string{ikanim.LimbArmNear, ikanim.LimbArmFar, ikanim.LimbLegNear, ikanim.LimbLegFar}[k]).CurrentWeight()
			holding := ct.Holding && w == 1 && !ct.Corner
			if holding {
				// The meter's own ray from the effector into the wall.
				h := s.world.Cast(end.Sub(mgl64.Vec2{10, 0}), end.Add(mgl64.Vec2{20, 0}))
				if h.OK {
					m.Contact(h.Point[0] - end[0] - ikanim.DefaultClimbOffset)
				}
			}
			s.holds[k].Track(m, holding, end)
		}
		chestY := -ikanim.BipedHipHeight(ikanim.BipedSizes{}) - 20
		chest := r.ToWorld(mgl64.Vec2{0, chestY}.Add(r.BodyOffset))
		if s.modeT > 1 && chest[1] > climbWallTop {
			s.distE = math.Max(s.distE, math.Abs(climbWallX-chest[0]-ikanim.DefaultClimbDistance))
		}
	}
	if s.swing.Active {
		for k, b := range []string{ikanim.BoneForearmNear, ikanim.BoneForearmFar} {
			_, hand := s.swinger.Joint(def.BoneIndex(b))
			grip := s.swing.Ledge.Add(s.swinger.Forward().Mul(s.swing.Spread[k]))
			if m.Frames() > 60 {
				s.grips = math.Max(s.grips, hand.Sub(grip).Len())
			}
		}
	}
}

func (s *climbScene) Draw(screen *ebiten.Image, ctx *Context) {
	var op ebiten.DrawImageOptions
	screen.DrawImage(s.sky.Image, &op)
	look := terrainLook(s.camera)
	s.world.Draw(screen, &look)
	do := &ikanim.DrawOptions{DrawImageOptions: ebiten.DrawImageOptions{GeoM: s.camera, Filter: ebiten.FilterLinear}}
	s.swinger.Draw(screen, do)
	s.rig.Draw(screen, do)
	if ctx.Debug {
		s.rig.DrawDebug(screen, &ikanim.DebugOptions{Camera: s.camera, HideLimits: true})
		s.swinger.DrawDebug(screen, &ikanim.DebugOptions{Camera: s.camera, HideLimits: true})
		if s.mode == modeClimb {
			s.climber.DrawDebug(screen, &s.camera)
		}
	}
	mode := [...]string{"walk", "climb", "mantle", "top"}[s.mode]
	ebitenutil.DebugPrintAt(screen, fmt.Sprintf("mode %s  climbs %d  body offset %+.1f px", mode, s.climbs, s.rig.BodyOffset[0]), 6, 24)
	if s.mode == modeClimb {
		for k := 0; k < s.climber.NumLimbs(); k++ {
			c := s.climber.Contact(k)
			ebitenutil.DebugPrintAt(screen, fmt.Sprintf("limb %d: holding %v corner %v", k, c.Holding, c.Corner), 6, 40+16*k)
		}
	}
}

func (s *climbScene) Panel(ui *debugui.Context) {
	ui.Text("wall distance (px)")
	ui.SliderF(&s.climber.Distance, 5, 40, 1, 0)
	ui.Text("stride (px)")
	ui.SliderF(&s.climber.Stride, 10, 60, 1, 0)
	ui.Text("corner side rays")
	ui.Slider(&s.climber.CornerSteps, 1, 16, 1)
	ui.Text("ledge swing (rad)")
	ui.SliderF(&s.swing.Swing, 0, 0.8, 0.05, 2)
}
