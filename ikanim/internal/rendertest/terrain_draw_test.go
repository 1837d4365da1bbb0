package rendertest

import (
	"image/color"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/ikanim/kit/terrain"
)

// texelColor is the colour of texel (i, j) of the test textures: every texel
// of a small texture distinct.
func texelColor(i, j int) color.RGBA {
	return color.RGBA{uint8(20 + 50*i), uint8(20 + 30*j), 200, 255}
}

// texture returns a w x h opaque image with texel (i, j) = texelColor(i, j).
func texture(w, h int) *ebiten.Image {
	img := ebiten.NewImage(w, h)
	pix := make([]byte, 4*w*h)
	for j := range h {
		for i := range w {
			c := texelColor(i, j)
			copy(pix[4*(j*w+i):], []byte{c.R, c.G, c.B, c.A})
		}
	}
	img.WritePixels(pix)
	return img
}

func mod(a, n int) int { return ((a % n) + n) % n }

// A textured fill shows texel (x, y)/scale modulo the texture size at world
// point (x, y), whatever the camera: the pattern is fixed to the world.
func TestTextureTiledInWorldSpace(t *testing.T) {
	w, err := terrain.New(256, 256)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.AddBox(0, 0, 256, 256, 0); err != nil {
		t.Fatal(err)
	}
	tex := texture(4, 4)
	for _, tc := range []struct {
		name   string
		tx, ty float64 // camera translation: screen = world + (tx, ty)
		scale  float64
	}{
		{"identity", 0, 0, 0},
		{"panned", -7, -3, 0},
		{"panned far", -131, -77, 0},
		{"scale 2", -5, -9, 2},
		{"scale 3", -64, -64, 3},
	} {
		dst := ebiten.NewImage(64, 64)
		opts := &terrain.DrawOptions{Texture: tex, TextureScale: tc.scale}
		opts.GeoM.Translate(tc.tx, tc.ty)
		w.Draw(dst, opts)
		got := pixels(dst)
		s := tc.scale
		if s == 0 {
			s = 1
		}
		bad, checked := 0, 0
		for sy := range 64 {
			for sx := range 64 {
				// The pixel centre's world point, and in texels.
				wx, wy := float64(sx)+0.5-tc.tx, float64(sy)+0.5-tc.ty
				if min(wx, wy) < 3 || max(wx, wy) > 253 {
					continue // under the outline and the grass line
				}
				u, v := int(wx/s), int(wy/s)
				checked++
				want := texelColor(mod(u, 4), mod(v, 4))
				if c := got.RGBAAt(sx, sy); c != want && bad < 5 {
					bad++
					t.Errorf("%s: pixel (%d,%d) = %v, want texel (%d,%d) %v", tc.name, sx, sy, c, mod(u, 4), mod(v, 4), want)
				}
			}
		}
		if checked < 61*61 {
			t.Errorf("%s: only %d pixels checked", tc.name, checked)
		}
	}
}

// Without a texture the default look is unchanged: the flat DefaultFill
// inside, DefaultLine on the outline and DefaultGrass on the top edge.
func TestDefaultLookUnchanged(t *testing.T) {
	w, err := terrain.New(64, 64)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.AddBox(0, 32, 64, 32, 0); err != nil {
		t.Fatal(err)
	}
	dst := ebiten.NewImage(64, 64)
	w.Draw(dst, nil)
	got := pixels(dst)
	for _, p := range []struct {
		x, y int
		want color.RGBA
	}{
		{32, 48, terrain.DefaultFill()},  // inside
		{32, 32, terrain.DefaultGrass()}, // the 4 px grass line on the top edge covers y 30..34
		{32, 20, color.RGBA{}},           // above: nothing drawn
	} {
		if c := got.RGBAAt(p.x, p.y); c != p.want {
			t.Errorf("pixel (%d,%d) = %v, want %v", p.x, p.y, c, p.want)
		}
	}
}

// The grass strip stands upright on the top edge: with the default depth
// (half its height, 4 of 8 texels) texel row r covers screen row 28 + r, the
// strip is tiled along x in world space, and below it the fill shows.
func TestGrassStripOnTopEdge(t *testing.T) {
	w, err := terrain.New(64, 64)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.AddBox(0, 32, 64, 32, 0); err != nil {
		t.Fatal(err)
	}
	grass := texture(4, 8)
	for _, tc := range []struct {
		name  string
		depth float64
		top   int // screen row of texel row 0
	}{
		{"default depth", 0, 28},
		{"depth 6", 6, 30},
		{"on the surface", -1, 24},
	} {
		dst := ebiten.NewImage(64, 64)
		w.Draw(dst, &terrain.DrawOptions{GrassTexture: grass, GrassDepth: tc.depth})
		got := pixels(dst)
		for x := 8; x < 56; x += 3 {
			for r := range 8 {
				want := texelColor(mod(x, 4), r)
				if c := got.RGBAAt(x, tc.top+r); c != want {
					t.Errorf("%s: pixel (%d,%d) = %v, want grass texel (%d,%d) %v", tc.name, x, tc.top+r, c, mod(x, 4), r, want)
				}
			}
			if c := got.RGBAAt(x, tc.top-1); c != (color.RGBA{}) {
				t.Errorf("%s: pixel (%d,%d) above the strip = %v, want nothing", tc.name, x, tc.top-1, c)
			}
			if c := got.RGBAAt(x, 50); c != terrain.DefaultFill() {
				t.Errorf("%s: pixel (%d,50) below the strip = %v, want the fill %v", tc.name, x, c, terrain.DefaultFill())
			}
		}
	}
}

// A non-zero Fill tints the texture: an opaque white texel times Fill is
// Fill.
func TestTextureTint(t *testing.T) {
	w, err := terrain.New(64, 64)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.AddBox(0, 0, 64, 64, 0); err != nil {
		t.Fatal(err)
	}
	white := ebiten.NewImage(2, 2)
	white.Fill(color.White)
	dst := ebiten.NewImage(64, 64)
	tint := color.RGBA{0x80, 0x40, 0x20, 0xff}
	w.Draw(dst, &terrain.DrawOptions{Texture: white, Fill: tint})
	if c := pixels(dst).RGBAAt(32, 32); c != tint {
		t.Errorf("tinted texel = %v, want %v", c, tint)
	}
}
