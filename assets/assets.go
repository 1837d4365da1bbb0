// Package assets holds the project's sprites, embedded with go:embed, and
// describes how each one sits on a bone. It imports only the standard library.
//
// All images are drawn by a program in this repository (go run ./assets/gen,
// from the repository root); the tests check that the committed PNGs are
// exactly what it draws.
//
// # Units and axes
//
// Pixels; image coordinates increase right and down (as in package image and
// on screen in Ebitengine); a positive angle turns clockwise on screen, as
// ebiten.GeoM.Rotate does.
//
// # The drawing convention
//
// Every limb part is drawn lying along +x: its bone starts at the image point
// Pivot (the joint it rotates about, at the top-left corner of pixel Pivot)
// and runs to the right for Length pixels, to the joint where the next bone
// starts. A rig draws a part whose bone has world angle a at joint j with
//
//	geoM.Translate(-float64(p.Pivot.X), -float64(p.Pivot.Y))
//	geoM.Rotate(a)
//	geoM.Translate(j.X(), j.Y())
//
// Rotating by a maps the image direction (x, y) to
// (x cos a - y sin a, x sin a + y cos a) on screen. A bone pointing up has
// a = -pi/2, which turns the image's +y side to screen right; a bone hanging
// down has a = +pi/2, which turns the image's -y side to screen right. So, for
// a character facing right (+x):
//
//   - parts that point up on screen (humanoid/torso, humanoid/head) have their
//     front (chest, face) on the image's +y side;
//   - parts that point down (thigh, shin, upper arm, forearm, hand) have their
//     front (knee cap, thumb) on the image's -y side;
//   - the foot lies as it stands: sole down (+y), toe to the right, Pivot at the
//     ankle 5 px above the sole and Length 14 to the toe.
//
// Creature bodies (spider/body, crawler/body, tentacle/head) face +x with their
// back up (-y) at angle 0, and have Length 0: Pivot is where legs attach.
// Near and far limbs use the same images; a rig tints the far ones darker
// (for example with ColorScale 0.7).
//
// Props and the target marker are centred on Pivot. The backgrounds (bg/sky
// 1280x720, bg/hills 1280x360 with a transparent top) wrap horizontally, and
// the tiles (tile/ground 64x64, tile/grass 64x16 with transparent space above
// the blades) tile seamlessly; all four have Pivot (0, 0). Every part that is
// drawn rotated keeps a 2 px fully transparent border.
package assets

import (
	"embed"
	"fmt"
	"image"
	"image/png"
	"sort"
)

//go:embed sprites/*.png
var sprites embed.FS

// Part describes one sprite part drawn on a bone.
type Part struct {
	Name   string      // e.g. "humanoid/thigh"
	File   string      // path inside the embedded FS, e.g. "sprites/humanoid_thigh.png"
	Pivot  image.Point // image point where the bone starts (the joint it rotates about)
	Length float64     // px from Pivot along +x to where the next bone starts (0 for parts with no child)
}

// parts is sorted by name.
var parts = []Part{
	{"bg/hills", "sprites/bg_hills.png", image.Pt(0, 0), 0},
	{"bg/sky", "sprites/bg_sky.png", image.Pt(0, 0), 0},
	{"crawler/body", "sprites/crawler_body.png", image.Pt(18, 13), 0},
	{"humanoid/foot", "sprites/humanoid_foot.png", image.Pt(8, 9), 14},
	{"humanoid/forearm", "sprites/humanoid_forearm.png", image.Pt(7, 8), 20},
	{"humanoid/hand", "sprites/humanoid_hand.png", image.Pt(6, 9), 7},
	{"humanoid/head", "sprites/humanoid_head.png", image.Pt(10, 16), 0},
	{"humanoid/shin", "sprites/humanoid_shin.png", image.Pt(9, 10), 30},
	{"humanoid/thigh", "sprites/humanoid_thigh.png", image.Pt(10, 10), 30},
	{"humanoid/torso", "sprites/humanoid_torso.png", image.Pt(13, 13), 40},
	{"humanoid/upperarm", "sprites/humanoid_upperarm.png", image.Pt(8, 8), 22},
	{"prop/crate", "sprites/prop_crate.png", image.Pt(12, 12), 0},
	{"prop/gem", "sprites/prop_gem.png", image.Pt(6, 6), 0},
	{"spider/body", "sprites/spider_body.png", image.Pt(27, 17), 0},
	{"spider/femur", "sprites/spider_femur.png", image.Pt(6, 6), 26},
	{"spider/tarsus", "sprites/spider_tarsus.png", image.Pt(4, 4), 12},
	{"spider/tibia", "sprites/spider_tibia.png", image.Pt(5, 5), 30},
	{"tentacle/head", "sprites/tentacle_head.png", image.Pt(20, 19), 0},
	{"tentacle/segment", "sprites/tentacle_segment.png", image.Pt(7, 8), 10},
	{"tile/grass", "sprites/tile_grass.png", image.Pt(0, 0), 0},
	{"tile/ground", "sprites/tile_ground.png", image.Pt(0, 0), 0},
	{"ui/target", "sprites/ui_target.png", image.Pt(8, 8), 0},
}

// Lookup returns the part with the given name and whether it exists.
func Lookup(name string) (Part, bool) {
	i := sort.Search(len(parts), func(i int) bool { return parts[i].Name >= name })
	if i < len(parts) && parts[i].Name == name {
		return parts[i], true
	}
	return Part{}, false
}

// Names returns the names of all parts, sorted. The slice is a new copy.
func Names() []string {
	out := make([]string, len(parts))
	for i, p := range parts {
		out[i] = p.Name
	}
	return out
}

// Image decodes the embedded PNG of the named part. It allocates: call it at
// setup time, not per frame. The result is an *image.NRGBA.
func Image(name string) (image.Image, error) {
	p, ok := Lookup(name)
	if !ok {
		return nil, fmt.Errorf("assets: unknown part %q", name)
	}
	f, err := sprites.Open(p.File)
	if err != nil {
		return nil, fmt.Errorf("assets: %s: %w", name, err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		return nil, fmt.Errorf("assets: %s: %w", name, err)
	}
	return img, nil
}
