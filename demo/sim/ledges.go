package sim

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim"
	"github.com/ikanim/kit/ikanim/quality"
	"github.com/ikanim/kit/terrain"
)

// LedgeBlock is one block of the ledges scene: its top edge (the corner
// the hands grip) at Edge, Height px above the floor, its face leaning
// back by Lean degrees (its foot Height*tan(Lean) nearer the walker than
// the edge), Width px along the top.
type LedgeBlock struct {
	Edge          mgl64.Vec2
	Height, Width float64
	Lean          float64
}

// FaceFoot returns the x of the face's foot on the floor.
func (b LedgeBlock) FaceFoot() float64 {
	return b.Edge[0] - b.Height*math.Tan(b.Lean*math.Pi/180)
}

// The ledges scene's floor and blocks: a vertical face, then faces leaning
// back 12 and 24 degrees (the Mantler measures the face under each edge).
const (
	LedgesFloorY  = 560.0
	ledgesWidth   = 1280.0
	ledgesHeight  = 720.0
	ledgesStartX  = 110.0
	ledgesEndX    = 1200.0
	ledgesSpeed   = 50.0 // px/s walking
	ledgesStandOf = 22.0 // px from the face's foot the walker stops to mantle
)

// LedgeBlocks are the ledges scene's blocks, left to right.
var LedgeBlocks = []LedgeBlock{
	{Edge: mgl64.Vec2{330, LedgesFloorY - 60}, Height: 60, Width: 130, Lean: 0},
	{Edge: mgl64.Vec2{640, LedgesFloorY - 90}, Height: 90, Width: 130, Lean: 12},
	{Edge: mgl64.Vec2{960, LedgesFloorY - 90}, Height: 90, Width: 130, Lean: 24},
}

// LedgesMode is the walker's part of the ledges scene.
type LedgesMode int

const (
	LedgesWalk   LedgesMode = iota // walking (on the floor or a top, or falling off one)
	LedgesMantle                   // mantling onto a block
)

func (m LedgesMode) String() string { return [...]string{"walk", "mantle"}[m] }

// Ledges is the ledges scene: a walker (WalkCycle, Grounder, GroundFollower)
// walks along a floor with blocks on it, stops in front of each, mantles
// onto it (a Mantler with Ground set: from standing, the face under the
// edge measured), walks along its top and off its far side (the follower
// falls and lands with a crouch), and starts over at the end.
type Ledges struct {
	World    *terrain.World
	Rig      *ikanim.Rig
	Cycle    *ikanim.WalkCycle
	Grounder *ikanim.Grounder
	Follower *ikanim.GroundFollower
	Mantler  *ikanim.Mantler
	Scarf    *ikanim.SpringBones
	// Width and Height are the level's size, px.
	Width, Height float64

	mode    LedgesMode
	modeT   float64
	next    int // the next block to mantle onto
	mantles int
	speed   float64

	meter  quality.Meter
	pops   []quality.AngleDelta
	bend   [4]quality.Bend
	limbs  [4]limb
	solids quality.Solids
	pen    [2]float64 // deepest bone point in a solid, per mode
	penAt  [2]int     // its bone
}

// NewLedges builds the ledges scene.
func NewLedges(art Art) (*Ledges, error) {
	src := fmt.Sprintf(`{"name": "ledges", "width": %g, "height": %g, "entries": [
	{"kind": "polyline", "points": [[0, %g], [%g, %g]], "bottom": %g, "tags": ["ground"]}`, ledgesWidth, ledgesHeight, LedgesFloorY, ledgesWidth, LedgesFloorY, ledgesHeight)
	for _, b := range LedgeBlocks {
		top, x1 := b.Edge[1], b.Edge[0]+b.Width
		src += fmt.Sprintf(`,
	{"kind": "polygon", "points": [[%g, %g], [%g, %g], [%g, %g], [%g, %g]], "tags": ["ground"]}`,
			b.FaceFoot(), LedgesFloorY, b.Edge[0], top, x1, top, x1, LedgesFloorY)
	}
	src += "\n]}"
	lv, err := terrain.ParseLevel([]byte(src))
	if err != nil {
		return nil, err
	}
	world, err := lv.Build()
	if err != nil {
		return nil, err
	}
	def, err := art.scarfBipedDef()
	if err != nil {
		return nil, err
	}
	s := &Ledges{World: world, Cycle: &ikanim.WalkCycle{}, Width: lv.Width, Height: lv.Height}
	if s.Rig, err = ikanim.NewRig(def); err != nil {
		return nil, err
	}
	r := s.Rig
	if s.Grounder, err = ikanim.NewGrounder(r, world, ikanim.BipedGrounderLegs()...); err != nil {
		return nil, err
	}
	if s.Follower, err = ikanim.NewGroundFollower(r, world); err != nil {
		return nil, err
	}
	if s.Mantler, err = ikanim.NewBipedMantler(r); err != nil {
		return nil, err
	}
	s.Mantler.Ground = world // the floor, and the face under each edge
	r.Source = s.Cycle
	// Room for every mode's controllers, so switching never allocates.
	r.Add(s.Follower, s.Mantler, s.Grounder)
	r.Remove(s.Mantler)
	if s.Scarf, err = addScarf(r, world); err != nil {
		return nil, err
	}
	r.Teleport(mgl64.Vec2{ledgesStartX, LedgesFloorY})
	s.solids = worldSolids(world)
	s.pops = make([]quality.AngleDelta, bipedBones) // the scarf's springs are not joints
	s.limbs = [4]limb{bipedArmNear(def), bipedArmFar(def), bipedLegNear(def), bipedLegFar(def)}
	return s, nil
}

