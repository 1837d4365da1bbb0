package sim

import (
	"syscall"
	"time"
)

// threadCPU returns the CPU time the calling OS thread has used, and true.
// Benchmarks lock their goroutine to its thread and report CPU time per op
// beside the wall time: on a machine shared with other work the wall time
// includes the time the thread waited for a core.
func threadCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	const rusageThread = 1 // RUSAGE_THREAD
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}

// processCPU returns the CPU time every thread of the process has used so
// far, and true: a benchmark of work spread over worker goroutines
// compares it with the wall time to tell how many cores the work got.
func processCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
