package sim

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim"
)

// The character walks up to the wall at the right end of the aim scene
// aiming ahead, into it (the scene's script: four times in 180 s, the
// scripted target at other heights each time), at 30, 60 and 144 TPS: the
// weapon as the demo draws it (grip at the near wrist, AimGunLength along
// the forearm) and both arms stay nearly out of the wall (sampled every
// 0.25 px), the aimer pulls the weapon in or raises it (WeaponBlocked), and
// the joint pop stays within QUALITY.md's 15 deg/frame at 60 TPS. With
// Solids off the same walks put the muzzle 30.0 px and an arm 12.7 px into
// the wall. Measured with Solids: weapon 3.1/1.3/0.4 px at 30/60/144 TPS,
// bounded at 3.5 px (issue 10's target, 0.5 px, is missed at 30 TPS); the
// arms 4.9/3.5/4.3 px (the far arm's elbow, which bends one way only,
// while the weapon is raised against the wall) until the support hand
// slid along the weapon to where its arm is free: 0.00/0.00/0.84 px (at
// 144 TPS the near elbow, the weapon at MaxUp along the wall), bounded at
// 0.5/0.5/1; joint pop 27.3/14.5/10.3 (the solved muzzle pulling the wrist
// in at once made it 25 at 60 TPS on the fourth approach; at most 360 px/s
// now). With the walk's hip timing and the follower's speed changed for
// the joint pop (merged after), the fourth approach at 30 TPS brings the
// shoulder 18 px from the wall while aiming 79 degrees up, where the far
// elbow, bending one way, reaches past the wall for two frames: 3.88 px,
// bounded at 4 at 30 TPS. Since the weapon is not turned back into the
// wall while the raise still turns, its extra raise reaches the aim's
// limits and moves by what the muzzle is in (aim_solids.go): weapon
// 0.92/0.35/0.00 px, arms 0.00/0.00/0.00 px, joint pop 27.3/14.7/6.5
// deg/frame at 30/60/144 TPS; bounded at 1.5 px and 0.5 px.
func TestAimSceneWallPullsTheWeaponIn(t *testing.T) {
	for _, solids := range []bool{true, false} {
		for _, tps := range []int{30, 60, 144} {
			if !solids && tps != 60 {
				continue
			}
			s := newAim(t)
			if !solids {
				s.Aimer.Solids = nil
			}
			dt := 1 / float64(tps)
			r := s.Rig
			fore := r.Def().BoneIndex(ikanim.BoneForearmNear)
			arms := []int{r.Def().BoneIndex(ikanim.BoneUpperArmNear), fore, r.Def().BoneIndex(ikanim.BoneUpperArmFar), r.Def().BoneIndex(ikanim.BoneForearmFar)}
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
			gun, arm, blocked, near := 0.0, 0.0, 0, 0.0
			for s.Time() < 180 {
				s.Step(dt)
				near = math.Max(near, r.Position[0])
				if r.Limb(ikanim.LimbArmNear).CurrentWeight() < 0.5 {
					continue
				}
				_, grip := r.Joint(fore)
				a := r.BoneAngle(fore)
				gun = math.Max(gun, depth(grip, grip.Add(mgl64.Vec2{math.Cos(a), math.Sin(a)}.Mul(AimGunLength))))
				for _, b := range arms {
					p, q := r.Joint(b)
					arm = math.Max(arm, depth(p, q))
				}
				if s.Aimer.WeaponBlocked() {
					blocked++
				}
			}
			m := &s.meter
			t.Logf("Solids %v, %3d TPS: nearest x %.0f (wall at %.0f), weapon %.2f px and arms %.2f px in the wall, pulled in %d frames, joint pop %.2f deg/frame (t %.2f s, %s)",
				solids, tps, near, AimWallX, gun, arm, blocked, m.JointPopMaxDeg(), float64(s.worstF)*dt, r.Def().BoneDef(s.worstB).Name)
			if !solids {
				if gun < 5 {
					t.Errorf("without Solids the weapon went only %.2f px into the wall: the walk does not test the wall", gun)
				}
				continue
			}
			if gun > 1.5 || arm > 0.5 || blocked == 0 {
				t.Errorf("%d TPS: weapon %.2f px, arms %.2f px in the wall (bounds 1.5 and 0.5), pulled in %d frames", tps, gun, arm, blocked)
			}
			if tps == 60 && m.JointPopMaxDeg() > 15 {
				t.Errorf("60 TPS: joint pop %.2f deg/frame, want <= 15", m.JointPopMaxDeg())
			}
		}
	}
}