// Mode returns the walker's mode and how long it has been in it, s.
func (s *Ledges) Mode() (LedgesMode, float64) { return s.mode, s.modeT }

// Mantles returns how many mantles have started.
func (s *Ledges) Mantles() int { return s.mantles }

// LimbPenetration returns the deepest point of any bone of the walker
// inside the level's solids in mode m, px (every bone segment sampled every
// 1 px).
func (s *Ledges) LimbPenetration(m LedgesMode) float64 { return s.pen[m] }

func (s *Ledges) setMode(m LedgesMode) {
	s.mode, s.modeT = m, 0
	for i := range s.bend {
		s.bend[i].Reset()
	}
}

// Step advances the scene by dt and measures the frame.
func (s *Ledges) Step(dt float64) {
	s.Advance(dt)
	s.measure()
}

// Advance runs the walker's script for dt without measuring.
func (s *Ledges) Advance(dt float64) {
	r := s.Rig
	s.modeT += dt
	switch s.mode {
	case LedgesWalk:
		goal := ledgesEndX
		if s.next < len(LedgeBlocks) {
			goal = LedgeBlocks[s.next].FaceFoot() - ledgesStandOf
		}
		if s.next < len(LedgeBlocks) && r.Position[0] >= goal-0.5 && !s.Follower.Falling() {
			// In front of the block: mantle onto it.
			b := LedgeBlocks[s.next]
			r.Teleport(mgl64.Vec2{goal, r.Position[1]})
			r.Remove(s.Follower)
			r.Remove(s.Grounder)
			r.Add(s.Mantler)
			s.Mantler.Edge = b.Edge
			s.Mantler.Start()
			s.next++
			s.mantles++
			s.speed = 0
			s.setMode(LedgesMantle)
			break
		}
		if s.next >= len(LedgeBlocks) && r.Position[0] >= ledgesEndX-0.5 {
			s.restart()
			break
		}
		// Ease into the walk, slow down to a stop at the goal.
		want := ledgesSpeed * math.Max(0, math.Min(1, s.modeT-0.5))
		want = math.Min(want, 3*(goal-r.Position[0]))
		s.speed = math.Max(0, want)
		r.Position[0] = math.Min(goal, r.Position[0]+s.speed*dt)
	case LedgesMantle:
		if s.Mantler.Done() {
			r.Remove(s.Mantler)
			s.Follower.Reset()
			r.Add(s.Follower, s.Grounder)
			s.setMode(LedgesWalk)
		}
	}
	r.Update(dt)
}

// restart puts the walker back at the start: a teleport, so the joint pop
// trackers start over.
func (s *Ledges) restart() {
	s.Rig.Teleport(mgl64.Vec2{ledgesStartX, LedgesFloorY})
	s.Follower.Reset()
	s.next, s.speed = 0, 0
	s.setMode(LedgesWalk)
	resetPops(s.pops)
}

// measure: joint pop of every bone, knee and elbow bend flips, NaN, and the
// deepest point of any bone inside the level's solids.
func (s *Ledges) measure() {
	r, m := s.Rig, &s.meter
	m.Frame()
	rigFinite(m, r)
	jointPops(m, r, s.pops)
	for i, l := range s.limbs {
		l.trackBend(m, r, &s.bend[i])
	}
	for i := 0; i < bipedBones; i++ {
		a, b := r.Joint(i)
		if d := s.solids.SegmentDepth(a, b, 1); d > s.pen[s.mode] {
			s.pen[s.mode], s.penAt[s.mode] = d, i
		}
	}
}

// Flush implements Scene (nothing is held over).
func (s *Ledges) Flush() {}

// Meter implements Scene.
func (s *Ledges) Meter() *quality.Meter { return &s.meter }

// Extra implements Scene.
func (s *Ledges) Extra() map[string]float64 {
	return map[string]float64{
		"mantles":                 float64(s.mantles),
		"limb_penetration_max_px": max(s.pen[0], s.pen[1]),
		"mantle_penetration_px":   s.pen[LedgesMantle],
	}
}

// Focus implements Scene: the walker's chest.
func (s *Ledges) Focus() mgl64.Vec2 {
	return s.Rig.ToWorld(mgl64.Vec2{0, -ikanim.BipedHipHeight(ikanim.BipedSizes{})}.Add(s.Rig.BodyOffset))
}
