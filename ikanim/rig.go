package ikanim

import (
	"errors"
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/ikanim/kit/ikanim/ik"
	"github.com/ikanim/kit/ikanim/internal/num"
)

// Rig is one character instance of a RigDef: its place in the world, its
// current pose, its IK limbs and the controllers that drive them. The
// per-frame path (Update, Draw) does not allocate.
//
// One frame is one call to Update(dt); the game never runs a step of the
// frame itself:
//
//  1. the game's own moves since the last Update give the measured
//     Velocity (Speed, IsIdle);
//  2. movers (controllers of StageMove: GroundFollower, Hanger, Mantler)
//     move Position and Up;
//  3. the pose source writes the animated (FK) pose at Time, which
//     advances by dt*TimeScale (for a SpeedDriven source such as WalkCycle
//     the time scale follows the measured speed), and, when it is an
//     IKSource (Clip, AnimState, Blend1D), its keyed IK (Limb.Key);
//  4. controllers (StageControl: Grounder, Climber, Aimer, Reacher) read
//     the animated pose and the world and set limb targets, weights,
//     effector rotations and BodyOffset;
//  5. each limb combines the keyed IK with its controllers' target and
//     weight (see Limb), solves, blends with the pose by the combined
//     weight and, with LimbDef.Stretch, scales its bones;
//  6. world transforms follow in one forward pass over the flat bone
//     slice; Joint, BoneAngle and Draw read them;
//  7. secondary motion (controllers of StageSecondary: SpringBones) reads
//     the solved pose, moves its own bones and updates their transforms.
type Rig struct {
	// Position is the world position of the character origin. Update puts
	// a Position that is not finite, or lies beyond ik.MaxCoord, back where
	// the last Update left it.
	Position mgl64.Vec2
	// Up is the character's unit up vector (zero value: DefaultUp). A
	// creature on a wall or ceiling is the same rig with another up.
	Up mgl64.Vec2
	// Facing mirrors the whole character, bend sides, limits and aims included.
	Facing Facing
	// Source supplies the animated pose (nil: the rest pose).
	Source PoseSource
	// Time is the pose source's clock in seconds, advanced by Update.
	Time float64
	// TimeScale multiplies dt for the pose source's clock. The zero value
	// means automatic: a Source that implements SpeedDriven (WalkCycle) is
	// driven with the measured |Speed()| and its answer is used, so a walk
	// keeps its planted feet still whatever speed the game moves the
	// character at; any other source plays at 1. A negative value plays
	// backward.
	TimeScale float64
	// BodyOffset moves the root bones in the character frame after the pose
	// source (a grounder lowers the body with it; y is down). Controllers
	// add their share to it and keep it until they are removed.
	BodyOffset mgl64.Vec2
	// BodyAngle turns the root bones about the body's origin (the pose
	// source's root plus BodyOffset) in the character frame after the pose
	// source, radians, clockwise on screen for a right-facing character
	// (a positive angle dips the front). A BodyTilt leans the body to the
	// ground with it. Controllers add their share to it, like BodyOffset.
	BodyAngle float64
	// Idle says whether the character stands still, for controllers that
	// act only then (Grounder.OnlyWhenIdle). The zero value, Auto, derives
	// it from the motion: idle while |Speed()| < IdleSpeed.
	Idle Switch

	def   *RigDef
	frame frame
	// updates counts Update calls, so a controller can tell a frame that
	// follows its last one from a new start after it was removed.
	updates uint64
	// teleports counts Teleport calls, so a controller can drop what it
	// held in the world (a Grounder's foot locks).
	teleports uint64

	anim     []float64 // animated local angles, from the pose source
	local    []float64 // final local angles, after IK
	animRoot mgl64.Vec2

	// Character-frame FK of the animated pose (no body offset, no IK).
	animStart, animEnd []mgl64.Vec2
	animAngle          []float64
	// animDir is (cos, sin) of animAngle, so FK takes at most one Sincos
	// per bone, and none for a bone whose angle is bit for bit the one it
	// had in the last pass (see fkList).
	animDir []mgl64.Vec2
	// Character-frame FK of the final pose.
	start, end []mgl64.Vec2
	angle      []float64
	dir        []mgl64.Vec2 // (cos, sin) of angle, as animDir

	// scale is each bone's stretch along its length in the final pose (1
	// unless a limb with LimbDef.Stretch or Compress scaled it this frame).
	scale []float64
	// stretchy says some limb may scale its bones.
	stretchy bool
	// turn is (cos, sin) of the angle the root bones turn by in the FK
	// pass running: BodyAngle in the final pose, none in the animated one.
	turn      mgl64.Vec2
	turnAngle float64
	// keys are this frame's keyed IK values, one per limb, from an
	// IKSource (zero when the source keys none).
	keys []LimbKey

	// all lists every bone, parents first: fk's pass over the whole rig.
	all []int

	limbs     []Limb
	movers    []Controller // StageMove, in the order added
	controls  []Controller // StageControl, in the order added
	secondary []Controller // StageSecondary, in the order added
	drawOp    ebiten.DrawImageOptions

	// Motion measured between Updates (the game's own moves).
	lastPos  mgl64.Vec2
	hasLast  bool
	airborne bool // a mover has the body in the air (Airborne)
	velocity mgl64.Vec2
}

