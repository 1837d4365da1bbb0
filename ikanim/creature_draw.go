package ikanim

import (
	"image/color"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"
)

// CreatureDrawOptions configure (*Creature).Draw. The embedded
// DrawImageOptions apply to every part: its GeoM is the camera (world to
// screen, applied after each part's placement), its ColorScale tints the
// creature, its Blend and Filter are used as given. A nil
// *CreatureDrawOptions draws with the identity camera and no tint.
type CreatureDrawOptions struct {
	ebiten.DrawImageOptions
	// Debug draws the overlay on top: leg lines and joints, home positions
	// (crosses), step targets (dots), the last foothold rays with their hit
	// normals, the wall probe, and the up vector.
	Debug bool
	// HideSprites skips the sprites (useful with Debug).
	HideSprites bool
}

// creatureMinTurnWidth is the narrowest the body sprite gets while turning.
const creatureMinTurnWidth = 0.3

// Debug overlay colours of creatures, kept as interface values so drawing
// them does not box a colour per call.
var (
	creatureColorLeg    color.Color = color.RGBA{80, 230, 255, 255}
	creatureColorJoint  color.Color = color.RGBA{255, 255, 255, 255}
	creatureColorHome   color.Color = color.RGBA{255, 200, 60, 255}
	creatureColorTarget color.Color = color.RGBA{255, 70, 90, 255}
	creatureColorRay    color.Color = color.RGBA{120, 255, 120, 200}
	creatureColorMiss   color.Color = color.RGBA{120, 120, 120, 200}
	creatureColorHit    color.Color = color.RGBA{255, 255, 80, 255}
	creatureColorNormal color.Color = color.RGBA{255, 150, 40, 255}
	creatureColorUp     color.Color = color.RGBA{190, 120, 255, 255}
)

// Draw draws the creature: far-side legs (tinted by Sprites.FarShade), the
// body, near-side legs, then the debug overlay when opts.Debug is set. It
// does not allocate.
func (c *Creature) Draw(dst *ebiten.Image, opts *CreatureDrawOptions) {
	var zero CreatureDrawOptions
	if opts == nil {
		opts = &zero
	}
	if !opts.HideSprites {
		sp := &c.def.Sprites
		f := sp.FarShade
		var op ebiten.DrawImageOptions
		op = opts.DrawImageOptions
		op.ColorScale.Scale(f, f, f, 1)
		for i := range c.legs {
			if c.def.Legs[i].Far {
				c.drawLeg(dst, i, &op, &opts.GeoM)
			}
		}
		if sp.Body.Image != nil {
			m := c.mirrored()
			fwd := c.Right()
			if m {
				fwd = fwd.Mul(-1)
			}
			// While turning around, the body narrows to a head-on view.
			op = opts.DrawImageOptions
			op.GeoM = sp.Body.Placement(c.pos, math.Atan2(fwd[1], fwd[0]), m, math.Max(math.Abs(c.turn), creatureMinTurnWidth))
			op.GeoM.Concat(opts.GeoM)
			dst.DrawImage(sp.Body.Image, &op)
		}
		op = opts.DrawImageOptions
		for i := range c.legs {
			if !c.def.Legs[i].Far {
				c.drawLeg(dst, i, &op, &opts.GeoM)
			}
		}
	}
	if opts.Debug {
		c.drawDebug(dst, &opts.GeoM)
	}
}

// drawLeg draws the segment sprites of leg i with op's colour and blend.
func (c *Creature) drawLeg(dst *ebiten.Image, i int, op *ebiten.DrawImageOptions, camera *ebiten.GeoM) {
	segs := c.def.Sprites.Segments
	if len(segs) == 0 {
		return
	}
	mirror := c.mirrored()
	if c.chains != nil && c.def.legs[i].chain != nil {
		js := c.chains[i].joints
		for k := 0; k+1 < len(js); k++ {
			c.drawSegment(dst, &segs[min(k, len(segs)-1)], js[k], js[k+1], mirror, op, camera)
		}
		return
	}
	knee, ankle, tip := c.legPose(i)
	hip, _ := c.legHipTarget(i)
	c.drawSegment(dst, &segs[0], hip, knee, mirror, op, camera)
	c.drawSegment(dst, &segs[min(1, len(segs)-1)], knee, ankle, mirror, op, camera)
	if c.def.legs[i].segs == 3 {
		c.drawSegment(dst, &segs[min(2, len(segs)-1)], ankle, tip, mirror, op, camera)
	}
}

// drawSegment draws one sprite stretched from a to b.
func (c *Creature) drawSegment(dst *ebiten.Image, s *Sprite, a, b mgl64.Vec2, mirror bool, op *ebiten.DrawImageOptions, camera *ebiten.GeoM) {
	if s.Image == nil {
		return
	}
	d := b.Sub(a)
	l := math.Sqrt(d[0]*d[0] + d[1]*d[1])
	op.GeoM = s.Placement(a, math.Atan2(d[1], d[0]), mirror, s.StretchFor(l))
	op.GeoM.Concat(*camera)
	dst.DrawImage(s.Image, op)
}

// drawDebug draws the creature's debug overlay.
func (c *Creature) drawDebug(dst *ebiten.Image, camera *ebiten.GeoM) {
	for i := range c.legs {
		l := &c.legs[i]
		knee, ankle, tip := c.legPose(i)
		hip, _ := c.legHipTarget(i)
		DebugLine(dst, camera, hip, knee, 1.5, creatureColorLeg)
		DebugLine(dst, camera, knee, ankle, 1.5, creatureColorLeg)
		if tip != ankle {
			DebugLine(dst, camera, ankle, tip, 1.5, creatureColorLeg)
		}
		DebugDot(dst, camera, knee, 2, creatureColorJoint)
		DebugCross(dst, camera, c.homeWorld(i), 3, 1, creatureColorHome)
		switch l.state {
		case creatureStepping:
			DebugDot(dst, camera, l.to, 3, creatureColorTarget)
		case creaturePlanted:
			DebugDot(dst, camera, l.foot, 2, creatureColorHit)
			DebugLine(dst, camera, l.foot, l.foot.Add(l.normal.Mul(10)), 1, creatureColorNormal)
		}
		if r := &c.rays[i]; r.ok {
			DebugLine(dst, camera, r.from, r.hit, 1, creatureColorRay)
		} else if r.from != r.to {
			DebugLine(dst, camera, r.from, r.to, 1, creatureColorMiss)
		}
	}
	if c.probeA != c.probeB {
		clr := creatureColorMiss
		if c.wallW > 0 {
			clr = creatureColorRay
		}
		DebugLine(dst, camera, c.probeA, c.probeB, 1, clr)
	}
	DebugLine(dst, camera, c.pos, c.pos.Add(c.up.Mul(c.def.Gait.BodyHeight)), 2, creatureColorUp)
}
