package sim

import (
	"math"
	"math/bits"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim"
	"github.com/ikanim/kit/ikanim/quality"
	"github.com/ikanim/kit/terrain"
)

// CourseSpeed is how fast the humanoid walks a generated course, px/s.
const CourseSpeed = 60.0

// courseReach is how far below a sole sample the course's meter looks for
// the ground, px: farther than any step or drop of a course.
const courseReach = 80.0

// courseBodyHeight is the height of the body's column above Position that
// the script keeps out of walls, px (hips and chest).
const courseBodyHeight = 96.0

// numCourseFeatures counts the features of terrain.CourseFeature (flat is
// index 0, then one per bit).
const numCourseFeatures = 9

// Course is a humanoid walking a generated biped course
// (terrain.GenerateBipedCourse) from Start to Goal, set up exactly as the
// README's first program does it: the library's defaults, a WalkCycle, a
// GroundFollower with Probe 24 and a Grounder with its defaults (the whole sole). It measures
// against the course's own geometry (quality.Solids built from the course's
// polygons and circles, never the World's raycast): the contact gap and
// penetration of every planted sole sampled every 1 px, the whole-sole
// penetration of every foot in every frame, the penetration of every bone
// segment sampled every 1 px, slip per stance, body pop, joint pop, knee bend
// flips and NaN. While the body is in the air (off a ledge: the follower's
// Falling) no foot counts as planted, and body pop is not taken during the
// fall or the landing crouch (a landing is not a walking body's pop).
type Course struct {
	Course   *terrain.BipedCourse
	Rig      *ikanim.Rig
	Grounder *ikanim.Grounder
	Cycle    *ikanim.WalkCycle
	Follower *ikanim.GroundFollower
	// Speed is the walking speed, px/s (default CourseSpeed).
	Speed float64

	solids quality.Solids
	meter  quality.Meter
	pen    quality.Penetration
	stance [2]quality.Stance
	bend   [2]quality.Bend
	body   quality.Delta
	pops   []quality.AngleDelta
	legs   [2]limb // grounder legs: far, near
	// falls: frames the body was airborne, and of them those of falls
	// that did not start over a drop (a pit, a slot: the course is
	// walkable there, so any is a failure); blocked: frames the script's
	// step was refused because it would have pushed the body into a wall
	airFrames, pitFrames, blocked int
	// onAir: frames a foot the walk cycle has planted had no ground within
	// courseReach under any point of its sole (walking on air)
	onAir                  int
	fallAtDrop, wasFalling bool
	// worst figures by the feature under the foot (index 0 flat, then the
	// bit number of the terrain.CourseFeature plus 1)
	gapBy, soleBy, limbBy [numCourseFeatures]float64
}

// NewCourse builds the course of seed (with opts) and the humanoid at its
// Start.
func NewCourse(art Art, seed uint64, opts terrain.BipedCourseOptions) (*Course, error) {
	return NewCourseOf(art, terrain.GenerateBipedCourse(seed, opts))
}

// NewCourseOf builds the humanoid at the Start of the course c (generated,
// or built by hand with the same fields).
func NewCourseOf(art Art, c *terrain.BipedCourse) (*Course, error) {
	def, err := art.bipedDef()
	if err != nil {
		return nil, err
	}
	r, err := ikanim.NewRig(def)
	if err != nil {
		return nil, err
	}
	s := &Course{Course: c, Rig: r, Cycle: &ikanim.WalkCycle{}, Speed: CourseSpeed}
	if s.Follower, err = ikanim.NewGroundFollower(r, c.World); err != nil {
		return nil, err
	}
	if s.Grounder, err = ikanim.NewGrounder(r, c.World, ikanim.BipedGrounderLegs()...); err != nil {
		return nil, err
	}
	s.Follower.Probe = 24 // the README's setting
	r.Source = s.Cycle
	r.Add(s.Follower, s.Grounder)
	r.Teleport(c.Start)
	// The meter's own solids: ground pieces split into one convex quad per
	// segment (down to the course's bottom), boards and boulders as they are.
	bottom := c.Options.Height
	for _, p := range c.Polygons {
		if len(p) == 4 && p[2][1] < bottom { // a board
			s.solids.AddPolygon(p)
			continue
		}
		line := p[:len(p)-2]
		for i := 1; i < len(line); i++ {
			a, b := line[i-1], line[i]
			if a[0] != b[0] {
				s.solids.AddPolygon([]mgl64.Vec2{a, b, {b[0], bottom}, {a[0], bottom}})
			}
		}
	}
	for _, ci := range c.Circles {
		s.solids.AddCircle(ci.Center, ci.Radius)
	}
	s.solids.Build()
	s.pops = make([]quality.AngleDelta, def.NumBones())
	s.legs = [2]limb{bipedLegFar(def), bipedLegNear(def)}
	return s, nil
}

