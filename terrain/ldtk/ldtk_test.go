package ldtk_test

import (
	"bytes"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/solarlune/resolv"

	"github.com/ikanim/kit/terrain"
	"github.com/ikanim/kit/terrain/ldtk"
)

// tol is the tolerance of the geometry checks, in pixels (and for normals).
const tol = 1e-6

func near(a, b mgl64.Vec2) bool { return a.Sub(b).Len() <= tol }

func level(t *testing.T, name string, opts *ldtk.Options) *ldtk.Level {
	t.Helper()
	p, err := ldtk.Load(os.DirFS("testdata"), "level.ldtk")
	if err != nil {
		t.Fatal(err)
	}
	l, err := p.Level(name, opts)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

var s5 = math.Sqrt(5)

// Level_0 of testdata/level.ldtk, by hand (16-pixel cells; a point field
// value (cx, cy) is the centre of its cell, ((cx+0.5)*16, (cy+0.5)*16)).
// Rays go straight down from y=0 to y=160.
var downRays = []struct {
	name     string
	x        float64
	triggers bool
	point    mgl64.Vec2
	normal   mgl64.Vec2
}{
	// IntGrid: value 1 "Wall" fills rows 8-9 (y 128..160) and column 0.
	{"floor", 180, false, mgl64.Vec2{180, 128}, mgl64.Vec2{0, -1}},
	// Ramp: the entity at (88,136), then points (9,6) = (152,104) and
	// (9,8) = (152,136): the slope y = 136 - (x-88)/2, normal (-1,-2)/sqrt5.
	{"ramp", 120, false, mgl64.Vec2{120, 120}, mgl64.Vec2{-1 / s5, -2 / s5}},
	// Rock: render mode Ellipse, 32x32 about its centre pivot (56,96).
	{"rock", 56, false, mgl64.Vec2{56, 80}, mgl64.Vec2{0, -1}},
	// Platform entity (one-way by field) at (64,48), 48x8.
	{"ledge", 80, false, mgl64.Vec2{80, 48}, mgl64.Vec2{0, -1}},
	// Door: a 16x32 trigger with its pivot at its bottom-left (160,128).
	{"door skipped", 168, false, mgl64.Vec2{168, 128}, mgl64.Vec2{0, -1}},
	{"door", 168, true, mgl64.Vec2{168, 96}, mgl64.Vec2{0, -1}},
	// Arch: a U from (200,24) with arms at y=24 and the notch floor at y=40
	// between x=216 and 232.
	{"arch arm", 208, false, mgl64.Vec2{208, 24}, mgl64.Vec2{0, -1}},
	{"arch notch", 224, false, mgl64.Vec2{224, 40}, mgl64.Vec2{0, -1}},
	// IntGrid value 2 "Oneway_platform": row 5, columns 12-15.
	{"intgrid platform", 252, false, mgl64.Vec2{252, 80}, mgl64.Vec2{0, -1}},
	// Hill: ground under (264,120), (280,104), (312,104).
	{"hill slope", 272, false, mgl64.Vec2{272, 112}, mgl64.Vec2{-math.Sqrt2 / 2, -math.Sqrt2 / 2}},
	{"hill top", 300, false, mgl64.Vec2{300, 104}, mgl64.Vec2{0, -1}},
	// IntGrid value 3 "Water": row 7, columns 18-19; solid by default.
	{"water", 316, false, mgl64.Vec2{316, 112}, mgl64.Vec2{0, -1}},
}

func TestLevelGeometry(t *testing.T) {
	l := level(t, "Level_0", nil)
	for _, r := range downRays {
		h := l.World.CastFiltered(mgl64.Vec2{r.x, 0}, mgl64.Vec2{r.x, 160}, terrain.Filter{IncludeTriggers: r.triggers})
		if !h.OK || !near(h.Point, r.point) || !near(h.Normal, r.normal) {
			t.Errorf("%s: cast down at x=%v = %v %v (ok %v), want %v %v", r.name, r.x, h.Point, h.Normal, h.OK, r.point, r.normal)
		}
	}
	if p, n, ok := l.World.Raycast(mgl64.Vec2{40, 60}, mgl64.Vec2{0, 60}); !ok || !near(p, mgl64.Vec2{16, 60}) || !near(n, mgl64.Vec2{1, 0}) {
		t.Errorf("wall from the side: %v %v %v, want (16,60) (1,0)", p, n, ok)
	}
	if l.Width != 320 || l.Height != 160 || l.WorldPos != (mgl64.Vec2{}) || l.Identifier != "Level_0" || l.Source == nil {
		t.Errorf("level %q %vx%v at %v", l.Identifier, l.Width, l.Height, l.WorldPos)
	}
}

func TestLevelShapes(t *testing.T) {
	l := level(t, "", nil) // the first level
	const base = terrain.TagTerrain
	want := []struct {
		iid    string
		shapes int
		tags   resolv.Tags
	}{
		{"e-player", 0, 0},
		{"e-ramp", 1, base},
		{"e-arch", 3, base}, // a U: three convex pieces
		{"e-hill", 2, base | terrain.TagGround},
		{"e-rock", 1, base},
		{"e-ledge", 1, base | terrain.TagPlatform | terrain.TagOneWay}, // identifier word and oneway field
		{"e-door", 1, base | terrain.TagTrigger},
		{"e-checkpoint", 0, 0},
	}
	if len(l.Entities) != len(want) {
		t.Fatalf("%d entities, want %d", len(l.Entities), len(want))
	}
	for i, w := range want {
		e := l.Entities[i]
		if e.IID != w.iid || len(e.Shapes) != w.shapes || e.Tags != w.tags {
			t.Errorf("entity %d = %s, %d shapes, tags %#x; want %s, %d, %#x", i, e.IID, len(e.Shapes), uint64(e.Tags), w.iid, w.shapes, uint64(w.tags))
		}
		for _, s := range e.Shapes {
			if s.Data() != e {
				t.Errorf("%s: a shape's data does not point back to the entity", e.IID)
			}
		}
	}
	if _, ok := l.Entity("Rock").Shapes[0].(*resolv.Circle); !ok {
		t.Errorf("rock: %T, want a circle (render mode Ellipse, square)", l.Entity("Rock").Shapes[0])
	}
	// IntGrid: 4 rectangles (column 0 and rows 8-9 of walls, the platform,
	// the water) with their value as Data.
	cells := map[string]int{}
	var cellTags = map[string]resolv.Tags{}
	l.World.Space().ForEachShape(func(s resolv.IShape, _, _ int) bool {
		if v, ok := s.Data().(*ldtk.IntGridValue); ok {
			cells[v.Identifier]++
			cellTags[v.Identifier] = *s.Tags()
		}
		return true
	})
	if cells["Wall"] != 2 || cells["Oneway_platform"] != 1 || cells["Water"] != 1 {
		t.Errorf("IntGrid rectangles %v, want Wall 2, Oneway_platform 1, Water 1", cells)
	}
	if cellTags["Wall"] != base|terrain.TagWall || cellTags["Oneway_platform"] != base|terrain.TagPlatform|terrain.TagOneWay || cellTags["Water"] != base {
		t.Errorf("IntGrid tags %#x %#x %#x", uint64(cellTags["Wall"]), uint64(cellTags["Oneway_platform"]), uint64(cellTags["Water"]))
	}
	if n := l.World.NumShapes(); n != 13 {
		t.Errorf("%d shapes, want 9 from entities + 4 IntGrid rectangles", n)
	}
	// Markers and fields.
	player := l.Entity("Player")
	if player.Pos != (mgl64.Vec2{40, 128}) || player.Pivot != (mgl64.Vec2{0.5, 1}) || len(player.Categories) != 1 || player.Categories[0] != "actor" {
		t.Errorf("player %+v", player)
	}
	if p, ok := l.Entity("Checkpoint").Point("respawn"); !ok || p != (mgl64.Vec2{40, 40}) {
		t.Errorf("checkpoint respawn point %v %v, want (40,40)", p, ok)
	}
	if ps := l.Entity("Ramp").Points("polygon"); len(ps) != 2 || ps[0] != (mgl64.Vec2{152, 104}) {
		t.Errorf("ramp points %v", ps)
	}
	if l.Entity("Door").Fields["target"] != "Level_1" || l.Entity("Nobody") != nil {
		t.Errorf("door fields %v", l.Entity("Door").Fields)
	}
}

func TestLevelOffsetAndSelection(t *testing.T) {
	// Level_1: one wall cell at column 1, row 2 of a layer offset by (8,-8).
	l := level(t, "Level_1", nil)
	if h := l.World.Cast(mgl64.Vec2{30, 0}, mgl64.Vec2{30, 48}); !h.OK || !near(h.Point, mgl64.Vec2{30, 24}) {
		t.Errorf("offset cell: %+v, want a hit at (30,24)", h)
	}
	if l.WorldPos != (mgl64.Vec2{320, 32}) || l.World.NumShapes() != 1 {
		t.Errorf("Level_1 at %v with %d shapes", l.WorldPos, l.World.NumShapes())
	}
	p, _ := ldtk.Load(os.DirFS("testdata"), "level.ldtk")
	if _, err := p.Level("7d3c8f00-1111-11ef-8000-000000000011", nil); err != nil {
		t.Errorf("by IID: %v", err)
	}
	if _, err := p.Level("Level_9", nil); err == nil || !strings.Contains(err.Error(), `ldtk: level.ldtk: no level "Level_9" (the project has ["Level_0" "Level_1"])`) {
		t.Errorf("unknown level: %v", err)
	}
}

func TestOptions(t *testing.T) {
	// Solid: water is not solid; the ray at x=316 falls to the floor.
	l := level(t, "Level_0", &ldtk.Options{Solid: func(layer string, value int, id string) bool { return id != "Water" }})
	if h := l.World.Cast(mgl64.Vec2{316, 0}, mgl64.Vec2{316, 160}); !h.OK || !near(h.Point, mgl64.Vec2{316, 128}) {
		t.Errorf("Solid without water: %+v", h)
	}
	// Layers: only the IntGrid layer.
	l = level(t, "Level_0", &ldtk.Options{Layers: []string{"Collisions"}})
	if len(l.Entities) != 0 || l.World.NumShapes() != 4 {
		t.Errorf("Layers Collisions: %d entities, %d shapes", len(l.Entities), l.World.NumShapes())
	}
	p, _ := ldtk.Load(os.DirFS("testdata"), "level.ldtk")
	if _, err := p.Level("", &ldtk.Options{Layers: []string{"Colisions"}}); err == nil || !strings.Contains(err.Error(), `no layer named "Colisions"`) {
		t.Errorf("unknown layer: %v", err)
	}
	// OneWay and Cell.
	oneWay := resolv.NewTag("ldtk_test.oneway")
	l = level(t, "Level_0", &ldtk.Options{OneWay: oneWay, Cell: 16})
	if got := l.Entity("Platform").Tags; got != terrain.TagTerrain|terrain.TagPlatform|terrain.TagOneWay|oneWay {
		t.Errorf("OneWay: platform tags %#x (its identifier still names platform)", uint64(got))
	}
	if c := l.World.Space().CellWidth(); c != 16 {
		t.Errorf("Cell %d, want 16", c)
	}
}

var badFiles = []struct{ file, want string }{
	{"background-without-pos.ldtk", `level "Level_0": __bgPos: missing or short for background "sky.png"`},
	{"bad-oneway.ldtk", `level "Level_0": layer "Entities": entity "Block" (iid e-block): fields: oneway: want true or false, got "maybe"`},
	{"csv-length.ldtk", `level "Level_0": layer "Collisions": intGridCsv: 3 values, want __cWid*__cHei = 4*3`},
	{"external-level.ldtk", `level "Level_0": saved in a separate file "level/Level_0.ldtkl", which is not supported`},
	{"huge-level.ldtk", `level "Level_0": pxWid, pxHei: 1000000000x48 must be in (0, 1048576]`},
	{"missing-px.ldtk", `entity "Block" (iid e-block): px: want [x, y], got 0 numbers`},
	{"multi-world.ldtk", `worlds: multi-world projects are not supported`},
	{"negative.ldtk", `entity "Block" (iid e-block): x: -20 is before the world's origin`},
	{"no-layers.ldtk", `level "Level_0": layerInstances: missing`},
	{"no-levels.ldtk", `levels: the project has no levels`},
	{"not-a-project.ldtk", `not an LDtk project`},
	{"null-entity.ldtk", `layer "Entities": entityInstances: null entity`},
	{"null-layer.ldtk", `level "Level_0": layerInstances[0]: null`},
	{"polygon-not-points.ldtk", `entity "Block" (iid e-block): field "polygon": want an array of points`},
	{"polyline-empty.ldtk", `entity "Hill" (iid e-block): field "polyline": no points`},
	{"polyline-below.ldtk", `field "polyline" (the entity's position is points[0]): points[1].y: 152 must be above bottom 48`},
	{"self-crossing.ldtk", `field "polygon" (the entity's position is points[0]): points[0]: the edge from this point touches or crosses the edge from points[2]`},
	{"tileset-identifier-number.ldtk", `defs.tilesets.identifier: got a JSON number, want string`},
	{"truncated.ldtk", `invalid character`},
	{"unknown-layer-type.ldtk", `layer "Collisions": __type: "Tilez" is not a layer type of LDtk`},
	{"unknown-tag.ldtk", `fields: tags: unknown tag "lava"`},
	{"wrong-type.ldtk", `levels.pxWid: got a JSON string, want int`},
}

func TestBadFiles(t *testing.T) {
	ents, err := os.ReadDir("testdata/bad")
	if err != nil {
		t.Fatal(err)
	}
	if len(ents) != len(badFiles) {
		t.Errorf("%d files in testdata/bad, %d in the table", len(ents), len(badFiles))
	}
	for _, c := range badFiles {
		p, err := ldtk.Load(os.DirFS("testdata/bad"), c.file)
		if err == nil {
			_, err = p.Level("", nil)
		}
		prefix := "ldtk: " + c.file + ": "
		if err == nil || !strings.HasPrefix(err.Error(), prefix) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s:\n  err  %v\n  want %s...%s", c.file, err, prefix, c.want)
		}
	}
	if _, err := ldtk.Parse(bytes.Repeat([]byte(" "), ldtk.MaxBytes+1)); err == nil || !strings.Contains(err.Error(), "larger than") {
		t.Errorf("oversize: %v", err)
	}
}

// The minimal project the bad files are made from loads.
func TestMinimal(t *testing.T) {
	p, err := ldtk.Load(os.DirFS("testdata"), "minimal.ldtk")
	if err != nil {
		t.Fatal(err)
	}
	l, err := p.Level("", nil)
	if err != nil {
		t.Fatal(err)
	}
	// The floor row and the solid block.
	if l.World.NumShapes() != 2 || len(l.Entity("Block").Shapes) != 1 {
		t.Errorf("%d shapes", l.World.NumShapes())
	}
}
