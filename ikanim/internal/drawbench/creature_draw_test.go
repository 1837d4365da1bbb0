package drawbench

import (
	"fmt"
	"runtime"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/ikanim/kit/assets"
	"github.com/ikanim/kit/ikanim"
	"github.com/ikanim/kit/ikanim/creature"
	"github.com/ikanim/kit/terrain"
)

// spiderParts are the project's spider sprites: body, femur, tibia, tarsus.
var spiderParts = []string{"spider/body", "spider/femur", "spider/tibia", "spider/tarsus"}

// spiderSprites dresses a spider with the project's art as the demo does
// (one ebiten.Image per part, made by NewImageFromImage; Ebitengine packs
// such small images onto an internal atlas page of its own) or, with atlas,
// as SubImages of the one image assets.IndexedAtlas packs.
func spiderSprites(t testing.TB, atlas bool) creature.Sprites {
	t.Helper()
	sp := make([]ikanim.Sprite, len(spiderParts))
	if atlas {
		img, index, err := assets.IndexedAtlas()
		if err != nil {
			t.Fatal(err)
		}
		src := ikanim.NewSpriteAtlas(ebiten.NewImageFromImage(img), index)
		for i, n := range spiderParts {
			if sp[i], err = src.Sprite(n); err != nil {
				t.Fatal(err)
			}
		}
	} else {
		for i, n := range spiderParts {
			part, ok := assets.Lookup(n)
			img, err := assets.Image(n)
			if !ok || err != nil {
				t.Fatalf("art part %s: %v", n, err)
			}
			sp[i] = ikanim.SpriteFromImage(ebiten.NewImageFromImage(img), mgl64.Vec2{float64(part.Pivot.X), float64(part.Pivot.Y)}, part.Length)
		}
	}
	return creature.Sprites{Body: sp[0], Segments: sp[1:]}
}

// drawSpiders returns n spiders of the project's art walking right and left
// in turn on terrain's flat scene (1280 x 720, all in view), after 30
// frames, so their legs are in walking poses.
func drawSpiders(t testing.TB, n int, atlas bool) []*creature.Creature {
	t.Helper()
	def, err := creature.NewSpiderDef(spiderSprites(t, atlas))
	if err != nil {
		t.Fatal(err)
	}
	// Flat ground at y = 560 across a 1280 x 720 world.
	w, err := terrain.New(1280, 720)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.AddGround([]mgl64.Vec2{{0, 560}, {1280, 560}}, 720, 0); err != nil {
		t.Fatal(err)
	}
	y := 560 - def.BodyHeight()
	cs := make([]*creature.Creature, n)
	for i := range cs {
		c, err := creature.New(def, mgl64.Vec2{150 + float64(i%900), y}, w)
		if err != nil {
			t.Fatal(err)
		}
		c.SetMove(float64(1 - 2*(i%2)))
		cs[i] = c
	}
	for f := 0; f < 30; f++ {
		for _, c := range cs {
			c.Update(1.0 / 60)
		}
	}
	return cs
}

// drawImageCalls returns how many DrawImage calls Creature.Draw makes for
// c when every part has a sprite: the body, and one per leg segment (the
// leg's drawn joints less one).
func drawImageCalls(c *creature.Creature) int {
	var js [32]mgl64.Vec2
	n := 1
	for k := 0; k < c.NumLegs(); k++ {
		n += len(c.TentacleJoints(k, js[:0])) - 1
	}
	return n
}

// drawOpts are the demo's drawing options for creatures (identity camera).
func drawOpts() *ikanim.DrawOptions {
	return &ikanim.DrawOptions{DrawImageOptions: ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}}
}

