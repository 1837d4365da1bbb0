package ikanim

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/quality"
)

// groundSet is several polyGrounds: the nearest hit of any.
type groundSet []*polyGround

func (g groundSet) Raycast(from, to mgl64.Vec2) (point, normal mgl64.Vec2, ok bool) {
	best := math.Inf(1)
	for _, p := range g {
		if hp, hn, hit := p.Raycast(from, to); hit && hp.Sub(from).Len() < best {
			best, point, normal, ok = hp.Sub(from).Len(), hp, hn, true
		}
	}
	return point, normal, ok
}

// The floating block of the underside tests: 200 x 120 px, from (300, 100)
// to (500, 220), over a floor at y=600.
const (
	ubLeft, ubRight, ubTop, ubBottom = 300.0, 500.0, 100.0, 220.0
	ubFloor                          = 600.0
)

func underBlock() (Ground, *quality.Solids) {
	box := []mgl64.Vec2{{ubLeft, ubBottom}, {ubLeft, ubTop}, {ubRight, ubTop}, {ubRight, ubBottom}}
	g := groundSet{
		&polyGround{pts: append(box, box[0])},
		&polyGround{pts: []mgl64.Vec2{{-1e4, ubFloor}, {1e4, ubFloor}}},
	}
	var s quality.Solids
	s.AddPolygon(box)
	s.AddPolygon([]mgl64.Vec2{{-1e4, ubFloor}, {1e4, ubFloor}, {1e4, ubFloor + 100}, {-1e4, ubFloor + 100}})
	s.Build()
	return g, &s
}

// underRun is what a run round the bottom corner measured.
type underRun struct {
	under               bool    // Under reported
	pen                 float64 // deepest bone point inside the solids, px
	pop                 float64 // largest joint change in a frame, degrees
	nan                 bool
	travelled           float64 // px along the underside
	handHolds           int     // hand frames holding the underside, exact
	handMoves           int     // hand frames moving along it
	chestBelow          float64 // chest's distance below the underside at the end
	slip, gap           float64 // largest move of a held hand in a frame, and how far the nearer of its joint and tip is from Offset below the underside, px
	worstBone, worstPen int
	left                bool    // LeaveUnder returned true
	climbed             float64 // px back up the face
}

// newUnderClimber returns a default biped with a climber on ground g,
// facing the floating block's left face (facing right) or its right face
// (facing left) at the climbing distance, Position at y 236, and the sign
// of forward along x.
func newUnderClimber(t *testing.T, g Ground, facing Facing) (*Rig, *Climber, float64) {
	t.Helper()
	def, err := NewBipedDef(BipedSizes{}, BipedSprites{})
	if err != nil {
		t.Fatal(err)
	}
	r := mustRig(t, def)
	r.Facing = facing
	fwd := 1.0
	r.Position = mgl64.Vec2{ubLeft - DefaultClimbDistance, 236}
	if facing == FacingLeft {
		fwd = -1
		r.Position[0] = ubRight + DefaultClimbDistance
	}
	c, err := NewBipedClimber(r, g)
	if err != nil {
		t.Fatal(err)
	}
	r.Add(c)
	return r, c, fwd
}

