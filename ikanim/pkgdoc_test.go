package ikanim

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPackageDocsOnlyInDocGo: in the library's packages only doc.go holds
// the package documentation. A file whose derivation comment sits right
// above its package clause becomes part of the package doc: go doc showed
// about 250 lines of derivations before "Package ikanim brings ...", and
// the synopsis (go list, pkg.go.dev) was "Aiming: head look-at plus ..."
// (a new user's trial). A blank line between the comment and the clause
// keeps it a file comment.
func TestPackageDocsOnlyInDocGo(t *testing.T) {
	for _, dir := range []string{".", "ik", "creature", "quality", "spine", "../terrain", "../terrain/tiled", "../terrain/ldtk"} {
		ents, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		hasDoc := false
		for _, e := range ents {
			hasDoc = hasDoc || e.Name() == "doc.go"
		}
		if !hasDoc {
			continue
		}
		fset := token.NewFileSet()
		for _, e := range ents {
			n := e.Name()
			if !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") || n == "doc.go" {
				continue
			}
			f, err := parser.ParseFile(fset, filepath.Join(dir, n), nil, parser.PackageClauseOnly|parser.ParseComments)
			if err != nil {
				t.Fatal(err)
			}
			if f.Doc != nil {
				t.Errorf("%s: its comment %q... is part of the package doc (put a blank line before the package clause)", filepath.Join(dir, n), firstLine(f.Doc.Text()))
			}
		}
	}
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
