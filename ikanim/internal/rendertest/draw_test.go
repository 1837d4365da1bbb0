package rendertest

import (
	"image"
	"image/color"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/ikanim/ikanim/ikanim"
)

// solid returns a w x h image filled with c.
func solid(w, h int, c color.RGBA) *ebiten.Image {
	img := ebiten.NewImage(w, h)
	img.Fill(c)
	return img
}

var (
	red  = color.RGBA{255, 0, 0, 255}
	blue = color.RGBA{0, 0, 255, 255}
)

// lRig is an L: a red bone 20 px forward from (50,50) and a blue bone 10 px
// straight down from its end, each drawn as a 4 px thick bar.
func lRig(t *testing.T) *ikanim.Rig {
	t.Helper()
	bar := func(l int, c color.RGBA) ikanim.Sprite {
		return ikanim.Sprite{Image: solid(l, 4, c), Pivot: mgl64.Vec2{0, 2}, Length: float64(l)}
	}
	def, err := ikanim.NewRigDef([]ikanim.BoneDef{
		{Name: "a", Parent: -1, Length: 20, Sprite: bar(20, red)},
		{Name: "b", Parent: 0, Attach: mgl64.Vec2{20, 0}, Length: 10, Rest: math.Pi / 2, Sprite: bar(10, blue), Layer: 1},
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := ikanim.NewRig(def)
	r.Position = mgl64.Vec2{50, 50}
	return r
}

func pixels(img *ebiten.Image) *image.RGBA {
	out := image.NewRGBA(img.Bounds())
	img.ReadPixels(out.Pix)
	return out
}

func TestRigDrawsPartsWhereThePoseSays(t *testing.T) {
	cases := []struct {
		name   string
		facing ikanim.Facing
		camera ebiten.GeoM
		tint   float32
		want   map[image.Point]color.RGBA
	}{
		{"right", ikanim.FacingRight, ebiten.GeoM{}, 1, map[image.Point]color.RGBA{
			{60, 50}: red, {52, 50}: red, {71, 55}: blue, {70, 58}: blue,
			{40, 50}: {}, {60, 56}: {}, {60, 46}: {},
		}},
		{"left", ikanim.FacingLeft, ebiten.GeoM{}, 1, map[image.Point]color.RGBA{
			{40, 50}: red, {47, 50}: red, {29, 55}: blue,
			{60, 50}: {}, {71, 55}: {},
		}},
		{"camera", ikanim.FacingRight, func() ebiten.GeoM { var g ebiten.GeoM; g.Translate(-30, 10); return g }(), 1, map[image.Point]color.RGBA{
			{30, 60}: red, {41, 65}: blue, {60, 50}: {},
		}},
		{"tint", ikanim.FacingRight, ebiten.GeoM{}, 0.5, map[image.Point]color.RGBA{
			{60, 50}: {128, 0, 0, 128}, {71, 55}: {0, 0, 128, 128},
		}},
	}
	dst := ebiten.NewImage(100, 100)
	for _, c := range cases {
		r := lRig(t)
		r.Facing = c.facing
		r.Update(1.0 / 60)
		dst.Clear()
		opts := &ikanim.DrawOptions{}
		opts.GeoM = c.camera
		opts.ColorScale.ScaleAlpha(c.tint)
		r.Draw(dst, opts)
		px := pixels(dst)
		for p, want := range c.want {
			got := px.RGBAAt(p.X, p.Y)
			if absDiff(got.R, want.R) > 2 || absDiff(got.G, want.G) > 2 || absDiff(got.B, want.B) > 2 || absDiff(got.A, want.A) > 2 {
				t.Errorf("%s: pixel %v = %v, want %v", c.name, p, got, want)
			}
		}
	}
}

// A limb solve moves the drawn parts: reaching the blue tip to a point below
// and behind draws blue there.
func TestSolvedLimbIsDrawnAtTheTarget(t *testing.T) {
	bar := func(l int, c color.RGBA) ikanim.Sprite {
		return ikanim.Sprite{Image: solid(l, 4, c), Pivot: mgl64.Vec2{0, 2}, Length: float64(l)}
	}
	def, err := ikanim.NewRigDef([]ikanim.BoneDef{
		{Name: "a", Parent: -1, Length: 20, Rest: 0.3, Sprite: bar(20, red)},
		{Name: "b", Parent: 0, Attach: mgl64.Vec2{20, 0}, Length: 20, Rest: 0.3, Sprite: bar(20, blue), Layer: 1},
	}, []ikanim.LimbDef{{Name: "arm", Bones: []string{"a", "b"}}})
	if err != nil {
		t.Fatal(err)
	}
	r := ikanim.NewRig(def)
	r.Position = mgl64.Vec2{50, 20}
	l := r.MustLimb("arm")
	l.Target = mgl64.Vec2{50, 50} // 30 px straight down from the root
	l.SetWeightNow(1)
	r.Update(1.0 / 60)
	dst := ebiten.NewImage(100, 100)
	r.Draw(dst, nil)
	px := pixels(dst)
	// The tip ends at (50,50): the blue bar's last pixels lie just above it.
	_, tip := r.Joint(1)
	if tip.Sub(mgl64.Vec2{50, 50}).Len() > 1e-9 {
		t.Fatalf("tip at %v, want (50,50)", tip)
	}
	dir := tip.Sub(mustStart(r, 1)).Normalize()
	p := tip.Sub(dir.Mul(2))
	if got := px.RGBAAt(int(math.Floor(p[0])), int(math.Floor(p[1]))); got.B < 200 || got.R > 50 {
		t.Errorf("pixel near the tip %v = %v, want blue", p, got)
	}
}

func mustStart(r *ikanim.Rig, i int) mgl64.Vec2 {
	s, _ := r.Joint(i)
	return s
}

func TestRigDrawDoesNotAllocate(t *testing.T) {
	r := lRig(t)
	r.Update(1.0 / 60)
	dst := ebiten.NewImage(100, 100)
	opts := &ikanim.DrawOptions{}
	opts.GeoM.Translate(1, 2)
	r.Draw(dst, opts)
	if n := testing.AllocsPerRun(100, func() { r.Draw(dst, opts) }); n != 0 {
		t.Errorf("Rig.Draw allocates %v times per frame, want 0", n)
	}
}

func absDiff(a, b uint8) uint8 {
	if a > b {
		return a - b
	}
	return b - a
}