// IdleSpeed is the speed along forward, px/s, below which a rig counts as
// idle when its Idle switch is Auto.
const IdleSpeed = 2.0

// SpeedDriven is a PoseSource whose timing follows the character's ground
// speed, such as WalkCycle. When a rig's TimeScale is 0 (automatic), the
// rig calls Drive with its measured |Speed()| each frame, before Pose, and
// uses the returned time scale.
type SpeedDriven interface {
	Drive(speed float64) (timeScale float64)
}

// NewRig makes an instance of def at rest. It allocates everything the rig
// will need, so frames do not. It returns an error for a nil def.
func NewRig(def *RigDef) (*Rig, error) {
	if def == nil || len(def.bones) == 0 {
		return nil, errors.New("ikanim: NewRig: def is nil or was not made by NewRigDef")
	}
	n := len(def.bones)
	r := &Rig{
		def:       def,
		Up:        DefaultUp(),
		anim:      make([]float64, n),
		local:     make([]float64, n),
		animStart: make([]mgl64.Vec2, n),
		animEnd:   make([]mgl64.Vec2, n),
		animAngle: make([]float64, n),
		start:     make([]mgl64.Vec2, n),
		end:       make([]mgl64.Vec2, n),
		angle:     make([]float64, n),
		scale:     make([]float64, n),
		animDir:   make([]mgl64.Vec2, n),
		dir:       make([]mgl64.Vec2, n),
		keys:      make([]LimbKey, len(def.limbs)),
	}
	r.all = make([]int, n)
	for i := range r.all {
		r.all[i] = i
	}
	r.limbs = make([]Limb, len(def.limbs))
	for i := range def.limbs {
		r.limbs[i].init(r, i)
		if l := &def.limbs[i]; l.Stretch > 1 || (l.Compress > 0 && l.Compress < 1) {
			r.stretchy = true
		}
	}
	for i, b := range def.bones {
		r.anim[i], r.local[i], r.scale[i] = b.Rest, b.Rest, 1
		// No direction computed yet: NaN equals no angle (see fkList).
		r.animAngle[i], r.angle[i] = math.NaN(), math.NaN()
	}
	r.frame = newFrame(r.Position, r.Up, r.Facing)
	r.turn = mgl64.Vec2{1, 0}
	r.fk(r.anim, mgl64.Vec2{}, r.animStart, r.animEnd, r.animAngle, r.animDir, nil, nil, nil)
	r.fk(r.local, mgl64.Vec2{}, r.start, r.end, r.angle, r.dir, r.scale, r.animAngle, r.animDir)
	return r, nil
}

// Def returns the rig's definition.
func (r *Rig) Def() *RigDef { return r.def }

// Add appends controllers to the frame: each runs in its Stage, and within
// a stage in the order added. Add them at setup or at a change of mode
// (Add may allocate the first time a stage grows; Remove and Add again
// reuse the room). Adding a controller that is already there does nothing.
func (r *Rig) Add(cs ...Controller) {
	for _, c := range cs {
		if c == nil || r.has(c) {
			continue
		}
		switch c.Stage() {
		case StageMove:
			r.movers = append(r.movers, c)
		case StageSecondary:
			r.secondary = append(r.secondary, c)
		default:
			r.controls = append(r.controls, c)
		}
	}
}

