package ikanim

import (
	"errors"
	"fmt"
	"sort"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/ikanim/kit/ikanim/ik"

	"github.com/ikanim/kit/ikanim/internal/num"
)

// BoneDef defines one bone of a rig.
//
// Positions and angles are in the character frame: the rig as authored facing
// right with up = (0,-1), origin at the character's Position (for a biped, the
// ground point between its feet), x forward, y down, angles clockwise on screen.
type BoneDef struct {
	Name string
	// Parent is the index of the parent bone, or -1 for a root. Parents come
	// before their children in the bone slice.
	Parent int
	// Attach is where the bone starts: in the parent's frame (x along the
	// parent bone from its start joint, y to its clockwise side), or in the
	// character frame for a root. A bone continuing its parent has
	// Attach = (parent Length, 0).
	Attach mgl64.Vec2
	// Length is the bone's length, >= 0 (0 for a bone that is only a pivot).
	Length float64
	// Rest is the rest local angle, relative to the parent's direction (for a
	// root, to the character's forward axis).
	Rest float64
	// Limit bounds the local angle in IK solves (zero value: unlimited).
	Limit ik.Limit
	// Sprite is drawn on the bone (zero value: nothing drawn). The sprite is
	// stretched along the bone when its Length differs from the bone's.
	Sprite Sprite
	// Layer orders drawing: lower layers first, ties in bone order.
	Layer int
	// Tint multiplies the sprite's colour (zero value: unchanged), e.g. to
	// darken the far limbs of a side-view character.
	Tint ebiten.ColorScale
}

// SolverKind selects the IK solver of a limb.
type SolverKind uint8

const (
	// SolveTwoBone is the analytic two-bone solver (legs, arms). The zero value.
	SolveTwoBone SolverKind = iota
	// SolveFABRIK is FABRIK for chains of any length (tails, tentacles, spines).
	SolveFABRIK
	// SolveCCD is cyclic coordinate descent (tails, whips, stiff chains).
	SolveCCD
	// SolveLookAt turns the chain so the last bone points at the target
	// (heads, spine-neck-head aims, turrets).
	SolveLookAt
	// SolveArmAim is the arm-aim variant of the two-bone solver: the arm
	// stretches to AimReach of its length toward the target, then turns
	// so its forearm's line passes through it (an arm holding a gun or a
	// torch). It needs exactly two bones.
	SolveArmAim
)

func (k SolverKind) String() string {
	switch k {
	case SolveTwoBone:
		return "two-bone"
	case SolveFABRIK:
		return "FABRIK"
	case SolveCCD:
		return "CCD"
	case SolveLookAt:
		return "look-at"
	case SolveArmAim:
		return "arm-aim"
	}
	return fmt.Sprintf("SolverKind(%d)", k)
}

