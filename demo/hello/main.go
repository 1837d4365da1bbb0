// Command hello is a first ikanim program: a humanoid walks back and forth
// over a slope, a Grounder putting its feet on the ground. Run it with
// go run ./demo/hello (without a display: xvfb-run -a go run ./demo/hello);
// -frames N quits after N updates.
package main

import (
	"flag"
	"image/color"
	"log"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/ikanim/kit/assets"
	"github.com/ikanim/kit/ikanim"
	"github.com/ikanim/kit/terrain"
)

// The ground: flat, a slope rising 110 px over 240 px (25 degrees), flat.
const level = `{"name": "hello", "width": 640, "height": 360, "entries": [
	{"kind": "polyline", "points": [[0, 300], [200, 300], [440, 190], [640, 190]], "bottom": 360}]}`

var frames = flag.Int("frames", 0, "quit after this many updates (0: run until the window is closed)")

type game struct {
	world   *terrain.World
	hero    *ikanim.Rig
	updates int
}

func newGame() *game {
	world := must(must(terrain.ParseLevel([]byte(level))).Build())
	hero := must(ikanim.NewRig(must(ikanim.NewBipedDef(ikanim.BipedSizes{}, ikanim.BipedSprites{
		Torso: part("torso"), Head: part("head"), UpperArm: part("upperarm"), Forearm: part("forearm"),
		Hand: part("hand"), Thigh: part("thigh"), Shin: part("shin"), Foot: part("foot"),
	}))))
	hero.Source = &ikanim.WalkCycle{}                                            // a walk paced by how fast the hero moves
	follow := must(ikanim.NewGroundFollower(hero, world))                        // keeps the body over the ground
	feet := must(ikanim.NewGrounder(hero, world, ikanim.BipedGrounderLegs()...)) // puts the feet on it
	follow.Probe = 24                                                            // look ahead downhill
	hero.Add(follow, feet)
	hero.Teleport(mgl64.Vec2{60, 300})
	return &game{world: world, hero: hero}
}

// part loads a humanoid sprite of package assets.
func part(name string) ikanim.Sprite {
	p, _ := assets.Lookup("humanoid/" + name)
	img := ebiten.NewImageFromImage(must(assets.Image("humanoid/" + name)))
	return ikanim.SpriteFromImage(img, mgl64.Vec2{float64(p.Pivot.X), float64(p.Pivot.Y)}, p.Length)
}

func (g *game) Update() error {
	h, dt := g.hero, 1/float64(ebiten.TPS())
	h.Position[0] += h.Facing.Sign() * 60 * dt // walk at 60 px/s: the rig does the rest
	if x := h.Position[0]; (x > 580 && h.Facing == ikanim.FacingRight) || (x < 60 && h.Facing == ikanim.FacingLeft) {
		h.Facing = h.Facing.Flip()
	}
	h.Update(dt)
	if g.updates++; *frames > 0 && g.updates >= *frames {
		return ebiten.Termination
	}
	return nil
}

func (g *game) Draw(screen *ebiten.Image) {
	screen.Fill(color.RGBA{150, 200, 240, 255})
	g.world.Draw(screen, nil) // terrain draws any world, flat-shaded by default
	g.hero.Draw(screen, nil)  // one sprite per bone
}

func (g *game) Layout(int, int) (int, int) { return 640, 360 }

// must stops the program on an error: a first program's error handling.
func must[T any](v T, err error) T {
	if err != nil {
		log.Fatal(err)
	}
	return v
}

func main() {
	flag.Parse()
	if err := ebiten.RunGame(newGame()); err != nil {
		log.Fatal(err)
	}
}
