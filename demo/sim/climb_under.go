package sim

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim"
	"github.com/ikanim/kit/ikanim/quality"
)

// climb.json's floating block: 200 x 120 px, standing on nothing.
const (
	BlockLeft, BlockRight = 60.0, 260.0
	BlockTop, BlockBottom = 110.0, 230.0
	underSpeed            = 40.0  // px/s down the face and along the underside
	underRoundFrom        = 180.0 // px along the underside from which it asks to go round the far corner
	underRoundSpeed       = 20.0  // px/s on past the far edge until it goes round
	underUp               = 70.0  // px up the far face
	underRest             = 0.6   // s on the far face before climbing down it
)

// UnderStage is the under-climber's part of its run.
type UnderStage int

const (
	UnderDown   UnderStage = iota // climbing down the block's face
	UnderSettle                   // hanging from the bottom edge while the body comes down
	UnderAlong                    // hand over hand along the underside
	UnderRound                    // on past the far edge, asking to go round the far corner (LeaveUnder)
	UnderUp                       // up the far face, turned round
	UnderRest                     // still on the far face before climbing down it
)

func (u UnderStage) String() string {
	return [...]string{"down", "settle", "along", "round", "up", "rest"}[u]
}

// under is the climb scene's third climber: it goes round and round the
// floating block below its top: down a side, round its bottom outer corner,
// along its underside hanging by its hands, round the far bottom corner
// (turning round: Climber.LeaveUnder at the far end), up the far face,
// and down that face again for the next run, the other way (Climber.Under,
// LeaveUnder, Turns).
type under struct {
	Rig     *ikanim.Rig
	Climber *ikanim.Climber
	stage   UnderStage
	stageT  float64
	along   float64 // px along the underside (or up the far face) this run
	runs    int
	pending bool // the climber joins the rig on the next frame
	pops    []quality.AngleDelta
	pop     float64 // largest joint pop, degrees
	pen     float64 // deepest bone point in the level's solids, px
	nan     int
}

func newUnder(def *ikanim.RigDef, s *Climb) (*under, error) {
	u := &under{}
	var err error
	if u.Rig, err = ikanim.NewRig(def); err != nil {
		return nil, err
	}
	u.Rig.Source = &ikanim.WalkCycle{}
	if u.Climber, err = ikanim.NewBipedClimber(u.Rig, s.World); err != nil {
		return nil, err
	}
	u.pops = make([]quality.AngleDelta, bipedBones)
	u.start()
	return u, nil
}

// start puts the climber on the block's left face facing right, its hands
// 30 px below the top (engaging from standing 10 px below it, the arms'
// arc swept 24 px over the top into the block). It is called once: each
// later run starts on the face where the last one ended.
func (u *under) start() {
	r := u.Rig
	r.Facing = ikanim.FacingRight
	r.Teleport(mgl64.Vec2{BlockLeft - ikanim.DefaultClimbDistance, BlockTop + 146})
	for _, l := range climbLimbs {
		r.Limb(l).SetWeightNow(0)
	}
	// The climber joins after a frame in the standing pose: its limbs
	// engage from where they are.
	u.pending = true
	u.stage, u.stageT, u.along = UnderDown, 0, 0
	resetPops(u.pops)
	u.runs++
}

// advance runs the under-climber's script for dt (as a game drives it:
// down until Under, still until BodyLag is under 1 px, along forward, on
// past the far edge asking LeaveUnder every frame, up the far face) and its
// rig's Update.
func (u *under) advance(dt float64) {
	r, c := u.Rig, u.Climber
	u.stageT += dt
	if u.pending && u.stageT > dt {
		r.Add(c)
		u.pending = false
	}
	switch u.stage {
	case UnderDown:
		c.Speed = -underSpeed
		r.Position[1] += underSpeed * dt
		if c.Under() {
			u.stage, u.stageT, c.Speed = UnderSettle, 0, 0
		}
	case UnderSettle:
		if c.BodyLag() < 1 && u.stageT > 0.3 {
			u.stage, u.stageT = UnderAlong, 0
		}
	case UnderAlong:
		// Eased in over 0.5 s, and down to underRoundSpeed over the
		// last 20 px.
		v := underSpeed * math.Min(1, u.stageT/0.5)
		v = math.Min(v, math.Max(underRoundSpeed, underSpeed*(underRoundFrom-u.along)/20))
		c.Speed = v
		r.Position = r.Position.Add(r.Forward().Mul(v * dt))
		u.along += v * dt
		if u.along >= underRoundFrom {
			u.stage, u.stageT = UnderRound, 0
		}
	case UnderRound:
		if c.LeaveUnder() { // round the far corner: turned round
			u.stage, u.stageT, u.along, c.Speed = UnderUp, 0, 0, 0
			break
		}
		c.Speed = underRoundSpeed
		r.Position = r.Position.Add(r.Forward().Mul(underRoundSpeed * dt))
		u.along += underRoundSpeed * dt
	case UnderUp:
		v := underSpeed * math.Min(1, math.Min(u.stageT/0.5, math.Max(0.15, (underUp-u.along)/20)))
		c.Speed = v
		r.Position[1] -= v * dt
		u.along += v * dt
		if u.along >= underUp {
			u.stage, u.stageT, c.Speed = UnderRest, 0, 0
		}
	case UnderRest:
		if u.stageT > underRest {
			u.stage, u.stageT, u.along = UnderDown, 0, 0
			u.runs++
		}
	}
	r.Update(dt)
}

// measure: NaN, joint pop of every bone, the deepest bone point inside the
// level's solids.
func (u *under) measure(sol *quality.Solids) {
	r := u.Rig
	for i := 0; i < bipedBones; i++ {
		a, b := r.Joint(i)
		if !finite2(a) || !finite2(b) {
			u.nan++
		}
		u.pop = math.Max(u.pop, u.pops[i].Step(r.LocalAngle(i))*180/math.Pi)
		u.pen = math.Max(u.pen, sol.SegmentDepth(a, b, 1))
	}
}

func finite2(v mgl64.Vec2) bool {
	return !math.IsNaN(v[0]+v[1]) && !math.IsInf(v[0]+v[1], 0)
}

// UnderRig returns the under-climber's rig and climber.
func (s *Climb) UnderRig() (*ikanim.Rig, *ikanim.Climber) { return s.under.Rig, s.under.Climber }

// UnderStage returns the under-climber's stage, how long it has been in it
// and how many runs have started.
func (s *Climb) UnderStage() (UnderStage, float64, int) {
	return s.under.stage, s.under.stageT, s.under.runs
}
