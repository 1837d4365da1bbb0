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
	underAlong            = 110.0 // px along the underside
	underRest             = 0.6   // s hanging at the end before going back
	underUp               = 70.0  // px up the face before starting over
)

// UnderStage is the under-climber's part of its run.
type UnderStage int

const (
	UnderDown   UnderStage = iota // climbing down the block's face
	UnderSettle                   // hanging from the bottom edge while the body comes down
	UnderAlong                    // hand over hand along the underside
	UnderRest                     // hanging still at the end
	UnderBack                     // back along the underside to its edge
	UnderUp                       // up the face again (Climber.LeaveUnder)
)

func (u UnderStage) String() string {
	return [...]string{"down", "settle", "along", "rest", "back", "up"}[u]
}

// under is the climb scene's second climber: it climbs down a side of the
// floating block, round its bottom outer corner and along its underside
// hanging by its hands, back along it, up the face again, then starts over
// on the other side facing the other way (Climber.Under, LeaveUnder).
type under struct {
	Rig     *ikanim.Rig
	Climber *ikanim.Climber
	stage   UnderStage
	stageT  float64
	along   float64 // px along the underside this run
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

// start puts the climber on the block's face, its hands 30 px below the
// top (engaging from standing 10 px below it, the arms' arc swept 24 px
// over the top into the block), the left face facing right on even runs
// and the right face facing left on odd ones.
func (u *under) start() {
	r := u.Rig
	if u.runs > 0 {
		u.Climber.Release() // its body offset off the rig
	}
	r.Remove(u.Climber)
	x, f := BlockLeft-ikanim.DefaultClimbDistance, ikanim.FacingRight
	if u.runs%2 == 1 {
		x, f = BlockRight+ikanim.DefaultClimbDistance, ikanim.FacingLeft
	}
	r.Facing = f
	r.Teleport(mgl64.Vec2{x, BlockTop + 146})
	for _, l := range climbLimbs {
		r.Limb(l).SetWeightNow(0)
	}
	// The climber joins after a frame in the standing pose: its limbs
	// engage from where they are, and the last run's raised arms,
	// mirrored, started the next run 24 px in the block.
	u.pending = true
	u.stage, u.stageT, u.along = UnderDown, 0, 0
	resetPops(u.pops)
	u.runs++
}

// advance runs the under-climber's script for dt (as a game drives it:
// down until Under, still until BodyLag is under 1 px, along forward) and
// its rig's Update.
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
		// Eased in and out over the first and last 20 px.
		v := underSpeed * math.Min(1, math.Min(u.stageT/0.5, math.Max(0.15, (underAlong-u.along)/20)))
		c.Speed = v
		r.Position = r.Position.Add(r.Forward().Mul(v * dt))
		u.along += v * dt
		if u.along >= underAlong {
			u.stage, u.stageT, c.Speed = UnderRest, 0, 0
		}
	case UnderRest:
		if u.stageT > underRest {
			u.stage, u.stageT = UnderBack, 0
		}
	case UnderBack:
		v := underSpeed * math.Min(1, math.Min(u.stageT/0.5, math.Max(0.15, u.along/20)))
		c.Speed = -v
		r.Position = r.Position.Sub(r.Forward().Mul(v * dt))
		u.along -= v * dt
		if u.along <= 0 {
			c.Speed = 0
			if c.LeaveUnder() { // the chest is out from under the block
				u.stage, u.stageT = UnderUp, 0
			}
		}
	case UnderUp:
		v := underSpeed * math.Min(1, u.stageT/0.5)
		c.Speed = v
		r.Position[1] -= v * dt
		u.along += v * dt
		if u.along >= underUp {
			u.start()
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
