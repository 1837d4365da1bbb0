package ik_test

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/ikanim/kit/ikanim/ik"
)

// Angles turn clockwise on screen (y down): a bone at angle pi/2 points
// down.
func ExampleChain_Joints() {
	c, _ := ik.NewChain(ik.Bone{Name: "upper", Length: 10}, ik.Bone{Name: "lower", Length: 5})
	p := c.NewPose()
	p.Origin = mgl64.Vec2{100, 100}
	p.Angles[0] = math.Pi / 2 // down
	for _, j := range c.Joints(&p, nil) {
		fmt.Printf("(%.0f, %.0f) ", j[0], j[1])
	}
	fmt.Println()
	// Output: (100, 100) (100, 110) (100, 115)
}

// The 3-4-5 triangle: the knee goes to the clockwise side of the
// root->target line (below a rightward line on screen).
func ExampleSolveTwoBone() {
	mid, end := ik.SolveTwoBone(mgl64.Vec2{0, 0}, mgl64.Vec2{5, 0}, 3, 4, 1)
	fmt.Printf("mid (%.1f, %.1f) end (%.1f, %.1f)\n", mid[0], mid[1], end[0], end[1])
	mid, _ = ik.SolveTwoBone(mgl64.Vec2{0, 0}, mgl64.Vec2{5, 0}, 3, 4, -1)
	fmt.Printf("bend -1: mid (%.1f, %.1f)\n", mid[0], mid[1])
	// Output:
	// mid (1.8, 2.4) end (5.0, 0.0)
	// bend -1: mid (1.8, -2.4)
}

func ExampleTwoBone() {
	leg, _ := ik.NewChain(ik.Bone{Name: "thigh", Length: 60}, ik.Bone{Name: "shin", Length: 40})
	p := leg.NewPose()
	p.Origin = mgl64.Vec2{200, 100}
	knee := ik.TwoBone{Pole: mgl64.Vec2{300, 100}, UsePole: true} // knee toward +x
	r := knee.Solve(leg, &p, mgl64.Vec2{200, 180})
	j := leg.Joints(&p, nil)
	fmt.Printf("knee (%.1f, %.1f) foot (%.1f, %.1f) reached %v\n", j[1][0], j[1][1], j[2][0], j[2][1], r.Reached)
	// Output: knee (229.0, 152.5) foot (200.0, 180.0) reached true
}

func ExampleArmAim() {
	arm, _ := ik.NewChain(ik.Bone{Name: "upper", Length: 30}, ik.Bone{Name: "fore", Length: 30})
	p := arm.NewPose()
	var aim ik.ArmAim
	r := aim.Solve(arm, &p, mgl64.Vec2{300, -100})
	fmt.Printf("aim error %.6f px\n", r.Error)
	// Output: aim error 0.000000 px
}

func ExampleFABRIK() {
	tail, _ := ik.NewChain(
		ik.Bone{Name: "t0", Length: 10}, ik.Bone{Name: "t1", Length: 10},
		ik.Bone{Name: "t2", Length: 10}, ik.Bone{Name: "t3", Length: 10},
	)
	p := tail.NewPose()
	var s ik.FABRIK // zero value: tolerance 0.01 px, 10 iterations
	r := s.Solve(tail, &p, mgl64.Vec2{20, 25})
	end := tail.End(&p)
	fmt.Printf("end (%.2f, %.2f) reached %v\n", end[0], end[1], r.Reached)
	r = s.Solve(tail, &p, mgl64.Vec2{0, -100}) // out of reach: straight up
	fmt.Printf("angles %.3f %.3f error %.1f\n", p.Angles[0], p.Angles[1], r.Error)
	// Output:
	// end (20.00, 25.00) reached true
	// angles -1.571 0.000 error 60.0
}

// CCD needs many more iterations than FABRIK: its zero MaxIterations means
// DefaultCCDIterations (200), not FABRIK's 10.
func ExampleCCD() {
	c, _ := ik.NewChain(ik.Bone{Length: 10}, ik.Bone{Length: 10}, ik.Bone{Length: 10})
	p := c.NewPose()
	s := ik.CCD{Weights: ik.TaperWeights(nil, 3, 0.5)}
	r := s.Solve(c, &p, mgl64.Vec2{20, -20})
	fmt.Printf("weights %.2f, reached %v after %d iterations (cap %d)\n", s.Weights, r.Reached, r.Iterations, ik.DefaultCCDIterations)
	// Output: weights [1.00 0.75 0.50], reached true after 60 iterations (cap 200)
}

// With limits that keep the target out of reach, FABRIK ends at the
// nearest pose the limits allow (here 9.76 px away, found by dense search
// in the tests), never farther than it started.
func ExampleFABRIK_limits() {
	lim := func(lo, hi float64) ik.Limit {
		return ik.Limit{Min: lo * math.Pi / 180, Max: hi * math.Pi / 180, Enabled: true}
	}
	c, _ := ik.NewChain(
		ik.Bone{Length: 15, Limit: lim(-80, 80)},
		ik.Bone{Length: 25, Limit: lim(-70, 20)},
		ik.Bone{Length: 30, Limit: lim(-20, 70)},
	)
	p := c.NewPose() // straight along +x
	target := mgl64.Vec2{40, 20}
	fmt.Printf("start %.2f px\n", c.End(&p).Sub(target).Len())
	var s ik.FABRIK
	r := s.Solve(c, &p, target)
	fmt.Printf("end %.2f px, reached %v, angles %.0f %.0f %.0f degrees\n", r.Error, r.Reached,
		p.Angles[0]*180/math.Pi, p.Angles[1]*180/math.Pi, p.Angles[2]*180/math.Pi)
	// Output:
	// start 36.06 px
	// end 9.76 px, reached false, angles -18 20 70 degrees
}

func ExampleLookAt() {
	// spine, neck, head; the head's pivot is joint 2.
	body, _ := ik.NewChain(ik.Bone{Name: "spine", Length: 20}, ik.Bone{Name: "neck", Length: 8}, ik.Bone{Name: "head", Length: 6})
	p := body.NewPose()
	p.Base = -math.Pi / 2                                                 // standing up
	look := ik.LookAt{Axis: math.Pi / 2, Weights: []float64{0.1, 0.3, 1}} // the face looks along the head's clockwise normal
	// The target is at -45 degrees from the head pivot (0,-28): the spine
	// takes 0.1 of that turn first (-0.0785), the neck 0.3 of what is left,
	// the head the rest.
	r := look.Solve(body, &p, mgl64.Vec2{100, -128})
	fmt.Printf("aim error %.6f, spine %.3f neck %.3f\n", r.Error, p.Angles[0], p.Angles[1])
	// Output: aim error 0.000000, spine -0.079 neck -0.209
}

func ExampleBlend() {
	animated := []float64{3.0, 0}
	solved := []float64{-3.0, 1}
	dst := make([]float64, 2)
	ik.Blend(dst, animated, solved, 0.5) // 3 -> -3 the short way, across pi
	fmt.Printf("%.4f %.4f\n", dst[0], dst[1])
	// Output: 3.1416 0.5000
}

// A mirrored pose keeps canonical angles; its joints are reflected about
// the vertical line through Origin.
func ExamplePose_mirror() {
	c, _ := ik.NewChain(ik.Bone{Length: 10})
	p := c.NewPose()
	p.Origin = mgl64.Vec2{50, 0}
	p.Mirror = true
	fmt.Println(c.End(&p))
	// Output: [40 0]
}
