package main

import (
	"fmt"
	"image/color"
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
		Name:    "aim",
		Summary: "aiming a two-handed weapon at the mouse or a moving target while walking; picking up a gem",
		New:     newAimScene,
	})
}

const (
	aimSpeed    = 45.0 // px/s
	aimMinX     = 200.0
	aimMaxX     = 1080.0
	aimCrateX   = 640.0
	aimZoom     = 2.0
	aimGunLen   = 30.0 // px of gun drawn along the aim line from the grip
	aimReachFor = 1.4  // s the hand stays on the gem before carrying it
	aimAccel    = 60.0 // px/s^2: starting and stopping
	aimReachDur = 0.8  // s the hand takes to the gem (Reacher.Duration)
)

type aimScene struct {
	world  *terrain.World
	rig    *ikanim.Rig
	gr     *ikanim.Grounder
	aim    *ikanim.Aimer
	reach  *ikanim.Reacher
	walk   *ikanim.WalkCycle
	follow ikanim.GroundFollower
	sky    ikanim.Sprite
	crate  ikanim.Sprite
	gem    ikanim.Sprite
	marker ikanim.Sprite
	camera ebiten.GeoM
	camX   float64

	t        float64
	dir      float64
	speed    float64 // px/s, current
	target   mgl64.Vec2
	gemPos   mgl64.Vec2
	carried  bool
	reaching float64 // seconds into the current pick-up (0 = not picking)
	pickedAt float64 // scene time of the last pick-up
	picks    int

	meter  quality.Meter
	bend   [4]quality.Bend
	joints []quality.AngleDelta
	body   quality.Delta
	aimErr float64 // largest forearm-to-aim-line angle with the aim fully on, rad
}

func newAimScene(ctx *Context) (Scene, error) {
	world, err := terrain.Scene("flat")
	if err != nil {
		return nil, err
	}
	def, err := newHumanoid()
	if err != nil {
		return nil, err
	}
	s := &aimScene{world: world, dir: 1}
	for _, p := range []struct {
		dst  *ikanim.Sprite
		name string
	}{{&s.sky, "bg/sky"}, {&s.crate, "prop/crate"}, {&s.gem, "prop/gem"}, {&s.marker, "ui/target"}} {
		if *p.dst, err = sprite(p.name); err != nil {
			return nil, err
		}
	}
	s.rig = ikanim.NewRig(def)
	s.rig.Position = mgl64.Vec2{aimMinX + 100, terrain.SceneGroundY}
	s.walk = &ikanim.WalkCycle{}
	s.rig.Source = s.walk
	if s.gr, err = ikanim.NewGrounder(def, world, ikanim.BipedGrounderLegs()...); err != nil {
		return nil, err
	}
	s.gr.HeelToe = true
	if s.aim, err = ikanim.NewBipedAimer(def); err != nil {
		return nil, err
	}
	if s.reach, err = ikanim.NewReacher(def, ikanim.LimbArmFar); err != nil {
		return nil, err
	}
	// The default ReachFraction (0.9) leaves the reach's soft limit room
	// between it and the full reach, so the elbow straightens no faster
	// than the crouch brings the gem in.
	s.reach.MaxCrouch, s.reach.CrouchSpeed, s.reach.Duration = 40, 4, aimReachDur
	// The reacher runs before the aimer, so the aim sees the crouched
	// shoulder; the aimer leaves the far arm to the reacher (OneHanded)
	// while the gem is picked up and carried.
	s.rig.AddController(s.gr)
	s.rig.AddController(s.reach)
	s.rig.AddController(s.aim)
	s.follow = ikanim.GroundFollower{Ground: world}
	s.joints = make([]quality.AngleDelta, def.NumBones())
	s.resetGem()
	s.camX = s.rig.Position[0]
	return s, nil
}

// resetGem puts the gem back on top of the crate.
func (s *aimScene) resetGem() {
	s.gemPos = mgl64.Vec2{aimCrateX, terrain.SceneGroundY - 24 - 5}
	s.carried = false
}

func (s *aimScene) Help() string {
	return "aims at the mouse (or a moving target when the mouse rests); stops at the crate to pick up the gem"
}

func (s *aimScene) Meter() *quality.Meter { return &s.meter }

// Extra implements extraMetrics.
func (s *aimScene) Extra() map[string]float64 {
	return map[string]float64{"aim_error_max_rad": s.aimErr, "pickups": float64(s.picks)}
}

func (s *aimScene) inverse() ebiten.GeoM {
	inv := s.camera
	inv.Invert()
	return inv
}

