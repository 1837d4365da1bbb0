package ikanim_test

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/ikanim/kit/ikanim"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// bipedSprites is a SpriteSource with the project's humanoid part names and
// placeholder images (the real atlas is the assets package's; these tests
// need only names and identities).
func bipedSprites() (ikanim.SpriteMap, ikanim.BipedSprites) {
	img := ebiten.NewImage(16, 16)
	part := func(x, y, w, h int, px, py, l float64) ikanim.Sprite {
		s := ikanim.Sprite{Image: img.SubImage(image.Rect(x, y, x+w, y+h)).(*ebiten.Image), Length: l}
		s.Pivot[0], s.Pivot[1] = px, py
		return s
	}
	sp := ikanim.BipedSprites{
		Torso: part(0, 0, 4, 4, 1, 2, 40), Head: part(4, 0, 4, 4, 2, 3, 0),
		UpperArm: part(8, 0, 4, 4, 1, 1, 22), Forearm: part(12, 0, 4, 4, 1, 1, 20),
		Hand: part(0, 4, 4, 4, 1, 1, 7), Thigh: part(4, 4, 4, 4, 1, 1, 30),
		Shin: part(8, 4, 4, 4, 1, 1, 30), Foot: part(12, 4, 4, 4, 1, 1, 14),
	}
	return ikanim.SpriteMap{
		"humanoid/torso": sp.Torso, "humanoid/head": sp.Head, "humanoid/upperarm": sp.UpperArm,
		"humanoid/forearm": sp.Forearm, "humanoid/hand": sp.Hand, "humanoid/thigh": sp.Thigh,
		"humanoid/shin": sp.Shin, "humanoid/foot": sp.Foot,
	}, sp
}

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to write it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from what is written now (run go test -update after checking the change):\n%s", path, got)
	}
}

// The biped template saved as a rig file loads back into an equal
// definition (bones, limbs, angles to the last bit, the same sprites), and
// saving it again writes the same bytes; the file is testdata/biped.rig.json.
func TestRigFileRoundTripsTheBiped(t *testing.T) {
	src, sp := bipedSprites()
	def, err := ikanim.NewBipedDef(ikanim.BipedSizes{}, sp)
	if err != nil {
		t.Fatal(err)
	}
	data, err := ikanim.MarshalRigDef(def, src)
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "biped.rig.json", data)
	back, err := ikanim.ParseRigDef(data, src)
	if err != nil {
		t.Fatalf("ParseRigDef(MarshalRigDef(biped)): %v\n%s", err, data)
	}
	if !reflect.DeepEqual(def, back) {
		for i := 0; i < def.NumBones(); i++ {
			if a, b := def.BoneDef(i), back.BoneDef(i); !reflect.DeepEqual(a, b) {
				t.Errorf("bone %d: loaded %+v, want %+v", i, b, a)
			}
		}
		for i := 0; i < def.NumLimbs(); i++ {
			if a, b := def.LimbDef(i), back.LimbDef(i); !reflect.DeepEqual(a, b) {
				t.Errorf("limb %d: loaded %+v, want %+v", i, b, a)
			}
		}
		t.Fatal("the loaded definition differs from the saved one")
	}
	again, err := ikanim.MarshalRigDef(back, src)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(data, again) {
		t.Errorf("saving the loaded definition wrote other bytes:\n%s\nwant\n%s", again, data)
	}
}

