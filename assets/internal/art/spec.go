// Package art draws every sprite of the project procedurally, with the standard
// library only. Render is deterministic: no clock, no unordered map iteration,
// fixed PCG seeds, so the PNGs it produces are byte-identical on every run of
// the same Go toolchain on the same architecture.
//
// Each part is drawn in its own local frame (u, v): the origin is the part's
// pivot (the joint the bone rotates about), +u runs along the bone and +v is
// image-down. See package assets for the drawing convention a rig relies on.
package art

import (
	"bytes"
	"image"
	"image/png"
	"math"
	"sort"
)

// Spec describes one generated image.
type Spec struct {
	Name   string      // part name, e.g. "humanoid/thigh"
	File   string      // path inside the assets package, e.g. "sprites/humanoid_thigh.png"
	W, H   int         // image size in pixels
	Pivot  image.Point // the bone starts at this image point
	Length float64     // px from Pivot along +x to the next joint; 0 for parts without a child
	// Border reports whether the part keeps a 2 px fully transparent border
	// (every sprite that is drawn rotated; not backgrounds and tiles).
	Border bool

	rest float64 // screen angle of the bone in a rest pose, used to place the light
	draw func(c *canvas, ox, oy float64)
}

const (
	up   = -math.Pi / 2 // rest angle of bones pointing up on screen
	down = math.Pi / 2  // rest angle of bones hanging down
)

func part(name string, w, h, px, py int, length float64, rest float64, draw func(c *canvas, ox, oy float64)) Spec {
	return Spec{Name: name, File: fileOf(name), W: w, H: h, Pivot: image.Pt(px, py), Length: length, Border: true, rest: rest, draw: draw}
}

func fileOf(name string) string {
	b := []byte(name)
	for i, ch := range b {
		if ch == '/' {
			b[i] = '_'
		}
	}
	return "sprites/" + string(b) + ".png"
}

func specList() []Spec {
	s := []Spec{
		part("humanoid/torso", 58, 28, 13, 13, 40, up, drawTorso),
		part("humanoid/head", 40, 34, 10, 16, 0, up, drawHead),
		part("humanoid/upperarm", 38, 16, 8, 8, 22, down, drawUpperarm),
		part("humanoid/forearm", 34, 16, 7, 8, 20, down, drawForearm),
		part("humanoid/hand", 20, 18, 6, 9, 7, down, drawHand),
		part("humanoid/thigh", 49, 20, 10, 10, 30, down, drawThigh),
		part("humanoid/shin", 46, 20, 9, 10, 30, down, drawShin),
		part("humanoid/foot", 26, 18, 8, 9, 14, 0, drawFoot),
		part("spider/body", 50, 28, 27, 17, 0, 0, drawSpiderBody),
		part("spider/femur", 39, 12, 6, 6, 26, 0, drawFemur),
		part("spider/tibia", 39, 10, 5, 5, 30, down, drawTibia),
		part("spider/tarsus", 20, 8, 4, 4, 12, down, drawTarsus),
		part("crawler/body", 42, 24, 18, 13, 0, 0, drawCrawler),
		part("tentacle/segment", 24, 16, 7, 8, 10, down, drawTentacleSegment),
		part("tentacle/head", 40, 36, 20, 19, 0, 0, drawTentacleHead),
		part("prop/crate", 24, 24, 12, 12, 0, 0, drawCrate),
		part("prop/gem", 12, 12, 6, 6, 0, 0, drawGem),
		part("ui/target", 16, 16, 8, 8, 0, 0, drawTarget),
		{Name: "bg/sky", File: fileOf("bg/sky"), W: 1280, H: 720, draw: drawSky},
		{Name: "bg/hills", File: fileOf("bg/hills"), W: 1280, H: 360, draw: drawHills},
		{Name: "tile/ground", File: fileOf("tile/ground"), W: 64, H: 64, draw: drawGround},
		{Name: "tile/grass", File: fileOf("tile/grass"), W: 64, H: 16, draw: drawGrass},
	}
	sort.Slice(s, func(i, j int) bool { return s[i].Name < s[j].Name })
	return s
}

// Specs returns the description of every generated image, sorted by name.
func Specs() []Spec { return specList() }

// Render draws every image, keyed by part name.
func Render() map[string]*image.NRGBA {
	out := make(map[string]*image.NRGBA)
	for _, s := range specList() {
		out[s.Name] = RenderOne(s)
	}
	return out
}

// RenderOne draws the image of one spec.
func RenderOne(s Spec) *image.NRGBA {
	c := newCanvas(s.W, s.H, s.rest)
	s.draw(c, float64(s.Pivot.X), float64(s.Pivot.Y))
	return c.image()
}

// Encode writes img as a PNG with the settings the committed files use.
func Encode(img image.Image) ([]byte, error) {
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
