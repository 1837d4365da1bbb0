package ikanim

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/solarlune/resolv"

	"github.com/ikanim/kit/terrain"
)

// headroomWalk walks the README's biped (WalkCycle, GroundFollower,
// Grounder, defaults) right at 60 px/s along a floor at y 500 for 7 s,
// under a block from x 350 to 600 whose underside is clear px above the
// floor (0: no block), and returns the deepest point of any bone (sampled
// every 1 px) inside the block, the highest point of any bone above the
// floor.
func headroomWalk(t *testing.T, tps, clear float64, fol func(*GroundFollower)) (depth, top float64) {
	d, tp, _, _ := headroomWalkTags(t, tps, clear, terrain.TagPlatform, fol)
	return d, tp
}

// headroomWalkTags is headroomWalk with the block's tags, also returning
// the deepest headroom crouch and whether CeilingTooLow was ever true.
func headroomWalkTags(t *testing.T, tps, clear float64, tags resolv.Tags, fol func(*GroundFollower)) (depth, top, duck float64, tooLow bool) {
	t.Helper()
	w, err := terrain.New(1000, 600)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.AddBox(0, 500, 1000, 100, terrain.TagGround); err != nil {
		t.Fatal(err)
	}
	const x0, x1 = 350.0, 600.0
	var bottom float64
	if clear > 0 {
		bottom = 500 - clear
		if _, err := w.AddBox(x0, bottom-60, x1-x0, 60, tags); err != nil {
			t.Fatal(err)
		}
	}
	r, f := newREADMEBiped(t, w)
	def := r.Def()
	if fol != nil {
		fol(f)
	}
	r.Teleport(mgl64.Vec2{100, 500})
	dt := 1 / tps
	for i := 0; float64(i)*dt < 7; i++ {
		r.Position[0] += 60 * dt
		r.Update(dt)
		duck = math.Max(duck, f.HeadroomCrouch())
		tooLow = tooLow || f.CeilingTooLow()
		for b := 0; b < def.NumBones(); b++ {
			s, e := r.Joint(b)
			n := int(e.Sub(s).Len()) + 1
			for k := 0; k <= n; k++ {
				p := s.Add(e.Sub(s).Mul(float64(k) / float64(n)))
				top = math.Max(top, 500-p[1])
				if clear > 0 && p[0] > x0 && p[0] < x1 && p[1] < bottom {
					depth = math.Max(depth, math.Min(bottom-p[1], math.Min(p[0]-x0, x1-p[0])))
				}
			}
		}
	}
	return depth, top, duck, tooLow
}

// TestGroundFollowerHeadroom: the README's biped (defaults) walks at 60
// px/s under a block 250 px long whose underside is 4, 12 and 20 px lower
// than the top of its walk (117.7 px above the floor), at 30, 60 and 144
// TPS: no bone goes more than 0.5 px into the block (measured 0.00 px);
// the body ducks under it with bent knees and stands up past it. Without
// Headroom (negative) the head goes 4, 12 and 20 px in (a new user's
// trial: 12 px into a floating block).
func TestGroundFollowerHeadroom(t *testing.T) {
	_, top := headroomWalk(t, 60, 0, nil)
	if top < 100 || top > 130 {
		t.Fatalf("the walk's top is %.1f px above the floor; the test expects the default biped's 117.7", top)
	}
	for _, tps := range []float64{30, 60, 144} {
		for _, low := range []float64{4, 12, 20} {
			d, _ := headroomWalk(t, tps, top-low, nil)
			off, _ := headroomWalk(t, tps, top-low, func(f *GroundFollower) { f.Headroom = -1 })
			t.Logf("%3.0f TPS, ceiling %2.0f px below the walk's top: deepest bone %.2f px in (Headroom off: %.2f)", tps, low, d, off)
			if d > 0.5 {
				t.Errorf("%.0f TPS, ceiling %.0f px below the walk's top: a bone %.2f px in the block", tps, low, d)
			}
			if off < low-1 {
				t.Errorf("%.0f TPS, ceiling %.0f px low, Headroom off: only %.2f px in; the walk does not test the ceiling", tps, low, off)
			}
		}
	}
}

// TestGroundFollowerHeadroomOneWay: under a one-way board (TagOneWay, as
// the level loaders tag a "oneway" object) 12 px lower than the walk's top
// the README's biped does not duck (a terrain.World is a
// GroundThroughOneWay: the head passes up through the board); under the
// same block without TagOneWay it ducks 14 px.
func TestGroundFollowerHeadroomOneWay(t *testing.T) {
	_, top := headroomWalk(t, 60, 0, nil)
	_, _, duck, _ := headroomWalkTags(t, 60, top-12, terrain.TagPlatform|terrain.TagOneWay, nil)
	_, _, solid, _ := headroomWalkTags(t, 60, top-12, terrain.TagPlatform, nil)
	t.Logf("deepest duck under a one-way board %.2f px, under a solid one %.2f px", duck, solid)
	if duck != 0 || solid < 12 {
		t.Errorf("duck %.2f px under a one-way board (want 0), %.2f under a solid one (want >= 12)", duck, solid)
	}
}

// TestGroundFollowerCeilingTooLow: under a block 40 px lower than the
// walk's top (more than MaxHeadroomCrouch, 27 px for the default biped)
// CeilingTooLow turns true and the crouch stops at 27 px; under one 12 px
// lower it never does.
func TestGroundFollowerCeilingTooLow(t *testing.T) {
	_, top := headroomWalk(t, 60, 0, nil)
	_, _, duck, low := headroomWalkTags(t, 60, top-40, terrain.TagPlatform, nil)
	_, _, duck12, low12 := headroomWalkTags(t, 60, top-12, terrain.TagPlatform, nil)
	t.Logf("40 px too low: duck %.1f px, CeilingTooLow %v; 12 px: duck %.1f, %v", duck, low, duck12, low12)
	if !low || math.Abs(duck-27) > 0.01 || low12 {
		t.Errorf("40 px too low: duck %.2f (want 27), CeilingTooLow %v (want true); 12 px: %v (want false)", duck, low, low12)
	}
}

// newREADMEBiped builds the README's setup on ground: the default biped
// with a WalkCycle, a GroundFollower and a Grounder (BipedGrounderLegs), all
// defaults; it returns the rig and its follower.
func newREADMEBiped(t *testing.T, ground Ground) (*Rig, *GroundFollower) {
	t.Helper()
	def, err := NewBipedDef(BipedSizes{}, BipedSprites{})
	if err != nil {
		t.Fatal(err)
	}
	r := mustRig(t, def)
	f, err := NewGroundFollower(r, ground)
	if err != nil {
		t.Fatal(err)
	}
	g, err := NewGrounder(r, ground, BipedGrounderLegs()...)
	if err != nil {
		t.Fatal(err)
	}
	r.Source = &WalkCycle{}
	r.Add(f, g)
	return r, f
}
