package sim

import (
	"math"
	"math/rand/v2"
	"time"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/creature"
	"github.com/ikanim/kit/ikanim/quality"
	"github.com/ikanim/kit/terrain"
)

// Swarm scene tunables.
const (
	// SwarmDefaultCount is the number of creatures NewSwarm makes for a
	// count of 0.
	SwarmDefaultCount = 1000
	// swarmMeasureStride: each frame the contact gap of one creature in
	// swarmMeasureStride is measured with an extra ray per planted foot
	// (slip and NaN are tracked for every creature every frame).
	swarmMeasureStride = 8
	// swarmFallFrames: a creature with no foot planted or stepping for this
	// many frames in a row counts as one fall.
	swarmFallFrames = 15
	// swarmLostFrames: a creature falling this long is put back on a surface.
	swarmLostFrames = 180
	// swarmEdgeCooldown is the least time, s, between two turns of one
	// creature at an edge (it must walk back off the edge first).
	swarmEdgeCooldown = 0.75
)

// Swarm is the swarm scene on swarm.json (4000 x 3000): many creatures
// (8-legged spiders, 6- and 4-legged crawlers in turn), each walking one way
// along its surface and turning back at random (seeded) times, and where a
// foot ahead finds no foothold (an edge); a creature that leaves the level
// or falls for swarmLostFrames frames is put back on a surface.
type Swarm struct {
	World         *terrain.World
	Creatures     []*creature.Creature
	Width, Height float64
	// NoEdge makes the creatures walk off edges instead of turning back
	// there (to compare).
	NoEdge bool

	turnAt   []float64
	dir      []float64
	edgeAt   []float64 // time of each creature's last turn at an edge
	air      []int     // frames each creature has spent with no foot on a surface
	rng      *rand.Rand
	time     float64
	frame    int
	falls    int // creatures that lost every foothold for swarmFallFrames
	respawns int // creatures put back on a surface after leaving the level
	updateNs float64

	meter quality.Meter
	legs  []legTrack
}

// NewSwarm builds the swarm scene with count creatures (0: SwarmDefaultCount)
// placed by seed.
func NewSwarm(art Art, count int, seed uint64) (*Swarm, error) {
	w, width, height, err := level("swarm.json")
	if err != nil {
		return nil, err
	}
	kinds, err := creatureKinds(art)
	if err != nil {
		return nil, err
	}
	if count <= 0 {
		count = SwarmDefaultCount
	}
	s := &Swarm{World: w, Width: width, Height: height, rng: rand.New(rand.NewPCG(seed, 0x5a7a))}
	for len(s.Creatures) < count {
		d := kinds[len(s.Creatures)%3]
		c, err := creature.New(d, s.spawnPoint(d), w)
		if err != nil {
			return nil, err
		}
		s.Creatures = append(s.Creatures, c)
		s.dir = append(s.dir, float64(1-2*s.rng.IntN(2)))
		s.turnAt = append(s.turnAt, 2+s.rng.Float64()*8)
	}
	s.legs = make([]legTrack, count)
	s.air = make([]int, count)
	s.edgeAt = make([]float64, count)
	s.meter.Creatures = count
	return s, nil
}

// spawnPoint returns a body position for a creature of kind d standing on
// the first upward-facing surface below the top of the level at a random x.
func (s *Swarm) spawnPoint(d *creature.Def) mgl64.Vec2 {
	for {
		x := 40 + s.rng.Float64()*(s.Width-80)
		p, nrm, ok := s.World.Raycast(mgl64.Vec2{x, 1}, mgl64.Vec2{x, s.Height - 1})
		if ok && nrm[1] <= -0.5 {
			return p.Sub(mgl64.Vec2{0, d.BodyHeight()})
		}
	}
}

// Step advances the scene by dt and measures the frame.
func (s *Swarm) Step(dt float64) {
	s.Advance(dt)
	s.measure()
}

