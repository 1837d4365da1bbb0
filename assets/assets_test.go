package assets

import (
	"bytes"
	"image"
	"image/color"
	"math"
	"sort"
	"testing"

	"github.com/ikanim/kit/assets/internal/art"
)

// alphaAt returns the 8-bit alpha of pixel (x, y), 0 outside the image.
func alphaAt(img image.Image, x, y int) uint8 {
	if !(image.Point{x, y}.In(img.Bounds())) {
		return 0
	}
	return color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA).A
}

// coveredNear reports whether some pixel whose centre lies within r of the
// image point (px, py) has alpha >= minA.
func coveredNear(img image.Image, px, py, r float64, minA uint8) bool {
	for y := int(math.Floor(py - r)); y <= int(math.Ceil(py+r)); y++ {
		for x := int(math.Floor(px - r)); x <= int(math.Ceil(px+r)); x++ {
			if math.Hypot(float64(x)+0.5-px, float64(y)+0.5-py) <= r && alphaAt(img, x, y) >= minA {
				return true
			}
		}
	}
	return false
}

func mustImage(t *testing.T, name string) image.Image {
	t.Helper()
	img, err := Image(name)
	if err != nil {
		t.Fatalf("Image(%q): %v", name, err)
	}
	return img
}

// The parts the brief asks for, with their exact lengths.
var wantLengths = map[string]float64{
	"humanoid/torso": 40, "humanoid/head": 0, "humanoid/upperarm": 22, "humanoid/forearm": 20,
	"humanoid/hand": 7, "humanoid/thigh": 30, "humanoid/shin": 30, "humanoid/foot": 14,
	"spider/body": 0, "spider/femur": 26, "spider/tibia": 30, "spider/tarsus": 12,
	"crawler/body": 0, "tentacle/segment": 10, "tentacle/head": 0,
	"bg/sky": 0, "bg/hills": 0, "tile/ground": 0, "tile/grass": 0,
	"prop/crate": 0, "prop/gem": 0, "ui/target": 0,
}

func TestNamesSortedAndComplete(t *testing.T) {
	names := Names()
	if !sort.StringsAreSorted(names) {
		t.Errorf("Names() = %v, not sorted", names)
	}
	if len(names) != len(wantLengths) {
		t.Errorf("len(Names()) = %d, want %d", len(names), len(wantLengths))
	}
	for _, n := range names {
		p, ok := Lookup(n)
		if !ok || p.Name != n {
			t.Errorf("Lookup(%q) = %+v, %v", n, p, ok)
			continue
		}
		want, ok := wantLengths[n]
		if !ok {
			t.Errorf("unexpected part %q", n)
		} else if p.Length != want {
			t.Errorf("%s: Length = %v, want %v", n, p.Length, want)
		}
	}
	if _, ok := Lookup("humanoid/tail"); ok {
		t.Error(`Lookup("humanoid/tail") found a part that does not exist`)
	}
	if _, err := Image("humanoid/tail"); err == nil {
		t.Error(`Image("humanoid/tail") gave no error`)
	}
}

// The hand-written table must agree with the generator's specs.
func TestTableMatchesGenerator(t *testing.T) {
	specs := art.Specs()
	if len(specs) != len(parts) {
		t.Fatalf("generator has %d specs, table has %d parts", len(specs), len(parts))
	}
	for _, s := range specs {
		p, ok := Lookup(s.Name)
		if !ok {
			t.Errorf("%s: in the generator, not in the table", s.Name)
			continue
		}
		if p.File != s.File || p.Pivot != s.Pivot || p.Length != s.Length {
			t.Errorf("%s: table %+v, generator File %s Pivot %v Length %v", s.Name, p, s.File, s.Pivot, s.Length)
		}
		b := mustImage(t, s.Name).Bounds()
		if b != image.Rect(0, 0, s.W, s.H) {
			t.Errorf("%s: bounds %v, want %dx%d", s.Name, b, s.W, s.H)
		}
	}
}

func TestPartGeometry(t *testing.T) {
	border := map[string]bool{}
	for _, s := range art.Specs() {
		border[s.Name] = s.Border
	}
	for _, n := range Names() {
		p, _ := Lookup(n)
		img := mustImage(t, n)
		b := img.Bounds()
		if !p.Pivot.In(b) {
			t.Errorf("%s: Pivot %v outside %v", n, p.Pivot, b)
			continue
		}
		if !border[n] {
			continue // backgrounds and tiles: checked by the seam tests
		}
		px, py := float64(p.Pivot.X), float64(p.Pivot.Y)
		// The art covers the joint it rotates about ...
		if !coveredNear(img, px, py, 2, 128) {
			t.Errorf("%s: no opaque pixel within 2 px of the pivot %v", n, p.Pivot)
		}
		if p.Length > 0 {
			ex := px + p.Length
			if ex < float64(b.Min.X) || ex > float64(b.Max.X) {
				t.Errorf("%s: Pivot+Length x = %v outside %v", n, ex, b)
			}
			// ... and the far joint (tapered tips: a weaker alpha is enough).
			if !coveredNear(img, ex, py, 2, 64) {
				t.Errorf("%s: no covered pixel within 2 px of the far joint (%v, %v)", n, ex, py)
			}
			// ... and the whole bone in between.
			for u := 0.0; u <= p.Length; u++ {
				if !coveredNear(img, px+u, py, 2, 64) {
					t.Errorf("%s: bone not covered at %v px from the pivot", n, u)
					break
				}
			}
		}
		// A 2 px transparent border.
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				edge := x < b.Min.X+2 || y < b.Min.Y+2 || x >= b.Max.X-2 || y >= b.Max.Y-2
				if edge && alphaAt(img, x, y) != 0 {
					t.Errorf("%s: pixel (%d,%d) in the 2 px border has alpha %d", n, x, y, alphaAt(img, x, y))
					goto next
				}
			}
		}
	next:
	}
}

