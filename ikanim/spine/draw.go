package spine

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/ikanim/kit/ikanim"
)

// fitImage draws img scaled to w x h pixels (mirrored top to bottom when
// flipY) into a new image of ceil(w) x ceil(h), or returns nil for a zero
// size. It is the one function of the importer that draws.
func fitImage(img *ebiten.Image, w, h float64, flipY bool) *ebiten.Image {
	iw, ih := img.Bounds().Dx(), img.Bounds().Dy()
	dw, dh := int(math.Ceil(w-1e-6)), int(math.Ceil(h-1e-6))
	if iw == 0 || ih == 0 || dw <= 0 || dh <= 0 {
		return nil
	}
	dst := ebiten.NewImage(dw, dh)
	var op ebiten.DrawImageOptions
	sy := h / float64(ih)
	if flipY {
		op.GeoM.Scale(w/float64(iw), -sy)
		op.GeoM.Translate(0, h)
	} else {
		op.GeoM.Scale(w/float64(iw), sy)
	}
	op.Filter = ebiten.FilterLinear
	dst.DrawImage(img, &op)
	return dst
}

// Sprites returns a SpriteSource (and SpriteNamer) of the atlas's regions
// for Skeleton.Build: each region becomes an ebiten image of its original
// size (RegionImage), made the first time it is asked for, with its pivot
// at its centre. It is the thin step from the atlas's image.Image regions
// to the GPU; everything before it runs without one.
func (a *Atlas) Sprites() *AtlasSprites {
	return &AtlasSprites{atlas: a, cache: map[string]ikanim.Sprite{}, names: map[*ebiten.Image]string{}}
}

// AtlasSprites is the SpriteSource of an Atlas; see Atlas.Sprites.
type AtlasSprites struct {
	atlas *Atlas
	cache map[string]ikanim.Sprite
	names map[*ebiten.Image]string
}

// Sprite implements ikanim.SpriteSource.
func (s *AtlasSprites) Sprite(name string) (ikanim.Sprite, error) {
	if sp, ok := s.cache[name]; ok {
		return sp, nil
	}
	img, err := s.atlas.RegionImage(name)
	if err != nil {
		return ikanim.Sprite{}, err
	}
	e := ebiten.NewImageFromImage(img)
	b := img.Bounds()
	sp := ikanim.Sprite{Image: e, Pivot: mgl64.Vec2{float64(b.Dx()) / 2, float64(b.Dy()) / 2}}
	s.cache[name] = sp
	s.names[e] = name
	return sp, nil
}

// SpriteName implements ikanim.SpriteNamer for sprites s gave.
func (s *AtlasSprites) SpriteName(sp ikanim.Sprite) (string, bool) {
	name, ok := s.names[sp.Image]
	return name, ok && s.cache[name] == sp
}
