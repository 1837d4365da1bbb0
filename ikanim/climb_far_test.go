package ikanim

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// farRun is what a run round the underside's far bottom corner measured.
type farRun struct {
	turned          bool    // LeaveUnder returned true at the far end
	farAt           float64 // px along the underside when it did
	climbed         float64 // px up the far face
	facing          Facing  // at the end
	pen, pop        float64 // deepest bone point in the block (px), largest joint change in a frame (deg)
	worstBone       int
	worstFrame      int
	nan             bool
	slip, gap       float64 // held hands: largest move in a frame, and how far off Offset from their surface, px
	slipAt, gapAt   int     // frames of the worst slip and gap
	holds           int     // hand frames holding (underside and far face)
	edgeHolds       int     // hand frames holding the underside within 10 px of its far edge
	faceHolds       int     // hand frames holding the far face
	chestFromFace   float64 // chest's distance from the far face at the end, px
	clearance       float64 // Climber.Clearance at the end, px
	handsOnFarFace  bool    // both hands on the far face at the end
	feetOnFarFace   bool    // both feet on it
	holdingAlways   bool    // Holding every frame from Under on
	turnsAtTheStart int
}

// runFar climbs a biped down a face of the floating block (the left one
// facing right, the right one facing left), round its bottom corner, along
// its underside at 40 px/s (eased in over 0.5 s) to its far end, asking
// LeaveUnder every frame from 150 px along, and, once it returns true, up
// the far face at 40 px/s for farClimb px, as a game drives it.
func runFar(t *testing.T, facing Facing, tps int) farRun {
	t.Helper()
	g, sol := underBlock()
	r, c, fwd := newUnderClimber(t, g, facing)
	farX := ubRight // the far face's x
	if fwd < 0 {
		farX = ubLeft
	}
	dt := 1 / float64(tps)
	res := farRun{holdingAlways: true}
	last := make([]float64, r.def.NumBones())
	var held [4]mgl64.Vec2
	var wasHeld [4]bool
	stage, stageT, along := 0, 0.0, 0.0
	chest := -BipedHipHeight(BipedSizes{}) - 20
	for f := 0; f < 30*tps && stage < 4; f++ {
		stageT += dt
		switch stage {
		case 0: // down the face
			c.Speed = -40
			r.Position[1] += 40 * dt
			if c.Under() {
				stage, stageT, c.Speed = 1, 0, 0
			}
		case 1: // hang still while the body comes down
			if c.BodyLag() < 1 && stageT > 0.2 {
				stage, stageT = 2, 0
			}
		case 2: // along the underside to its far end
			if along > 150 && c.LeaveUnder() {
				stage, stageT, c.Speed = 3, 0, 0
				res.turned, res.farAt = true, along
				break
			}
			v := 40 * math.Min(1, stageT/0.5)
			c.Speed = v
			r.Position[0] += fwd * v * dt
			if along += v * dt; along > 300 {
				stage = 4 // never turned
			}
		case 3: // up the far face
			v := 40 * math.Min(1, stageT/0.5)
			c.Speed = v
			r.Position[1] -= v * dt
			if res.climbed += v * dt; res.climbed >= farClimb {
				stage = 4
			}
		}
		r.Update(dt)
		if stage >= 1 && !c.Holding() {
			res.holdingAlways = false
		}
		// Joint pop: the change of every bone's local angle in a frame
		// (in the frame the character turns round the whole figure
		// mirrors, a sprite turning round: its local angles go on).
		pop, bad := jointPopStep(r, last, f == 0)
		res.pop, res.nan = math.Max(res.pop, pop), res.nan || bad
		for b := 0; b < r.def.NumBones(); b++ {
			s, e := r.Joint(b)
			if !num2Finite(s[0] + s[1] + e[0] + e[1]) {
				res.nan = true
			}
			if d := sol.SegmentDepth(s, e, 0.5); d > res.pen {
				res.pen, res.worstBone, res.worstFrame = d, b, f
			}
		}
		for k := 0; k < 2; k++ { // the hands
			ct := c.Limb(k)
			hold := stage >= 2 && ct.Found && ct.Holding && !ct.Corner
			if hold {
				res.holds++
				// The nearer of the hand's joint and its bone's tip is
				// Offset off the surface it holds.
				_, tip := r.Joint(r.def.limbs[c.limbs[k].limb].effector)
				d := math.Min(ct.Target.Sub(ct.Point).Dot(ct.Normal), tip.Sub(ct.Point).Dot(ct.Normal))
				if g := math.Abs(d - DefaultClimbOffset); g > res.gap {
					res.gap, res.gapAt = g, f
				}
				if s := ct.Target.Sub(held[k]).Len(); wasHeld[k] && s > res.slip {
					res.slip, res.slipAt = s, f
				}
				if ct.Under && math.Abs(ct.Point[0]-farX) < 10 {
					res.edgeHolds++
				}
				if !ct.Under && math.Abs(ct.Point[0]-farX) < 1e-6 {
					res.faceHolds++
				}
			}
			held[k], wasHeld[k] = ct.Target, hold
		}
	}
	res.facing = r.Facing
	res.handsOnFarFace, res.feetOnFarFace = true, true
	for k := 0; k < 4; k++ {
		ct := c.Limb(k)
		on := ct.Found && !ct.Under && !ct.Corner && math.Abs(ct.Point[0]-farX) < 1e-6
		if k < 2 && !on {
			res.handsOnFarFace = false
		}
		if k >= 2 && !on {
			res.feetOnFarFace = false
		}
	}
	res.chestFromFace = math.Abs(r.ToWorld(mgl64.Vec2{0, chest}.Add(r.BodyOffset))[0] - farX)
	res.turnsAtTheStart = c.Turns()
	res.clearance = c.Clearance()
	return res
}

