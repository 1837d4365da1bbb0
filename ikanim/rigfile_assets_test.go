package ikanim_test

import (
	"os"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/ikanim/kit/assets"
	"github.com/ikanim/kit/ikanim"
)

// The project's atlas is a SpriteSource through assets.Index (the two
// packages do not import each other: the index has ikanim.AtlasIndex's
// shape), and testdata/biped.rig.json loads with its parts: every bone's
// sprite is the named part, at its size, with its pivot and length.
func TestRigFileWithTheProjectAtlas(t *testing.T) {
	img, index, err := assets.IndexedAtlas()
	if err != nil {
		t.Fatal(err)
	}
	var _ ikanim.AtlasIndex = index
	sprites := ikanim.NewSpriteAtlas(ebiten.NewImageFromImage(img), index)
	f, err := os.Open("testdata/biped.rig.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	def, err := ikanim.LoadRigDef(f, sprites)
	if err != nil {
		t.Fatal(err)
	}
	drawn := 0
	for i := 0; i < def.NumBones(); i++ {
		sp := def.BoneDef(i).Sprite
		if sp.Image == nil {
			continue
		}
		drawn++
		name, ok := sprites.SpriteName(sp)
		part, _ := assets.Lookup(name)
		partImg, err := assets.Image(name)
		if !ok || err != nil || sp.Image.Bounds().Size() != partImg.Bounds().Size() ||
			sp.Pivot[0] != float64(part.Pivot.X) || sp.Pivot[1] != float64(part.Pivot.Y) || sp.Length != part.Length {
			t.Errorf("bone %q: sprite %q (%v) size %v pivot %v length %v; want the part's", def.BoneDef(i).Name, name, ok, sp.Image.Bounds().Size(), sp.Pivot, sp.Length)
		}
	}
	if drawn != 14 {
		t.Errorf("%d bones drawn, want 14 (all but the hips)", drawn)
	}
	data, err := ikanim.MarshalRigDef(def, sprites)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := os.ReadFile("testdata/biped.rig.json")
	if string(data) != string(want) {
		t.Errorf("saving it again wrote other bytes:\n%s", data)
	}
}
