package main

import (
	"fmt"
	"math"

	"github.com/ebitengine/debugui"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/ebitenutil"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"github.com/ikanim/kit/ikanim"
	"github.com/ikanim/kit/ikanim/quality"
	"github.com/ikanim/kit/terrain"
)

func init() {
	registerScene(sceneInfo{
		Name:    "walk",
		Summary: "foot placement, centroid and slope alignment over slopes, stairs, a sawtooth and a gap",
		New:     newWalkScene,
	})
}

// Walk scene tunables; ikanim/grounder_walk_test.go runs the same setup
// headless and checks its quality figures at 30, 60 and 144 TPS.
const (
	walkSpeed       = 60.0 // px/s
	walkStartX      = 120.0
	walkEndX        = 2280.0
	walkBodySpeed   = 30.0
	walkBodyMax     = 57.0
	walkFollowSpeed = 12.0
	walkFollowMax   = 90.0
	walkFootSpeed   = 18.0
	walkProbe       = 24.0
	walkMaxStep     = 45.0
	walkContact     = 20.0 // px: a planted foot farther than this from ground is over a gap
	walkZoom        = 2.0
)

type walkScene struct {
	world  *terrain.World
	rig    *ikanim.Rig
	gr     *ikanim.Grounder
	walk   *ikanim.WalkCycle
	follow ikanim.GroundFollower
	sky    ikanim.Sprite
	camera ebiten.GeoM
	camX   float64
	camY   float64

	speed  float64
	dir    float64
	manual float64 // seconds of manual control left

	meter   quality.Meter
	stance  [2]quality.Stance
	bend    [2]quality.Bend
	body    quality.Delta
	pelvis  quality.Delta
	joints  []quality.AngleDelta
	legs    [2][3]int
	turned  bool
	popPerS float64 // largest body offset speed, px/s
	pelvisV float64 // largest pelvis speed along up, px/s
	dt      float64

	// panel values in degrees
	maxFootDeg float64
}

// newWalkRig builds the walk scene's character on world: the humanoid, a
// WalkCycle, a GroundFollower and a heel-and-toe Grounder.
func newWalkRig(def *ikanim.RigDef, world *terrain.World) (*ikanim.Rig, *ikanim.Grounder, *ikanim.WalkCycle, ikanim.GroundFollower, error) {
	r := ikanim.NewRig(def)
	gr, err := ikanim.NewGrounder(def, world, ikanim.BipedGrounderLegs()...)
	if err != nil {
		return nil, nil, nil, ikanim.GroundFollower{}, err
	}
	gr.HeelToe = true
	gr.PlanSwing = true
	gr.BodySpeed = walkBodySpeed
	gr.BodyMaxSpeed = walkBodyMax
	gr.FootSpeed = walkFootSpeed
	gr.MaxStep = walkMaxStep
	w := &ikanim.WalkCycle{}
	r.Source = w
	r.AddController(gr)
	f := ikanim.GroundFollower{Ground: world, Speed: walkFollowSpeed, MaxSpeed: walkFollowMax, Probe: walkProbe}
	return r, gr, w, f, nil
}

func newWalkScene(ctx *Context) (Scene, error) {
	world, err := loadLevel("walk.json")
	if err != nil {
		return nil, err
	}
	def, err := newHumanoid()
	if err != nil {
		return nil, err
	}
	s := &walkScene{world: world, speed: walkSpeed, dir: 1, dt: ctx.Dt}
	if s.sky, err = sprite("bg/sky"); err != nil {
		return nil, err
	}
	s.rig, s.gr, s.walk, s.follow, err = newWalkRig(def, world)
	if err != nil {
		return nil, err
	}
	s.rig.Position = mgl64.Vec2{walkStartX, 500}
	s.joints = make([]quality.AngleDelta, def.NumBones())
	for i := 0; i < 2; i++ {
		l := s.rig.Limb([]string{ikanim.LimbLegFar, ikanim.LimbLegNear}[i])
		b := l.Bones()
		s.legs[i] = [3]int{b[0], b[1], l.Effector()}
	}
	s.maxFootDeg = ikanim.DefaultMaxFootAngle * 180 / math.Pi
	// The panel's sliders show real values, so spell out the defaults.
	s.gr.RayUp, s.gr.RayDown, s.gr.MaxLower = ikanim.DefaultRayUp, ikanim.DefaultRayDown, ikanim.DefaultMaxLower
	s.camX, s.camY = s.rig.Position[0], 500
	return s, nil
}

