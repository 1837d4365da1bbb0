package main

import (
	"runtime"
	"testing"
)

func TestClassify(t *testing.T) {
	for _, c := range []struct {
		names []string
		want  int
	}{
		{[]string{"runtime.mallocgc", "runtime.newobject", "runtime.acquireSudog", "runtime.chanrecv", "runtime.chanrecv2",
			"github.com/ikanim/kit/ikanim/internal/workpool.(*Pool).help", "runtime.goexit"}, runtimeOwn},
		{[]string{"runtime.mallocgcSmallNoscan", "runtime.mallocgc", "runtime.growslice",
			"github.com/ikanim/kit/demo/sim.(*Swarm).tally", "github.com/ikanim/kit/demo/sim.(*Swarm).advance", "main.run"}, ours},
		{[]string{"runtime.mallocgc", "runtime.growslice", "encoding/json.(*decodeState).object",
			"github.com/ikanim/kit/demo/sim.level", "main.run"}, ours},
		{[]string{"runtime.mallocgc", "runtime.newobject", "runtime.allocm", "runtime.newm", "runtime.startm",
			"runtime.wakep", "runtime.ready", "runtime.systemstack"}, runtimeBg},
		{[]string{"runtime.mallocgc", "runtime.newobject", "runtime.acquireSudog", "runtime.semacquire1",
			"runtime.gcMarkDone", "runtime.gcBgMarkWorker", "runtime.goexit"}, runtimeBg},
		{[]string{"runtime.mallocgc", "runtime.makeslice", "fmt.Sprintf", "main.run", "main.main.func1"}, soak},
	} {
		if got := classify(c.names).class; got != c.want {
			t.Errorf("%v: %s, want %s", c.names, classNames[got], classNames[c.want])
		}
	}
}

var sink []byte

// TestProfilerSeesAnAllocation: an allocation made between two snapshots
// shows in their diff as ours with its size.
func TestProfilerSeesAnAllocation(t *testing.T) {
	old := runtime.MemProfileRate
	runtime.MemProfileRate = 1
	defer func() { runtime.MemProfileRate = old }()
	p := newProfiler()
	// The profile publishes an allocation a cycle after the one that
	// follows it: two collections settle what came before.
	runtime.GC()
	runtime.GC()
	prev := append([]entry(nil), p.snapshot(1)...)
	sink = make([]byte, 1000)
	runtime.GC()
	runtime.GC()
	d := p.diff(prev, p.snapshot(2))
	var mine int64
	for _, s := range d.sites {
		if s.bytes == 1024 { // the size class of 1,000 bytes
			mine += s.objects
		}
	}
	// At least the one: with -count the same site's allocation of an
	// earlier run may still be published late and show too.
	if mine < 1 {
		t.Errorf("the profile diff does not show the allocation: %+v", d.sites)
	}
}
