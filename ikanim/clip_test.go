package ikanim

import (
	"math"
	"strings"
	"testing"

	"github.com/ikanim/kit/ikanim/internal/num"
)

const testClip = `{
  "name": "wave",
  "duration": 1.0,
  "loop": true,
  "tracks": [
    {"bone": "upperarm.near", "keys": [{"t": 0, "deg": 170}, {"t": 0.25, "deg": -150}, {"t": 0.5, "deg": 100}, {"t": 0.75, "deg": 120}]},
    {"bone": "head", "keys": [{"t": 0.5, "deg": 10}]}
  ],
  "root": [{"t": 0, "x": 0, "y": 0}, {"t": 0.5, "x": 2, "y": -4}]
}`

func TestClipSamplesKeysAndInterpolates(t *testing.T) {
	r := newBiped(t)
	def := r.Def()
	c, err := ParseClip([]byte(testClip), def)
	if err != nil {
		t.Fatal(err)
	}
	dst := make([]float64, def.NumBones())
	arm, head, torso := def.BoneIndex(BoneUpperArmNear), def.BoneIndex(BoneHead), def.BoneIndex(BoneTorso)
	deg := func(d float64) float64 { return d * math.Pi / 180 }
	same := func(a, b float64) bool { return math.Abs(math.Remainder(a-b, 2*math.Pi)) < 1e-12 }
	// Catmull-Rom passes through every key.
	for _, k := range []struct{ t, deg float64 }{{0, 170}, {0.25, -150}, {0.5, 100}, {0.75, 120}, {1, 170}, {2.25, -150}, {-0.5, 100}} {
		root := c.Pose(def, k.t, dst)
		if !same(dst[arm], deg(k.deg)) {
			t.Errorf("t=%v: arm %v deg, want %v", k.t, dst[arm]*180/math.Pi, k.deg)
		}
		_ = root
	}
	// 170 -> -150 is a 40 degree turn across 180, not 320 degrees back.
	c.Pose(def, 0.125, dst)
	if a := math.Remainder(dst[arm], 2*math.Pi) * 180 / math.Pi; math.Abs(math.Abs(a)-180) > 25 {
		t.Errorf("halfway between 170 and -150 degrees: %v, want near +-180 (shortest arc)", a)
	}
	// A one-key track holds; bones without a track rest.
	c.Pose(def, 0.9, dst)
	if !same(dst[head], deg(10)) || dst[torso] != def.BoneDef(torso).Rest {
		t.Errorf("head %v torso %v, want 10 deg and rest", dst[head], dst[torso])
	}
	if root := c.Pose(def, 0.5, dst); math.Abs(root[0]-2) > 1e-12 || math.Abs(root[1]+4) > 1e-12 {
		t.Errorf("root at t=0.5: %v, want (2,-4)", root)
	}
	// Continuous across the loop seam.
	c.Pose(def, 0.999999, dst)
	before := dst[arm]
	c.Pose(def, 0, dst)
	if !same(before, dst[arm]) && math.Abs(math.Remainder(before-dst[arm], 2*math.Pi)) > 1e-4 {
		t.Errorf("loop seam jumps from %v to %v", before, dst[arm])
	}
}

