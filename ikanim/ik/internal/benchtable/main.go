// Command benchtable runs the ik package's benchmarks once and prints the
// README's performance table (markdown) with the load average of the run.
// Run it from the repository root:
//
//	go run ./ikanim/ik/internal/benchtable
//
// It runs
//
//	go test -run XXX -bench . -benchmem -benchtime 300ms ./ikanim/ik/
//
// (pass other -bench patterns as arguments), reads the load average from
// /proc/loadavg before and after, and prints one row per benchmark: ns/op,
// allocs/op and the custom metrics (conv-%, err-p99, iters, ns/iter).
package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"
)

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

func main() {
	pattern := "."
	if len(os.Args) > 1 {
		pattern = os.Args[1]
	}
	before := loadavg()
	cmd := exec.Command("go", "test", "-run", "XXX", "-bench", pattern, "-benchmem", "-benchtime", "300ms", "./ikanim/ik/")
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	after := loadavg()
	if err != nil {
		os.Stdout.Write(out)
		fmt.Fprintln(os.Stderr, "benchtable:", err)
		os.Exit(1)
	}
	cpu := ""
	fmt.Printf("| benchmark | ns/op | allocs/op | conv-%% | err-p99 px | iters | ns/iter |\n")
	fmt.Printf("|---|---:|---:|---:|---:|---:|---:|\n")
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "cpu: ") {
			cpu = strings.TrimPrefix(line, "cpu: ")
		}
		if !strings.HasPrefix(line, "Benchmark") {
			continue
		}
		f := strings.Fields(line)
		name := strings.TrimPrefix(f[0], "Benchmark")
		if i := strings.LastIndex(name, "-"); i > 0 {
			name = name[:i]
		}
		m := map[string]string{}
		for i := 2; i+1 < len(f); i += 2 {
			m[f[i+1]] = f[i]
		}
		fmt.Printf("| %s | %s | %s | %s | %s | %s | %s |\n", name, m["ns/op"], m["allocs/op"], m["conv-%"], m["err-p99"], m["iters"], m["ns/iter"])
	}
	fmt.Printf("\n%s, %s/%s, GOMAXPROCS %d; load average (1, 5, 15 min) %s before the run, %s after.\n",
		runtime.Version(), runtime.GOOS, runtime.GOARCH, runtime.GOMAXPROCS(0), before, after)
	if cpu != "" {
		fmt.Printf("CPU: %s.\n", cpu)
	}
}
