package sim

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim"
	"github.com/ikanim/kit/ikanim/quality"
	"github.com/ikanim/kit/terrain"
)

// Aim scene tunables.
const (
	aimSpeed    = 45.0 // px/s
	aimMinX     = 200.0
	aimMaxX     = 1080.0
	AimCrateX   = 640.0 // the crate the gem lies on, centred here on the ground
	AimCrateTop = FlatGroundY - 24
	aimReachFor = 1.4  // s the hand stays on the gem before carrying it
	aimAccel    = 60.0 // px/s^2: starting and stopping
	aimReachDur = 0.8  // s the hand takes to the gem (Reacher.Duration)
	aimGemWait  = 3.0  // s after a pick-up before the next one
	aimGemBack  = 6.0  // s the gem is carried before it is back on the crate
	// AimGunLength is the weapon's length beyond the main wrist along the
	// aim, px (Aimer.Muzzle; the demo draws it).
	AimGunLength = 30.0
	// AimWallX is the near face of the wall at the right end of the walk,
	// 20 px past where the character turns (aimMaxX): walking up to it and
	// aiming ahead pulls the weapon in (Aimer.Solids); AimWallWidth and
	// AimWallHeight are its size, px.
	AimWallX      = aimMaxX + 20
	AimWallWidth  = 60.0
	AimWallHeight = 220.0
)

// Aim is the aim scene: the humanoid walks back and forth on flat ground
// aiming a two-handed weapon (Aimer) at a target, by default one drifting
// ahead of it on a slow figure, or the player's (SetTarget); it stops at the
// crate, lowers the weapon, picks up the gem with the far arm (Reacher,
// crouching), carries it a while, and the gem is back on the crate. At the
// right end of its walk stands a wall: the aimer keeps the weapon and the
// arms out of it (Aimer.Solids, Muzzle AimGunLength), pulling the weapon in
// as the character walks up to it.
type Aim struct {
	World    *terrain.World
	Rig      *ikanim.Rig
	Grounder *ikanim.Grounder
	Aimer    *ikanim.Aimer
	Reacher  *ikanim.Reacher
	Cycle    *ikanim.WalkCycle
	Follower *ikanim.GroundFollower
	// Width and Height are the world's size, px.
	Width, Height float64

	t         float64
	dir       float64
	speed     float64 // px/s, current
	target    mgl64.Vec2
	player    bool // the target is the player's
	gem       mgl64.Vec2
	carried   bool
	reaching  float64 // seconds into the current pick-up (0 = not picking)
	pickedAt  float64 // scene time of the last pick-up
	picks     int
	turned    bool
	turnShows bool // the aimer turned round in the last frame: its turn shows in this one

	meter  quality.Meter
	bend   [4]quality.Bend
	limbs  [4]limb // legs far, near; arms far, near
	pops   []quality.AngleDelta
	body   quality.Delta
	aimErr float64 // largest forearm-to-aim-line angle with the aim fully on, rad
	frame  int
	worst  float64 // largest joint pop, degrees, and its frame and bone
	worstF int
	worstB int
}

