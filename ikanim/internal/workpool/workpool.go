// Package workpool runs a job over index ranges on a fixed set of worker
// goroutines, started once, so a frame that spreads work over them
// allocates nothing.
//
// The range is handed out in grains from a shared counter: each goroutine
// (the caller included) takes the next grain when it is done with its last,
// so a slow item or a worker the OS put aside delays the run by at most a
// grain. The caller, once the counter is spent, waits for the helpers by
// yielding (runtime.Gosched) for up to spinWait, and only then parks.
//
// The helpers wait for a run, and a parked caller for the last helper, on a
// signal: a pipe where the platform's pipes are pollable (Unix), so that
// parking takes nothing from the runtime. A goroutine parked on a channel,
// a sync.WaitGroup or a mutex takes a runtime sudog, and sudogs taken on one
// P and released on another pile up in the runtime's per-P caches: a heap
// that grows for minutes before it levels off (measured: 22.7 KB in a
// 30-minute soak with a WaitGroup; with channels and the caller yielding
// first, a 400,000-run stress allocated 12 sudogs, 11 of them at the
// caller's rare parks, and a 15-minute soak grew about 1 KB). Elsewhere the
// signals are channels.
package workpool

import (
	"runtime"
	"sync/atomic"
	"time"
)

// Job is work over the index range [lo, hi).
type Job interface {
	Do(lo, hi int)
}

// DefaultGrain is the grain Run uses for grain < 1.
const DefaultGrain = 64

// spinWait is how long the caller yields before it parks while helpers
// finish their last grains.
const spinWait = 500 * time.Microsecond

// parked is set in Pool.busy while the caller is parked on done.
const parked = 1 << 30

// Pool is a fixed set of worker goroutines. The zero value is not usable:
// make one with New. A Pool is safe for use by one goroutine at a time.
type Pool struct {
	workers int
	wake    []*signal // one per helper: Run never blocks on it
	done    *signal   // the last helper of a run whose caller parked
	closed  bool

	// The current run: written by Run before it wakes the helpers.
	job      Job
	n, grain int64
	next     atomic.Int64 // the start of the next grain to hand out
	busy     atomic.Int32 // helpers still in the run, | parked
}

// New starts a pool of n workers (n < 1 means 1): the calling goroutine of
// Run and n-1 helpers. With one worker, Run does the work on the calling
// goroutine.
func New(n int) *Pool {
	if n < 1 {
		n = 1
	}
	p := &Pool{workers: n}
	if n > 1 {
		p.done = newSignal()
		p.wake = make([]*signal, n-1)
		for i := range p.wake {
			s := newSignal()
			p.wake[i] = s
			go p.help(s)
		}
	}
	return p
}

// help is a helper goroutine: one run per wake-up.
func (p *Pool) help(wake *signal) {
	for wake.wait() {
		// The run's fields were written before busy was stored: this load
		// orders them before the drain for the race detector too (the
		// pipe's own ordering is invisible to it).
		p.busy.Load()
		p.drain()
		if p.busy.Add(-1) == parked {
			p.done.notify()
		}
	}
}

// drain does grains of the current run until none is left.
func (p *Pool) drain() {
	for {
		lo := p.next.Add(p.grain) - p.grain
		if lo >= p.n {
			return
		}
		p.job.Do(int(lo), int(min(lo+p.grain, p.n)))
	}
}

// Workers returns the number of workers (1 for a nil Pool).
func (p *Pool) Workers() int {
	if p == nil {
		return 1
	}
	return p.workers
}

// Run calls job.Do over [0, n) in ranges of at most grain indices (grain < 1:
// DefaultGrain), spread over the workers, and returns when all are done.
// Every index is done exactly once, by one goroutine, so jobs whose items
// do not touch each other give the same result as a sequential run. With
// one worker (or after Close, or on a nil Pool) the ranges are done in
// order on the calling goroutine.
func (p *Pool) Run(n, grain int, job Job) {
	if n <= 0 {
		return
	}
	if grain < 1 {
		grain = DefaultGrain
	}
	helpers := 0
	if p != nil && !p.closed {
		helpers = min(p.workers-1, (n-1)/grain)
	}
	if helpers < 1 {
		for lo := 0; lo < n; lo += grain {
			job.Do(lo, min(lo+grain, n))
		}
		return
	}
	p.job, p.n, p.grain = job, int64(n), int64(grain)
	p.next.Store(0)
	p.busy.Store(int32(helpers))
	for _, s := range p.wake[:helpers] {
		s.notify()
	}
	p.drain()
	p.wait()
	p.job = nil
}

// wait returns once every helper of the run is done: it yields for up to
// spinWait, then parks until the last helper wakes it.
func (p *Pool) wait() {
	var start time.Time
	for i := 0; ; i++ {
		b := p.busy.Load()
		if b == 0 {
			return
		}
		if i&31 == 0 {
			if i == 0 {
				start = time.Now()
			} else if time.Since(start) > spinWait {
				if p.busy.CompareAndSwap(b, b|parked) {
					p.done.wait()
					p.busy.Store(0)
					return
				}
				continue
			}
		}
		runtime.Gosched()
	}
}

// Close stops the helpers. Later calls to Run do the work on the calling
// goroutine.
func (p *Pool) Close() {
	if p == nil || p.closed {
		return
	}
	p.closed = true
	for _, s := range p.wake {
		s.close()
	}
	if p.done != nil {
		p.done.closeAll()
	}
}

// parksInPoller reports whether the pool's goroutines park in the runtime's
// network poller (true on Unix) rather than on channels.
func (p *Pool) parksInPoller() bool { return p.done != nil && p.done.usesPoller() }