func (s *walkScene) Help() string {
	return "walks by itself; Left/Right: walk  F: foot IK  C: centroid  H: heel+toe rays"
}

func (s *walkScene) Meter() *quality.Meter { return &s.meter }

// Extra implements extraMetrics.
func (s *walkScene) Extra() map[string]float64 {
	return map[string]float64{
		"body_pop_max_px_per_s":   s.popPerS,
		"pelvis_speed_max_px_s":   s.pelvisV,
		"foot_rays_per_frame_max": float64(2*6 + 2),
	}
}

func (s *walkScene) Update(ctx *Context) error {
	dt := ctx.Dt
	if inpututil.IsKeyJustPressed(ebiten.KeyF) {
		s.gr.DisableFeet = !s.gr.DisableFeet
	}
	if inpututil.IsKeyJustPressed(ebiten.KeyC) {
		s.gr.DisableBody = !s.gr.DisableBody
	}
	if inpututil.IsKeyJustPressed(ebiten.KeyH) {
		s.gr.HeelToe = !s.gr.HeelToe
	}
	s.gr.MaxFootAngle = s.maxFootDeg * math.Pi / 180
	speed := s.speed
	r := s.rig
	s.turned = false
	left, right := ebiten.IsKeyPressed(ebiten.KeyLeft), ebiten.IsKeyPressed(ebiten.KeyRight)
	if left || right {
		s.manual = 3
		nd := 1.0
		if left {
			nd = -1
		}
		if nd != s.dir {
			s.dir, s.turned = nd, true
		}
	} else if s.manual > 0 {
		s.manual -= dt
		speed = 0
	}
	r.Position[0] += s.dir * speed * dt
	if (s.dir > 0 && r.Position[0] >= walkEndX) || (s.dir < 0 && r.Position[0] <= walkStartX) {
		r.Position[0] = math.Max(walkStartX, math.Min(walkEndX, r.Position[0]))
		if s.manual <= 0 {
			s.dir, s.turned = -s.dir, true
		}
	}
	if s.turned {
		for i := range s.stance {
			s.stance[i].Flush(&s.meter)
		}
	}
	if s.dir > 0 {
		r.Facing = ikanim.FacingRight
	} else {
		r.Facing = ikanim.FacingLeft
	}
	r.TimeScale = s.walk.Drive(speed)
	s.gr.Idle = speed == 0
	s.follow.Follow(r, dt)
	r.Update(dt)
	s.measure(dt)

	// The camera follows the character smoothly.
	k := 1 - math.Exp(-4*dt)
	s.camX += (r.Position[0] - s.camX) * k
	s.camY += (r.Position[1] - 40 - s.camY) * k
	s.camera.Reset()
	s.camera.Translate(-s.camX, -s.camY)
	s.camera.Scale(walkZoom, walkZoom)
	s.camera.Translate(float64(ctx.Width)/2, float64(ctx.Height)/2)
	return nil
}

// solePoint is the world point of the sole x px along the foot from the
// ankle, ah px below the foot bone on the sole side.
func solePoint(r *ikanim.Rig, foot int, x, ah float64) mgl64.Vec2 {
	ankle, _ := r.Joint(foot)
	s, c := math.Sincos(r.BoneAngle(foot))
	side := ah
	if r.Facing == ikanim.FacingLeft {
		side = -ah
	}
	return mgl64.Vec2{ankle[0] + x*c - side*s, ankle[1] + x*s + side*c}
}

