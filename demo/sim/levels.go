package sim

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/assets/levels"
	"github.com/ikanim/kit/ikanim"
	"github.com/ikanim/kit/ikanim/creature"
	"github.com/ikanim/kit/ikanim/quality"
	"github.com/ikanim/kit/terrain"
	"github.com/ikanim/kit/terrain/ldtk"
	"github.com/ikanim/kit/terrain/tiled"
)

// The levels scene's maps, by index in Levels.Maps.
const (
	LevelsTiled = iota // meadow.tmx, a Tiled map
	LevelsLDtk         // quarry.ldtk, an LDtk project's level "Quarry"
)

// Levels scene tunables.
const (
	LevelsSpeed = 60.0 // px/s, the humanoid's walk
	// LevelsShow is how long the scene shows each map before the other
	// when the player has not picked one, s.
	LevelsShow = 12.0
	// levelsSpiderLift is how far above its spawn marker (on the ground)
	// a spider's body starts, px.
	levelsSpiderLift = 26.0
)

// Levels is the levels scene: two maps made in level editors, loaded with
// terrain/tiled and terrain/ldtk from assets/levels, each with a humanoid
// (walk cycle, ground follower, heel-and-toe grounder, scarf) and a spider
// (with antennae) placed at the maps' own markers and walking the patrol
// line the map draws. Both maps run at once; the view shows one (Active)
// and the player steers its humanoid. Left alone, it shows each map for
// LevelsShow seconds in turn.
type Levels struct {
	Maps [2]*LevelMap
	// Active is the map shown.
	Active int

	time    float64
	picked  bool // the player picked the map: no more turns
	manual  float64
	steered bool
	meter   quality.Meter
}

// LevelMap is one map of the levels scene with its characters.
type LevelMap struct {
	// Name says which editor made it and which file it is.
	Name string
	// World is the map's collision world, Width and Height its size, px.
	World         *terrain.World
	Width, Height float64
	// Hero is the humanoid with its controllers; Spider the creature.
	Hero     *ikanim.Rig
	Cycle    *ikanim.WalkCycle
	Grounder *ikanim.Grounder
	Follower *ikanim.GroundFollower
	Scarf    *ikanim.SpringBones
	Spider   *creature.Creature
	Antennae *Antennae
	// Patrol is the line the map draws for them to walk: its two ends.
	Patrol [2]mgl64.Vec2

	dir    float64
	turned bool
	stance [2]quality.Stance
	bend   [2]quality.Bend
	body   quality.Delta
	pops   []quality.AngleDelta
	legs   [2]limb
	spider legTrack
	gapMax float64 // this map's largest contact gap, px
}

// NewLevels builds the levels scene.
func NewLevels(art Art) (*Levels, error) {
	s := &Levels{}
	kinds, err := creatureKinds(art)
	if err != nil {
		return nil, err
	}

	// The Tiled map: markers are objects named hero, spider and patrol.
	m, err := tiled.Load(levels.FS(), "meadow.tmx", nil)
	if err != nil {
		return nil, err
	}
	hero, spider, patrol := m.Object("hero"), m.Object("spider"), m.Object("patrol")
	if hero == nil || spider == nil || patrol == nil || len(patrol.Points) < 2 {
		return nil, fmt.Errorf("meadow.tmx: want the markers hero, spider and patrol (a polyline)")
	}
	tm := &LevelMap{Name: "Tiled map meadow.tmx", World: m.World, Width: m.Width, Height: m.Height}
	if err := tm.populate(art, kinds[0], hero.Pos, spider.Pos, patrol.Points); err != nil {
		return nil, fmt.Errorf("meadow.tmx: %w", err)
	}

	// The LDtk level: entities Player, Spider and Patrol (its "ends").
	p, err := ldtk.Load(levels.FS(), "quarry.ldtk")
	if err != nil {
		return nil, err
	}
	lv, err := p.Level("Quarry", nil)
	if err != nil {
		return nil, err
	}
	player, sp, pe := lv.Entity("Player"), lv.Entity("Spider"), lv.Entity("Patrol")
	if player == nil || sp == nil || pe == nil || len(pe.Points("ends")) < 2 {
		return nil, fmt.Errorf("quarry.ldtk: want the entities Player, Spider and Patrol (with two ends)")
	}
	lm := &LevelMap{Name: "LDtk level Quarry (quarry.ldtk)", World: lv.World, Width: lv.Width, Height: lv.Height}
	if err := lm.populate(art, kinds[0], player.Pos, sp.Pos, pe.Points("ends")); err != nil {
		return nil, fmt.Errorf("quarry.ldtk: %w", err)
	}

	s.Maps = [2]*LevelMap{tm, lm}
	s.meter.Creatures = 2
	return s, nil
}

