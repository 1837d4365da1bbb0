package spine

import (
	"fmt"
	"io"
	"math"
	"sort"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim"
	"github.com/ikanim/kit/ikanim/internal/filefmt"
)

// Options tune Parse and Load. The zero value, or a nil *Options, means
// the defaults.
type Options struct {
	// Scale multiplies every position, length, attachment size and
	// translation as the skeleton is read, as Spine's runtimes'
	// SkeletonJson.scale does (0 means 1).
	Scale float64
	// BakeRate is how many samples per second the animation curves are
	// baked into clip keys at (0 means 60; at most 240). A long animation
	// is baked at a lower rate when its clip would exceed the clip limits.
	BakeRate float64
	// Once makes the clips play once and hold their last pose (the
	// default: they loop).
	Once bool
}

const (
	defaultBakeRate = 60
	maxBakeRate     = 240
)

// SlotPrefix begins the name of the bone a slot's sprite is drawn on.
const SlotPrefix = "slot:"

// Skeleton is a Spine skeleton converted to this module's conventions: a
// ready list of bone and limb definitions, the slots' sprites, the IK
// constraints' targets and the animations baked into clips, but no images
// yet (Build adds them). Bones[i] is Spine's bone i for every Spine bone;
// after them comes one bone per drawn slot (see Slot).
type Skeleton struct {
	// Version is the file's "spine" version ("" when it has none).
	Version string
	// Bones are the rig's bones: Spine's, in its order and with its
	// names, then one bone per drawn slot, named SlotPrefix + the slot's
	// name, whose Layer is the slot's place in the draw order.
	Bones []ikanim.BoneDef
	// NumSpineBones is the number of Spine's bones (the first ones in Bones).
	NumSpineBones int
	// Limbs are the IK constraints as limbs, in Spine's constraint order:
	// two-bone limbs for 2-bone constraints (Bend +1 for bendPositive),
	// look-at limbs for 1-bone ones.
	Limbs []ikanim.LimbDef
	// IK holds each limb's Spine constraint (IK[i] is Limbs[i]'s).
	IK []IKConstraint
	// Slots are the drawn slots, in draw order.
	Slots []Slot
	// Animations are Spine's animations in file order; Build makes one
	// ikanim.Clip of each.
	Animations []Animation
	// Skipped lists, one line each, what the file holds that is not
	// imported or only approximated (see the package documentation).
	Skipped []string

	opts   Options
	spine  []spineBone // per Spine bone
	anims  []*animData
	ikBone []int // per IK entry: index in the file's constraints
}

// Slot is a drawn slot: a region attachment on a bone of its own.
type Slot struct {
	// Name is the slot's name in Spine.
	Name string
	// Bone is the index in Skeleton.Bones of the bone its sprite is on.
	Bone int
	// Region is the name of the atlas region (the attachment's path) a
	// SpriteSource is asked for.
	Region string
	// Size is the size, px, the region is drawn at: the attachment's
	// width and height times its scale and its bone's.
	Size mgl64.Vec2
	// FlipY says the image is drawn mirrored across its x axis (a negative
	// scale or a mirrored bone).
	FlipY bool
}

// IKConstraint is the Spine side of an imported limb.
type IKConstraint struct {
	// Name is the constraint's (and the limb's) name.
	Name string
	// Target is the index in Skeleton.Bones of the target bone.
	Target int
	// Mix is the setup mix: the limb's weight when no IK timeline keys it.
	Mix float64
	// BendPositive is the setup bend direction (true: Bend +1).
	BendPositive bool
	// Softness is the setup softness, px (a two-bone limb eases into full
	// extension within it; see ik.TwoBone.Softness).
	Softness float64
}

// Animation is one of Spine's animations.
type Animation struct {
	// Name is the animation's name.
	Name string
	// Duration is its length in seconds: its last key over every
	// timeline, ignored ones included, as Spine reckons it.
	Duration float64
	// Clip is the animation baked into the JSON clip format of
	// ikanim.LoadClip: bone rotations, and the root bone's translation as
	// the clip's root offset.
	Clip []byte

	ik []ikTracks // per IK entry of the skeleton
}

// ikTracks are the keyed parts of one limb's constraint in one animation.
type ikTracks struct {
	mix, bend, soft *track // nil: the setup value
	tx, ty          *track // the target bone's translation, Spine's parent frame
}

