package ikanim

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// A biped aiming straight ahead at a wall (solid x >= wallX, facing right;
// then mirrored: solid x <= 400 - wallX, facing left) at distances from far
// to pressed against it: with Solids and a 30 px Muzzle the muzzle (the
// near wrist plus 30 px along the forearm) stays in front of the wall face
// (by at least the 1 px margin less 0.5), pulled in only when it must
// (WeaponBlocked from 35 px on, not at 45 px where it just fits) and raised
// when pulling in is not enough (25 px: 1.94 px in front). Without Solids
// the muzzle goes 8.3 px in at 35 px and 18.3 px at 25 px.
func TestAimerSolidsKeepsTheMuzzleOutOfAWall(t *testing.T) {
	const muzzle = 30.0
	for _, facing := range []Facing{FacingRight, FacingLeft} {
		for _, gap := range []float64{90, 60, 45, 35, 25} { // wall distance ahead of the rig's position
			for _, solids := range []bool{true, false} {
				r, a := newAimBiped(t)
				r.Facing = facing
				wallX := 200 + gap
				pts := []mgl64.Vec2{{wallX, 1e4}, {wallX, -1e4}}
				inside := func(p mgl64.Vec2) float64 { return p[0] - wallX }
				a.Target = mgl64.Vec2{600, 230}
				if facing == FacingLeft {
					wallX = 400 - wallX
					pts = []mgl64.Vec2{{wallX, -1e4}, {wallX, 1e4}}
					inside = func(p mgl64.Vec2) float64 { return wallX - p[0] }
					a.Target[0] = 400 - a.Target[0]
				}
				if solids {
					a.Solids, a.Muzzle = &polyGround{pts: pts}, muzzle
				}
				settle(r, 90)
				fore := r.def.BoneIndex(BoneForearmNear)
				_, wrist := r.Joint(fore)
				ang := r.BoneAngle(fore)
				tip := wrist.Add(mgl64.Vec2{math.Cos(ang), math.Sin(ang)}.Mul(muzzle))
				depth := inside(tip)
				t.Logf("facing %v, wall %2.0f px ahead, Solids %v: muzzle %.2f px past the wall face, blocked %v", facing, gap, solids, depth, a.WeaponBlocked())
				if solids && depth > -DefaultSolidMargin+0.5 {
					t.Errorf("facing %v, wall %.0f px ahead: muzzle %.2f px past the wall face with Solids", facing, gap, depth)
				}
				if solids && gap <= 35 && !a.WeaponBlocked() {
					t.Errorf("facing %v, wall %.0f px ahead: the weapon was not pulled in", facing, gap)
				}
				if solids && gap >= 45 && a.WeaponBlocked() {
					t.Errorf("facing %v, wall %.0f px ahead: blocked with room to spare", facing, gap)
				}
				if !solids && gap <= 35 && depth < 8 {
					t.Errorf("facing %v, wall %.0f px ahead, no Solids: muzzle %.2f, expected in the wall", facing, gap, depth)
				}
			}
		}
	}
}