// extent returns how far the opaque pixels of column x reach above (-y) and
// below (+y) the image line y = py.
func extent(img image.Image, x int, py int) (above, below int) {
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		if alphaAt(img, x, y) < 128 {
			continue
		}
		if y < py {
			above = max(above, py-y)
		} else {
			below = max(below, y-py+1)
		}
	}
	return above, below
}

// The orientation rule of the package doc, checked on the silhouettes.
func TestDrawingConvention(t *testing.T) {
	// Parts pointing up: front on +y. The head's nose and the torso's chest
	// reach further below the bone line than above it.
	for _, c := range []struct {
		name string
		u    int // column, px from the pivot
	}{{"humanoid/head", 12}, {"humanoid/torso", 25}} {
		p, _ := Lookup(c.name)
		above, below := extent(mustImage(t, c.name), p.Pivot.X+c.u, p.Pivot.Y)
		if below <= above {
			t.Errorf("%s at u=%d: front extent below %d <= back extent above %d; the front must be on +y", c.name, c.u, below, above)
		}
	}
	// Parts pointing down: front on -y. The knee cap sticks out above.
	{
		p, _ := Lookup("humanoid/thigh")
		above, below := extent(mustImage(t, "humanoid/thigh"), p.Pivot.X+28, p.Pivot.Y)
		if above <= below {
			t.Errorf("humanoid/thigh at the knee: extent above %d <= below %d; the knee cap must be on -y", above, below)
		}
	}
	// The foot stands: sole about 5 px below the ankle, toe at Length to the right.
	{
		p, _ := Lookup("humanoid/foot")
		img := mustImage(t, "humanoid/foot")
		b := img.Bounds()
		bottom, right := -1, -1
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				if alphaAt(img, x, y) >= 128 {
					bottom, right = max(bottom, y), max(right, x)
				}
			}
		}
		if sole := bottom + 1 - p.Pivot.Y; sole < 4 || sole > 6 {
			t.Errorf("humanoid/foot: sole %d px below the ankle, want about 5", sole)
		}
		if toe := float64(right+1-p.Pivot.X) - p.Length; math.Abs(toe) > 1.5 {
			t.Errorf("humanoid/foot: toe ends %v px from Pivot+Length, want within 1.5", toe)
		}
	}
	// The spider faces +x: its red eyes are right of the pivot, its abdomen
	// (most of its mass) left of it.
	{
		p, _ := Lookup("spider/body")
		img := mustImage(t, "spider/body")
		b := img.Bounds()
		eyes, massX, mass := 0, 0.0, 0.0
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				c := color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)
				if c.A < 128 {
					continue
				}
				mass++
				massX += float64(x) + 0.5
				if c.R > 180 && c.G < 110 && c.B < 110 {
					eyes++
					if x < p.Pivot.X {
						t.Errorf("spider/body: eye pixel at x=%d left of the pivot x=%d", x, p.Pivot.X)
					}
				}
			}
		}
		if eyes == 0 {
			t.Error("spider/body: no eye pixels")
		}
		if massX/mass >= float64(p.Pivot.X) {
			t.Errorf("spider/body: centre of mass x %.1f not behind the pivot %d", massX/mass, p.Pivot.X)
		}
	}
}

// meanDiff is the mean absolute RGBA difference between two pixel lines.
func meanDiff(img image.Image, x0, y0, x1, y1, dx, dy, n int) float64 {
	s := 0.0
	for i := 0; i < n; i++ {
		a := color.NRGBAModel.Convert(img.At(x0+i*dx, y0+i*dy)).(color.NRGBA)
		b := color.NRGBAModel.Convert(img.At(x1+i*dx, y1+i*dy)).(color.NRGBA)
		s += math.Abs(float64(a.R)-float64(b.R)) + math.Abs(float64(a.G)-float64(b.G)) +
			math.Abs(float64(a.B)-float64(b.B)) + math.Abs(float64(a.A)-float64(b.A))
	}
	return s / float64(n)
}

