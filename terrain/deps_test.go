package terrain_test

import (
	"go/build"
	"go/parser"
	"go/token"
	"strings"
	"testing"
)

// terrain depends only on resolv, mathgl, the standard library and (in
// draw.go and draw_texture.go only) ebiten; never on another package of this module.
func TestImports(t *testing.T) {
	pkg, err := build.ImportDir(".", 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, imp := range pkg.Imports {
		switch {
		case strings.HasPrefix(imp, "github.com/ikanim/kit"):
			t.Errorf("terrain imports %s: the dependency direction is terrain -> resolv only", imp)
		case imp == "github.com/solarlune/resolv", imp == "github.com/go-gl/mathgl/mgl64",
			strings.HasPrefix(imp, "github.com/hajimehoshi/ebiten/v2"), !strings.Contains(imp, "."):
		default:
			t.Errorf("terrain imports %s, not an allowed dependency", imp)
		}
	}
	// ebiten only in the drawing files.
	drawing := map[string]bool{"draw.go": true, "draw_texture.go": true}
	fset := token.NewFileSet()
	for _, name := range pkg.GoFiles {
		f, err := parser.ParseFile(fset, name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			if strings.Contains(imp.Path.Value, "ebiten") && !drawing[name] {
				t.Errorf("%s imports %s; only draw.go and draw_texture.go may import ebiten", name, imp.Path.Value)
			}
		}
	}
}
