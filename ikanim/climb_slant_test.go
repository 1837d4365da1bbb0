package ikanim

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/quality"
)

// slantBlock is the underside tests' floating block with its underside
// slanted by deg degrees: from its near corner (the face the climber comes
// down, y 220) the underside goes down by tan(deg) px per px along the
// climber's forward (up for negative deg). underY gives its height at x.
func slantBlock(facing Facing, deg float64) (g Ground, sol *quality.Solids, underY func(x float64) float64) {
	k := math.Tan(deg * math.Pi / 180)
	near := ubLeft
	if facing == FacingLeft {
		near = ubRight
	}
	underY = func(x float64) float64 { return ubBottom + k*math.Abs(x-near) }
	// The top is 200 px above the near corner, so an underside going up
	// 30 degrees still leaves the far face 85 px.
	top := ubBottom - 200
	pts := []mgl64.Vec2{{ubLeft, underY(ubLeft)}, {ubLeft, top}, {ubRight, top}, {ubRight, underY(ubRight)}}
	g = groundSet{
		&polyGround{pts: append(append([]mgl64.Vec2{}, pts...), pts[0])},
		&polyGround{pts: []mgl64.Vec2{{-1e4, ubFloor}, {1e4, ubFloor}}},
	}
	var s quality.Solids
	s.AddPolygon(pts)
	s.AddPolygon([]mgl64.Vec2{{-1e4, ubFloor}, {1e4, ubFloor}, {1e4, ubFloor + 100}, {-1e4, ubFloor + 100}})
	s.Build()
	return g, &s, underY
}

// slantRun is what a run along a slanted underside measured.
type slantRun struct {
	under            bool
	along            float64
	pen, pop         float64
	worstBone, worst int
	worstStage       int
	penDown          float64 // deepest bone point while climbing down the face to the corner, px
	nan              bool
	slip, gap        float64
	holds            int
	below            float64 // the chest's largest distance from UnderDistance below the underside (along up), from 1 s along on
}

// runSlant climbs a biped down the block's face, round its bottom corner
// and along its slanted underside at 40 px/s for 150 px, as runUnder
// (starting 80 px higher up the face).
func runSlant(t *testing.T, facing Facing, tps int, deg float64) slantRun {
	t.Helper()
	g, sol, underY := slantBlock(facing, deg)
	r, c, fwd := newUnderClimber(t, g, facing)
	r.Position[1] -= 80 // the climb starts well above the underside's near corner
	dt := 1 / float64(tps)
	var res slantRun
	last := make([]float64, r.def.NumBones())
	var held [2]mgl64.Vec2
	var wasHeld [2]bool
	stage, stageT := 0, 0.0
	chest := -BipedHipHeight(BipedSizes{}) - 20
	for f := 0; f < 30*tps && stage < 3; f++ {
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
			v := 40 * math.Min(1, stageT/0.5)
			c.Speed = v
			r.Position[0] += fwd * v * dt
			if res.along += v * dt; res.along >= 150 {
				stage = 3
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
			d := sol.SegmentDepth(s, e, 0.5)
			if stage == 0 {
				res.penDown = math.Max(res.penDown, d)
			} else if d > res.pen {
				res.pen, res.worstBone, res.worst, res.worstStage = d, b, f, stage
			}
		}
		if stage == 2 && stageT > 1 {
			ch := r.ToWorld(mgl64.Vec2{0, chest}.Add(r.BodyOffset))
			res.below = math.Max(res.below, math.Abs(underY(ch[0])-ch[1]+DefaultClimbUnderDistance))
		}
		for k := 0; k < 2; k++ {
			ct := c.Limb(k)
			hold := stage == 2 && ct.Found && ct.Under && ct.Holding
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
	res.under = c.Under()
	return res
}

// Along a slanted underside (going down 15 and 30 degrees along the
// climb, and up 15), facing right and left at 30, 60 and 144 TPS: the body
// hangs straight down from it (UnderDistance along up, below the
// underside's point over the chest, within 8 px: it follows the slope at
// BodySpeed; hanging by the hands, the body hangs plumb, not along the
// slant's normal), the hands hold it exact (Offset off it along its
// normal), and from the bottom corner on no bone goes into the rock, no
// NaN, joint pop within 15 deg/frame at 60 TPS. Going up 30 degrees, no
// bone in the rock either, no NaN, the same pop. Before, at 30 degrees a
// hand went 14 px into the rock going up (the limbs' points did not hang
// with the body: their rays up started in the rock) and 8 px going down
// (it held the slant's start as a face, found by its forward ray). Logged,
// not checked (still missing): the climb down the face into the acute
// corner a slant going down makes (a dangling leg's thigh 2.2 px in at
// both slants), and going up 30 degrees the held hands (0.3-1.4 px off).
func TestClimberAlongSlantedUndersides(t *testing.T) {
	for _, deg := range []float64{-30, -15, 15, 30} {
		checked := deg != -30
		for _, facing := range []Facing{FacingRight, FacingLeft} {
			for _, tps := range []int{30, 60, 144} {
				res := runSlant(t, facing, tps, deg)
				t.Logf("%+3.0f deg, facing %d, %3d TPS: down the face %.3f px in the rock; under %v, %.0f px along; chest within %.2f px of UnderDistance below; hand frames holding %d, slip %.2g gap %.2g px; penetration %.3f px (bone %d frame %d stage %d), pop %.2f deg/frame",
					deg, facing, tps, res.penDown, res.under, res.along, res.below, res.holds, res.slip, res.gap, res.pen, res.worstBone, res.worst, res.worstStage, res.pop)
				if deg == -30 {
					if res.pen > 0 || res.nan || res.pop > 15*60/float64(tps) {
						t.Errorf("%+.0f deg, facing %d, %d TPS: a bone %.3f px in the rock, NaN %v, pop %.2f deg/frame; want 0, false, <= %.2f", deg, facing, tps, res.pen, res.nan, res.pop, 15*60/float64(tps))
					}
				}
				if !checked {
					continue
				}
				if !res.under || res.along < 150 || res.holds == 0 {
					t.Errorf("%+.0f deg, facing %d, %d TPS: Under %v, %.0f px along, %d hand frames holding; want true, 150, some", deg, facing, tps, res.under, res.along, res.holds)
				}
				if res.below > 8 {
					t.Errorf("%+.0f deg, facing %d, %d TPS: chest up to %.2f px off UnderDistance below the underside, want <= 8", deg, facing, tps, res.below)
				}
				if res.slip > 1e-9 || res.gap > 1e-9 {
					t.Errorf("%+.0f deg, facing %d, %d TPS: a held hand slid %v px in a frame, %v px off Offset; want 0", deg, facing, tps, res.slip, res.gap)
				}
				if res.nan {
					t.Errorf("%+.0f deg, facing %d, %d TPS: NaN", deg, facing, tps)
				}
				if res.pen > 0 {
					t.Errorf("%+.0f deg, facing %d, %d TPS: a bone %.3f px in the rock, want 0", deg, facing, tps, res.pen)
				}
				if bound := 15 * 60 / float64(tps); res.pop > bound {
					t.Errorf("%+.0f deg, facing %d, %d TPS: joint pop %.2f deg/frame, want <= %.2f", deg, facing, tps, res.pop, bound)
				}
			}
		}
	}
}
