package ik_test

import (
	"math"
	"os/exec"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/ikanim/kit/ikanim/ik"
)

func TestNewChainErrorsNameBoneAndField(t *testing.T) {
	ok := ik.Bone{Name: "thigh", Length: 10}
	cases := []struct {
		name  string
		bone  ik.Bone
		field string
	}{
		{"negative length", ik.Bone{Name: "shin", Length: -1}, "Length"},
		{"zero length", ik.Bone{Name: "shin", Length: 0}, "Length"},
		{"NaN length", ik.Bone{Name: "shin", Length: math.NaN()}, "Length"},
		{"Inf length", ik.Bone{Name: "shin", Length: math.Inf(1)}, "Length"},
		{"NaN rest", ik.Bone{Name: "shin", Length: 1, Rest: math.NaN()}, "Rest"},
		{"min > max", ik.Bone{Name: "shin", Length: 1, Limit: ik.Limit{Min: 1, Max: 0.5, Enabled: true}}, "Limit.Min"},
		{"NaN min", ik.Bone{Name: "shin", Length: 1, Limit: ik.Limit{Min: math.NaN(), Max: 0.5, Enabled: true}}, "Limit.Min"},
		{"NaN max", ik.Bone{Name: "shin", Length: 1, Limit: ik.Limit{Min: 0, Max: math.NaN(), Enabled: true}}, "Limit.Max"},
		{"max beyond pi", ik.Bone{Name: "shin", Length: 1, Limit: ik.Limit{Min: 0, Max: 4, Enabled: true}}, "Limit.Max"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c, err := ik.NewChain(ok, tc.bone)
			if err == nil || c != nil {
				t.Fatalf("NewChain(%+v) = %v, nil; want an error", tc.bone, c)
			}
			msg := err.Error()
			for _, want := range []string{"bone 1", `"shin"`, tc.field} {
				if !strings.Contains(msg, want) {
					t.Errorf("error %q does not contain %q", msg, want)
				}
			}
		})
	}
	if _, err := ik.NewChain(); err == nil {
		t.Error("NewChain() with no bones: want an error")
	}
	// A disabled limit is not validated (its zero value is "unlimited").
	if _, err := ik.NewChain(ik.Bone{Length: 1, Limit: ik.Limit{Min: 1, Max: 0}}); err != nil {
		t.Errorf("disabled limit rejected: %v", err)
	}
}

func TestChainAccessors(t *testing.T) {
	c := mustChain(t, ik.Bone{Name: "a", Length: 3, Rest: 0.5}, ik.Bone{Name: "b", Length: 4, Rest: -0.25})
	if c.Len() != 2 || c.Reach() != 7 || c.Bone(1).Name != "b" {
		t.Fatalf("Len, Reach, Bone(1).Name = %d, %v, %q; want 2, 7, b", c.Len(), c.Reach(), c.Bone(1).Name)
	}
	p := c.NewPose()
	if len(p.Angles) != 2 || p.Angles[0] != 0.5 || p.Angles[1] != -0.25 {
		t.Fatalf("NewPose().Angles = %v, want [0.5 -0.25]", p.Angles)
	}
}

// Conventions: y down, a positive angle turns clockwise on screen, so
// angle pi/2 from the x axis points down (+y).
func TestJointsConventions(t *testing.T) {
	c := mustChain(t, ik.Bone{Length: 10}, ik.Bone{Length: 5})
	p := c.NewPose()
	p.Origin = mgl64.Vec2{100, 50}
	p.Angles[0] = math.Pi / 2 // down
	p.Angles[1] = math.Pi / 2 // another clockwise quarter turn: now pointing left
	j := c.Joints(&p, nil)
	want := []mgl64.Vec2{{100, 50}, {100, 60}, {95, 60}}
	for i := range want {
		if !near(j[i], want[i], 1e-12) {
			t.Errorf("joint %d = %v, want %v", i, j[i], want[i])
		}
	}
	// Base rotates the whole chain: Base pi/2 with angles 0 points down.
	p.Angles[0], p.Angles[1], p.Base = 0, 0, math.Pi/2
	if e := c.End(&p); !near(e, mgl64.Vec2{100, 65}, 1e-12) {
		t.Errorf("End with Base pi/2 = %v, want (100, 65)", e)
	}
	// Mirror reflects about x = Origin.x.
	p.Base = 0
	p.Mirror = true
	if e := c.End(&p); !near(e, mgl64.Vec2{85, 50}, 1e-12) {
		t.Errorf("mirrored End = %v, want (85, 50)", e)
	}
}

func TestJointsNoAllocAndBadPose(t *testing.T) {
	c := mustChain(t, ik.Bone{Length: 10, Rest: 0.3}, ik.Bone{Length: 5})
	p := c.NewPose()
	buf := make([]mgl64.Vec2, 0, 3)
	if n := testing.AllocsPerRun(100, func() { buf = c.Joints(&p, buf) }); n != 0 {
		t.Errorf("Joints allocs = %v, want 0", n)
	}
	// Short Angles: missing angles read as Rest; NaN origin reads as 0.
	bad := ik.Pose{Origin: mgl64.Vec2{math.NaN(), 1}, Angles: []float64{math.NaN()}}
	good := ik.Pose{Origin: mgl64.Vec2{0, 1}, Angles: []float64{0.3, 0}}
	jb, jg := c.Joints(&bad, nil), c.Joints(&good, nil)
	for i := range jg {
		if jb[i] != jg[i] {
			t.Errorf("joint %d of bad pose = %v, want %v", i, jb[i], jg[i])
		}
	}
}

func TestSetFromJointsRoundTrip(t *testing.T) {
	c := mustChain(t, ik.Bone{Length: 7}, ik.Bone{Length: 3}, ik.Bone{Length: 5})
	for _, mirror := range []bool{false, true} {
		p := c.NewPose()
		p.Origin, p.Base, p.Mirror = mgl64.Vec2{4, -2}, 0.7, mirror
		copy(p.Angles, []float64{1.2, -2.5, 3.0})
		j := c.Joints(&p, nil)
		q := c.NewPose()
		q.Origin, q.Base, q.Mirror = p.Origin, p.Base, mirror
		c.SetFromJoints(&q, j)
		for i := range p.Angles {
			if math.Abs(q.Angles[i]-p.Angles[i]) > 1e-12 {
				t.Errorf("mirror=%v: angle %d = %v, want %v", mirror, i, q.Angles[i], p.Angles[i])
			}
		}
	}
}

// The solver package must stay pure: no ebiten, no resolv.
func TestPureDependencies(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").CombinedOutput()
	if err != nil {
		t.Skipf("go list unavailable: %v: %s", err, out)
	}
	for _, dep := range strings.Fields(string(out)) {
		if strings.Contains(dep, "ebiten") || strings.Contains(dep, "resolv") {
			t.Errorf("ik depends on %s", dep)
		}
		if strings.Contains(dep, ".") && !strings.HasPrefix(dep, "github.com/go-gl/mathgl/") && !strings.HasPrefix(dep, "github.com/ikanim/kit/ikanim/ik") {
			t.Errorf("ik depends on non-standard package %s", dep)
		}
	}
}
