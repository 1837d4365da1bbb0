package creature

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// boundedMoveRef is boundedMove as it was before its fast path far from
// the sides: the reference the fast path must match to the bit.
func boundedMoveRef(c *Creature, right mgl64.Vec2, move float64) float64 {
	if move == 0 {
		return 0
	}
	sg := 1.0
	if move < 0 {
		sg = -1
	}
	d := right.Mul(sg)
	m := math.Abs(move)
	for k := 0; k < 2; k++ {
		switch {
		case d[k] > 1e-12:
			m = math.Min(m, math.Max(0, (c.bmax[k]-c.pos[k])/d[k]))
		case d[k] < -1e-12:
			m = math.Min(m, math.Max(0, (c.bmin[k]-c.pos[k])/d[k]))
		}
	}
	return sg * m
}

// boundedMove's fast path (no division far from the rectangle's sides)
// returns what the divisions give, to the bit: bodies near and far from
// the sides, on them and beyond, unit and longer directions, tiny and
// large moves.
func TestBoundedMoveFastPathExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	c := &Creature{bmin: mgl64.Vec2{0, 0}, bmax: mgl64.Vec2{1000, 600}, bounded: true}
	fast := 0
	for k := 0; k < 200000; k++ {
		c.pos = mgl64.Vec2{rng.Float64()*1100 - 50, rng.Float64()*700 - 50}
		if k%4 == 0 { // near a side
			c.pos[k/4%2] = []float64{0, 1000, 600}[k/8%2+k/4%2] + (rng.Float64()*2-1)*rng.Float64()*3
		}
		a := rng.Float64() * 2 * math.Pi
		l := 1.0
		if k%3 == 0 {
			l = 0.5 + rng.Float64()*2.5
		}
		right := mgl64.Vec2{math.Cos(a) * l, math.Sin(a) * l}
		if k%7 == 0 {
			right = mgl64.Vec2{0, 1} // along an axis
		}
		move := (rng.Float64()*2 - 1) * math.Pow(10, rng.Float64()*4-2)
		got, want := c.boundedMove(right, move), boundedMoveRef(c, right, move)
		if math.Float64bits(got) != math.Float64bits(want) {
			t.Fatalf("pos %v right %v move %v: %v, want %v", c.pos, right, move, got, want)
		}
		if got == move {
			fast++
		}
	}
	if fast == 0 {
		t.Fatal("no move left whole")
	}
}
