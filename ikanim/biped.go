package ikanim

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/ikanim/kit/ikanim/ik"
	"github.com/ikanim/kit/ikanim/internal/num"
)

// BipedSizes are the proportions of a side-view biped, in pixels. The zero
// value of a field means the default given in its comment.
type BipedSizes struct {
	Torso    float64 // hip to neck, default 40
	Neck     float64 // neck to head centre (the head bone), default 14
	Shoulder float64 // hip to shoulder along the torso, default 36
	UpperArm float64 // default 22
	Forearm  float64 // default 20
	Hand     float64 // default 7
	Thigh    float64 // default 30
	Shin     float64 // default 30
	Foot     float64 // ankle to toe, default 14
	Ankle    float64 // ankle height above the sole, default 5
	// KneeBend is the standing knee bend in radians (default 0.2): the hips
	// stand that much lower than a straight leg.
	KneeBend float64
}

func (s BipedSizes) withDefaults() BipedSizes {
	def := func(v *float64, d float64) {
		if *v == 0 {
			*v = d
		}
	}
	def(&s.Torso, 40)
	def(&s.Neck, 14)
	def(&s.Shoulder, 36)
	def(&s.UpperArm, 22)
	def(&s.Forearm, 20)
	def(&s.Hand, 7)
	def(&s.Thigh, 30)
	def(&s.Shin, 30)
	def(&s.Foot, 14)
	def(&s.Ankle, 5)
	def(&s.KneeBend, 0.2)
	return s
}

// BipedSprites are the sprite parts of a biped (any may be the zero Sprite).
// Near and far limbs share images; far limbs are tinted darker.
type BipedSprites struct {
	Torso, Head, UpperArm, Forearm, Hand, Thigh, Shin, Foot Sprite
}

// Bone and limb names of the biped template. "near" limbs are drawn in front
// of the torso, "far" limbs behind it.
const (
	BoneTorso        = "torso"
	BoneHead         = "head"
	BoneHips         = "hips"
	BoneThighNear    = "thigh.near"
	BoneShinNear     = "shin.near"
	BoneFootNear     = "foot.near"
	BoneThighFar     = "thigh.far"
	BoneShinFar      = "shin.far"
	BoneFootFar      = "foot.far"
	BoneUpperArmNear = "upperarm.near"
	BoneForearmNear  = "forearm.near"
	BoneHandNear     = "hand.near"
	BoneUpperArmFar  = "upperarm.far"
	BoneForearmFar   = "forearm.far"
	BoneHandFar      = "hand.far"

	LimbLegNear = "leg.near"
	LimbLegFar  = "leg.far"
	LimbArmNear = "arm.near"
	LimbArmFar  = "arm.far"
	LimbLook    = "look"
)

// FarTint darkens the far-side limbs of the biped template.
func FarTint() ebiten.ColorScale {
	var c ebiten.ColorScale
	c.Scale(0.62, 0.62, 0.7, 1)
	return c
}

// BipedHipHeight returns how high the hip joint stands above the soles in the
// rest pose of a biped with sizes s.
func BipedHipHeight(s BipedSizes) float64 {
	s = s.withDefaults()
	// Thigh and shin bend by KneeBend each way around a vertical line.
	return (s.Thigh+s.Shin)*math.Cos(s.KneeBend) + s.Ankle
}

