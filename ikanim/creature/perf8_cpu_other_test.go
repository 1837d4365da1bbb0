//go:build !linux

package creature

// processCPU is not measured on this system.
func processCPU() (float64, bool) { return 0, false }
