package tiled_test

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/solarlune/resolv"

	"github.com/ikanim/kit/terrain"
	"github.com/ikanim/kit/terrain/tiled"
)

// tol is the tolerance of the geometry checks, in pixels (and for normals).
const tol = 1e-6

func near(a, b mgl64.Vec2) bool { return a.Sub(b).Len() <= tol }

func load(t *testing.T, name string, opts *tiled.Options) *tiled.Map {
	t.Helper()
	m, err := tiled.Load(os.DirFS("testdata"), name, opts)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

var s5 = math.Sqrt(5)

// The level of testdata/level.tmx and level.tmj, by hand. Rays go straight
// down from y=0 to y=320 at x; want is the first surface and its outward
// normal (miss when want is zero).
var downRays = []struct {
	name     string
	x        float64
	triggers bool
	point    mgl64.Vec2
	normal   mgl64.Vec2
}{
	{"floor", 50, false, mgl64.Vec2{50, 280}, mgl64.Vec2{0, -1}},
	// The crate is a 40x40 square turned 45 degrees clockwise about its
	// top-left corner (100,200): its top vertex stays at (100,200) and its
	// upper edges run at 45 degrees, so x=110 meets y=210.
	{"crate right", 110, false, mgl64.Vec2{110, 210}, mgl64.Vec2{math.Sqrt2 / 2, -math.Sqrt2 / 2}},
	{"crate left", 90, false, mgl64.Vec2{90, 210}, mgl64.Vec2{-math.Sqrt2 / 2, -math.Sqrt2 / 2}},
	// The board runs from (150,120) to (250,100): y = 120 - (x-150)/5; its
	// normal is (-20,-100)/|(-20,-100)|.
	{"board", 200, false, mgl64.Vec2{200, 110}, mgl64.Vec2{-20, -100}.Normalize()},
	// The slope rises from (200,280) to (300,230): y = 280 - (x-200)/2,
	// normal (-1,-2)/sqrt(5).
	{"slope", 270, false, mgl64.Vec2{270, 245}, mgl64.Vec2{-1 / s5, -2 / s5}},
	// The arch is a U at (280,90) + layer (10,10) + group (10,0) = (300,100):
	// its arms are at y=100, the notch floor at y=130.
	{"arch arm", 310, false, mgl64.Vec2{310, 100}, mgl64.Vec2{0, -1}},
	{"arch notch", 330, false, mgl64.Vec2{330, 130}, mgl64.Vec2{0, -1}},
	{"arch arm 2", 355, false, mgl64.Vec2{355, 100}, mgl64.Vec2{0, -1}},
	// The rock is the circle of centre (420,220) and radius 20: at x=432,
	// y = 220 - sqrt(400-144) = 204 and the normal is (12,-16)/20.
	{"rock top", 420, false, mgl64.Vec2{420, 200}, mgl64.Vec2{0, -1}},
	{"rock side", 432, false, mgl64.Vec2{432, 204}, mgl64.Vec2{0.6, -0.8}},
	// The hill polyline rises from (440,280) to (520,260): at x=450,
	// y = 280 - 20*10/80, normal (-20,-80)/|(-20,-80)|.
	{"hill", 450, false, mgl64.Vec2{450, 277.5}, mgl64.Vec2{-20, -80}.Normalize()},
	{"ledge", 480, false, mgl64.Vec2{480, 150}, mgl64.Vec2{0, -1}},
	// Triggers: skipped by the default filter, seen with IncludeTriggers.
	{"spikes skipped", 570, false, mgl64.Vec2{570, 260}, mgl64.Vec2{0, -1}},
	{"spikes", 570, true, mgl64.Vec2{570, 250}, mgl64.Vec2{0, -1}},
	{"door skipped", 610, false, mgl64.Vec2{610, 260}, mgl64.Vec2{0, -1}},
	{"door", 610, true, mgl64.Vec2{610, 200}, mgl64.Vec2{0, -1}},
}

func TestLevelGeometry(t *testing.T) {
	for _, file := range []string{"level.tmx", "level.tmj"} {
		m := load(t, file, nil)
		for _, r := range downRays {
			f := terrain.Filter{IncludeTriggers: r.triggers}
			h := m.World.CastFiltered(mgl64.Vec2{r.x, 0}, mgl64.Vec2{r.x, 320}, f)
			if !h.OK || !near(h.Point, r.point) || !near(h.Normal, r.normal) {
				t.Errorf("%s: %s: cast down at x=%v = %v %v (ok %v), want %v %v", file, r.name, r.x, h.Point, h.Normal, h.OK, r.point, r.normal)
			}
		}
		// The wall, from the side.
		if p, n, ok := m.World.Raycast(mgl64.Vec2{50, 100}, mgl64.Vec2{0, 100}); !ok || !near(p, mgl64.Vec2{8, 100}) || !near(n, mgl64.Vec2{1, 0}) {
			t.Errorf("%s: cast left at y=100 = %v %v %v, want (8,100) (1,0)", file, p, n, ok)
		}
		if w, h := m.Width, m.Height; w != 640 || h != 320 {
			t.Errorf("%s: size %vx%v, want 640x320", file, w, h)
		}
		if _, max := m.World.Bounds(); max != (mgl64.Vec2{640, 320}) {
			t.Errorf("%s: world bounds %v, want (640,320)", file, max)
		}
	}
}

func TestLevelObjects(t *testing.T) {
	const base = terrain.TagTerrain
	want := []struct {
		id     int
		name   string
		kind   tiled.Kind
		shapes int
		tags   resolv.Tags
	}{
		{1, "floor", tiled.Rectangle, 1, base | terrain.TagGround}, // class "ground"
		{2, "slope", tiled.Polygon, 1, base},
		{3, "rock", tiled.Ellipse, 1, base},
		{4, "ledge", tiled.Rectangle, 1, base | terrain.TagPlatform | terrain.TagOneWay}, // oneway
		{5, "door", tiled.Rectangle, 1, base | terrain.TagTrigger},
		{6, "crate", tiled.Rectangle, 1, base},
		{8, "hill", tiled.Polyline, 2, base | terrain.TagGround}, // one quad per segment
		{9, "board", tiled.Polyline, 1, base | terrain.TagGround},
		{12, "wallL", tiled.Rectangle, 1, base | terrain.TagWall},     // "tags" property
		{7, "arch", tiled.Polygon, 3, base},                           // a U: three convex pieces
		{13, "spikes", tiled.Rectangle, 1, base | terrain.TagTrigger}, // from its layer
		{10, "spawn", tiled.Point, 0, 0},
		{11, "camera", tiled.Rectangle, 0, 0}, // solid=false
	}
	for _, file := range []string{"level.tmx", "level.tmj"} {
		m := load(t, file, nil)
		if len(m.Objects) != len(want) {
			t.Fatalf("%s: %d objects, want %d", file, len(m.Objects), len(want))
		}
		total := 0
		for i, w := range want {
			o := m.Objects[i]
			if o.ID != w.id || o.Name != w.name || o.Kind != w.kind || len(o.Shapes) != w.shapes || o.Tags != w.tags {
				t.Errorf("%s: object %d = id %d %q %v, %d shapes, tags %#x; want id %d %q %v, %d shapes, tags %#x",
					file, i, o.ID, o.Name, o.Kind, len(o.Shapes), uint64(o.Tags), w.id, w.name, w.kind, w.shapes, uint64(w.tags))
			}
			for _, s := range o.Shapes {
				if s.Data() != o || *s.Tags() != o.Tags {
					t.Errorf("%s: %s: a shape's data %v / tags %#x do not point back to its object", file, o.Name, s.Data(), uint64(*s.Tags()))
				}
			}
			total += len(o.Shapes)
		}
		if n := m.World.NumShapes(); n != total || n != 14 {
			t.Errorf("%s: %d shapes in the world, objects hold %d, want 14", file, n, total)
		}
		spawn := m.Object("spawn")
		if spawn == nil || spawn.Pos != (mgl64.Vec2{32, 260}) || spawn.Class != "spawn" {
			t.Errorf("%s: spawn = %+v", file, spawn)
		}
		if door := m.Object("door"); door.Properties["target"] != "level2" || door.Properties["trigger"] != true || door.Class != "Door" {
			t.Errorf("%s: door properties %v class %q", file, door.Properties, door.Class)
		}
		if arch := m.Object("arch"); arch.Pos != (mgl64.Vec2{300, 100}) || arch.Points[3] != (mgl64.Vec2{340, 130}) {
			t.Errorf("%s: arch at %v, points %v; want (300,100) with offsets", file, arch.Pos, arch.Points)
		}
		if crate := m.Object("crate"); math.Abs(crate.Rotation-math.Pi/4) > tol {
			t.Errorf("%s: crate rotation %v, want pi/4", file, crate.Rotation)
		}
		if m.Properties["music"] != "cave" || m.Object("nobody") != nil {
			t.Errorf("%s: map properties %v", file, m.Properties)
		}
	}
}

func TestFormatsAgree(t *testing.T) {
	x, j := load(t, "level.tmx", nil), load(t, "level.tmj", nil)
	for i := range x.Objects {
		a, b := x.Objects[i], j.Objects[i]
		sa, sb := fmt.Sprint(a.ID, a.Name, a.Class, a.Layer, a.Kind, a.Pos, a.Size, a.Rotation, a.Points, a.Tags, len(a.Shapes)),
			fmt.Sprint(b.ID, b.Name, b.Class, b.Layer, b.Kind, b.Pos, b.Size, b.Rotation, b.Points, b.Tags, len(b.Shapes))
		if sa != sb {
			t.Errorf("object %d: TMX %s, TMJ %s", i, sa, sb)
		}
	}
}

func TestOptions(t *testing.T) {
	// Layers selects object layers by their name or their group's name.
	m := load(t, "level.tmx", &tiled.Options{Layers: []string{"Decor", "Markers"}})
	if len(m.Objects) != 3 || m.World.NumShapes() != 3 || m.Object("arch") == nil {
		t.Errorf("Layers Decor, Markers: %d objects, %d shapes", len(m.Objects), m.World.NumShapes())
	}
	if _, err := tiled.Load(os.DirFS("testdata"), "level.tmx", &tiled.Options{Layers: []string{"Grund"}}); err == nil || !strings.Contains(err.Error(), `no object or group layer named "Grund"`) {
		t.Errorf("unknown layer: err %v", err)
	}
	// OneWay replaces the one-way tags; Cell sets the broadphase cell.
	oneWay := resolv.NewTag("tiled_test.oneway")
	m = load(t, "level.tmj", &tiled.Options{OneWay: oneWay, Cell: 64})
	if got := m.Object("ledge").Tags; got != terrain.TagTerrain|terrain.TagOneWay|oneWay {
		t.Errorf("OneWay: ledge tags %#x", uint64(got))
	}
	if c := m.World.Space().CellWidth(); c != 64 {
		t.Errorf("Cell: %d, want 64", c)
	}
	// Tags adds names for the "tags" property and class words.
	lava := resolv.NewTag("tiled_test.lava")
	pool := `<map orientation="orthogonal" width="4" height="4" tilewidth="16" tileheight="16">
 <objectgroup name="L">
  <object id="1" name="a" x="0" y="40" width="16" height="8"><properties><property name="tags" value="Lava, wall"/></properties></object>
  <object id="2" name="b" class="lava_pool" x="20" y="40" width="16" height="8"/>
 </objectgroup>
</map>`
	m, err := tiled.Parse([]byte(pool), tiled.TMX, &tiled.Options{Tags: map[string]resolv.Tags{"lava": lava}})
	if err != nil {
		t.Fatal(err)
	}
	if a, b := m.Objects[0].Tags, m.Objects[1].Tags; a != terrain.TagTerrain|terrain.TagWall|lava || b != terrain.TagTerrain|lava {
		t.Errorf("Tags: %#x %#x", uint64(a), uint64(b))
	}
	if _, err := tiled.Parse([]byte(pool), tiled.TMX, nil); err == nil || !strings.Contains(err.Error(), `object 1 "a": properties: tags: unknown tag "Lava"`) {
		t.Errorf("Tags unset: err %v", err)
	}
}

func TestEllipsePolygon(t *testing.T) {
	// A 80x40 ellipse turned 90 degrees about its top-left corner (100,100):
	// its centre (140,120) goes to (80,140) and it stands 40 wide, 80 tall.
	src := `<map orientation="orthogonal" width="20" height="20" tilewidth="16" tileheight="16">
 <objectgroup name="L"><object id="1" name="egg" x="100" y="100" width="80" height="40" rotation="90"><ellipse/></object></objectgroup>
</map>`
	m, err := tiled.Parse([]byte(src), tiled.TMX, nil)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(m.Objects[0].Shapes); n != 1 {
		t.Fatalf("%d shapes, want one polygon", n)
	}
	if _, ok := m.Objects[0].Shapes[0].(*resolv.ConvexPolygon); !ok {
		t.Fatalf("shape %T, want a polygon", m.Objects[0].Shapes[0])
	}
	// The top is at (80, 140-40) exactly (a vertex, where the normal is an
	// adjacent edge's, within 12 degrees of up), the side at (80+20, 140)
	// within the polygon's sag (0.25 px) of the ellipse.
	if p, n, ok := m.World.Raycast(mgl64.Vec2{80, 0}, mgl64.Vec2{80, 320}); !ok || !near(p, mgl64.Vec2{80, 100}) || n[1] > -0.95 {
		t.Errorf("top: %v %v %v, want (80,100) facing up", p, n, ok)
	}
	if p, _, ok := m.World.Raycast(mgl64.Vec2{200, 140}, mgl64.Vec2{0, 140}); !ok || math.Abs(p[0]-100) > 0.25 {
		t.Errorf("side: %v %v, want x within 0.25 of 100", p, ok)
	}
}

// bad files: each must fail with an error naming the object and field.
var badFiles = []struct{ file, want string }{
	{"bad-bool.tmx", `layer "Ground": object 11 "ledge": properties: oneway: "yes" is not true or false`},
	{"bad-oneway.tmj", `object 7 "ledge": properties: oneway: want true or false, got "maybe"`},
	{"bad-points.tmx", `object 12 "hill" (polyline): points[1]: "10;-5" is not x,y`},
	{"bad-thickness.tmj", `object 8 "board": properties: thickness: -2 must be positive`},
	{"below-bottom.tmj", `object 6 "deep" (polyline): points[1].y: 190 must be above bottom 160`},
	{"capsule.tmj", `object 1 "bean": unknown shape capsule`},
	{"huge-coordinate.tmx", `object 4 "far": x: 1e+08 is beyond the size limit 1048576`},
	{"huge-map.tmx", `map: width: 1e+09 must be a whole number in [0, 1048576]`},
	{"no-object-layer.tmx", `map: no object layer (collision shapes come from object layers; tile layers are not read)`},
	{"huge.tmj", `object 3 "far": width: 1e+300 is beyond the size limit`},
	{"infinite-polyline.tmx", `object 1 "hill" (polyline): bottom: missing`},
	{"isometric.tmx", `map: orientation: "isometric" is not supported`},
	{"missing-points.tmx", `object 1 "blob" (polygon): points: a polygon needs at least 3 points`},
	{"missing-xy.tmj", `object 2 "blob" (polygon): points[1]: want {"x": ..., "y": ...}`},
	{"nan.tmx", `layer "Ground": object 2 "ghost": x: NaN is not a finite number`},
	{"negative.tmx", `object 9 "overhang" (rectangle): x: -20 is before the world's origin`},
	{"not-a-map.tmx", `root element <tileset>, want <map>`},
	{"not-a-number.tmx", `object 3 "typo": x: "1O" is not a number`},
	{"self-crossing.tmx", `object 6 "bowtie" (polygon): points[0]: the edge from this point touches or crosses the edge from points[2]`},
	{"template.tmx", `object 8 "": template: template instances are not supported`},
	{"tileset.tmj", `map: type: "tileset", want "map"`},
	{"truncated.tmj", `map: unexpected EOF`},
	{"truncated.tmx", `XML syntax error`},
	{"turns-back.tmj", `object 5 "zigzag" (polyline): points[2].x: the polyline turns back in x`},
	{"unknown-shape.tmx", `object 5 "bean": unknown shape <capsule>`},
	{"unknown-tag.tmx", `object 7 "pool": properties: tags: unknown tag "lava" (want ceiling, ground, oneway, platform, trigger, wall)`},
	{"wrong-type.tmj", `objects[0] (id 4, name "crate"): x: got a JSON string, want float64`},
	{"zero-tile.tmx", `map: tilewidth: 0 must be a whole number in [1, 1048576]`},
	{"zero-width.tmx", `object 10 "sliver" (rectangle): width: 0 must be positive`},
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
		_, err := tiled.Load(os.DirFS("testdata/bad"), c.file, nil)
		prefix := "tiled: " + c.file + ": "
		if err == nil || !strings.HasPrefix(err.Error(), prefix) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s:\n  err  %v\n  want %s...%s", c.file, err, prefix, c.want)
		}
	}
}