// Tiles and backgrounds wrap: the seam between the last and the first
// column (row) differs no more than the most different pair of neighbouring
// columns (rows) inside the image. (A sky whose clouds and glow did not wrap
// had a seam of 24.6 per pixel against a mean neighbour difference of 0.7.)
func TestSeamless(t *testing.T) {
	for _, c := range []struct {
		name       string
		horizontal bool
		vertical   bool
	}{{"tile/ground", true, true}, {"tile/grass", true, false}, {"bg/sky", true, false}, {"bg/hills", true, false}} {
		img := mustImage(t, c.name)
		b := img.Bounds()
		w, h := b.Dx(), b.Dy()
		if c.horizontal {
			seam := meanDiff(img, w-1, 0, 0, 0, 0, 1, h)
			inside := 0.0
			for x := 0; x < w-1; x++ {
				inside = math.Max(inside, meanDiff(img, x, 0, x+1, 0, 0, 1, h))
			}
			if seam > inside {
				t.Errorf("%s: left/right seam differs by %.2f per pixel, neighbouring columns by at most %.2f", c.name, seam, inside)
			}
		}
		if c.vertical {
			seam := meanDiff(img, 0, h-1, 0, 0, 1, 0, w)
			inside := 0.0
			for y := 0; y < h-1; y++ {
				inside = math.Max(inside, meanDiff(img, 0, y, 0, y+1, 1, 0, w))
			}
			if seam > inside {
				t.Errorf("%s: top/bottom seam differs by %.2f per pixel, neighbouring rows by at most %.2f", c.name, seam, inside)
			}
		}
	}
	// The layers meant to be drawn over others are see-through where they should be.
	if a := alphaAt(mustImage(t, "bg/hills"), 0, 0); a != 0 {
		t.Errorf("bg/hills: top-left alpha %d, want a transparent top", a)
	}
	if a := alphaAt(mustImage(t, "tile/grass"), 0, 0); a != 0 {
		t.Errorf("tile/grass: top-left alpha %d, want transparent above the blades", a)
	}
	if a := alphaAt(mustImage(t, "tile/grass"), 0, 15); a != 255 {
		t.Errorf("tile/grass: bottom-left alpha %d, want an opaque turf band", a)
	}
}

// Golden test: drawing everything again gives byte-identical PNGs to the
// embedded files. If it fails after a change to the art, run
// go run ./assets/gen from the repository root and commit the PNGs.
func TestCommittedFilesMatchGenerator(t *testing.T) {
	if testing.Short() {
		t.Skip("renders every image (a few seconds)")
	}
	imgs := art.Render()
	for _, s := range art.Specs() {
		got, err := art.Encode(imgs[s.Name])
		if err != nil {
			t.Fatalf("%s: encode: %v", s.Name, err)
		}
		want, err := sprites.ReadFile(s.File)
		if err != nil {
			t.Fatalf("%s: %v", s.Name, err)
		}
		if !bytes.Equal(got, want) {
			committed := mustImage(t, s.Name)
			same := true
			for i := 0; i < s.W*s.H && same; i++ {
				c := color.NRGBAModel.Convert(committed.At(i%s.W, i/s.W)).(color.NRGBA)
				same = c == imgs[s.Name].NRGBAAt(i%s.W, i/s.W)
			}
			t.Errorf("%s: regenerated PNG (%d bytes) differs from %s (%d bytes); pixels identical: %v",
				s.Name, len(got), s.File, len(want), same)
		}
	}
}

// Rendering twice in one process gives identical pixels (no hidden state).
func TestRenderDeterministic(t *testing.T) {
	for _, s := range art.Specs() {
		if s.W*s.H > 64*64 {
			continue // the backgrounds are covered by the golden test
		}
		a, b := art.RenderOne(s), art.RenderOne(s)
		if !bytes.Equal(a.Pix, b.Pix) {
			t.Errorf("%s: two renders differ", s.Name)
		}
	}
}

func TestAtlas(t *testing.T) {
	atlas, rects, err := Atlas()
	if err != nil {
		t.Fatal(err)
	}
	if len(rects) != len(parts) {
		t.Fatalf("Atlas has %d rects, want %d", len(rects), len(parts))
	}
	names := Names()
	for i, n := range names {
		r, ok := rects[n]
		if !ok {
			t.Errorf("%s: missing from the atlas", n)
			continue
		}
		if !r.In(atlas.Bounds()) {
			t.Errorf("%s: rect %v outside the atlas %v", n, r, atlas.Bounds())
		}
		for _, m := range names[i+1:] {
			if r.Overlaps(rects[m]) {
				t.Errorf("%s %v overlaps %s %v", n, r, m, rects[m])
			}
		}
		img := mustImage(t, n)
		if r.Size() != img.Bounds().Size() {
			t.Errorf("%s: rect size %v, image size %v", n, r.Size(), img.Bounds().Size())
			continue
		}
		for y := 0; y < r.Dy(); y += 3 {
			for x := 0; x < r.Dx(); x += 3 {
				got := color.NRGBAModel.Convert(atlas.At(r.Min.X+x, r.Min.Y+y))
				want := color.NRGBAModel.Convert(img.At(x, y))
				if got != want {
					t.Fatalf("%s: atlas pixel (%d,%d) = %v, image %v", n, x, y, got, want)
				}
			}
		}
	}
}
