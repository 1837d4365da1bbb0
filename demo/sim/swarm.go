package sim

import (
	"math"
	"math/rand/v2"
	"runtime"
	"time"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim"
	"github.com/ikanim/kit/ikanim/creature"
	"github.com/ikanim/kit/ikanim/quality"
	"github.com/ikanim/kit/terrain"
)

// Swarm scene tunables.
const (
	// SwarmDefaultCount is the number of creatures NewSwarm makes for a
	// count of 0.
	SwarmDefaultCount = 1000
	// swarmMetered: the slip of every stance is tracked for one creature in
	// ceil(count/swarmMetered), every frame (every creature at the default
	// count; one in 10 at 10,000).
	swarmMetered = 1000
	// swarmGapStride: each frame the contact gap of one tracked creature in
	// swarmGapStride is measured, in turn, with an extra ray per planted
	// foot (125 creatures a frame at the default count and at 10,000).
	swarmGapStride = 8
	// swarmLookPeriod is how often, s, the scene reads every creature's legs
	// (the creatures in turn, a share each frame; every frame at 30 TPS and
	// below): for a foot hanging ahead over an edge, and for NaN. A creature
	// notices an edge at most this late.
	swarmLookPeriod = 1.0 / 30
	// swarmFallFrames: a creature with no foot planted or stepping for this
	// many frames in a row counts as one fall.
	swarmFallFrames = 15
	// swarmLostFrames: a creature falling this long is put back on a surface.
	swarmLostFrames = 180
	// swarmEdgeCooldown is the least time, s, between two turns of one
	// creature at an edge (it must walk back off the edge first).
	swarmEdgeCooldown = 0.75
	// swarmChunk: the crowd updates the creatures in runs of this many, and
	// the scene's pass over a run follows at once, while much of the run's
	// state is still in the cores' caches. Each run costs the crowd a
	// hand-off to its workers, and the pass runs on one goroutine while
	// they wait. At 10,000 creatures (load 0.7): runs of 256 kept the
	// bookkeeping near 10 % of the frame but 2 workers were no faster than
	// one (17.2 against 17.5 ms, speed-up 1.06); runs of 2,048 take 10.8 ms
	// with 2 workers (speed-up 1.65) at 17-24 % bookkeeping.
	swarmChunk = 2048
)

// What the scene's pass over a creature's legs found after its update.
const (
	// edgeRight: a foot ahead along +Right() found no foothold (the
	// gait leaves such a foot dangling at its home).
	edgeRight uint8 = 1 << iota
	// edgeLeft: the same along -Right().
	edgeLeft
	// onSurface: a foot is planted or stepping.
	onSurface

	edges = edgeRight | edgeLeft
)

// Swarm is the swarm scene on swarm.json (4000 x 3000): many creatures
// (8-legged spiders, 6- and 4-legged crawlers in turn), each walking one way
// along its surface and turning back at random (seeded) times, and where a
// foot ahead finds no foothold (an edge); a creature that leaves the level
// or falls for swarmLostFrames frames is put back on a surface.
//
// The creatures are updated by a creature.Crowd (SetWorkers; one worker,
// the calling goroutine, by default). Everything else in a frame is the
// scene's bookkeeping, on the calling goroutine: steering (flat per-creature
// arrays), then after each run of updates a pass over those creatures
// (falls, respawns, edges ahead, metering; Leg is a plain read of what
// Update solved). It allocates nothing. With a Ground that is safe for
// concurrent queries, any number of workers gives bit-identical creatures,
// falls, respawns and figures.
//
// Metering: every creature's body every frame (NaN); every creature's legs
// every swarmLookPeriod (NaN); the stances of one creature in
// ceil(count/swarmMetered) every frame (slip, NaN), and of those one in
// swarmGapStride each frame, in turn, the contact gap of every planted foot.
type Swarm struct {
	World         *terrain.World
	Creatures     []*creature.Creature
	Width, Height float64
	// NoEdge makes the creatures walk off edges instead of turning back
	// there (to compare).
	NoEdge bool

	pool *swarmPool

	// Per creature, flat.
	turnAt  []float64
	dir     []float64
	edgeAt  []float64 // time of each creature's last turn at an edge
	air     []int32   // frames each creature has spent with no foot on a surface
	found   []uint8   // edgeRight | edgeLeft from the creature's last look
	legAt   []int32   // creature i's feet are stances[legAt[i]:legAt[i+1]]
	stances []footStance

	rng         *rand.Rand
	time        float64
	frame       int
	meterStride int // creatures i%meterStride == 0 have their stances tracked
	lookEvery   int // frames between two looks at one creature's legs
	falls       int // creatures that lost every foothold for swarmFallFrames
	respawns    int // creatures put back on a surface after leaving the level
	updateNs    float64
	bookNs      float64
	limbs       *limbMeter // limb figures of one tracked creature in swarmLimbStride a frame

	meter quality.Meter
}