// BipedBones returns the bone definitions of a side-view biped facing right,
// origin on the ground between its feet: torso up from the hip, head on the
// neck, a zero-length hips bone pointing down, two legs (thigh, shin, foot)
// from the hips and two arms (upper arm,
// forearm, hand) from the shoulder, each with human-like joint limits.
func BipedBones(sizes BipedSizes, sp BipedSprites) []BoneDef {
	s := sizes.withDefaults()
	far := FarTint()
	hip := BipedHipHeight(s)
	kb := s.KneeBend
	lim := func(minDeg, maxDeg float64) ik.Limit {
		return ik.Limit{Min: minDeg * math.Pi / 180, Max: maxDeg * math.Pi / 180, Enabled: true}
	}
	// Local angles: the torso points up (-pi/2) and the zero-length hips bone
	// turns back down (pi), so a thigh hanging straight down has local angle
	// 0 and its limits sit well inside (-pi, pi]. A right-facing thigh swings
	// forward with negative angles; at rest it tilts forward by the knee bend
	// and the shin bends back by twice that.
	leg := func(suffix string, layer int, tint ebiten.ColorScale) []BoneDef {
		return []BoneDef{
			{Name: "thigh" + suffix, Parent: 2, Length: s.Thigh, Rest: -kb, Limit: lim(-120, 60), Sprite: sp.Thigh, Layer: layer, Tint: tint},
			{Name: "shin" + suffix, Attach: mgl64.Vec2{s.Thigh, 0}, Length: s.Shin, Rest: 2 * kb, Limit: lim(0, 150), Sprite: sp.Shin, Layer: layer, Tint: tint},
			{Name: "foot" + suffix, Attach: mgl64.Vec2{s.Shin, 0}, Length: s.Foot, Rest: -math.Pi/2 - kb, Limit: lim(-150, -30), Sprite: sp.Foot, Layer: layer, Tint: tint},
		}
	}
	arm := func(suffix string, layer int, tint ebiten.ColorScale) []BoneDef {
		return []BoneDef{
			{Name: "upperarm" + suffix, Parent: 0, Attach: mgl64.Vec2{s.Shoulder, 0}, Length: s.UpperArm, Rest: math.Pi - 0.15, Sprite: sp.UpperArm, Layer: layer, Tint: tint},
			{Name: "forearm" + suffix, Attach: mgl64.Vec2{s.UpperArm, 0}, Length: s.Forearm, Rest: -0.35, Limit: lim(-150, 0), Sprite: sp.Forearm, Layer: layer, Tint: tint},
			{Name: "hand" + suffix, Attach: mgl64.Vec2{s.Forearm, 0}, Length: s.Hand, Rest: 0, Limit: lim(-80, 80), Sprite: sp.Hand, Layer: layer, Tint: tint},
		}
	}
	bones := []BoneDef{
		{Name: BoneTorso, Parent: -1, Attach: mgl64.Vec2{0, -hip}, Length: s.Torso, Rest: -math.Pi / 2, Sprite: sp.Torso, Layer: 0},
		{Name: BoneHead, Parent: 0, Attach: mgl64.Vec2{s.Torso, 0}, Length: s.Neck, Rest: 0, Limit: lim(-50, 50), Sprite: sp.Head, Layer: 1},
		{Name: BoneHips, Parent: 0, Length: 0, Rest: math.Pi},
	}
	add := func(part []BoneDef) {
		base := len(bones)
		for k := range part {
			if k > 0 {
				part[k].Parent = base + k - 1
			}
		}
		bones = append(bones, part...)
	}
	add(arm(".far", -2, far))
	add(leg(".far", -1, far))
	add(leg(".near", 2, ebiten.ColorScale{}))
	add(arm(".near", 3, ebiten.ColorScale{}))
	return bones
}

// BipedLimbs returns the limbs of the biped template: two-bone legs (knees
// bend forward) and arms (elbows bend back) with their feet and hands as
// effectors, and a look-at limb that turns the head so the face looks at
// the target. Legs fade in and out over 0.2 s.
func BipedLimbs() []LimbDef {
	return []LimbDef{
		{Name: LimbLegFar, Bones: []string{BoneThighFar, BoneShinFar}, Bend: -1, Effector: BoneFootFar, FadeIn: 0.2, FadeOut: 0.2},
		{Name: LimbLegNear, Bones: []string{BoneThighNear, BoneShinNear}, Bend: -1, Effector: BoneFootNear, FadeIn: 0.2, FadeOut: 0.2},
		{Name: LimbArmFar, Bones: []string{BoneUpperArmFar, BoneForearmFar}, Bend: 1, Effector: BoneHandFar, FadeIn: 0.25, FadeOut: 0.25},
		{Name: LimbArmNear, Bones: []string{BoneUpperArmNear, BoneForearmNear}, Bend: 1, Effector: BoneHandNear, FadeIn: 0.25, FadeOut: 0.25},
		// The head bone runs up the neck; the face looks along its clockwise
		// normal (forward for a right-facing character), Axis pi/2.
		{Name: LimbLook, Bones: []string{BoneHead}, Solver: SolveLookAt, Axis: math.Pi / 2, FadeIn: 0.3, FadeOut: 0.3},
	}
}

// NewBipedDef builds the biped template definition.
func NewBipedDef(sizes BipedSizes, sprites BipedSprites) (*RigDef, error) {
	if err := sizes.check(); err != nil {
		return nil, err
	}
	return NewRigDef(BipedBones(sizes, sprites), BipedLimbs())
}

// check reports the first size that is not finite or is negative (0 takes
// the default), or a KneeBend outside [0, pi/2), naming the field: an error
// from the bones built from it named a bone's Attach instead (a new
// user's trial).
func (s BipedSizes) check() error {
	for _, f := range []struct {
		name string
		v    float64
	}{
		{"Torso", s.Torso}, {"Neck", s.Neck}, {"Shoulder", s.Shoulder}, {"UpperArm", s.UpperArm},
		{"Forearm", s.Forearm}, {"Hand", s.Hand}, {"Thigh", s.Thigh}, {"Shin", s.Shin},
		{"Foot", s.Foot}, {"Ankle", s.Ankle},
	} {
		if !num.Finite(f.v) || f.v < 0 {
			return fmt.Errorf("ikanim: NewBipedDef: BipedSizes.%s: %v must be finite and not negative (0 takes the default)", f.name, f.v)
		}
	}
	if !num.Finite(s.KneeBend) || s.KneeBend < 0 || s.KneeBend >= math.Pi/2 {
		return fmt.Errorf("ikanim: NewBipedDef: BipedSizes.KneeBend: %v must be in [0, pi/2) radians (0 takes the default)", s.KneeBend)
	}
	return nil
}
