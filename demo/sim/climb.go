package sim

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim"
	"github.com/ikanim/kit/ikanim/quality"
	"github.com/ikanim/kit/terrain"
)

// climb.json geometry: the floor at y=600; the wall's face at x=760 from the
// floor up to its top at y=200; a platform (the ledge) from x=360 to 520 at
// y=300.
const (
	ClimbFloorY  = 600.0
	ClimbWallX   = 760.0
	ClimbWallTop = 200.0
	climbStartX  = 660.0
	climbSpeed   = 40.0  // px/s up the wall
	climbTopEndX = 960.0 // where the walk on the top stops
	climbTopTime = 6.0   // s on the top before starting over
)

// ClimbMode is the climber's part of the climb scene.
type ClimbMode int

const (
	ClimbWalk   ClimbMode = iota // walking to the wall
	ClimbClimb                   // climbing its face
	ClimbMantle                  // hanging from the top, pulling up, standing on it
	ClimbTop                     // walking on along the top
)

func (m ClimbMode) String() string {
	return [...]string{"walk", "climb", "mantle", "top"}[m]
}

// Climb is the climb scene: the climber walks to the wall of climb.json,
// climbs its face, puts its hands over the outer corner, hangs from the top,
// mantles onto it, walks on and starts over; the swinger hangs from the
// ledge; a third goes round and round the floating block below its top:
// down a side, round its bottom outer corner, along its underside by its
// hands, round the far bottom corner (turning round) and up the far face,
// then down it the other way (UnderRig). Each mode adds its controllers to
// the climber's rig and removes the others'.
type Climb struct {
	World    *terrain.World
	Rig      *ikanim.Rig // the climber
	Cycle    *ikanim.WalkCycle
	Grounder *ikanim.Grounder
	Follower *ikanim.GroundFollower
	Climber  *ikanim.Climber
	Mantler  *ikanim.Mantler
	Swinger  *ikanim.Rig // hangs from the ledge
	Hanger   *ikanim.Hanger
	// Scarves are the climber's and the swinger's scarves.
	Scarves [2]*ikanim.SpringBones
	// Width and Height are the level's size, px.
	Width, Height float64
	// ClimbClip is one cycle of the climbing cycle recorded as a clip
	// (ikanim.RecordClip) when the scene is built. With FromClip the
	// climber climbs from it, the article's way (Climber.FromPose: the
	// clip's hands and feet cast onto the wall), instead of its own cycle:
	// the rig's Source is then ClipState, which crossfades from the
	// standing walk cycle to the clip as the climb starts and back once
	// the mantle is done.
	ClimbClip *ikanim.Clip
	ClipState *ikanim.AnimState
	FromClip  bool

	mode   ClimbMode
	modeT  float64
	climbs int

	meter  quality.Meter
	holds  []quality.Stance
	bend   [4]quality.Bend
	limbs  [4]limb // arms near, far; legs near, far (the climber's order)
	pops   []quality.AngleDelta
	frame  int
	worst  climbPop
	topped bool       // the first frame on the top was checked
	top    ClimbStand // what that check found
	distE  float64    // largest chest-to-wall distance error while climbing, px
	grips  float64    // largest hand-to-grip distance while hanging, px
	corner int        // frames with both hands over the corner

	solids quality.Solids // the level's solids, the meter's own copy
	// pen is the deepest point inside the level's solids of any bone of the
	// climber (every bone segment sampled every 1 px), per mode; penAt
	// where it was.
	pen   [4]float64
	penAt [4]climbPen

	under *under // the one going round the floating block's bottom corner
}

// climbPen is where a climber's bone went deepest into the level's solids.
type climbPen struct {
	Frame, Bone int
	ModeT       float64
}

// climbLimbs are the climber's limbs in the order of NewBipedClimber.
var climbLimbs = [4]string{ikanim.LimbArmNear, ikanim.LimbArmFar, ikanim.LimbLegNear, ikanim.LimbLegFar}

// climbPop is the largest joint pop: its size, frame, bone and mode.
type climbPop struct {
	Deg         float64
	Frame, Bone int
	Mode        ClimbMode
}

// ClimbStand is where the climber stood on its first frame on the top of
// the wall, measured with rays of the meter's own.
type ClimbStand struct {
	// SoleGap is each foot's sole height above the surface under its ankle,
	// px (NaN when no surface was found); Surface the height of that
	// surface (y).
	SoleGap, Surface [2]float64
	// Hip is the near hip joint.
	Hip mgl64.Vec2
}