// Two cases a new user's trial found with the muzzle deep in a solid: a
// 60 px weapon aimed down-forward into a wall 35 px ahead (17.9 px inside:
// raising it by the line from the shoulder alone was not enough), and a 50
// px weapon aimed up at a ceiling 135 px above the feet (7.15 px inside:
// raising it pushed it further in). The solved muzzle now turns the weapon
// further from the surface it is in (up from a wall, down from a ceiling)
// until it is out: after 1.5 s both muzzles are in front of the surface.
func TestAimerSolidsTurnsTheWeaponOutOfTheSurface(t *testing.T) {
	cases := []struct {
		name   string
		pts    []mgl64.Vec2
		muzzle float64
		target mgl64.Vec2
		inside func(p mgl64.Vec2) float64
	}{
		{"wall 35 px ahead, aim down into it", []mgl64.Vec2{{235, 1e4}, {235, -1e4}}, 60, mgl64.Vec2{300, 320},
			func(p mgl64.Vec2) float64 { return p[0] - 235 }},
		{"ceiling 135 px up, aim up into it", []mgl64.Vec2{{1e4, 165}, {-1e4, 165}}, 50, mgl64.Vec2{260, 100},
			func(p mgl64.Vec2) float64 { return 165 - p[1] }},
	}
	for _, c := range cases {
		for _, solids := range []bool{false, true} {
			r, a := newAimBiped(t)
			a.Target, a.Muzzle = c.target, c.muzzle
			if solids {
				a.Solids = &polyGround{pts: c.pts}
			}
			settle(r, 90)
			fore := r.def.BoneIndex(BoneForearmNear)
			_, wrist := r.Joint(fore)
			ang := r.BoneAngle(fore)
			depth := c.inside(wrist.Add(mgl64.Vec2{math.Cos(ang), math.Sin(ang)}.Mul(c.muzzle)))
			t.Logf("%s, Solids %v: muzzle %.2f px past the surface, aim %.1f deg", c.name, solids, depth, a.AimAngle()*180/math.Pi)
			if solids && depth > -DefaultSolidMargin+0.5 {
				t.Errorf("%s: muzzle %.2f px past the surface with Solids", c.name, depth)
			}
			if !solids && depth < 5 {
				t.Errorf("%s: without Solids the muzzle is only %.2f px past the surface; the case tests nothing", c.name, depth)
			}
		}
	}
}

// A biped aiming up along a wall close ahead (facing right, then mirrored),
// the weapon raised toward its MaxUp: the far arm's elbow bends one way
// only (the biped template's limit) and, with the support hand at its
// place on the weapon, stood 3.02 px in the wall 18 px ahead. With Solids
// the support hand slides along the weapon (toward the muzzle or the grip)
// to where its arm is free: the far arm stays out of the wall (every bone
// sampled every 1 %, within 0.5 px), and so does the near arm from 22 px
// on. Nearer, with the target 60 px up (aim -66 deg), the near elbow
// stays 3.97 px (18 px) and 1.85 px (20 px) in: its forearm lies on the
// aim line and its one-way elbow is below it, past a wall nearer the
// shoulder than the upper arm's length (raising the weapon to MaxUp for
// it was tried: still 3.58 px).
func TestAimerSolidsKeepsTheArmsOutOfAWall(t *testing.T) {
	for _, facing := range []Facing{FacingRight, FacingLeft} {
		for _, gap := range []float64{18, 20, 22, 26, 30} { // wall distance ahead of the rig's position
			for _, up := range []float64{60, 120} { // target height above the shoulder's level, px
				r, a := newAimBiped(t)
				r.Facing = facing
				wallX := 200 + gap
				pts := []mgl64.Vec2{{wallX, 1e4}, {wallX, -1e4}}
				inside := func(p mgl64.Vec2) float64 { return p[0] - wallX }
				a.Target = mgl64.Vec2{wallX + 10, 300 - 60 - up}
				if facing == FacingLeft {
					wallX = 400 - wallX
					pts = []mgl64.Vec2{{wallX, -1e4}, {wallX, 1e4}}
					inside = func(p mgl64.Vec2) float64 { return wallX - p[0] }
					a.Target[0] = 400 - a.Target[0]
				}
				a.Solids, a.Muzzle = &polyGround{pts: pts}, 30
				settle(r, 90)
				var arm [2]float64 // near, far
				for k, bones := range [2][2]string{{BoneUpperArmNear, BoneForearmNear}, {BoneUpperArmFar, BoneForearmFar}} {
					for _, name := range bones {
						s, e := r.Joint(r.def.BoneIndex(name))
						for i := 0; i <= 100; i++ {
							arm[k] = math.Max(arm[k], inside(s.Add(e.Sub(s).Mul(float64(i)/100))))
						}
					}
				}
				t.Logf("facing %v, wall %2.0f px ahead, target %3.0f px up: near arm %.2f px, far arm %.2f px in the wall, aim %.0f deg", facing, gap, up, arm[0], arm[1], a.AimAngle()*180/math.Pi)
				if arm[1] > 0.5 || (gap >= 22 && arm[0] > 0.5) {
					t.Errorf("facing %v, wall %.0f px ahead, target %.0f px up: near arm %.2f px, far arm %.2f px in the wall, want <= 0.5", facing, gap, up, arm[0], arm[1])
				}
			}
		}
	}
}
