package ikanim

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"
)

// Controller adjusts a rig each frame between the pose source and the limb
// solves: it reads the animated pose and the world (ground, targets) and sets
// limb targets, weights, effector rotations and the body offset. Grounders,
// climbers, aimers and reachers are controllers. Controllers run in the order
// they were added.
type Controller interface {
	Control(r *Rig, dt float64)
}

// Rig is one character instance of a RigDef: its place in the world, its
// current pose and its IK limbs. The per-frame path (Update, Draw) does not
// allocate.
//
// One frame: the pose source writes the animated (FK) pose; controllers read
// it and set limb targets and the body offset; each limb solves in order and
// blends with the pose by its weight; world transforms follow in one forward
// pass over the flat bone slice.
type Rig struct {
	// Position is the world position of the character origin.
	Position mgl64.Vec2
	// Up is the character's unit up vector (zero value: DefaultUp). A creature
	// on a wall or ceiling is the same rig with another up.
	Up mgl64.Vec2
	// Facing mirrors the whole character, bend sides, limits and aims included.
	Facing Facing
	// Source supplies the animated pose (nil: the rest pose).
	Source PoseSource
	// Time is the pose source's clock in seconds, advanced by Update.
	Time float64
	// TimeScale multiplies dt for the pose source clock (0 means 1).
	TimeScale float64
	// BodyOffset moves the root bones in the character frame after the pose
	// source (a grounder lowers the body with it; y is down).
	BodyOffset mgl64.Vec2

	def   *RigDef
	frame frame

	anim     []float64 // animated local angles, from the pose source
	local    []float64 // final local angles, after IK
	animRoot mgl64.Vec2

	// Character-frame FK of the animated pose (no body offset, no IK).
	animStart, animEnd []mgl64.Vec2
	animAngle          []float64
	// Character-frame FK of the final pose.
	start, end []mgl64.Vec2
	angle      []float64

	limbs       []Limb
	controllers []Controller
	drawOp      ebiten.DrawImageOptions
}

// NewRig makes an instance of def at rest. It allocates everything the rig
// will need, so frames do not.
func NewRig(def *RigDef) *Rig {
	n := len(def.bones)
	r := &Rig{
		def:       def,
		Up:        DefaultUp,
		anim:      make([]float64, n),
		local:     make([]float64, n),
		animStart: make([]mgl64.Vec2, n),
		animEnd:   make([]mgl64.Vec2, n),
		animAngle: make([]float64, n),
		start:     make([]mgl64.Vec2, n),
		end:       make([]mgl64.Vec2, n),
		angle:     make([]float64, n),
	}
	r.limbs = make([]Limb, len(def.limbs))
	for i := range def.limbs {
		r.limbs[i].init(r, i)
	}
	for i, b := range def.bones {
		r.anim[i], r.local[i] = b.Rest, b.Rest
	}
	r.frame = newFrame(r.Position, r.Up, r.Facing)
	r.fk(r.anim, mgl64.Vec2{}, r.animStart, r.animEnd, r.animAngle)
	r.fk(r.local, mgl64.Vec2{}, r.start, r.end, r.angle)
	return r
}

// Def returns the rig's definition.
func (r *Rig) Def() *RigDef { return r.def }

// AddController appends a controller; controllers run in the order added.
// Call it at setup (it may allocate).
func (r *Rig) AddController(c Controller) { r.controllers = append(r.controllers, c) }

// Limb returns the named limb, or nil.
func (r *Rig) Limb(name string) *Limb {
	i := r.def.LimbIndex(name)
	if i < 0 {
		return nil
	}
	return &r.limbs[i]
}

// LimbAt returns limb i. It panics if i is out of range.
func (r *Rig) LimbAt(i int) *Limb { return &r.limbs[i] }

// MustLimb returns the named limb and panics with a clear message if the rig
// has none (for setup code).
func (r *Rig) MustLimb(name string) *Limb {
	l := r.Limb(name)
	if l == nil {
		panic(fmt.Sprintf("ikanim: rig has no limb %q", name))
	}
	return l
}

