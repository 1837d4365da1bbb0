package ikanim

import "github.com/ikanim/kit/ikanim/internal/workpool"

// Crowd updates many rigs per frame across worker goroutines. Each rig is
// updated by exactly one goroutine, in one piece, so as long as rigs do not
// share mutable state (each rig has its own controllers; the Ground they
// query must be safe for concurrent queries, as *terrain.World is), the
// result is bit-identical to updating them in order on one goroutine.
// Update allocates nothing once the crowd is made.
//
// A Crowd is used from one goroutine at a time; Close stops its workers. The
// zero value updates on the calling goroutine, as NewCrowd(1) does.
type Crowd struct {
	pool *workpool.Pool
	job  rigJob
}

type rigJob struct {
	rigs []*Rig
	dt   float64
}

func (j *rigJob) Do(lo, hi int) {
	for _, r := range j.rigs[lo:hi] {
		if r != nil {
			r.Update(j.dt)
		}
	}
}

// NewCrowd starts a crowd with workers goroutines (workers < 1 means 1,
// which updates on the calling goroutine; runtime.GOMAXPROCS(0) uses every
// core). The workers wait for a frame on a pipe each (Unix; channels
// elsewhere), so that waiting takes nothing from the runtime's caches: a
// crowd of n > 1 workers holds 2n file descriptors until Close.
func NewCrowd(workers int) *Crowd { return &Crowd{pool: workpool.New(workers)} }

// Workers returns the number of worker goroutines.
func (c *Crowd) Workers() int { return c.pool.Workers() }

// crowdGrain is how many rigs a worker takes at a time (a rig frame is a
// few microseconds: a worker late by one grain delays the frame by about
// 0.1 ms).
const crowdGrain = 16

// Update calls Update(dt) on every rig and returns when all are done: the
// workers take crowdGrain rigs at a time until none is left. Nil entries
// are skipped.
func (c *Crowd) Update(rigs []*Rig, dt float64) {
	c.job = rigJob{rigs: rigs, dt: dt}
	c.pool.Run(len(rigs), crowdGrain, &c.job)
	c.job.rigs = nil
}

// Close stops the workers; later Updates run on the calling goroutine.
func (c *Crowd) Close() { c.pool.Close() }
