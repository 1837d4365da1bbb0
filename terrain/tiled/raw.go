package tiled

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"
)

// rawMap is a map as read from either format, before any geometry.
type rawMap struct {
	orientation     string
	width, height   float64 // in tiles
	tileW, tileH    float64
	infinite        bool
	props           []prop
	root            rawLayer // kind "group"
	objects, points int      // counts, against the limits
	layers          int
}

// rawLayer is an object layer ("objectgroup") or a group layer ("group").
// Other layers are skipped by the readers.
type rawLayer struct {
	kind     string
	name     string
	class    string
	offset   mgl64.Vec2
	props    []prop
	objects  []rawObject
	children []rawLayer
}

// rawObject is an object as written in the file.
type rawObject struct {
	id         int
	name       string
	class      string
	x, y, w, h float64
	rot        float64 // degrees, clockwise
	kind       Kind
	points     []mgl64.Vec2 // relative to (x, y)
	template   string
	props      []prop
}

// prop is a custom property: value is a bool, a float64 or a string; nil for
// a class-typed property.
type prop struct {
	name  string
	value any
}

// where names an object in errors.
func (o *rawObject) where(layer string) string {
	return fmt.Sprintf("layer %q: object %d %q", layer, o.id, o.name)
}

// count adds an object with n points to the map's totals.
func (m *rawMap) count(n int) error {
	m.objects++
	m.points += n
	if m.objects > MaxObjects {
		return fmt.Errorf("more than %d objects", MaxObjects)
	}
	if m.points > MaxPoints {
		return fmt.Errorf("more than %d polygon and polyline points", MaxPoints)
	}
	return nil
}

// addLayer counts a layer against MaxLayers and MaxDepth.
func (m *rawMap) addLayer(depth int) error {
	m.layers++
	if m.layers > MaxLayers {
		return fmt.Errorf("more than %d layers", MaxLayers)
	}
	if depth > MaxDepth {
		return fmt.Errorf("group layers nested more than %d deep", MaxDepth)
	}
	return nil
}