// NewAim builds the aim scene.
func NewAim(art Art) (*Aim, error) {
	world, err := flatWorld()
	if err != nil {
		return nil, err
	}
	if _, err := world.AddBox(AimWallX, FlatGroundY-AimWallHeight, AimWallWidth, AimWallHeight, terrain.TagWall); err != nil {
		return nil, err
	}
	def, err := art.bipedDef()
	if err != nil {
		return nil, err
	}
	r, err := ikanim.NewRig(def)
	if err != nil {
		return nil, err
	}
	s := &Aim{World: world, Rig: r, Cycle: &ikanim.WalkCycle{}, dir: 1, Width: flatWidth, Height: flatHeight}
	r.Source = s.Cycle
	if s.Follower, err = ikanim.NewGroundFollower(r, world); err != nil {
		return nil, err
	}
	if s.Grounder, err = ikanim.NewGrounder(r, world, ikanim.BipedGrounderLegs()...); err != nil {
		return nil, err
	}
	if s.Aimer, err = ikanim.NewBipedAimer(r); err != nil {
		return nil, err
	}
	s.Aimer.Solids, s.Aimer.Muzzle = world, AimGunLength
	if s.Reacher, err = ikanim.NewReacher(r, ikanim.LimbArmFar); err != nil {
		return nil, err
	}
	// The default ReachFraction (0.9) leaves the reach's soft limit room
	// between it and the full reach, so the elbow straightens no faster
	// than the crouch brings the gem in.
	s.Reacher.MaxCrouch, s.Reacher.CrouchSpeed, s.Reacher.Duration = 40, 4, aimReachDur
	// The reacher runs before the aimer, so the aim sees the crouched
	// shoulder; the aimer leaves the far arm to the reacher (OneHanded)
	// while the gem is picked up and carried.
	r.Add(s.Follower, s.Grounder, s.Reacher, s.Aimer)
	r.Teleport(mgl64.Vec2{aimMinX + 100, FlatGroundY})
	s.pops = make([]quality.AngleDelta, def.NumBones())
	s.limbs = [4]limb{bipedLegFar(def), bipedLegNear(def), bipedArmFar(def), bipedArmNear(def)}
	s.resetGem()
	return s, nil
}

// resetGem puts the gem back on top of the crate.
func (s *Aim) resetGem() {
	s.gem = mgl64.Vec2{AimCrateX, AimCrateTop - 5}
	s.carried = false
}

// SetTarget makes p (world) the target the character aims at and walks
// toward (when it is more than 40 px behind), until ReleaseTarget.
func (s *Aim) SetTarget(p mgl64.Vec2) { s.target, s.player = p, true }

// ReleaseTarget gives the target back to the scene's script.
func (s *Aim) ReleaseTarget() { s.player = false }

// Target returns the point aimed at in the last frame.
func (s *Aim) Target() mgl64.Vec2 { return s.target }

// Gem returns where the gem is, and whether the character carries it.
func (s *Aim) Gem() (pos mgl64.Vec2, carried bool) { return s.gem, s.carried }

// Reaching reports whether a pick-up is under way.
func (s *Aim) Reaching() bool { return s.reaching > 0 }

// Picks returns how many times the gem was picked up.
func (s *Aim) Picks() int { return s.picks }

// Time returns the scene's time, s.
func (s *Aim) Time() float64 { return s.t }

// Step advances the scene by dt and measures the frame.
func (s *Aim) Step(dt float64) {
	s.Advance(dt)
	s.measure()
}

// Advance runs one frame of the scene's script and the rig's Update,
// without measuring.
func (s *Aim) Advance(dt float64) {
	s.t += dt
	r := s.Rig
	// Walking speed eases in and out at aimAccel (a stop or a start changes
	// the stride over time instead of snapping the legs to a stand), and
	// slows to a stop exactly at the crate when the gem is there.
	goal := AimCrateX - s.dir*24
	togo := (goal - r.Position[0]) * s.dir
	wantGem := !s.carried && s.t-s.pickedAt > aimGemWait && s.reaching == 0
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
		s.Aimer.Weight = 0
		s.Reacher.Target, s.Reacher.Active = s.gem, true
		if s.Reacher.Reached() && s.reaching > aimReachFor {
			s.carried, s.reaching, s.pickedAt = true, 0, s.t
			s.picks++
			s.Reacher.Active = false
		}
	} else {
		s.Aimer.Weight = 1
		s.Reacher.Active = false
	}

	if s.reaching == 0 {
		if r.Position[0] >= aimMaxX {
			s.dir = -1
		} else if r.Position[0] <= aimMinX {
			s.dir = 1
		}
	}
	if !s.player {
		// A target drifting ahead of the character on a slow figure (ahead
		// the way it walks from this frame on: a target left behind at a
		// turn of the walk would make the aimer turn the character back,
		// every frame).
		s.target = mgl64.Vec2{
			r.Position[0] + s.dir*(150+60*math.Sin(s.t*0.7)),
			FlatGroundY - 90 - 70*math.Sin(s.t*1.3),
		}
	}
	step := speed * dt
	if wantGem && togo >= 0 && step > togo {
		step = togo
	}
	s.speed = speed
	r.Position[0] += s.dir * step
	if (s.dir > 0) != (r.Facing == ikanim.FacingRight) {
		s.turned = true
	}
	if s.dir > 0 {
		r.Facing = ikanim.FacingRight
	} else {
		r.Facing = ikanim.FacingLeft
	}
	if s.carried && s.t-s.pickedAt > aimGemBack {
		s.resetGem()
	}
	s.Aimer.OneHanded = s.reaching > 0 || s.carried || s.Reacher.Weight() > 0
	s.Aimer.Target = s.target
	turns := s.Aimer.Turns()
	r.Update(dt)
	if s.Aimer.Turns() != turns {
		// The aimer turned round to a target behind (Aimer.Turn): walk
		// the way it now faces.
		s.dir, s.turned = r.Facing.Sign(), true
	}
	if s.carried {
		_, hand := r.Joint(s.limbs[2][2])
		s.gem = hand
	}
}

