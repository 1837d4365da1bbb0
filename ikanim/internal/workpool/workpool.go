// Package workpool runs a job over index ranges on a fixed set of worker
// goroutines, started once, so a frame that spreads work over them
// allocates nothing.
package workpool

import "sync"

// Job is work over the index range [lo, hi).
type Job interface {
	Do(lo, hi int)
}

// Pool is a fixed set of worker goroutines. The zero value is not usable:
// make one with New. A Pool is safe for use by one goroutine at a time.
type Pool struct {
	workers int
	tasks   []chan task
	wg      sync.WaitGroup
	closed  bool
}

type task struct {
	job    Job
	lo, hi int
}

// New starts a pool of n workers (n < 1 means 1). With one worker, Run
// does the work on the calling goroutine.
func New(n int) *Pool {
	if n < 1 {
		n = 1
	}
	p := &Pool{workers: n}
	if n > 1 {
		p.tasks = make([]chan task, n-1)
		for i := range p.tasks {
			ch := make(chan task)
			p.tasks[i] = ch
			go p.work(ch)
		}
	}
	return p
}

func (p *Pool) work(ch chan task) {
	for t := range ch {
		t.job.Do(t.lo, t.hi)
		p.wg.Done()
	}
}

// Workers returns the number of workers.
func (p *Pool) Workers() int { return p.workers }

// Run calls job.Do over [0, n) split into one contiguous range per worker
// (the calling goroutine takes the first) and returns when all are done.
// Every index is done exactly once, by one goroutine, so jobs whose items
// do not touch each other give the same result as a sequential run.
func (p *Pool) Run(n int, job Job) {
	if n <= 0 {
		return
	}
	w := p.workers
	if w > n {
		w = n
	}
	if w <= 1 || p.closed {
		job.Do(0, n)
		return
	}
	chunk := (n + w - 1) / w
	p.wg.Add(w - 1)
	for k := 1; k < w; k++ {
		lo := k * chunk
		hi := min(n, lo+chunk)
		if lo >= hi {
			p.wg.Done()
			continue
		}
		p.tasks[k-1] <- task{job, lo, hi}
	}
	job.Do(0, min(n, chunk))
	p.wg.Wait()
}

// Close stops the workers. Later calls to Run do the work on the calling
// goroutine.
func (p *Pool) Close() {
	if p.closed {
		return
	}
	p.closed = true
	for _, ch := range p.tasks {
		close(ch)
	}
}
