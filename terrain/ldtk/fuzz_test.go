package ldtk_test

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/terrain/ldtk"
)

// FuzzParse: reading any bytes, and building every level of what parses,
// never panics (ldtkgo included) and gives hits without NaN. Seeds are the
// committed projects, compacted (the fuzzing engine minimises new inputs byte
// by byte).
func FuzzParse(f *testing.F) {
	names, _ := filepath.Glob("testdata/*.ldtk")
	bad, _ := filepath.Glob("testdata/bad/*.ldtk")
	for _, name := range append(names, bad...) {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		var b bytes.Buffer
		if json.Compact(&b, data) == nil {
			data = b.Bytes()
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := ldtk.Parse(data)
		if err != nil {
			return
		}
		for _, id := range p.Levels() {
			l, err := p.Level(id, nil)
			if err != nil {
				continue
			}
			_, max := l.World.Bounds()
			for k := range 8 {
				x := max[0] * float64(k) / 7
				h := l.World.Cast(mgl64.Vec2{x, -1}, mgl64.Vec2{x, max[1] + 1})
				if math.IsNaN(h.Point[0]+h.Point[1]+h.Normal[0]+h.Normal[1]) || (h.OK && math.Abs(h.Normal.Len()-1) > 1e-9) {
					t.Fatalf("bad hit %+v", h)
				}
			}
		}
	})
}
