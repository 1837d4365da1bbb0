package creature

import (
	"testing"
	"unsafe"
)

// TestLegLayout: a planted leg's per-frame fields lie in the first 64 bytes
// of leg, and leg is a whole number of 64-byte lines, so that in a slice
// of legs (64-byte aligned, as the allocator's size classes of a multiple
// of 64 bytes are) a planted leg costs one cache line a frame.
func TestLegLayout(t *testing.T) {
	var l leg
	if s := unsafe.Sizeof(l); s%64 != 0 {
		t.Errorf("unsafe.Sizeof(leg{}) = %d, want a multiple of 64", s)
	}
	hot := map[string]uintptr{
		"foot":     unsafe.Offsetof(l.foot) + unsafe.Sizeof(l.foot),
		"normal":   unsafe.Offsetof(l.normal) + unsafe.Sizeof(l.normal),
		"hip":      unsafe.Offsetof(l.hip) + unsafe.Sizeof(l.hip),
		"stretch2": unsafe.Offsetof(l.stretch2) + unsafe.Sizeof(l.stretch2),
		"state":    unsafe.Offsetof(l.state) + 1,
		"alt":      unsafe.Offsetof(l.alt) + 1,
		"altTo":    unsafe.Offsetof(l.altTo) + 1,
	}
	for name, end := range hot {
		if end > 64 {
			t.Errorf("leg.%s ends at byte %d, want within the first 64", name, end)
		}
	}
	for _, n := range []int{MinLegs, 4, 6, 8, MaxLegs} {
		ls := make([]leg, n)
		if a := uintptr(unsafe.Pointer(&ls[0])) % 64; a != 0 {
			t.Errorf("make([]leg, %d) at %d mod 64, want 0", n, a)
		}
	}
}