// Remove takes controller c out of the frame and reports whether it was
// there. It does not allocate. A controller that added a share to
// BodyOffset keeps it there; controllers that hold one say how to give it
// back (Climber.Release, Climber.Handoff).
func (r *Rig) Remove(c Controller) bool {
	for _, list := range [...]*[]Controller{&r.movers, &r.controls, &r.secondary} {
		for i, x := range *list {
			if x == c {
				copy((*list)[i:], (*list)[i+1:])
				(*list)[len(*list)-1] = nil
				*list = (*list)[:len(*list)-1]
				return true
			}
		}
	}
	return false
}

func (r *Rig) has(c Controller) bool {
	for _, x := range r.movers {
		if x == c {
			return true
		}
	}
	for _, x := range r.controls {
		if x == c {
			return true
		}
	}
	for _, x := range r.secondary {
		if x == c {
			return true
		}
	}
	return false
}

// NumControllers returns the number of controllers added.
func (r *Rig) NumControllers() int { return len(r.movers) + len(r.controls) + len(r.secondary) }

// Limb returns the named limb, or nil.
func (r *Rig) Limb(name string) *Limb {
	i := r.def.LimbIndex(name)
	if i < 0 {
		return nil
	}
	return &r.limbs[i]
}

// LimbAt returns limb i, or nil when i is not in [0, NumLimbs()) (as
// Limb returns nil for a name the rig does not have).
func (r *Rig) LimbAt(i int) *Limb {
	if i < 0 || i >= len(r.limbs) {
		return nil
	}
	return &r.limbs[i]
}

// NumLimbs returns the number of limbs.
func (r *Rig) NumLimbs() int { return len(r.limbs) }

// MustLimb returns the named limb and panics with a clear message if the rig
// has none (for setup code).
func (r *Rig) MustLimb(name string) *Limb {
	l := r.Limb(name)
	if l == nil {
		panic(fmt.Sprintf("ikanim: rig has no limb %q", name))
	}
	return l
}

// Teleport moves the character to pos without walking there: the measured
// velocity is reset, so a SpeedDriven pose source does not race and the
// rig does not stop counting as idle. A Grounder lets go of its foot locks
// (the feet go where the animation puts them). Movers that smooth the body
// (a GroundFollower) have their own Reset. A pos that is not finite or
// lies beyond ik.MaxCoord is ignored: the rig stays where it is.
func (r *Rig) Teleport(pos mgl64.Vec2) {
	if !num.WithinVec(pos, ik.MaxCoord) {
		return
	}
	r.teleports++
	r.Position = pos
	r.lastPos, r.hasLast = pos, true
	r.velocity = mgl64.Vec2{}
}

// Velocity returns the world velocity, px/s, of the game's own moves of
// Position between the last two Updates (movers' moves within Update are
// not counted). It is zero before the second Update and after Teleport.
func (r *Rig) Velocity() mgl64.Vec2 { return r.velocity }

// Speed returns Velocity along Forward, px/s (negative: walking backward).
func (r *Rig) Speed() float64 { return r.velocity.Dot(r.frame.dirToWorld(mgl64.Vec2{1, 0})) }

// Airborne reports whether a mover (a GroundFollower falling or jumping)
// has the body in the air this frame: a Grounder then lets the feet go.
func (r *Rig) Airborne() bool { return r.airborne }

// IsIdle reports whether the character stands still: the Idle switch, or,
// when it is Auto, |Speed()| below IdleSpeed.
func (r *Rig) IsIdle() bool { return r.Idle.Resolve(math.Abs(r.Speed()) < IdleSpeed) }