// swarmPool holds the scene's crowd; a cleanup closes it when the scene is
// dropped without Close (the demo rebuilds scenes on a restart).
type swarmPool struct{ crowd *creature.Crowd }

func (p *swarmPool) close() { p.crowd.Close() }

// NewSwarm builds the swarm scene with count creatures (0: SwarmDefaultCount)
// placed by seed. Its creatures are updated on the calling goroutine until
// SetWorkers says otherwise.
func NewSwarm(art Art, count int, seed uint64) (*Swarm, error) {
	return newSwarm(art, count, seed, nil)
}

// newSwarm is NewSwarm with the ground of each creature given by ground
// (nil: the scene's World for all), for tests.
func newSwarm(art Art, count int, seed uint64, ground func(i int, w *terrain.World) ikanim.Ground) (*Swarm, error) {
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
	s := &Swarm{
		World: w, Width: width, Height: height,
		rng:         rand.New(rand.NewPCG(seed, 0x5a7a)),
		Creatures:   make([]*creature.Creature, 0, count),
		dir:         make([]float64, 0, count),
		turnAt:      make([]float64, 0, count),
		legAt:       make([]int32, 1, count+1),
		meterStride: (count + swarmMetered - 1) / swarmMetered,
	}
	for len(s.Creatures) < count {
		d := kinds[len(s.Creatures)%3]
		var g ikanim.Ground = w
		if ground != nil {
			g = ground(len(s.Creatures), w)
		}
		c, err := creature.New(d, s.spawnPoint(d), g)
		if err != nil {
			return nil, err
		}
		dir := float64(1 - 2*s.rng.IntN(2))
		c.SetMove(dir)
		s.Creatures = append(s.Creatures, c)
		s.dir = append(s.dir, dir)
		s.turnAt = append(s.turnAt, 2+s.rng.Float64()*8)
		s.legAt = append(s.legAt, s.legAt[len(s.legAt)-1]+int32(c.NumLegs()))
	}
	s.limbs = newLimbMeter(w, kinds[:3])
	s.stances = make([]footStance, s.legAt[count])
	s.air = make([]int32, count)
	s.edgeAt = make([]float64, count)
	s.found = make([]uint8, count)
	for i, c := range s.Creatures {
		s.found[i] = s.legPass(i, c, false, false, false) & edges
	}
	s.meter.Creatures = count
	s.pool = &swarmPool{crowd: creature.NewCrowd(1)}
	runtime.AddCleanup(s, (*swarmPool).close, s.pool)
	return s, nil
}

// SetWorkers makes the scene update its creatures on n worker goroutines (a
// creature.Crowd; n < 1: one per core, runtime.GOMAXPROCS(0); 1: on the
// calling goroutine). The creatures' motion does not depend on n.
func (s *Swarm) SetWorkers(n int) {
	if n < 1 {
		n = runtime.GOMAXPROCS(0)
	}
	if n == s.pool.crowd.Workers() {
		return
	}
	s.pool.crowd.Close()
	s.pool.crowd = creature.NewCrowd(n)
}

// Workers returns the number of goroutines that update the creatures.
func (s *Swarm) Workers() int { return s.pool.crowd.Workers() }

// Close stops the worker goroutines; later frames update the creatures on
// the calling goroutine.
func (s *Swarm) Close() { s.pool.close() }

// spawnPoint returns a body position for a creature of kind d standing on
// the first upward-facing surface below the top of the level at a random x.
func (s *Swarm) spawnPoint(d *creature.Def) mgl64.Vec2 {
	for {
		x := 40 + s.rng.Float64()*(s.Width-80)
		p, nrm, ok := s.World.Raycast(mgl64.Vec2{x, 1}, mgl64.Vec2{x, s.Height - 1})
		if !ok || nrm[1] > -0.5 {
			continue
		}
		body := p.Sub(mgl64.Vec2{0, d.BodyHeight()})
		// The first surface down from the top can lie inside a solid (a
		// platform inside the ceiling's slab, the top of a shape under an
		// inner seam): keep the point only if a ray from the body up past
		// the level's top does not start inside a solid.
		if h := s.World.Cast(body, mgl64.Vec2{x, -1}); h.OK && h.Inside {
			continue
		}
		return body
	}
}

