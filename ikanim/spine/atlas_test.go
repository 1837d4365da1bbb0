package spine_test

import (
	"bytes"
	"flag"
	"image"
	"image/color"
	"image/png"
	"os"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim"
	"github.com/ikanim/kit/ikanim/spine"
)

var update = flag.Bool("update", false, "rewrite testdata/parts.png")

// The regions of testdata/parts.atlas: where each is stored (x, y, and its
// trimmed w x h before any turn), whether it is turned, and where the
// trimmed part sits in the original image (offsets from the left and the
// bottom, original size).
var parts = []struct {
	name                     string
	x, y, w, h               int
	rotate                   bool
	offX, offY, origW, origH int
}{
	{"arm", 34, 0, 6, 26, false, 0, 0, 6, 26},
	{"foot", 58, 10, 16, 6, false, 0, 0, 16, 6},
	{"head", 42, 0, 14, 16, false, 0, 0, 14, 16},
	{"segment", 58, 0, 24, 8, false, 0, 0, 24, 8},
	{"shin", 24, 0, 8, 34, false, 0, 0, 8, 34},
	{"thigh", 14, 0, 8, 34, false, 0, 0, 8, 34},
	{"tip", 84, 0, 6, 10, true, 1, 1, 8, 12},
	{"torso", 0, 0, 12, 44, false, 0, 0, 12, 44},
}

// original is part k as drawn before packing: every pixel of its trimmed
// area a colour of its own (part, column, row; alpha varies too), the
// border transparent.
func original(k int) *image.NRGBA {
	p := parts[k]
	img := image.NewNRGBA(image.Rect(0, 0, p.origW, p.origH))
	top := p.origH - p.offY - p.h // offY counts up from the bottom edge
	for j := 0; j < p.h; j++ {
		for i := 0; i < p.w; i++ {
			img.SetNRGBA(p.offX+i, top+j, color.NRGBA{uint8(30*k + 5), uint8(7 * i), uint8(5 * j), uint8(255 - 3*i - j)})
		}
	}
	return img
}

// page packs every part as the atlas says: the trimmed area, upright or
// turned 90 degrees counter-clockwise (the turned image R of I (w x h) is
// h x w with R(x', y') = I(w-1-y', x')).
func page() *image.NRGBA {
	pg := image.NewNRGBA(image.Rect(0, 0, 128, 64))
	for k, p := range parts {
		o := original(k)
		top := p.origH - p.offY - p.h
		at := func(i, j int) color.NRGBA { return o.NRGBAAt(p.offX+i, top+j) }
		if !p.rotate {
			for j := 0; j < p.h; j++ {
				for i := 0; i < p.w; i++ {
					pg.SetNRGBA(p.x+i, p.y+j, at(i, j))
				}
			}
			continue
		}
		for y := 0; y < p.w; y++ {
			for x := 0; x < p.h; x++ {
				pg.SetNRGBA(p.x+x, p.y+y, at(p.w-1-y, x))
			}
		}
	}
	return pg
}

func sameImage(t *testing.T, what string, got image.Image, want *image.NRGBA) {
	t.Helper()
	g, ok := got.(*image.NRGBA)
	if !ok || g.Rect != want.Rect || !bytes.Equal(g.Pix, want.Pix) {
		t.Errorf("%s: the region image differs from the original (%T %v, want %v)", what, got, got.Bounds(), want.Rect)
	}
}