// BenchmarkCreatureDraw: drawing 1,000 and 10,000 spiders (a body and 8
// legs of 3 segments: 25 DrawImage calls each) with Creature.Draw on the
// screen of a running game, one frame per op, with the parts as one
// ebiten.Image each (the demo's art) and as SubImages of one atlas image.
// draw-ms/frame and ns/creature are the CPU time of the Draw calls (what a
// game's Draw spends queueing them); allocs/frame counts the heap
// allocations during them; drawimage/frame counts the calls. ns/op is the
// whole frame, with Ebitengine's flush to the GPU (here Mesa's software
// rasteriser under Xvfb, so it says little about a real GPU).
func BenchmarkCreatureDraw(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		for _, atlas := range []bool{false, true} {
			src := "images"
			if atlas {
				src = "atlas"
			}
			b.Run(fmt.Sprintf("n=%d/%s", n, src), func(b *testing.B) {
				cs := drawSpiders(b, n, atlas)
				calls := 0
				for _, c := range cs {
					calls += drawImageCalls(c)
				}
				opts := drawOpts()
				var drawNs time.Duration
				var allocs uint64
				var ms runtime.MemStats
				frame := func(screen *ebiten.Image) {
					runtime.ReadMemStats(&ms)
					a := ms.Mallocs
					t := time.Now()
					for _, c := range cs {
						c.Draw(screen, opts)
					}
					drawNs += time.Since(t)
					runtime.ReadMemStats(&ms)
					allocs += ms.Mallocs - a
				}
				for i := 0; i < 3; i++ { // upload the art, grow Ebitengine's buffers
					inFrame(frame)
				}
				drawNs, allocs = 0, 0
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					inFrame(frame)
				}
				per := float64(drawNs.Nanoseconds()) / float64(b.N)
				b.ReportMetric(per/1e6, "draw-ms/frame")
				b.ReportMetric(per/float64(n), "ns/creature")
				b.ReportMetric(float64(allocs)/float64(b.N), "allocs/frame")
				b.ReportMetric(float64(calls), "drawimage/frame")
			})
		}
	}
}

// Every spider drawn makes 25 DrawImage calls (body, 8 legs x 3 segments),
// the count the benchmark reports; and a frame of spiders draws.
func TestSpiderDrawImageCalls(t *testing.T) {
	cs := drawSpiders(t, 3, false)
	for _, c := range cs {
		if n := drawImageCalls(c); n != 25 {
			t.Errorf("a spider draws %d parts, want 25", n)
		}
	}
	var lit int
	inFrame(func(screen *ebiten.Image) {
		for _, c := range cs {
			c.Draw(screen, drawOpts())
		}
		px := make([]byte, 4*screenWidth*screenHeight)
		screen.ReadPixels(px)
		for i := 3; i < len(px); i += 4 {
			if px[i] != 0 {
				lit++
			}
		}
	})
	if lit < 500 {
		t.Errorf("three spiders light %d pixels of the screen, want at least 500", lit)
	}
}

// BenchmarkDrawImageFloor: the floor under BenchmarkCreatureDraw on this
// machine: 25,000 DrawImage calls of one part sprite, each with a GeoM
// worked out before the frame (no creature code), in one frame. draw-ms/frame
// and ns/call are the CPU time of the calls.
func BenchmarkDrawImageFloor(b *testing.B) {
	const calls = 25000
	sp := spiderSprites(b, false).Segments[0]
	geoms := make([]ebiten.GeoM, calls)
	for i := range geoms {
		geoms[i].Rotate(float64(i) * 0.01)
		geoms[i].Translate(150+float64(i%900), 300+float64(i%200))
	}
	op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
	var drawNs time.Duration
	frame := func(screen *ebiten.Image) {
		t := time.Now()
		for i := range geoms {
			op.GeoM = geoms[i]
			screen.DrawImage(sp.Image, op)
		}
		drawNs += time.Since(t)
	}
	for i := 0; i < 3; i++ {
		inFrame(frame)
	}
	drawNs = 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		inFrame(frame)
	}
	per := float64(drawNs.Nanoseconds()) / float64(b.N)
	b.ReportMetric(per/1e6, "draw-ms/frame")
	b.ReportMetric(per/calls, "ns/call")
}
