package sim

import (
	"math"
	"math/rand/v2"
	"runtime"
	"sync/atomic"
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
	// swarmNaNPeriod is how often, s, the scene reads every creature's legs
	// for NaN when measuring (the creatures in turn, a share each frame;
	// every frame at 10 TPS and below). The creatures whose stances are
	// tracked have their legs read every frame.
	swarmNaNPeriod = 1.0 / 10
	// swarmFallFrames: a creature with no foot planted or stepping for this
	// many frames in a row counts as one fall.
	swarmFallFrames = 15
	// swarmLostFrames: a creature falling this long is put back on a surface.
	swarmLostFrames = 180
	// swarmEdgeCooldown is the least time, s, between two turns of one
	// creature at an edge (it must walk back off the edge first).
	swarmEdgeCooldown = 0.75
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
	// outside: the body is outside the level.
	outside
	// records: a tracked stance of the creature has a slip or a gap for
	// tally to put on the meter.
	records
	// limbsLater: the creature's limb figures are due this frame and its
	// pass found the limb meter in use by another worker's pass: tally
	// measures them.
	limbsLater

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
// scene's bookkeeping: steering (flat per-creature arrays, on the calling
// goroutine); a pass over each creature's legs right after its update, on
// the worker that updated it (Crowd.UpdateThen: edges ahead, NaN, slip and
// gap of the tracked stances, each written to the creature's own slots;
// Leg is a plain read of what Update solved); then, on the calling
// goroutine and in creature order, what must be in order (the meter, falls,
// respawns, which draw on the scene's random source). It allocates
// nothing. With a Ground that is safe for concurrent queries, any number of
// workers gives bit-identical creatures, falls, respawns and figures.
//
// Every frame each creature's Footing says whether it has a foot on a
// surface and whether a foot dangles ahead (an edge: the creature turns).
//
// Metering: every creature's body every frame (NaN); every creature's legs
// every swarmNaNPeriod (NaN); the stances of one creature in
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
	seen    []uint8   // onSurface | outside, from this frame's pass
	nans    []uint8   // NaN or Inf values this frame's pass found
	legAt   []int32   // creature i's feet are stances[legAt[i]:legAt[i+1]]
	stances []footStance

	rng         *rand.Rand
	time        float64
	frame       int
	meterStride int // creatures i%meterStride == 0 have their stances tracked
	nanEvery    int // frames between two NaN checks of one creature's legs
	falls       int // creatures that lost every foothold for swarmFallFrames
	respawns    int // creatures put back on a surface after leaving the level
	updateNs    float64
	bookNs      float64
	passNs      atomic.Int64 // CPU time of this frame's passes, summed over the workers
	pass        func(lo, hi int)

	// Read-only while the workers run the passes.
	nanTurn, gapTurn int
	measure          bool

	limbs        *limbMeter  // limb figures of one tracked creature in swarmLimbStride a frame
	limbsBusy    atomic.Bool // a worker's pass is measuring limb figures
	limbsInTally int         // limb measures the passes left to tally (the meter was busy)

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
	s.seen = make([]uint8, count)
	s.nans = make([]uint8, count)
	s.pass = s.passBatch
	for i, c := range s.Creatures {
		s.found[i] = footingBits(c.Footing()) & edges
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
// creatures' updates on the crowd, each batch followed on its worker by the
// scene's pass over it (passBatch), then the in-order part (tally).
// UpdateNs is the update's share of the frame's wall time, BookkeepingNs the
// rest: the steering and the tally, whose wall times are measured, plus the
// passes' CPU time divided by the workers (they run inside the parallel
// update, in parallel with each other).
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
		if !s.NoEdge && s.found[i]&edgeAhead(d) != 0 && s.time-s.edgeAt[i] >= swarmEdgeCooldown {
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
	// Each creature's legs are checked for NaN every nanEvery frames, in
	// turn.
	s.nanEvery = 1
	if dt > 0 {
		s.nanEvery = max(1, int(math.Round(swarmNaNPeriod/dt)))
	}
	s.nanTurn, s.gapTurn, s.measure = s.frame%s.nanEvery, s.frame%swarmGapStride, measure
	s.passNs.Store(0)
	t := time.Now()
	s.pool.crowd.UpdateThen(s.Creatures, dt, s.pass)
	par := time.Since(t)
	s.tally(measure)
	frame := float64(time.Since(start).Nanoseconds())
	passWall := float64(s.passNs.Load()) / float64(s.pool.crowd.Workers())
	s.updateNs = math.Max(0, float64(par.Nanoseconds())-passWall)
	s.bookNs = frame - s.updateNs
}

// passBatch is the scene's pass over creatures [lo, hi) right after their
// update, on the worker that updated them: each creature's Footing (a foot
// on a surface, edges ahead), whether it is outside the level, the body's
// NaN, the legs of the creatures whose turn it is to be checked for NaN or
// whose stances are tracked (slip, gap), and the limb figures of the
// tracked creatures whose turn it is (under limbsBusy: the one limb meter
// keeps maxima and counts, which do not depend on the order). It writes
// only the creatures' own slots (found, seen, nans, their stances) and the
// limb meter; tally does the rest in creature order.
func (s *Swarm) passBatch(lo, hi int) {
	t := time.Now()
	// i%meterStride and i%nanEvery, counted along instead of divided.
	mi, ni := lo%s.meterStride, lo%s.nanEvery
	for i := lo; i < hi; i++ {
		c := s.Creatures[i]
		f := footingBits(c.Footing())
		s.found[i] = f & edges
		p := c.Position()
		if p[0] < 0 || p[0] > s.Width || p[1] < 0 || p[1] > s.Height {
			f |= outside
		}
		var nans uint8
		if s.measure {
			if v := p[0] + p[1]; v-v != 0 {
				nans = nonFinite(p[0]) + nonFinite(p[1])
			}
			track := mi == 0
			if track && (i+s.frame)%swarmLimbStride == 0 {
				// The limb figures (about 70 us a creature) are maxima and
				// counts, the same in any order: measured here, in
				// parallel with the other workers, by the worker that holds
				// the meter, or in tally if another worker's pass holds it.
				if s.limbsBusy.CompareAndSwap(false, true) {
					s.limbs.measure(c, false)
					s.limbsBusy.Store(false)
				} else {
					f |= limbsLater
				}
			}
			if track || ni == s.nanTurn {
				n, rec := s.legPass(i, c, track, track && (i/s.meterStride)%swarmGapStride == s.gapTurn)
				nans += n
				if rec {
					f |= records
				}
			}
		}
		s.seen[i] = f & (onSurface | outside | records | limbsLater)
		s.nans[i] = nans
		if mi++; mi == s.meterStride {
			mi = 0
		}
		if ni++; ni == s.nanEvery {
			ni = 0
		}
	}
	s.passNs.Add(time.Since(t).Nanoseconds())
}

// nonFinite is 1 for NaN and ±Inf, 0 otherwise.
func nonFinite(v float64) uint8 {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return 1
	}
	return 0
}

// tally is the in-order part of a frame, on the calling goroutine, from what
// the passes stored per creature: NaN, slip and gap on the meter (records is
// set only for tracked creatures), the limb figures a pass left to it, the
// fall count, and respawns of creatures with no foot on a surface that fell
// for swarmLostFrames or are outside the level.
func (s *Swarm) tally(measure bool) {
	m := &s.meter
	for i, f := range s.seen {
		if measure {
			for range s.nans[i] {
				m.Finite(math.NaN())
			}
			if f&limbsLater != 0 {
				s.limbs.measure(s.Creatures[i], false)
				s.limbsInTally++
			}
			if f&records != 0 {
				st := s.stances[s.legAt[i]:s.legAt[i+1]]
				for k := range st {
					st[k].record(m)
				}
			}
		}
		if f&onSurface != 0 {
			s.air[i] = 0
			continue
		}
		s.air[i]++
		if s.air[i] == swarmFallFrames {
			s.falls++
		}
		if s.air[i] >= swarmLostFrames || f&outside != 0 {
			c := s.Creatures[i]
			c.Place(s.spawnPoint(c.Def()), mgl64.Vec2{0, -1})
			s.air[i] = 0
			s.respawns++
			// A teleport is not a slide: the feet start new stances.
			clear(s.stances[s.legAt[i]:s.legAt[i+1]])
			s.found[i] = footingBits(c.Footing()) & edges
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

// legPass reads every leg of creature i once and returns the number of NaN
// or Inf coordinates of its knees and feet. With slip it follows every
// stance (a slip ended this frame waits in the stance for tally), and with
// gap it measures the contact gap of every planted foot (quality.GapAlong,
// a ray of its own) into the stance; rec reports whether a stance of the
// creature has a slip or a gap waiting (tally records only those
// creatures). It writes only creature i's stances.
func (s *Swarm) legPass(i int, c *creature.Creature, slip, gap bool) (nans uint8, rec bool) {
	st := s.stances[s.legAt[i]:s.legAt[i+1]]
	for k := range st {
		l := c.Leg(k)
		// One test for the four coordinates (a sum of finite values that
		// overflows only costs the four tests below).
		if v := l.Knee[0] + l.Knee[1] + l.Foot[0] + l.Foot[1]; v-v != 0 {
			nans += nonFinite(l.Knee[0]) + nonFinite(l.Knee[1]) + nonFinite(l.Foot[0]) + nonFinite(l.Foot[1])
		}
		if !slip {
			continue
		}
		t := &st[k]
		if !l.Planted || !t.planted || l.Foot != t.start {
			t.track(l.Planted, l.Foot)
		}
		if gap && l.Planted {
			t.gap, t.hasGap = quality.GapAlong(s.World, l.Foot, l.Normal), true
		}
		rec = rec || t.ended || t.hasGap
	}
	return nans, rec
}

// footingBits is what a Footing says for the scene: onSurface when a foot
// is planted or stepping, edgeRight or edgeLeft when a foot that found no
// foothold hangs on that side of the body along Right() (an edge ahead when
// walking that way).
func footingBits(f creature.Footing) uint8 {
	var b uint8
	if f.OnSurface() {
		b |= onSurface
	}
	if f.DanglingRight > 0 {
		b |= edgeRight
	}
	if f.DanglingLeft > 0 {
		b |= edgeLeft
	}
	return b
}

// footStance follows one foot through its stances for the meter, as
// quality.Stance does, but keeps the squared distance (a planted foot is
// locked, so most frames only compare two points). The slip of a stance
// that ended and the gap measured this frame wait in it until record puts
// them on the meter, in creature order.
type footStance struct {
	start   mgl64.Vec2
	far2    float64 // largest squared distance from start while planted
	planted bool

	ended, hasGap bool
	slip, gap     float64
}

// track is called once per frame with whether the foot is planted and where;
// at lift-off the stance's slip (the largest distance from the touch-down
// point) waits for record.
func (f *footStance) track(planted bool, p mgl64.Vec2) {
	switch {
	case planted && !f.planted:
		f.start, f.far2, f.planted = p, 0, true
	case planted:
		if p != f.start {
			d := p.Sub(f.start)
			f.far2 = max(f.far2, d[0]*d[0]+d[1]*d[1])
		}
	case f.planted:
		f.planted, f.ended, f.slip = false, true, math.Sqrt(f.far2)
	}
}

// record puts the slip of a stance that ended and the gap measured since
// the last record on m, the slip first.
func (f *footStance) record(m *quality.Meter) {
	if f.ended {
		f.ended = false
		m.Slip(f.slip)
	}
	if f.hasGap {
		f.hasGap = false
		m.Contact(f.gap)
	}
}

// flush records the slip of a stance in progress.
func (f *footStance) flush(m *quality.Meter) {
	f.record(m)
	if f.planted {
		f.planted = false
		m.Slip(math.Sqrt(f.far2))
	}
}

// UpdateNs returns the last frame's creature updates, ns: the wall time of
// Crowd.UpdateThen less the passes' share (see BookkeepingNs).
func (s *Swarm) UpdateNs() float64 { return s.updateNs }

// BookkeepingNs returns the last frame's bookkeeping, ns: the wall time of
// the steering and of the in-order tally (meter, falls, respawns), plus the
// CPU time of the per-creature passes (Footing, NaN, slip and gap, limb
// figures), which
// run on the workers inside the update, divided by the workers. UpdateNs
// plus BookkeepingNs is the frame's wall time.
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
