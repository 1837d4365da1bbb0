package ikanim

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// kneeBackPose bends a leg's knee backward: the thigh swings back and the
// shin forward, the mirror of the rest pose's bend.
type kneeBackPose struct{ thigh, shin int }

func (p kneeBackPose) Pose(def *RigDef, _ float64, dst []float64) mgl64.Vec2 {
	for i := range dst {
		dst[i] = def.BoneDef(i).Rest
	}
	dst[p.thigh], dst[p.shin] = 0.3, -0.6
	return mgl64.Vec2{}
}

// With BendFromPose the solved knee goes to the side the animation bends it
// (here backward, against the definition's Bend -1); without, the
// definition's side. Both reach the target.
func TestBendFromPoseFollowsTheAnimatedKnee(t *testing.T) {
	side := func(fromPose bool) float64 {
		def, err := NewRigDef([]BoneDef{
			{Name: "hip", Parent: -1, Attach: mgl64.Vec2{0, -60}, Rest: math.Pi / 2},
			{Name: "thigh", Parent: 0, Length: 32, Rest: -0.3},
			{Name: "shin", Parent: 1, Attach: mgl64.Vec2{32, 0}, Length: 30, Rest: 0.6},
		}, []LimbDef{{Name: "leg", Bones: []string{"thigh", "shin"}, Bend: -1, BendFromPose: fromPose}})
		if err != nil {
			t.Fatal(err)
		}
		r := mustRig(t, def)
		r.Source = kneeBackPose{def.BoneIndex("thigh"), def.BoneIndex("shin")}
		leg := r.Limb("leg")
		leg.Target = mgl64.Vec2{4, -8} // 52 px below the hip: the knee must bend
		leg.SetWeightNow(1)
		r.Update(1.0 / 60)
		hip, knee := r.Joint(def.BoneIndex("thigh"))
		_, foot := r.Joint(def.BoneIndex("shin"))
		if foot.Sub(leg.Target).Len() > 1e-6 {
			t.Fatalf("foot at %v, want the target %v", foot, leg.Target)
		}
		v, m := foot.Sub(hip), knee.Sub(hip)
		return v[0]*m[1] - v[1]*m[0] // > 0: knee on the clockwise side (back, for a leg hanging down facing right)
	}
	// The hip points down: the animated knee is behind the hip->foot line,
	// which for a line running down is its clockwise side (cross > 0).
	if c := side(true); c <= 0 {
		t.Errorf("BendFromPose: knee forward (cross %v), want it behind, as animated", c)
	}
	if c := side(false); c >= 0 {
		t.Errorf("definition's Bend -1: knee behind (cross %v), want it forward", c)
	}
}
