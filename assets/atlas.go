package assets

import (
	"image"
	"image/draw"
	"sort"
)

const (
	atlasWidth = 1280 // the widest part (the backgrounds)
	atlasGap   = 2    // transparent pixels between packed parts
)

// Atlas packs every part into one image, so that a renderer can draw them
// all from a single texture (Ebitengine batches draws from one source image).
// rects gives each part's rectangle in atlas pixels; a part's Pivot is
// relative to the top-left corner of its rectangle. Parts are packed in rows
// (tallest first, then by name), 2 px apart, in an image 1280 px wide. It
// decodes every PNG and allocates: call it once at setup time.
func Atlas() (img image.Image, rects map[string]image.Rectangle, err error) {
	type entry struct {
		name string
		img  image.Image
	}
	entries := make([]entry, 0, len(parts))
	for _, p := range parts {
		im, err := Image(p.Name)
		if err != nil {
			return nil, nil, err
		}
		entries = append(entries, entry{p.Name, im})
	}
	sort.SliceStable(entries, func(i, j int) bool {
		hi, hj := entries[i].img.Bounds().Dy(), entries[j].img.Bounds().Dy()
		if hi != hj {
			return hi > hj
		}
		return entries[i].name < entries[j].name
	})
	rects = make(map[string]image.Rectangle, len(entries))
	x, y, rowH := 0, 0, 0
	for _, e := range entries {
		b := e.img.Bounds()
		if x > 0 && x+b.Dx() > atlasWidth {
			x, y, rowH = 0, y+rowH+atlasGap, 0
		}
		rects[e.name] = image.Rect(x, y, x+b.Dx(), y+b.Dy())
		x += b.Dx() + atlasGap
		rowH = max(rowH, b.Dy())
	}
	out := image.NewNRGBA(image.Rect(0, 0, atlasWidth, y+rowH))
	for _, e := range entries {
		r := rects[e.name]
		draw.Draw(out, r, e.img, e.img.Bounds().Min, draw.Src)
	}
	return out, rects, nil
}
