package creature

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/ik"
	"github.com/ikanim/kit/ikanim/quality"
	"github.com/ikanim/kit/terrain"
)

// TestCreatureOverConvexCorner: spiders (3-segment legs, 8 and 12 legs)
// walk clockwise round a block, over its convex corners and down its side
// (SetMove, 60 TPS), and the ankles of their planted legs stay out of the
// block (the test's own geometry, quality.Solids, not the raycast: depth
// at most 0.5 px). With the tarsus leaning in the body's frame instead of
// off the face its foot stands on (legs.go), ankles on the block's side
// were inside it.
func TestCreatureOverConvexCorner(t *testing.T) {
	spider, _, _, _ := creatureSceneKinds(t)
	const x0, y0, w, h = 300.0, 300.0, 120.0, 160.0
	for _, def := range []*Def{spider, creatureTestSpider(t, 12)} {
		world, err := terrain.New(1000, 800)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := world.AddBox(x0, y0, w, h, terrain.TagWall); err != nil {
			t.Fatal(err)
		}
		var sol quality.Solids
		sol.AddPolygon([]mgl64.Vec2{{x0, y0}, {x0 + w, y0}, {x0 + w, y0 + h}, {x0, y0 + h}})
		sol.Build()
		c, err := New(def, mgl64.Vec2{x0 + w/2, y0 - def.BodyHeight()}, world)
		if err != nil {
			t.Fatal(err)
		}
		c.SetMove(1) // clockwise round the block: over its right edge, down its side
		var js []mgl64.Vec2
		worst, at, wleg := 0.0, -1, -1
		corners := 0
		wasUp := true
		for f := 0; f < 900; f++ {
			c.Update(1.0 / 60)
			if up := c.Up()[1] < -0.7; up != wasUp {
				corners++
				wasUp = up
			}
			for i := 0; i < c.NumLegs(); i++ {
				if !c.Leg(i).Planted {
					continue
				}
				js = c.TentacleJoints(i, js)
				k := len(js) - 2 // the ankle
				if d := sol.Depth(js[k]); d > worst {
					worst, at, wleg = d, f, i
				}
			}
		}
		t.Logf("%s: deepest planted ankle %.2f px (frame %d, leg %d); up crossed 45 degrees from the floor %d times", def.Name, worst, at, wleg, corners)
		if corners < 2 {
			t.Errorf("%s: never went over a corner of the block (up changed %d times)", def.Name, corners)
		}
		if worst > 0.5 {
			t.Errorf("%s: a planted leg's ankle %.2f px inside the block at frame %d (leg %d), want <= 0.5", def.Name, worst, at, wleg)
		}
	}
}