// spineBone is what the runtime needs of a Spine bone.
type spineBone struct {
	sign     float64    // -1 when the parent's world transform is mirrored
	offset   [4]float64 // 2x2: a translation offset in Spine's parent frame -> the rig parent's frame
	restDeg  float64
	children int
}

// Load reads a Spine JSON skeleton of at most MaxBytes; see Parse.
func Load(r io.Reader, opts *Options) (*Skeleton, error) {
	data, err := filefmt.ReadAll(r, MaxBytes, "spine")
	if err != nil {
		return nil, err
	}
	return Parse(data, opts)
}

// Parse reads a Spine 4.x JSON skeleton and converts it (see the package
// documentation for what is imported). Errors name the JSON path of the
// value at fault.
func Parse(data []byte, opts *Options) (*Skeleton, error) {
	var o Options
	if opts != nil {
		o = *opts
	}
	if o.Scale == 0 {
		o.Scale = 1
	}
	if o.BakeRate == 0 {
		o.BakeRate = defaultBakeRate
	}
	switch {
	case !(o.Scale > 0) || o.Scale > maxScale:
		return nil, fmt.Errorf("spine: Options.Scale %v must be in (0, %g]", o.Scale, float64(maxScale))
	case !(o.BakeRate > 0) || o.BakeRate > maxBakeRate:
		return nil, fmt.Errorf("spine: Options.BakeRate %v must be in (0, %d]", o.BakeRate, maxBakeRate)
	}
	d, err := parseFile(data, o.Scale)
	if err != nil {
		return nil, fmt.Errorf("spine: %w", err)
	}
	s, err := convert(d, o)
	if err != nil {
		return nil, fmt.Errorf("spine: %w", err)
	}
	return s, nil
}

// affine is a Spine world transform: x' = a x + b y + x0, y' = c x + d y + y0
// (y up).
type affine struct{ a, b, c, d, x, y float64 }

func degSinCos(deg float64) (float64, float64) { return math.Sincos(deg * math.Pi / 180) }

// local returns the bone's local 2x2 matrix from a rotation (degrees
// counter-clockwise), scale and shear.
func local(rot, sx, sy, shx, shy float64) (la, lb, lc, ld float64) {
	s1, c1 := degSinCos(rot + shx)
	s2, c2 := degSinCos(rot + 90 + shy)
	return c1 * sx, c2 * sy, s1 * sx, s2 * sy
}

// setupWorld computes Spine's world transforms of the setup pose, one
// forward pass over the bones (parents first), with each bone's inherit
// mode:
//
//   - normal: W = P L, the parent's matrix times the local one;
//   - onlyTranslation: W = L, placed at the parent's transform of (x, y);
//   - noRotationOrReflection: the parent's matrix with its rotation and
//     reflection taken out (its x-axis scale kept, its y-axis scale the
//     determinant over it), times the local matrix turned back by the
//     parent's rotation;
//   - noScale, noScaleOrReflection: the local rotation carried through the
//     parent's matrix and normalised (scale taken out; noScale keeps a
//     reflection), then the local shear and scale.
func setupWorld(bones []boneData) []affine {
	w := make([]affine, len(bones))
	for i, b := range bones {
		la, lb, lc, ld := local(b.rotation, b.scaleX, b.scaleY, b.shearX, b.shearY)
		if b.parent < 0 {
			w[i] = affine{la, lb, lc, ld, b.x, b.y}
			continue
		}
		p := w[b.parent]
		o := affine{x: p.a*b.x + p.b*b.y + p.x, y: p.c*b.x + p.d*b.y + p.y}
		switch b.inherit {
		case inheritOnlyTranslation:
			o.a, o.b, o.c, o.d = la, lb, lc, ld
		case inheritNoRotationOrReflection:
			pa, pb, pc, pd := p.a, p.b, p.c, p.d
			var prx float64
			if s := pa*pa + pc*pc; s > 1e-4 {
				s = math.Abs(pa*pd-pb*pc) / s
				pb, pd = pc*s, pa*s
				prx = math.Atan2(pc, pa) * 180 / math.Pi
			} else {
				pa, pc = 0, 0
				prx = 90 - math.Atan2(pd, pb)*180/math.Pi
			}
			la, lb, lc, ld = local(b.rotation-prx, b.scaleX, b.scaleY, b.shearX, b.shearY)
			o.a, o.b = pa*la-pb*lc, pa*lb-pb*ld
			o.c, o.d = pc*la+pd*lc, pc*lb+pd*ld
		case inheritNoScale, inheritNoScaleOrReflection:
			sr, cr := degSinCos(b.rotation)
			za, zc := p.a*cr+p.b*sr, p.c*cr+p.d*sr
			if l := math.Hypot(za, zc); l > 1e-5 {
				za, zc = za/l, zc/l
			}
			s := math.Hypot(za, zc)
			if b.inherit == inheritNoScale && p.a*p.d-p.b*p.c < 0 {
				s = -s
			}
			r := math.Pi/2 + math.Atan2(zc, za)
			zb, zd := math.Cos(r)*s, math.Sin(r)*s
			la, lb, lc, ld = local(0, b.scaleX, b.scaleY, b.shearX, b.shearY)
			o.a, o.b = za*la+zb*lc, za*lb+zb*ld
			o.c, o.d = zc*la+zd*lc, zc*lb+zd*ld
		default:
			o.a, o.b = p.a*la+p.b*lc, p.a*lb+p.b*ld
			o.c, o.d = p.c*la+p.d*lc, p.c*lb+p.d*ld
		}
		w[i] = o
	}
	return w
}

