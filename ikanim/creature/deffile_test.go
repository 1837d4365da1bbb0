package creature_test

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/ikanim/kit/ikanim"
	"github.com/ikanim/kit/ikanim/creature"
	"github.com/ikanim/kit/ikanim/ik"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// spiderSprites names placeholder images with the project's spider parts.
func spiderSprites() (ikanim.SpriteMap, creature.Sprites) {
	img := ebiten.NewImage(16, 16)
	part := func(x int, l float64) ikanim.Sprite {
		return ikanim.Sprite{Image: img.SubImage(image.Rect(x, 0, x+4, 4)).(*ebiten.Image), Pivot: mgl64.Vec2{1, 2}, Length: l}
	}
	sp := creature.Sprites{Body: part(0, 0), Segments: []ikanim.Sprite{part(4, 26), part(8, 30), part(12, 12)}}
	return ikanim.SpriteMap{"spider/body": sp.Body, "spider/femur": sp.Segments[0], "spider/tibia": sp.Segments[1], "spider/tarsus": sp.Segments[2]}, sp
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
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

// The spider preset saved as a def file (testdata/spider.def.json) loads
// back into an equal definition, and saving that writes the same bytes.
func TestDefFileRoundTripsTheSpider(t *testing.T) {
	src, sp := spiderSprites()
	def, err := creature.NewSpiderDef(sp)
	if err != nil {
		t.Fatal(err)
	}
	data, err := creature.MarshalDef(def, src)
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "spider.def.json", data)
	back, err := creature.ParseDef(data, src)
	if err != nil {
		t.Fatalf("ParseDef(MarshalDef(spider)): %v\n%s", err, data)
	}
	if !reflect.DeepEqual(def, back) {
		t.Fatalf("the loaded definition differs from the saved one:\n%+v\nwant\n%+v", back, def)
	}
	again, err := creature.MarshalDef(back, src)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(again, data) {
		t.Errorf("saving the loaded definition wrote other bytes:\n%s", again)
	}
}

// A literal Def (defaults not filled) with a tentacle's limits round-trips
// too: LoadDef(MarshalDef(d)) equals NewDef(d).
func TestDefFileRoundTripsALiteral(t *testing.T) {
	lim := ik.Limit{Min: -0.5, Max: 0.7, Enabled: true}
	lit := creature.Def{
		Name: "squid",
		Legs: []creature.LegDef{
			{Name: "a", Hip: mgl64.Vec2{4, 0}, Home: mgl64.Vec2{10, 30}, Segments: []float64{10, 10, 10, 10}, Limits: []ik.Limit{lim, {}, lim, lim}},
			{Name: "b", Hip: mgl64.Vec2{-4, 0}, Home: mgl64.Vec2{-10, 30}, Segments: []float64{10, 10, 10, 10}, Far: true},
		},
		Gait:        creature.GaitDef{StepDuration: 0.3, WaveSpeed: -1, MinPlanted: 1},
		TarsusAngle: -0.2,
	}
	want, err := creature.NewDef(lit)
	if err != nil {
		t.Fatal(err)
	}
	data, err := creature.MarshalDef(&lit, nil)
	if err != nil {
		t.Fatal(err)
	}
	got, err := creature.ParseDef(data, nil)
	if err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("loaded %+v\nwant %+v\nfrom\n%s", got, want, data)
	}
	if !strings.Contains(string(data), `"limits": [{"min": `) || !strings.Contains(string(data), `, null, `) {
		t.Errorf("limits not written as objects and null:\n%s", data)
	}
}

