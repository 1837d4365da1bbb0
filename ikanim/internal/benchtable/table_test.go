package main

import (
	"strings"
	"testing"
)

// captured is go test -bench output as the runs print it, with figures
// chosen by hand so each verdict below can be checked by hand.
var captured = map[string]string{
	pkgIK: `goos: linux
goarch: amd64
pkg: github.com/ikanim/kit/ikanim/ik
cpu: AMD EPYC
BenchmarkTwoBoneKernelXY/limb2/random-2         	100000000	         6.000 ns/op	         0 err-p99	       100.0 conv-%	         1.000 iters	       0 B/op	       0 allocs/op
BenchmarkTwoBoneKernelXY/limb2/track-2          	100000000	        13.20 ns/op	         0 err-p99	       100.0 conv-%	         1.000 iters	       0 B/op	       0 allocs/op
BenchmarkFABRIKChain10/random/cold-2            	  300000	      1170 ns/op	  1.100 err-p99	        77.10 conv-%	         5.200 iters	       225.0 ns/iter	       0 B/op	       0 allocs/op
BenchmarkFABRIKChain10/random/warm-2            	  400000	       808.0 ns/op	  0.1300 err-p99	        74.00 conv-%	         3.300 iters	       244.8 ns/iter	       0 B/op	       0 allocs/op
BenchmarkFABRIKChain10/track/warm-2             	  700000	       468.0 ns/op	  0.0090 err-p99	        99.99 conv-%	         1.900 iters	       246.3 ns/iter	       0 B/op	       0 allocs/op
PASS
ok  	github.com/ikanim/kit/ikanim/ik	20.1s
`,
	pkgTerrain: `goos: linux
goarch: amd64
pkg: github.com/ikanim/kit/terrain
cpu: AMD EPYC
BenchmarkRaycast-2            	 4000000	       140.0 ns/op	      2845 hits/4096	       0 B/op	       0 allocs/op
BenchmarkLineTest-2           	  400000	      1460 ns/op	      2845 hits/4096	    2153 B/op	      29 allocs/op
BenchmarkRaycastSweep-2       	 2000000	       300.0 ns/op	       0 B/op	       0 allocs/op
PASS
ok  	github.com/ikanim/kit/terrain	3.0s
`,
	pkgIkanim: `goos: linux
goarch: amd64
pkg: github.com/ikanim/kit/ikanim
cpu: AMD EPYC
BenchmarkRigUpdate-2   	  500000	      1990 ns/op	      16 B/op	       1 allocs/op
--- FAIL: BenchmarkClipPose-2
    rig_bench_test.go:40: parse error
FAIL
exit status 1
FAIL	github.com/ikanim/kit/ikanim	2.0s
`,
	pkgSim: `goos: linux
goarch: amd64
pkg: github.com/ikanim/kit/demo/sim
cpu: AMD EPYC
BenchmarkBipedFrame-2   	  100000	      3000 ns/op	       0 B/op	       0 allocs/op
BenchmarkSwarm10k/workers=1-2         	      20	  9000000 ns/op	         9.000 ms/frame	      8.800 p50-ms	       900.0 ns/creature	         8.000 book%	       0 B/op	       0 allocs/op
BenchmarkSwarm10k/workers=2-2
BenchmarkSwarm10k/workers=2-2         	      40	  5000000 ns/op	         5.000 ms/frame	      4.900 p50-ms	       500.0 ns/creature	        12.00 book%	         1.870 speedup	         1.950 cores	         0.9600 cpu-eff	       0 B/op	       0 allocs/op
PASS
ok  	github.com/ikanim/kit/demo/sim	20.0s
`,
	pkgCreature: `goos: linux
goarch: amd64
pkg: github.com/ikanim/kit/ikanim/creature
cpu: AMD EPYC
BenchmarkCreatureSpider8/n=1-2         	 1000000	       330.0 ns/op	       330.0 ns/creature	      3030 creatures/ms	       0 B/op	       0 allocs/op
BenchmarkCreatureSpider8/n=100-2       	   10000	     33000 ns/op	       330.0 ns/creature	      3030 creatures/ms	       0 B/op	       0 allocs/op
BenchmarkCreatureSpider8/n=1000-2      	    1000	    336000 ns/op	       336.0 ns/creature	      2976 creatures/ms	       0 B/op	       0 allocs/op
BenchmarkCreatureSpider8/n=10000-2     	     100	   3400000 ns/op	       340.0 ns/creature	      2941 creatures/ms	       0 B/op	       0 allocs/op
BenchmarkCreatureTentacle4x10/n=1-2    	  100000	      4000 ns/op	      4000 ns/creature	       250.0 creatures/ms	       0 B/op	       0 allocs/op
BenchmarkCreatureTentacle4x10/n=100-2  	    1000	    400000 ns/op	      4000 ns/creature	       250.0 creatures/ms	       0 B/op	       0 allocs/op
BenchmarkCreatureTentacle4x10/n=1000-2 	     100	   4000000 ns/op	      4000 ns/creature	       250.0 creatures/ms	       0 B/op	       0 allocs/op
BenchmarkCreatureTentacle4x10/n=10000-2	      10	  55555556 ns/op	      5556 ns/creature	       180.0 creatures/ms	       0 B/op	       0 allocs/op
BenchmarkCrowdSpiders/n=10000/workers=1-2         	      50	   8000000 ns/op	         8.000 ms/frame	       800.0 ns/creature	       0 B/op	       0 allocs/op
BenchmarkCrowdSpiders/n=10000/workers=2-2         	     100	   4000000 ns/op	         4.000 ms/frame	       400.0 ns/creature	       0 B/op	       0 allocs/op
PASS
ok  	github.com/ikanim/kit/ikanim/creature	30.0s
`,
	pkgDraw: "drawbench: no display; skipping (run under xvfb-run -a)\nok  \tgithub.com/ikanim/kit/ikanim/internal/drawbench\t0.1s\n",
}

