package rendertest

import (
	"fmt"
	"image/color"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/ikanim/kit/assets"
	"github.com/ikanim/kit/ikanim"
)

// assetSprite loads a part of package assets as a sprite on its pivot.
func assetSprite(t *testing.T, name string) ikanim.Sprite {
	t.Helper()
	img, err := assets.Image(name)
	if err != nil {
		t.Fatal(err)
	}
	part, ok := assets.Lookup(name)
	if !ok {
		t.Fatalf("no part %q", name)
	}
	return ikanim.SpriteFromImage(ebiten.NewImageFromImage(img), mgl64.Vec2{float64(part.Pivot.X), float64(part.Pivot.Y)}, part.Length)
}

// The humanoid drawn with the project's art shows no background between or
// within connected sprites at any pose: over a whole walk cycle (48 phases,
// at full stride and standing), turned either way, a disc of 2.5 px around
// every joint where a child bone meets its parent (waist, hips, knees,
// ankles, shoulders, elbows, wrists, neck) and a disc of 1.5 px around every
// point of every bone that carries another (every 0.5 px from joint to
// joint) are covered, with no
// pixel of the magenta background inside. Drawn at zoom 4, so a 1 px seam
// shows as 4.
func TestNoBackgroundBetweenConnectedSprites(t *testing.T) {
	sp := ikanim.BipedSprites{
		Torso: assetSprite(t, "humanoid/torso"), Head: assetSprite(t, "humanoid/head"),
		UpperArm: assetSprite(t, "humanoid/upperarm"), Forearm: assetSprite(t, "humanoid/forearm"),
		Hand: assetSprite(t, "humanoid/hand"), Thigh: assetSprite(t, "humanoid/thigh"),
		Shin: assetSprite(t, "humanoid/shin"), Foot: assetSprite(t, "humanoid/foot"),
	}
	def, err := ikanim.NewBipedDef(ikanim.BipedSizes{}, sp)
	if err != nil {
		t.Fatal(err)
	}
	hasChild := make([]bool, def.NumBones())
	for i := 0; i < def.NumBones(); i++ {
		if p := def.BoneDef(i).Parent; p >= 0 {
			hasChild[p] = true
		}
	}
	const zoom, size = 4.0, 512
	magenta := color.RGBA{255, 0, 255, 255}
	dst := ebiten.NewImage(size, size)
	var cam ebiten.GeoM
	cam.Scale(zoom, zoom)
	cam.Translate(size/2, size-40)
	const radius = 2.5 // px in the world
	seen := 0
	for _, facing := range []ikanim.Facing{ikanim.FacingRight, ikanim.FacingLeft} {
		for _, speed := range []float64{62, 0} {
			walk := &ikanim.WalkCycle{}
			r, err := ikanim.NewRig(def)
			if err != nil {
				t.Fatal(err)
			}
			r.Source = walk
			r.Facing = facing
			r.TimeScale = walk.Drive(speed)
			for k := range 48 {
				r.Time = float64(k) / 48 * 0.9
				r.Update(0)
				dst.Fill(magenta)
				r.Draw(dst, &ikanim.DrawOptions{DrawImageOptions: ebiten.DrawImageOptions{GeoM: cam}})
				px := pixels(dst)
				for i := 0; i < def.NumBones(); i++ {
					b := def.BoneDef(i)
					start, end := r.Joint(i)
					check := func(p mgl64.Vec2, radius float64, where string) {
						cx, cy := cam.Apply(p[0], p[1])
						rr := radius * zoom
						for y := int(cy - rr); y <= int(cy+rr); y++ {
							for x := int(cx - rr); x <= int(cx+rr); x++ {
								if math.Hypot(float64(x)-cx, float64(y)-cy) > rr {
									continue
								}
								seen++
								if px.RGBAAt(x, y) == magenta {
									t.Fatalf("facing %v, speed %v, phase %d/48: background at (%d,%d), %.1f px from %s",
										facing, speed, k, x, y, math.Hypot(float64(x)-cx, float64(y)-cy)/zoom, where)
								}
							}
						}
					}
					if b.Parent >= 0 && b.Name != ikanim.BoneHips {
						check(start, 2.5, "the joint where "+b.Name+" meets "+def.BoneDef(b.Parent).Name)
					}
					if !hasChild[i] {
						continue // an extremity (foot, hand, head) may taper to its tip
					}
					l := end.Sub(start).Len()
					for d := 0.0; d <= l; d += 0.5 {
						check(start.Add(end.Sub(start).Mul(d/math.Max(l, 1e-9))), 1.5, fmt.Sprintf("%s, %.1f px along it", b.Name, d))
					}
				}
			}
		}
	}
	if seen == 0 {
		t.Fatal("no pixel checked")
	}
}
