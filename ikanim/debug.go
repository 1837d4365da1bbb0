package ikanim

import (
	"image/color"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// DebugOptions configure every debug overlay of the library: the rig's
// (Rig.DrawDebug), the controllers' (Grounder, Climber) and the creatures'
// (creature.Creature.DrawDebug). The zero value, and a nil pointer, draw
// everything with the default colours and no camera.
type DebugOptions struct {
	// Camera maps world to screen (zero value: identity).
	Camera ebiten.GeoM
	// Hide* switch parts of the overlay off.
	HideBones, HideJoints, HideLimits, HideTargets bool
	// LineWidth in screen pixels (0 means 1.5).
	LineWidth float32
}

// The debug overlay's palette, shared by every overlay of the library. The
// colours are boxed once as color.Color values, so drawing them does not
// allocate one per call.
var (
	debugBoneColor   color.Color = color.RGBA{80, 230, 255, 255}
	debugJointColor  color.Color = color.RGBA{255, 255, 255, 255}
	debugLimitColor  color.Color = color.RGBA{255, 200, 60, 160}
	debugTargetColor color.Color = color.RGBA{255, 70, 90, 255}
	debugPoleColor   color.Color = color.RGBA{190, 120, 255, 255}
	debugRayColor    color.Color = color.RGBA{120, 255, 120, 200}
	debugMissColor   color.Color = color.RGBA{120, 120, 120, 200}
	debugHitColor    color.Color = color.RGBA{255, 255, 80, 255}
	debugNormalColor color.Color = color.RGBA{255, 150, 40, 255}
	debugHomeColor   color.Color = color.RGBA{255, 200, 60, 255}
)

// DebugColor names a colour of the debug overlay's palette.
type DebugColor uint8

// The colours of the debug overlay, for a game or a package's own overlay
// drawn in the same style (DebugLine and friends take any color.Color).
const (
	DebugBone    DebugColor = iota // bones and legs
	DebugJoint                     // joints
	DebugLimit                     // joint-limit arcs
	DebugTarget                    // limb targets and step targets
	DebugPole                      // poles and up vectors
	DebugRayHit                    // rays that hit
	DebugRayMiss                   // rays that missed
	DebugHit                       // hit points and planted contacts
	DebugNormal                    // surface normals
	DebugHome                      // rest (home) positions
)

// Color returns the palette's colour.
func (c DebugColor) Color() color.Color {
	switch c {
	case DebugBone:
		return debugBoneColor
	case DebugJoint:
		return debugJointColor
	case DebugLimit:
		return debugLimitColor
	case DebugTarget:
		return debugTargetColor
	case DebugPole:
		return debugPoleColor
	case DebugRayHit:
		return debugRayColor
	case DebugRayMiss:
		return debugMissColor
	case DebugHit:
		return debugHitColor
	case DebugNormal:
		return debugNormalColor
	case DebugHome:
		return debugHomeColor
	}
	return debugBoneColor
}

var identityCamera ebiten.GeoM

// camera returns the options' camera (the identity for nil options).
func (o *DebugOptions) camera() *ebiten.GeoM {
	if o == nil {
		return &identityCamera
	}
	return &o.Camera
}

// CameraOrIdentity returns &opts.Camera, or the identity when opts is nil:
// the camera other packages' overlays draw through.
func (o *DebugOptions) CameraOrIdentity() *ebiten.GeoM { return o.camera() }

// DrawDebug draws the rig's debug overlay: bones, joints, joint-limit arcs,
// limb targets and pole points. Controllers draw their own rays with
// DebugLine, DebugRay and friends. The overlay is a development aid drawn
// with ebiten's vector package, which allocates on each call; Draw, the
// game's per-frame path, does not.
func (r *Rig) DrawDebug(dst *ebiten.Image, opts *DebugOptions) {
	var zero DebugOptions
	if opts == nil {
		opts = &zero
	}
	w := opts.LineWidth
	if w == 0 {
		w = 1.5
	}
	for i := range r.def.bones {
		s, e := r.Joint(i)
		b := &r.def.bones[i]
		if !opts.HideLimits && b.Limit.Enabled {
			base := r.angle[i] - r.local[i] // the parent's character-frame angle
			r.debugArc(dst, opts, s, base+b.Limit.Min, base+b.Limit.Max, math.Max(b.Length*0.45, 6), w*0.75)
		}
		if !opts.HideBones && b.Length > 0 {
			DebugLine(dst, &opts.Camera, s, e, w, debugBoneColor)
		}
		if !opts.HideJoints {
			DebugDot(dst, &opts.Camera, s, 2.5, debugJointColor)
		}
	}
	if opts.HideTargets {
		return
	}
	for i := range r.limbs {
		l := &r.limbs[i]
		if l.applied <= 0 {
			continue
		}
		// The target the limb solved toward: the controller's, a keyed one,
		// or their blend (AppliedTarget).
		DebugCross(dst, &opts.Camera, r.frame.toWorld(l.appliedTarget), 5, w, debugTargetColor)
		if l.UsePole {
			DebugCross(dst, &opts.Camera, l.Pole, 4, w, debugPoleColor)
		}
	}
}

// debugArc draws a limit arc between two character-frame angles around the
// world point c.
func (r *Rig) debugArc(dst *ebiten.Image, opts *DebugOptions, c mgl64.Vec2, a0, a1, radius float64, w float32) {
	const steps = 12
	prev := c.Add(r.frame.dirToWorld(mgl64.Vec2{math.Cos(a0), math.Sin(a0)}).Mul(radius))
	DebugLine(dst, &opts.Camera, c, prev, w, debugLimitColor)
	for k := 1; k <= steps; k++ {
		a := a0 + (a1-a0)*float64(k)/steps
		p := c.Add(r.frame.dirToWorld(mgl64.Vec2{math.Cos(a), math.Sin(a)}).Mul(radius))
		DebugLine(dst, &opts.Camera, prev, p, w, debugLimitColor)
		prev = p
	}
	DebugLine(dst, &opts.Camera, prev, c, w, debugLimitColor)
}

// DebugLine draws a world-space line through the camera.
func DebugLine(dst *ebiten.Image, camera *ebiten.GeoM, a, b mgl64.Vec2, width float32, clr color.Color) {
	ax, ay := camera.Apply(a[0], a[1])
	bx, by := camera.Apply(b[0], b[1])
	vector.StrokeLine(dst, float32(ax), float32(ay), float32(bx), float32(by), width, clr, true)
}

// DebugDot draws a filled world-space dot of radius px (screen pixels).
func DebugDot(dst *ebiten.Image, camera *ebiten.GeoM, p mgl64.Vec2, radius float32, clr color.Color) {
	x, y := camera.Apply(p[0], p[1])
	vector.FillCircle(dst, float32(x), float32(y), radius, clr, true)
}

// DebugCross draws a world-space cross of half-size px (screen pixels).
func DebugCross(dst *ebiten.Image, camera *ebiten.GeoM, p mgl64.Vec2, size, width float32, clr color.Color) {
	x, y := camera.Apply(p[0], p[1])
	fx, fy := float32(x), float32(y)
	vector.StrokeLine(dst, fx-size, fy-size, fx+size, fy+size, width, clr, true)
	vector.StrokeLine(dst, fx-size, fy+size, fx+size, fy-size, width, clr, true)
}

// DebugRay draws a ray from..to, and when hit, the hit point and its normal.
func DebugRay(dst *ebiten.Image, camera *ebiten.GeoM, from, to mgl64.Vec2, hit bool, point, normal mgl64.Vec2) {
	if !hit {
		DebugLine(dst, camera, from, to, 1, debugRayColor)
		return
	}
	DebugLine(dst, camera, from, point, 1, debugRayColor)
	DebugDot(dst, camera, point, 2.5, debugHitColor)
	DebugLine(dst, camera, point, point.Add(normal.Mul(14)), 1.5, debugNormalColor)
}