// populate places the map's humanoid at hero and its spider at spider (both
// points on the ground), to walk between the patrol line's ends.
func (l *LevelMap) populate(art Art, spiderDef *creature.Def, hero, spider mgl64.Vec2, patrol []mgl64.Vec2) error {
	a, b := patrol[0], patrol[len(patrol)-1]
	if a[0] > b[0] {
		a, b = b, a
	}
	l.Patrol, l.dir = [2]mgl64.Vec2{a, b}, 1

	def, err := art.scarfBipedDef()
	if err != nil {
		return err
	}
	if l.Hero, err = ikanim.NewRig(def); err != nil {
		return err
	}
	r := l.Hero
	l.Cycle = &ikanim.WalkCycle{}
	if l.Grounder, err = ikanim.NewGrounder(r, l.World, ikanim.BipedGrounderLegs()...); err != nil {
		return err
	}
	g := l.Grounder
	g.BodySpeed, g.BodyMaxSpeed = walkBodySpeed, walkBodyMax
	g.MaxStep = walkMaxStep
	if l.Follower, err = ikanim.NewGroundFollower(r, l.World); err != nil {
		return err
	}
	l.Follower.Probe = walkProbe
	r.Source = l.Cycle
	r.Add(l.Follower, g)
	if l.Scarf, err = addScarf(r, l.World); err != nil {
		return err
	}
	r.Teleport(hero)
	l.pops = make([]quality.AngleDelta, bipedBones)
	l.legs = [2]limb{bipedLegFar(def), bipedLegNear(def)}

	at := spider.Sub(mgl64.Vec2{0, levelsSpiderLift})
	if l.Spider, err = creature.New(spiderDef, at, l.World); err != nil {
		return err
	}
	l.Spider.Place(at, mgl64.Vec2{0, -1})
	lift := mgl64.Vec2{0, -levelsSpiderLift}
	l.Spider.SetPath([]mgl64.Vec2{b.Add(lift), a.Add(lift)}, true)
	l.Antennae, err = newAntennae(l.Spider, l.World)
	return err
}

// Steer is the player's input for this frame: the active map's humanoid
// walks left (-1) or right (+1), or waits (0) and walks by itself again
// after a while.
func (s *Levels) Steer(dir float64) {
	if dir == 0 {
		return
	}
	s.manual, s.steered = manualWait, true
	l := s.Maps[s.Active]
	if d := math.Copysign(1, dir); d != l.dir {
		l.dir, l.turned = d, true
	}
}

// Pick shows map i (LevelsTiled or LevelsLDtk) from now on.
func (s *Levels) Pick(i int) { s.Active, s.picked = i, true }

// Manual reports whether the player steers.
func (s *Levels) Manual() bool { return s.manual > 0 }

// Step advances both maps by dt and measures them.
func (s *Levels) Step(dt float64) {
	s.Advance(dt)
	s.meter.Frame()
	for _, l := range s.Maps {
		l.measure(&s.meter)
	}
}

// Advance moves both maps' characters by dt without measuring.
func (s *Levels) Advance(dt float64) {
	s.time += dt
	if !s.picked {
		s.Active = int(s.time/LevelsShow) % 2
	}
	waiting := s.manual > 0 && !s.steered
	if waiting {
		s.manual -= dt
	}
	s.steered = false
	for i, l := range s.Maps {
		l.advance(dt, waiting && i == s.Active, s.manual > 0 && i == s.Active)
	}
}

// advance walks the humanoid along the patrol line (turning at its ends,
// unless the player steers) and updates the spider.
func (l *LevelMap) advance(dt float64, wait, steering bool) {
	r := l.Hero
	speed := LevelsSpeed
	if wait {
		speed = 0
	}
	x := r.Position[0] + l.dir*speed*dt
	lo, hi := l.Patrol[0][0], l.Patrol[1][0]
	if (l.dir > 0 && x >= hi) || (l.dir < 0 && x <= lo) {
		if steering {
			x = math.Max(lo, math.Min(hi, x))
		} else {
			l.dir, l.turned = -l.dir, true
		}
	}
	r.Position[0] = x
	r.Facing = ikanim.FacingRight
	if l.dir < 0 {
		r.Facing = ikanim.FacingLeft
	}
	r.Update(dt)
	l.Spider.Update(dt)
	l.Antennae.Update(dt)
}

// measure feeds m with the humanoid's frame (as the walk scene measures:
// the planted soles' gap by rays of the meter's own, slip, body pop, joint
// pop over the biped's bones, knee flips, NaN) and the spider's (slip,
// gap, knees).
func (l *LevelMap) measure(m *quality.Meter) {
	r := l.Hero
	if l.turned {
		l.turned = false
		for i := range l.bend {
			l.bend[i].Reset()
			l.stance[i].Flush(m)
		}
		resetPops(l.pops)
	}
	rigFinite(m, r)
	jointPops(m, r, l.pops)
	m.BodyPop(l.body.Step(r.BodyOffset[1]))
	for i, lg := range l.legs {
		lg.trackBend(m, r, &l.bend[i])
		planted := l.Cycle.Planted(1-i, r.Time) && l.Cycle.Amount() > 0
		gap, ok := soleGap(l.World, r, lg[2], l.Grounder.LegDef(i))
		if planted && ok {
			m.Contact(gap)
			l.gapMax = math.Max(l.gapMax, gap)
		}
		ankle, _ := r.Joint(lg[2])
		l.stance[i].Track(m, planted && ok, ankle)
	}
	l.spider.measure(m, l.World, l.Spider, true, true)
}

// Flush implements Scene: the stances still in progress.
func (s *Levels) Flush() {
	for _, l := range s.Maps {
		for i := range l.stance {
			l.stance[i].Flush(&s.meter)
		}
		l.spider.flush(&s.meter)
	}
}

// Meter implements Scene: both maps' figures.
func (s *Levels) Meter() *quality.Meter { return &s.meter }

// Extra implements Scene: each map's largest humanoid contact gap.
func (s *Levels) Extra() map[string]float64 {
	return map[string]float64{
		"tiled_contact_gap_max_px": s.Maps[LevelsTiled].gapMax,
		"ldtk_contact_gap_max_px":  s.Maps[LevelsLDtk].gapMax,
	}
}

// Focus implements Scene: the active map's humanoid.
func (s *Levels) Focus() mgl64.Vec2 {
	return s.Maps[s.Active].Hero.Position.Sub(mgl64.Vec2{0, 40})
}
