package main

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
)

// line is one line of go test's output with the 1-minute load average read
// when it arrived (NaN when unknown).
type line struct {
	Text string
	Load float64
}

// result is one benchmark's figures.
type result struct {
	Pkg     string
	Name    string // without "Benchmark" and the -GOMAXPROCS suffix
	N       int
	Metrics map[string]float64
	Load    float64 // 1-minute load average when its line was printed
	order   int
}

// parsed is what a run printed.
type parsed struct {
	Results  map[string]*result // by key(pkg, name)
	Failed   map[string]string  // key(pkg, name) -> "failed" or "skipped"
	PkgError map[string]string  // pkg -> why it did not run ("build failed", "no display", ...)
	CPU      string
	// Exists lists, per package, the top-level benchmarks its test files
	// declare (nil: not known); RunFailed marks the packages whose go test
	// exited with an error. Together they tell a benchmark that is not in
	// the tree from one a failed run never reached.
	Exists    map[string]map[string]bool
	RunFailed map[string]bool
	n         int
}

func key(pkg, name string) string { return pkg + "\x00" + name }

func newParsed() *parsed {
	return &parsed{Results: map[string]*result{}, Failed: map[string]string{}, PkgError: map[string]string{}}
}

// stripProcs removes the -GOMAXPROCS suffix go test adds to a benchmark's
// name ("Swarm10k/workers=2-2" -> "Swarm10k/workers=2"). With GOMAXPROCS 1
// there is no suffix; procs is then 1 and nothing is removed.
func stripProcs(name string, procs int) string {
	if procs <= 1 {
		return name
	}
	return strings.TrimSuffix(name, "-"+strconv.Itoa(procs))
}

// parse reads go test -bench output. defPkg is the package assumed before a
// "pkg:" line (the run's package); procs is GOMAXPROCS of the run.
func (p *parsed) parse(lines []line, defPkg string, procs int) {
	pkg := defPkg
	pending := "" // a benchmark name printed without its figures yet
	for _, ln := range lines {
		t := strings.TrimRight(ln.Text, "\r\n")
		f := strings.Fields(t)
		switch {
		case len(f) == 0:
			continue
		case strings.HasPrefix(t, "pkg: "):
			pkg = strings.TrimSpace(strings.TrimPrefix(t, "pkg: "))
			continue
		case strings.HasPrefix(t, "cpu: "):
			p.CPU = strings.TrimSpace(strings.TrimPrefix(t, "cpu: "))
			continue
		case strings.Contains(t, "no display; skipping"):
			p.PkgError[pkg] = "no display"
			continue
		case f[0] == "FAIL" && len(f) >= 2 && strings.Contains(t, "[build failed]"):
			p.PkgError[f[1]] = "build failed"
			continue
		case f[0] == "FAIL" && len(f) >= 2 && strings.Contains(t, "[setup failed]"):
			p.PkgError[f[1]] = "setup failed"
			continue
		}
		if (f[0] == "---" || strings.HasPrefix(strings.TrimSpace(t), "--- ")) && len(f) >= 3 {
			// "--- FAIL: BenchmarkX/sub-2 (0.01s)"
			if n, ok := strings.CutPrefix(f[2], "Benchmark"); ok {
				switch f[1] {
				case "FAIL:":
					p.Failed[key(pkg, stripProcs(n, procs))] = "failed"
				case "SKIP:":
					p.Failed[key(pkg, stripProcs(n, procs))] = "skipped"
				}
			}
			continue
		}
		name := ""
		figs := f
		if n, ok := strings.CutPrefix(f[0], "Benchmark"); ok {
			name = stripProcs(n, procs)
			figs = f[1:]
			if len(figs) == 0 {
				pending = name
				continue
			}
		} else if pending != "" {
			name = pending
		} else {
			continue
		}
		iters, err := strconv.Atoi(figs[0])
		if err != nil || len(figs) < 3 {
			continue
		}
		pending = ""
		r := &result{Pkg: pkg, Name: name, N: iters, Metrics: map[string]float64{}, Load: ln.Load, order: p.n}
		p.n++
		for i := 1; i+1 < len(figs); i += 2 {
			v, err := strconv.ParseFloat(figs[i], 64)
			if err != nil {
				continue
			}
			r.Metrics[figs[i+1]] = v
		}
		p.Results[key(pkg, name)] = r
	}
}

// verdict is one cell's figure against its target.
type verdict struct {
	Label  string
	Value  float64
	Run    bool
	Why    string // why it did not run
	Met    bool
	Missed float64 // percent
	Target bool
}

