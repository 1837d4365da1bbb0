package workpool

import (
	"os"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// helperJob, run over 2 indices in grains of 1, keeps the helper busy for
// d on its grain, so that the caller, done with its own, parks when d is
// past spinWait and the helper wakes it: the caller's grain waits until the
// helper has taken the other.
type helperJob struct {
	d       time.Duration
	started atomic.Bool
}

func (j *helperJob) Do(lo, hi int) {
	buf := make([]byte, 4096)
	if strings.Contains(string(buf[:runtime.Stack(buf, false)]), "workpool.(*Pool).help") {
		j.started.Store(true)
		for t := time.Now(); time.Since(t) < j.d; {
			runtime.Gosched()
		}
		return
	}
	for t := time.Now(); !j.started.Load() && time.Since(t) < time.Second; {
		runtime.Gosched()
	}
}

// run runs j on p once.
func (j *helperJob) run(p *Pool) {
	j.started.Store(false)
	p.Run(2, 1, j)
}

// poolAllocs returns the objects allocated (as recorded at
// MemProfileRate 1) by the runtime function fn for the pool: with a
// method of Pool or signal in the stack (the garbage collector takes
// sudogs of its own).
func poolAllocs(fn string) int64 {
	n, _ := runtime.MemProfile(nil, true)
	rs := make([]runtime.MemProfileRecord, n+50)
	n, _ = runtime.MemProfile(rs, true)
	var total int64
	for _, r := range rs[:n] {
		frames := runtime.CallersFrames(r.Stack())
		byFn, ours := false, false
		for {
			f, more := frames.Next()
			byFn = byFn || f.Function == fn
			ours = ours || strings.Contains(f.Function, "workpool.(*Pool)") || strings.Contains(f.Function, "workpool.(*signal)")
			if !more {
				break
			}
		}
		if byFn && ours {
			total += r.AllocObjects
		}
	}
	return total
}

// TestParkingTakesNoSudogs: with the signals on pipes, neither the helpers
// waiting for a run nor a caller waiting for the last helper take a runtime
// sudog. With channels, the caller parks on one P and is woken on another,
// and the sudogs the garbage collector drops from the runtime's central
// cache are allocated again: about one a park.
func TestParkingTakesNoSudogs(t *testing.T) {
	if testing.Short() {
		t.Skip("about 2 s")
	}
	p := New(2)
	defer p.Close()
	if !p.parksInPoller() {
		t.Skip("no pollable pipes on " + runtime.GOOS + ": the pool parks on channels")
	}
	old := runtime.MemProfileRate
	runtime.MemProfileRate = 1
	defer func() { runtime.MemProfileRate = old }()
	runtime.GC()
	before := poolAllocs("runtime.acquireSudog")
	j := &helperJob{d: 2 * spinWait}
	for i := range 600 {
		j.run(p)
		if i%50 == 49 {
			runtime.GC()
		}
	}
	runtime.GC()
	if n := poolAllocs("runtime.acquireSudog") - before; n != 0 {
		t.Errorf("%d sudogs allocated in 600 runs whose caller parks", n)
	}
}

// goroutineState returns the wait state ("IO wait", "chan receive", ...) of
// the first goroutine whose stack holds fn, or "" if none does.
func goroutineState(fn string) string {
	buf := make([]byte, 1<<20)
	buf = buf[:runtime.Stack(buf, true)]
	for _, g := range strings.Split(string(buf), "\n\n") {
		if !strings.Contains(g, fn) {
			continue
		}
		head, _, _ := strings.Cut(g, "\n")
		_, st, _ := strings.Cut(head, "[")
		st, _, _ = strings.Cut(st, "]")
		st, _, _ = strings.Cut(st, ",")
		return st
	}
	return ""
}

// TestParksInPoller: an idle helper, and a caller waiting for a helper's
// long grain, are parked in the network poller ("IO wait"), not on a
// channel, where they would take runtime sudogs.
func TestParksInPoller(t *testing.T) {
	p := New(2)
	defer p.Close()
	if !p.parksInPoller() {
		t.Skip("no pollable pipes on " + runtime.GOOS + ": the pool parks on channels")
	}
	(&helperJob{}).run(p)
	var st string
	for range 100 { // the helper parks soon after the run
		if st = goroutineState("workpool.(*Pool).help"); st == "IO wait" {
			break
		}
		time.Sleep(time.Millisecond)
	}
	if st != "IO wait" {
		t.Errorf("idle helper: %q, want IO wait", st)
	}
	done := make(chan struct{})
	go func() { (&helperJob{d: 50 * time.Millisecond}).run(p); close(done) }()
	for range 100 {
		if st = goroutineState("workpool.(*Pool).wait"); st == "IO wait" {
			break
		}
		time.Sleep(time.Millisecond)
	}
	<-done
	if st != "IO wait" {
		t.Errorf("caller waiting for a helper: %q, want IO wait", st)
	}
}

// TestCloseReleasesPipes: after Close, and once the helpers are gone, the
// pool holds no file descriptor.
func TestCloseReleasesPipes(t *testing.T) {
	fds := func() int {
		es, err := os.ReadDir("/proc/self/fd")
		if err != nil {
			t.Skip("no /proc/self/fd")
		}
		return len(es)
	}
	// The helpers of earlier tests' pools close their ends as they leave:
	// wait until the count holds still.
	before := fds()
	for range 100 {
		time.Sleep(5 * time.Millisecond)
		n := fds()
		if n == before {
			break
		}
		before = n
	}
	p := New(4)
	if !p.parksInPoller() {
		t.Skip("the pool parks on channels")
	}
	if n := fds() - before; n != 8 {
		t.Errorf("4 workers hold %d file descriptors, want 8", n)
	}
	(&helperJob{}).run(p)
	p.Close()
	n := 0
	for range 200 { // the helpers close their ends as they leave
		if n = fds() - before; n == 0 {
			break
		}
		time.Sleep(time.Millisecond)
	}
	if n != 0 {
		t.Errorf("%d file descriptors left after Close", n)
	}
}
