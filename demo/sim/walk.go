package sim

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim"
	"github.com/ikanim/kit/ikanim/quality"
	"github.com/ikanim/kit/terrain"
)

// Walk scene tunables: the course of assets/levels/walk.json and the
// grounding tuned for it.
const (
	WalkSpeed     = 60.0 // px/s
	WalkStartX    = 120.0
	WalkEndX      = 2280.0
	walkStartY    = 500.0
	walkBodySpeed = 30.0
	walkBodyMax   = 57.0
	walkFootSpeed = 18.0 // the animation scene's foot smoothing
	walkProbe     = 24.0
	walkMaxStep   = 45.0
)

// Walk is the walk scene: the humanoid walks back and forth over walk.json
// (flat, 30- and 40-degree slopes, 16 px stairs, a sawtooth, a 40 px gap,
// a block over the last flat stretch to duck under)
// with a WalkCycle, a GroundFollower and a Grounder with the library's
// default foot placement (whole sole, landing prediction, footstep
// planning). The player may steer it (Steer); left alone it walks by itself.
type Walk struct {
	World    *terrain.World
	Rig      *ikanim.Rig
	Grounder *ikanim.Grounder
	Cycle    *ikanim.WalkCycle
	Follower *ikanim.GroundFollower
	// Scarf is the scarf's secondary motion.
	Scarf *ikanim.SpringBones
	// Speed is the walking speed, px/s (default WalkSpeed).
	Speed float64
	// Width and Height are the level's size, px.
	Width, Height float64

	patrol

	meter   quality.Meter
	stance  [2]quality.Stance
	bend    [2]quality.Bend
	body    quality.Delta
	pelvis  quality.Delta
	pops    []quality.AngleDelta
	legs    [2]limb // grounder legs: far, near
	popPerS float64 // largest body offset speed, px/s
	pelvisV float64 // largest pelvis speed along up, px/s
	falls   int     // frames the body was airborne (the level has no pit)
	onAir   int     // planted-foot frames with no ground under the sole
}

// NewWalk builds the walk scene.
func NewWalk(art Art) (*Walk, error) {
	world, width, height, err := level("walk.json")
	if err != nil {
		return nil, err
	}
	def, err := art.scarfBipedDef()
	if err != nil {
		return nil, err
	}
	r, err := ikanim.NewRig(def)
	if err != nil {
		return nil, err
	}
	s := &Walk{World: world, Rig: r, Cycle: &ikanim.WalkCycle{}, Speed: WalkSpeed, Width: width, Height: height, patrol: patrol{dir: 1}}
	if s.Grounder, err = ikanim.NewGrounder(r, world, ikanim.BipedGrounderLegs()...); err != nil {
		return nil, err
	}
	g := s.Grounder
	g.BodySpeed, g.BodyMaxSpeed = walkBodySpeed, walkBodyMax
	g.MaxStep = walkMaxStep
	// Spelled out so a tuning panel shows real values.
	g.RayUp, g.RayDown, g.MaxLower, g.MaxFootAngle = ikanim.DefaultRayUp, ikanim.DefaultRayDown, ikanim.DefaultMaxLower, ikanim.DefaultMaxFootAngle
	if s.Follower, err = ikanim.NewGroundFollower(r, world); err != nil {
		return nil, err
	}
	s.Follower.Probe = walkProbe
	r.Source = s.Cycle
	r.Add(s.Follower, g)
	if s.Scarf, err = addScarf(r, world); err != nil {
		return nil, err
	}
	r.Teleport(mgl64.Vec2{WalkStartX, walkStartY})
	s.pops = make([]quality.AngleDelta, bipedBones) // the scarf's springs are not joints
	s.legs = [2]limb{bipedLegFar(def), bipedLegNear(def)}
	return s, nil
}

// Step advances the scene by dt and measures the frame.
func (s *Walk) Step(dt float64) {
	s.Advance(dt)
	s.Measure(dt)
}

// Advance moves the character by dt (the game's move of Position, then one
// rig Update: follower, walk cycle, grounder, limbs) without measuring.
func (s *Walk) Advance(dt float64) {
	s.move(s.Rig, s.Speed, WalkStartX, WalkEndX, dt)
	s.Rig.Update(dt)
}

// Measure feeds the meter with the frame Advance made: for each foot the
// walk cycle has planted, the gap of its lowest sole point (a vertical ray of
// the meter's own per sole point), foot slip, body pop, joint pop, knee bend
// flips and NaN. A turn round starts new stances, bends and joint angles.
func (s *Walk) Measure(dt float64) {
	r, m := s.Rig, &s.meter
	m.Frame()
	if s.turned {
		s.turned = false
		for i := range s.bend {
			s.bend[i].Reset()
			s.stance[i].Flush(m) // the feet swap sides: new stances
		}
		resetPops(s.pops)
	}
	rigFinite(m, r)
	jointPops(m, r, s.pops)
	if s.Follower.Falling() {
		s.falls++
	}
	d := s.body.Step(r.BodyOffset[1])
	m.BodyPop(d)
	if dt > 0 {
		s.popPerS = math.Max(s.popPerS, d/dt)
		hip, _ := r.Joint(s.legs[0][0])
		s.pelvisV = math.Max(s.pelvisV, s.pelvis.Step(hip[1])/dt)
	}
	for i, l := range s.legs {
		s.legs[i].trackBend(m, r, &s.bend[i])
		// Grounder leg 0 is the far leg, the walk cycle's leg 1.
		planted := s.Cycle.Planted(1-i, r.Time) && s.Cycle.Amount() > 0
		gap, ok := soleGap(s.World, r, l[2], s.Grounder.LegDef(i))
		if planted && ok && !s.Grounder.DisableFeet {
			m.Contact(gap)
		}
		if planted && !ok && !s.Grounder.DisableFeet {
			s.onAir++
		}
		ankle, _ := r.Joint(l[2])
		s.stance[i].Track(m, planted && ok, ankle)
	}
}

// Flush implements Scene: the stances still in progress.
func (s *Walk) Flush() {
	for i := range s.stance {
		s.stance[i].Flush(&s.meter)
	}
}

// Meter implements Scene.
func (s *Walk) Meter() *quality.Meter { return &s.meter }

// Extra implements Scene.
func (s *Walk) Extra() map[string]float64 {
	return map[string]float64{
		"body_pop_max_px_per_s": s.popPerS,
		// Every part of the level is walkable (its 40 px gap is narrower
		// than the follower's default HoldSpan, 48 px): any airborne frame
		// is a fall.
		"falls":                 float64(s.falls),
		"pelvis_speed_max_px_s": s.pelvisV,
		// Per foot: 3 rays for the tilt, 5 along the whole sole and up to
		// 4 along it at risers; the follower's 2, and in frames where both
		// miss up to HoldSpan/HoldStep = 12 behind and 12 ahead for the
		// span that holds the body over a gap (11 at most over the level's
		// 40 px gap); swing plans add theirs once per step.
		"foot_rays_per_frame_max": float64(2*(3+5+4) + 2 + 2*ikanim.DefaultHoldSpan/ikanim.DefaultHoldStep),
	}
}

// Focus implements Scene: the character's hips.
func (s *Walk) Focus() mgl64.Vec2 { return s.Rig.Position.Sub(mgl64.Vec2{0, 40}) }
