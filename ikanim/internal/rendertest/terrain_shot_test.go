package rendertest

import (
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/ikanim/kit/terrain"
)

// loadPNG reads a PNG of package assets' sources by path.
func loadPNG(t *testing.T, name string) *ebiten.Image {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "..", "..", "assets", "sprites", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	return ebiten.NewImageFromImage(img)
}

// TestShot writes DIR/terrain_flat.png and DIR/terrain_textured.png when
// TERRAIN_SHOT=DIR: a generated world drawn with the default look and with
// the ground and grass textures of package assets, for review.
func TestShot(t *testing.T) {
	dir := os.Getenv("TERRAIN_SHOT")
	if dir == "" {
		t.Skip("TERRAIN_SHOT not set")
	}
	w := terrain.Generate(7, terrain.GenOptions{Platforms: 6})
	w.AddCircle(900, 180, 30, 0)
	ground, grass := loadPNG(t, "tile_ground.png"), loadPNG(t, "tile_grass.png")
	for _, tc := range []struct {
		name string
		opts terrain.DrawOptions
	}{
		{"terrain_flat.png", terrain.DrawOptions{}},
		{"terrain_textured.png", terrain.DrawOptions{Texture: ground, GrassTexture: grass}},
	} {
		dst := ebiten.NewImage(1280, 720)
		dst.Fill(image.White.C)
		tc.opts.Filter = ebiten.FilterLinear
		w.Draw(dst, &tc.opts)
		out := image.NewRGBA(dst.Bounds())
		dst.ReadPixels(out.Pix)
		f, err := os.Create(filepath.Join(dir, tc.name))
		if err != nil {
			t.Fatal(err)
		}
		if err := png.Encode(f, out); err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
}
