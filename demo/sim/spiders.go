package sim

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/creature"
	"github.com/ikanim/kit/ikanim/quality"
	"github.com/ikanim/kit/terrain"
)

// spidersLookAhead is how many seconds of the player's velocity the focus
// leads by.
const spidersLookAhead = 0.35

// spidersTurn is the period, s, of the player's spider's unattended walk:
// half of it right, half left.
const spidersTurn = 16.0

// Spiders is the spiders scene on spiders.json: an 8-legged spider the
// player steers (unattended, it walks right and left in turns), a spider
// that climbs the wall, one on the ceiling, a 6- and a 4-legged crawler and
// a tentacled creature, the others following their paths or a target the
// player drops.
type Spiders struct {
	World *terrain.World
	// Creatures are the creatures, the player's first; Names name them.
	Creatures []*creature.Creature
	Names     []string
	// Antennae are the spiders' feelers (nil for the other creatures).
	Antennae []*Antennae
	// Width and Height are the level's size, px.
	Width, Height float64

	paths     [][]mgl64.Vec2
	time      float64
	manual    float64 // seconds of the player's control left
	steered   bool    // Steer was given a direction since the last Advance
	dir       float64
	target    mgl64.Vec2
	hasTarget bool

	meter quality.Meter
	legs  []legTrack
}

// spidersCast places the scene's creatures.
var spidersCast = []struct {
	name    string
	kind    int // 0 spider, 1 crawler (6), 2 crawler (4), 3 squid
	pos, up mgl64.Vec2
	path    []mgl64.Vec2
}{
	{"player spider", 0, mgl64.Vec2{80, 570}, mgl64.Vec2{0, -1}, nil},
	{"wall spider", 0, mgl64.Vec2{760, 570}, mgl64.Vec2{0, -1}, []mgl64.Vec2{{870, 400}, {700, 570}}},
	{"ceiling spider", 0, mgl64.Vec2{760, 258}, mgl64.Vec2{0, 1}, []mgl64.Vec2{{620, 240}, {860, 258}}},
	{"crawler (6)", 1, mgl64.Vec2{260, 500}, mgl64.Vec2{0, -1}, []mgl64.Vec2{{120, 578}, {520, 530}}},
	{"crawler (4)", 2, mgl64.Vec2{1000, 580}, mgl64.Vec2{0, -1}, []mgl64.Vec2{{1240, 580}, {990, 580}}},
	{"squid", 3, mgl64.Vec2{1180, 560}, mgl64.Vec2{0, -1}, []mgl64.Vec2{{1230, 560}, {1000, 560}}},
}

// creatureKinds builds the scenes' creature definitions: an 8-legged spider,
// a 6- and a 4-legged crawler, a tentacled creature (4 x 10 segments).
func creatureKinds(art Art) ([4]*creature.Def, error) {
	var k [4]*creature.Def
	var err error
	if k[0], err = creature.NewSpiderDef(art.Spider); err != nil {
		return k, err
	}
	if k[1], err = creature.NewCrawlerDef(6, art.Crawler); err != nil {
		return k, err
	}
	if k[2], err = creature.NewCrawlerDef(4, art.Crawler); err != nil {
		return k, err
	}
	k[3], err = creature.NewTentacleDef(creature.TentacleDef{
		Name: "squid", Arms: 4, Segments: 10, SegmentLength: 8, Sprites: art.Tentacle,
	})
	return k, err
}

