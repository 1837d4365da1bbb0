package assets_test

import (
	"image"
	"image/draw"
	"testing"

	"github.com/ikanim/kit/assets"
)

// Every part is found in the indexed atlas at the size of its own image,
// with its pixels, pivot and length.
func TestIndexedAtlasFindsEveryPart(t *testing.T) {
	img, index, err := assets.IndexedAtlas()
	if err != nil {
		t.Fatal(err)
	}
	// The shape ikanim.AtlasIndex declares (this package imports only the
	// standard library, so the check is structural).
	var _ interface {
		Part(string) (image.Rectangle, image.Point, float64, bool)
	} = index
	for _, name := range assets.Names() {
		rect, pivot, length, ok := index.Part(name)
		p, _ := assets.Lookup(name)
		part, err := assets.Image(name)
		if err != nil {
			t.Fatal(err)
		}
		if !ok || rect.Size() != part.Bounds().Size() || pivot != p.Pivot || length != p.Length {
			t.Errorf("Part(%q) = %v, %v, %v, %v; want size %v, pivot %v, length %v", name, rect, pivot, length, ok, part.Bounds().Size(), p.Pivot, p.Length)
			continue
		}
		got := image.NewNRGBA(image.Rect(0, 0, rect.Dx(), rect.Dy()))
		draw.Draw(got, got.Bounds(), img, rect.Min, draw.Src)
		want := image.NewNRGBA(got.Bounds())
		draw.Draw(want, want.Bounds(), part, part.Bounds().Min, draw.Src)
		if string(got.Pix) != string(want.Pix) {
			t.Errorf("Part(%q): the atlas pixels differ from the part's image", name)
		}
	}
	if _, _, _, ok := index.Part("no/such"); ok {
		t.Error(`Part("no/such") found a part`)
	}
}
