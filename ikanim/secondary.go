package ikanim

import (
	"fmt"
	"slices"

	"github.com/go-gl/mathgl/mgl64"
)

// StageSecondary runs after the limbs have solved and the final pose's
// transforms are current: secondary motion (SpringBones) reads the solved
// pose, moves its own bones (which no limb may own) and updates their
// transforms. It is the last step of a rig's frame.
const StageSecondary Stage = StageControl + 1

// SpringBones is secondary motion on a chain of a rig's bones (a tail, a
// ponytail, ears, a scarf): a SpringChain whose root follows the chain's
// first joint, whose base follows the parent bone, and whose goals are
// the bones' animated local angles each frame, written back into the pose
// after the limbs have solved (StageSecondary). Add it with Rig.Add.
//
// The embedded SpringChain holds the settings (Stiffness, Damping,
// Gravity, Wind, Radius, Step, Weight): the bones' BoneDef.Limit are the
// joints' limits. The chain simulates in the world, so gravity, wind and
// the ground act in world axes whichever way the character faces; a
// change of Facing resets it to the animated pose. Update does not
// allocate.
type SpringBones struct {
	SpringChain
	rig     *Rig
	bones   []int
	subtree []int
}

// NewSpringBones makes secondary motion for the named bones of r, root
// to tip: each bone after the first must be the child of the one before
// it, attached at its end, with a positive length, and no bone may belong
// to a limb (whose solve it would undo). ground, which may be nil, is what
// the bones collide with (see SpringChain). Errors name the bone and the
// rule.
func NewSpringBones(r *Rig, ground Ground, bones ...string) (*SpringBones, error) {
	if r == nil {
		return nil, fmt.Errorf("ikanim: NewSpringBones: nil Rig")
	}
	if len(bones) == 0 {
		return nil, errNoBones
	}
	def := r.def
	s := &SpringBones{rig: r}
	joints := make([]SpringJoint, len(bones))
	for k, name := range bones {
		where := fmt.Sprintf("ikanim: NewSpringBones: bones[%d] %q", k, name)
		bi := def.BoneIndex(name)
		if bi < 0 {
			return nil, fmt.Errorf("%s is not a bone of the rig", where)
		}
		b := def.bones[bi]
		if k > 0 {
			prev := s.bones[k-1]
			if b.Parent != prev {
				return nil, fmt.Errorf("%s is not the child of %q", where, bones[k-1])
			}
			if want := (mgl64.Vec2{def.bones[prev].Length, 0}); !b.Attach.ApproxEqualThreshold(want, 1e-9) {
				return nil, fmt.Errorf("%s is attached at %v, not at the end of %q %v", where, b.Attach, bones[k-1], want)
			}
		}
		for li := range def.limbs {
			if slices.Contains(def.limbs[li].bones, bi) {
				return nil, fmt.Errorf("%s belongs to limb %q", where, def.limbs[li].Name)
			}
		}
		joints[k] = SpringJoint{Length: b.Length, Rest: b.Rest, Limit: b.Limit}
		s.bones = append(s.bones, bi)
	}
	chain, err := NewSpringChain(ground, joints...)
	if err != nil {
		return nil, fmt.Errorf("ikanim: NewSpringBones: %w", err)
	}
	s.SpringChain = *chain
	s.subtree = def.subtreeOf(s.bones[0])
	return s, nil
}

// Stage implements Controller: StageSecondary.
func (s *SpringBones) Stage() Stage { return StageSecondary }

// Update implements Controller: it reads the bones' solved pose, advances
// the chain by dt and writes the simulated local angles back, updating the
// transforms of the chain and the bones hanging from it.
func (s *SpringBones) Update(dt float64) {
	r := s.rig
	first := s.bones[0]
	parentAngle := 0.0
	if p := r.def.bones[first].Parent; p >= 0 {
		parentAngle = r.angle[p]
	}
	s.Mirror = r.Facing == FacingLeft
	for k, b := range s.bones {
		s.SetGoal(k, r.local[b])
	}
	s.SpringChain.Update(dt, r.frame.toWorld(r.start[first]), r.frame.angleToWorld(parentAngle))
	for k, b := range s.bones {
		r.local[b] = s.LocalAngle(k)
	}
	r.fkBones(s.subtree, r.local, r.animRoot.Add(r.BodyOffset), r.start, r.end, r.angle, r.dir, r.scale)
}