func (s *aimScene) Update(ctx *Context) error {
	dt := ctx.Dt
	s.t += dt
	r := s.rig
	// Walking speed eases in and out at aimAccel (a stop or a start changes
	// the stride over time instead of snapping the legs to a stand), and
	// slows to a stop exactly at the crate when the gem is there.
	goal := aimCrateX - s.dir*24
	togo := (goal - r.Position[0]) * s.dir
	wantGem := !s.carried && s.t-s.pickedAt > 3 && s.reaching == 0
	speed := math.Min(aimSpeed, s.speed+aimAccel*dt)
	if wantGem && togo >= 0 && togo < aimSpeed {
		speed = math.Min(speed, math.Sqrt(2*aimAccel*togo))
		if togo < 1e-3 {
			s.reaching = dt
		}
	}

	// Picking up: stop at the crate, lower the weapon, reach, carry.
	if s.reaching > 0 {
		speed = 0
		s.reaching += dt
		s.aim.Weight = 0
		s.reach.Target, s.reach.Active = s.gemPos, true
		if s.reach.Reached(r) && s.reaching > aimReachFor {
			s.carried, s.reaching, s.pickedAt = true, 0, s.t
			s.picks++
			s.reach.Active = false
		}
	} else {
		s.aim.Weight = 1
		s.reach.Active = false
	}

	// Walking back and forth (toward the mouse when it is in use).
	if !ctx.MouseIdle && !ctx.UIHasPointer {
		inv := s.inverse()
		x, y := inv.Apply(ctx.Mouse[0], ctx.Mouse[1])
		s.target = mgl64.Vec2{x, y}
		if d := x - r.Position[0]; math.Abs(d) > 40 && s.reaching == 0 {
			s.dir = math.Copysign(1, d)
		}
	} else {
		// A target drifting ahead of the character on a slow figure.
		s.target = mgl64.Vec2{
			r.Position[0] + s.dir*(150+60*math.Sin(s.t*0.7)),
			terrain.SceneGroundY - 90 - 70*math.Sin(s.t*1.3),
		}
	}
	if s.reaching == 0 {
		if r.Position[0] >= aimMaxX {
			s.dir = -1
		} else if r.Position[0] <= aimMinX {
			s.dir = 1
		}
	}
	step := speed * dt
	if wantGem && togo >= 0 && step > togo {
		step = togo
	}
	s.speed = speed
	r.Position[0] += s.dir * step
	if (s.dir > 0) != (r.Facing == ikanim.FacingRight) {
		// Turning round: a new pose, not a pop.
		for i := range s.joints {
			s.joints[i] = quality.AngleDelta{}
		}
		for i := range s.bend {
			s.bend[i].Reset()
		}
	}
	if s.dir > 0 {
		r.Facing = ikanim.FacingRight
	} else {
		r.Facing = ikanim.FacingLeft
	}
	if s.carried && s.t-s.pickedAt > 6 {
		s.resetGem()
	}
	s.aim.OneHanded = s.reaching > 0 || s.carried || s.reach.Weight() > 0
	r.TimeScale = s.walk.Drive(speed)
	s.gr.Idle = speed == 0
	s.aim.Target = s.target
	s.follow.Follow(r, dt)
	r.Update(dt)
	if s.carried {
		_, hand := r.Joint(r.Def().BoneIndex(ikanim.BoneHandFar))
		s.gemPos = hand
	}
	s.measure()

	k := 1 - math.Exp(-3*dt)
	s.camX += (r.Position[0] - s.camX) * k
	s.camera.Reset()
	s.camera.Translate(-s.camX, -(terrain.SceneGroundY - 70))
	s.camera.Scale(aimZoom, aimZoom)
	s.camera.Translate(float64(ctx.Width)/2, float64(ctx.Height)/2)
	return nil
}