func parseCaptured(t *testing.T) *parsed {
	t.Helper()
	p := newParsed()
	p.RunFailed = map[string]bool{pkgIkanim: true}
	for i, r := range runs {
		var lines []line
		for _, s := range strings.Split(captured[r.Pkg], "\n") {
			lines = append(lines, line{Text: s, Load: 1 + float64(i)/10})
		}
		p.parse(lines, r.Pkg, 2)
	}
	return p
}

// rowFor returns the formatted row whose workload starts with prefix.
func rowFor(t *testing.T, trs []tableRow, prefix string) tableRow {
	t.Helper()
	for _, tr := range trs {
		if strings.HasPrefix(tr.Workload, prefix) {
			return tr
		}
	}
	t.Fatalf("no row %q", prefix)
	return tableRow{}
}

func TestParse(t *testing.T) {
	p := parseCaptured(t)
	if p.CPU != "AMD EPYC" {
		t.Errorf("CPU %q", p.CPU)
	}
	r := p.Results[key(pkgCreature, "CrowdSpiders/n=10000/workers=2")]
	if r == nil || r.N != 100 || r.Metrics["ms/frame"] != 4 || r.Metrics["allocs/op"] != 0 || r.Load != 1.4 {
		t.Errorf("CrowdSpiders workers=2: %+v", r)
	}
	// The name printed alone, then again with its figures.
	if r := p.Results[key(pkgSim, "Swarm10k/workers=2")]; r == nil || r.Metrics["speedup"] != 1.87 {
		t.Errorf("Swarm10k workers=2: %+v", r)
	}
	if p.Failed[key(pkgIkanim, "ClipPose")] != "failed" {
		t.Errorf("ClipPose not marked failed: %v", p.Failed)
	}
	if p.PkgError[pkgDraw] != "no display" {
		t.Errorf("drawbench: %v", p.PkgError)
	}
}

