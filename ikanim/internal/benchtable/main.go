// Command benchtable runs the benchmarks behind the README's performance
// table and prints the table (markdown), with what each row includes, its
// target and whether the run met it, the load average of the run and of each
// row, the Go version, the CPU and the exact commands. Run it from anywhere
// in the module:
//
//	go run ./ikanim/internal/benchtable               # the README's table (about 3 minutes on 2 shared cores)
//	go run ./ikanim/internal/benchtable -short        # a quick smoke run (-benchtime 1x), for CI
//	go run ./ikanim/internal/benchtable -benchtime 1s # longer runs (default 300ms)
//
// It runs one go test per package, one after the other, in a fixed order
// (ikanim/ik, terrain, ikanim, demo/sim, ikanim/creature, and
// ikanim/internal/drawbench under xvfb-run -a when xvfb-run exists or a
// display is set; otherwise the draw rows print "not run: no display"):
//
//	go test -run '^$' -bench PATTERN -benchmem -benchtime 300ms ./PKG/
//
// The rows, their descriptions and targets are in rows.go. A row whose
// benchmark is not in the tree prints "not run: no such benchmark"; a
// benchmark of the run that no row reads gets a row of its own. Progress
// (go test's own output) goes to stderr, the table to stdout. The exit
// status is 1 when a go test run failed (the table is printed anyway).
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"time"
)

func main() {
	benchtime := flag.String("benchtime", "300ms", "go test -benchtime for every benchmark")
	short := flag.Bool("short", false, "quick smoke run: -benchtime 1x (figures are not comparable)")
	quiet := flag.Bool("q", false, "do not echo go test's output to stderr")
	draw := flag.Bool("draw", true, "run the draw benchmarks when a display or xvfb-run is available")
	flag.Parse()
	bt := *benchtime
	if *short {
		bt = "1x"
	}
	root, err := moduleRoot()
	if err != nil {
		fmt.Fprintln(os.Stderr, "benchtable:", err)
		os.Exit(2)
	}
	echo := io.Writer(os.Stderr)
	if *quiet {
		echo = io.Discard
	}

	procs := runtime.GOMAXPROCS(0) // the test binaries' too: the -N suffix of their benchmark names
	p := newParsed()
	p.Exists = map[string]map[string]bool{}
	p.RunFailed = map[string]bool{}
	var cmds []string
	failed := false
	start := time.Now()
	loadBefore := loadavg()
	for _, r := range runs {
		p.Exists[r.Pkg] = benchmarksIn(filepath.Join(root, r.Dir))
		args := []string{"go", "test", "-run", "^$", "-bench", r.Pattern, "-benchmem", "-benchtime", bt, "-timeout", "30m", r.Dir}
		var env []string
		if r.Display {
			switch {
			case !*draw:
				p.PkgError[r.Pkg] = "-draw=false"
				continue
			case hasCommand("xvfb-run"):
				args = append([]string{"xvfb-run", "-a"}, args...)
				env = append(env, "IKANIM_REQUIRE_DISPLAY=1")
			case os.Getenv("DISPLAY") != "" || os.Getenv("WAYLAND_DISPLAY") != "":
				env = append(env, "IKANIM_REQUIRE_DISPLAY=1")
			default:
				p.PkgError[r.Pkg] = "no display"
				continue
			}
		}
		cmds = append(cmds, shellJoin(args))
		fmt.Fprintf(echo, "benchtable: %s\n", shellJoin(args))
		lines, err := runLines(root, args, env, echo)
		p.parse(lines, r.Pkg, procs)
		if err != nil {
			failed = true
			p.RunFailed[r.Pkg] = true
			fmt.Fprintf(os.Stderr, "benchtable: %s: %v\n", shellJoin(args), err)
		}
	}
	loadAfter := loadavg()
	dur := time.Since(start).Round(time.Second)

	cmdline := "go run ./ikanim/internal/benchtable"
	if len(os.Args) > 1 {
		cmdline += " " + shellJoin(os.Args[1:])
	}
	cpu := p.CPU
	if cpu == "" {
		cpu = cpuModel()
	}
	fmt.Printf("Printed by `%s` from one run (-benchtime %s) that started %s UTC and took %s.\n",
		cmdline, bt, start.UTC().Format("2006-01-02 15:04"), dur)
	fmt.Printf("%s %s/%s, GOMAXPROCS %d, CPU: %s.\n", runtime.Version(), runtime.GOOS, runtime.GOARCH, procs, cpu)
	fmt.Printf("Load average (1, 5, 15 min): %s before the run, %s after; the load column is the 1-minute load average when the row's benchmark finished.\n",
		loadBefore, loadAfter)
	fmt.Printf("Targets are BENCH.md's and issue 11's; every row but the resolv comparison and the draw floor also has a target of 0 allocs/op.\n")
	fmt.Printf("Figures separated by / are the cells the workload column names, in order.\n\n")
	fmt.Println(tableHeader)
	for _, tr := range p.format(rows) {
		fmt.Println(tr)
	}
	fmt.Printf("\nThe go test runs, one after the other:\n\n```sh\n%s\n```\n", strings.Join(cmds, "\n"))
	if failed {
		os.Exit(1)
	}
}

