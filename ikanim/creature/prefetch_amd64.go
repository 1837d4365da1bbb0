package creature

import "unsafe"

// prefetchLines asks the processor to bring the n cache lines from p on
// into its caches (PREFETCHT0), without waiting for them: a hint that
// reads nothing the program sees and faults on no address.
//
//go:noescape
func prefetchLines(p unsafe.Pointer, n uintptr)