// Left-out fields take their documented defaults: a child starts at its
// parent's end, a root at the origin, the solver is two-bone, no limit.
func TestRigFileDefaults(t *testing.T) {
	def, err := ikanim.ParseRigDef([]byte(`{"bones": [
		{"name": "hip", "attach": [0, -60], "rest": 90},
		{"name": "thigh", "parent": "hip", "length": 32, "rest": -17},
		{"name": "shin", "parent": "thigh", "length": 30, "rest": 34},
		{"name": "head", "parent": "hip"}
	], "limbs": [
		{"name": "leg", "bones": ["thigh", "shin"], "bend": -1},
		{"name": "look", "bones": ["shin"], "solver": "Look-At", "axis": 90}
	]}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	shin := def.BoneDef(2)
	if shin.Attach[0] != 32 || shin.Attach[1] != 0 || shin.Parent != 1 {
		t.Errorf("shin attach %v parent %d, want (32, 0) and 1", shin.Attach, shin.Parent)
	}
	if hip := def.BoneDef(0); hip.Parent != -1 || hip.Attach[1] != -60 || hip.Limit.Enabled {
		t.Errorf("hip %+v", hip)
	}
	if head := def.BoneDef(3); head.Attach[0] != 0 {
		t.Errorf("head attach %v, want the end of the zero-length hip (0, 0)", head.Attach)
	}
	if l := def.LimbDef(0); l.Solver != ikanim.SolveTwoBone || l.Bend != -1 {
		t.Errorf("leg %+v", l)
	}
	if l := def.LimbDef(1); l.Solver != ikanim.SolveLookAt {
		t.Errorf("look solver %v, want look-at", l.Solver)
	}
}

// Each bad file gets an error that names the JSON path of the value at fault.
func TestRigFileErrorsNameTheField(t *testing.T) {
	const ok = `{"name": "a", "length": 10}, {"name": "b", "parent": "a", "length": 10}`
	sprites := ikanim.SpriteMap{}
	for _, c := range []struct{ file, want string }{
		{`[]`, `file: want an object, got array`},
		{`{"bones": [], "limbs": []}`, `bones: no bones`},
		{`{"bone": []}`, `unknown field "bone"`},
		{`{"bones": [{"name": "a"}, {"name": "a"}]}`, `bones[1].name: "a" is the name of bones[0] too`},
		{`{"bones": [{"name": ""}]}`, `bones[0].name: missing or empty`},
		{`{"bones": [{"name": "a", "parent": "b"}, {"name": "b"}]}`, `bones[0].parent: "b" is not the name of an earlier bone`},
		{`{"bones": [{"name": "a", "length": -1}]}`, `bones[0].length: -1 must be in [0, 1e+07]`},
		{`{"bones": [{"name": "a", "length": "10"}]}`, `bones[0].length: want a number, got string`},
		{`{"bones": [{"name": "a", "attach": [1]}]}`, `bones[0].attach: want [x, y], got 1 numbers`},
		{`{"bones": [{"name": "a", "attach": [1, 1e9]}]}`, `bones[0].attach[1]: 1e+09 must be in`},
		{`{"bones": [{"name": "a", "rest": 1e99}]}`, `bones[0].rest: 1e99 degrees is beyond +-36000`},
		{`{"bones": [{"name": "a"}, {"name": "b"}, {"name": "c"}, {"name": "d", "limit": {"min": "x", "max": 1}}]}`, `bones[3].limit.min: want a number, got string`},
		{`{"bones": [{"name": "a", "limit": {"min": 10, "max": -10}}]}`, `bones[0].limit: min 10 is above max -10`},
		{`{"bones": [{"name": "a", "limit": {"min": 10}}]}`, `bones[0].limit: want both min and max`},
		{`{"bones": [{"name": "a", "lenght": 3}]}`, `bones[0]: unknown field "lenght"`},
		{`{"bones": [{"name": "a", "sprite": "humanoid/tail"}]}`, `bones[0].sprite: no sprite "humanoid/tail"`},
		{`{"bones": [{"name": "a", "tint": [1, 1, 1]}]}`, `bones[0].tint: want [r, g, b, a], got 3 numbers`},
		{`{"bones": [{"name": "a", "tint": [1, -1, 1, 1]}]}`, `bones[0].tint[1]: -1 must be in [0, 1000]`},
		{`{"bones": [` + ok + `], "limbs": [{"name": "l", "bones": ["a", "c"]}]}`, `limbs[0].bones[1]: "c" is not a bone of the rig`},
		{`{"bones": [` + ok + `], "limbs": [{"name": "l", "bones": ["b", "a"]}]}`, `limbs[0].bones[1]: "a" is not a child of "b"`},
		{`{"bones": [` + ok + `], "limbs": [{"name": "l", "bones": ["a"]}]}`, `limbs[0].bones: the two-bone solver needs 2 bones, got 1`},
		{`{"bones": [` + ok + `], "limbs": [{"name": "l", "bones": ["a", "b"], "solver": "magic"}]}`, `limbs[0].solver: "magic" is not one of two-bone, fabrik, ccd, look-at, arm-aim`},
		{`{"bones": [` + ok + `], "limbs": [{"name": "l", "bones": ["a", "b"], "bend": 0.5}]}`, `limbs[0].bend: 0.5 must be 1 or -1`},
		{`{"bones": [` + ok + `], "limbs": [{"name": "l", "bones": ["a", "b"], "effector": "a"}]}`, `limbs[0].effector: "a" is not a child of the tip bone "b"`},
		{`{"bones": [` + ok + `], "limbs": [{"name": "l", "bones": ["a", "b"], "fadeIn": -1}]}`, `limbs[0].fadeIn: -1 must be in [0, 3600]`},
		{`{"bones": [` + ok + `], "limbs": [{"name": "l", "bones": ["a"], "solver": "ccd", "weights": [0.5, 1]}]}`, `limbs[0].weights: 2 weights for 1 bones`},
		{`{"bones": [` + ok + `], "limbs": [{"name": "l", "bones": ["a", "b"]}, {"name": "l", "bones": ["a", "b"]}]}`, `limbs[1].name: "l" is the name of limbs[0] too`},
		{`{"bones": [{"name": "a", "length": 10}, {"name": "b", "parent": "a", "attach": [3, 0], "length": 10}], "limbs": [{"name": "l", "bones": ["a", "b"]}]}`, `limbs[0].bones[1]: "b" is attached at [3 0], not at the end of "a" [10 0]`},
		{"{\n  \"bones\": [\n    {\"name\": \"a\",}\n  ]\n}", `file: line 3, column 18: invalid character '}'`},
	} {
		_, err := ikanim.ParseRigDef([]byte(c.file), sprites)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "ikanim: rig file: ") {
			t.Errorf("ParseRigDef(%s)\n  = %v\n  want an error containing %q", c.file, err, c.want)
		}
	}
}

// Files are bounded in bytes, bones and limbs.
func TestRigFileSizeLimits(t *testing.T) {
	big := bytes.Repeat([]byte(" "), ikanim.MaxRigFileBytes+1)
	if _, err := ikanim.LoadRigDef(bytes.NewReader(big), nil); err == nil || !strings.Contains(err.Error(), "larger than") {
		t.Errorf("a file over MaxRigFileBytes: %v", err)
	}
	var b strings.Builder
	b.WriteString(`{"bones": [`)
	for i := 0; i <= ikanim.MaxBones; i++ {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"name":"%d"}`, i)
	}
	b.WriteString("]}")
	if _, err := ikanim.ParseRigDef([]byte(b.String()), nil); err == nil || !strings.Contains(err.Error(), "bones: 4097 bones, more than 4096") {
		t.Errorf("too many bones: %v", err)
	}
	b.Reset()
	b.WriteString(`{"bones": [{"name": "a", "length": 1}], "limbs": [`)
	for i := 0; i <= ikanim.MaxRigFileLimbs; i++ {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"name":"%d","bones":["a"],"solver":"ccd"}`, i)
	}
	b.WriteString("]}")
	if _, err := ikanim.ParseRigDef([]byte(b.String()), nil); err == nil || !strings.Contains(err.Error(), "limbs: 1025 limbs, more than 1024") {
		t.Errorf("too many limbs: %v", err)
	}
}

// A rig file that loads survives a save and a load unchanged, whatever it
// holds; nothing panics on bad input.
func FuzzParseRigDef(f *testing.F) {
	src, sp := bipedSprites()
	def, err := ikanim.NewBipedDef(ikanim.BipedSizes{}, sp)
	if err != nil {
		f.Fatal(err)
	}
	data, err := ikanim.MarshalRigDef(def, src)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	f.Add([]byte(`{"bones": [{"name": "a", "length": 10, "rest": 0.1, "limit": {"min": -1e-7, "max": 3}, "tint": [0.3, 0.1, 0, 1]}, {"name": "b", "parent": "a", "length": 5}], "limbs": [{"name": "l", "bones": ["a", "b"], "solver": "arm-aim", "aimReach": 0.5}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		def, err := ikanim.ParseRigDef(data, src)
		if err != nil {
			return
		}
		saved, err := ikanim.MarshalRigDef(def, src)
		if err != nil {
			t.Fatalf("MarshalRigDef of a loaded file: %v", err)
		}
		back, err := ikanim.ParseRigDef(saved, src)
		if err != nil {
			t.Fatalf("a saved file does not load: %v\n%s", err, saved)
		}
		if !reflect.DeepEqual(def, back) {
			t.Fatalf("a saved file loads into another definition:\n%s", saved)
		}
		rig, err := ikanim.NewRig(def)
		if err != nil {
			t.Fatal(err)
		}
		rig.Update(1.0 / 60)
	})
}

// FileWatch reports a change on the first call, then only when the file's
// time or size changes; a missing file is an error that changes nothing.
func TestFileWatch(t *testing.T) {
	t0 := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	fsys := fstest.MapFS{"hero.rig.json": {Data: []byte("{}"), ModTime: t0}}
	w := &ikanim.FileWatch{FS: fsys, Name: "hero.rig.json"}
	step := func(what string, want bool) {
		t.Helper()
		got, err := w.Changed()
		if err != nil || got != want {
			t.Errorf("%s: Changed() = %v, %v; want %v", what, got, err, want)
		}
	}
	step("first call", true)
	step("untouched", false)
	fsys["hero.rig.json"].ModTime = t0.Add(time.Second)
	step("touched", true)
	fsys["hero.rig.json"].Data = []byte("{ }")
	step("same time, new size", true)
	delete(fsys, "hero.rig.json")
	if _, err := w.Changed(); err == nil {
		t.Error("missing file: no error")
	}
	fsys["hero.rig.json"] = &fstest.MapFile{Data: []byte("{ }"), ModTime: t0.Add(time.Second)}
	step("back as it was", false)

	// The operating system's files, by path.
	path := filepath.Join(t.TempDir(), "a.json")
	if err := os.WriteFile(path, []byte("1"), 0o644); err != nil {
		t.Fatal(err)
	}
	w = &ikanim.FileWatch{Name: path}
	step("os: first call", true)
	if err := os.WriteFile(path, []byte("12"), 0o644); err != nil {
		t.Fatal(err)
	}
	step("os: rewritten", true)
}

type fakeIndex map[string]image.Rectangle

func (x fakeIndex) Part(name string) (image.Rectangle, image.Point, float64, bool) {
	r, ok := x[name]
	return r, image.Pt(1, 2), 3, ok
}

// A SpriteAtlas cuts sub-images of one image, gives the same Sprite for
// the same name and names the sprites it gave.
func TestSpriteAtlas(t *testing.T) {
	img := ebiten.NewImage(32, 32)
	a := ikanim.NewSpriteAtlas(img, fakeIndex{"a": image.Rect(0, 0, 8, 4), "out": image.Rect(30, 30, 40, 40)})
	s, err := a.Sprite("a")
	if err != nil {
		t.Fatal(err)
	}
	if s.Image.Bounds() != image.Rect(0, 0, 8, 4) || s.Pivot[0] != 1 || s.Pivot[1] != 2 || s.Length != 3 {
		t.Errorf("Sprite(a) = bounds %v, pivot %v, length %v", s.Image.Bounds(), s.Pivot, s.Length)
	}
	if s2, _ := a.Sprite("a"); s2 != s {
		t.Error("Sprite(a) twice gave two sprites")
	}
	if n, ok := a.SpriteName(s); !ok || n != "a" {
		t.Errorf("SpriteName = %q, %v", n, ok)
	}
	if _, ok := a.SpriteName(ikanim.Sprite{Image: img}); ok {
		t.Error("SpriteName named a sprite the atlas did not give")
	}
	for _, name := range []string{"b", "out"} {
		if _, err := a.Sprite(name); err == nil {
			t.Errorf("Sprite(%q): no error", name)
		}
	}
}

// A rig file names bones, parents, limbs and solvers; angles are degrees.
func ExampleParseRigDef() {
	def, err := ikanim.ParseRigDef([]byte(`{
		"bones": [
			{"name": "hip", "attach": [0, -60], "rest": 90},
			{"name": "thigh", "parent": "hip", "length": 32, "rest": -17, "limit": {"min": -120, "max": 60}},
			{"name": "shin", "parent": "thigh", "length": 30, "rest": 34}
		],
		"limbs": [{"name": "leg", "bones": ["thigh", "shin"], "bend": -1, "fadeIn": 0.2}]
	}`), nil)
	if err != nil {
		panic(err)
	}
	rig, err := ikanim.NewRig(def)
	if err != nil {
		panic(err)
	}
	_, ankle := rig.Joint(def.BoneIndex("shin"))
	fmt.Printf("%d bones, %d limb; ankle at rest (%.1f, %.1f)\n", def.NumBones(), def.NumLimbs(), ankle[0], ankle[1])

	_, err = ikanim.ParseRigDef([]byte(`{"bones": [{"name": "hip", "limit": {"min": 30, "max": -30}}]}`), nil)
	fmt.Println(err)
	// Output:
	// 3 bones, 1 limb; ankle at rest (0.6, -0.7)
	// ikanim: rig file: bones[0].limit: min 30 is above max -30
}

// A limb's stretch and compress limits survive a save and a load.
func TestRigFileStretchRoundTrips(t *testing.T) {
	def, err := ikanim.NewRigDef([]ikanim.BoneDef{
		{Name: "a", Parent: -1, Length: 20},
		{Name: "b", Parent: 0, Attach: mgl64.Vec2{20, 0}, Length: 10},
		{Name: "c", Parent: 1, Attach: mgl64.Vec2{10, 0}, Length: 8},
	}, []ikanim.LimbDef{
		{Name: "arm", Bones: []string{"a", "b"}, Stretch: 1.3},
		{Name: "neck", Bones: []string{"c"}, Solver: ikanim.SolveLookAt, Compress: 0.4},
	})
	if err != nil {
		t.Fatal(err)
	}
	data, err := ikanim.MarshalRigDef(def, nil)
	if err != nil {
		t.Fatal(err)
	}
	back, err := ikanim.ParseRigDef(data, nil)
	if err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	if s, c := back.LimbDef(0).Stretch, back.LimbDef(1).Compress; s != 1.3 || c != 0.4 {
		t.Errorf("loaded stretch %v compress %v, want 1.3 and 0.4\n%s", s, c, data)
	}
	if _, err := ikanim.ParseRigDef([]byte(`{"bones":[{"name":"a","length":5},{"name":"b","parent":"a","length":5}],"limbs":[{"name":"l","bones":["a","b"],"stretch":0.5}]}`), nil); err == nil || !strings.Contains(err.Error(), "limbs[0].stretch") {
		t.Errorf("stretch 0.5: error %v, want one naming limbs[0].stretch", err)
	}
}
