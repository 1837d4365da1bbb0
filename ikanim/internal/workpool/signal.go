package workpool

import "os"

// signal wakes one goroutine parked in wait. Where the platform has
// pollable pipes (pipe below) it is a pipe with a byte per wake-up: the
// waiter parks in the runtime's network poller, which takes nothing from
// the runtime's caches. A channel is the fallback: a goroutine parked on a
// channel takes a runtime sudog, and sudogs taken on one P and released on
// another pile up in the per-P caches (up to 128 a P), which a
// garbage collection does not empty: the heap creeps up for minutes (a few
// hundred bytes to 25 KB) before it levels off.
type signal struct {
	r, w *os.File
	rb   [1]byte
	wb   [1]byte
	ch   chan struct{}
}

func newSignal() *signal {
	if r, w, err := pipe(); err == nil {
		return &signal{r: r, w: w}
	}
	return &signal{ch: make(chan struct{}, 1)}
}

// notify wakes the waiter; it never blocks (at most one wake-up is pending
// at a time).
func (s *signal) notify() {
	if s.ch != nil {
		s.ch <- struct{}{}
		return
	}
	s.w.Write(s.wb[:])
}

// wait parks until notify and reports true, or reports false once the
// signal is closed and no wake-up is pending.
func (s *signal) wait() bool {
	if s.ch != nil {
		_, ok := <-s.ch
		return ok
	}
	for {
		n, err := s.r.Read(s.rb[:])
		if n == 1 {
			return true
		}
		if err != nil {
			s.r.Close()
			return false
		}
	}
}

// close makes wait report false once pending wake-ups are taken.
func (s *signal) close() {
	if s.ch != nil {
		close(s.ch)
		return
	}
	s.w.Close()
}

// closeAll closes both ends of a signal that is no longer waited on.
func (s *signal) closeAll() {
	if s.ch != nil {
		close(s.ch)
		return
	}
	s.w.Close()
	s.r.Close()
}

// usesPoller reports whether s parks in the network poller.
func (s *signal) usesPoller() bool { return s.ch == nil }
