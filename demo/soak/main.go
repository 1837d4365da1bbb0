// Command soak runs the demo's swarm scene headless (package demo/sim, no
// window, no drawing) for a chosen time, as fast as it goes, and prints a
// line every -every: the frames run and simulated frames per second in that
// interval, the NaN count, falls and respawns so far, the heap in use and
// allocated (runtime.ReadMemStats right after runtime.GC) and the heap
// objects allocated per frame. From the start every allocation is recorded
// (runtime.MemProfileRate 1), so each report also says who allocated in its
// frames: the scene and the library ("ours"), or the runtime for
// structures of its own (sudogs of parked goroutines, new threads, timer
// heaps), with the stacks, and how many bytes of the heap are objects
// allocated after the baseline and still live, by who allocated them. The
// garbage collector's own allocations (the soak forces a collection before
// every report) and the soak's are counted apart. The first report at or
// after -warmup is the
// baseline; the command exits with status 1 when a later report's heap
// (HeapAlloc or HeapInuse) exceeds the baseline by more than
// -heap-tolerance, or when a NaN or Inf was seen.
//
//	go run ./demo/soak -minutes 30 -count 10000            # a report a minute
//	go run ./demo/soak -minutes 1 -every 10s -warmup 20s   # what CI runs
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"
	"time"

	"github.com/ikanim/kit/demo/sim"
)

type options struct {
	minutes   float64
	count     int
	workers   int
	seed      uint64
	tps       int
	every     time.Duration
	warmup    time.Duration
	tolerance int64
	memprof   string
}

func main() {
	var o options
	flag.Float64Var(&o.minutes, "minutes", 30, "how long to run, in minutes of wall time")
	flag.IntVar(&o.count, "count", 10000, "number of creatures")
	flag.IntVar(&o.workers, "workers", 0, "goroutines updating the creatures (0 = one per core)")
	flag.Uint64Var(&o.seed, "seed", 1, "seed of the scene")
	flag.IntVar(&o.tps, "tps", 60, "simulated frames per second of game time (each frame advances 1/tps s)")
	flag.DurationVar(&o.every, "every", time.Minute, "time between two reports")
	flag.DurationVar(&o.warmup, "warmup", time.Minute, "the first report at or after this time is the heap baseline")
	flag.Int64Var(&o.tolerance, "heap-tolerance", 256<<10, "bytes the heap may grow past the baseline")
	flag.StringVar(&o.memprof, "memprofile", "", "write the allocation profile (pprof, every allocation) to this path at the end")
	flag.Parse()
	// Every allocation is recorded, so that the reports can say who made
	// each (a frame that allocates nothing costs nothing more).
	runtime.MemProfileRate = 1
	// The swarm runs on a goroutine of its own, as a game's Update does
	// under Ebitengine (its game loop runs on a goroutine; the main one,
	// which Ebitengine's init locks to its OS thread, only serves the
	// window). Run on the locked main goroutine, every yield of the
	// workers' caller handed its P to another thread and the runtime kept
	// starting threads, whose structures stayed on the heap: 15.7 KB over
	// 30 minutes, with no allocation in the frames themselves.
	errc := make(chan error, 1)
	go func() { errc <- run(o) }()
	if err := <-errc; err != nil {
		fmt.Fprintln(os.Stderr, "soak:", err)
		os.Exit(1)
	}
}

// report is one line of the soak's output.
type report struct {
	at                time.Duration // since the start
	frames            int           // in the interval
	fps               float64       // simulated frames per second of wall time in the interval (reports excluded)
	nan               int
	falls, respawns   int
	heapInuse, heapAl uint64
	mallocs           float64   // heap objects allocated per frame in the interval
	allocs            allocDiff // who allocated them (the collector's run before the report may be in it)
}

