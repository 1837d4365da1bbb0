package spine

import (
	"errors"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim"
	"github.com/ikanim/kit/ikanim/ik"
)

// IKTargets is the Controller that drives the imported limbs the way
// Spine's IK constraints drive their bones. Every frame it sets each limb's
// Target to its target bone's position in the animated pose (with the
// body offset, and with the target's own keyed translation when the
// playing clip has one), its Weight so that the limb blends by the
// constraint's mix (linearly, as Spine does: the limb's smoothstep is
// undone), and a two-bone limb's bend direction and softness. Mix, bend
// and softness follow the IK timelines of the animation whose clip is the
// rig's Source, and their setup values otherwise. It runs in
// StageControl; add controllers that move BodyOffset before it. Update
// does not allocate.
type IKTargets struct {
	rig   *ikanim.Rig
	model *Model
	limbs []*ikanim.Limb
	ik    []IKConstraint // the constraints as built
	// The Spine bones of the definition, and scratch FK of them in the
	// character frame.
	parent []int
	attach []mgl64.Vec2
	rest   []float64
	local  []float64
	start  []mgl64.Vec2
	angle  []float64
}

// NewIKTargets returns the IK controller of a rig of m's definition. Add
// it with rig.Add (Model.NewRig does).
func NewIKTargets(r *ikanim.Rig, m *Model) (*IKTargets, error) {
	if r == nil || m == nil || r.Def() != m.Def {
		return nil, errors.New("spine: NewIKTargets: the rig is not one of the model's definition")
	}
	n := m.Skeleton.NumSpineBones
	c := &IKTargets{
		rig: r, model: m,
		ik:     append([]IKConstraint(nil), m.Skeleton.IK...),
		parent: make([]int, n),
		attach: make([]mgl64.Vec2, n),
		rest:   make([]float64, m.Def.NumBones()),
		local:  make([]float64, m.Def.NumBones()),
		start:  make([]mgl64.Vec2, n),
		angle:  make([]float64, n),
	}
	for i := range c.rest {
		b := m.Def.BoneDef(i)
		c.rest[i] = b.Rest
		if i < n {
			c.parent[i], c.attach[i] = b.Parent, b.Attach
		}
	}
	if len(c.ik) > m.Def.NumLimbs() {
		return nil, errors.New("spine: NewIKTargets: the definition has fewer limbs than the skeleton has IK constraints")
	}
	for i := range c.ik {
		c.limbs = append(c.limbs, r.LimbAt(i))
	}
	return c, nil
}

// Stage implements ikanim.Controller.
func (c *IKTargets) Stage() ikanim.Stage { return ikanim.StageControl }

// Update implements ikanim.Controller.
func (c *IKTargets) Update(float64) {
	r, m, s := c.rig, c.model, c.model.Skeleton
	def := m.Def
	n := len(c.start)
	anim := -1
	var clip *ikanim.Clip
	if cl, ok := r.Source.(*ikanim.Clip); ok {
		for i, x := range m.Clips {
			if x == cl {
				anim, clip = i, cl
				break
			}
		}
	}
	var root mgl64.Vec2
	if r.Source != nil {
		root = r.Source.Pose(def, r.Time, c.local)
	} else {
		copy(c.local, c.rest)
	}
	root = root.Add(r.BodyOffset)
	for i := 0; i < n; i++ {
		a := c.local[i]
		if math.IsNaN(a) || math.IsInf(a, 0) {
			a = c.rest[i]
		}
		p := c.parent[i]
		if p < 0 {
			c.start[i] = c.attach[i].Add(root)
			c.angle[i] = a
			continue
		}
		c.start[i] = c.start[p].Add(rotate(c.attach[i], c.angle[p]))
		c.angle[i] = c.angle[p] + a
	}
	t := 0.0
	if clip != nil {
		t = clipTime(clip, r.Time)
	}
	for k, ikc := range c.ik {
		mix, bend, soft := ikc.Mix, 1.0, ikc.Softness
		if !ikc.BendPositive {
			bend = -1
		}
		target := c.start[ikc.Target]
		if anim >= 0 {
			tr := &m.Skeleton.Animations[anim].ik[k]
			if tr.mix != nil {
				mix = tr.mix.at(t, mix)
			}
			if tr.bend != nil {
				bend = tr.bend.at(t, bend)
			}
			if tr.soft != nil {
				soft = tr.soft.at(t, soft)
			}
			if tr.tx != nil || tr.ty != nil {
				var ox, oy float64
				if tr.tx != nil {
					ox = tr.tx.at(t, 0)
				}
				if tr.ty != nil {
					oy = tr.ty.at(t, 0)
				}
				o := s.spine[ikc.Target].offset
				v := mgl64.Vec2{o[0]*ox + o[1]*oy, o[2]*ox + o[3]*oy}
				target = target.Add(rotate(v, c.angle[c.parent[ikc.Target]]))
			}
		}
		l := c.limbs[k]
		l.Target = r.ToWorld(target)
		l.Weight = unsmooth(mix)
		if bend < 0 {
			l.Bend = -1
		} else {
			l.Bend = 1
		}
		if tb, ok := l.Solver().(*ik.TwoBone); ok {
			tb.Softness = soft
		}
	}
}

// unsmooth inverts the smoothstep 3t^2 - 2t^3 a limb applies to its
// weight, so that the weight the limb blends with is Spine's mix, which
// blends linearly: t = 1/2 - sin(asin(1 - 2w)/3) on [0, 1].
func unsmooth(w float64) float64 {
	if !(w > 0) {
		return 0
	}
	if w >= 1 {
		return 1
	}
	return 0.5 - math.Sin(math.Asin(1-2*w)/3)
}

// clipTime maps a rig's time into the clip the way the clip does: wrapped
// for loops, clamped otherwise.
func clipTime(c *ikanim.Clip, t float64) float64 {
	if math.IsNaN(t) || math.IsInf(t, 0) {
		return 0
	}
	if c.Loop {
		t = math.Mod(t, c.Duration)
		if t < 0 {
			t += c.Duration
		}
		return t
	}
	return math.Max(0, math.Min(t, c.Duration))
}