// Done reports whether the humanoid has reached the Goal: at or past it
// along x, within a step (DefaultMaxStep) of its height - not a body that
// fell out of the bottom of the space and was walked on under the course.
func (s *Course) Done() bool {
	p, g := s.Rig.Position, s.Course.Goal
	return p[0] >= g[0] && math.Abs(p[1]-g[1]) <= ikanim.DefaultMaxStep
}

// Step advances the scene by dt and measures the frame.
func (s *Course) Step(dt float64) {
	s.Advance(dt)
	s.Measure(dt)
}

// Advance walks the humanoid toward the Goal by dt (it stands once there)
// and updates the rig. The script's step along x is refused when it would
// put the body inside a wall: a solid anywhere in the column from
// courseBodyHeight above Position down to just above a step the follower
// climbs (DefaultMaxStep), or down to Position itself while the body falls,
// when it would move a bone of the falling body deeper into a solid. So a
// character that fell into a pit is not dragged through the pit's wall
// (it stays there, the course unfinished), while one falling off a drop
// keeps walking on, away from the riser.
func (s *Course) Advance(dt float64) {
	r := s.Rig
	if !s.Done() {
		x := math.Min(r.Position[0]+s.Speed*dt, s.Course.Goal[0])
		lo := ikanim.DefaultMaxStep + 1
		if s.Follower.Falling() {
			lo = 1
		}
		p := mgl64.Vec2{x, r.Position[1]}
		if s.solids.SegmentDepth(p.Sub(mgl64.Vec2{0, lo}), p.Sub(mgl64.Vec2{0, courseBodyHeight}), 1) > 0 ||
			s.Follower.Falling() && s.deeper(x-r.Position[0]) {
			x = r.Position[0]
			s.blocked++
		}
		r.Position[0] = x
	}
	r.Facing = ikanim.FacingRight
	r.Update(dt)
	if f := s.Follower.Falling(); f {
		if !s.wasFalling {
			s.fallAtDrop = s.Course.Sections[s.sectionIndex(r.Position[0])].Feature == terrain.FeatureDrops
		}
		s.airFrames++
		if !s.fallAtDrop {
			s.pitFrames++
		}
		s.wasFalling = true
	} else {
		s.wasFalling = false
	}
}

// deeper reports whether moving the pose by dx along x would put a bone
// segment deeper into the solids than it is now (a falling body's hanging
// legs meeting a wall).
func (s *Course) deeper(dx float64) bool {
	r, d := s.Rig, mgl64.Vec2{dx, 0}
	for i := 0; i < r.Def().NumBones(); i++ {
		a, b := r.Joint(i)
		if s.solids.SegmentDepth(a.Add(d), b.Add(d), 1) > s.solids.SegmentDepth(a, b, 1)+1e-9 {
			return true
		}
	}
	return false
}

// sectionIndex is the index of the section at x (the last one past the
// end).
func (s *Course) sectionIndex(x float64) int {
	for i, sec := range s.Course.Sections {
		if x < sec.X1 {
			return i
		}
	}
	return len(s.Course.Sections) - 1
}