// cellValue returns a cell's figure and its allocs, or why it has none.
func (p *parsed) cellValue(pkg string, c cell) (v, allocs float64, hasAllocs bool, load float64, why string) {
	get := func(name string) (*result, string) {
		if e, ok := p.PkgError[pkg]; ok {
			return nil, e
		}
		r, ok := p.Results[key(pkg, name)]
		if !ok {
			if f, ok := p.Failed[key(pkg, name)]; ok {
				return nil, f
			}
			// A parent that failed fails its sub-benchmarks.
			for n := name; strings.Contains(n, "/"); {
				n = n[:strings.LastIndex(n, "/")]
				if f, ok := p.Failed[key(pkg, n)]; ok {
					return nil, f
				}
			}
			if p.RunFailed[pkg] {
				top, _, _ := strings.Cut(name, "/")
				if ex, ok := p.Exists[pkg]; !ok || ex[top] {
					return nil, "go test failed before it ran"
				}
			}
			return nil, "no such benchmark"
		}
		return r, ""
	}
	r, why := get(c.Bench)
	if r == nil {
		return 0, 0, false, math.NaN(), why
	}
	m, ok := r.Metrics[c.Metric]
	if !ok {
		return 0, 0, false, r.Load, "no " + c.Metric + " metric"
	}
	am := c.AllocMetric
	if am == "" {
		am = "allocs/op"
	}
	allocs, hasAllocs = r.Metrics[am]
	load = r.Load
	if c.Div != "" {
		d, why := get(c.Div)
		if d == nil {
			return 0, 0, false, load, why
		}
		dm, ok := d.Metrics[c.Metric]
		if !ok || dm == 0 {
			return 0, 0, false, load, "no " + c.Metric + " metric"
		}
		m /= dm
		if da, ok := d.Metrics[am]; ok && da > allocs {
			allocs = da
		}
		if !math.IsNaN(d.Load) && (math.IsNaN(load) || d.Load > load) {
			load = d.Load
		}
	}
	return m, allocs, hasAllocs, load, ""
}

// tableRow is a formatted row.
type tableRow struct {
	Workload, Includes, Figure, Allocs, Target, Status, Load string
}

func (t tableRow) String() string {
	cols := []string{t.Workload, t.Includes, t.Figure, t.Allocs, t.Target, t.Status, t.Load}
	for i, c := range cols {
		cols[i] = strings.ReplaceAll(c, "|", `\|`) // a | inside a cell would end it
	}
	return "| " + strings.Join(cols, " | ") + " |"
}

const tableHeader = "| workload | what it includes | figure | allocs/op | target | status | load |\n|---|---|---:|---:|---:|---|---:|"

// format makes the table's rows: the rows of the spec, then a row for every
// benchmark of the run no row read.
func (p *parsed) format(spec []row) []tableRow {
	var out []tableRow
	used := map[string]bool{}
	for _, r := range spec {
		for _, c := range r.Cells {
			used[key(r.Pkg, c.Bench)] = true
			if c.Div != "" {
				used[key(r.Pkg, c.Div)] = true
			}
		}
		out = append(out, p.formatRow(r))
	}
	var extra []*result
	for k, r := range p.Results {
		if !used[k] {
			extra = append(extra, r)
		}
	}
	sort.Slice(extra, func(i, j int) bool { return extra[i].order < extra[j].order })
	for _, r := range extra {
		metric := "ns/op"
		if _, ok := r.Metrics[metric]; !ok {
			for m := range r.Metrics {
				metric = m
				break
			}
		}
		unit := metric
		if unit == "ns/op" {
			unit = "ns"
		}
		out = append(out, p.formatRow(row{
			Pkg:      r.Pkg,
			Workload: "`Benchmark" + r.Name + "` (" + shortPkg(r.Pkg) + ")",
			Includes: "not described here yet: see the benchmark's doc comment",
			Unit:     unit,
			Cells:    []cell{{Bench: r.Name, Metric: metric}},
		}))
	}
	return out
}

func shortPkg(pkg string) string {
	return strings.TrimPrefix(pkg, "github.com/ikanim/kit/")
}