func TestLimits(t *testing.T) {
	if _, err := tiled.Parse(bytes.Repeat([]byte(" "), tiled.MaxBytes+1), tiled.TMX, nil); err == nil || !strings.Contains(err.Error(), "larger than") {
		t.Errorf("oversize: %v", err)
	}
	var b strings.Builder
	b.WriteString(`<map orientation="orthogonal" width="10" height="10" tilewidth="16" tileheight="16"><objectgroup name="L">`)
	for i := range tiled.MaxObjects + 1 {
		fmt.Fprintf(&b, `<object id="%d" x="1" y="1"><point/></object>`, i+1)
	}
	b.WriteString(`</objectgroup></map>`)
	if _, err := tiled.Parse([]byte(b.String()), tiled.TMX, nil); err == nil || !strings.Contains(err.Error(), "object 10001 \"\": more than 10000 objects") {
		t.Errorf("too many objects: %v", err)
	}
	deep := strings.Repeat(`<group name="g">`, tiled.MaxDepth+1) + strings.Repeat(`</group>`, tiled.MaxDepth+1)
	if _, err := tiled.Parse([]byte(`<map>`+deep+`</map>`), tiled.TMX, nil); err == nil || !strings.Contains(err.Error(), "nested more than 32 deep") {
		t.Errorf("deep groups: %v", err)
	}
	if _, err := tiled.Load(os.DirFS("testdata"), "level.txt", nil); err == nil || !strings.Contains(err.Error(), "unknown extension") {
		t.Errorf("extension: %v", err)
	}
	if _, err := tiled.Parse(nil, tiled.Format(9), nil); err == nil || !strings.Contains(err.Error(), "unknown format Format(9)") {
		t.Errorf("format: %v", err)
	}
}

