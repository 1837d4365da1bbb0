package ikanim

import (
	"fmt"
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

// SpriteFromImage returns the Sprite that draws img on a bone: pivot is the
// image point, in pixels from the image's top-left corner, where the bone
// starts (the joint it turns about), and length is how far the bone runs
// from there along the image's +x to where the next bone starts, in image
// pixels (0 for a part with no child bone, drawn centred on its pivot). A
// nil img gives a Sprite that draws nothing. It panics if pivot is not
// finite or length is negative or not finite.
func SpriteFromImage(img *ebiten.Image, pivot mgl64.Vec2, length float64) Sprite {
	if math.IsNaN(pivot[0]) || math.IsNaN(pivot[1]) || math.IsInf(pivot[0], 0) || math.IsInf(pivot[1], 0) {
		panic(fmt.Sprintf("ikanim: SpriteFromImage: pivot %v must be finite", pivot))
	}
	if !(length >= 0) || math.IsInf(length, 0) {
		panic(fmt.Sprintf("ikanim: SpriteFromImage: length %v must be >= 0 and finite", length))
	}
	return Sprite{Image: img, Pivot: pivot, Length: length}
}