// runUnder climbs a biped down the face of the floating block (the left
// face facing right, the right face facing left), round its bottom corner
// and along its underside, as a game drives it: down at 40 px/s until
// Under, still until BodyLag is under 1 px, then along forward at up to 40
// px/s (eased in over 0.5 s) for 120 px; with back, then back along it
// the same way to where it came round the corner, LeaveUnder, and up the
// face at 40 px/s for 90 px.
func runUnder(t *testing.T, facing Facing, tps int, back bool) underRun {
	t.Helper()
	g, sol := underBlock()
	r, c, fwd := newUnderClimber(t, g, facing)
	dt := 1 / float64(tps)
	var res underRun
	last := make([]float64, r.def.NumBones())
	var held [2]mgl64.Vec2
	var wasHeld [2]bool
	stage, stageT, speed := 0, 0.0, 0.0
	chest := -BipedHipHeight(BipedSizes{}) - 20
	end := 3
	if back {
		end = 6
	}
	for f := 0; f < 20*tps && stage < end; f++ {
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
		case 2: // along the underside
			speed = 40 * math.Min(1, stageT/0.5)
			c.Speed = speed
			r.Position[0] += fwd * speed * dt
			res.travelled += speed * dt
			if res.travelled >= 120 {
				stage, stageT, c.Speed = 3, 0, 0
				if back && c.LeaveUnder() {
					t.Errorf("facing %d, %d TPS: LeaveUnder with the chest 120 px under the underside returned true", facing, tps)
				}
			}
		case 3: // back along the underside
			speed = 40 * math.Min(1, stageT/0.5)
			c.Speed = -speed
			r.Position[0] -= fwd * speed * dt
			res.travelled -= speed * dt
			if res.travelled <= 0 {
				stage, stageT, c.Speed = 4, 0, 0
			}
		case 4: // hanging from the edge, asking to climb up
			if c.LeaveUnder() {
				stage, stageT = 5, 0
				res.left = true
			}
		case 5: // up the face
			speed = 40 * math.Min(1, stageT/0.5)
			c.Speed = speed
			r.Position[1] -= speed * dt
			res.climbed += speed * dt
			if res.climbed >= 90 {
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
				res.pen, res.worstBone, res.worstPen = d, b, f
			}
		}
		if stage == 2 {
			for k := 0; k < 2; k++ {
				ct := c.Limb(k)
				hold := ct.Found && ct.Under && ct.Holding
				if hold {
					res.handHolds++
					// The nearer of the hand's joint and its bone's tip
					// is Offset below the underside (as on a face).
					_, tip := r.Joint(r.def.limbs[c.limbs[k].limb].effector)
					clear := math.Min(ct.Target[1], tip[1]) - ubBottom
					res.gap = math.Max(res.gap, math.Abs(clear-DefaultClimbOffset))
					if wasHeld[k] {
						res.slip = math.Max(res.slip, ct.Target.Sub(held[k]).Len())
					}
				} else if ct.Found && ct.Under {
					res.handMoves++
				}
				held[k], wasHeld[k] = ct.Target, hold
			}
		}
	}
	res.under = c.Under()
	if back {
		for k := 0; k < 2; k++ {
			if ct := c.Limb(k); !ct.Found || ct.Under || ct.Corner {
				t.Errorf("facing %d, %d TPS: back up the face, hand %d %+v, want on the face", facing, tps, k, ct)
			}
		}
	}
	res.chestBelow = r.ToWorld(mgl64.Vec2{0, chest}.Add(r.BodyOffset))[1] - ubBottom
	return res
}

func num2Finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// jointPopStep stores r's local bone angles in last and returns the largest
// change of any of them since the last call, degrees (0 when first), and
// whether any angle is not finite: the climb tests' joint pop and NaN check.
func jointPopStep(r *Rig, last []float64, first bool) (pop float64, nan bool) {
	for b := range last {
		a := r.local[b]
		if !num2Finite(a) {
			nan = true
		}
		if !first {
			pop = math.Max(pop, math.Abs(math.Remainder(a-last[b], 2*math.Pi))*180/math.Pi)
		}
		last[b] = a
	}
	return pop, nan
}