// LimbDef names a chain of bones solved together toward a target: a leg, an
// arm, a tail, a tentacle, a neck.
type LimbDef struct {
	Name string
	// Bones lists the chain root to tip; each bone is the child of the one
	// before it and attached at its end. SolveTwoBone and SolveArmAim need
	// exactly two.
	Bones []string
	// Solver picks the solver (default two-bone).
	Solver SolverKind
	// Bend is the two-bone (and arm-aim) bend side: +1 puts the middle joint on the
	// clockwise side of the root->target line, -1 on the other (0 means +1).
	// It is given for the right-facing character; facing left mirrors it.
	Bend float64
	// BendFromPose takes a two-bone (or arm-aim) limb's bend side from the
	// animated pose each frame, as the humanoid foot-IK article does: the
	// side the animation puts the middle joint on (knee or elbow) relative
	// to its root->tip line. While the animated limb is nearly straight
	// (the middle joint within 2 % of the line's length of it) the last
	// side is kept, so the knee does not flip; Bend is the side before the
	// first bent frame. A keyed bend and Limb.Bend still override it.
	BendFromPose bool
	// Effector optionally names the bone after the chain's tip (a foot, a
	// hand) whose world angle is kept at its animated value plus the limb's
	// EffectorRotation, so a foot keeps its animated angle when the leg moves.
	Effector string
	// Tolerance and MaxIterations tune FABRIK and CCD (0 = the solver defaults:
	// 0.01 px, and ik.DefaultFABRIKIterations or ik.DefaultCCDIterations).
	Tolerance     float64
	MaxIterations int
	// Weights are CCD's per-bone weights or LookAt's share of the rotation
	// per bone (nil = the solver default).
	Weights []float64
	// Axis is LookAt's pointing direction in the last bone's frame (0 = along
	// the bone).
	Axis float64
	// AimReach is ArmAim's stretch toward the target as a fraction of the
	// arm's full reach, in (0,1) (0 = ik.DefaultArmReach).
	AimReach float64
	// FadeIn and FadeOut are the seconds the limb's weight takes to go from 0
	// to 1 and back (0 = at once). The blend follows a smoothstep, so IK eases
	// in and out without pops.
	FadeIn, FadeOut float64
	// Stretch lets the limb's bones grow along their length to reach a
	// target beyond the chain's reach, up to this factor (1.25: 25%
	// longer); the default, 0, and 1 keep the lengths. A two-bone limb
	// scales both bones by the same factor (ik.TwoBone's Stretch); a
	// one-bone look-at limb with Axis 0 scales its bone so the tip lands
	// on the target (Spine's one-bone stretch). The scale fades with the
	// limb's weight, and FK, children's attachments and sprites follow
	// it (see Rig.BoneScale). Other solvers cannot stretch.
	Stretch float64
	// Compress lets a one-bone look-at limb with Axis 0 shorten its bone,
	// down to this factor of its length, so the tip lands on a target
	// nearer than the bone's length (Spine's one-bone compress); the
	// default, 0, and 1 keep the length. Other solvers cannot compress.
	Compress float64
}

// RigDef is an immutable, validated rig definition: bones, limbs, draw order.
// Many Rig instances share one RigDef. Build it with NewRigDef.
type RigDef struct {
	bones     []BoneDef
	limbs     []limbDef
	byName    map[string]int
	limbIndex map[string]int
	drawOrder []int
	children  [][]int
}

// limbDef is a validated LimbDef with its bones resolved to indices and its
// ik.Chain built once.
type limbDef struct {
	LimbDef
	bones    []int
	effector int // -1 when none
	chain    *ik.Chain
	// subtree is the chain's first bone and all its descendants, in index
	// order: the bones whose transforms a solve of this limb changes.
	subtree []int
}

// MaxStretch is the largest LimbDef.Stretch factor.
const MaxStretch = 10

// MaxBones bounds a rig definition (a sanity limit for definitions read from files).
const MaxBones = 4096

// NewRigDef validates bones and limbs and builds a definition. Errors name the
// bone or limb (index and name) and the field at fault.
func NewRigDef(bones []BoneDef, limbs []LimbDef) (*RigDef, error) {
	if len(bones) == 0 {
		return nil, errors.New("ikanim: NewRigDef: no bones")
	}
	if len(bones) > MaxBones {
		return nil, fmt.Errorf("ikanim: NewRigDef: %d bones, more than MaxBones (%d)", len(bones), MaxBones)
	}
	d := &RigDef{
		bones:     append([]BoneDef(nil), bones...),
		byName:    make(map[string]int, len(bones)),
		limbIndex: make(map[string]int, len(limbs)),
		children:  make([][]int, len(bones)),
	}
	for i, b := range bones {
		where := fmt.Sprintf("ikanim: bone %d (%q)", i, b.Name)
		switch {
		case b.Name == "":
			return nil, fmt.Errorf("%s: Name is empty", where)
		case b.Parent < -1 || b.Parent >= i:
			return nil, fmt.Errorf("%s: Parent %d must be -1 or the index of an earlier bone", where, b.Parent)
		case !num.Finite(b.Length) || b.Length < 0:
			return nil, fmt.Errorf("%s: Length %v must be finite and >= 0", where, b.Length)
		case !num.Finite(b.Rest):
			return nil, fmt.Errorf("%s: Rest %v is not finite", where, b.Rest)
		case !num.FiniteVec(b.Attach):
			return nil, fmt.Errorf("%s: Attach %v is not finite", where, b.Attach)
		}
		if _, dup := d.byName[b.Name]; dup {
			return nil, fmt.Errorf("%s: Name is used by an earlier bone", where)
		}
		if l := b.Limit; l.Enabled && (!num.Finite(l.Min) || !num.Finite(l.Max) || l.Min > l.Max) {
			return nil, fmt.Errorf("%s: Limit [%v, %v] must be finite with Min <= Max", where, l.Min, l.Max)
		}
		d.byName[b.Name] = i
		if b.Parent >= 0 {
			d.children[b.Parent] = append(d.children[b.Parent], i)
		}
	}
	for li, l := range limbs {
		ld, err := d.buildLimb(li, l)
		if err != nil {
			return nil, err
		}
		ld.subtree = d.subtreeOf(ld.bones[0])
		d.limbIndex[l.Name] = li
		d.limbs = append(d.limbs, ld)
	}
	d.drawOrder = make([]int, len(bones))
	for i := range d.drawOrder {
		d.drawOrder[i] = i
	}
	sort.SliceStable(d.drawOrder, func(a, b int) bool {
		return d.bones[d.drawOrder[a]].Layer < d.bones[d.drawOrder[b]].Layer
	})
	return d, nil
}