// Update runs one frame of dt seconds (see Rig for its steps). dt is
// clamped to [0, MaxDt] (NaN counts as 0), as everywhere in this library.
func (r *Rig) Update(dt float64) {
	dt = num.ClampDt(dt)
	r.updates++
	if !num.WithinVec(r.Position, ik.MaxCoord) {
		// A Position that is not finite (or beyond ik.MaxCoord) is put
		// back where the last Update left it (the origin before the
		// first): the bones were laid out from (0, 0) while Position
		// stayed NaN (a new user's trial).
		r.Position = mgl64.Vec2{}
		if r.hasLast {
			r.Position = r.lastPos
		}
	}
	if dt > 0 {
		if r.hasLast && num.FiniteVec(r.Position) {
			v := r.Position.Sub(r.lastPos).Mul(1 / dt)
			if num.FiniteVec(v) {
				r.velocity = v
			}
		} else {
			r.velocity = mgl64.Vec2{}
		}
	}
	r.frame = newFrame(r.Position, r.Up, r.Facing)
	for _, c := range r.movers {
		c.Update(dt)
	}
	r.frame = newFrame(r.Position, r.Up, r.Facing)

	ts := r.TimeScale
	if ts == 0 || !num.Finite(ts) {
		ts = 1
		if d, ok := r.Source.(SpeedDriven); ok {
			ts = d.Drive(math.Abs(r.Speed()))
			if !num.Finite(ts) {
				ts = 1
			}
		}
	}
	r.Time += dt * ts
	if !num.Finite(r.Time) {
		r.Time = 0
	}
	r.animRoot = mgl64.Vec2{}
	if r.Source != nil {
		r.animRoot = r.Source.Pose(r.def, r.Time, r.anim)
		if !num.FiniteVec(r.animRoot) {
			r.animRoot = mgl64.Vec2{}
		}
		for i, a := range r.anim {
			if !num.Finite(a) {
				r.anim[i] = r.def.bones[i].Rest
			}
		}
	} else {
		for i, b := range r.def.bones {
			r.anim[i] = b.Rest
		}
	}
	r.turn, r.turnAngle = mgl64.Vec2{1, 0}, 0
	r.fk(r.anim, r.animRoot, r.animStart, r.animEnd, r.animAngle, r.animDir, nil, nil, nil)
	r.keyIK()

	for _, c := range r.controls {
		c.Update(dt)
	}
	if !num.FiniteVec(r.BodyOffset) {
		r.BodyOffset = mgl64.Vec2{}
	}
	if !num.Finite(r.BodyAngle) {
		r.BodyAngle = 0
	}
	r.turn, r.turnAngle = mgl64.Vec2{1, 0}, r.BodyAngle
	if r.BodyAngle != 0 {
		s, c := math.Sincos(r.BodyAngle)
		r.turn = mgl64.Vec2{c, s}
	}

	copy(r.local, r.anim)
	if r.stretchy {
		for i := range r.scale {
			r.scale[i] = 1
		}
	}
	root := r.animRoot.Add(r.BodyOffset)
	r.fk(r.local, root, r.start, r.end, r.angle, r.dir, r.scale, r.animAngle, r.animDir)
	for i := range r.limbs {
		if r.limbs[i].solve(r, dt) {
			r.fkBones(r.def.limbs[i].subtree, r.local, root, r.start, r.end, r.angle, r.dir, r.scale)
		}
	}
	for _, c := range r.secondary {
		c.Update(dt)
	}
	if num.FiniteVec(r.Position) {
		r.lastPos, r.hasLast = r.Position, true
	}
}

// shiftPosition moves Position by d without it counting as motion: the
// last position moves too, so the rig's measured velocity (a walk cycle's
// speed) sees no jump. Controllers that move a body offset into Position
// (Climber.Handoff, Mantler.Start) use it.
func (r *Rig) shiftPosition(d mgl64.Vec2) {
	if !num.FiniteVec(d) {
		return
	}
	r.Position = r.Position.Add(d)
	if r.hasLast {
		r.lastPos = r.lastPos.Add(d)
	}
}

// fk computes character-frame transforms from local angles in one forward pass
// over the flat bone slice (parents come before children). scale is each
// bone's stretch along its length (nil: none). alt and altDir (nil: none)
// are another pass's angles and directions that the pass may take a bone's
// direction from (the final pose's pass takes those of the animated pose).
func (r *Rig) fk(local []float64, root mgl64.Vec2, start, end []mgl64.Vec2, angle []float64, dir []mgl64.Vec2, scale, alt []float64, altDir []mgl64.Vec2) {
	r.fkList(r.all, local, root, start, end, angle, dir, scale, alt, altDir)
}

// fkBones recomputes the transforms of the listed bones only, in the order
// given (a limb's subtree, parents first); the others are already current.
func (r *Rig) fkBones(bones []int, local []float64, root mgl64.Vec2, start, end []mgl64.Vec2, angle []float64, dir []mgl64.Vec2, scale []float64) {
	r.fkList(bones, local, root, start, end, angle, dir, scale, nil, nil)
}

