package ikanim

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/assets/levels"
	"github.com/ikanim/kit/ikanim/quality"
	"github.com/ikanim/kit/terrain"
)

// The spiders scene, headless: the same level file (assets/levels
// spiders.json), creature kinds, spawn points and unattended driving as the
// demo scene demo/scene_spiders.go (keep the two in step).

// creatureSceneKinds builds the scene's creature definitions: an 8-legged
// spider (3-segment legs), a 6-legged and a 4-legged crawler (2-segment legs)
// and a tentacled creature (4 x 10 segments).
func creatureSceneKinds(t testing.TB) (spider, crawler6, crawler4, squid *CreatureDef) {
	t.Helper()
	mk := func(name string, per int, hipX, homeX []float64, homeY float64, segs []float64) *CreatureDef {
		var ls []LegDef
		for side := 0; side < 2; side++ {
			for r := 0; r < per; r++ {
				ls = append(ls, LegDef{
					Hip: mgl64.Vec2{hipX[r], 0}, Home: mgl64.Vec2{homeX[r], homeY},
					Segments: segs, Far: side == 1,
				})
			}
		}
		d, err := NewCreatureDef(CreatureDef{Name: name, Legs: ls})
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	spider = mk("spider", 4, []float64{9, 6, 3, 0}, []float64{42, 16, -12, -38}, -28, []float64{26, 30, 12})
	crawler6 = mk("crawler6", 3, []float64{8, 0, -8}, []float64{30, 2, -26}, -22, []float64{22, 24})
	crawler4 = mk("crawler4", 2, []float64{6, -6}, []float64{24, -20}, -18, []float64{18, 20})
	var err error
	squid, err = NewTentacleDef(TentacleDef{Name: "squid", Arms: 4, Segments: 10, SegmentLength: 8})
	if err != nil {
		t.Fatal(err)
	}
	return
}

// creatureScene is the headless spiders scene.
type creatureScene struct {
	world  *terrain.World
	c      []*Creature
	paths  [][]mgl64.Vec2
	meter  quality.Meter
	stance [][MaxCreatureLegs]quality.Stance
	bend   [][MaxCreatureLegs]quality.Bend
	facing []float64
	time   float64
}

func newCreatureScene(t testing.TB) *creatureScene {
	t.Helper()
	data, err := levels.Open("spiders.json")
	if err != nil {
		t.Fatal(err)
	}
	lv, err := terrain.ParseLevel(data)
	if err != nil {
		t.Fatal(err)
	}
	w, err := lv.Build()
	if err != nil {
		t.Fatal(err)
	}
	spider, c6, c4, squid := creatureSceneKinds(t)
	s := &creatureScene{world: w}
	add := func(d *CreatureDef, pos, up mgl64.Vec2, path []mgl64.Vec2) {
		c, err := NewCreature(d, pos, nil)
		if err != nil {
			t.Fatal(err)
		}
		c.Place(pos, up, w)
		if path != nil {
			c.SetPath(path, true)
		}
		s.c = append(s.c, c)
		s.paths = append(s.paths, path)
	}
	// 0: the player's spider (unattended: walks right, then left, in turns).
	add(spider, mgl64.Vec2{80, 570}, mgl64.Vec2{0, -1}, nil)
	// 1: a spider that climbs the wall and comes back.
	add(spider, mgl64.Vec2{760, 570}, mgl64.Vec2{0, -1}, []mgl64.Vec2{{870, 400}, {700, 570}})
	// 2: a spider on the ceiling.
	add(spider, mgl64.Vec2{760, 258}, mgl64.Vec2{0, 1}, []mgl64.Vec2{{620, 240}, {860, 258}})
	// 3, 4: crawlers on the slope and steps, and past the wall.
	add(c6, mgl64.Vec2{260, 500}, mgl64.Vec2{0, -1}, []mgl64.Vec2{{120, 578}, {520, 530}})
	add(c4, mgl64.Vec2{1000, 580}, mgl64.Vec2{0, -1}, []mgl64.Vec2{{1240, 580}, {990, 580}})
	// 5: the tentacled one.
	add(squid, mgl64.Vec2{1180, 560}, mgl64.Vec2{0, -1}, []mgl64.Vec2{{1230, 560}, {1000, 560}})
	s.stance = make([][MaxCreatureLegs]quality.Stance, len(s.c))
	s.bend = make([][MaxCreatureLegs]quality.Bend, len(s.c))
	s.facing = make([]float64, len(s.c))
	s.meter.Creatures = len(s.c)
	return s
}

// step advances the scene by dt and measures it.
func (s *creatureScene) step(dt float64) {
	s.time += dt
	// The player's spider, unattended: 8 s right, 8 s left.
	if math.Mod(s.time, 16) < 8 {
		s.c[0].SetMove(1)
	} else {
		s.c[0].SetMove(-1)
	}
	for _, c := range s.c {
		c.Update(s.world, dt)
	}
	s.measure()
}

// measure records the quality figures of one frame.
func (s *creatureScene) measure() {
	m := &s.meter
	m.Frame()
	for ci, c := range s.c {
		if f := math.Copysign(1, c.Turn()); f != s.facing[ci] {
			s.facing[ci] = f
			for i := range s.bend[ci] {
				s.bend[ci][i].Reset()
			}
		}
		p := c.Position()
		m.Finite(p[0])
		m.Finite(p[1])
		for i := 0; i < c.LegCount(); i++ {
			l := c.Leg(i)
			m.Finite(l.Knee[0])
			m.Finite(l.Knee[1])
			m.Finite(l.Foot[0])
			m.Finite(l.Foot[1])
			s.stance[ci][i].Track(m, l.Planted, l.Foot)
			if c.Def().legs[i].chain == nil {
				s.bend[ci][i].Track(m, l.Hip, l.Knee, l.Ankle, 1)
			}
			if l.Planted {
				m.Contact(creatureMeasureGap(s.world, l.Foot, l.Normal))
			}
		}
	}
}

// creatureMeasureGap measures a planted foot's gap independently of the
// stepping code: a fresh ray along -normal through the foot, from span px
// outside to span px inside the surface; the gap is the signed distance from
// the hit to the foot along the normal (positive: floating, negative: sunk).
// The ray is cast again from closer (12, 3, then 1 px) when its start lies
// inside another solid (it then reports an exit face, whose normal points
// along the ray), and when the surface it enters lies above the foot but the
// foot is not inside that solid: a foot in a crevice, where the ray crosses
// a neighbouring solid's corner or thin tip and comes out again before the
// foot. Whether the foot is inside is decided by a second ray from just off
// the foot out along the normal to the entered surface: from inside a solid
// its first crossing leaves it (normal along the ray).
func creatureMeasureGap(w Ground, foot, n mgl64.Vec2) float64 {
	for _, span := range []float64{12, 3, 1} {
		p, hn, ok := w.Raycast(foot.Add(n.Mul(span)), foot.Sub(n.Mul(span)))
		if !ok {
			return span // nothing within span below the foot: floating
		}
		if hn.Dot(n) <= 0 {
			continue // the ray started inside another solid
		}
		gap := foot.Sub(p).Dot(n)
		if gap >= -creatureMeasureInsideEps {
			return gap
		}
		_, on, ok := w.Raycast(foot.Add(n.Mul(creatureMeasureInsideEps/2)), foot.Add(n.Mul(0.5-gap)))
		if ok && on.Dot(n) > 0 {
			return gap // the foot is inside the solid entered above it
		}
	}
	return 0
}

// creatureMeasureInsideEps: a surface less than this far above the foot, px,
// counts as its own (sunk by that much) without the inside test.
const creatureMeasureInsideEps = 0.01

// finish flushes the open stances.
func (s *creatureScene) finish() {
	for ci, c := range s.c {
		for i := 0; i < c.LegCount(); i++ {
			s.stance[ci][i].Flush(&s.meter)
		}
	}
}

// hash folds every pose value into an FNV-1a hash of the float bits.
func (s *creatureScene) hash(h uint64) uint64 {
	mix := func(v float64) {
		b := math.Float64bits(v)
		for k := 0; k < 8; k++ {
			h ^= b & 0xff
			h *= 1099511628211
			b >>= 8
		}
	}
	for _, c := range s.c {
		mix(c.pos[0])
		mix(c.pos[1])
		mix(c.up[0])
		mix(c.up[1])
		for i := range c.legs {
			knee, _, tip := c.legPose(i)
			mix(knee[0])
			mix(knee[1])
			mix(tip[0])
			mix(tip[1])
		}
	}
	return h
}
