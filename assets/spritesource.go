package assets

import (
	"image"
)

// Index lists where each part sits in the image Atlas packs: its rectangle
// there, its Pivot and its Length. Its Part method is the shape of
// ikanim.AtlasIndex, so a rig loads sprites by part name without this
// package importing ikanim (it imports only the standard library):
//
//	img, index, err := assets.IndexedAtlas()
//	sprites := ikanim.NewSpriteAtlas(ebiten.NewImageFromImage(img), index)
//	def, err := ikanim.LoadRigDef(file, sprites) // "sprite": "humanoid/thigh"
type Index struct {
	rects map[string]image.Rectangle
}

// IndexedAtlas returns the image Atlas packs and the Index of its parts. It
// decodes every PNG and allocates: call it once at setup time.
func IndexedAtlas() (image.Image, *Index, error) {
	img, rects, err := Atlas()
	if err != nil {
		return nil, nil, err
	}
	return img, &Index{rects: rects}, nil
}

// Part returns the named part's rectangle in the atlas image, its pivot
// (relative to the rectangle's top-left corner) and its length, and whether
// the part exists.
func (x *Index) Part(name string) (rect image.Rectangle, pivot image.Point, length float64, ok bool) {
	p, ok := Lookup(name)
	if !ok || x == nil {
		return image.Rectangle{}, image.Point{}, 0, false
	}
	r, ok := x.rects[name]
	if !ok {
		return image.Rectangle{}, image.Point{}, 0, false
	}
	return r, p.Pivot, p.Length, true
}
