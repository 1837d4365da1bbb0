package main

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
)

// Who made an allocation, from its stack (runtime.MemProfile at
// MemProfileRate 1).
const (
	// ours: the scene or the library asked for it (the first function of
	// the soak or of the module below the allocator is the module's), and
	// the runtime did not allocate a structure of its own for it. An
	// append or make of ours counts here though runtime.growslice does it.
	ours = iota
	// runtimeOwn: the runtime allocated a structure of its own (a sudog
	// for a goroutine parked on a channel, an M for a new thread, a timer
	// heap, a g) while running our code.
	runtimeOwn
	// runtimeBg: the runtime allocated with none of our code or the
	// soak's on the stack: the garbage collector (the soak's runtime.GC
	// before every report: its mark workers park on semaphores), another
	// goroutine of its own, or work it does on the system stack (starting
	// a thread to run a goroutine that was made ready).
	runtimeBg
	// soak: the soak's own (its reports and these profiles).
	soak
	classes
)

var classNames = [classes]string{"ours", "runtime", "runtime-bg", "soak"}

const module = "github.com/ikanim/kit/"

// entry is one allocation stack's totals in a profile (all object sizes).
type entry struct {
	key                 uint64 // hash of the stack
	rec                 int32  // its record in profiler.recs (of the last snapshot)
	objects, bytes, mem int64  // allocated objects and bytes; bytes still in use
}

// siteInfo is the class of a stack and its first frames below the
// allocator.
type siteInfo struct {
	class int
	where string
}

// profiler takes snapshots of the allocation profile into buffers made
// before the baseline, so that its own allocations do not show in the
// heap it reports (but when the number of stacks outgrows them, or for a
// stack it names for the first time).
type profiler struct {
	recs  []runtime.MemProfileRecord
	bufs  [3][]entry // the baseline, the last and the current snapshot
	sites map[uint64]siteInfo
}

func newProfiler() *profiler {
	p := &profiler{recs: make([]runtime.MemProfileRecord, 8192), sites: make(map[uint64]siteInfo, 1024)}
	for i := range p.bufs {
		p.bufs[i] = make([]entry, 0, len(p.recs))
	}
	return p
}

// snapshot writes the profile into bufs[i] (reused) sorted by stack and
// returns it. The profile is as of the last garbage collection: call it
// right after runtime.GC.
func (p *profiler) snapshot(i int) []entry {
	dst := p.bufs[i]
	n, ok := runtime.MemProfile(p.recs, true)
	for !ok {
		p.recs = make([]runtime.MemProfileRecord, n+n/2)
		n, ok = runtime.MemProfile(p.recs, true)
	}
	dst = dst[:0]
	for i := range p.recs[:n] {
		r := &p.recs[i]
		dst = append(dst, entry{key: hashStack(&r.Stack0), rec: int32(i), objects: r.AllocObjects, bytes: r.AllocBytes, mem: r.InUseBytes()})
	}
	slices.SortFunc(dst, func(a, b entry) int {
		switch {
		case a.key < b.key:
			return -1
		case a.key > b.key:
			return 1
		}
		return 0
	})
	// The profile has a record per stack and object size: sum them.
	out := dst[:0]
	for _, e := range dst {
		if k := len(out) - 1; k >= 0 && out[k].key == e.key {
			out[k].objects += e.objects
			out[k].bytes += e.bytes
			out[k].mem += e.mem
			continue
		}
		out = append(out, e)
	}
	p.bufs[i] = dst
	return out
}

func hashStack(s *[32]uintptr) uint64 {
	h := uint64(14695981039346656037)
	for _, pc := range s {
		h ^= uint64(pc)
		h *= 1099511628211
	}
	return h
}

// site classifies the stack of e, an entry of the last snapshot.
func (p *profiler) site(e entry) siteInfo {
	if s, ok := p.sites[e.key]; ok {
		return s
	}
	pcs := p.recs[e.rec].Stack()
	frames := runtime.CallersFrames(pcs)
	var names []string
	for {
		f, more := frames.Next()
		names = append(names, f.Function)
		if !more {
			break
		}
	}
	s := classify(names)
	p.sites[e.key] = s
	return s
}