// runLines runs args in dir and returns its output (stdout and stderr) line
// by line, each with the 1-minute load average when it arrived; it echoes
// every line to echo.
func runLines(dir string, args, env []string, echo io.Writer) ([]line, error) {
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	pr, pw := io.Pipe()
	cmd.Stdout, cmd.Stderr = pw, pw
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	done := make(chan error, 1)
	go func() {
		err := cmd.Wait()
		pw.Close()
		done <- err
	}()
	var lines []line
	sc := bufio.NewScanner(pr)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for sc.Scan() {
		t := sc.Text()
		fmt.Fprintln(echo, t)
		lines = append(lines, line{Text: t, Load: load1()})
	}
	io.Copy(io.Discard, pr)
	return lines, <-done
}

func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}

func load1() float64 {
	f := strings.Fields(loadavg())
	if len(f) == 0 {
		return math.NaN()
	}
	v, err := strconv.ParseFloat(f[0], 64)
	if err != nil {
		return math.NaN()
	}
	return v
}

func cpuModel() string {
	b, err := os.ReadFile("/proc/cpuinfo")
	if err == nil {
		for _, l := range strings.Split(string(b), "\n") {
			if k, v, ok := strings.Cut(l, ":"); ok && strings.TrimSpace(k) == "model name" {
				return strings.TrimSpace(v)
			}
		}
	}
	return "unknown"
}

func moduleRoot() (string, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %v", err)
	}
	mod := strings.TrimSpace(string(out))
	if mod == "" || mod == os.DevNull {
		return "", fmt.Errorf("not inside the module: run it from the repository")
	}
	return filepath.Dir(mod), nil
}

func hasCommand(name string) bool {
	_, err := exec.LookPath(name)
	return err == nil
}

var benchFunc = regexp.MustCompile(`(?m)^func Benchmark(\w+)\(`)

// benchmarksIn lists the top-level benchmarks declared in dir's test files.
func benchmarksIn(dir string) map[string]bool {
	names := map[string]bool{}
	files, _ := filepath.Glob(filepath.Join(dir, "*_test.go"))
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		for _, m := range benchFunc.FindAllSubmatch(b, -1) {
			names[string(m[1])] = true
		}
	}
	return names
}

// shellJoin quotes the arguments that need it for a POSIX shell.
func shellJoin(args []string) string {
	q := make([]string, len(args))
	for i, a := range args {
		if a == "" || strings.ContainsAny(a, " \t$^|()*?[]{}'\"\\<>&;!#~") {
			q[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		} else {
			q[i] = a
		}
	}
	return strings.Join(q, " ")
}