// NewClimb builds the climb scene.
func NewClimb(art Art) (*Climb, error) {
	world, width, height, err := level("climb.json")
	if err != nil {
		return nil, err
	}
	def, err := art.scarfBipedDef()
	if err != nil {
		return nil, err
	}
	s := &Climb{World: world, Cycle: &ikanim.WalkCycle{}, Width: width, Height: height}
	if s.Rig, err = ikanim.NewRig(def); err != nil {
		return nil, err
	}
	r := s.Rig
	if s.Grounder, err = ikanim.NewGrounder(r, world, ikanim.BipedGrounderLegs()...); err != nil {
		return nil, err
	}
	if s.Follower, err = ikanim.NewGroundFollower(r, world); err != nil {
		return nil, err
	}
	if s.Climber, err = ikanim.NewBipedClimber(r, world); err != nil {
		return nil, err
	}

	// Spelled out so a tuning panel shows real values.
	s.Climber.Distance, s.Climber.Stride, s.Climber.CornerSteps = ikanim.DefaultClimbDistance, ikanim.DefaultClimbStride, ikanim.DefaultCornerSteps
	if s.Mantler, err = ikanim.NewBipedMantler(r); err != nil {
		return nil, err
	}
	s.Mantler.Edge = mgl64.Vec2{ClimbWallX, ClimbWallTop}
	s.Mantler.Ground = world // the hang never goes below the floor
	// The walk cycle stays the pose source in every mode (at speed 0 it is
	// the standing pose the controllers bend), so no switch jumps.
	r.Source = s.Cycle
	// Room for every mode's controllers, so switching modes never allocates.
	r.Add(s.Follower, s.Mantler, s.Grounder, s.Climber)
	r.Remove(s.Mantler)
	r.Remove(s.Climber)
	if s.Scarves[0], err = addScarf(r, world); err != nil {
		return nil, err
	}
	r.Teleport(mgl64.Vec2{climbStartX, ClimbFloorY})

	if s.Swinger, err = ikanim.NewRig(def); err != nil {
		return nil, err
	}
	if s.Hanger, err = ikanim.NewBipedHanger(s.Swinger); err != nil {
		return nil, err
	}
	h := s.Hanger
	h.Ledge, h.Active, h.Swing, h.SwingPeriod = mgl64.Vec2{362, 301}, true, 0.35, 2.2
	s.Swinger.Facing = ikanim.FacingLeft
	s.Swinger.Add(h)
	if s.Scarves[1], err = addScarf(s.Swinger, world); err != nil {
		return nil, err
	}

	if s.ClimbClip, err = bakeClimbClip(def, world); err != nil {
		return nil, err
	}
	if s.ClipState, err = ikanim.NewAnimState(def, 1); err != nil {
		return nil, err
	}
	for _, m := range [][2]ikanim.PoseSource{{s.Cycle, s.ClimbClip}, {s.ClimbClip, s.Cycle}} {
		if err := s.ClipState.SetMix(m[0], m[1], climbClipMix); err != nil {
			return nil, err
		}
	}
	s.solids = worldSolids(world)
	if s.under, err = newUnder(def, s); err != nil {
		return nil, err
	}
	s.holds = make([]quality.Stance, s.Climber.NumLimbs())
	s.pops = make([]quality.AngleDelta, bipedBones) // the scarf's springs are not joints
	s.limbs = [4]limb{bipedArmNear(def), bipedArmFar(def), bipedLegNear(def), bipedLegFar(def)}
	return s, nil
}

// Mode returns the climber's mode and how long it has been in it, s.
func (s *Climb) Mode() (ClimbMode, float64) { return s.mode, s.modeT }

// Climbs returns how many climbs have started.
func (s *Climb) Climbs() int { return s.climbs }

// setMode switches the climber to mode m; the bend sides and the holds
// start over.
func (s *Climb) setMode(m ClimbMode) {
	s.mode, s.modeT = m, 0
	// While climbing, the climbing limbs' targets stop in front of the
	// wall: the Climber sets their Limb.Solids to its ground, and Handoff
	// clears them for the mantle, which pulls the hands over the top's
	// corner, where the line from the shoulder would cut it.
	for i := range s.bend {
		s.bend[i].Reset()
	}
	for i := range s.holds {
		s.holds[i].Flush(&s.meter)
	}
}

// restart puts the climber, on the top, back at the start: a teleport, so
// the joint pop trackers start over.
func (s *Climb) restart() {
	s.Rig.Teleport(mgl64.Vec2{climbStartX, ClimbFloorY})
	s.Rig.Source = s.Cycle
	s.Follower.Reset()
	s.setMode(ClimbWalk)
	resetPops(s.pops)
}

// Step advances the scene by dt and measures the frame.
func (s *Climb) Step(dt float64) {
	s.Advance(dt)
	s.measure()
}

