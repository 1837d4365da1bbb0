package creature

import "github.com/ikanim/kit/ikanim/internal/workpool"

// Crowd updates many creatures per frame across worker goroutines. Each
// creature is updated by exactly one goroutine, in one piece; creatures do
// not touch each other and only query their Ground, so with a Ground that is
// safe for concurrent queries (as *terrain.World is) the result is
// bit-identical to updating them in order on one goroutine. Update
// allocates nothing once the crowd is made.
//
// A Crowd is used from one goroutine at a time; Close stops its workers.
type Crowd struct {
	pool *workpool.Pool
	job  crowdJob
}

type crowdJob struct {
	cs []*Creature
	dt float64
}

func (j *crowdJob) Do(lo, hi int) {
	for _, c := range j.cs[lo:hi] {
		if c != nil {
			c.Update(j.dt)
		}
	}
}

// NewCrowd starts a crowd with workers goroutines (workers < 1 means 1,
// which updates on the calling goroutine; runtime.GOMAXPROCS(0) uses every
// core).
func NewCrowd(workers int) *Crowd { return &Crowd{pool: workpool.New(workers)} }

// Workers returns the number of worker goroutines.
func (c *Crowd) Workers() int { return c.pool.Workers() }

// Update calls Update(dt) on every creature, split into one contiguous run
// per worker, and returns when all are done. Nil entries are skipped.
func (c *Crowd) Update(cs []*Creature, dt float64) {
	c.job = crowdJob{cs: cs, dt: dt}
	c.pool.Run(len(cs), &c.job)
	c.job.cs = nil
}

// Close stops the workers; later Updates run on the calling goroutine.
func (c *Crowd) Close() { c.pool.Close() }