func (d *RigDef) buildLimb(li int, l LimbDef) (limbDef, error) {
	where := fmt.Sprintf("ikanim: limb %d (%q)", li, l.Name)
	ld := limbDef{LimbDef: l, effector: -1}
	ld.Bones = append([]string(nil), l.Bones...)
	ld.Weights = append([]float64(nil), l.Weights...)
	switch {
	case l.Name == "":
		return ld, fmt.Errorf("%s: Name is empty", where)
	case len(l.Bones) == 0:
		return ld, fmt.Errorf("%s: Bones is empty", where)
	case l.Solver > SolveArmAim:
		return ld, fmt.Errorf("%s: Solver %v is unknown", where, l.Solver)
	case (l.Solver == SolveTwoBone || l.Solver == SolveArmAim) && len(l.Bones) != 2:
		return ld, fmt.Errorf("%s: Bones has %d bones, the %v solver needs 2", where, len(l.Bones), l.Solver)
	case !num.Finite(l.AimReach) || l.AimReach < 0 || l.AimReach >= 1:
		return ld, fmt.Errorf("%s: AimReach %v must be in [0, 1)", where, l.AimReach)
	case !num.Finite(l.Bend) || !num.Finite(l.Axis) || !num.Finite(l.Tolerance) || l.Tolerance < 0:
		return ld, fmt.Errorf("%s: Bend, Axis and Tolerance must be finite (Tolerance >= 0)", where)
	case !num.Finite(l.FadeIn) || !num.Finite(l.FadeOut) || l.FadeIn < 0 || l.FadeOut < 0:
		return ld, fmt.Errorf("%s: FadeIn %v and FadeOut %v must be finite and >= 0", where, l.FadeIn, l.FadeOut)
	case l.MaxIterations < 0:
		return ld, fmt.Errorf("%s: MaxIterations %d must be >= 0", where, l.MaxIterations)
	case !num.Finite(l.Stretch) || (l.Stretch != 0 && (l.Stretch < 1 || l.Stretch > MaxStretch)):
		return ld, fmt.Errorf("%s: Stretch %v must be 0 (off) or in [1, %v]", where, l.Stretch, float64(MaxStretch))
	case !num.Finite(l.Compress) || l.Compress < 0 || l.Compress > 1:
		return ld, fmt.Errorf("%s: Compress %v must be 0 (off) or in (0, 1]", where, l.Compress)
	}
	oneBone := l.Solver == SolveLookAt && len(l.Bones) == 1 && l.Axis == 0
	if l.Stretch > 1 && l.Solver != SolveTwoBone && !oneBone {
		return ld, fmt.Errorf("%s: Stretch needs the two-bone solver or a one-bone look-at limb with Axis 0 (the %v solver cannot stretch)", where, l.Solver)
	}
	if l.Compress > 0 && l.Compress < 1 && !oneBone {
		return ld, fmt.Errorf("%s: Compress needs a one-bone look-at limb with Axis 0", where)
	}
	if _, dup := d.limbIndex[l.Name]; dup {
		return ld, fmt.Errorf("%s: Name is used by an earlier limb", where)
	}
	chainBones := make([]ik.Bone, len(l.Bones))
	for k, name := range l.Bones {
		bi, ok := d.byName[name]
		if !ok {
			return ld, fmt.Errorf("%s: Bones[%d] %q is not a bone of the rig", where, k, name)
		}
		b := d.bones[bi]
		if k > 0 {
			prev := ld.bones[k-1]
			if b.Parent != prev {
				return ld, fmt.Errorf("%s: Bones[%d] %q is not the child of %q", where, k, name, l.Bones[k-1])
			}
			if want := (mgl64.Vec2{d.bones[prev].Length, 0}); !b.Attach.ApproxEqualThreshold(want, 1e-9) {
				return ld, fmt.Errorf("%s: Bones[%d] %q is attached at %v, not at the end of %q %v", where, k, name, b.Attach, l.Bones[k-1], want)
			}
		}
		if b.Length <= 0 {
			return ld, fmt.Errorf("%s: Bones[%d] %q has Length %v; limb bones need a positive length", where, k, name, b.Length)
		}
		ld.bones = append(ld.bones, bi)
		chainBones[k] = ik.Bone{Name: b.Name, Length: b.Length, Rest: b.Rest, Limit: b.Limit}
	}
	if l.Effector != "" {
		ei, ok := d.byName[l.Effector]
		if !ok {
			return ld, fmt.Errorf("%s: Effector %q is not a bone of the rig", where, l.Effector)
		}
		if d.bones[ei].Parent != ld.bones[len(ld.bones)-1] {
			return ld, fmt.Errorf("%s: Effector %q is not a child of the tip bone %q", where, l.Effector, l.Bones[len(l.Bones)-1])
		}
		ld.effector = ei
	}
	chain, err := ik.NewChain(chainBones...)
	if err != nil {
		return ld, fmt.Errorf("%s: %w", where, err)
	}
	ld.chain = chain
	return ld, nil
}