// Advance runs the climber's script for dt (walk to the wall, climb, mantle,
// walk on, start over) and both rigs' Updates, without measuring.
func (s *Climb) Advance(dt float64) {
	r := s.Rig
	s.modeT += dt
	switch s.mode {
	case ClimbWalk:
		// Stand a second, ease into a walk, slow down to a stop with the
		// chest at the climbing distance.
		goal := ClimbWallX - ikanim.DefaultClimbDistance
		if r.Position[0] >= goal-0.5 {
			// The last half pixel is no walk: the walk cycle, driven by
			// the measured speed, must not see it.
			r.Teleport(mgl64.Vec2{goal, r.Position[1]})
			r.Remove(s.Follower)
			r.Remove(s.Grounder)
			r.Add(s.Climber)
			s.Climber.FromPose = s.FromClip
			if s.FromClip {
				// From standing into the clip, crossfaded (its root
				// offset and its limbs come in together).
				s.ClipState.Play(0, s.Cycle)
				s.ClipState.Play(0, s.ClimbClip)
				r.Source = s.ClipState
			}
			s.setMode(ClimbClimb)
			s.climbs++
			break
		}
		speed := 50 * math.Max(0, math.Min(1, s.modeT-1))
		speed = math.Min(speed, 3*(goal-r.Position[0]))
		r.Position[0] = math.Min(goal, r.Position[0]+speed*dt)
	case ClimbClimb:
		s.Climber.Speed = climbSpeed
		r.Position[1] -= climbSpeed * dt
		// Both hands over the corner and the chest near the top: mantle.
		if s.Climber.Limb(0).Corner && s.Climber.Limb(1).Corner {
			s.corner++
			if r.Position[1] < ClimbWallTop+110 {
				s.Climber.Handoff()
				r.Remove(s.Climber)
				r.Add(s.Mantler)
				s.Mantler.Start()
				s.setMode(ClimbMantle)
			}
		}
	case ClimbMantle:
		if s.Mantler.Done() {
			r.Remove(s.Mantler)
			s.Follower.Reset()
			r.Add(s.Follower, s.Grounder)
			if r.Source == s.ClipState {
				s.ClipState.Play(0, s.Cycle) // back to standing
			}
			s.setMode(ClimbTop)
		}
	case ClimbTop:
		if r.Source == s.ClipState && s.modeT > climbClipMix && !s.ClipState.Track(0).Mixing() {
			r.Source = s.Cycle // the same standing pose, now paced by the walk
		}
		// Walk on along the top, stop, and start over.
		speed := 50 * math.Max(0, math.Min(1, s.modeT-0.5))
		speed = math.Min(speed, 3*(climbTopEndX-r.Position[0]))
		r.Position[0] += speed * dt
		if s.modeT > climbTopTime {
			s.restart()
		}
	}
	r.Update(dt)
	s.Swinger.Update(dt)
	s.under.advance(dt)
}

