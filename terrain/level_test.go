package terrain_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/ikanim/kit/assets/levels"
	"github.com/ikanim/kit/terrain"
)

func contains(s, sub string) bool { return strings.Contains(s, sub) }

func TestBundledLevelsBuild(t *testing.T) {
	for _, name := range []string{"walk.json", "climb.json", "spiders.json", "swarm.json"} {
		data, err := levels.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		lv, err := terrain.ParseLevel(data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		w, err := lv.Build()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if w.NumShapes() == 0 {
			t.Errorf("%s: no shapes", name)
		}
	}
	// walk.json by hand: flat at y=560 at x=100, the 30-degree slope at
	// x=400 (y = 560 - 100*tan30), the gap at x=1920.
	data, _ := levels.Open("walk.json")
	lv, _ := terrain.LoadLevel(bytes.NewReader(data))
	w, _ := lv.Build()
	if h := w.SurfaceBelow(100, 0, 720); !h.OK || h.Point[1] != 560 {
		t.Errorf("walk x=100: %+v", h)
	}
	if h := w.SurfaceBelow(400, 0, 720); !h.OK || !near(h.Point, mgl64.Vec2{400, 560 - 100*0.5773502691896257}, 0.01) {
		t.Errorf("walk x=400: %+v", h)
	}
	if h := w.SurfaceBelow(1920, 0, 720); h.OK {
		t.Errorf("walk gap x=1920: %+v, want a miss", h)
	}
}

func TestLevelErrorsNameEntryAndField(t *testing.T) {
	head := `{"width": 1280, "height": 720, "entries": [{"kind":"box","x":0,"y":0,"w":10,"h":10},`
	cases := []struct{ json, want string }{
		{`{"height": 720, "entries": []}`, "width: missing"},
		{`{"width": 1e9, "height": 720, "entries": []}`, "width:"},
		{`{"width": 10000, "height": 10000, "cell": 4, "entries": []}`, "cell:"},
		{`{"width": 100, "height": 720, "entries": []}`, "entries: no entries"},
		{`{"width": 100, "height": 720, "bogus": 1, "entries": []}`, "bogus"},
		{head + `{"kind":"box","x":0,"y":0,"w":-1,"h":10}]}`, "entries[1] (box): w:"},
		{head + `{"kind":"box","x":0,"w":5,"h":10}]}`, "entries[1] (box): y: missing"},
		{head + `{"kind":"polygon","points":[[0,0],[10,0]]}]}`, "entries[1] (polygon): points: a polygon needs at least 3"},
		{head + `{"kind":"polygon","points":[[0,0],[10,0],[5,2],[10,10],[0,10]]}]}`, "entries[1] (polygon): points[2]: the polygon is not convex"},
		{head + `{"kind":"polygon","points":[[0,0],[10,0,3],[5,5]]}]}`, "entries[1] (polygon): points[1]: want [x, y]"},
		{head + `{"kind":"polygon","points":[[0,0],[1e8,0],[5,5]]}]}`, "entries[1] (polygon): points[1].x"},
		{head + `{"kind":"polyline","points":[[0,500],[10,500]]}]}`, "entries[1] (polyline): bottom: missing"},
		{head + `{"kind":"polyline","points":[[0,500],[10,800]],"bottom":720}]}`, "entries[1] (polyline): points[1].y"},
		{head + `{"kind":"polyline","points":[[10,500],[0,500]],"bottom":720}]}`, "entries[1] (polyline): points[1].x"},
		{head + `{"kind":"polyline","points":[[0,500],[10,500]],"bottom":720,"r":3}]}`, "entries[1] (polyline): r: not used"},
		{head + `{"kind":"heightfield","x":0,"spacing":0,"heights":[1,2],"bottom":720}]}`, "entries[1] (heightfield): spacing"},
		{head + `{"kind":"heightfield","x":0,"spacing":8,"heights":[1,900],"bottom":720}]}`, "entries[1] (heightfield): heights[1]"},
		{head + `{"kind":"stairs","x":0,"y":500,"step_width":8,"rise":16,"bottom":720}]}`, "entries[1] (stairs): steps: missing"},
		{head + `{"kind":"circle","x":0,"y":500,"r":0}]}`, "entries[1] (circle): r:"},
		{head + `{"kind":"box","x":0,"y":0,"w":1,"h":1,"tags":["lava"]}]}`, "entries[1] (box): tags[0]: unknown tag"},
		{head + `{"kind":"blob"}]}`, "entries[1] (blob): kind: unknown"},
		{head + `{"kind":"box","x":5000,"y":5000,"w":10,"h":10}]}`, "entries[1] (box): lies wholly outside the level (0, 0)-(1280, 720): its shapes span (5000, 5000)-(5010, 5010)"},
		{head + `{"kind":"circle","x":-40,"y":300,"r":24}]}`, "entries[1] (circle): lies wholly outside"},
		{head + `{"kind":"polyline","points":[[1300,500],[1400,500]],"bottom":720}]}`, "entries[1] (polyline): lies wholly outside"},
		{head + `{"kind":"heightfield","x":0,"spacing":8,"heights":[900,910],"bottom":1000}]}`, "entries[1] (heightfield): lies wholly outside"},
		{head + `{"kind":"stairs","x":2000,"y":500,"step_width":8,"rise":16,"steps":3,"bottom":720}]}`, "entries[1] (stairs): lies wholly outside"},
		{head + `{"kind":"ceiling","points":[[0,-50],[100,-50]],"top":-100}]}`, "entries[1] (ceiling): lies wholly outside"},
		{head + `{"x":1}]}`, "entries[1] (): kind: missing"},
		{head + `{"kind":"box","colour":1}]}`, "entries[1]: json: unknown field \"colour\""},
		{head + `{"kind":"box","x":"a"}]}`, "entries[1]: json: cannot unmarshal"},
		{head + `{"kind":"box","x":0,"y":0,"w":1,"h":1}]} trailing`, "after the level"},
		{`not json`, "terrain: level:"},
	}
	for _, c := range cases {
		_, err := terrain.ParseLevel([]byte(c.json))
		if err == nil || !contains(err.Error(), c.want) {
			t.Errorf("ParseLevel(%s):\n  err %v\n  want it to contain %q", c.json, err, c.want)
		}
	}
	big := bytes.Repeat([]byte(" "), terrain.MaxLevelBytes+1)
	if _, err := terrain.LoadLevel(bytes.NewReader(big)); err == nil || !contains(err.Error(), "larger than") {
		t.Errorf("oversize: err %v", err)
	}
}

func FuzzParseLevel(f *testing.F) {
	for _, name := range []string{"walk.json", "climb.json", "spiders.json"} {
		data, _ := levels.Open(name)
		f.Add(data)
	}
	f.Add([]byte(`{"width":64,"height":64,"entries":[{"kind":"polygon","points":[[0,0],[10,0],[5,5]]}]}`))
	f.Add([]byte(`{"width":64,"height":64,"cell":8,"entries":[{"kind":"stairs","x":0,"y":60,"step_width":4,"rise":-3,"steps":3,"bottom":64}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		lv, err := terrain.ParseLevel(data)
		if err != nil {
			return
		}
		w, err := lv.Build()
		if err != nil {
			t.Fatalf("a parsed level failed to build: %v", err)
		}
		_, max := w.Bounds()
		for x := 0.0; x < max[0]; x += max[0] / 7 {
			h := w.SurfaceBelow(x, -1, max[1]+1)
			if h.OK && (h.Point[0] != h.Point[0] || h.Normal[0] != h.Normal[0]) {
				t.Fatalf("NaN hit %+v", h)
			}
		}
	})
}

// TestLevelShapesReachingPastTheEdgesAreAccepted: shapes that only reach past
// the level's rectangle (a wall just beyond its side, ground filled below
// its height, a ceiling above its top) are fine; only wholly outside ones
// are refused (TestLevelErrorsNameEntryAndField).
func TestLevelShapesReachingPastTheEdgesAreAccepted(t *testing.T) {
	lv, err := terrain.ParseLevel([]byte(`{"width": 640, "height": 360, "entries": [
		{"kind":"box","x":640,"y":0,"w":32,"h":360},
		{"kind":"box","x":-32,"y":0,"w":32,"h":360},
		{"kind":"polyline","points":[[0,300],[640,300]],"bottom":900},
		{"kind":"ceiling","points":[[0,0],[640,0]],"top":-100},
		{"kind":"circle","x":-10,"y":100,"r":12}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if len(lv.Entries) != 5 {
		t.Fatalf("%d entries, want 5", len(lv.Entries))
	}
}