// Step advances the scene by dt and measures the frame.
func (s *Swarm) Step(dt float64) { s.advance(dt, true) }

// Advance is Step without the measuring: steering, every creature's
// update, falls and respawns.
func (s *Swarm) Advance(dt float64) { s.advance(dt, false) }

// advance runs one frame: steering (turns by time and at edges), then the
// creatures' updates on the crowd, swarmChunk at a time, each run followed
// by the scene's pass over it (after). UpdateNs times the updates,
// BookkeepingNs the rest.
func (s *Swarm) advance(dt float64, measure bool) {
	start := time.Now()
	s.time += dt
	s.frame++
	for i := range s.dir {
		d := s.dir[i]
		if s.time >= s.turnAt[i] {
			d = -d
			s.turnAt[i] = s.time + 3 + s.rng.Float64()*9
		}
		if !s.NoEdge && s.time-s.edgeAt[i] >= swarmEdgeCooldown && s.found[i]&edgeAhead(d) != 0 {
			d = -d
			s.edgeAt[i] = s.time
		}
		if d != s.dir[i] {
			s.dir[i] = d
			s.Creatures[i].SetMove(d)
		}
	}
	if measure {
		s.meter.Frame()
	}
	// Each creature's legs are looked at every lookEvery frames, in turn.
	s.lookEvery = 1
	if dt > 0 {
		s.lookEvery = max(1, int(math.Round(swarmLookPeriod/dt)))
	}
	var upd time.Duration
	for lo := 0; lo < len(s.Creatures); lo += swarmChunk {
		hi := min(lo+swarmChunk, len(s.Creatures))
		t := time.Now()
		s.pool.crowd.Update(s.Creatures[lo:hi], dt)
		upd += time.Since(t)
		s.after(lo, hi, measure)
	}
	s.updateNs = float64(upd.Nanoseconds())
	s.bookNs = float64(time.Since(start).Nanoseconds()) - s.updateNs
}

// after is the scene's pass over creatures [lo, hi) after their update:
// the body's NaN, the legs of the creatures whose turn it is to be looked
// at (edges ahead, NaN) or whose stances are tracked (slip, gap), the fall
// count, and respawns of creatures with no foot on a surface that fell for
// swarmLostFrames or are outside the level.
func (s *Swarm) after(lo, hi int, measure bool) {
	m := &s.meter
	look := s.frame % s.lookEvery
	gapTurn := s.frame % swarmGapStride
	for i := lo; i < hi; i++ {
		c := s.Creatures[i]
		p := c.Position()
		if measure {
			m.Finite(p[0])
			m.Finite(p[1])
		}
		due := i%s.lookEvery == look
		track := measure && i%s.meterStride == 0
		if track && (i+s.frame)%swarmLimbStride == 0 {
			s.limbs.measure(c, false)
		}
		var f uint8
		switch {
		case due || track:
			f = s.legPass(i, c, measure, track, track && (i/s.meterStride)%swarmGapStride == gapTurn)
			if due {
				s.found[i] = f & edges
			}
		case c.Planted() > 0:
			f = onSurface
		default:
			f = s.legPass(i, c, false, false, false) // a foot may be stepping
		}
		if f&onSurface != 0 {
			s.air[i] = 0
			continue
		}
		s.air[i]++
		if s.air[i] == swarmFallFrames {
			s.falls++
		}
		if s.air[i] >= swarmLostFrames || p[0] < 0 || p[0] > s.Width || p[1] < 0 || p[1] > s.Height {
			c.Place(s.spawnPoint(c.Def()), mgl64.Vec2{0, -1})
			s.air[i] = 0
			s.respawns++
			// A teleport is not a slide: the feet start new stances.
			clear(s.stances[s.legAt[i]:s.legAt[i+1]])
			s.found[i] = s.legPass(i, c, false, false, false) & edges
		}
	}
}

// edgeAhead is the found bit of an edge ahead when walking along dir*Right().
func edgeAhead(dir float64) uint8 {
	if dir > 0 {
		return edgeRight
	}
	if dir < 0 {
		return edgeLeft
	}
	return 0
}