// testdata/parts.png is the page the parts pack into (go test -update
// rewrites it); the atlas gives every region back as drawn: trimmed
// borders restored, the turned one upright.
func TestAtlasRegionsComeBackAsDrawn(t *testing.T) {
	var buf bytes.Buffer
	if err := png.Encode(&buf, page()); err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile("testdata/parts.png", buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	a, err := spine.LoadAtlas(os.DirFS("testdata"), "parts.atlas")
	if err != nil {
		t.Fatal(err)
	}
	committed := image.NewNRGBA(a.Pages[0].Image.Bounds())
	for y := 0; y < 64; y++ {
		for x := 0; x < 128; x++ {
			committed.Set(x, y, a.Pages[0].Image.At(x, y))
		}
	}
	if !bytes.Equal(committed.Pix, page().Pix) {
		t.Fatal("testdata/parts.png is not the page the parts pack into (go test -update rewrites it)")
	}
	if len(a.Pages) != 1 || a.Pages[0].Width != 128 || a.Pages[0].PMA || len(a.Regions) != len(parts) {
		t.Fatalf("pages %+v, %d regions", a.Pages, len(a.Regions))
	}
	for k, p := range parts {
		r, ok := a.Region(p.name)
		w, h := p.w, p.h
		if p.rotate {
			w, h = h, w
		}
		if !ok || r.Bounds != image.Rect(p.x, p.y, p.x+w, p.y+h) || r.Rotate != p.rotate || r.OriginalWidth != p.origW {
			t.Errorf("region %q: %+v", p.name, r)
			continue
		}
		img, err := a.RegionImage(p.name)
		if err != nil {
			t.Fatal(err)
		}
		sameImage(t, p.name, img, original(k))
	}
	if _, err := a.RegionImage("nose"); err == nil {
		t.Error(`RegionImage("nose"): no error`)
	}
}

// The older atlas fields (xy, size, orig, offset, rotate: true), indented,
// read the same.
func TestAtlasOlderFields(t *testing.T) {
	a, err := spine.ParseAtlas([]byte("\nparts.png\nsize: 128,64\nformat: RGBA8888\nfilter: Linear,Linear\nrepeat: none\ntip\n  rotate: true\n  xy: 84, 0\n  size: 6, 10\n  orig: 8, 12\n  offset: 1, 1\n  index: -1\n"))
	if err != nil {
		t.Fatal(err)
	}
	if err := a.SetPage(0, page()); err != nil {
		t.Fatal(err)
	}
	img, err := a.RegionImage("tip")
	if err != nil {
		t.Fatal(err)
	}
	sameImage(t, "tip", img, original(6))
}

// A page marked pma holds premultiplied colours: they come back as they
// are, as an *image.RGBA.
func TestAtlasPremultipliedPage(t *testing.T) {
	a, err := spine.ParseAtlas([]byte("p.png\nsize:128,64\npma:true\narm\nbounds:34,0,6,26\n"))
	if err != nil {
		t.Fatal(err)
	}
	if err := a.SetPage(0, page()); err != nil {
		t.Fatal(err)
	}
	img, err := a.RegionImage("arm")
	if err != nil {
		t.Fatal(err)
	}
	rgba, ok := img.(*image.RGBA)
	if !ok || !bytes.Equal(rgba.Pix, original(0).Pix) {
		t.Errorf("pma region: %T, want the stored bytes as *image.RGBA", img)
	}
}

func TestAtlasErrors(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"p.png\nsize:16,16\nr\nbounds:0,0,4\n", "line 4: bounds: want 4 numbers, got 3"},
		{"p.png\nsize:16,16\nr\nbounds:0,0,4,x\n", `line 4: bounds: "x" is not a whole number`},
		{"p.png\nsize:16,16\nr\nbounds:0,0,4,4\nrotate:180\n", "line 5: rotate: \"180\" (only 0 and 90 degrees are supported)"},
		{"p.png\nsize:16,16\nr\nbounds:14,0,4,4\n", `line 3: region "r": (14,0)-(18,4) is outside the 16x16 page`},
		{"p.png\nsize:16,16\nr\nbounds:0,0,4,4\noffsets:1,1,4,4\n", `line 3: region "r": offsets 1, 1 put the 4x4 region outside its original 4x4`},
		{"p.png\nr\nbounds:0,0,0,4\n", `bounds 0, 0, 0, 4 must be positive`},
		// Not atlases at all (a new user's trial: each parsed as pages of
		// no regions, and failed only later at Build).
		{"", "no regions (0 pages)"},
		{"null", "no regions (1 pages)"},
		{"{}\n", "no regions (1 pages)"},
		{"p.png\nsize:16,16\n", "no regions (1 pages)"},
		{"\x00\x01garbage{\n", "line 1: \"\\x00\\x01garbage{\": a control character"},
		{"p.png\n\xff\xfe\n", "line 2: \"\\xff\\xfe\": a control character or invalid UTF-8"},
	} {
		_, err := spine.ParseAtlas([]byte(c.text))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseAtlas(%q) = %v, want %q", c.text, err, c.want)
		}
	}
	a, err := spine.ParseAtlas([]byte("p.png\nr\nbounds:10,0,4,4\n"))
	if err != nil {
		t.Fatal(err)
	}
	if err := a.SetPage(0, image.NewNRGBA(image.Rect(0, 0, 8, 8))); err == nil || !strings.Contains(err.Error(), "outside the 8x8 image") {
		t.Errorf("SetPage with a small image: %v", err)
	}
}

// Build with the atlas's sprites: each slot's image is its region at its
// original size, pivot at the centre; at Options.Scale 2 the images are
// redrawn at twice the size.
func TestBuildWithAtlasSprites(t *testing.T) {
	a, err := spine.LoadAtlas(os.DirFS("testdata"), "parts.atlas")
	if err != nil {
		t.Fatal(err)
	}
	sprites := a.Sprites()
	for _, scale := range []float64{1, 2} {
		s := load(t, "tail.json", &spine.Options{Scale: scale})
		m, err := s.Build(sprites)
		if err != nil {
			t.Fatal(err)
		}
		for _, sl := range s.Slots {
			sp := m.Def.BoneDef(sl.Bone).Sprite
			want := image.Rect(0, 0, int(sl.Size[0]), int(sl.Size[1]))
			if sp.Image == nil || sp.Image.Bounds().Size() != want.Size() || sp.Pivot != sl.Size.Mul(0.5) {
				t.Errorf("scale %v: slot %q sprite %v pivot %v, want %v and %v", scale, sl.Name, sp.Image.Bounds(), sp.Pivot, want, sl.Size.Mul(0.5))
			}
		}
	}
	sp, err := sprites.Sprite("tip")
	if err != nil {
		t.Fatal(err)
	}
	if name, ok := sprites.SpriteName(sp); !ok || name != "tip" || sp.Pivot != (mgl64.Vec2{4, 6}) {
		t.Errorf("SpriteName = %q, %v; pivot %v", name, ok, sp.Pivot)
	}
	if _, err := load(t, "tail.json", nil).Build(ikanim.SpriteMap{}); err == nil {
		t.Error("Build with a source that has no regions: no error")
	}
}

// An attachment drawn larger than MaxSpriteSide is an error at Build, not
// a huge image.
func TestBuildRefusesHugeSprites(t *testing.T) {
	a, err := spine.LoadAtlas(os.DirFS("testdata"), "parts.atlas")
	if err != nil {
		t.Fatal(err)
	}
	s := load(t, "tail.json", &spine.Options{Scale: 400})
	if _, err := s.Build(a.Sprites()); err == nil || !strings.Contains(err.Error(), `slot "tail1": drawn at 9600x3200 px, more than 8192 a side`) {
		t.Errorf("Build at scale 400: %v", err)
	}
}