// measure: joint pop of every bone of the climber (and where the worst
// was), elbow and knee bend flips, NaN in both rigs; while climbing, the
// slip and contact gap of holding limbs (a ray of the meter's own from the
// effector into the wall) and the chest's distance from the wall; on the
// first frame on the top, where the feet and hips are; while the swinger
// hangs, its hands' distance from their grips.
func (s *Climb) measure() {
	r, m := s.Rig, &s.meter
	m.Frame()
	s.frame++
	rigFinite(m, r)
	rigFinite(m, s.Swinger)
	s.under.measure(&s.solids)
	if d, b := jointPops(m, r, s.pops); d*180/math.Pi > s.worst.Deg {
		s.worst = climbPop{Deg: d * 180 / math.Pi, Frame: s.frame, Bone: b, Mode: s.mode}
	}
	for i, l := range s.limbs {
		l.trackBend(m, r, &s.bend[i])
	}
	for i := 0; i < bipedBones; i++ {
		a, b := r.Joint(i)
		if d := s.solids.SegmentDepth(a, b, 1); d > s.pen[s.mode] {
			s.pen[s.mode] = d
			s.penAt[s.mode] = climbPen{Frame: s.frame, Bone: i, ModeT: s.modeT}
		}
	}
	switch s.mode {
	case ClimbClimb:
		for k := 0; k < s.Climber.NumLimbs(); k++ {
			ct := s.Climber.Limb(k)
			_, end := r.Joint(s.limbs[k][1])
			w := r.Limb(climbLimbs[k]).CurrentWeight()
			holding := ct.Holding && w == 1 && !ct.Corner
			if holding {
				if h := s.World.Cast(end.Sub(mgl64.Vec2{10, 0}), end.Add(mgl64.Vec2{20, 0})); h.OK {
					m.Contact(h.Point[0] - end[0] - ikanim.DefaultClimbOffset)
				}
			}
			s.holds[k].Track(m, holding, end)
		}
		chestY := -ikanim.BipedHipHeight(ikanim.BipedSizes{}) - 20
		chest := r.ToWorld(mgl64.Vec2{0, chestY}.Add(r.BodyOffset))
		if s.modeT > 1 && chest[1] > ClimbWallTop {
			// Distance plus the clearance the knees and elbows asked for.
			s.distE = math.Max(s.distE, math.Abs(ClimbWallX-chest[0]-ikanim.DefaultClimbDistance-s.Climber.Clearance()))
		}
	case ClimbTop:
		if !s.topped {
			s.topped = true
			for k, l := range [2]limb{s.limbs[2], s.limbs[3]} {
				_, ankle := r.Joint(l[1])
				s.top.SoleGap[k], s.top.Surface[k] = math.NaN(), math.NaN()
				if h := s.World.SurfaceBelow(ankle[0], ankle[1]-20, ankle[1]+20); h.OK {
					s.top.SoleGap[k] = h.Point[1] - (ankle[1] + ikanim.DefaultAnkleHeight)
					s.top.Surface[k] = h.Point[1]
				}
			}
			s.top.Hip, _ = r.Joint(s.limbs[2][0])
		}
	}
	if s.Hanger.Active && m.Frames() > 60 {
		for k, l := range [2]limb{s.limbs[0], s.limbs[1]} {
			_, hand := s.Swinger.Joint(l[1])
			grip := s.Hanger.Ledge.Add(s.Swinger.Forward().Mul(s.Hanger.Spread[k]))
			s.grips = math.Max(s.grips, hand.Sub(grip).Len())
		}
	}
}

// LimbPenetration returns the deepest point inside the level's solids of
// any bone of the climber so far in mode m, px (every bone segment sampled
// every 1 px).
func (s *Climb) LimbPenetration(m ClimbMode) float64 { return s.pen[m] }

// Flush implements Scene: the holds still in progress.
func (s *Climb) Flush() {
	for i := range s.holds {
		s.holds[i].Flush(&s.meter)
	}
}

// Meter implements Scene.
func (s *Climb) Meter() *quality.Meter { return &s.meter }

// Extra implements Scene.
func (s *Climb) Extra() map[string]float64 {
	return map[string]float64{
		"chest_wall_distance_error_max_px": s.distE,
		"hang_grip_error_max_px":           s.grips,
		"corner_frames":                    float64(s.corner),
		"climbs":                           float64(s.climbs),
		"limb_penetration_max_px":          max(s.pen[0], s.pen[1], s.pen[2], s.pen[3]),
		"under_limb_penetration_max_px":    s.under.pen,
		"under_joint_pop_max_deg":          s.under.pop,
		"under_nan":                        float64(s.under.nan),
		"under_runs":                       float64(s.under.runs),
	}
}

// Focus implements Scene: the climber's chest.
func (s *Climb) Focus() mgl64.Vec2 {
	return s.Rig.ToWorld(mgl64.Vec2{0, -ikanim.BipedHipHeight(ikanim.BipedSizes{})}.Add(s.Rig.BodyOffset))
}

// climbClipMix is the crossfade, s, between standing and the climb clip.
const climbClipMix = 0.4

// bakeClimbClip records one cycle of the procedural climber (the scene's
// climbing speed, on the level's wall, after 1.5 s of climbing) as a
// looping clip of the biped's bones and the root offset
// (ikanim.RecordClip; the scarf's springs are left to their controller).
func bakeClimbClip(def *ikanim.RigDef, world *terrain.World) (*ikanim.Clip, error) {
	r, err := ikanim.NewRig(def)
	if err != nil {
		return nil, err
	}
	r.Source = &ikanim.WalkCycle{}
	c, err := ikanim.NewBipedClimber(r, world)
	if err != nil {
		return nil, err
	}
	c.Speed = climbSpeed
	r.Add(c)
	r.Teleport(mgl64.Vec2{ClimbWallX - ikanim.DefaultClimbDistance, ClimbFloorY - 10})
	step := func(dt float64) {
		r.Position[1] -= climbSpeed * dt
		r.Update(dt)
	}
	for f := 0; f < 90; f++ {
		step(1.0 / 60)
	}
	spec, err := ikanim.RecordClip(r, "climb", ikanim.DefaultClimbStride/climbSpeed, 48, true, step)
	if err != nil {
		return nil, err
	}
	spec.Tracks = spec.Tracks[:bipedBones]
	return spec.Build(def)
}
