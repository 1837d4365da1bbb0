//go:build !amd64

package creature

import "unsafe"

// prefetchLines is a no-op where no prefetch instruction is used.
func prefetchLines(p unsafe.Pointer, n uintptr) {}
