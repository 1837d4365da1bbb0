package quality

import "github.com/go-gl/mathgl/mgl64"

// Raycaster is the ray query the gap measures need; ikanim.Ground and
// terrain.World satisfy it.
type Raycaster interface {
	Raycast(from, to mgl64.Vec2) (point, normal mgl64.Vec2, ok bool)
}

// GapAlong measures a planted foot's contact gap independently of the code
// that placed it: a fresh ray along -n (n the unit surface normal under the
// foot) through the foot, from span px outside to span px inside the
// surface; the gap is the signed distance from the hit to the foot along n
// (positive: floating, negative: sunk). The ray is cast again from closer
// (12, 3, then 1 px) when its start lies inside another solid (it then
// reports an exit face, whose normal points along the ray), and when the
// surface it enters lies above the foot but the foot is not inside that
// solid: a foot in a crevice, where the ray crosses a neighbouring solid's
// corner or thin tip and comes out again before the foot. Whether the foot
// is inside is decided by a second ray from just off the foot out along n
// to the entered surface: from inside a solid its first crossing leaves it
// (normal along the ray). Nothing within 12 px gives 12 (floating).
func GapAlong(g Raycaster, foot, n mgl64.Vec2) float64 {
	for _, span := range []float64{12, 3, 1} {
		p, hn, ok := g.Raycast(foot.Add(n.Mul(span)), foot.Sub(n.Mul(span)))
		if !ok {
			return span // nothing within span below the foot: floating
		}
		if hn.Dot(n) <= 0 {
			continue // the ray started inside another solid
		}
		gap := foot.Sub(p).Dot(n)
		if gap >= -gapInsideEps {
			return gap
		}
		_, on, ok := g.Raycast(foot.Add(n.Mul(gapInsideEps/2)), foot.Add(n.Mul(0.5-gap)))
		if ok && on.Dot(n) > 0 {
			return gap // the foot is inside the solid entered above it
		}
	}
	return 0
}

// gapInsideEps: a surface less than this far above the foot, px, counts as
// its own (sunk by that much) without the inside test.
const gapInsideEps = 0.01
