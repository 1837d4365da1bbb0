package spine

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim"
)

// MaxSpriteSide is the largest width or height, px, Build draws a slot's
// image at.
const MaxSpriteSide = 8192

// Model is an imported skeleton ready for rigs: its definition with the
// sprites attached, and one clip per animation. Many rigs share a Model.
type Model struct {
	// Skeleton is the imported skeleton.
	Skeleton *Skeleton
	// Def is the rig definition: Skeleton.Bones with sprites, and
	// Skeleton.Limbs.
	Def *ikanim.RigDef
	// Clips[i] plays Skeleton.Animations[i].
	Clips []*ikanim.Clip
}

// Build attaches the slots' images and makes the definition and the clips.
// sprites resolves each slot's Region (an Atlas's Sprites, or any
// SpriteSource; nil: nothing is drawn); the source's Pivot and Length are
// not used: a region is drawn centred on its slot's bone at Slot.Size,
// and an image of another size is scaled to it (FlipY mirrors it) by
// drawing it into a new image, the only step here that draws.
func (s *Skeleton) Build(sprites ikanim.SpriteSource) (*Model, error) {
	bones := append([]ikanim.BoneDef(nil), s.Bones...)
	if sprites != nil {
		for _, sl := range s.Slots {
			sp, err := sprites.Sprite(sl.Region)
			if err != nil {
				return nil, fmt.Errorf("spine: slot %q: region %q: %v", sl.Name, sl.Region, err)
			}
			if sp.Image == nil {
				continue
			}
			img := sp.Image
			b := img.Bounds()
			if !(sl.Size[0] <= MaxSpriteSide && sl.Size[1] <= MaxSpriteSide) {
				return nil, fmt.Errorf("spine: slot %q: drawn at %.0fx%.0f px, more than %d a side", sl.Name, sl.Size[0], sl.Size[1], MaxSpriteSide)
			}
			if sl.FlipY || math.Abs(float64(b.Dx())-sl.Size[0]) > 1e-3 || math.Abs(float64(b.Dy())-sl.Size[1]) > 1e-3 {
				if img = fitImage(img, sl.Size[0], sl.Size[1], sl.FlipY); img == nil {
					continue // drawn at zero size
				}
			}
			bones[sl.Bone].Sprite = ikanim.Sprite{Image: img, Pivot: mgl64.Vec2{sl.Size[0] / 2, sl.Size[1] / 2}}
		}
	}
	def, err := ikanim.NewRigDef(bones, s.Limbs)
	if err != nil {
		return nil, fmt.Errorf("spine: %w", err)
	}
	m := &Model{Skeleton: s, Def: def}
	for _, a := range s.Animations {
		c, err := ikanim.ParseClip(a.Clip, def)
		if err != nil {
			return nil, fmt.Errorf("spine: animation %q: %w", a.Name, err)
		}
		m.Clips = append(m.Clips, c)
	}
	return m, nil
}

// Clip returns the clip of the named animation, or nil.
func (m *Model) Clip(name string) *ikanim.Clip {
	for i, a := range m.Skeleton.Animations {
		if a.Name == name {
			return m.Clips[i]
		}
	}
	return nil
}

// NewRig makes a rig of the model at its setup pose with an IKTargets
// controller added when the skeleton has IK constraints, so its limbs
// follow their Spine targets. Set its Source to one of Clips to animate it.
func (m *Model) NewRig() (*ikanim.Rig, error) {
	r, err := ikanim.NewRig(m.Def)
	if err != nil {
		return nil, err
	}
	if len(m.Skeleton.IK) > 0 {
		c, err := NewIKTargets(r, m)
		if err != nil {
			return nil, err
		}
		r.Add(c)
	}
	return r, nil
}
