package sim

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim"
	"github.com/ikanim/kit/ikanim/quality"
	"github.com/ikanim/kit/terrain"
)

// The quadruped scene's course, 1600 x 520: level ground where the walk
// starts, rolling hills (a 20 px sine of 240 px wavelength) from x = 120 to
// 840, then a 22-degree ramp up to a plateau and a 31-degree slope back down
// to level ground.
const quadrupedWidth, quadrupedHeight = 1600.0, 520.0

// Quadruped scene tunables.
const (
	QuadrupedSpeed  = 35.0 // px/s
	QuadrupedStartX = 60.0
	QuadrupedEndX   = 1540.0
	// QuadrupedPawRadius rounds the paws (ikanim.LegDef.Radius), px.
	QuadrupedPawRadius = 2.0
)

// Quadruped is the quadruped scene: a four-legged rig (ikanim.NewQuadrupedDef)
// walks back and forth over rolling hills, a ramp and a steep slope with a
// QuadrupedWalk, a GroundFollower, a Grounder on its four feet and a
// BodyTilt that leans its body to the ground under them. Tilt switches the
// BodyTilt, to compare.
type Quadruped struct {
	World    *terrain.World
	Rig      *ikanim.Rig
	Walk     *ikanim.QuadrupedWalk
	Grounder *ikanim.Grounder
	Follower *ikanim.GroundFollower
	Tilt     *ikanim.BodyTilt
	// Width and Height are the level's size, px.
	Width, Height float64

	patrol

	meter   quality.Meter
	stance  [4]quality.Stance
	bend    [4]quality.Bend
	legs    [4]limb
	body    quality.Delta
	pops    []quality.AngleDelta
	tiltMax float64
}

// quadrupedWorld builds the course.
func quadrupedWorld() (*terrain.World, error) {
	w, err := terrain.New(quadrupedWidth, quadrupedHeight)
	if err != nil {
		return nil, err
	}
	heights := make([]float64, 46) // x = 120 .. 840 every 16 px
	for i := range heights {
		heights[i] = 400 - 20*math.Sin(2*math.Pi*float64(i*16)/240)
	}
	if _, err := w.AddHeightField(120, 16, heights, quadrupedHeight, terrain.TagGround); err != nil {
		return nil, err
	}
	if _, err := w.AddGround([]mgl64.Vec2{{0, 400}, {120, 400}}, quadrupedHeight, terrain.TagGround); err != nil {
		return nil, err
	}
	ramp := []mgl64.Vec2{{840, 400}, {1080, 303}, {1240, 303}, {1400, 400}, {quadrupedWidth, 400}}
	if _, err := w.AddGround(ramp, quadrupedHeight, terrain.TagGround); err != nil {
		return nil, err
	}
	return w, nil
}

// NewQuadruped builds the quadruped scene.
func NewQuadruped(art Art) (*Quadruped, error) {
	world, err := quadrupedWorld()
	if err != nil {
		return nil, err
	}
	def, err := ikanim.NewQuadrupedDef(ikanim.QuadrupedSizes{}, art.Quadruped)
	if err != nil {
		return nil, err
	}
	r, err := ikanim.NewRig(def)
	if err != nil {
		return nil, err
	}
	s := &Quadruped{World: world, Rig: r, Walk: &ikanim.QuadrupedWalk{}, Width: quadrupedWidth, Height: quadrupedHeight, patrol: patrol{dir: 1}}
	if s.Follower, err = ikanim.NewGroundFollower(r, world); err != nil {
		return nil, err
	}
	// Rounded paws: each sole sample sweeps a disc of 2 px (the terrain's
	// CircleCast) instead of casting a ray.
	legs := ikanim.QuadrupedGrounderLegs(ikanim.QuadrupedSizes{})
	for i := range legs {
		legs[i].Radius = QuadrupedPawRadius
	}
	if s.Grounder, err = ikanim.NewGrounder(r, world, legs...); err != nil {
		return nil, err
	}
	if s.Tilt, err = ikanim.NewBodyTilt(r, s.Grounder); err != nil {
		return nil, err
	}
	r.Source = s.Walk
	r.Add(s.Follower, s.Grounder, s.Tilt)
	start := mgl64.Vec2{QuadrupedStartX, 0}
	if h := world.SurfaceBelow(start[0], 0, quadrupedHeight); h.OK {
		start[1] = h.Point[1]
	}
	r.Teleport(start)
	s.pops = make([]quality.AngleDelta, def.NumBones())
	for i := range s.legs {
		ld := def.LimbDef(i)
		s.legs[i] = limb{def.BoneIndex(ld.Bones[0]), def.BoneIndex(ld.Bones[1]), def.BoneIndex(ld.Effector)}
	}
	return s, nil
}

// SetTilt switches the body tilt on (Auto: on for a quadruped) or off.
func (s *Quadruped) SetTilt(on bool) {
	s.Tilt.Enabled = ikanim.Off
	if on {
		s.Tilt.Enabled = ikanim.Auto
	}
}

// Tilting reports whether the body tilt is on.
func (s *Quadruped) Tilting() bool { return s.Tilt.Enabled != ikanim.Off }

// Step advances the scene by dt and measures the frame.
func (s *Quadruped) Step(dt float64) {
	s.Advance(dt)
	s.Measure(dt)
}

// Advance moves the quadruped by dt (the game's move, then one rig Update)
// without measuring.
func (s *Quadruped) Advance(dt float64) {
	s.move(s.Rig, QuadrupedSpeed, QuadrupedStartX, QuadrupedEndX, dt)
	s.Rig.Update(dt)
}

// Measure feeds the meter: for each foot the walk has planted, the gap of
// its lowest sole point (the meter's own rays), slip, body pop, joint pop,
// bend flips and NaN.
func (s *Quadruped) Measure(dt float64) {
	r, m := s.Rig, &s.meter
	m.Frame()
	if s.turned {
		s.turned = false
		for i := range s.bend {
			s.bend[i].Reset()
			s.stance[i].Flush(m)
		}
		resetPops(s.pops)
	}
	rigFinite(m, r)
	jointPops(m, r, s.pops)
	m.BodyPop(s.body.Step(r.BodyOffset[1]))
	s.tiltMax = math.Max(s.tiltMax, math.Abs(s.Tilt.Angle()))
	for i, l := range s.legs {
		l.trackBend(m, r, &s.bend[i])
		planted := s.Walk.Planted(i, r.Time) && s.Grounder.Leg(i).Planted
		gap, ok := soleGap(s.World, r, l[2], s.Grounder.LegDef(i))
		if planted && ok {
			m.Contact(gap)
		}
		ankle, _ := r.Joint(l[2])
		s.stance[i].Track(m, planted && ok, ankle)
	}
}

// Flush implements Scene.
func (s *Quadruped) Flush() {
	for i := range s.stance {
		s.stance[i].Flush(&s.meter)
	}
}

// Meter implements Scene.
func (s *Quadruped) Meter() *quality.Meter { return &s.meter }

// Extra implements Scene.
func (s *Quadruped) Extra() map[string]float64 {
	return map[string]float64{"body_tilt_max_deg": s.tiltMax * 180 / math.Pi}
}

// Focus implements Scene: the middle of the body.
func (s *Quadruped) Focus() mgl64.Vec2 { return s.Rig.Position.Sub(mgl64.Vec2{0, 30}) }