// A climber goes all the way along the underside of the floating block,
// round its far bottom corner and up its far face, facing right (down the
// left face, up the right one) and facing left, at 30, 60 and 144 TPS:
// past the far edge the hands keep hold of the edge (Holding every frame,
// never hanging from nothing), LeaveUnder turns the character round
// (Facing flips once) and the hands take the far face and climb it, the
// feet too, the chest Distance from it; no bone in the block, no NaN, held
// hands exact (no slide, Offset off their surface) and joint pop within 15
// deg/frame at 60 TPS (the same per second at the others). Before, past
// the far edge nothing was held and LeaveUnder refused there.
func TestClimberGoesRoundTheFarBottomCorner(t *testing.T) {
	for _, facing := range []Facing{FacingRight, FacingLeft} {
		for _, tps := range []int{30, 60, 144} {
			res := runFar(t, facing, tps)
			t.Logf("facing %d, %3d TPS: turned %v at %.0f px along, climbed %.0f px, facing %d; hand frames holding %d (far edge %d, far face %d), slip %.2g (frame %d) gap %.2g (frame %d) px; chest %.1f px from the far face (Clearance %.1f); penetration %.3f px (bone %d frame %d), pop %.2f deg/frame",
				facing, tps, res.turned, res.farAt, res.climbed, res.facing, res.holds, res.edgeHolds, res.faceHolds, res.slip, res.slipAt, res.gap, res.gapAt, res.chestFromFace, res.clearance, res.pen, res.worstBone, res.worstFrame, res.pop)
			if !res.turned || res.climbed < farClimb || res.facing == facing || res.turnsAtTheStart != 1 {
				t.Errorf("facing %d, %d TPS: turned %v, climbed %.0f px, facing %d, Turns %d; want true, %v, turned round once", facing, tps, res.turned, res.climbed, res.facing, res.turnsAtTheStart, farClimb)
			}
			if !res.holdingAlways || res.edgeHolds == 0 || res.faceHolds == 0 {
				t.Errorf("facing %d, %d TPS: Holding every frame %v, hand frames on the far edge %d, on the far face %d; want true and both", facing, tps, res.holdingAlways, res.edgeHolds, res.faceHolds)
			}
			if !res.handsOnFarFace || !res.feetOnFarFace {
				t.Errorf("facing %d, %d TPS: at the end hands on the far face %v, feet %v; want both", facing, tps, res.handsOnFarFace, res.feetOnFarFace)
			}
			if want := DefaultClimbDistance + res.clearance; math.Abs(res.chestFromFace-want) > 2 {
				t.Errorf("facing %d, %d TPS: chest %.1f px from the far face, want %.1f (Distance and Clearance)", facing, tps, res.chestFromFace, want)
			}
			if res.slip > 1e-9 || res.gap > 1e-9 {
				t.Errorf("facing %d, %d TPS: a held hand slid %v px in a frame, %v px off Offset; want 0", facing, tps, res.slip, res.gap)
			}
			if res.nan {
				t.Errorf("facing %d, %d TPS: NaN", facing, tps)
			}
			if res.pen > 0 {
				t.Errorf("facing %d, %d TPS: a bone %.3f px in the block, want 0", facing, tps, res.pen)
			}
			if bound := 15 * 60 / float64(tps); res.pop > bound {
				t.Errorf("facing %d, %d TPS: joint pop %.2f deg/frame, want <= %.2f", facing, tps, res.pop, bound)
			}
		}
	}
}

// farClimb is how far runFar climbs the far face, px: the feet take it
// after about 100 px, and the hands reach the block's top after 115.
const farClimb = 108.0
