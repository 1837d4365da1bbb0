package ikanim

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// BenchmarkRigUpdate is one frame of a biped: the procedural walk, both legs
// and both arms solved by two-bone IK with their effectors, and the head's
// look-at (no ground queries; see BenchmarkGroundedBiped for those).
func BenchmarkRigUpdate(b *testing.B) {
	r := newBiped(b)
	w := &WalkCycle{}
	r.Source = w
	limbs := []*Limb{r.MustLimb(LimbLegNear), r.MustLimb(LimbLegFar), r.MustLimb(LimbArmNear), r.MustLimb(LimbArmFar), r.MustLimb(LimbLook)}
	for _, l := range limbs {
		l.SetWeightNow(1)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s := float64(i & 1023)
		r.TimeScale = w.Drive(60)
		r.Position[0] = 200 + s
		for k, l := range limbs {
			l.Target = r.Position.Add(mgl64.Vec2{10 * math.Sin(s*0.1+float64(k)), -10 - 40*float64(k&2)})
		}
		r.Update(1.0 / 60)
	}
}

// BenchmarkClipPose samples a keyframe clip for every bone of a biped.
func BenchmarkClipPose(b *testing.B) {
	def := newBiped(b).Def()
	c, err := ParseClip([]byte(testClip), def)
	if err != nil {
		b.Fatal(err)
	}
	dst := make([]float64, def.NumBones())
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		c.Pose(def, float64(i)*0.001, dst)
	}
}