// A climber climbs down the side of a floating block, round its bottom
// outer corner and along its underside, facing right (up its left face)
// and facing left (its right face), at 30, 60 and 144 TPS: it reports
// Under, the hands hold the underside and move along it in turn, the chest
// hangs UnderDistance below it, no bone goes more than 0.5 px into the
// block and no joint turns more than 15 degrees a frame at 60 TPS (the same
// per second at the others).
func TestClimberGoesRoundBottomCornerOntoUnderside(t *testing.T) {
	for _, facing := range []Facing{FacingRight, FacingLeft} {
		for _, tps := range []int{30, 60, 144} {
			res := runUnder(t, facing, tps, false)
			t.Logf("facing %d, %3d TPS: under %v, travelled %.0f px, hand frames holding %d moving %d, chest %.2f px below, held hands slip %.2g gap %.2g px, penetration %.3f px (bone %d frame %d), pop %.2f deg/frame",
				facing, tps, res.under, res.travelled, res.handHolds, res.handMoves, res.chestBelow, res.slip, res.gap, res.pen, res.worstBone, res.worstPen, res.pop)
			if !res.under || res.travelled < 120 {
				t.Errorf("facing %d, %d TPS: Under %v, %.0f px along the underside, want true and 120", facing, tps, res.under, res.travelled)
			}
			if res.handHolds == 0 || res.handMoves == 0 {
				t.Errorf("facing %d, %d TPS: hands held the underside %d frames and moved along it %d, want both", facing, tps, res.handHolds, res.handMoves)
			}
			if res.slip > 1e-9 || res.gap > 1e-9 {
				t.Errorf("facing %d, %d TPS: a held hand slid %v px in a frame, the nearer of its joint and tip %v px off Offset below the underside; want 0", facing, tps, res.slip, res.gap)
			}
			if math.Abs(res.chestBelow-DefaultClimbUnderDistance) > 2 {
				t.Errorf("facing %d, %d TPS: chest %.2f px below the underside, want %v", facing, tps, res.chestBelow, DefaultClimbUnderDistance)
			}
			if res.nan {
				t.Errorf("facing %d, %d TPS: NaN", facing, tps)
			}
			if res.pen > 0.5 {
				t.Errorf("facing %d, %d TPS: a bone %.3f px in the block, want <= 0.5", facing, tps, res.pen)
			}
			if bound := 15 * 60 / float64(tps); res.pop > bound {
				t.Errorf("facing %d, %d TPS: joint pop %.2f deg/frame, want <= %.2f", facing, tps, res.pop, bound)
			}
		}
	}
}

// On the underside the climber's Update does not allocate; a NaN Speed
// leaves no NaN in the rig; Release ends the underside (a climber added
// back climbs a face again), and climbing down a wall that stands on the
// floor never reports Under.
func TestClimberUnderAllocsReleaseAndFloor(t *testing.T) {
	g, _ := underBlock()
	def, _ := NewBipedDef(BipedSizes{}, BipedSprites{})
	r := mustRig(t, def)
	r.Position = mgl64.Vec2{ubLeft - DefaultClimbDistance, 236}
	c, _ := NewBipedClimber(r, g)
	r.Add(c)
	dt := 1.0 / 60
	for i := 0; i < 600 && !c.Under(); i++ {
		c.Speed = -40
		r.Position[1] += 40 * dt
		r.Update(dt)
	}
	if !c.Under() {
		t.Fatal("not on the underside after 10 s down the face")
	}
	settle(r, 60)
	c.Speed = 30
	if a := testing.AllocsPerRun(100, func() {
		r.Position[0] += 30 * dt
		r.Update(dt)
	}); a != 0 {
		t.Errorf("Update on the underside allocates %v times", a)
	}
	c.Speed = math.NaN()
	settle(r, 30)
	for b := 0; b < r.def.NumBones(); b++ {
		if s, e := r.Joint(b); !num2Finite(s[0] + s[1] + e[0] + e[1]) {
			t.Fatalf("NaN Speed on the underside: bone %d at %v-%v", b, s, e)
		}
	}
	c.Release()
	if c.Under() || c.BodyLag() != 0 {
		t.Errorf("after Release: Under %v, BodyLag %v, want false and 0", c.Under(), c.BodyLag())
	}

	r2, c2 := newClimbBiped(t, wallGround())
	r2.Position = mgl64.Vec2{265, 300}
	for i := 0; i < 300; i++ { // down to the floor (y=400) and on
		c2.Speed = -30
		if r2.Position[1] < 400 {
			r2.Position[1] += 30 * dt
		}
		r2.Update(dt)
		if c2.Under() {
			t.Fatalf("frame %d: Under on a wall standing on the floor", i)
		}
		for k := 0; k < c2.NumLimbs(); k++ {
			if c2.Limb(k).Under {
				t.Fatalf("frame %d: limb %d holds an underside on a wall standing on the floor", i, k)
			}
		}
	}
}