// TestKneeSideFreeSide: a spider's (3-segment) leg lands with the definition's bend side where
// its femur and tibia are free, and with the other side where a solid
// (a 4 px post) stands on the definition's knee; the other side is refused
// where a post also stands on that side's knee, and where it would cross a
// neighbour's leg that the definition's side does not cross.
func TestKneeSideFreeSide(t *testing.T) {
	spider, _, _, _ := creatureSceneKinds(t)
	for _, tc := range []struct {
		name      string
		post, alt bool // a post on the definition's knee, on the other side's
		want      bool
	}{
		{"free", false, false, false},
		{"post on the knee", true, false, true},
		{"posts on both knees", true, true, false},
		{"post on the knee, the other side across a neighbour", true, false, false},
	} {
		w := creatureTestWorld(t, "flat")
		c, err := New(spider, mgl64.Vec2{400, sceneGroundY - spider.BodyHeight()}, w)
		if err != nil {
			t.Fatal(err)
		}
		const i = 0
		ld := &c.def.legs[i]
		hip := c.bodyPoint(ld.hipBody())
		foot := mgl64.Vec2{hip[0] + 0.7*ld.reach, sceneGroundY}
		n := mgl64.Vec2{0, -1}
		tg := c.legTarget(i, hip, foot, n) // the ankle
		bend := ld.bend
		if c.mirrored() {
			bend = -bend
		}
		for _, side := range []struct {
			on bool
			b  float64
		}{{tc.post, bend}, {tc.alt, -bend}} {
			if !side.on {
				continue
			}
			kx, ky, _, _ := ik.SolveTwoBoneXY(hip[0], hip[1], tg[0], tg[1], ld.l0, ld.l1, side.b)
			if _, err := w.AddBox(kx-2, ky-2, 4, 4, terrain.TagWall); err != nil {
				t.Fatal(err)
			}
		}
		c.speed = 0 // no later pose: the test is of the touch-down pose
		for j := range c.poses {
			if j != i { // the other legs out of the way (crossesNeighbour)
				c.poses[j] = legPose{}
			}
		}
		if tc.name == "post on the knee, the other side across a neighbour" {
			// A neighbour's leg standing across the other side's knee.
			kx, ky, _, _ := ik.SolveTwoBoneXY(hip[0], hip[1], tg[0], tg[1], ld.l0, ld.l1, -bend)
			j := int(ld.neighbour[0])
			if j < 0 {
				j = int(ld.neighbour[1])
			}
			// Across the middle of that femur.
			m := mgl64.Vec2{(hip[0] + kx) / 2, (hip[1] + ky) / 2}
			d := mgl64.Vec2{kx - hip[0], ky - hip[1]}.Normalize().Mul(3)
			a, b := m.Add(mgl64.Vec2{-d[1], d[0]}), m.Sub(mgl64.Vec2{-d[1], d[0]})
			c.poses[j] = legPose{hip: a, knee: b, ankle: b, tip: b}
		}
		if got := c.kneeSide(w, i, hip, foot, n, false); got != tc.want {
			t.Errorf("%s: kneeSide = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestTurnKneeContinuous: a swing that turns the knee over to its other
// side (turnKnee) moves the knee continuously, through a straight leg, and
// keeps both bones' lengths: over a step of 100 frames the knee moves at
// most 8 % of the femur a frame (the turn itself, at the straight leg, a
// few percent), and the knee ends on the other side.
func TestTurnKneeContinuous(t *testing.T) {
	spider, _, _, _ := creatureSceneKinds(t)
	ld := &spider.legs[0]
	hx, hy := 100.0, 100.0
	tx, ty := hx+0.6*ld.reach, hy+0.3*ld.reach
	l := leg{state: legStepping, alt: false, altTo: true}
	side := func(kx, ky float64) float64 { return (tx-hx)*(ky-hy) - (ty-hy)*(kx-hx) }
	var p legPose
	var lastK mgl64.Vec2
	var first float64
	worst := 0.0
	for k := 0; k <= 100; k++ {
		l.t = float64(k) / 100
		b, vx, vy := l.turnKnee(ld, ld.bend, hx, hy, tx, ty)
		solveLeg(&p, ld, mgl64.Vec2{tx, ty}, hx, hy, vx, vy, b)
		if f := p.knee.Sub(p.hip).Len(); math.Abs(f-ld.l0) > 1e-9*ld.l0 {
			t.Fatalf("t %.2f: femur %v, want %v", l.t, f, ld.l0)
		}
		if s := p.ankle.Sub(p.knee).Len(); math.Abs(s-ld.l1) > 1e-9*ld.l1 {
			t.Fatalf("t %.2f: tibia %v, want %v", l.t, s, ld.l1)
		}
		if k == 0 {
			first = side(p.knee[0], p.knee[1])
		} else {
			worst = math.Max(worst, p.knee.Sub(lastK).Len()/ld.l0)
		}
		lastK = p.knee
	}
	t.Logf("largest knee move %.1f %% of the femur a frame", 100*worst)
	if worst > 0.08 {
		t.Errorf("knee moved %.1f %% of the femur in a frame, want <= 8 %%", 100*worst)
	}
	if last := side(lastK[0], lastK[1]); first*last >= 0 {
		t.Errorf("knee side %v at the start and %v at the end: it did not turn over", first, last)
	}
}
