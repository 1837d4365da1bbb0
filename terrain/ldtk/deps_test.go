package ldtk_test

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

// Package ldtk imports no ebiten (games draw through terrain.World.Draw, or
// ldtkgo's own renderer, which the game imports itself), and beyond what
// terrain already brings in depends only on the standard library, the
// importers' shared internal package, ldtkgo and ldtkgo's gjson.
func TestDeps(t *testing.T) {
	for _, imp := range goList(t, "-f", `{{join .Imports " "}}`, ".") {
		if strings.Contains(imp, "ebiten") {
			t.Errorf("ldtk imports %s", imp)
		}
	}
	base := map[string]bool{}
	for _, p := range goList(t, "-deps", "github.com/ikanim/kit/terrain") {
		base[p] = true
	}
	for _, p := range goList(t, "-deps", ".") {
		std := !strings.Contains(strings.Split(p, "/")[0], ".")
		switch {
		case base[p], std, p == "github.com/ikanim/kit/terrain/ldtk", p == "github.com/ikanim/kit/terrain/internal/editor",
			p == "github.com/solarlune/ldtkgo", strings.HasPrefix(p, "github.com/tidwall/"):
		default:
			t.Errorf("ldtk depends on %s, which terrain does not", p)
		}
	}
}
