package creature

import "syscall"

// processCPU returns the CPU time, ns, every thread of the process has used
// so far, and true. The frame benchmarks report it per creature beside the
// wall time: on a machine shared with other work the wall time includes
// the time the threads waited for a core.
func processCPU() (float64, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return float64(ru.Utime.Nano() + ru.Stime.Nano()), true
}
