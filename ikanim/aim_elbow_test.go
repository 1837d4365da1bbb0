package ikanim

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// With the biped aimer's hands at the chest (no weapon, Reach 0.6), a
// target 45 degrees or more below forward folded the near elbow 18-20 px
// behind the shoulder, past the back (a new user's trial). The elbow now
// stays within ElbowBack (a third of the upper arm, 7.3 px) of the
// chest's line through the shoulder, facing either way and at 30, 60 and
// 144 TPS, with the forearm still on the aim line.
func TestAimerLowAimKeepsElbowInFront(t *testing.T) {
	for _, tps := range []float64{30, 60, 144} {
		for _, facing := range []Facing{FacingRight, FacingLeft} {
			for _, deg := range []float64{0, 30, 45, 55, 65, 80} {
				r, a := newAimBiped(t)
				r.Facing = facing
				fwd := 1.0
				if facing == FacingLeft {
					fwd = -1
				}
				chest := r.Position.Add(mgl64.Vec2{0, -85})
				s, c := math.Sincos(deg * math.Pi / 180)
				a.Target = chest.Add(mgl64.Vec2{fwd * c, s}.Mul(90))
				worst := math.Inf(-1)
				for f := 0; f < int(2*tps); f++ {
					r.Update(1 / tps)
					if f < int(tps) {
						continue // fading in
					}
					sh, el := r.Joint(r.def.BoneIndex(BoneUpperArmNear))
					worst = math.Max(worst, -fwd*(el[0]-sh[0]))
				}
				if bound := DefaultAimElbowBack * 22; worst > bound+1e-6 {
					t.Errorf("%v TPS facing %d, target %v deg below forward: near elbow %.2f px behind the shoulder, want <= %.2f", tps, facing, deg, worst, bound)
				}
				fore := r.def.BoneIndex(BoneForearmNear)
				elbow, _ := r.Joint(fore)
				want := angleTo(elbow, a.Target)
				if deg > 60 { // past MaxDown: the aim is clamped
					continue
				}
				if d := math.Remainder(r.BoneAngle(fore)-want, 2*math.Pi); math.Abs(d) > 1e-6 {
					t.Errorf("%v TPS facing %d, target %v deg below: forearm %.3g rad off the aim line", tps, facing, deg, d)
				}
			}
		}
	}
}
