package creature

import (
	"unsafe"

	"github.com/ikanim/kit/ikanim/internal/workpool"
)

// Crowd updates many creatures per frame across worker goroutines. Each
// creature is updated by exactly one goroutine, in one piece; creatures do
// not touch each other and only query their Ground, so with a Ground that is
// safe for concurrent queries (as *terrain.World is) the result is
// bit-identical to updating them in order on one goroutine. Update
// allocates nothing once the crowd is made.
//
// A Crowd is used from one goroutine at a time; Close stops its workers. The
// zero value updates on the calling goroutine, as NewCrowd(1) does.
type Crowd struct {
	pool *workpool.Pool
	job  crowdJob
}

// CrowdBatch is the number of creatures a worker updates before it calls
// UpdateThen's after for them: small enough that their state is still in
// the core's cache when after reads it (64 spiders are about 150 KB), large
// enough that the call costs nothing next to the updates.
const CrowdBatch = 64

type crowdJob struct {
	cs    []*Creature
	dt    float64
	after func(lo, hi int)
}

func (j *crowdJob) Do(lo, hi int) {
	if j.after == nil {
		update(j.cs[lo:hi], j.dt)
		return
	}
	for b := lo; b < hi; b += CrowdBatch {
		e := min(b+CrowdBatch, hi)
		update(j.cs[b:e], j.dt)
		j.after(b, e)
	}
}

// update calls Update(dt) on every creature of cs but nil ones. While it
// updates one, the processor fetches the memory of the next ones (prefetch):
// a crowd of thousands does not fit in the caches, and an Update otherwise
// waited for its creature's struct and legs to come from memory.
func update(cs []*Creature, dt float64) {
	for i, c := range cs {
		if i+2 < len(cs) {
			prefetchStruct(cs[i+2])
		}
		if i+1 < len(cs) {
			prefetchLegs(cs[i+1])
		}
		if c != nil {
			c.Update(dt)
		}
	}
}

// prefetchStruct prefetches creature c's struct (nil: nothing).
func prefetchStruct(c *Creature) {
	if c != nil {
		prefetchLines(unsafe.Pointer(c), (unsafe.Sizeof(*c)+63)/64)
	}
}

// prefetchLegs prefetches creature c's legs and poses (nil: nothing); it
// reads their slices' headers from c's struct, which prefetchStruct
// fetched an update earlier.
func prefetchLegs(c *Creature) {
	if c == nil {
		return
	}
	if legs := c.legs; len(legs) > 0 {
		prefetchLines(unsafe.Pointer(&legs[0]), (uintptr(len(legs))*unsafe.Sizeof(legs[0])+63)/64)
	}
	if poses := c.poses; len(poses) > 0 {
		prefetchLines(unsafe.Pointer(&poses[0]), (uintptr(len(poses))*unsafe.Sizeof(poses[0])+63)/64)
	}
}

// NewCrowd starts a crowd with workers goroutines (workers < 1 means 1,
// which updates on the calling goroutine; runtime.GOMAXPROCS(0) uses every
// core).
//
// The workers wait for a frame parked in the runtime's network poller, on a
// pipe each (Unix; channels elsewhere), so that waiting takes nothing from
// the runtime's caches and a long run's heap stays flat: on Unix a crowd of
// n > 1 workers holds 2n file descriptors until Close.
func NewCrowd(workers int) *Crowd { return &Crowd{pool: workpool.New(workers)} }

// Workers returns the number of worker goroutines.
func (c *Crowd) Workers() int { return c.pool.Workers() }

// Update calls Update(dt) on every creature and returns when all are done:
// the workers take CrowdBatch creatures at a time until none is left. Nil
// entries are skipped.
func (c *Crowd) Update(cs []*Creature, dt float64) {
	c.job = crowdJob{cs: cs, dt: dt}
	c.pool.Run(len(cs), CrowdBatch, &c.job)
	c.job.cs = nil
}

// UpdateThen is Update followed, for each batch of CrowdBatch creatures (or
// fewer, at the end of cs), by after(lo, hi) on the worker that
// updated cs[lo:hi], as soon as it has: the game's own per-creature work
// after an update (reading the legs, looking for edges, checking for NaN)
// then finds those creatures in that core's cache instead of reading every
// creature back from memory on one goroutine, and runs in parallel with
// the other workers' updates.
//
// after runs on several goroutines at once, each call for its own batch:
// it may read and write the creatures cs[lo:hi] and state the game keeps
// per creature (slots lo to hi-1 of its own slices), and must not touch
// anything shared without synchronisation. Work that must run in creature
// order (a shared random source, a running sum) belongs after UpdateThen
// returns, from what after stored per creature; the result is then
// bit-identical for any number of workers. With one worker, after is
// called in order on the calling goroutine.
//
// To avoid an allocation per frame, make the after func value once (a
// method value stored in a field) rather than per call.
func (c *Crowd) UpdateThen(cs []*Creature, dt float64, after func(lo, hi int)) {
	c.job = crowdJob{cs: cs, dt: dt, after: after}
	c.pool.Run(len(cs), CrowdBatch, &c.job)
	c.job = crowdJob{}
}

// Close stops the workers; later Updates run on the calling goroutine.
func (c *Crowd) Close() { c.pool.Close() }