func TestClipErrorsNameTheEntry(t *testing.T) {
	def := newBiped(t).Def()
	cases := []struct{ json, want string }{
		{`{"name":"a","duration":0}`, "duration 0"},
		{`{"name":"a","duration":1,"tracks":[{"bone":"tail","keys":[{"t":0,"deg":1}]}]}`, `track 0 (bone "tail"): bone is not in the rig`},
		{`{"name":"a","duration":1,"tracks":[{"bone":"head","keys":[]}]}`, `track 0 (bone "head"): keys is empty`},
		{`{"name":"a","duration":1,"tracks":[{"bone":"head","keys":[{"t":0.5,"deg":1},{"t":0.5,"deg":2}]}]}`, `key 1: t 0.5 not after`},
		{`{"name":"a","duration":1,"tracks":[{"bone":"head","keys":[{"t":2,"deg":1}]}]}`, `key 0: t 2 outside`},
		{`{"name":"a","duration":1,"tracks":[{"bone":"head","keys":[{"t":0}]}]}`, `key 0: deg is missing`},
		{`{"name":"a","duration":1,"tracks":[{"bone":"head","keys":[{"deg":3}]}]}`, `key 0: t is missing`},
		{`{"name":"a","duration":1,"root":[{"t":0,"x":1e9,"y":0}]}`, `root key 0`},
		{`{"name":"a","duration":1,"speed":3}`, `unknown field "speed"`},
		{`{"name":`, `unexpected EOF`},
		{`{"name":"a","duration":1,"tracks":[{"bone":"head","keys":[{"t":0,"deg":1}]},{"bone":"head","keys":[{"t":0,"deg":1}]}]}`, `second track`},
	}
	for _, c := range cases {
		_, err := ParseClip([]byte(c.json), def)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseClip(%s) error = %v, want it to contain %q", c.json, err, c.want)
		}
	}
	big := strings.Repeat(" ", MaxClipBytes+1)
	if _, err := LoadClip(strings.NewReader(big), def); err == nil || !strings.Contains(err.Error(), "larger than") {
		t.Errorf("LoadClip of an oversized file: %v", err)
	}
}

func FuzzParseClip(f *testing.F) {
	f.Add([]byte(testClip))
	f.Add([]byte(`{"name":"a","duration":1,"loop":false,"tracks":[{"bone":"head","keys":[{"t":0,"deg":1},{"t":1,"deg":-1}]}]}`))
	f.Add([]byte(`{"name":"k","duration":2,"loop":true,"tracks":[{"bone":"head","keys":[{"t":0,"deg":1,"curve":[0.25,0.1,0.25,1]},{"t":1,"deg":-1,"curve":"stepped"}]}],
		"ik":[{"limb":"arm.near","space":"world","target":[{"t":0,"x":1,"y":2,"curve":[0,2,1,-1]},{"t":1.5,"x":-3,"y":4}],"weight":[{"t":0,"v":0.5}],"mix":[{"t":0,"v":1},{"t":2,"v":0,"curve":"smooth"}],"bend":[{"t":0,"v":-1}]}],
		"events":[{"t":0,"name":"a","int":3,"float":1.5,"string":"x"},{"t":2,"name":"b"}]}`))
	def, err := NewBipedDef(BipedSizes{}, BipedSprites{})
	if err != nil {
		f.Fatal(err)
	}
	r, err := NewRig(def)
	if err != nil {
		f.Fatal(err)
	}
	dst := make([]float64, def.NumBones())
	keys := make([]LimbKey, def.NumLimbs())
	events := make([]Event, 0, 64)
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := ParseClip(data, def)
		if err != nil {
			return
		}
		for _, tm := range []float64{-1, 0, 0.3, c.Duration, 1e9, math.NaN()} {
			root := c.Pose(def, tm, dst)
			if !num.FiniteVec(root) {
				t.Fatalf("root %v at t=%v", root, tm)
			}
			for i, a := range dst {
				if !num.Finite(a) {
					t.Fatalf("bone %d angle %v at t=%v", i, a, tm)
				}
			}
			c.KeyIK(r, tm, keys)
			for i, k := range keys {
				if !num.FiniteVec(k.Target) || !(k.Weight >= 0 && k.Weight <= 1) || !(k.Mix() >= 0 && k.Mix() <= 1) || (k.Bend != 0 && k.Bend != 1 && k.Bend != -1) {
					t.Fatalf("limb %d key %+v at t=%v", i, k, tm)
				}
			}
			if n := len(c.AppendEvents(events[:0], tm-0.5, tm)); n > 4*c.NumEvents() {
				t.Fatalf("%d events from %d in half a second", n, c.NumEvents())
			}
		}
	})
}

func TestClipSampleDoesNotAllocate(t *testing.T) {
	def := newBiped(t).Def()
	c, err := ParseClip([]byte(testClip), def)
	if err != nil {
		t.Fatal(err)
	}
	dst := make([]float64, def.NumBones())
	tm := 0.0
	if n := testing.AllocsPerRun(200, func() { tm += 0.013; c.Pose(def, tm, dst) }); n != 0 {
		t.Errorf("Clip.Pose allocates %v times, want 0", n)
	}
}