func TestTableVerdicts(t *testing.T) {
	trs := parseCaptured(t).format(rows)
	for _, c := range []struct {
		prefix                               string
		figure, allocs, target, status, load string
	}{
		// 6 <= 12 met; 13.2 > 12: (13.2-12)/12 = 10 %.
		{"two-bone kernel `ik.SolveTwoBoneXY`", "6.00 / 13.2 ns", "0", "<= 12 ns", "random met, track missed by 10 %", "1.00"},
		// Not in the captured output (the benchmark exists in the tree,
		// but the captured run left it out): no such benchmark.
		{"two-bone kernel `ik.SolveTwoBone`,", "not run: no such benchmark", "", "<= 12 ns", "not run", ""},
		// 1,170 <= 1,300 and 468 <= 1,200.
		{"FABRIK, chain10, random cold / track warm", "1,170 / 468 ns", "0", "<= 1,300 / <= 1,200 ns", "met", "1.00"},
		// 77.1 >= 76.25 met; 74 < 75.2: (75.2-74)/75.2 = 1.6 %.
		{"FABRIK, chain10, converged", "77.10 / 74.00 / 99.99 %", "0", ">= 76.25 / >= 75.2 / - %", "random cold met, random warm missed by 1.6 %", "1.00"},
		// 0.13 > 0.12: 8.3 %.
		{"FABRIK, chain10, error p99", "1.10 / 0.130 px", "0", "<= 1.15 / <= 0.12 px", "random cold met, random warm missed by 8.3 %", "1.00"},
		{"foot ray, 160 shapes", "140 ns", "0", "<= 150 ns", "met", "1.10"},
		// The resolv comparison allocates and has no target.
		{"the same rays through `resolv.LineTest`", "1,460 ns", "29", "", "no target", "1.10"},
		{"ray, 100,000 shapes, dense world", "not run: no such benchmark", "", "<= 2,000 ns", "not run", ""},
		// One alloc where 0 is the target.
		{"biped frame, no ground", "1,990 ns", "1", "", "missed: 1 allocs/op (target 0)", "1.20"},
		{"keyframe clip sample", "not run: failed", "", "", "not run", ""},
		// A package whose run failed: its other benchmarks did not run.
		{"Blend1D pose", "not run: go test failed before it ran", "", "", "not run", ""},
		// 3,000 > 2,500: 20 %.
		{"grounded biped frame", "3,000 ns", "0", "<= 2,500 ns", "missed by 20 %", "1.30"},
		// 5 ms > 4 ms: 25 %.
		{"swarm scene, 10,000 creatures, 1 / 2 workers", "9.00 / 5.00 ms", "0", "- / <= 4 ms", "missed by 25 %", "1.30"},
		{"swarm scene, 10,000 creatures, speed-up", "1.87 x", "0", ">= 1.7 x", "met", "1.30"},
		{"swarm scene, 10,000 creatures, 2 workers: cores", "1.95 / 0.960", "0", "", "no target", "1.30"},
		// 12 > 10: 20 %.
		{"swarm scene, 10,000 creatures, bookkeeping", "8.00 / 12.00 %", "0", "<= 10 %", "1 worker met, 2 workers missed by 20 %", "1.30"},
		// 330 > 300: 10 %; 340 <= 350.
		{"spider full frame", "330 / 330 / 336 / 340 ns", "0", "<= 300 / - / - / <= 350 ns", "n = 1 missed by 10 %, n = 10,000 met", "1.40"},
		// 180 < 200: 10 %.
		{"tentacle creatures", "250 / 250 / 250 / 180 /ms", "0", ">= 200 /ms", "n = 1 met, n = 100 met, n = 1,000 met, n = 10,000 missed by 10 %", "1.40"},
		{"crowd of 10,000 spiders, 1 / 2 workers", "8.00 / 4.00 ms", "0", "- / <= 4 ms", "met", "1.40"},
		// 8 / 4 = 2 >= 1.7.
		{"crowd of 10,000 spiders, speed-up", "2.00 x", "0", ">= 1.7 x", "met", "1.40"},
		{"draw 1,000 spiders", "not run: no display", "", "", "not run", ""},
		// A benchmark no row reads gets a row of its own.
		{"`BenchmarkRaycastSweep` (terrain)", "300 ns", "0", "", "no target", "1.10"},
	} {
		tr := rowFor(t, trs, c.prefix)
		got := []string{tr.Figure, tr.Allocs, tr.Target, tr.Status, tr.Load}
		want := []string{c.figure, c.allocs, c.target, c.status, c.load}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("%s: column %d = %q, want %q", c.prefix, i+3, got[i], want[i])
			}
		}
	}
	if n := len(trs); n != len(rows)+1 {
		t.Errorf("%d rows, want %d (the spec's and one extra)", n, len(rows)+1)
	}
	// Every row is a markdown row of the header's 7 columns.
	cols := strings.Count(strings.SplitN(tableHeader, "\n", 2)[0], "|")
	for _, tr := range trs {
		if got := strings.Count(strings.ReplaceAll(tr.String(), `\|`, ""), "|"); got != cols {
			t.Errorf("row %q has %d separators, want %d", tr.Workload, got, cols)
		}
	}
}