// TestMarkersOnly: a map with no solid object still gives a World (empty,
// the map's size), and an infinite map's world covers its shapes.
func TestMarkersOnly(t *testing.T) {
	m, err := tiled.Parse([]byte(`{"type":"map","width":10,"height":5,"tilewidth":16,"tileheight":16,"layers":[{"type":"objectgroup","name":"S","objects":[{"id":1,"name":"start","point":true,"x":8,"y":8}]}]}`), tiled.TMJ, nil)
	if err != nil {
		t.Fatal(err)
	}
	// The space covers the map, rounded up to whole 32-pixel cells.
	if _, max := m.World.Bounds(); m.World.NumShapes() != 0 || max != (mgl64.Vec2{160, 96}) {
		t.Errorf("markers only: %d shapes, bounds %v, want 0 shapes in (160,96)", m.World.NumShapes(), max)
	}
	m, err = tiled.Parse([]byte(`{"type":"map","infinite":true,"tilewidth":16,"tileheight":16,"layers":[{"type":"objectgroup","name":"S","objects":[{"id":1,"name":"far","x":1000,"y":500,"width":30,"height":20}]}]}`), tiled.TMJ, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, max := m.World.Bounds(); max != (mgl64.Vec2{1056, 544}) {
		t.Errorf("infinite map bounds %v, want (1030,520) rounded up to cells: (1056,544)", max)
	}
}
