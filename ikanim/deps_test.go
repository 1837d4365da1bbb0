package ikanim_test

import (
	"os/exec"
	"strings"
	"testing"
)

// The dependency direction of the module: demo -> ikanim..., terrain,
// assets; ikanim/creature -> ikanim -> ikanim/ik; terrain -> resolv. The
// rig and creature packages declare the Ground they need and never import
// resolv or terrain, and nothing outside demo/ imports demo.
func TestDependencyDirection(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "github.com/ikanim/kit/ikanim", "github.com/ikanim/kit/ikanim/creature").CombinedOutput()
	if err != nil {
		t.Skipf("go list unavailable: %v: %s", err, out)
	}
	for _, dep := range strings.Fields(string(out)) {
		switch {
		case strings.Contains(dep, "solarlune/resolv"), strings.HasPrefix(dep, "github.com/ikanim/kit/terrain"):
			t.Errorf("ikanim or ikanim/creature depends on %s: they declare Ground and never import the world", dep)
		case strings.HasPrefix(dep, "github.com/ikanim/kit/demo"), strings.HasPrefix(dep, "github.com/ikanim/kit/assets"):
			t.Errorf("ikanim or ikanim/creature depends on %s", dep)
		}
	}
	out, err = exec.Command("go", "list", "-f", "{{.ImportPath}} {{join .Imports \" \"}} {{join .TestImports \" \"}} {{join .XTestImports \" \"}}", "github.com/ikanim/kit/...").CombinedOutput()
	if err != nil {
		t.Skipf("go list unavailable: %v: %s", err, out)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(f[0], "github.com/ikanim/kit/demo") {
			continue
		}
		for _, imp := range f[1:] {
			if strings.HasPrefix(imp, "github.com/ikanim/kit/demo") {
				t.Errorf("%s imports %s: nothing outside demo/ may import it", f[0], imp)
			}
		}
	}
}
