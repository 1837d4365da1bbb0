package ikanim

import (
	"fmt"
	"image"
	"sort"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"
)

// SpriteSource resolves the sprite names of definition files (a rig's
// "sprite": "humanoid/thigh") to Sprites. LoadRigDef and creature.LoadDef
// take one; SpriteAtlas and SpriteMap are ready ones.
type SpriteSource interface {
	// Sprite returns the named sprite, or an error when there is none.
	Sprite(name string) (Sprite, error)
}

// SpriteNamer is the inverse of a SpriteSource, used when a definition is
// saved: it gives the name a sprite was loaded by.
type SpriteNamer interface {
	// SpriteName returns the name of s and whether it has one.
	SpriteName(s Sprite) (name string, ok bool)
}

// SpriteMap is a SpriteSource and SpriteNamer over a map, for games that
// load their sprites themselves and for tests.
type SpriteMap map[string]Sprite

// Sprite implements SpriteSource.
func (m SpriteMap) Sprite(name string) (Sprite, error) {
	if s, ok := m[name]; ok {
		return s, nil
	}
	return Sprite{}, fmt.Errorf("no sprite %q", name)
}

// SpriteName implements SpriteNamer. When several names hold the same
// sprite, the first in sorted order is returned. It allocates.
func (m SpriteMap) SpriteName(s Sprite) (string, bool) {
	names := make([]string, 0, len(m))
	for n := range m {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if m[n] == s {
			return n, true
		}
	}
	return "", false
}

// AtlasIndex lists the parts packed in one atlas image: for a part's name,
// its rectangle in the atlas image, its pivot relative to the rectangle's
// top-left corner and its length (see Sprite). The assets package's Index
// satisfies it.
type AtlasIndex interface {
	Part(name string) (rect image.Rectangle, pivot image.Point, length float64, ok bool)
}

// SpriteAtlas is a SpriteSource and SpriteNamer over one atlas image: each
// sprite is a sub-image of it, so a whole rig draws from one texture. The
// same name always gives the same Sprite (same *ebiten.Image), so
// definitions loaded twice compare equal. Build it with NewSpriteAtlas at
// setup time.
type SpriteAtlas struct {
	img   *ebiten.Image
	index AtlasIndex
	cache map[string]Sprite
	names map[*ebiten.Image]string
}

// NewSpriteAtlas returns a SpriteAtlas over img with the parts listed by index.
func NewSpriteAtlas(img *ebiten.Image, index AtlasIndex) *SpriteAtlas {
	return &SpriteAtlas{img: img, index: index, cache: map[string]Sprite{}, names: map[*ebiten.Image]string{}}
}

// Sprite implements SpriteSource. It allocates the first time a name is asked for.
func (a *SpriteAtlas) Sprite(name string) (Sprite, error) {
	if s, ok := a.cache[name]; ok {
		return s, nil
	}
	if a.img == nil || a.index == nil {
		return Sprite{}, fmt.Errorf("no sprite %q: the atlas has no image or index", name)
	}
	rect, pivot, length, ok := a.index.Part(name)
	if !ok {
		return Sprite{}, fmt.Errorf("no sprite %q in the atlas", name)
	}
	if rect.Empty() || !rect.In(a.img.Bounds()) {
		return Sprite{}, fmt.Errorf("sprite %q: rectangle %v is empty or outside the atlas image %v", name, rect, a.img.Bounds())
	}
	sub := a.img.SubImage(rect).(*ebiten.Image)
	s := Sprite{Image: sub, Pivot: mgl64.Vec2{float64(pivot.X), float64(pivot.Y)}, Length: length}
	a.cache[name] = s
	a.names[sub] = name
	return s, nil
}

// SpriteName implements SpriteNamer for sprites this atlas returned.
func (a *SpriteAtlas) SpriteName(s Sprite) (string, bool) {
	name, ok := a.names[s.Image]
	if !ok || a.cache[name] != s {
		return "", false
	}
	return name, true
}