// NewSpiders builds the spiders scene.
func NewSpiders(art Art) (*Spiders, error) {
	w, width, height, err := level("spiders.json")
	if err != nil {
		return nil, err
	}
	kinds, err := creatureKinds(art)
	if err != nil {
		return nil, err
	}
	s := &Spiders{World: w, Width: width, Height: height}
	for _, a := range spidersCast {
		c, err := creature.New(kinds[a.kind], a.pos, w)
		if err != nil {
			return nil, err
		}
		c.Place(a.pos, a.up)
		if a.path != nil {
			c.SetPath(a.path, true)
		}
		s.Creatures = append(s.Creatures, c)
		var ant *Antennae
		if a.kind == 0 {
			if ant, err = newAntennae(c, w); err != nil {
				return nil, err
			}
		}
		s.Antennae = append(s.Antennae, ant)
		s.paths = append(s.paths, a.path)
		s.Names = append(s.Names, a.name)
	}
	s.legs = make([]legTrack, len(s.Creatures))
	s.meter.Creatures = len(s.Creatures)
	return s, nil
}

// Player returns the player's spider.
func (s *Spiders) Player() *creature.Creature { return s.Creatures[0] }

// Steer is the player's input for this frame: the player's spider walks
// along its surface at dir (-1..1, clockwise positive: right on a floor) of
// its speed. Left alone (dir 0) it stands, and walks by itself again
// after a while.
func (s *Spiders) Steer(dir float64) {
	if dir != 0 {
		s.manual, s.steered, s.dir = manualWait, true, dir
	}
}

// Manual reports whether the player steers the spider.
func (s *Spiders) Manual() bool { return s.manual > 0 }

// SetTarget sends every creature but the player's to p (world).
func (s *Spiders) SetTarget(p mgl64.Vec2) {
	s.target, s.hasTarget = p, true
	for _, c := range s.Creatures[1:] {
		c.SetTarget(p)
	}
}

// Target returns the dropped target, if there is one.
func (s *Spiders) Target() (mgl64.Vec2, bool) { return s.target, s.hasTarget }

// ClearTarget sends the creatures back to their paths.
func (s *Spiders) ClearTarget() {
	if !s.hasTarget {
		return
	}
	s.hasTarget = false
	for i, c := range s.Creatures[1:] {
		c.SetPath(s.paths[i+1], true)
	}
}

// Step advances the scene by dt and measures the frame.
func (s *Spiders) Step(dt float64) {
	s.Advance(dt)
	s.measure()
}

// Advance steers and updates every creature by dt, without measuring.
func (s *Spiders) Advance(dt float64) {
	s.time += dt
	switch {
	case s.steered:
		s.Player().SetMove(s.dir)
	case s.manual > 0:
		s.Player().SetMove(0) // waiting for the player
		s.manual -= dt
	case math.Mod(s.time, spidersTurn) < spidersTurn/2:
		s.Player().SetMove(1)
	default:
		s.Player().SetMove(-1)
	}
	s.steered = false
	if s.hasTarget {
		all := true
		for _, c := range s.Creatures[1:] {
			all = all && c.Arrived()
		}
		if all {
			s.ClearTarget()
		}
	}
	for i, c := range s.Creatures {
		c.Update(dt)
		if a := s.Antennae[i]; a != nil {
			a.Update(dt)
		}
	}
}

// measure records NaN, slip, knee bend flips and the contact gap of every
// planted foot of every creature.
func (s *Spiders) measure() {
	s.meter.Frame()
	for i, c := range s.Creatures {
		s.legs[i].measure(&s.meter, s.World, c, true, true)
	}
}

// Flush implements Scene: the stances still in progress.
func (s *Spiders) Flush() {
	for i := range s.legs {
		s.legs[i].flush(&s.meter)
	}
}

// Meter implements Scene.
func (s *Spiders) Meter() *quality.Meter { return &s.meter }

// Extra implements Scene: none.
func (s *Spiders) Extra() map[string]float64 { return nil }

// Focus implements Scene: ahead of the player's spider once the player
// steers it; before that, between the wall and the ceiling spiders, the
// scene's showcase.
func (s *Spiders) Focus() mgl64.Vec2 {
	if s.Manual() {
		p := s.Player()
		return p.Position().Add(p.Velocity().Mul(spidersLookAhead))
	}
	return s.Creatures[1].Position().Add(s.Creatures[2].Position()).Mul(0.5)
}