// legPass reads every leg of creature i once and returns what it found:
// onSurface when a foot is planted or stepping, edgeRight or edgeLeft when a
// foot that found no foothold hangs ahead of the body along +Right() or
// -Right() (the gait leaves such a foot dangling at its home; one behind the
// body, walking away from an edge, does not count). With nan it records NaN
// in the knees and feet on the meter, with slip every stance's slip, and
// with gap the contact gap of every planted foot (quality.GapAlong, a ray of
// the meter's own).
func (s *Swarm) legPass(i int, c *creature.Creature, nan, slip, gap bool) uint8 {
	p, r := c.Position(), c.Right()
	st := s.stances[s.legAt[i]:s.legAt[i+1]]
	var f uint8
	if !nan && !slip {
		for k := range st {
			l := c.Leg(k)
			f |= footing(&l, p, r)
		}
		return f
	}
	m := &s.meter
	for k := range st {
		l := c.Leg(k)
		f |= footing(&l, p, r)
		// One test for the four coordinates (a sum of finite values that
		// overflows only costs the four tests below).
		if v := l.Knee[0] + l.Knee[1] + l.Foot[0] + l.Foot[1]; nan && v-v != 0 {
			m.Finite(l.Knee[0])
			m.Finite(l.Knee[1])
			m.Finite(l.Foot[0])
			m.Finite(l.Foot[1])
		}
		if !slip {
			continue
		}
		if t := &st[k]; !l.Planted || !t.planted || l.Foot != t.start {
			t.track(m, l.Planted, l.Foot)
		}
		if gap && l.Planted {
			m.Contact(quality.GapAlong(s.World, l.Foot, l.Normal))
		}
	}
	return f
}

// footing returns onSurface for a leg planted or stepping, edgeRight or
// edgeLeft for one whose foot hangs ahead of the body p along +r or -r.
func footing(l *creature.LegState, p, r mgl64.Vec2) uint8 {
	if l.Planted || l.Stepping {
		return onSurface
	}
	switch d := (l.Contact[0]-p[0])*r[0] + (l.Contact[1]-p[1])*r[1]; {
	case d > 0:
		return edgeRight
	case d < 0:
		return edgeLeft
	}
	return 0
}

// footStance follows one foot through its stances for the meter, as
// quality.Stance does, but keeps the squared distance (a planted foot is
// locked, so most frames only compare two points).
type footStance struct {
	start   mgl64.Vec2
	far2    float64 // largest squared distance from start while planted
	planted bool
}

// track is called once per frame with whether the foot is planted and where;
// at lift-off the stance's slip (the largest distance from the touch-down
// point) is recorded on m.
func (f *footStance) track(m *quality.Meter, planted bool, p mgl64.Vec2) {
	switch {
	case planted && !f.planted:
		*f = footStance{start: p, planted: true}
	case planted:
		if p != f.start {
			d := p.Sub(f.start)
			f.far2 = max(f.far2, d[0]*d[0]+d[1]*d[1])
		}
	case f.planted:
		f.flush(m)
	}
}

// flush records the slip of a stance in progress.
func (f *footStance) flush(m *quality.Meter) {
	if f.planted {
		f.planted = false
		m.Slip(math.Sqrt(f.far2))
	}
}

// UpdateNs returns the wall time of the last frame's creature updates, ns.
func (s *Swarm) UpdateNs() float64 { return s.updateNs }

// BookkeepingNs returns the wall time of the last frame's bookkeeping
// (steering, the pass over the legs with the metering, falls and
// respawns), ns.
func (s *Swarm) BookkeepingNs() float64 { return s.bookNs }

// Falls returns the falls and the respawns so far.
func (s *Swarm) Falls() (falls, respawns int) { return s.falls, s.respawns }

// Frames returns the number of frames run.
func (s *Swarm) Frames() int { return s.frame }

// Flush implements Scene: the stances still in progress.
func (s *Swarm) Flush() {
	for i := range s.stances {
		s.stances[i].flush(&s.meter)
	}
}

// Meter implements Scene.
func (s *Swarm) Meter() *quality.Meter { return &s.meter }

// Extra implements Scene: falls and respawns, and the limb figures of
// limbMeter but falls (limb_penetration_max_px, leg_crossings and
// stuck_s_max, of one tracked creature in swarmLimbStride each frame, in
// turn). "falls" stays the scene's own count of creatures that lost every
// foothold for swarmFallFrames.
func (s *Swarm) Extra() map[string]float64 {
	return s.limbs.limbs.Report(map[string]float64{
		"falls":                 float64(s.falls),
		"falls_per_1000_frames": float64(s.falls) * 1000 / math.Max(1, float64(s.frame)),
		"respawns":              float64(s.respawns),
	})
}

// swarmLimbStride: each frame, the limb figures of one tracked creature in
// swarmLimbStride are measured (every 1 px of every leg is costly, about 70 us
// a creature: 4 of the default 1,000 creatures a frame keep the scene's
// bookkeeping within its budget).
const swarmLimbStride = 250

// Focus implements Scene: the first creature.
func (s *Swarm) Focus() mgl64.Vec2 { return s.Creatures[0].Position() }