// fkList computes the transform of each listed bone from its parent's, in
// the order given (parents first). It is one pass of loops, not a call per
// bone: the pass's eleven slices and vectors are passed once. A bone scaled
// along its length by scale[i] ends scale[i]*Length from its start, and
// its children's attachments stretch along it with it (the x of Attach,
// which runs along the parent bone, is scaled; y is not).
//
// A bone's direction (cos, sin) costs one Sincos of its angle, and none
// when the angle is bit for bit the one angle[i] held before (dir[i] is
// still its direction: a torso that keeps its lean, a bone IK left alone
// since the last pass), the one alt[i] holds (altDir[i] is its
// direction: in the final pose, every bone IK did not move) or its
// parent's (a bone in line with it). The result is the same either way.
// The angles and directions come first, in a loop of their own: a bone's
// Sincos then waits only for its angle (a sum), not for its parent's
// Sincos and joint, and the joints follow in a second loop, the same sums
// in the same order.
func (r *Rig) fkList(bones []int, local []float64, root mgl64.Vec2, start, end []mgl64.Vec2, angle []float64, dir []mgl64.Vec2, scale, alt []float64, altDir []mgl64.Vec2) {
	defs := r.def.bones
	turn := r.turnAngle
	for _, i := range bones {
		var a float64
		p := defs[i].Parent
		if p < 0 {
			a = local[i] + turn // a root bone turns with the body (r.turn)
		} else {
			a = angle[p] + local[i]
		}
		switch bits := math.Float64bits(a); {
		case bits == math.Float64bits(angle[i]) && a == a:
			// dir[i] is already this angle's direction.
		case alt != nil && bits == math.Float64bits(alt[i]) && a == a:
			dir[i][0], dir[i][1] = altDir[i][0], altDir[i][1]
		case p >= 0 && bits == math.Float64bits(angle[p]) && a == a:
			// In line with its parent (a hand at rest on its forearm).
			dir[i][0], dir[i][1] = dir[p][0], dir[p][1]
		default:
			s, c := math.Sincos(a)
			dir[i][0], dir[i][1] = c, s
		}
		angle[i] = a
	}
	tc, ts := r.turn[0], r.turn[1]
	for _, i := range bones {
		b := &defs[i]
		length := b.Length
		if scale != nil {
			length *= scale[i]
		}
		var sx, sy float64
		if p := b.Parent; p < 0 {
			// A root bone hangs from the body's origin, turned by r.turn.
			ax, ay := b.Attach[0], b.Attach[1]
			sx, sy = root[0]+ax*tc-ay*ts, root[1]+ax*ts+ay*tc
		} else {
			c, s := dir[p][0], dir[p][1]
			ax, ay := b.Attach[0], b.Attach[1]
			if scale != nil {
				ax *= scale[p]
			}
			sx, sy = start[p][0]+ax*c-ay*s, start[p][1]+ax*s+ay*c
		}
		start[i][0], start[i][1] = sx, sy
		end[i][0], end[i][1] = sx+length*dir[i][0], sy+length*dir[i][1]
	}
}

// keyIK asks an IKSource for this frame's keyed IK (step 3 of the frame,
// after the pose) and sanitises it: non-finite targets key no target,
// weights and mixes are clamped to [0,1], bends are a sign or 0.
func (r *Rig) keyIK() {
	ks, ok := r.Source.(IKSource)
	if !ok || r.Source == nil {
		for i := range r.keys {
			r.keys[i] = LimbKey{}
		}
		return
	}
	ks.KeyIK(r, r.Time, r.keys)
	for i := range r.keys {
		k := &r.keys[i]
		k.Weight = num.Clamp01(k.Weight)
		if !num.FiniteVec(k.Target) {
			k.Target, k.Weight = mgl64.Vec2{}, 0
		}
		k.SetMix(k.Mix())
		switch {
		case k.Bend > 0:
			k.Bend = 1
		case k.Bend < 0:
			k.Bend = -1
		default:
			k.Bend = 0
		}
	}
}

// BoneScale returns bone i's stretch along its length in the final pose:
// 1 unless a limb with LimbDef.Stretch or Compress scaled it this frame.
// Its drawn length is BoneDef.Length times this.
func (r *Rig) BoneScale(i int) float64 { return r.scale[i] }

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
