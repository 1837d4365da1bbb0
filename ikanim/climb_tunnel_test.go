package ikanim

import (
	"fmt"
	"math"
	"os"
	"strconv"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/quality"
)

// tunnelCourse is a floating block (from x0 to x1, y top to bottom) over a
// floor gap px below its underside: a low tunnel under the block.
// With inner > 0 the floor rises to inner px below the underside from
// 40 px in from each of its ends (a tunnel that gets lower further in).
type tunnelCourse struct {
	x0, x1, top, bottom, gap float64
	inner                    float64
	ramp                     float64 // the rise's run, px (0: a vertical step)
}

func (tc tunnelCourse) floor() float64 { return tc.bottom + tc.gap }

func (tc tunnelCourse) build() (Ground, *quality.Solids) {
	box := []mgl64.Vec2{{tc.x0, tc.bottom}, {tc.x0, tc.top}, {tc.x1, tc.top}, {tc.x1, tc.bottom}}
	fl := tc.floor()
	g := groundSet{
		&polyGround{pts: append(box, box[0])},
		&polyGround{pts: []mgl64.Vec2{{-1e4, fl}, {1e4, fl}}},
	}
	var s quality.Solids
	s.AddPolygon(box)
	s.AddPolygon([]mgl64.Vec2{{-1e4, fl}, {1e4, fl}, {1e4, fl + 100}, {-1e4, fl + 100}})
	if tc.inner > 0 {
		fi := tc.bottom + tc.inner
		step := []mgl64.Vec2{{tc.x0 + 40, fl}, {tc.x0 + 40 + tc.ramp, fi}, {tc.x1 - 40 - tc.ramp, fi}, {tc.x1 - 40, fl}}
		g = append(g, &polyGround{pts: step})
		s.AddPolygon(step)
	}
	s.Build()
	return g, &s
}

// tunnelRun is what a run down the block's face over a near floor measured.
type tunnelRun struct {
	under     bool    // Under was reported at some frame
	underEnd  bool    // Under at the end
	pen       float64 // deepest bone point in the solids, px
	penBone   string
	penFrame  int
	penStage  int
	pop       float64 // deg/frame
	nan       bool
	stage     int // last stage reached
	left      bool
	floorSeen bool // Floor was reported
	travelled float64
	frames    int
	stuckAt   int // the stage it got stuck in
}

