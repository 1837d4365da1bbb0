package terrain_test

import (
	"math"
	"math/rand/v2"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/solarlune/resolv"
)

// addScatter adds n shapes of randomTerrain's scatter kinds (boxes and random
// convex polygons in either winding, and circles if asked) to space, with
// centres uniform over [x0, x0+w] x [y0, y0+h] and sizes multiplied by scale.
func addScatter(space *resolv.Space, rng *rand.Rand, n int, x0, y0, w, h, scale float64, circles bool) {
	for range n {
		cx, cy := x0+rng.Float64()*w, y0+rng.Float64()*h
		switch k := rng.IntN(4); {
		case k == 0:
			bw, bh := (8+rng.Float64()*120)*scale, (8+rng.Float64()*60)*scale
			space.Add(resolv.NewRectangle(cx, cy, bw, bh))
		case k == 3 && circles:
			space.Add(resolv.NewCircle(cx, cy, (4+rng.Float64()*40)*scale))
		default:
			m := 3 + rng.IntN(5)
			rx, ry := (10+rng.Float64()*60)*scale, (10+rng.Float64()*60)*scale
			pts := make([]float64, 0, 2*m)
			for i := range m {
				a := (float64(i) + 0.8*rng.Float64()) * 2 * math.Pi / float64(m)
				pts = append(pts, rx*math.Cos(a), ry*math.Sin(a))
			}
			if rng.IntN(2) == 0 { // reverse the winding
				for i, j := 0, m-1; i < j; i, j = i+1, j-1 {
					pts[2*i], pts[2*j] = pts[2*j], pts[2*i]
					pts[2*i+1], pts[2*j+1] = pts[2*j+1], pts[2*i+1]
				}
			}
			space.Add(resolv.NewConvexPolygon(cx, cy, pts))
		}
	}
}

// addGroundStrip adds randomTerrain's ground: 40 quads of 32 px under a
// random walk, over [x0, x0+1280] with its bottom at y0+720.
func addGroundStrip(space *resolv.Space, rng *rand.Rand, x0, y0 float64) {
	y := 560.0
	for i := range 40 {
		ny := min(max(y+(rng.Float64()*2-1)*30, 400), 680)
		a, b := x0+float64(i*32), x0+float64(i*32+32)
		space.Add(resolv.NewConvexPolygon(0, 0, []float64{a, y0 + y, b, y0 + ny, b, y0 + 720, a, y0 + 720}))
		y = ny
	}
}

// grownTerrain is randomTerrain's world grown at constant density: tiles x
// tiles copies of a 1280x720 tile, each with its own ground of 40 quads and
// 120 scattered shapes (160 shapes a tile, as randomTerrain(seed, 160,
// false)), on a resolv space of cell x cell px cells.
func grownTerrain(seed uint64, tiles, cell int) *resolv.Space {
	rng := rand.New(rand.NewPCG(seed, 43))
	space := resolv.NewSpace(1280*tiles, 720*tiles, cell, cell)
	for ty := range tiles {
		for tx := range tiles {
			x0, y0 := float64(tx*1280), float64(ty*720)
			addGroundStrip(space, rng, x0, y0)
			addScatter(space, rng, 120, x0, y0+40, 1280, 500, 1, false)
		}
	}
	return space
}

// grownFootRays is footRays spread over tiles x tiles tiles: 4,096 downward
// rays of 96 px, uniform in x over the world and, within a uniformly chosen
// row of tiles, uniform in y over the tile's top 624 px.
func grownFootRays(tiles int) [][2]mgl64.Vec2 {
	rng := rand.New(rand.NewPCG(1, 2))
	rays := make([][2]mgl64.Vec2, 4096)
	for i := range rays {
		row := float64(rng.IntN(tiles))
		from := mgl64.Vec2{rng.Float64() * 1280 * float64(tiles), row*720 + rng.Float64()*(720-96)}
		rays[i] = [2]mgl64.Vec2{from, from.Add(mgl64.Vec2{0, 96})}
	}
	return rays
}

// denseTerrain is randomTerrain(seed, n, false) with n shapes: the ground of
// 40 quads and n-40 scattered shapes of randomTerrain's sizes packed into the
// same 1280x720 space of 32 px cells.
func denseTerrain(seed uint64, n int) *resolv.Space {
	rng := rand.New(rand.NewPCG(seed, 44))
	space := resolv.NewSpace(1280, 720, 32, 32)
	addGroundStrip(space, rng, 0, 0)
	addScatter(space, rng, n-40, 0, 40, 1280, 500, 1, false)
	return space
}
