package sim

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim"
)

func TestZZAimArm(t *testing.T) {
	s := newAim(t)
	r := s.Rig
	d := r.Def()
	names := []string{ikanim.BoneUpperArmNear, ikanim.BoneForearmNear, ikanim.BoneHandNear, ikanim.BoneUpperArmFar, ikanim.BoneForearmFar, ikanim.BoneHandFar}
	depth := func(a, b mgl64.Vec2) float64 {
		dd := 0.0
		n := int(math.Ceil(b.Sub(a).Len()/0.25)) + 1
		for k := 0; k <= n; k++ {
			p := a.Add(b.Sub(a).Mul(float64(k) / float64(n)))
			if p[1] > FlatGroundY-AimWallHeight {
				dd = math.Max(dd, math.Min(p[0]-AimWallX, AimWallX+AimWallWidth-p[0]))
			}
		}
		return dd
	}
	worst := map[string][2]float64{}
	f := 0
	for s.Time() < 180 {
		s.Step(1.0 / 60)
		f++
		if r.Limb(ikanim.LimbArmNear).CurrentWeight() < 0.5 {
			continue
		}
		for _, nm := range names {
			p, q := r.Joint(d.BoneIndex(nm))
			if dd := depth(p, q); dd > worst[nm][0] {
				worst[nm] = [2]float64{dd, float64(f)}
			}
		}
	}
	t.Logf("%v", worst)
}