// Update advances the rig by dt seconds: pose source, controllers, limb
// solves, world transforms. dt is clamped to [0, 0.25] (NaN counts as 0), so a
// stall in the game cannot throw the pose.
func (r *Rig) Update(dt float64) {
	if !(dt > 0) {
		dt = 0
	}
	dt = math.Min(dt, 0.25)
	r.frame = newFrame(r.Position, r.Up, r.Facing)

	ts := r.TimeScale
	if ts == 0 || !finiteNum(ts) {
		ts = 1
	}
	r.Time += dt * ts
	if !finiteNum(r.Time) {
		r.Time = 0
	}
	r.animRoot = mgl64.Vec2{}
	if r.Source != nil {
		r.animRoot = r.Source.Pose(r.def, r.Time, r.anim)
		if !finiteVec(r.animRoot) {
			r.animRoot = mgl64.Vec2{}
		}
		for i, a := range r.anim {
			if !finiteNum(a) {
				r.anim[i] = r.def.bones[i].Rest
			}
		}
	} else {
		for i, b := range r.def.bones {
			r.anim[i] = b.Rest
		}
	}
	r.fk(r.anim, r.animRoot, r.animStart, r.animEnd, r.animAngle)

	for _, c := range r.controllers {
		c.Control(r, dt)
	}
	if !finiteVec(r.BodyOffset) {
		r.BodyOffset = mgl64.Vec2{}
	}

	copy(r.local, r.anim)
	root := r.animRoot.Add(r.BodyOffset)
	r.fk(r.local, root, r.start, r.end, r.angle)
	for i := range r.limbs {
		if r.limbs[i].solve(r, dt) {
			r.fkBones(r.def.limbs[i].subtree, r.local, root, r.start, r.end, r.angle)
		}
	}
}

// fk computes character-frame transforms from local angles in one forward pass
// over the flat bone slice (parents come before children).
func (r *Rig) fk(local []float64, root mgl64.Vec2, start, end []mgl64.Vec2, angle []float64) {
	for i := range r.def.bones {
		r.fkBone(i, local, root, start, end, angle)
	}
}

// fkBones recomputes the transforms of the listed bones only, in the order
// given (a limb's subtree, parents first); the others are already current.
func (r *Rig) fkBones(bones []int, local []float64, root mgl64.Vec2, start, end []mgl64.Vec2, angle []float64) {
	for _, i := range bones {
		r.fkBone(i, local, root, start, end, angle)
	}
}

// fkBone computes bone i's transform from its parent's.
func (r *Rig) fkBone(i int, local []float64, root mgl64.Vec2, start, end []mgl64.Vec2, angle []float64) {
	b := &r.def.bones[i]
	if b.Parent < 0 {
		start[i] = b.Attach.Add(root)
		angle[i] = local[i]
	} else {
		p := b.Parent
		pa := angle[p]
		s, c := math.Sincos(pa)
		ax, ay := b.Attach[0], b.Attach[1]
		start[i] = mgl64.Vec2{start[p][0] + ax*c - ay*s, start[p][1] + ax*s + ay*c}
		angle[i] = pa + local[i]
	}
	s, c := math.Sincos(angle[i])
	end[i] = mgl64.Vec2{start[i][0] + b.Length*c, start[i][1] + b.Length*s}
}

// Joint returns bone i's start and end joints in world space.
func (r *Rig) Joint(i int) (start, end mgl64.Vec2) {
	return r.frame.toWorld(r.start[i]), r.frame.toWorld(r.end[i])
}

// BoneAngle returns bone i's world angle (radians, clockwise on screen).
func (r *Rig) BoneAngle(i int) float64 { return r.frame.angleToWorld(r.angle[i]) }

// LocalAngle returns bone i's final local angle (after IK), in the
// right-facing character frame.
func (r *Rig) LocalAngle(i int) float64 { return r.local[i] }

// AnimatedJoint returns bone i's start and end joints in world space as the
// pose source animated them, before IK and without the body offset.
func (r *Rig) AnimatedJoint(i int) (start, end mgl64.Vec2) {
	return r.frame.toWorld(r.animStart[i]), r.frame.toWorld(r.animEnd[i])
}

// AnimatedAngle returns bone i's animated world angle (before IK).
func (r *Rig) AnimatedAngle(i int) float64 { return r.frame.angleToWorld(r.animAngle[i]) }

// ToWorld maps a point of the character frame to the world.
func (r *Rig) ToWorld(p mgl64.Vec2) mgl64.Vec2 { return r.frame.toWorld(p) }

// ToLocal maps a world point to the character frame.
func (r *Rig) ToLocal(p mgl64.Vec2) mgl64.Vec2 { return r.frame.toLocal(p) }

// UpVector returns the normalised up vector the rig used in its last Update.
func (r *Rig) UpVector() mgl64.Vec2 { return r.frame.dirToWorld(mgl64.Vec2{0, -1}) }

// Forward returns the world direction the character faces.
func (r *Rig) Forward() mgl64.Vec2 { return r.frame.dirToWorld(mgl64.Vec2{1, 0}) }
