package sim

import (
	"math"
	"sort"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/solarlune/resolv"

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
	limbs *limbMeter
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
	s.limbs = newLimbMeter(w, kinds[:])
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
// planted foot of every creature, and their limb figures (limbMeter).
func (s *Spiders) measure() {
	s.meter.Frame()
	for i, c := range s.Creatures {
		s.legs[i].measure(&s.meter, s.World, c, true, true)
		s.limbs.measure(c, true)
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

// Extra implements Scene: the limb figures (limbMeter): limb penetration,
// leg crossings, falls and stuck (arrived is left out: the creatures loop
// on their paths), and the squid's tentacle figures.
func (s *Spiders) Extra() map[string]float64 {
	return s.limbs.tent.Report(s.limbs.limbs.Report(nil))
}

// Focus implements Scene: ahead of the player's spider once the player
// steers it; before that, ahead of the creature FocusIndex names, each
// creature in turn for spidersFocusPeriod seconds, so a following camera
// shows every kind on its way round the level.
func (s *Spiders) Focus() mgl64.Vec2 {
	c := s.Creatures[s.FocusIndex()]
	return c.Position().Add(c.Velocity().Mul(spidersLookAhead))
}

// FocusIndex returns the creature Focus follows: the player's spider while
// the player steers it, otherwise creature k for the k-th period of
// spidersFocusPeriod seconds of the scene's time, round the cast.
func (s *Spiders) FocusIndex() int {
	if s.Manual() {
		return 0
	}
	return int(s.time/spidersFocusPeriod) % len(s.Creatures)
}

// spidersFocusPeriod is how long, seconds, Focus follows one creature when
// nobody steers.
const spidersFocusPeriod = 8.0

// limbStep is the sampling step, px, of the limb penetration figure.
const limbStep = 1.0

// limbMeter measures the limb figures of QUALITY.md (quality.Limbs) of
// creatures against its own copy of a world's solids (quality.Solids built
// from the shapes' geometry, not the raycast the creatures walk with):
//
//   - limb_penetration_max_px: every segment of every leg (TentacleJoints)
//     sampled every limbStep px, and the body centre;
//   - leg_crossings: creature frames in which two legs of one side,
//     neighbours by Home.X, are crossed (quality.LegsCrossed along Right());
//   - falls: creature frames with the body farther from every surface than
//     any of its feet reaches (a hip's offset plus its leg's length);
//   - stuck_s_max: the longest Creature.Stalled, the creature's own time
//     without 1 px of progress toward its path point or SetMove direction;
//   - for creatures on tentacles (legs of more than 3 segments), the
//     tentacle figures of quality.Tentacles: tentacle_loops,
//     tentacle_crossings (any two tentacles of the creature),
//     tentacle_rise_max_px, tentacle_planted_rise_max_px,
//     tentacle_rise_frames, tentacle_joint_pop_max_deg and
//     tentacle_pop_frames.
//
// measure does not allocate after a creature's first frame.
type limbMeter struct {
	solids quality.Solids
	limbs  quality.Limbs
	tent   quality.Tentacles
	joints []mgl64.Vec2
	kinds  []limbKind
	// angles are the tentacle joint angles of each tentacle creature, for
	// the joint pop; tjs its tentacles' joints of this frame.
	angles map[*creature.Creature][]quality.JointAngles
	tjs    [creature.MaxLegs][creature.MaxSegments + 1]mgl64.Vec2
}

// limbKind is what limbMeter precomputes per creature kind.
type limbKind struct {
	def       *creature.Def
	pairs     [][2]int
	reach     float64
	tentacled bool // legs of more than 3 segments
}

// worldSolids copies the solids of w (every shape but triggers, as
// transformed now) into a quality.Solids: the meters' own geometry, not the
// raycast the characters walk with.
func worldSolids(w *terrain.World) quality.Solids {
	var s quality.Solids
	var pts []mgl64.Vec2
	w.Space().ForEachShape(func(sh resolv.IShape, _, _ int) bool {
		if sh.Tags().Has(terrain.TagTrigger) {
			return true
		}
		switch c := sh.(type) {
		case *resolv.ConvexPolygon:
			pts = pts[:0]
			for _, v := range c.Transformed() {
				pts = append(pts, mgl64.Vec2{v.X, v.Y})
			}
			s.AddPolygon(pts)
		case *resolv.Circle:
			p := c.Position()
			s.AddCircle(mgl64.Vec2{p.X, p.Y}, c.Radius())
		}
		return true
	})
	s.Build()
	return s
}

// newLimbMeter copies the solids of w (every shape but triggers) and
// prepares the kinds.
func newLimbMeter(w *terrain.World, kinds []*creature.Def) *limbMeter {
	m := &limbMeter{joints: make([]mgl64.Vec2, 0, creature.MaxSegments+1), angles: map[*creature.Creature][]quality.JointAngles{}}
	m.solids = worldSolids(w)
	for _, d := range kinds {
		k := limbKind{def: d}
		for _, far := range []bool{false, true} {
			var side []int
			for i, l := range d.Legs {
				if l.Far == far {
					side = append(side, i)
				}
			}
			sort.Slice(side, func(a, b int) bool { return d.Legs[side[a]].Home[0] > d.Legs[side[b]].Home[0] })
			for j := 1; j < len(side); j++ {
				k.pairs = append(k.pairs, [2]int{side[j-1], side[j]})
			}
		}
		for _, l := range d.Legs {
			k.tentacled = k.tentacled || len(l.Segments) > 3
			r := l.Hip.Len()
			for _, v := range l.Segments {
				r += v
			}
			k.reach = math.Max(k.reach, r)
		}
		m.kinds = append(m.kinds, k)
	}
	return m
}

// measure records one frame of creature c; with falls, its fall frames
// too.
func (m *limbMeter) measure(c *creature.Creature, falls bool) {
	var k *limbKind
	for i := range m.kinds {
		if m.kinds[i].def == c.Def() {
			k = &m.kinds[i]
		}
	}
	if k == nil {
		return
	}
	p := c.Position()
	pen := m.solids.Depth(p)
	for i := 0; i < c.NumLegs(); i++ {
		m.joints = c.TentacleJoints(i, m.joints)
		pen = math.Max(pen, m.solids.ChainDepth(m.joints, limbStep))
	}
	m.limbs.Penetration(pen)
	crossed := false
	var a, b [creature.MaxSegments + 1]mgl64.Vec2
	for _, pr := range k.pairs {
		ja := c.TentacleJoints(pr[0], a[:0])
		jb := c.TentacleJoints(pr[1], b[:0])
		if quality.LegsCrossed(ja, jb, c.Right()) {
			crossed = true
			break
		}
	}
	m.limbs.Crossing(crossed)
	if falls {
		m.limbs.Airborne(m.solids.Distance(p), k.reach, true)
	}
	m.limbs.Stuck(c.Stalled())
	if k.tentacled {
		m.tentacles(c)
	}
}

// tentacles records the tentacle figures of one frame of creature c.
func (m *limbMeter) tentacles(c *creature.Creature) {
	n := c.NumLegs()
	ang := m.angles[c]
	if ang == nil {
		ang = make([]quality.JointAngles, n)
		m.angles[c] = ang
	}
	up := c.Up()
	loop, crossed, rise, planted, pop := false, false, 0.0, 0.0, 0.0
	var js [creature.MaxLegs][]mgl64.Vec2
	for i := 0; i < n; i++ {
		js[i] = c.TentacleJoints(i, m.tjs[i][:0])
		loop = loop || quality.SelfCrossed(js[i])
		r := quality.Rise(js[i], up)
		rise = math.Max(rise, r)
		if c.Leg(i).Planted {
			planted = math.Max(planted, r)
		}
		pop = math.Max(pop, ang[i].Track(js[i], up))
		for j := 0; j < i && !crossed; j++ {
			crossed = quality.ChainsCross(js[i], js[j])
		}
	}
	m.tent.Frame(loop, crossed, rise, planted, pop)
}
