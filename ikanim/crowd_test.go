package ikanim

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// Rigs updated by a Crowd on worker goroutines end bit-identical to the
// same rigs updated in order, and the crowd's frame does not allocate.
func TestCrowdMatchesSequential(t *testing.T) {
	for _, workers := range []int{3, 0} {
		crowdMatchesSequential(t, workers)
	}
}

// crowdMatchesSequential runs TestCrowdMatchesSequential on NewCrowd(workers),
// or on the zero Crowd for workers 0 (it updates on the calling goroutine;
// it panicked on a nil pool, a new user's trial).
func crowdMatchesSequential(t *testing.T, workers int) {
	mk := func() []*Rig {
		var rigs []*Rig
		for i := 0; i < 64; i++ {
			r, g := groundedBiped(t, slopeGround(0, 300, float64(i%40)), mgl64.Vec2{float64(10 * i), 300}, i%2 == 0)
			_ = g
			r.Source = &WalkCycle{}
			rigs = append(rigs, r)
		}
		return rigs
	}
	seq, par := mk(), mk()
	crowd := &Crowd{}
	if workers > 0 {
		crowd = NewCrowd(workers)
	}
	defer crowd.Close()
	for f := 0; f < 120; f++ {
		for i, r := range seq {
			r.Position[0] += float64(i%5) * 0.5
			r.Update(1.0 / 60)
		}
		for i, r := range par {
			r.Position[0] += float64(i%5) * 0.5
		}
		crowd.Update(par, 1.0/60)
	}
	for i := range seq {
		for b := 0; b < seq[i].def.NumBones(); b++ {
			a0, a1 := seq[i].Joint(b)
			b0, b1 := par[i].Joint(b)
			if a0 != b0 || a1 != b1 {
				t.Fatalf("rig %d bone %d: sequential %v-%v, crowd %v-%v", i, b, a0, a1, b0, b1)
			}
		}
	}
	if n := testing.AllocsPerRun(20, func() { crowd.Update(par, 1.0/60) }); n != 0 {
		t.Errorf("Crowd.Update allocates %v times per frame", n)
	}
}