// Bad files get errors naming the JSON path, NewDef's checks included.
func TestDefFileErrorsNameTheField(t *testing.T) {
	leg := `{"name": "a", "hip": [0, 0], "home": [10, 20], "segments": [15, 15]}`
	two := leg + ", " + leg
	for _, c := range []struct{ file, want string }{
		{`{"legs": [` + leg + `]}`, `legs: 1 legs, want 2 to 12`},
		{`{"legs": [` + two + `], "gate": {}}`, `unknown field "gate"`},
		{`{"legs": [` + leg + `, {"name": "b", "hip": [0], "home": [10, 20], "segments": [15, 15]}]}`, `legs[1].hip: want [x, y], got 1 numbers`},
		{`{"legs": [` + leg + `, {"name": "b", "hip": [0, 0], "home": [10, 20], "segments": [15, -1]}]}`, `legs[1].segments[1]: length -1 must be in (0, 1e+07]`},
		{`{"legs": [` + leg + `, {"name": "b", "hip": [0, 0], "home": [10, 20], "segments": [15]}]}`, `legs[1].segments: 1 segments, want 2 or 3`},
		{`{"legs": [` + leg + `, {"name": "b", "hip": [0, 0], "home": [10, "x"], "segments": [15, 15]}]}`, `legs[1].home: want a number, got string`},
		{`{"legs": [` + leg + `, {"name": "b", "hip": [0, 0], "home": [10, -20], "segments": [15, 15]}]}`, `legs[1].home: y -20 must be below the hip`},
		{`{"legs": [` + leg + `, {"name": "b", "hip": [0, 0], "home": [100, 20], "segments": [15, 15]}]}`, `legs[1].home: [100 20] is`},
		{`{"legs": [` + leg + `, {"name": "b", "hip": [0, 0], "home": [10, 20], "segments": [5, 5, 5, 5, 5], "limits": [{"min": 10}]}]}`, `legs[1].limits[0]: want both min and max`},
		{`{"legs": [` + leg + `, {"name": "b", "hip": [0, 0], "home": [10, 20], "segments": [5, 5, 5, 5, 5], "limits": [null, {"min": 10, "max": 0}]}]}`, `legs[1].limits[1]: min 10 is above max 0`},
		{`{"legs": [` + leg + `, {"name": "b", "hip": [0, 0], "home": [10, 20], "segments": [5, 5, 5, 5, 5], "limits": [null]}]}`, `legs[1].limits: 1 entries, want 0 or 5`},
		{`{"legs": [` + two + `], "gait": {"stepDuration": -1}}`, `gait.stepDuration: -1 must be finite and not negative`}, {`{"legs": [` + two + `], "gait": {"stepDuration": 20}}`, `gait.stepDuration: 20 must be in (0, 10] seconds`},
		{`{"legs": [` + two + `], "gait": {"reachRatio": 0.2}}`, `gait.reachRatio: 0.2 must be in (0.5, 1]`},
		{`{"legs": [` + two + `], "gait": {"speed": 1e300}}`, `gait.speed: 1e+300 must be in`},
		{`{"legs": [` + two + `], "gait": {"minPlanted": 5}}`, `gait.minPlanted: 5 must be in [1, 1]`},
		{`{"legs": [` + two + `], "sprites": {"farShade": 2}}`, `sprites.farShade: 2 must be in (0, 1]`},
		{`{"legs": [` + two + `], "sprites": {"segments": ["spider/leg"]}}`, `sprites.segments[0]: no sprite "spider/leg"`},
		{`{"legs": [` + two + `], "tarsusAngle": 100}`, `tarsusAngle: 100 degrees must be within [-90, 90]`},
	} {
		_, err := creature.ParseDef([]byte(c.file), ikanim.SpriteMap{})
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "creature: def file: ") {
			t.Errorf("ParseDef(%s)\n  = %v\n  want an error containing %q", c.file, err, c.want)
		}
	}
	if _, err := creature.LoadDef(bytes.NewReader(make([]byte, creature.MaxDefFileBytes+1)), nil); err == nil || !strings.Contains(err.Error(), "larger than") {
		t.Errorf("a file over MaxDefFileBytes: %v", err)
	}
}

// A def file that loads survives a save and a load unchanged; nothing
// panics on bad input.
func FuzzParseDef(f *testing.F) {
	src, sp := spiderSprites()
	def, err := creature.NewSpiderDef(sp)
	if err != nil {
		f.Fatal(err)
	}
	data, err := creature.MarshalDef(def, src)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	f.Add([]byte(`{"name": "t", "legs": [{"name": "a", "hip": [0, 0], "home": [10, 20], "segments": [5, 5, 5, 5, 5], "limits": [null, {"min": -10, "max": 10}, null, null, null]}, {"hip": [0, 0], "home": [-10, 20], "segments": [12, 12], "far": true}], "gait": {"waveSpeed": -1}, "tarsusAngle": -30}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		def, err := creature.ParseDef(data, src)
		if err != nil {
			return
		}
		saved, err := creature.MarshalDef(def, src)
		if err != nil {
			t.Fatalf("MarshalDef of a loaded file: %v", err)
		}
		back, err := creature.ParseDef(saved, src)
		if err != nil {
			t.Fatalf("a saved file does not load: %v\n%s", err, saved)
		}
		if !reflect.DeepEqual(def, back) {
			t.Fatalf("a saved file loads into another definition:\n%s", saved)
		}
	})
}

// A def file: legs in the character frame (y down), angles in degrees.
func ExampleParseDef() {
	def, err := creature.ParseDef([]byte(`{
		"name": "crawler",
		"legs": [
			{"name": "L1", "hip": [6, 0], "home": [24, 18], "segments": [18, 20]},
			{"name": "L2", "hip": [-6, 0], "home": [-20, 18], "segments": [18, 20]},
			{"name": "R1", "hip": [6, 0], "home": [24, 18], "segments": [18, 20], "far": true},
			{"name": "R2", "hip": [-6, 0], "home": [-20, 18], "segments": [18, 20], "far": true}
		],
		"gait": {"stepDuration": 0.2},
		"tarsusAngle": 30
	}`), nil)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%d legs, body %.0f px above the feet, tarsus %.4f rad\n", def.NumLegs(), def.BodyHeight(), def.TarsusAngle)
	fmt.Println(math.Abs(def.TarsusAngle-math.Pi/6) < 1e-15)

	_, err = creature.ParseDef([]byte(`{"legs": [
		{"hip": [0, 0], "home": [10, 20], "segments": [15, 15]},
		{"hip": [0, 0], "home": [10, 20], "segments": [15, 0]}
	]}`), nil)
	fmt.Println(err)
	// Output:
	// 4 legs, body 18 px above the feet, tarsus 0.5236 rad
	// true
	// creature: def file: legs[1].segments[1]: length 0 must be in (0, 1e+07]
}