// classify: the first function below the runtime's frames is who asked;
// the first of the soak's or the module's functions is whose.
func classify(names []string) siteInfo {
	i := 0 // past the allocator's frames
	for i < len(names) && (strings.HasPrefix(names[i], "runtime.mallocgc") || slices.Contains(allocator, names[i])) {
		i++
	}
	asker := i
	for asker < len(names) && isRuntime(names[asker]) {
		asker++
	}
	where := strings.Join(names[i:min(i+3, len(names))], " <- ")
	for _, n := range names {
		switch {
		case strings.HasPrefix(n, "main."):
			return siteInfo{soak, where}
		case strings.HasPrefix(n, module):
			if asker > i { // a runtime function between the allocator and our code
				return siteInfo{runtimeOwn, where}
			}
			return siteInfo{ours, where}
		}
	}
	return siteInfo{runtimeBg, where}
}

// allocator are the runtime's entry points of an allocation.
var allocator = []string{
	"runtime.newobject", "runtime.newarray", "runtime.makeslice",
	"runtime.makeslicecopy", "runtime.growslice", "runtime.makemap", "runtime.makemap_small",
	"runtime.makechan", "runtime.rawstring", "runtime.rawstringtmp", "runtime.rawbyteslice", "runtime.rawruneslice",
	"runtime.concatstrings", "runtime.concatstring2", "runtime.concatstring3", "runtime.concatstring4",
	"runtime.slicebytetostring", "runtime.convT", "runtime.convTnoptr", "runtime.convTstring",
	"runtime.convTslice", "runtime.convT64", "runtime.convT32", "runtime.convT16",
	"runtime.mapassign", "runtime.mapassign_fast64", "runtime.mapassign_faststr", "runtime.mapassign_fast32",
	"internal/runtime/maps.newobject", "internal/runtime/maps.newarray",
}

func isRuntime(fn string) bool {
	return strings.HasPrefix(fn, "runtime.") || strings.HasPrefix(fn, "internal/runtime/")
}

// allocDiff is what was allocated between two snapshots, by class.
type allocDiff struct {
	objects [classes]int64
	sites   []site // the stacks that allocated, most objects first
}

type site struct {
	siteInfo
	objects, bytes int64
}

// diff returns what was allocated from prev to now (now: the last
// snapshot). It allocates only when something was.
func (p *profiler) diff(prev, now []entry) allocDiff {
	var d allocDiff
	j := 0
	for _, e := range now {
		for j < len(prev) && prev[j].key < e.key {
			j++
		}
		var was entry
		if j < len(prev) && prev[j].key == e.key {
			was = prev[j]
		}
		if n := e.objects - was.objects; n > 0 {
			s := p.site(e)
			d.objects[s.class] += n
			d.sites = append(d.sites, site{s, n, e.bytes - was.bytes})
		}
	}
	slices.SortFunc(d.sites, func(a, b site) int { return int(b.objects - a.objects) })
	return d
}

// liveSince returns, by class, the change since base of the bytes in use
// (per stack: in use now less in use at base), now being the last
// snapshot, and the stacks whose bytes in use changed but the soak's (in
// site.bytes; allocated only when there are some).
func (p *profiler) liveSince(base, now []entry) (live [classes]int64, sites []site) {
	j := 0
	for _, e := range now {
		for j < len(base) && base[j].key < e.key {
			j++
		}
		var was entry
		if j < len(base) && base[j].key == e.key {
			was = base[j]
		}
		if d := e.mem - was.mem; d != 0 {
			si := p.site(e)
			live[si.class] += d
			if si.class != soak {
				sites = append(sites, site{siteInfo: si, bytes: d})
			}
		}
	}
	// The profile never drops a stack: every stack of base is in now.
	return live, sites
}

// printSites prints up to n sites of d, indented.
func printSites(d allocDiff, n int) {
	for _, s := range d.sites[:min(n, len(d.sites))] {
		fmt.Printf("%9s %-9s %d objects, %d B: %s\n", "", classNames[s.class], s.objects, s.bytes, s.where)
	}
}

// printLive prints up to n stacks of live bytes since the baseline, indented.
func printLive(sites []site, n int) {
	for _, s := range sites[:min(n, len(sites))] {
		fmt.Printf("%9s live %-9s %+d B: %s\n", "", classNames[s.class], s.bytes, s.where)
	}
}
