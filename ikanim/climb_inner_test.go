package ikanim

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/quality"
)

// innerBlock is the floating block of the underside tests with a wall
// standing under its right part: the underside (y 220) runs from x 300 to
// 500, where it meets a wall's face (x 500, facing left) that goes down to
// y 400. Facing left, it is mirrored about x 400 (the wall's face at x 300,
// the underside from 300 to 500).
func innerBlock(facing Facing) (Ground, *quality.Solids) {
	pts := []mgl64.Vec2{{300, 220}, {300, 100}, {600, 100}, {600, 400}, {500, 400}, {500, 220}}
	if facing == FacingLeft {
		for i := range pts {
			pts[i][0] = 800 - pts[i][0]
		}
		for i, j := 0, len(pts)-1; i < j; i, j = i+1, j-1 {
			pts[i], pts[j] = pts[j], pts[i]
		}
	}
	g := groundSet{
		&polyGround{pts: append(append([]mgl64.Vec2{}, pts...), pts[0])},
		&polyGround{pts: []mgl64.Vec2{{-1e4, ubFloor}, {1e4, ubFloor}}},
	}
	var s quality.Solids
	s.AddPolygon(pts)
	s.AddPolygon([]mgl64.Vec2{{-1e4, ubFloor}, {1e4, ubFloor}, {1e4, ubFloor + 100}, {-1e4, ubFloor + 100}})
	s.Build()
	return g, &s
}

// innerRun is what a run into the inner corner measured.
type innerRun struct {
	blocked          bool    // Blocked reported
	along            float64 // px along the underside when it was
	pen, pop         float64
	worstBone, worst int
	nan              bool
	chestFromWall    float64 // chest's distance from the wall's face at the end, px
	slip, gap        float64 // held hands
	holds            int
	onto             bool    // LeaveUnder returned true there
	down             float64 // px down the wall
	onWall           bool    // every hand and foot on the wall at the end
	under            bool    // Under at the end
}

// runInner climbs a biped down the block's outer face, round its bottom
// corner and along its underside toward the wall under it at 40 px/s,
// until the climber reports Blocked (or for 260 px), then on for 0.5 s more
// (a game slow to stop: 20 px) and still for a second.
func runInner(t *testing.T, facing Facing, tps int, down bool) innerRun {
	t.Helper()
	g, sol := innerBlock(facing)
	r, c, fwd := newUnderClimber(t, g, facing)
	if facing == FacingLeft {
		r.Position[0] = 500 + DefaultClimbDistance
	}
	wallX := 500.0
	if facing == FacingLeft {
		wallX = 300
	}
	dt := 1 / float64(tps)
	var res innerRun
	last := make([]float64, r.def.NumBones())
	var held [2]mgl64.Vec2
	var wasHeld [2]bool
	stage, stageT := 0, 0.0
	chest := -BipedHipHeight(BipedSizes{}) - 20
	for f := 0; f < 30*tps && stage < 6; f++ {
		stageT += dt
		switch stage {
		case 0:
			c.Speed = -40
			r.Position[1] += 40 * dt
			if c.Under() {
				stage, stageT, c.Speed = 1, 0, 0
			}
		case 1:
			if c.BodyLag() < 1 && stageT > 0.2 {
				stage, stageT = 2, 0
			}
		case 2:
			if c.Blocked() {
				stage, stageT, c.Speed = 3, 0, 0
				res.blocked = true
				break
			}
			v := 40 * math.Min(1, stageT/0.5)
			c.Speed = v
			r.Position[0] += fwd * v * dt
			if res.along += v * dt; res.along > 260 {
				stage = 6
			}
		case 3: // a game that does not stop at once: on for 0.5 s
			if stageT < 0.5 {
				c.Speed = 40
				r.Position[0] += fwd * 40 * dt
			} else {
				c.Speed = 0
			}
			if stageT > 1.5 {
				stage, stageT = 4, 0
				res.chestFromWall = math.Abs(r.ToWorld(mgl64.Vec2{0, chest}.Add(r.BodyOffset))[0] - wallX)
				if !down {
					stage = 6
				}
			}
		case 4: // onto the wall
			if c.LeaveUnder() {
				stage, stageT, res.onto = 5, 0, true
			} else if stageT > 1 {
				stage = 6
			}
		case 5: // down the wall
			v := 40 * math.Min(1, stageT/0.5)
			c.Speed = -v
			r.Position[1] += v * dt
			if res.down += v * dt; res.down >= 40 {
				stage = 6
			}
		}
		r.Update(dt)
		pop, bad := jointPopStep(r, last, f == 0)
		res.pop, res.nan = math.Max(res.pop, pop), res.nan || bad
		for b := 0; b < r.def.NumBones(); b++ {
			s, e := r.Joint(b)
			if !num2Finite(s[0] + s[1] + e[0] + e[1]) {
				res.nan = true
			}
			if d := sol.SegmentDepth(s, e, 0.5); d > res.pen {
				res.pen, res.worstBone, res.worst = d, b, f
			}
		}
		for k := 0; k < 2; k++ {
			ct := c.Limb(k)
			hold := stage >= 2 && ct.Found && ct.Holding && !ct.Corner
			if hold {
				res.holds++
				_, tip := r.Joint(r.def.limbs[c.limbs[k].limb].effector)
				d := math.Min(ct.Target.Sub(ct.Point).Dot(ct.Normal), tip.Sub(ct.Point).Dot(ct.Normal))
				res.gap = math.Max(res.gap, math.Abs(d-DefaultClimbOffset))
				if wasHeld[k] {
					res.slip = math.Max(res.slip, ct.Target.Sub(held[k]).Len())
				}
			}
			held[k], wasHeld[k] = ct.Target, hold
		}
	}
	res.onWall = true
	for k := 0; k < c.NumLimbs(); k++ {
		if ct := c.Limb(k); !ct.Found || ct.Under || ct.Corner || math.Abs(ct.Point[0]-wallX) > 1e-6 {
			res.onWall = false
		}
	}
	res.under = c.Under()
	return res
}