// runTunnel drives a biped climber as a game would: down the block's face
// (the left face facing right, the right one facing left) at 40 px/s, its
// Position never below the floor (the game's collision), until Under or
// Floor; under the block (Under), still until BodyLag < 1 px, then along
// forward 60 px (or until Blocked), back to the edge and LeaveUnder, and up
// the face 60 px.
func runTunnel(t *testing.T, tc tunnelCourse, facing Facing, tps int, clamp, log bool) tunnelRun {
	t.Helper()
	g, sol := tc.build()
	def, err := NewBipedDef(BipedSizes{}, BipedSprites{})
	if err != nil {
		t.Fatal(err)
	}
	r := mustRig(t, def)
	r.Facing = facing
	fwd := 1.0
	r.Position = mgl64.Vec2{tc.x0 - DefaultClimbDistance, math.Min(tc.bottom+16, tc.floor())}
	if facing == FacingLeft {
		fwd = -1
		r.Position[0] = tc.x1 + DefaultClimbDistance
	}
	c, err := NewBipedClimber(r, g)
	if err != nil {
		t.Fatal(err)
	}
	r.Add(c)
	dt := 1 / float64(tps)
	var res tunnelRun
	last := make([]float64, def.NumBones())
	stage, stageT := 0, 0.0
	for f := 0; f < 16*tps && stage != 6 && stage != 7; f++ {
		stageT += dt
		switch stage {
		case 0: // down the face, Position stopped by the floor
			c.Speed = -40
			r.Position[1] += 40 * dt
			if clamp {
				r.Position[1] = math.Min(r.Position[1], tc.floor())
			}
			if c.Under() {
				stage, stageT, c.Speed = 1, 0, 0
			} else if c.Floor() {
				res.floorSeen = true
				stage, stageT = 8, 0
			} else if stageT > 8 {
				stage, res.stuckAt = 7, 0 // stuck
			}
		case 1:
			if c.BodyLag() < 1 && stageT > 0.2 {
				stage, stageT = 2, 0
			} else if stageT > 4 {
				stage, res.stuckAt = 7, 1
			}
		case 2: // along the underside
			v := 40 * math.Min(1, stageT/0.5)
			c.Speed = v
			r.Position[0] += fwd * v * dt
			res.travelled += v * dt
			if res.travelled >= 60 || c.Blocked() {
				stage, stageT, c.Speed = 3, 0, 0
			}
		case 3: // back
			v := 40 * math.Min(1, stageT/0.5)
			c.Speed = -v
			r.Position[0] -= fwd * v * dt
			res.travelled -= v * dt
			if res.travelled <= 0 {
				stage, stageT, c.Speed = 4, 0, 0
			}
		case 4:
			if c.LeaveUnder() {
				stage, stageT, res.left = 5, 0, true
			} else if stageT > 4 {
				stage, res.stuckAt = 7, 4
			}
			if log && int(stageT/dt)%20 == 1 {
				m, _ := c.underHoldsMean()
				t.Logf("stage 4: chestHit %v chestPt %.1f bodyV %.1f applied %.1f blocked %v ahead %v %.1f holds %.1f pos %.1f onFloor %v", c.chestHit, c.chestPt, c.bodyV, c.appliedV, c.blocked, c.aheadOK, c.ahead, m, r.Position, c.Floor())
			}
		case 8: // on the floor: the game still pushes down for 1 s
			r.Position[1] += 40 * dt
			if clamp {
				r.Position[1] = math.Min(r.Position[1], tc.floor())
			}
			if stageT > 1 {
				stage = 6
			}
		case 5: // up the face
			v := 40 * math.Min(1, stageT/0.5)
			c.Speed = v
			r.Position[1] -= v * dt
			res.travelled += v * dt
			if res.travelled >= 60 {
				stage = 6
			}
		}
		if c.Under() {
			res.under = true
		}
		r.Update(dt)
		res.frames++
		pop, bad := jointPopStep(r, last, f == 0)
		res.pop, res.nan = math.Max(res.pop, pop), res.nan || bad
		for b := 0; b < def.NumBones(); b++ {
			s, e := r.Joint(b)
			if !num2Finite(s[0] + s[1] + e[0] + e[1]) {
				res.nan = true
			}
			d := sol.SegmentDepth(s, e, 0.5)
			if d > res.pen {
				res.pen, res.penBone, res.penFrame, res.penStage = d, def.bones[b].Name, f, stage
			}
			if log && d > 0.5 {
				t.Logf("f %d stage %d %s %.2f px %.1f-%.1f pos %.1f bodyV %.1f under %v", f, stage, def.bones[b].Name, d, s, e, r.Position, c.bodyV, c.Under())
			}
		}
	}
	res.stage, res.underEnd = stage, c.Under()
	return res
}

// TestClimberTunnelDiag prints the runs over every tunnel course
// (IKANIM_DIAG=1; IKANIM_DIAG_GAP picks one gap, with per-frame logs).
func TestClimberTunnelDiag(t *testing.T) {
	if os.Getenv("IKANIM_DIAG") == "" {
		t.Skip("set IKANIM_DIAG=1")
	}
	one := os.Getenv("IKANIM_DIAG_GAP")
	for _, gap := range []float64{20, 26, 40, 60, 80, 100, 120, 130, 140, 150} {
		if one != "" && one != fmt.Sprint(gap) {
			continue
		}
		for _, w := range []float64{120, 200, 320} {
			for _, facing := range []Facing{FacingRight, FacingLeft} {
				for _, tps := range []int{30, 60, 144} {
					tc := tunnelCourse{x0: 300, x1: 300 + w, top: 100, bottom: 220, gap: gap}
					if gap < 140 {
						tc.gap, tc.inner = 180, gap
						tc.ramp, _ = strconv.ParseFloat(os.Getenv("IKANIM_DIAG_RAMP"), 64)
					}
					res := runTunnel(t, tc, facing, tps, os.Getenv("IKANIM_DIAG_CLAMP") != "", one != "")
					t.Logf("gap %3.0f w %3.0f facing %2d %3d TPS: stage %d (stuck %d) under %v/%v floor %v left %v pen %.2f (%s f %d stage %d) pop %.1f nan %v",
						gap, w, facing, tps, res.stage, res.stuckAt, res.under, res.underEnd, res.floorSeen, res.left, res.pen, res.penBone, res.penFrame, res.penStage, res.pop, res.nan)
				}
			}
		}
	}
}

