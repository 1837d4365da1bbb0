package tiled_test

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/terrain/tiled"
)

// seeds adds the committed test maps with the given extension, without
// their layout whitespace and comments: the fuzzing engine minimises each new
// input byte by byte, which takes minutes on a 10 kB file.
func seeds(f *testing.F, ext string) {
	names, _ := filepath.Glob("testdata/*" + ext)
	bad, _ := filepath.Glob("testdata/bad/*" + ext)
	for _, name := range append(names, bad...) {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		if ext == ".tmj" {
			var b bytes.Buffer
			if json.Compact(&b, data) == nil {
				data = b.Bytes()
			}
		} else {
			data = regexp.MustCompile(`(?s)<!--.*?-->`).ReplaceAll(data, nil)
			data = regexp.MustCompile(`>\s+<`).ReplaceAll(data, []byte("><"))
		}
		f.Add(data)
	}
}

// fuzzParse parses data and, when it builds, casts rays across the world:
// nothing may panic, and no hit may hold NaN.
func fuzzParse(t *testing.T, data []byte, format tiled.Format) {
	m, err := tiled.Parse(data, format, nil)
	if err != nil {
		return
	}
	_, max := m.World.Bounds()
	for k := range 8 {
		x := max[0] * float64(k) / 7
		h := m.World.Cast(mgl64.Vec2{x, -1}, mgl64.Vec2{x, max[1] + 1})
		if math.IsNaN(h.Point[0]+h.Point[1]+h.Normal[0]+h.Normal[1]) || (h.OK && math.Abs(h.Normal.Len()-1) > 1e-9) {
			t.Fatalf("bad hit %+v", h)
		}
	}
}

func FuzzParseTMX(f *testing.F) {
	seeds(f, ".tmx")
	f.Fuzz(func(t *testing.T, data []byte) { fuzzParse(t, data, tiled.TMX) })
}

func FuzzParseTMJ(f *testing.F) {
	seeds(f, ".tmj")
	f.Fuzz(func(t *testing.T, data []byte) { fuzzParse(t, data, tiled.TMJ) })
}
