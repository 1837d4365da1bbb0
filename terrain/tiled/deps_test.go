package tiled_test

import (
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// goList runs `go list` with args in this package's directory.
func goList(t *testing.T, args ...string) []string {
	t.Helper()
	tool, err := exec.LookPath("go")
	if err != nil {
		tool = filepath.Join(runtime.GOROOT(), "bin", "go")
	}
	out, err := exec.Command(tool, append([]string{"list"}, args...)...).Output()
	if err != nil {
		t.Skipf("go list %v: %v", args, err)
	}
	return strings.Fields(string(out))
}

// Package tiled imports neither ebiten (games draw through
// terrain.World.Draw) nor any package outside the standard library beyond
// what terrain already brings in, except the importers' shared internal
// package.
func TestDeps(t *testing.T) {
	for _, imp := range goList(t, "-f", `{{join .Imports " "}}`, ".") {
		if strings.Contains(imp, "ebiten") {
			t.Errorf("tiled imports %s", imp)
		}
	}
	base := map[string]bool{}
	for _, p := range goList(t, "-deps", "github.com/ikanim/kit/terrain") {
		base[p] = true
	}
	for _, p := range goList(t, "-deps", ".") {
		std := !strings.Contains(strings.Split(p, "/")[0], ".")
		switch {
		case base[p], std, p == "github.com/ikanim/kit/terrain/tiled", p == "github.com/ikanim/kit/terrain/internal/editor":
		default:
			t.Errorf("tiled depends on %s, which terrain does not", p)
		}
	}
}