// Along an underside into an inner corner (the underside meets a wall
// standing under it), facing right and left at 30, 60 and 144 TPS: the
// climber reports Blocked before any bone reaches the wall and keeps its
// chest at least Distance from the wall's face (the body offset holds it
// back while the game goes on 20 px into the corner), no bone goes into
// the rock (0 px), no NaN, held hands exact, joint pop within 15 deg/frame
// at 60 TPS. Before, nothing stopped it: the body walked into the wall
// (a foot 50 px in).
func TestClimberStopsAtAnInnerCornerUnderneath(t *testing.T) {
	for _, facing := range []Facing{FacingRight, FacingLeft} {
		for _, tps := range []int{30, 60, 144} {
			res := runInner(t, facing, tps, false)
			t.Logf("facing %d, %3d TPS: blocked %v at %.0f px along, chest %.1f px from the wall; hand frames holding %d, slip %.2g gap %.2g px; penetration %.3f px (bone %d frame %d), pop %.2f deg/frame",
				facing, tps, res.blocked, res.along, res.chestFromWall, res.holds, res.slip, res.gap, res.pen, res.worstBone, res.worst, res.pop)
			if !res.blocked {
				t.Errorf("facing %d, %d TPS: not Blocked after %.0f px along the underside", facing, tps, res.along)
			}
			if res.chestFromWall < DefaultClimbDistance-0.5 || res.chestFromWall > DefaultClimbDistance+6 {
				t.Errorf("facing %d, %d TPS: chest %.1f px from the wall, want %v to %v", facing, tps, res.chestFromWall, DefaultClimbDistance, DefaultClimbDistance+6)
			}
			if res.slip > 1e-9 || res.gap > 1e-9 {
				t.Errorf("facing %d, %d TPS: a held hand slid %v px in a frame, %v px off Offset; want 0", facing, tps, res.slip, res.gap)
			}
			if res.slip > 1e-9 || res.gap > 1e-9 {
				t.Errorf("facing %d, %d TPS: a held hand slid %v px in a frame, %v px off Offset; want 0", facing, tps, res.slip, res.gap)
			}
			if res.nan {
				t.Errorf("facing %d, %d TPS: NaN", facing, tps)
			}
			if res.pen > 0 {
				t.Errorf("facing %d, %d TPS: a bone %.3f px in the rock, want 0", facing, tps, res.pen)
			}
			if bound := 15 * 60 / float64(tps); res.pop > bound {
				t.Errorf("facing %d, %d TPS: joint pop %.2f deg/frame, want <= %.2f", facing, tps, res.pop, bound)
			}
		}
	}
}

// At the inner corner (Blocked), LeaveUnder takes the climber onto the
// wall standing under the underside, and it climbs down it 40 px (the wall ends 60 px below its feet), facing
// right and left at 30, 60 and 144 TPS: every hand and foot on the wall at
// the end (not the underside), Under false, held hands exact on the
// underside and the wall, no bone in the rock, no NaN, joint pop within 15 deg/frame at 60 TPS. Before, LeaveUnder refused
// there (the chest under the underside).
func TestClimberGoesFromAnUndersideOntoTheWallUnderIt(t *testing.T) {
	for _, facing := range []Facing{FacingRight, FacingLeft} {
		for _, tps := range []int{30, 60, 144} {
			res := runInner(t, facing, tps, true)
			t.Logf("facing %d, %3d TPS: blocked %v, onto the wall %v, %.0f px down it, all limbs on it %v, Under %v; held hands slip %.2g gap %.2g px; penetration %.3f px (bone %d frame %d), pop %.2f deg/frame",
				facing, tps, res.blocked, res.onto, res.down, res.onWall, res.under, res.slip, res.gap, res.pen, res.worstBone, res.worst, res.pop)
			if !res.onto || res.down < 40 || !res.onWall || res.under {
				t.Errorf("facing %d, %d TPS: LeaveUnder %v, %.0f px down, all limbs on the wall %v, Under %v; want true, 40, true, false", facing, tps, res.onto, res.down, res.onWall, res.under)
			}
			if res.nan {
				t.Errorf("facing %d, %d TPS: NaN", facing, tps)
			}
			if res.pen > 0 {
				t.Errorf("facing %d, %d TPS: a bone %.3f px in the rock, want 0", facing, tps, res.pen)
			}
			if bound := 15 * 60 / float64(tps); res.pop > bound {
				t.Errorf("facing %d, %d TPS: joint pop %.2f deg/frame, want <= %.2f", facing, tps, res.pop, bound)
			}
		}
	}
}