// A benchmark that panics ends its package's run: the benchmarks after it
// in the tree are "go test failed", those not in the tree stay "no such
// benchmark".
func TestFailedRunVsMissing(t *testing.T) {
	p := newParsed()
	p.RunFailed = map[string]bool{pkgTerrain: true}
	p.Exists = map[string]map[string]bool{pkgTerrain: {"Raycast": true, "LineTest": true}}
	p.parse([]line{{Text: "pkg: " + pkgTerrain}, {Text: "panic: boom"}}, pkgTerrain, 2)
	trs := p.format(rows)
	if f := rowFor(t, trs, "foot ray, 160 shapes").Figure; f != "not run: go test failed before it ran" {
		t.Errorf("Raycast: %q", f)
	}
	if f := rowFor(t, trs, "ray, 100,000 shapes, grown").Figure; f != "not run: no such benchmark" {
		t.Errorf("RaycastGrown100k: %q", f)
	}
}

func TestNum(t *testing.T) {
	for v, want := range map[float64]string{0: "0", 4.93: "4.93", 15.64: "15.6", 1089.4: "1,089", 712345: "712,345", 0.0079: "7.9e-03", 0.12: "0.120"} {
		if got := num(v, "ns"); got != want {
			t.Errorf("num(%v) = %q, want %q", v, got, want)
		}
	}
	for v, want := range map[float64]string{12: "12", 1300: "1,300", 75.2: "75.2", 1e-9: "1e-09"} {
		if got := exact(v); got != want {
			t.Errorf("exact(%v) = %q, want %q", v, got, want)
		}
	}
}

// The draw rows read their allocations from the allocs/frame metric and say
// so in their verdict.
func TestDrawAllocs(t *testing.T) {
	p := newParsed()
	p.parse([]line{
		{Text: "pkg: " + pkgDraw, Load: 2},
		{Text: "BenchmarkCreatureDraw/n=1000/images-2  	      10	  80000000 ns/op	        64.50 draw-ms/frame	     64500 ns/creature	       116.0 allocs/frame	     25000 drawimage/frame	  900000 B/op	    2000 allocs/op", Load: 2},
		{Text: "BenchmarkCreatureDraw/n=1000/atlas-2   	      10	  70000000 ns/op	        54.20 draw-ms/frame	     54200 ns/creature	         0 allocs/frame	     25000 drawimage/frame	  900000 B/op	    1500 allocs/op", Load: 2.5},
	}, pkgDraw, 2)
	tr := rowFor(t, p.format(rows), "draw 1,000 spiders")
	if tr.Figure != "64.5 / 54.2 ms" || tr.Allocs != "116 / 0" || tr.Status != "missed: 116 allocs/frame (target 0)" || tr.Load != "2.00-2.50" {
		t.Errorf("draw row: %+v", tr)
	}
	if tr := rowFor(t, p.format(rows), "draw 10,000 spiders"); tr.Figure != "not run: no such benchmark" {
		t.Errorf("draw 10,000 row: %+v", tr)
	}
}
