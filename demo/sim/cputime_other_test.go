//go:build !linux

package sim

import "time"

// threadCPU is not measured on this system.
func threadCPU() (time.Duration, bool) { return 0, false }

// processCPU is not measured on this system.
func processCPU() (time.Duration, bool) { return 0, false }