// newSolver makes the solver a limb of this definition holds.
func (d *limbDef) newSolver() ik.Solver {
	switch d.Solver {
	case SolveFABRIK:
		return &ik.FABRIK{Tolerance: d.Tolerance, MaxIterations: d.MaxIterations}
	case SolveCCD:
		s := &ik.CCD{Tolerance: d.Tolerance, MaxIterations: d.MaxIterations}
		if len(d.Weights) > 0 {
			s.Weights = d.Weights
		}
		return s
	case SolveLookAt:
		s := &ik.LookAt{Axis: d.Axis, Tolerance: d.Tolerance}
		if len(d.Weights) > 0 {
			s.Weights = d.Weights
		}
		return s
	case SolveArmAim:
		return &ik.ArmAim{Reach: d.AimReach, Bend: d.Bend, Tolerance: d.Tolerance}
	}
	return &ik.TwoBone{Bend: d.Bend, Tolerance: d.Tolerance, Stretch: d.Stretch}
}

// subtreeOf lists bone i and its descendants in index order (parents come
// before children, so one pass over the later bones finds them all).
func (d *RigDef) subtreeOf(i int) []int {
	in := make([]bool, len(d.bones))
	in[i] = true
	out := []int{i}
	for j := i + 1; j < len(d.bones); j++ {
		if p := d.bones[j].Parent; p >= 0 && in[p] {
			in[j] = true
			out = append(out, j)
		}
	}
	return out
}

// NumBones returns the number of bones.
func (d *RigDef) NumBones() int { return len(d.bones) }

// BoneDef returns bone i's definition. It panics if i is out of range.
func (d *RigDef) BoneDef(i int) BoneDef { return d.bones[i] }

// BoneIndex returns the index of the named bone, or -1.
func (d *RigDef) BoneIndex(name string) int {
	if i, ok := d.byName[name]; ok {
		return i
	}
	return -1
}

// NumLimbs returns the number of limbs.
func (d *RigDef) NumLimbs() int { return len(d.limbs) }

// LimbDef returns limb i's definition. It panics if i is out of range.
func (d *RigDef) LimbDef(i int) LimbDef { return d.limbs[i].LimbDef }

// LimbIndex returns the index of the named limb, or -1.
func (d *RigDef) LimbIndex(name string) int {
	if i, ok := d.limbIndex[name]; ok {
		return i
	}
	return -1
}