// measure: forearm-to-aim-line error while the aim is fully on, reach error
// when the hand has reached, contact gap of planted feet (the meter's own
// rays), body pop, joint pop (a turn round is a new pose, not a pop), knee
// and elbow bend flips, NaN.
func (s *Aim) measure() {
	r, m := s.Rig, &s.meter
	m.Frame()
	s.frame++
	if s.turned || s.turnShows {
		// The aimer's turn, set in this frame's Update, shows from the
		// next frame (the rig poses and draws in the facing it had when
		// the frame began): both frames start the pops afresh.
		s.turnShows = s.turned
		s.turned = false
		resetPops(s.pops)
		for i := range s.bend {
			s.bend[i].Reset()
		}
	}
	rigFinite(m, r)
	if d, b := jointPops(m, r, s.pops); d*180/math.Pi > s.worst {
		s.worst, s.worstF, s.worstB = d*180/math.Pi, s.frame, b
	}
	m.BodyPop(s.body.Step(r.BodyOffset[1]))
	if r.Limb(ikanim.LimbArmNear).CurrentWeight() == 1 {
		sh, elbow, _ := s.limbs[3].joints(r)
		// The aimer clamps the aim; measure against the clamped aim point.
		dist := s.Aimer.Target.Sub(sh).Len()
		a := s.Aimer.AimAngle()
		t := sh.Add(mgl64.Vec2{math.Cos(a), math.Sin(a)}.Mul(dist))
		e := math.Abs(math.Remainder(r.BoneAngle(s.limbs[3][1])-math.Atan2(t[1]-elbow[1], t[0]-elbow[0]), 2*math.Pi))
		s.aimErr = math.Max(s.aimErr, e)
	}
	if s.Reacher.Reached() {
		_, _, hand := s.limbs[2].joints(r)
		m.ReachError(hand.Sub(s.Reacher.Target).Len())
	}
	for i, l := range s.limbs {
		l.trackBend(m, r, &s.bend[i])
		if i >= 2 {
			continue
		}
		if planted := s.Cycle.Planted(1-i, r.Time) || s.Cycle.Amount() == 0; !planted {
			continue
		}
		if gap, ok := soleGap(s.World, r, l[2], s.Grounder.LegDef(i)); ok {
			m.Contact(gap)
		}
	}
}

// Flush implements Scene: the aim scene tracks no stances.
func (s *Aim) Flush() {}

// Meter implements Scene.
func (s *Aim) Meter() *quality.Meter { return &s.meter }

// Extra implements Scene.
func (s *Aim) Extra() map[string]float64 {
	return map[string]float64{"aim_error_max_rad": s.aimErr, "pickups": float64(s.picks)}
}

// Focus implements Scene: between the character and its target.
func (s *Aim) Focus() mgl64.Vec2 {
	return mgl64.Vec2{s.Rig.Position[0] + s.dir*60, FlatGroundY - 70}
}
