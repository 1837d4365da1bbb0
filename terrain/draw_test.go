package terrain_test

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/ikanim/kit/terrain"
	"github.com/solarlune/resolv"
)

// Draw builds its paths without allocating once warm. (Rendering itself is
// ebiten's; a pixel test would need a running game loop and is not here.)
func TestDrawPathsDoNotAllocate(t *testing.T) {
	w := terrain.Generate(3, terrain.GenOptions{Platforms: 10})
	w.AddCircle(300, 100, 20, 0)
	var g ebiten.GeoM
	w.BuildDrawPaths(&g)
	allocs := testing.AllocsPerRun(200, func() {
		g.Translate(1, 0)
		w.BuildDrawPaths(&g)
	})
	if allocs != 0 {
		t.Errorf("building draw paths allocates %v times per frame, want 0", allocs)
	}
}

// Seams between neighbouring ground quads are not outlined: flat ground of
// n quads over [0,W] has 2n+2 outline edges (n tops, n bottoms, 2 ends).
func TestDrawOutlineSkipsSeams(t *testing.T) {
	w, _ := buildScene("slope30") // 5 quads
	var g ebiten.GeoM
	w.BuildDrawPaths(&g)
	if got, want := w.DrawEdges(), 2*5+2; got != want {
		t.Errorf("outline edges = %d, want %d", got, want)
	}
}

// The outline of "stairs16" is the perimeter of the union of its quads: the
// surface (1280 px of treads and flats plus 16 risers of 16 px), the two
// 160 px ends and the 1280 px bottom. The covered parts of the risers shared
// by neighbouring quads are not outlined; the visible parts are.
func TestDrawOutlineIsUnionPerimeter(t *testing.T) {
	w, _ := buildScene("stairs16")
	var g ebiten.GeoM
	w.BuildDrawPaths(&g)
	want := 1280 + 16*16.0 + 2*(720-560) + 1280
	if got := w.OutlineLength(); math.Abs(got-want) > 1e-6 {
		t.Errorf("outline length = %v, want %v", got, want)
	}
}

// The textured Draw's vertex lists are rebuilt every frame without
// allocating once warm.
func TestDrawTextureMeshesDoNotAllocate(t *testing.T) {
	w := terrain.Generate(3, terrain.GenOptions{Platforms: 10})
	w.AddCircle(300, 100, 20, 0)
	var g ebiten.GeoM
	w.BuildTextureMeshes(&g, 64, 64, 64, 16, 1)
	allocs := testing.AllocsPerRun(200, func() {
		g.Translate(1, 0)
		w.BuildTextureMeshes(&g, 64, 64, 64, 16, 1)
	})
	if allocs != 0 {
		t.Errorf("building texture meshes allocates %v times per frame, want 0", allocs)
	}
}

// Triangle counts by hand: the ground of "stairs16" is quads (2 triangles
// each, one fan per convex quad) plus here a circle of radius 20 at scale 1
// (2*pi*20/4 = 31.4 rim segments, so 31 triangles). Each quad's top is a
// horizontal tread or flat, the only up-facing edge it has, and no other quad
// covers it, so the grass is one strip quad (2 triangles) per ground quad; the
// risers, ends and bottoms face sideways or down, and the circle gets none.
func TestDrawTextureMeshCounts(t *testing.T) {
	w, _ := buildScene("stairs16")
	quads := w.NumShapes()
	w.AddCircle(300, 100, 20, 0)
	var g ebiten.GeoM
	fill, grass := w.BuildTextureMeshes(&g, 64, 64, 64, 16, 1)
	if want := 2*quads + 31; fill != want {
		t.Errorf("fill triangles = %d, want %d (%d quads and a 31-segment circle)", fill, want, quads)
	}
	if want := 2 * quads; grass != want {
		t.Errorf("grass triangles = %d, want %d", grass, want)
	}
}

// Draw shows what the queries see: a player's box standing on the ground and
// excluded by the World's Filter (or a trigger, excluded by default) leaves
// the ground's outline whole, with no hole where the box covers it; once the
// filter lets the box through, its three free sides are outlined too.
func TestDrawHonoursTheFilter(t *testing.T) {
	player := resolv.NewTag("player")
	w, _ := terrain.New(640, 480)
	if _, err := w.AddGround([]mgl64.Vec2{{0, 400}, {640, 400}}, 480, 0); err != nil {
		t.Fatal(err)
	}
	ground := 640 + 2*80 + 640.0 // top, two ends, bottom
	box := 100 + 2*60.0          // the box's top and sides (its bottom lies on the ground)
	if _, err := w.AddBox(200, 340, 100, 60, player); err != nil {
		t.Fatal(err)
	}
	if _, err := w.AddBox(400, 340, 50, 60, terrain.TagTrigger); err != nil {
		t.Fatal(err)
	}
	var g ebiten.GeoM
	w.Filter = terrain.Filter{Exclude: player}
	w.BuildDrawPaths(&g)
	if got := w.OutlineLength(); math.Abs(got-ground) > 1e-6 {
		t.Errorf("box excluded: outline %v, want the ground's %v", got, ground)
	}
	w.Filter = terrain.Filter{}
	w.BuildDrawPaths(&g)
	if got := w.OutlineLength(); math.Abs(got-(ground-100+box)) > 1e-6 {
		t.Errorf("box drawn: outline %v, want %v", got, ground-100+box)
	}
}
