package ikanim

import "github.com/hajimehoshi/ebiten/v2"

// DrawOptions are the options of Rig.Draw. The embedded DrawImageOptions apply
// to the whole character: GeoM is the camera (applied after the rig's world
// placement), ColorScale tints every part, Blend and Filter are passed on. A
// nil *DrawOptions draws with the zero value: no camera, no tint.
type DrawOptions struct {
	ebiten.DrawImageOptions
}

// Draw draws every bone's sprite in layer order, each with one GeoM. A bone
// a limb stretched or compressed (Rig.BoneScale) draws its sprite scaled
// along the bone by the same factor. It does not allocate.
func (r *Rig) Draw(dst *ebiten.Image, opts *DrawOptions) {
	var zero DrawOptions
	if opts == nil {
		opts = &zero
	}
	// The facing the pose was solved in (a controller that turns the
	// character round, the Aimer, sets Facing for the next Update: drawn
	// with Facing, that frame's sprites were mirrored at unmirrored
	// joints).
	mirror := r.frame.mirror
	op := &r.drawOp
	for _, i := range r.def.drawOrder {
		b := &r.def.bones[i]
		sp := &b.Sprite
		if sp.Image == nil {
			continue
		}
		start := r.frame.toWorld(r.start[i])
		angle := r.frame.angleToWorld(r.angle[i])
		*op = ebiten.DrawImageOptions{}
		op.GeoM = sp.Placement(start, angle, mirror, sp.StretchFor(b.Length*r.scale[i]))
		op.GeoM.Concat(opts.GeoM)
		op.ColorScale = b.Tint
		op.ColorScale.ScaleWithColorScale(opts.ColorScale)
		op.Blend = opts.Blend
		op.Filter = opts.Filter
		dst.DrawImage(sp.Image, op)
	}
}