// Advance steers and updates every creature by dt (the creatures' updates
// are timed: UpdateNs), counts falls and puts lost creatures back, without
// measuring.
func (s *Swarm) Advance(dt float64) {
	s.time += dt
	s.frame++
	for i, c := range s.Creatures {
		if s.time >= s.turnAt[i] {
			s.dir[i] = -s.dir[i]
			s.turnAt[i] = s.time + 3 + s.rng.Float64()*9
		}
		if !s.NoEdge && s.time-s.edgeAt[i] >= swarmEdgeCooldown && atEdge(c, s.dir[i]) {
			s.dir[i] = -s.dir[i]
			s.edgeAt[i] = s.time
		}
		c.SetMove(s.dir[i])
	}
	start := time.Now()
	for _, c := range s.Creatures {
		c.Update(dt)
	}
	s.updateNs = float64(time.Since(start).Nanoseconds())
	s.countFalls()
}

// UpdateNs returns the wall time of the last frame's creature updates, ns.
func (s *Swarm) UpdateNs() float64 { return s.updateNs }

// Falls returns the falls and the respawns so far.
func (s *Swarm) Falls() (falls, respawns int) { return s.falls, s.respawns }

// countFalls counts the creatures that have had no foot on a surface for
// swarmFallFrames frames in a row, and puts every creature that left the
// level (or fell for swarmLostFrames) back on a surface.
func (s *Swarm) countFalls() {
	for i, c := range s.Creatures {
		if onSurface(c) {
			s.air[i] = 0
			continue
		}
		s.air[i]++
		if s.air[i] == swarmFallFrames {
			s.falls++
		}
		p := c.Position()
		if s.air[i] >= swarmLostFrames || p[0] < 0 || p[0] > s.Width || p[1] < 0 || p[1] > s.Height {
			c.Place(s.spawnPoint(c.Def()), mgl64.Vec2{0, -1})
			s.air[i] = 0
			s.respawns++
			// A teleport is not a slide: the feet start new stances.
			s.legs[i] = legTrack{}
		}
	}
}

// atEdge reports whether c, walking along dir*Right(), has a foot ahead of
// its body that found no foothold (an edge in front: the creature turns back
// rather than walk into the void). The gait leaves a foot dangling at its
// home when no foothold is within reach; a dangling foot behind the body
// (walking away from an edge) does not count.
func atEdge(c *creature.Creature, dir float64) bool {
	if dir == 0 {
		return false
	}
	ahead := c.Right().Mul(dir)
	p := c.Position()
	for i := 0; i < c.NumLegs(); i++ {
		l := c.Leg(i)
		if !l.Planted && !l.Stepping && l.Contact.Sub(p).Dot(ahead) > 0 {
			return true
		}
	}
	return false
}

// onSurface reports whether a foot of c is planted or stepping.
func onSurface(c *creature.Creature) bool {
	for i := 0; i < c.NumLegs(); i++ {
		if l := c.Leg(i); l.Planted || l.Stepping {
			return true
		}
	}
	return false
}

// measure tracks slip and NaN for every creature and the contact gap for
// one creature in swarmMeasureStride.
func (s *Swarm) measure() {
	s.meter.Frame()
	for i, c := range s.Creatures {
		s.legs[i].measure(&s.meter, s.World, c, i%swarmMeasureStride == s.frame%swarmMeasureStride, false)
	}
}

// Flush implements Scene: the stances still in progress.
func (s *Swarm) Flush() {
	for i := range s.legs {
		s.legs[i].flush(&s.meter)
	}
}

// Meter implements Scene.
func (s *Swarm) Meter() *quality.Meter { return &s.meter }

// Extra implements Scene: falls and respawns.
func (s *Swarm) Extra() map[string]float64 {
	return map[string]float64{
		"falls":                 float64(s.falls),
		"falls_per_1000_frames": float64(s.falls) * 1000 / math.Max(1, float64(s.frame)),
		"respawns":              float64(s.respawns),
	}
}

// Focus implements Scene: the first creature.
func (s *Swarm) Focus() mgl64.Vec2 { return s.Creatures[0].Position() }