// Falls returns the frames the body was airborne, those of falls that did
// not start over a drop section, and the frames the script's step was
// refused because the body would have entered a wall (Advance).
func (s *Course) Falls() (air, pit, blocked int) { return s.airFrames, s.pitFrames, s.blocked }

// OnAir returns the frames in which a foot the walk cycle had planted had no
// ground within courseReach under any point of its sole, counted per foot.
func (s *Course) OnAir() int { return s.onAir }

// featureIndex is the index into the by-feature figures of the section at x.
func (s *Course) featureIndex(x float64) int {
	for _, sec := range s.Course.Sections {
		if x >= sec.X0 && x < sec.X1 {
			return bits.Len16(uint16(sec.Feature))
		}
	}
	return 0
}

// Measure feeds the meter with the frame Advance made.
func (s *Course) Measure(dt float64) {
	r, m := s.Rig, &s.meter
	m.Frame()
	rigFinite(m, r)
	jointPops(m, r, s.pops)
	// Off a ledge the body falls and lands with a crouch: no foot stands
	// then, and the crouch is the landing's, not a walking body's pop.
	air := s.Follower.Falling()
	if d := s.body.Step(r.BodyOffset[1]); !air && s.Follower.LandCrouch() == 0 {
		m.BodyPop(d)
	}
	for i := 0; i < r.Def().NumBones(); i++ {
		a, b := r.Joint(i)
		d := s.solids.SegmentDepth(a, b, 1)
		s.pen.Limb(d)
		f := s.featureIndex(a[0])
		s.limbBy[f] = math.Max(s.limbBy[f], d)
	}
	for i, l := range s.legs {
		l.trackBend(m, r, &s.bend[i])
		leg := s.Grounder.LegDef(i)
		heel := solePoint(r, l[2], -leg.Heel, leg.AnkleHeight)
		toe := solePoint(r, l[2], leg.Toe, leg.AnkleHeight)
		gap, ok := s.solids.SoleGap(heel, toe, 1, courseReach)
		f := s.featureIndex(heel.Add(toe).Mul(0.5)[0])
		if ok {
			s.pen.Sole(-gap)
			s.soleBy[f] = math.Max(s.soleBy[f], -gap)
		}
		// Grounder leg 0 is the far leg, the walk cycle's leg 1.
		planted := s.Cycle.Planted(1-i, r.Time) && s.Cycle.Amount() > 0 && !air
		if planted && !ok {
			s.onAir++
		}
		if planted && ok {
			m.Contact(gap)
			s.gapBy[f] = math.Max(s.gapBy[f], gap)
		}
		ankle, _ := r.Joint(l[2])
		s.stance[i].Track(m, planted && ok, ankle)
	}
}

// Flush implements Scene: the stances still in progress.
func (s *Course) Flush() {
	for i := range s.stance {
		s.stance[i].Flush(&s.meter)
	}
}

// Meter implements Scene.
func (s *Course) Meter() *quality.Meter { return &s.meter }

// Penetration returns the whole-sole and limb penetration figures.
func (s *Course) Penetration() *quality.Penetration { return &s.pen }

// Extra implements Scene: the whole-sole and limb penetration.
func (s *Course) Extra() map[string]float64 {
	r := map[string]float64{}
	s.pen.Report(r)
	return r
}

// WorstByFeature returns the largest contact gap, sole penetration and limb
// penetration measured over each kind of section, px, keyed by the
// feature's name.
func (s *Course) WorstByFeature() map[string][3]float64 {
	out := map[string][3]float64{}
	for f := range numCourseFeatures {
		feat := terrain.FeatureFlat
		if f > 0 {
			feat = terrain.CourseFeature(1 << (f - 1))
		}
		out[feat.String()] = [3]float64{s.gapBy[f], s.soleBy[f], s.limbBy[f]}
	}
	return out
}

// Focus implements Scene: the character's hips.
func (s *Course) Focus() mgl64.Vec2 { return s.Rig.Position.Sub(mgl64.Vec2{0, 40}) }
