package sim

import (
	"math"
	"os"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim"
)

// TestAimWallDiag prints the frames in which an arm bone of the aim scene
// is more than 0.5 px in the wall (IKANIM_DIAG=1).
func TestAimWallDiag(t *testing.T) {
	if os.Getenv("IKANIM_DIAG") == "" {
		t.Skip("set IKANIM_DIAG=1")
	}
	for _, tps := range []int{30, 60, 144} {
		s := newAim(t)
		dt := 1 / float64(tps)
		r := s.Rig
		names := []string{ikanim.BoneUpperArmNear, ikanim.BoneForearmNear, ikanim.BoneHandNear, ikanim.BoneUpperArmFar, ikanim.BoneForearmFar, ikanim.BoneHandFar}
		depth := func(a, b mgl64.Vec2) float64 {
			d := 0.0
			n := int(math.Ceil(b.Sub(a).Len()/0.25)) + 1
			for k := 0; k <= n; k++ {
				p := a.Add(b.Sub(a).Mul(float64(k) / float64(n)))
				if p[1] > FlatGroundY-AimWallHeight {
					d = math.Max(d, math.Min(p[0]-AimWallX, AimWallX+AimWallWidth-p[0]))
				}
			}
			return d
		}
		for s.Time() < 180 {
			s.Step(dt)
			if r.Limb(ikanim.LimbArmNear).CurrentWeight() < 0.5 {
				continue
			}
			for _, n := range names {
				b := r.Def().BoneIndex(n)
				p, q := r.Joint(b)
				if d := depth(p, q); d > 0.5 {
					fl := r.Limb(ikanim.LimbArmFar)
					sh, _ := r.Joint(r.Def().BoneIndex(ikanim.BoneUpperArmFar))
					t.Logf("%3d TPS t %.3f %-14s %.2f px: %.1f-%.1f shoulder %.1f farTarget %.1f applied %.1f aimAngle %.0f deg wrist %.1f", tps, s.Time(), n, d, p, q, sh, fl.Target, fl.AppliedTarget(r), s.Aimer.AimAngle()*180/math.Pi, s.Aimer.Wrist())
				}
			}
		}
	}
}
