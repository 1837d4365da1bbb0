package ik_test

import (
	"math"
	"math/rand/v2"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/ikanim/kit/ikanim/ik"
)

// The shared workloads of BENCH.md. BENCH.md states the rest pose and the
// target angles in a y-up frame; here they are converted to screen space
// (y down) by negating y, which negates every angle: the rest direction of
// bone i, (90 - 12i) degrees y-up, is -(90 - 12i) degrees on screen. Bone 0
// therefore has local Rest -90 degrees (with Base 0) and every later bone
// +12 degrees (clockwise on screen, as the y-up curl is clockwise too).

const workloadN = 10000

func deg(d float64) float64 { return d * math.Pi / 180 }

// restChain builds n bones of the given lengths with the BENCH.md rest pose.
func restChain(lengths ...float64) *ik.Chain {
	bones := make([]ik.Bone, len(lengths))
	for i, l := range lengths {
		bones[i] = ik.Bone{Name: "b", Length: l, Rest: deg(12)}
	}
	bones[0].Rest = deg(-90)
	c, err := ik.NewChain(bones...)
	if err != nil {
		panic(err)
	}
	return c
}

func limb2() *ik.Chain { return restChain(60, 40) }

// chain10Limited is chain10 with every local angle limited to +-60
// degrees (bone 0 to -90+-60, around its rest).
func chain10Limited() *ik.Chain {
	bones := make([]ik.Bone, 10)
	for i := range bones {
		bones[i] = ik.Bone{Name: "b", Length: 10, Rest: deg(12), Limit: ik.Limit{Min: deg(-60), Max: deg(60), Enabled: true}}
	}
	bones[0].Rest = deg(-90)
	bones[0].Limit = ik.Limit{Min: deg(-150), Max: deg(-30), Enabled: true}
	c, err := ik.NewChain(bones...)
	if err != nil {
		panic(err)
	}
	return c
}

func chain10() *ik.Chain {
	return restChain(10, 10, 10, 10, 10, 10, 10, 10, 10, 10)
}

// yUp converts a y-up point to screen space.
func yUp(x, y float64) mgl64.Vec2 { return mgl64.Vec2{x, -y} }

// annulus returns workloadN points uniform by area in r in [r0, r1] with a
// uniform angle, from PCG seeds 1 and 2.
func annulus(r0, r1 float64) []mgl64.Vec2 {
	rng := rand.New(rand.NewPCG(1, 2))
	pts := make([]mgl64.Vec2, workloadN)
	for i := range pts {
		r := math.Sqrt(r0*r0 + rng.Float64()*(r1*r1-r0*r0))
		a := rng.Float64() * 2 * math.Pi
		pts[i] = yUp(r*math.Cos(a), r*math.Sin(a))
	}
	return pts
}

// track returns workloadN frames of the BENCH.md smooth path.
func track(mid, amp float64) []mgl64.Vec2 {
	pts := make([]mgl64.Vec2, workloadN)
	for i := range pts {
		t := float64(i)
		r := mid + amp*math.Sin(0.013*t)
		a := math.Pi/2 + 0.3 + 0.02*t
		pts[i] = yUp(r*math.Cos(a), r*math.Sin(a))
	}
	return pts
}

func limb2Random() []mgl64.Vec2   { return annulus(21, 99) }
func limb2Track() []mgl64.Vec2    { return track(60, 35) }
func chain10Random() []mgl64.Vec2 { return annulus(5, 95) }
func chain10Track() []mgl64.Vec2  { return track(50, 40) }
