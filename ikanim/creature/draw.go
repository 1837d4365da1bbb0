package creature

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/ikanim/kit/ikanim"
)

// minTurnWidth is the narrowest the body sprite gets while turning.
const minTurnWidth = 0.3

// Draw draws the creature with the same options as ikanim.Rig.Draw: the
// embedded DrawImageOptions apply to every part (GeoM is the camera, world
// to screen, applied after each part's placement; ColorScale tints the
// creature; Blend and Filter are used as given); a nil opts draws with the
// identity camera and no tint. Far-side legs come first (tinted by
// Sprites.FarShade), then the body, then the near-side legs. It reads the
// pose the last Update solved and does not allocate.
func (c *Creature) Draw(dst *ebiten.Image, opts *ikanim.DrawOptions) {
	var zero ikanim.DrawOptions
	if opts == nil {
		opts = &zero
	}
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
		op.GeoM = sp.Body.Placement(c.pos, math.Atan2(fwd[1], fwd[0]), m, math.Max(math.Abs(c.turn), minTurnWidth))
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
			drawSegment(dst, &segs[min(k, len(segs)-1)], js[k], js[k+1], mirror, op, camera)
		}
		return
	}
	p := &c.poses[i]
	drawSegment(dst, &segs[0], p.hip, p.knee, mirror, op, camera)
	drawSegment(dst, &segs[min(1, len(segs)-1)], p.knee, p.ankle, mirror, op, camera)
	if c.def.legs[i].segs == 3 {
		drawSegment(dst, &segs[min(2, len(segs)-1)], p.ankle, p.tip, mirror, op, camera)
	}
}

// drawSegment draws one sprite stretched from a to b.
func drawSegment(dst *ebiten.Image, s *ikanim.Sprite, a, b mgl64.Vec2, mirror bool, op *ebiten.DrawImageOptions, camera *ebiten.GeoM) {
	if s.Image == nil {
		return
	}
	d := b.Sub(a)
	l := math.Sqrt(d[0]*d[0] + d[1]*d[1])
	op.GeoM = s.Placement(a, math.Atan2(d[1], d[0]), mirror, s.StretchFor(l))
	op.GeoM.Concat(*camera)
	dst.DrawImage(s.Image, op)
}

// DrawDebug draws the creature's debug overlay with the options every
// overlay of the library takes (opts nil: the defaults): leg lines and
// knees, home positions (crosses), step targets (dots), planted contacts
// with their normals, the last foothold rays, the wall probe, the up
// vector, and, walking to a point, the route (route.go): the point it
// planned for (a cross), where the winning trace reached it (a dot) and
// the way it walks along the surface (a line from the body). Like every overlay it draws with ebiten's vector package, which
// allocates.
func (c *Creature) DrawDebug(dst *ebiten.Image, opts *ikanim.DebugOptions) {
	cam := opts.CameraOrIdentity()
	var o ikanim.DebugOptions
	if opts != nil {
		o = *opts
	}
	w := o.LineWidth
	if w == 0 {
		w = 1.5
	}
	for i := range c.legs {
		l := &c.legs[i]
		p := &c.poses[i]
		if !o.HideBones {
			if c.chains != nil && c.def.legs[i].chain != nil {
				js := c.chains[i].joints
				for k := 0; k+1 < len(js); k++ {
					ikanim.DebugLine(dst, cam, js[k], js[k+1], w, ikanim.DebugBone.Color())
				}
			} else {
				ikanim.DebugLine(dst, cam, p.hip, p.knee, w, ikanim.DebugBone.Color())
				ikanim.DebugLine(dst, cam, p.knee, p.ankle, w, ikanim.DebugBone.Color())
				if p.tip != p.ankle {
					ikanim.DebugLine(dst, cam, p.ankle, p.tip, w, ikanim.DebugBone.Color())
				}
			}
		}
		if !o.HideJoints {
			ikanim.DebugDot(dst, cam, p.knee, 2, ikanim.DebugJoint.Color())
		}
		if o.HideTargets {
			continue
		}
		ikanim.DebugCross(dst, cam, c.homeWorld(i), 3, 1, ikanim.DebugHome.Color())
		switch l.state {
		case legStepping:
			ikanim.DebugDot(dst, cam, l.to, 3, ikanim.DebugTarget.Color())
		case legPlanted:
			ikanim.DebugDot(dst, cam, l.foot, 2, ikanim.DebugHit.Color())
			ikanim.DebugLine(dst, cam, l.foot, l.foot.Add(l.normal.Mul(10)), 1, ikanim.DebugNormal.Color())
		}
		if r := &c.rays[i]; r.ok {
			ikanim.DebugLine(dst, cam, r.from, r.hit, 1, ikanim.DebugRayHit.Color())
		} else if r.from != r.to {
			ikanim.DebugLine(dst, cam, r.from, r.to, 1, ikanim.DebugRayMiss.Color())
		}
	}
	if c.probeA != c.probeB {
		clr := ikanim.DebugRayMiss
		if c.wallW > 0 {
			clr = ikanim.DebugRayHit
		}
		ikanim.DebugLine(dst, cam, c.probeA, c.probeB, 1, clr.Color())
	}
	ikanim.DebugLine(dst, cam, c.pos, c.pos.Add(c.up.Mul(c.def.Gait.BodyHeight)), 2, ikanim.DebugPole.Color())
	if r := &c.route; !o.HideTargets && r.state != routeNone && c.steer != steerStop && c.steer != steerMove {
		// The route (route.go): the point planned for, the end of the
		// trace that reached it, and the planned way along the surface
		// from the body.
		ikanim.DebugCross(dst, cam, r.goal, 5, 1.5, ikanim.DebugTarget.Color())
		if r.sense != 0 {
			ikanim.DebugDot(dst, cam, r.tr[(1-int(r.sense))/2].p, 3, ikanim.DebugTarget.Color())
			if c.way.sense != 0 {
				h := c.def.Gait.BodyHeight
				ikanim.DebugLine(dst, cam, c.pos, c.pos.Add(c.Right().Mul(c.way.sense*1.5*h)), 2, ikanim.DebugTarget.Color())
			}
		}
	}
}