// Back along the underside to its edge, LeaveUnder, and up the face it
// came down: the hands go from the underside's edge onto the face, the
// feet take the face again, facing right and left at 30, 60 and 144 TPS,
// with no bone more than 0.5 px in the block, no NaN and no joint pop over
// 15 deg/frame at 60 TPS.
func TestClimberLeavesUndersideUpTheFace(t *testing.T) {
	for _, facing := range []Facing{FacingRight, FacingLeft} {
		for _, tps := range []int{30, 60, 144} {
			res := runUnder(t, facing, tps, true)
			t.Logf("facing %d, %3d TPS: left the underside %v, climbed %.0f px, Under %v, penetration %.3f px (bone %d frame %d), pop %.2f deg/frame",
				facing, tps, res.left, res.climbed, res.under, res.pen, res.worstBone, res.worstPen, res.pop)
			if !res.left || res.climbed < 90 || res.under {
				t.Errorf("facing %d, %d TPS: LeaveUnder %v, climbed %.0f px, Under %v at the end; want true, 90, false", facing, tps, res.left, res.climbed, res.under)
			}
			if res.nan {
				t.Errorf("facing %d, %d TPS: NaN", facing, tps)
			}
			if res.pen > 0.5 {
				t.Errorf("facing %d, %d TPS: a bone %.3f px in the block, want <= 0.5", facing, tps, res.pen)
			}
			if bound := 15 * 60 / float64(tps); res.pop > bound {
				t.Errorf("facing %d, %d TPS: joint pop %.2f deg/frame, want <= %.2f", facing, tps, res.pop, bound)
			}
		}
	}
}

// At the far end of the underside with the chest only 12 px past its far
// edge (the hands' holds behind it) LeaveUnder refuses, every frame it is
// asked for a second, facing right and left, at 30/60/144 TPS: going round
// the far corner (TestClimberGoesRoundTheFarBottomCorner) waits for the
// chest to be Distance-2 px past the far face. (A new user's trial: it
// returned true there and the body rose through the block and slid back
// to the face it came down.) The climber holds (Holding) 100 px along the
// underside, and 80 px past its end (beyond the far edge's rays) it does
// not.
func TestClimberRefusesToLeaveAtTheFarEnd(t *testing.T) {
	for _, facing := range []Facing{FacingRight, FacingLeft} {
		for _, tps := range []int{30, 60, 144} {
			g, _ := underBlock()
			r, c, fwd := newUnderClimber(t, g, facing)
			dt := 1 / float64(tps)
			stage, stageT, travelled, asked, left := 0, 0.0, 0.0, 0, 0
			far := ubRight - ubLeft + DefaultClimbDistance + 12
			for f := 0; f < 30*tps && stage < 5; f++ {
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
					c.Speed = 40
					r.Position[0] += fwd * 40 * dt
					if travelled < 100 && travelled+40*dt >= 100 && !c.Holding() {
						t.Errorf("facing %d, %d TPS: not Holding 100 px along the underside", facing, tps)
					}
					if travelled += 40 * dt; travelled >= far {
						stage, stageT, c.Speed = 3, 0, 0
					}
				case 3:
					asked++
					if c.LeaveUnder() {
						left++
					}
					if stageT > 1 {
						stage, stageT = 4, 0
					}
				case 4: // on past the end: the hands let go
					c.Speed = 40
					r.Position[0] += fwd * 40 * dt
					if stageT > 2 {
						stage = 5
					}
				}
				r.Update(dt)
			}
			if c.Holding() {
				t.Errorf("facing %d, %d TPS: still Holding 80 px past the underside's far end", facing, tps)
			}
			t.Logf("facing %d, %3d TPS: %.0f px along, LeaveUnder true %d times of %d", facing, tps, travelled, left, asked)
			if stage < 5 || left > 0 {
				t.Errorf("facing %d, %d TPS: stage %d, LeaveUnder true %d times of %d at the far end, want 0", facing, tps, stage, left, asked)
			}
		}
	}
}
