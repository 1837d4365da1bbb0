package creature

import (
	"math"
	"os"
	"strconv"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// The behaviour digest: an FNV-64 hash over the bits of every creature's
// body position and up and of every leg's hip, knee, ankle, foot, contact
// and state, every frame, on the course harness's courses (every shape,
// 30, 60 and 144 TPS) and on the benchmarks' flat-scene crowd. A change
// meant to make the frame faster without changing what it computes must
// leave every digest as it was: run it before and after
// (CREATURE_DIGEST=1 go test -run '^TestCreatureDigest$' -v), and compare
// the logged lines. CREATURE_DIGEST_COURSES sets the courses per shape and
// rate (default 200, the harness's full count).

// digestHash feeds float64 bits into an FNV-64a hash.
type digestHash struct{ h uint64 }

func (d *digestHash) f(v float64) {
	const prime = 1099511628211
	b := math.Float64bits(v)
	for k := 0; k < 8; k++ {
		d.h ^= b & 0xff
		d.h *= prime
		b >>= 8
	}
}

func (d *digestHash) v(p mgl64.Vec2) { d.f(p[0]); d.f(p[1]) }

// frame hashes creature c after an Update.
func (d *digestHash) frame(c *Creature) {
	d.v(c.Position())
	d.v(c.Up())
	for i := 0; i < c.NumLegs(); i++ {
		l := c.Leg(i)
		d.v(l.Hip)
		d.v(l.Knee)
		d.v(l.Ankle)
		d.v(l.Foot)
		d.v(l.Contact)
		s := 0.0
		if l.Planted {
			s = 1
		} else if l.Stepping {
			s = 2
		}
		d.f(s)
	}
}

// digestCourse runs def on the course of seed at tps (as courseRun does,
// without measuring) and returns its digest.
func digestCourse(t testing.TB, def *Def, seed uint64, tps float64) uint64 {
	_, c, _ := courseStart(t, def, seed)
	d := digestHash{h: 14695981039346656037}
	dt := 1 / tps
	for frame := 0; float64(frame)*dt < courseSeconds; frame++ {
		c.Update(dt)
		d.frame(c)
	}
	return d.h
}

// TestCreatureDigest logs the behaviour digests (see above). It runs only
// with CREATURE_DIGEST=1.
func TestCreatureDigest(t *testing.T) {
	if os.Getenv("CREATURE_DIGEST") != "1" {
		t.Skip("CREATURE_DIGEST=1 runs it")
	}
	n := 200
	if s := os.Getenv("CREATURE_DIGEST_COURSES"); s != "" {
		if v, err := strconv.Atoi(s); err == nil && v > 0 {
			n = v
		}
	}
	for _, sh := range courseShapes(t) {
		for _, tps := range []float64{30, 60, 144} {
			hs := make([]uint64, n)
			courseEach(n, func(s int) { hs[s] = digestCourse(t, sh.def, uint64(s), tps) })
			all := digestHash{h: 14695981039346656037}
			for _, h := range hs {
				all.f(math.Float64frombits(h))
			}
			t.Logf("digest %s/%.0fTPS %d courses: %016x", sh.name, tps, n, all.h)
		}
	}
	// The benchmarks' crowd (creatureBenchCrowd's placement and paths),
	// 64 spiders of 8 legs for 600 frames.
	def := creatureTestSpider(t, 8)
	w := creatureTestWorld(t, "flat")
	y := sceneGroundY - def.BodyHeight()
	d := digestHash{h: 14695981039346656037}
	cs := make([]*Creature, 64)
	for i := range cs {
		x := 150 + float64(i%900)*13
		c, err := New(def, mgl64.Vec2{math.Mod(x, 1000) + 100, y}, w)
		if err != nil {
			t.Fatal(err)
		}
		lo, hi := 120.0+float64(i%37), 1150.0-float64(i%53)
		c.SetPath([]mgl64.Vec2{{hi, y}, {lo, y}}, true)
		cs[i] = c
	}
	for f := 0; f < 600; f++ {
		for _, c := range cs {
			c.Update(1.0 / 60)
			d.frame(c)
		}
	}
	t.Logf("digest bench-crowd spider8 64x600: %016x", d.h)
}