func run(o options) error {
	if !(o.minutes > 0) || o.every <= 0 || o.tps < 1 || o.count < 1 {
		return fmt.Errorf("want -minutes > 0, -every > 0, -tps >= 1, -count >= 1")
	}
	total := time.Duration(o.minutes * float64(time.Minute))
	if o.warmup >= total {
		return fmt.Errorf("-warmup %v must be shorter than the run (%v)", o.warmup, total)
	}
	built := time.Now()
	s, err := sim.NewSwarm(sim.Art{}, o.count, o.seed)
	if err != nil {
		return err
	}
	defer s.Close()
	s.SetWorkers(o.workers)
	dt := 1 / float64(o.tps)
	fmt.Printf("soak: swarm scene, %d creatures, seed %d, %d TPS, %d workers (GOMAXPROCS %d), %s, built in %.1f s\n",
		o.count, o.seed, o.tps, s.Workers(), runtime.GOMAXPROCS(0), runtime.Version(), time.Since(built).Seconds())
	fmt.Printf("soak: %v, a report every %v, heap baseline at the first report from %v, tolerance %d bytes\n",
		total, o.every, o.warmup, o.tolerance)
	fmt.Printf("soak: allocs/fr from the runtime's count; from the profile, ours/fr and rt/fr (the scene and library; the runtime's own structures\n" +
		"      with our code on the stack), bg (objects the runtime allocated with no code of ours or the soak's on the stack: the collector, threads);\n" +
		"      live ours/rt/bg/soak: bytes of objects allocated after the baseline still in use, by who allocated them\n")
	fmt.Printf("%9s %8s %8s %5s %7s %9s %12s %12s %10s %8s %10s %8s %8s %4s %s\n",
		"time", "frames", "sim fps", "NaN", "falls", "respawns", "heap inuse", "heap alloc", "growth", "net", "allocs/fr", "ours/fr", "rt/fr", "bg", "live ours/rt/bg/soak")

	var baseInuse, baseAlloc uint64 // the baseline's heap (plain values: nothing of the report is kept)
	var baseSites []entry
	haveBase := false
	prof := newProfiler()
	var worst, worstNet int64
	var lastLive [classes]int64 // the live bytes by class at the last report
	var liveSites []site        // to print when they changed
	var ms runtime.MemStats
	runtime.GC()
	prev := prof.snapshot(1)
	start := time.Now()
	for next := o.every; ; next += o.every {
		if next > total {
			next = total
		}
		runtime.ReadMemStats(&ms)
		mallocs := ms.Mallocs
		from, frames := time.Now(), 0
		for time.Since(start) < next {
			s.Step(dt)
			frames++
		}
		busy := time.Since(from)
		runtime.ReadMemStats(&ms)
		mallocs = ms.Mallocs - mallocs
		runtime.GC()
		runtime.GC() // the second frees what sync.Pools kept through the first (the reports' own fmt buffers)
		runtime.ReadMemStats(&ms)
		now := prof.snapshot(2)
		falls, respawns := s.Falls()
		r := report{
			at: next, frames: frames, fps: float64(frames) / busy.Seconds(),
			nan: s.Meter().NaNs(), falls: falls, respawns: respawns,
			heapInuse: ms.HeapInuse, heapAl: ms.HeapAlloc,
			mallocs: float64(mallocs) / float64(max(frames, 1)),
			allocs:  prof.diff(prev, now),
		}
		growth, net, live := "warm-up", "", "-"
		switch {
		case !haveBase && next >= o.warmup:
			haveBase, baseInuse, baseAlloc = true, r.heapInuse, r.heapAl
			prof.bufs[0] = append(prof.bufs[0][:0], now...)
			baseSites = prof.bufs[0]
			growth = "baseline"
		case haveBase:
			g := max(int64(r.heapAl)-int64(baseAlloc), int64(r.heapInuse)-int64(baseInuse))
			worst = max(worst, g)
			growth = fmt.Sprintf("%+d", g)
			l, ls := prof.liveSince(baseSites, now)
			live = fmt.Sprintf("%d/%d/%d/%d", l[ours], l[runtimeOwn], l[runtimeBg], l[soak])
			// Less what the soak itself keeps (its names of allocation sites
			// new since the baseline): the scene's and the runtime's
			// growth.
			n := g - l[soak]
			worstNet = max(worstNet, n)
			net = fmt.Sprintf("%+d", n)
			if l[soak] = 0; l != lastLive {
				// What changed: the stacks of the objects live since the
				// baseline, but the soak's.
				liveSites, lastLive = ls, l
			}
		}
		perFrame := func(class int) float64 { return float64(r.allocs.objects[class]) / float64(max(frames, 1)) }
		fmt.Printf("%9s %8d %8.1f %5d %7d %9d %12d %12d %10s %8s %10.3g %8.3g %8.3g %4d %s\n",
			r.at.Round(time.Second), r.frames, r.fps, r.nan, r.falls, r.respawns, r.heapInuse, r.heapAl, growth, net, r.mallocs,
			perFrame(ours), perFrame(runtimeOwn), r.allocs.objects[runtimeBg], live)
		printSites(r.allocs, 6)
		printLive(liveSites, 8)
		liveSites = nil
		if next >= total {
			if o.memprof != "" {
				if err := writeProfile(o.memprof); err != nil {
					return err
				}
			}
			return verdict(o, s, haveBase, worst, worstNet)
		}
		// The report's own allocations go into the next window's start.
		runtime.GC()
		prev = prof.snapshot(1)
	}
}

// writeProfile writes the allocation profile to path.
func writeProfile(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := pprof.Lookup("allocs").WriteTo(f, 0); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// verdict prints the summary and returns an error if the run failed.
func verdict(o options, s *sim.Swarm, haveBase bool, worst, worstNet int64) error {
	s.Flush()
	m := s.Meter()
	falls, respawns := s.Falls()
	fmt.Printf("soak: %d frames (%.0f s of game time); NaN %d, falls %d, respawns %d; slip max %.3g px over %d stances, gap max %.3g px\n",
		s.Frames(), float64(s.Frames())/float64(o.tps), m.NaNs(), falls, respawns, m.FootSlipMax(), m.Stances(), m.ContactGapMax())
	var errs []error
	if !haveBase {
		errs = append(errs, errors.New("no report after the warm-up: no heap baseline"))
	} else {
		fmt.Printf("soak: heap growth past the baseline at most %d bytes (tolerance %d); less the soak's own live objects at most %d bytes\n", worst, o.tolerance, worstNet)
		if worst > o.tolerance {
			errs = append(errs, fmt.Errorf("the heap grew %d bytes past the warm-up baseline (tolerance %d)", worst, o.tolerance))
		}
	}
	if n := m.NaNs(); n > 0 {
		errs = append(errs, fmt.Errorf("%d NaN or Inf values", n))
	}
	if err := errors.Join(errs...); err != nil {
		return err
	}
	fmt.Println("soak: PASS")
	return nil
}
