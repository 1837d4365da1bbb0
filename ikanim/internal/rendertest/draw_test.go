package rendertest

import (
	"image"
	"image/color"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/ikanim/kit/ikanim"
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

// twoTone returns an l x 4 bar: the top two rows (the part's front side in
// the image) in c, the bottom two in dark.
func twoTone(l int, c color.RGBA) ikanim.Sprite {
	img := solid(l, 4, dark)
	img.SubImage(image.Rect(0, 0, l, 2)).(*ebiten.Image).Fill(c)
	return ikanim.Sprite{Image: img, Pivot: mgl64.Vec2{0, 2}, Length: float64(l)}
}

var dark = color.RGBA{0, 128, 0, 255}

// lRig is an L: a red bone 20 px forward from (50,50) and a blue bone 10 px
// straight down from its end, each drawn as a 4 px thick two-tone bar whose
// front (coloured) side is up for the first bone.
func lRig(t *testing.T) *ikanim.Rig {
	t.Helper()
	bar := twoTone
	def, err := ikanim.NewRigDef([]ikanim.BoneDef{
		{Name: "a", Parent: -1, Length: 20, Sprite: bar(20, red)},
		{Name: "b", Parent: 0, Attach: mgl64.Vec2{20, 0}, Length: 10, Rest: math.Pi / 2, Sprite: bar(10, blue), Layer: 1},
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	r, err := ikanim.NewRig(def)
	if err != nil {
		t.Fatal(err)
	}
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
		// The first bar covers y 48..51: front (red) rows 48-49, back 50-51.
		// The second bar hangs from (70,50) down, covering x 68..71; turned
		// +90 degrees its front side (image -y) faces screen +x: x 70-71.
		{"right", ikanim.FacingRight, ebiten.GeoM{}, 1, map[image.Point]color.RGBA{
			{60, 48}: red, {52, 49}: red, {60, 50}: dark, {60, 51}: dark,
			{70, 55}: blue, {71, 58}: blue, {68, 55}: dark,
			{40, 49}: {}, {60, 53}: {}, {60, 46}: {},
		}},
		// Facing left mirrors about x = 50; each part keeps its front side
		// in front: the red side stays up, the blue side faces forward (-x).
		{"left", ikanim.FacingLeft, ebiten.GeoM{}, 1, map[image.Point]color.RGBA{
			{40, 48}: red, {47, 49}: red, {40, 50}: dark, {40, 51}: dark,
			{28, 55}: blue, {29, 55}: blue, {31, 55}: dark,
			{60, 49}: {}, {71, 55}: {},
		}},
		{"camera", ikanim.FacingRight, func() ebiten.GeoM { var g ebiten.GeoM; g.Translate(-30, 10); return g }(), 1, map[image.Point]color.RGBA{
			{30, 58}: red, {30, 60}: dark, {40, 65}: blue, {60, 49}: {},
		}},
		{"tint", ikanim.FacingRight, ebiten.GeoM{}, 0.5, map[image.Point]color.RGBA{
			{60, 48}: {128, 0, 0, 128}, {70, 55}: {0, 0, 128, 128},
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
	bar := twoTone
	def, err := ikanim.NewRigDef([]ikanim.BoneDef{
		{Name: "a", Parent: -1, Length: 20, Rest: 0.3, Sprite: bar(20, red)},
		{Name: "b", Parent: 0, Attach: mgl64.Vec2{20, 0}, Length: 20, Rest: 0.3, Sprite: bar(20, blue), Layer: 1},
	}, []ikanim.LimbDef{{Name: "arm", Bones: []string{"a", "b"}}})
	if err != nil {
		t.Fatal(err)
	}
	r, err := ikanim.NewRig(def)
	if err != nil {
		t.Fatal(err)
	}
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
	// On the bone's axis, either tone of the blue bar (not the red one,
	// not empty).
	if got := px.RGBAAt(int(math.Floor(p[0])), int(math.Floor(p[1]))); got.R > 50 || got.A < 250 || (got.B < 200 && got.G < 100) {
		t.Errorf("pixel near the tip %v = %v, want the blue bar", p, got)
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

// TestDrawUsesTheFacingThePoseWasSolvedIn: a controller that turns the
// character round (the Aimer, to a target behind) sets Facing during
// Update, for the next one; the frame just solved is still in the old
// facing, and Draw draws it so. It mirrored the sprites by the new Facing
// at the old joints: for one frame each part showed its back side (the
// red front of the first bar drawn below the bone line).
func TestDrawUsesTheFacingThePoseWasSolvedIn(t *testing.T) {
	dst := ebiten.NewImage(100, 100)
	r := lRig(t)
	r.Update(1.0 / 60)
	r.Draw(dst, nil)
	want := pixels(dst)
	r.Facing = ikanim.FacingLeft // as a controller's Update would, after the solve
	dst.Clear()
	r.Draw(dst, nil)
	got := pixels(dst)
	diff := 0
	for i := range want.Pix {
		if absDiff(want.Pix[i], got.Pix[i]) > 2 {
			diff++
		}
	}
	if diff > 0 {
		t.Errorf("%d channel values differ from the frame drawn before Facing changed: Draw must use the facing the pose was solved in", diff)
	}
	// The next Update solves and draws in the new facing: the red front
	// of the first bar at (40, 48), as TestRigDrawsPartsWhereThePoseSays.
	r.Update(1.0 / 60)
	dst.Clear()
	r.Draw(dst, nil)
	if got := pixels(dst).RGBAAt(40, 48); absDiff(got.R, 255) > 2 || got.B > 2 {
		t.Errorf("after the next Update, pixel (40,48) = %v, want red", got)
	}
}
