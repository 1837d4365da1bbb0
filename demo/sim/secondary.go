package sim

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim"
	"github.com/ikanim/kit/ikanim/creature"
	"github.com/ikanim/kit/ikanim/ik"
)

// Secondary motion of the demo's characters: a scarf on the humanoid
// (SpringBones on bones of its own) and antennae on the spiders (standalone
// SpringChains rooted on the body). Neither touches what the scenes measure:
// the scarf's bones come after the biped's, whose joint pops the scenes
// meter on their own (bipedBones), and the antennae are not legs.

// The scarf: scarfBones bones of scarfLink px from the back of the neck.
const (
	scarfBones = 4
	scarfLink  = 9.0
)

// ScarfBone is the name of the scarf's bone i (0 at the neck).
func ScarfBone(i int) string { return [...]string{"scarf0", "scarf1", "scarf2", "scarf3"}[i] }

// bipedBones is how many bones the biped template has: the scenes meter
// joint pops over these (the scarf's are springs, measured apart).
var bipedBones = len(ikanim.BipedBones(ikanim.BipedSizes{}, ikanim.BipedSprites{}))

// scarfDefs returns the scarf's bones for a biped whose torso (bone 0) is
// torsoLen long: from the back of the neck (4 px below the torso's end),
// trailing back and down, each a little more. The first bone's Parent is
// the torso; the others' are left for the caller.
func scarfDefs(torsoLen float64, sp ikanim.Sprite) []ikanim.BoneDef {
	const torso = 0 // the template's first bone
	lim := func(deg float64) ik.Limit {
		return ik.Limit{Min: -deg * math.Pi / 180, Max: deg * math.Pi / 180, Enabled: true}
	}
	var bones []ikanim.BoneDef
	for i := 0; i < scarfBones; i++ {
		b := ikanim.BoneDef{Name: ScarfBone(i), Attach: mgl64.Vec2{scarfLink, 0}, Length: scarfLink, Rest: -0.12, Limit: lim(70), Sprite: sp}
		if i == 0 {
			// From the neck, backward (the torso points up, so -pi/2 turns
			// it back) and 20 degrees down; behind the torso, before the
			// far arm.
			b.Parent, b.Attach, b.Rest = torso, mgl64.Vec2{torsoLen - 4, -3}, -math.Pi/2-0.35
			b.Limit = ik.Limit{Min: -math.Pi/2 - 2.4, Max: -math.Pi/2 + 1.2, Enabled: true}
		}
		b.Layer = -3 // behind the far arm
		bones = append(bones, b)
	}
	return bones
}

// scarfBipedDef builds the humanoid with a scarf: the biped template's
// bones and limbs, then the scarf's bones.
func (a *Art) scarfBipedDef() (*ikanim.RigDef, error) {
	bones := ikanim.BipedBones(ikanim.BipedSizes{}, a.Biped)
	n := len(bones)
	scarf := scarfDefs(bones[0].Length, a.Scarf)
	for i := range scarf {
		if i > 0 {
			scarf[i].Parent = n + i - 1
		}
	}
	return ikanim.NewRigDef(append(bones, scarf...), ikanim.BipedLimbs())
}

// The scarf's springs: loose enough to trail and flap, stiff enough to keep
// its shape; gravity and the ground act on it.
const (
	scarfStiffness = 90.0
	scarfDamping   = 14.0
	scarfGravity   = 260.0
	scarfRadius    = 2.0
)

// addScarf puts the scarf's springs on r (a rig of scarfBipedDef) and
// returns them; ground, which may be nil, is what the scarf collides with.
func addScarf(r *ikanim.Rig, ground ikanim.Ground) (*ikanim.SpringBones, error) {
	names := make([]string, scarfBones)
	for i := range names {
		names[i] = ScarfBone(i)
	}
	s, err := ikanim.NewSpringBones(r, ground, names...)
	if err != nil {
		return nil, err
	}
	s.Stiffness, s.Damping, s.Radius = scarfStiffness, scarfDamping, scarfRadius
	s.Gravity = mgl64.Vec2{0, scarfGravity}
	r.Add(s)
	return s, nil
}

// Antennae: two springy feelers on a spider's head.
const (
	antennaLinks = 3
	antennaLink  = 7.0
	// antennaAhead and antennaUp place their roots on the head, px along
	// the body's forward and up from its centre.
	antennaAhead = 19.0
	antennaUp    = 3.0
)

// Antennae are a creature's two feelers: SpringChains whose roots ride on
// its head and whose goal pose points them up and forward; they lag and
// bob as the body moves. Joints gives their points for drawing.
type Antennae struct {
	c     *creature.Creature
	Chain [2]*ikanim.SpringChain // near, far
}

// newAntennae makes a creature's antennae (ground, which may be nil, is
// what they collide with).
func newAntennae(c *creature.Creature, ground ikanim.Ground) (*Antennae, error) {
	a := &Antennae{c: c}
	for k := range a.Chain {
		lift := -0.55 - 0.3*float64(k) // the far one stands up more
		joints := make([]ikanim.SpringJoint, antennaLinks)
		for i := range joints {
			joints[i] = ikanim.SpringJoint{Length: antennaLink, Rest: 0.28, Stiffness: 1 + 0.5*float64(antennaLinks-1-i)}
		}
		joints[0].Rest = lift
		ch, err := ikanim.NewSpringChain(ground, joints...)
		if err != nil {
			return nil, err
		}
		ch.Stiffness, ch.Damping, ch.Radius = 220, 9, 1
		ch.Gravity = mgl64.Vec2{0, 200}
		a.Chain[k] = ch
	}
	return a, nil
}

// Update moves the antennae with the creature's head (after its Update).
func (a *Antennae) Update(dt float64) {
	c := a.c
	fwd := c.Forward()
	right, up := c.Right(), c.Up()
	// While the creature turns round, its head passes the middle.
	root := c.Position().Add(right.Mul(antennaAhead * c.Turn())).Add(up.Mul(antennaUp))
	base := math.Atan2(fwd[1], fwd[0])
	for k, ch := range a.Chain {
		ch.Mirror = c.Facing() == ikanim.FacingLeft
		side := up.Mul(0.8 * float64(k)) // the far one a little higher
		ch.Update(dt, root.Add(side), base)
	}
}
