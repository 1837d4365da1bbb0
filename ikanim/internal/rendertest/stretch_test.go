package rendertest

import (
	"image"
	"image/color"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/ikanim/kit/ikanim"
)

// A stretched bone draws its sprite stretched along the bone: a 20 px red
// piston (a one-bone look-at limb with Stretch 2) reaching 30 px forward
// from (50,50) covers x 50..80 on its rows 48-49, and its child, attached
// at the piston's end, starts there.
func TestStretchedBoneDrawsStretchedSprite(t *testing.T) {
	def, err := ikanim.NewRigDef([]ikanim.BoneDef{
		{Name: "a", Parent: -1, Length: 20, Sprite: twoTone(20, red)},
		{Name: "b", Parent: 0, Attach: mgl64.Vec2{20, 0}, Length: 10, Rest: 1.5707963267948966, Sprite: twoTone(10, blue), Layer: 1},
	}, []ikanim.LimbDef{{Name: "piston", Bones: []string{"a"}, Solver: ikanim.SolveLookAt, Stretch: 2}})
	if err != nil {
		t.Fatal(err)
	}
	for _, stretch := range []bool{false, true} {
		r, err := ikanim.NewRig(def)
		if err != nil {
			t.Fatal(err)
		}
		r.Position = mgl64.Vec2{50, 50}
		l := r.MustLimb("piston")
		l.Target = mgl64.Vec2{80, 50}
		if stretch {
			l.SetWeightNow(1)
		}
		r.Update(1.0 / 60)
		dst := ebiten.NewImage(100, 100)
		r.Draw(dst, nil)
		px := pixels(dst)
		want := map[image.Point]color.RGBA{{52, 48}: red, {65, 49}: red, {75, 48}: {}, {70, 55}: blue}
		if stretch {
			// Scale 1.5: red to x 80, the blue child hangs from (80, 50).
			want = map[image.Point]color.RGBA{{52, 48}: red, {65, 49}: red, {78, 48}: red, {78, 50}: dark, {82, 48}: {}, {80, 55}: blue, {70, 55}: {}}
			if s := r.BoneScale(0); s != 1.5 {
				t.Errorf("BoneScale = %v, want 1.5", s)
			}
		}
		for p, w := range want {
			got := px.RGBAAt(p.X, p.Y)
			if absDiff(got.R, w.R) > 2 || absDiff(got.G, w.G) > 2 || absDiff(got.B, w.B) > 2 || absDiff(got.A, w.A) > 2 {
				t.Errorf("stretch %v: pixel %v = %v, want %v", stretch, p, got, w)
			}
		}
	}
}

// A spring chain's debug overlay draws its segments where its joints are.
func TestSpringChainDebugDrawsTheChain(t *testing.T) {
	c, err := ikanim.NewSpringChain(nil, ikanim.SpringJoint{Length: 20}, ikanim.SpringJoint{Length: 20})
	if err != nil {
		t.Fatal(err)
	}
	c.Update(1.0/60, mgl64.Vec2{20, 50}, 0) // a straight chain from (20,50) to (60,50)
	dst := ebiten.NewImage(100, 100)
	c.DrawDebug(dst, &ikanim.DebugOptions{HideJoints: true, LineWidth: 3})
	px := pixels(dst)
	want := ikanim.DebugBone.Color().(color.RGBA)
	for _, x := range []int{25, 40, 55} {
		if got := px.RGBAAt(x, 50); absDiff(got.R, want.R) > 2 || absDiff(got.G, want.G) > 2 || absDiff(got.B, want.B) > 2 {
			t.Errorf("pixel (%d, 50) = %v, want the bone colour %v", x, got, want)
		}
	}
	if got := px.RGBAAt(40, 60); got.A != 0 {
		t.Errorf("pixel (40, 60) = %v, want empty", got)
	}
}