// measure feeds the quality meter: for each foot the walk cycle has planted,
// the gap of its lowest sole point (heel, ankle, toe) above the terrain, from
// a vertical ray of the meter's own; foot slip; body pop; joint pop; knee
// bend flips; NaN.
func (s *walkScene) measure(dt float64) {
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
	def := r.Def()
	for i := 0; i < def.NumBones(); i++ {
		a, b := r.Joint(i)
		m.Finite(a[0])
		m.Finite(a[1])
		m.Finite(b[0])
		m.Finite(b[1])
		m.JointPop(s.joints[i].Step(r.LocalAngle(i)))
	}
	d := s.body.Step(r.BodyOffset[1])
	m.BodyPop(d)
	if dt > 0 {
		s.popPerS = math.Max(s.popPerS, d/dt)
		hip, _ := r.Joint(s.legs[0][0])
		s.pelvisV = math.Max(s.pelvisV, s.pelvis.Step(hip[1])/dt)
	}
	for i := 0; i < 2; i++ {
		spec := s.gr.LegSpec(i)
		ids := s.legs[i]
		hip, _ := r.Joint(ids[0])
		knee, _ := r.Joint(ids[1])
		ankle, _ := r.Joint(ids[2])
		s.bend[i].Track(m, hip, knee, ankle, 0.5)
		planted := s.walk.Planted(1-i, r.Time) && s.walk.Amount() > 0
		minGap, ok := math.Inf(1), false
		for _, x := range [3]float64{-spec.Heel, 0, spec.Toe} {
			p := solePoint(r, ids[2], x, spec.AnkleHeight)
			h := s.world.SurfaceBelow(p[0], p[1]-walkContact, p[1]+walkContact)
			if h.OK {
				ok = true
				minGap = math.Min(minGap, h.Point[1]-p[1])
			}
		}
		if planted && ok && !s.gr.DisableFeet {
			m.Contact(minGap)
		}
		s.stance[i].Track(m, planted && ok, ankle)
	}
}

func (s *walkScene) Draw(screen *ebiten.Image, ctx *Context) {
	var op ebiten.DrawImageOptions
	screen.DrawImage(s.sky.Image, &op)
	look := terrainLook(s.camera)
	s.world.Draw(screen, &look)
	s.rig.Draw(screen, &ikanim.DrawOptions{DrawImageOptions: ebiten.DrawImageOptions{GeoM: s.camera, Filter: ebiten.FilterLinear}})
	if ctx.Debug {
		s.rig.DrawDebug(screen, &ikanim.DebugOptions{Camera: s.camera, HideLimits: true})
		s.gr.DrawDebug(screen, &s.camera)
	}
	on := func(b bool) string {
		if b {
			return "on"
		}
		return "off"
	}
	ebitenutil.DebugPrintAt(screen, fmt.Sprintf("foot IK %s (F)  centroid %s (C)  heel+toe %s (H)  body %.1f px  x %.0f",
		on(!s.gr.DisableFeet), on(!s.gr.DisableBody), on(s.gr.HeelToe), s.gr.Body(), s.rig.Position[0]), 6, 24)
	for i := 0; i < 2; i++ {
		c := s.gr.Leg(i)
		ebitenutil.DebugPrintAt(screen, fmt.Sprintf("%s: grounded %v planted %v offset %+.1f px angle %+.1f deg",
			[]string{"far leg ", "near leg"}[i], c.Grounded, c.Planted, c.Offset, c.Angle*180/math.Pi), 6, 40+16*i)
	}
}

func (s *walkScene) Panel(ui *debugui.Context) {
	ui.Text("walk speed (px/s)")
	ui.SliderF(&s.speed, 0, 140, 5, 0)
	ui.Checkbox(&s.gr.HeelToe, "heel + toe rays")
	ui.Checkbox(&s.gr.DisableFeet, "foot IK off")
	ui.Checkbox(&s.gr.DisableBody, "centroid off")
	ui.Header("Grounder", true, func() {
		ui.Text("ray up / down (px)")
		ui.SliderF(&s.gr.RayUp, 5, 100, 1, 0)
		ui.SliderF(&s.gr.RayDown, 5, 120, 1, 0)
		ui.Text("max step (px)")
		ui.SliderF(&s.gr.MaxStep, 5, 80, 1, 0)
		ui.Text("max foot angle (deg)")
		ui.SliderF(&s.maxFootDeg, 0, 80, 1, 0)
		ui.Text("foot speed (1/s, 0 = none)")
		ui.SliderF(&s.gr.FootSpeed, 0, 60, 1, 0)
	})
	ui.Header("Centroid", true, func() {
		ui.Text("body speed (1/s)")
		ui.SliderF(&s.gr.BodySpeed, 1, 60, 1, 0)
		ui.Text("body max speed (px/s, 0 = none)")
		ui.SliderF(&s.gr.BodyMaxSpeed, 0, 300, 5, 0)
		ui.Text("max lower (px)")
		ui.SliderF(&s.gr.MaxLower, 1, 60, 1, 0)
	})
}