// A climber climbs down the face of a floating block over a floor 20-180
// px below its underside, or 180 px below its edges and 20-130 px below
// the rest (a tunnel that gets lower further in, by a step or a ramp 100
// px long), blocks 120 and 320 px
// wide, facing right and left, at 30, 60 and 144 TPS, driven as a game
// would: Position down at 40 px/s, either through the floor (the game
// leaves the body to the climber) or stopped at it (the game's collision);
// along the underside until Blocked or 60 px. Where the body does
// not fit under the underside (UnderDistance plus the chest's height above
// the origin) it never goes Under, comes down onto the floor (Floor) and
// stays on it while the game keeps pushing for a second; where it fits it
// goes Under, along the underside and back, LeaveUnder, and up the face.
// No bone more than 0.5 px in the block or the floor, no NaN, no stuck
// run, joint pop within 15 deg/frame at 60 TPS (the same per second at the
// others). Before (no Floor, stubbed false), the hands went round onto the
// underside over floors 40-120 px down and the legs hung 14.6-50 px in the
// floor, over 20-26 px the run never ended (and, stopped at the floor by
// the game, over every floor up to 140 px: no Under, no Floor), and under
// the tunnel that gets lower the dangling feet went 4.4-9.9 px into the
// rising floor.
func TestClimberLowTunnelUnderABlock(t *testing.T) {
	need := DefaultClimbUnderDistance + BipedHipHeight(BipedSizes{}) + 20
	var courses []tunnelCourse
	for _, gap := range []float64{20, 26, 40, 60, 80, 100, 120, 140, 150, 180} {
		courses = append(courses, tunnelCourse{gap: gap})
	}
	for _, inner := range []float64{20, 60, 100, 120, 130} {
		courses = append(courses, tunnelCourse{gap: 180, inner: inner}, tunnelCourse{gap: 180, inner: inner, ramp: 100})
	}
	for _, tc := range courses {
		for _, w := range []float64{120, 320} {
			if 2*(40+tc.ramp) > w {
				continue // no room for the ramps
			}
			tc.x0, tc.x1, tc.top, tc.bottom = 300, 300+w, 100, 220
			for _, facing := range []Facing{FacingRight, FacingLeft} {
				for _, tps := range []int{30, 60, 144} {
					for _, clamp := range []bool{false, true} {
						res := runTunnel(t, tc, facing, tps, clamp, false)
						name := fmt.Sprintf("gap %.0f (inner %.0f ramp %.0f) width %.0f facing %d %d TPS clamp %v", tc.gap, tc.inner, tc.ramp, w, facing, tps, clamp)
						if res.pen > 0.5 || res.nan || res.stage != 6 {
							t.Errorf("%s: penetration %.2f px (%s, frame %d, stage %d), NaN %v, ended in stage %d (stuck in %d); want <= 0.5, no NaN, stage 6",
								name, res.pen, res.penBone, res.penFrame, res.penStage, res.nan, res.stage, res.stuckAt)
						}
						if bound := 15 * 60 / float64(tps); res.pop > bound {
							t.Errorf("%s: joint pop %.2f deg/frame, want <= %.2f", name, res.pop, bound)
						}
						switch fits := tc.gap > need+2; {
						case !fits && (res.under || !res.floorSeen):
							t.Errorf("%s: Under %v, Floor %v with %.0f px to the floor (the body needs %.0f); want false, true", name, res.under, res.floorSeen, tc.gap, need)
						case fits && (!res.under || !res.left || res.underEnd):
							t.Errorf("%s: Under %v, LeaveUnder %v, Under at the end %v with %.0f px to the floor (the body needs %.0f); want true, true, false", name, res.under, res.left, res.underEnd, tc.gap, need)
						}
					}
				}
			}
		}
	}
}