func (p *parsed) formatRow(r row) tableRow {
	scale := r.Scale
	if scale == 0 {
		scale = 1
	}
	var figs, allocs, targets []string
	var vs []verdict
	loMin, loMax := math.Inf(1), math.Inf(-1)
	anyRun, anyTarget := false, false
	whys := map[string]bool{}
	var whyOrder []string
	maxAllocs := 0.0
	allocUnit := "allocs/op"
	for _, c := range r.Cells {
		if c.AllocMetric != "" {
			allocUnit = c.AllocMetric
		}
		v, a, hasA, load, why := p.cellValue(r.Pkg, c)
		if !math.IsNaN(load) {
			loMin, loMax = math.Min(loMin, load), math.Max(loMax, load)
		}
		vd := verdict{Label: c.Label, Run: why == "", Why: why, Target: c.Cmp != ""}
		if c.Cmp != "" {
			anyTarget = true
			targets = append(targets, c.Cmp+" "+exact(c.Target*scale))
		} else {
			targets = append(targets, "-")
		}
		if why != "" {
			if !whys[why] {
				whys[why] = true
				whyOrder = append(whyOrder, why)
			}
			figs = append(figs, "n/a")
			allocs = append(allocs, "n/a")
			vs = append(vs, vd)
			continue
		}
		anyRun = true
		vd.Value = v
		figs = append(figs, num(v*scale, r.Unit))
		if hasA {
			allocs = append(allocs, exact(a))
			maxAllocs = math.Max(maxAllocs, a)
		} else {
			allocs = append(allocs, "-")
		}
		if c.Cmp != "" {
			switch c.Cmp {
			case le:
				vd.Met = v <= c.Target
				vd.Missed = 100 * (v - c.Target) / c.Target
			case ge:
				vd.Met = v >= c.Target
				vd.Missed = 100 * (c.Target - v) / c.Target
			}
		}
		vs = append(vs, vd)
	}
	tr := tableRow{Workload: r.Workload, Includes: r.Includes}
	if !anyRun {
		msg := "not run: " + strings.Join(whyOrder, ", ")
		tr.Figure, tr.Allocs, tr.Status, tr.Load = msg, "", "not run", ""
		if anyTarget {
			tr.Target = joinSame(targets) + unitSuffix(r.Unit)
		}
		return tr
	}
	tr.Figure = strings.Join(figs, " / ") + unitSuffix(r.Unit)
	tr.Allocs = joinSame(allocs)
	if anyTarget {
		tr.Target = joinSame(targets) + unitSuffix(r.Unit)
	}
	if !math.IsInf(loMin, 1) {
		tr.Load = fmt.Sprintf("%.2f", loMin)
		if loMax-loMin >= 0.005 {
			tr.Load = fmt.Sprintf("%.2f-%.2f", loMin, loMax)
		}
	}
	tr.Status = status(vs, anyTarget)
	if !r.NoAllocTarget && maxAllocs > 0 {
		a := fmt.Sprintf("missed: %s %s (target 0)", exact(maxAllocs), allocUnit)
		if tr.Status == "no target" || tr.Status == "met" {
			tr.Status = a
		} else {
			tr.Status += "; " + a
		}
	}
	if len(whyOrder) > 0 {
		tr.Status += "; n/a: " + strings.Join(whyOrder, ", ")
	}
	return tr
}

// status is "met", "missed by X %" or, for rows of several targeted
// figures not all met, each figure's verdict.
func status(vs []verdict, anyTarget bool) string {
	if !anyTarget {
		return "no target"
	}
	var targeted []verdict
	allMet := true
	for _, v := range vs {
		if v.Target && v.Run {
			targeted = append(targeted, v)
			allMet = allMet && v.Met
		}
	}
	if len(targeted) == 0 {
		return "not run"
	}
	if allMet {
		return "met"
	}
	if len(targeted) == 1 {
		return "missed by " + pct(targeted[0].Missed)
	}
	var parts []string
	for _, v := range targeted {
		if v.Met {
			parts = append(parts, v.Label+" met")
		} else {
			parts = append(parts, v.Label+" missed by "+pct(v.Missed))
		}
	}
	return strings.Join(parts, ", ")
}

func pct(x float64) string {
	if x < 9.95 {
		return fmt.Sprintf("%.1f %%", x)
	}
	return fmt.Sprintf("%.0f %%", x)
}

func unitSuffix(u string) string {
	if u == "" {
		return ""
	}
	return " " + u
}

// joinSame joins the parts with " / ", or returns one part when all are the
// same.
func joinSame(parts []string) string {
	same := true
	for _, s := range parts[1:] {
		same = same && s == parts[0]
	}
	if same {
		return parts[0]
	}
	return strings.Join(parts, " / ")
}

// num formats a figure with about three significant digits and thousands
// separators; percentages keep two decimals.
func num(v float64, unit string) string {
	a := math.Abs(v)
	switch {
	case v == 0:
		return "0"
	case unit == "%":
		return fmt.Sprintf("%.2f", v)
	case a >= 100:
		return commas(int64(math.Round(v)))
	case a >= 10:
		return fmt.Sprintf("%.1f", v)
	case a >= 1:
		return fmt.Sprintf("%.2f", v)
	case a >= 0.01:
		return fmt.Sprintf("%.3f", v)
	default:
		return fmt.Sprintf("%.1e", v)
	}
}

// exact formats a target or a count as written: integers with thousands
// separators, other values in the shortest form.
func exact(v float64) string {
	if v == math.Trunc(v) && math.Abs(v) < 1e15 {
		return commas(int64(v))
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}

func commas(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}