// The conversion from Spine's frame to the character frame is the mirror
// y -> -y: a point (x, y) becomes (x, -y), a direction at angle t
// counter-clockwise becomes one at angle -t clockwise, which is the same
// number of radians in this module's convention (clockwise positive on a
// y-down screen). So every angle keeps its value once converted to
// radians and negated, every y is negated, and a picture looks the same on
// both screens. A local rotation r of a Spine bone (relative to its parent)
// turns it by -r in the rig, or by +r when the parent's world transform is
// itself mirrored (a negative scale).

func rotate(v mgl64.Vec2, a float64) mgl64.Vec2 {
	s, c := math.Sincos(a)
	return mgl64.Vec2{c*v[0] - s*v[1], s*v[0] + c*v[1]}
}

func convert(d *fileData, o Options) (*Skeleton, error) {
	n := len(d.bones)
	if n+len(d.slots) > ikanim.MaxBones {
		return nil, fmt.Errorf("bones and slots: %d bones and %d slots, more than %d together", n, len(d.slots), ikanim.MaxBones)
	}
	s := &Skeleton{Version: d.version, NumSpineBones: n, opts: o, spine: make([]spineBone, n), anims: d.anims}
	skip := func(format string, args ...any) { s.Skipped = append(s.Skipped, fmt.Sprintf(format, args...)) }
	s.Skipped = append(s.Skipped, d.skipped...)
	w := setupWorld(d.bones)

	// World placement of each bone in the character frame.
	pos := make([]mgl64.Vec2, n)
	theta := make([]float64, n) // direction of the bone's x axis
	length := make([]float64, n)
	for i, b := range d.bones {
		wi := w[i]
		pos[i] = mgl64.Vec2{wi.x, -wi.y}
		theta[i] = math.Atan2(-wi.c, wi.a)
		sx := math.Hypot(wi.a, wi.c)
		length[i] = b.length * sx
		if !(sx > 1e-9) {
			skip("bone %q: zero scale along its x axis: its angle is taken as 0", b.name)
			theta[i] = 0
		}
		ux2, vy2 := wi.a*wi.a+wi.c*wi.c, wi.b*wi.b+wi.d*wi.d
		if math.Abs(ux2-vy2) > 1e-6*(ux2+vy2) || math.Abs(wi.a*wi.b+wi.c*wi.d) > 1e-6*(ux2+vy2) {
			skip("bone %q: non-uniform scale or shear: exact at the setup pose, then turned as a rigid bone", b.name)
		}
		if b.inherit != inheritNormal {
			skip("bone %q: inherit mode %s: exact at the setup pose; animated parents then turn it as a normal child", b.name, inheritName(b.inherit))
		}
		if b.skinRequired {
			skip("bone %q: skin-required bone imported as an ordinary bone", b.name)
		}
		if p := b.parent; p >= 0 {
			s.spine[p].children++
			s.spine[i].sign = 1
			pw := w[p]
			if pw.a*pw.d-pw.b*pw.c < 0 {
				s.spine[i].sign = -1
			}
		} else {
			s.spine[i].sign = 1
		}
	}

	// IK constraints, in Spine's order. A two-bone limb needs its second
	// bone at the end of its first: the first bone's rig direction is
	// turned (by delta) to point at the second's start, and its length is
	// that distance. Spine measures the chain the same way (its two-bone
	// solve reaches from the parent to the child's position, then along
	// the child's length).
	order := make([]int, len(d.ik))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return d.ik[order[a]].order < d.ik[order[b]].order })
	delta := make([]float64, n)
	turned := make([]int, n) // the child a bone was turned toward, +1 (0: none)
	childAtEnd := make([]bool, n)
	usable := make([]bool, len(d.ik))
	for _, ci := range order {
		c := d.ik[ci]
		usable[ci] = true
		if c.skinRequired {
			skip("IK %q: active only with a skin: not imported", c.name)
			usable[ci] = false
			continue
		}
		if c.compress || c.stretch || c.uniform {
			skip("IK %q: compress, stretch and uniform ignored", c.name)
		}
		if len(c.bones) != 2 {
			continue
		}
		p, ch := c.bones[0], c.bones[1]
		v := pos[ch].Sub(pos[p])
		switch {
		case v.Len() < 1e-6:
			skip("IK %q: bone %q starts where its parent %q does: not imported", c.name, d.bones[ch].name, d.bones[p].name)
			usable[ci] = false
			continue
		case length[ch] < 1e-6:
			skip("IK %q: bone %q has no length: not imported", c.name, d.bones[ch].name)
			usable[ci] = false
			continue
		case turned[p] != 0 && turned[p] != ch+1:
			skip("IK %q: bone %q is already the first bone of another constraint: not imported", c.name, d.bones[p].name)
			usable[ci] = false
			continue
		}
		turned[p] = ch + 1
		delta[p] = math.Atan2(v[1], v[0]) - theta[p]
		length[p] = v.Len()
		childAtEnd[ch] = true
	}
	for _, ci := range order {
		c := d.ik[ci]
		if usable[ci] && len(c.bones) == 1 && length[c.bones[0]] < 1e-6 {
			length[c.bones[0]] = 1 // a pointer bone: the look-at solver needs a length, nothing else reads it
		}
	}

	// Bones.
	angle := make([]float64, n) // the rig's world angle of each bone
	for i := range angle {
		angle[i] = theta[i] + delta[i]
	}
	s.Bones = make([]ikanim.BoneDef, n, n+len(d.slots))
	for i, b := range d.bones {
		bd := ikanim.BoneDef{Name: b.name, Parent: b.parent, Length: length[i]}
		if p := b.parent; p < 0 {
			bd.Attach = pos[i]
			bd.Rest = math.Remainder(angle[i], 2*math.Pi)
		} else {
			bd.Attach = rotate(pos[i].Sub(pos[p]), -angle[p])
			bd.Rest = math.Remainder(angle[i]-angle[p], 2*math.Pi)
			if childAtEnd[i] {
				bd.Attach = mgl64.Vec2{length[p], 0}
			}
			// A translation offset (ox, oy) in Spine's parent frame moves
			// the bone by W_p (ox, oy) in Spine's world, (x, -y) of that in
			// the character frame, turned by -angle[p] into the rig
			// parent's frame.
			pw := w[p]
			sn, cs := math.Sincos(-angle[p])
			// F W_p = [a b; -c -d]; R(-angle) F W_p:
			s.spine[i].offset = [4]float64{
				cs*pw.a - sn*(-pw.c), cs*pw.b - sn*(-pw.d),
				sn*pw.a + cs*(-pw.c), sn*pw.b + cs*(-pw.d),
			}
		}
		if b.parent < 0 {
			s.spine[i].offset = [4]float64{1, 0, 0, -1} // the skeleton frame: y up
		}
		s.spine[i].restDeg = bd.Rest * 180 / math.Pi
		s.Bones[i] = bd
	}

	// Limbs.
	byName := make(map[string]bool, n)
	for _, b := range d.bones {
		byName[b.name] = true
	}
	for _, ci := range order {
		c := d.ik[ci]
		if !usable[ci] {
			continue
		}
		l := ikanim.LimbDef{Name: c.name}
		for _, b := range c.bones {
			l.Bones = append(l.Bones, d.bones[b].name)
		}
		if len(c.bones) == 2 {
			l.Solver = ikanim.SolveTwoBone
			l.Bend = -1
			if c.bendPositive {
				l.Bend = 1
			}
			// A child of the tip that does not inherit its parent's
			// rotation (a foot) keeps its world angle: the limb's effector.
			for j := c.bones[1] + 1; j < n; j++ {
				if b := d.bones[j]; b.parent == c.bones[1] && (b.inherit == inheritNoRotationOrReflection || b.inherit == inheritOnlyTranslation) {
					l.Effector = b.name
					break
				}
			}
		} else {
			l.Solver = ikanim.SolveLookAt
			l.Axis = -delta[c.bones[0]] // Spine's x axis in the rig bone's frame
		}
		s.Limbs = append(s.Limbs, l)
		s.IK = append(s.IK, IKConstraint{Name: c.name, Target: c.target, Mix: c.mix, BendPositive: c.bendPositive, Softness: c.softness})
		s.ikBone = append(s.ikBone, ci)
	}

	// Slots: one bone each, on the slot's bone, placed and turned as the
	// region attachment is.
	for si, sl := range d.slots {
		if sl.attachment == "" {
			continue
		}
		r := d.skin[si][sl.attachment]
		switch {
		case r == nil:
			skip("slot %q: setup attachment %q is not in the default skin: not drawn", sl.name, sl.attachment)
			continue
		case r.typ != "region":
			skip("slot %q: %s attachment %q not drawn (only region attachments are)", sl.name, r.typ, sl.attachment)
			continue
		case r.width <= 0 || r.height <= 0:
			skip("slot %q: region attachment %q has no width or height: not drawn", sl.name, sl.attachment)
			continue
		case r.sequence:
			skip("slot %q: attachment %q: sequence ignored, region %q drawn", sl.name, sl.attachment, r.path)
		}
		name := SlotPrefix + sl.name
		if byName[name] {
			return nil, fmt.Errorf("slots[%d]: the name %q of the slot's bone is taken by a bone", si, name)
		}
		byName[name] = true
		bw := w[sl.bone]
		sr, cr := degSinCos(r.rotation)
		ux, uy := cr*r.scaleX, sr*r.scaleX  // the image's +x in the bone's frame (y up)
		vx, vy := -sr*r.scaleY, cr*r.scaleY // the image's up
		Ux, Uy := bw.a*ux+bw.b*uy, bw.c*ux+bw.d*uy
		Vx, Vy := bw.a*vx+bw.b*vy, bw.c*vx+bw.d*vy
		centre := mgl64.Vec2{bw.a*r.x + bw.b*r.y + bw.x, -(bw.c*r.x + bw.d*r.y + bw.y)}
		right := mgl64.Vec2{Ux, -Uy} // the image's +x, character frame
		down := mgl64.Vec2{-Vx, Vy}  // the image's +y (rows go down), character frame
		phi := math.Atan2(right[1], right[0])
		size := mgl64.Vec2{snap(r.width * right.Len()), snap(r.height * down.Len())}
		flip := right[0]*down[1]-right[1]*down[0] < 0
		b := sl.bone
		bd := ikanim.BoneDef{
			Name:   name,
			Parent: b,
			Attach: rotate(centre.Sub(pos[b]), -angle[b]),
			Rest:   math.Remainder(phi-angle[b], 2*math.Pi),
			Layer:  si,
		}
		col := [4]float64{}
		for k := range col {
			col[k] = sl.color[k] * r.color[k]
		}
		if col != [4]float64{1, 1, 1, 1} {
			// ebiten's ColorScale applies to premultiplied colours.
			bd.Tint.Scale(float32(col[0]*col[3]), float32(col[1]*col[3]), float32(col[2]*col[3]), float32(col[3]))
		}
		s.Slots = append(s.Slots, Slot{Name: sl.name, Bone: len(s.Bones), Region: r.path, Size: size, FlipY: flip})
		s.Bones = append(s.Bones, bd)
	}

	// Animations.
	for _, a := range d.anims {
		an, err := s.bake(d, a)
		if err != nil {
			return nil, err
		}
		s.Animations = append(s.Animations, an)
		s.Skipped = append(s.Skipped, a.skipped...)
	}
	return s, nil
}

// snap rounds x to a whole number when it is within 1e-9 of one (sizes
// that trigonometry left a few ulps off).
func snap(x float64) float64 {
	if r := math.Round(x); math.Abs(x-r) < 1e-9 {
		return r
	}
	return x
}

func inheritName(m inherit) string {
	for name, v := range map[string]inherit{
		"onlyTranslation": inheritOnlyTranslation, "noRotationOrReflection": inheritNoRotationOrReflection,
		"noScale": inheritNoScale, "noScaleOrReflection": inheritNoScaleOrReflection,
	} {
		if v == m {
			return name
		}
	}
	return "normal"
}