// measure: forearm-to-aim-line error while the aim is fully on, reach error
// when the hand has reached, contact of planted feet (the meter's own ray),
// body pop, joint pop, knee and elbow bend flips, NaN.
func (s *aimScene) measure() {
	r, m := s.rig, &s.meter
	def := r.Def()
	m.Frame()
	for i := 0; i < def.NumBones(); i++ {
		a, b := r.Joint(i)
		m.Finite(a[0])
		m.Finite(a[1])
		m.Finite(b[0])
		m.Finite(b[1])
		m.JointPop(s.joints[i].Step(r.LocalAngle(i)))
	}
	m.BodyPop(s.body.Step(r.BodyOffset[1]))
	fore := def.BoneIndex(ikanim.BoneForearmNear)
	if r.Limb(ikanim.LimbArmNear).CurrentWeight() == 1 {
		elbow, _ := r.Joint(fore)
		// The aimer clamps the aim; measure against the clamped aim point.
		t := s.aim.Target
		sh, _ := r.Joint(def.BoneIndex(ikanim.BoneUpperArmNear))
		dist := t.Sub(sh).Len()
		a := s.aim.AimAngle()
		t = sh.Add(mgl64.Vec2{math.Cos(a), math.Sin(a)}.Mul(dist))
		e := math.Abs(math.Remainder(r.BoneAngle(fore)-math.Atan2(t[1]-elbow[1], t[0]-elbow[0]), 2*math.Pi))
		s.aimErr = math.Max(s.aimErr, e)
	}
	if s.reach.Reached(r) {
		_, hand := r.Joint(def.BoneIndex(ikanim.BoneForearmFar))
		m.ReachError(hand.Sub(s.reach.Target).Len())
	}
	names := [4][3]string{
		{ikanim.BoneThighFar, ikanim.BoneShinFar, ikanim.BoneFootFar},
		{ikanim.BoneThighNear, ikanim.BoneShinNear, ikanim.BoneFootNear},
		{ikanim.BoneUpperArmFar, ikanim.BoneForearmFar, ikanim.BoneHandFar},
		{ikanim.BoneUpperArmNear, ikanim.BoneForearmNear, ikanim.BoneHandNear},
	}
	for i, n := range names {
		a, _ := r.Joint(def.BoneIndex(n[0]))
		b, _ := r.Joint(def.BoneIndex(n[1]))
		c, _ := r.Joint(def.BoneIndex(n[2]))
		s.bend[i].Track(m, a, b, c, 0.5)
		if i >= 2 {
			continue
		}
		planted := s.walk.Planted(1-i, r.Time) || s.walk.Amount() == 0
		if !planted {
			continue
		}
		spec := s.gr.LegSpec(i)
		gap := math.Inf(1)
		for _, x := range [3]float64{-spec.Heel, 0, spec.Toe} {
			p := solePoint(r, def.BoneIndex(n[2]), x, spec.AnkleHeight)
			if h := s.world.SurfaceBelow(p[0], p[1]-walkContact, p[1]+walkContact); h.OK {
				gap = math.Min(gap, h.Point[1]-p[1])
			}
		}
		if !math.IsInf(gap, 1) {
			m.Contact(gap)
		}
	}
}

var gunColor = color.RGBA{40, 40, 48, 255}

func (s *aimScene) Draw(screen *ebiten.Image, ctx *Context) {
	var op ebiten.DrawImageOptions
	screen.DrawImage(s.sky.Image, &op)
	look := terrainLook(s.camera)
	s.world.Draw(screen, &look)
	draw := func(sp ikanim.Sprite, p mgl64.Vec2) {
		var o ebiten.DrawImageOptions
		o.GeoM = sp.Placement(p, 0, false, 1)
		o.GeoM.Concat(s.camera)
		o.Filter = ebiten.FilterLinear
		screen.DrawImage(sp.Image, &o)
	}
	draw(s.crate, mgl64.Vec2{aimCrateX, terrain.SceneGroundY - 12})
	r := s.rig
	r.Draw(screen, &ikanim.DrawOptions{DrawImageOptions: ebiten.DrawImageOptions{GeoM: s.camera, Filter: ebiten.FilterLinear}})
	// The gun: from behind the grip along the forearm, while aiming.
	if w := r.Limb(ikanim.LimbArmNear).CurrentWeight(); w > 0.5 {
		_, grip := r.Joint(r.Def().BoneIndex(ikanim.BoneForearmNear))
		a := r.BoneAngle(r.Def().BoneIndex(ikanim.BoneForearmNear))
		d := mgl64.Vec2{math.Cos(a), math.Sin(a)}
		ikanim.DebugLine(screen, &s.camera, grip.Sub(d.Mul(6)), grip.Add(d.Mul(aimGunLen)), 3, gunColor)
	}
	draw(s.gem, s.gemPos)
	if s.reaching == 0 {
		draw(s.marker, s.target)
	}
	if ctx.Debug {
		r.DrawDebug(screen, &ikanim.DebugOptions{Camera: s.camera, HideLimits: true})
		s.gr.DrawDebug(screen, &s.camera)
	}
	ebitenutil.DebugPrintAt(screen, fmt.Sprintf("aim weight %.2f  reach weight %.2f  crouch %.1f px  gems picked %d",
		r.Limb(ikanim.LimbArmNear).CurrentWeight(), s.reach.Weight(), s.reach.Crouch(), s.picks), 6, 24)
}

func (s *aimScene) Panel(ui *debugui.Context) {
	ui.Text("look weight")
	ui.SliderF(&s.aim.LookWeight, 0, 1, 0.05, 2)
	ui.Text("arm reach (share of full)")
	ui.SliderF(&s.aim.Reach, 0.3, 0.98, 0.01, 2)
	ui.Text("barrel hand offset (px)")
	ui.SliderF(&s.aim.Support[0], 0, 16, 1, 0)
	ui.Text("max crouch (px)")
	ui.SliderF(&s.reach.MaxCrouch, 1, 60, 1, 0)
}
