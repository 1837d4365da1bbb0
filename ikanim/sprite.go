package ikanim

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"
)

// Sprite is an image drawn on a bone. The image lies along +x: the bone starts
// at Pivot (image pixels) and runs to the right for Length image pixels, to
// where the next bone starts. Parts that have no child bone (a body, a head)
// have Length 0 and are drawn centred on their pivot.
//
// The zero Sprite (nil Image) draws nothing.
type Sprite struct {
	Image  *ebiten.Image
	Pivot  mgl64.Vec2
	Length float64
}

// Placement returns the GeoM that draws s with its pivot on joint, its +x
// axis along the world angle angle (radians, clockwise on screen), stretched
// along the bone by stretch (1 = as drawn; values <= 0 or NaN mean 1), and,
// when mirror is true, flipped across its own bone axis, which is how a part
// looks on a character facing left (its front side stays in front).
//
// Concatenate the camera afterwards: op.GeoM = s.Placement(...);
// op.GeoM.Concat(camera).
func (s *Sprite) Placement(joint mgl64.Vec2, angle float64, mirror bool, stretch float64) ebiten.GeoM {
	var g ebiten.GeoM
	g.Translate(-s.Pivot[0], -s.Pivot[1])
	sy := 1.0
	if mirror {
		sy = -1
	}
	if !(stretch > 0) || math.IsInf(stretch, 0) {
		stretch = 1
	}
	if stretch != 1 || sy != 1 {
		g.Scale(stretch, sy)
	}
	g.Rotate(angle)
	g.Translate(joint[0], joint[1])
	return g
}

// StretchFor returns the stretch that makes s cover a bone of length boneLen
// (1 when s has no Length).
func (s *Sprite) StretchFor(boneLen float64) float64 {
	if s.Length <= 0 || !(boneLen > 0) {
		return 1
	}
	return boneLen / s.Length
}
