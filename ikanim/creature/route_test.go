package creature

import (
	"fmt"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/terrain"
)

// routeSlabWorld is the flat test scene with an overhang: a wall 20 px
// wide standing on the ground from wallX, 150 px tall, and a slab 20 px
// thick on its top reaching 300 px toward the lip on the other side (mirror
// false: the wall on the right, the lip on the left; true: mirrored). It
// returns the world and the x of the point under the middle of the slab.
func routeSlabWorld(t *testing.T, mirror bool) (*terrain.World, float64) {
	w := creatureTestWorld(t, "flat")
	g := sceneGroundY
	wallX, slabX := 700.0, 420.0 // wall on the right, the slab from 420 to 720
	if mirror {
		wallX, slabX = 500.0, 500.0 // wall on the left, the slab from 500 to 800
	}
	if _, err := w.AddBox(wallX, g-150, 20, 150, terrain.TagWall); err != nil {
		t.Fatal(err)
	}
	if _, err := w.AddBox(slabX, g-170, 300, 20, terrain.TagPlatform); err != nil {
		t.Fatal(err)
	}
	return w, slabX + 150
}

// TestRoutePlansTheWayRoundAnOverhang: a creature stands under the middle
// of a slab held up by a wall at one end; its target is on the slab's top,
// straight above it. The projection on the surface gives no way (the
// creature stood under the target for good). By hand, the way round is:
// along the floor to the wall (150 px), up its face (150), along the
// slab's underside back to the lip (300), round the lip's 20 px end and
// along the top to the target (170): about 770 px; the other way leads
// off along the floor, round the far side of the level's ground (some
// 3,000 px). So the plan's sense is toward the wall: +1 (along Right(),
// which points +x on the floor) with the wall on the right, -1 mirrored.
// Each shape plans that sense within a second at 30, 60 and 144 TPS, and
// the winning trace is 600-800 px long (it ends within two ArriveRadius of
// the target: 670-700 px measured).
func TestRoutePlansTheWayRoundAnOverhang(t *testing.T) {
	spider, c6, c4, squid := creatureSceneKinds(t)
	for _, mirror := range []bool{false, true} {
		want := 1.0
		if mirror {
			want = -1
		}
		for _, def := range []*Def{spider, c6, c4, squid} {
			for _, tps := range []float64{30, 60, 144} {
				w, x := routeSlabWorld(t, mirror)
				c, err := New(def, mgl64.Vec2{x, sceneGroundY - def.BodyHeight()}, w)
				if err != nil {
					t.Fatal(err)
				}
				c.SetTarget(mgl64.Vec2{x, sceneGroundY - 170 - def.BodyHeight()})
				frames := 0
				for ; frames < int(tps) && c.route.state != routeDone; frames++ {
					c.Update(1 / tps)
				}
				name := fmt.Sprintf("mirror %v, %s %.0f TPS", mirror, def.Name, tps)
				if c.route.sense != want {
					t.Errorf("%s: planned sense %v after %d frames (state %d), want %v", name, c.route.sense, frames, c.route.state, want)
					continue
				}
				n := c.route.tr[(1-int(want))/2].length
				if n < 600 || n > 800 {
					t.Errorf("%s: the way traced is %.0f px long, want 600-800", name, n)
				}
				t.Logf("%s: sense %v planned in %d frames; traced %.0f px", name, want, frames, n)
			}
		}
	}
}

// TestRouteArrivesOnTheSlab walks the spider of TestRoutePlansTheWayRound
// AnOverhang there: up the wall, under the slab, round its lip and onto
// its top to the target, within 30 s at 30, 60 and 144 TPS (10-13 s
// measured; without the route it stood under the target, blocked, for the
// whole 30 s at every rate).
func TestRouteArrivesOnTheSlab(t *testing.T) {
	spider, _, _, _ := creatureSceneKinds(t)
	for _, mirror := range []bool{false, true} {
		for _, tps := range []float64{30, 60, 144} {
			w, x := routeSlabWorld(t, mirror)
			c, err := New(spider, mgl64.Vec2{x, sceneGroundY - spider.BodyHeight()}, w)
			if err != nil {
				t.Fatal(err)
			}
			c.SetTarget(mgl64.Vec2{x, sceneGroundY - 170 - spider.BodyHeight()})
			arrived := 0.0
			for f := 1; f <= int(30*tps) && arrived == 0; f++ {
				c.Update(1 / tps)
				if c.Arrived() {
					arrived = float64(f) / tps
				}
			}
			if arrived == 0 {
				t.Errorf("mirror %v, %.0f TPS: not arrived in 30 s (at %.0f, up %.2f, %v)", mirror, tps, c.Position(), c.Up(), c.State())
				continue
			}
			t.Logf("mirror %v, %.0f TPS: arrived in %.1f s", mirror, tps, arrived)
		}
	}
}

// BenchmarkCreatureNewTarget times the frame in which a spider under the
// slab of routeSlabWorld gets a new target that needs a plan (the slab's
// top, then the floor beyond the wall, in turn): SetTarget and one Update,
// which starts the route's traces (routeStepsPerFrame steps each) on top of
// the frame's own work. Later frames finish the plan.
func BenchmarkCreatureNewTarget(b *testing.B) {
	spider, _, _, _ := creatureSceneKinds(b)
	w := creatureTestWorld(b, "flat")
	g := sceneGroundY
	if _, err := w.AddBox(700, g-150, 20, 150, terrain.TagWall); err != nil {
		b.Fatal(err)
	}
	if _, err := w.AddBox(420, g-170, 300, 20, terrain.TagPlatform); err != nil {
		b.Fatal(err)
	}
	c, err := New(spider, mgl64.Vec2{570, g - spider.BodyHeight()}, w)
	if err != nil {
		b.Fatal(err)
	}
	goals := []mgl64.Vec2{{570, g - 170 - spider.BodyHeight()}, {900, g - spider.BodyHeight()}}
	for range 30 {
		c.Update(1.0 / 60)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for k := 0; k < b.N; k++ {
		c.SetTarget(goals[k%2])
		c.Update(1.0 / 60)
	}
}

// TestRouteReplansAnOverrunWay: the spider of TestRouteArrivesOnTheSlab
// walks the planned way round the slab (about 700 px traced). Planned
// honestly, the route is made once on the way: the walk never overruns
// wayOverrun times the traced length. With the traced length cut to 50 px
// as soon as it is planned (a way the creature left: the trace went down
// into a gap its legs stepped across, or round an edge it did not go
// round), the creature plans again once it has walked 1.1 * 50 + 2 *
// BodyHeight = 111 px the planned way (not before 100 px, and by 200),
// and the new plan, made from where it stands, still takes it onto the
// slab within 30 s, at 30, 60 and 144 TPS.
func TestRouteReplansAnOverrunWay(t *testing.T) {
	spider, _, _, _ := creatureSceneKinds(t)
	for _, cut := range []bool{false, true} {
		for _, tps := range []float64{30, 60, 144} {
			w, x := routeSlabWorld(t, false)
			start := mgl64.Vec2{x, sceneGroundY - spider.BodyHeight()}
			c, err := New(spider, start, w)
			if err != nil {
				t.Fatal(err)
			}
			c.SetTarget(mgl64.Vec2{x, sceneGroundY - 170 - spider.BodyHeight()})
			plans, arrived, walked, firstReplan := 0, 0.0, 0.0, 0.0
			prev, was := c.Position(), c.route.state
			for f := 1; f <= int(30*tps) && arrived == 0; f++ {
				c.Update(1 / tps)
				walked += c.Position().Sub(prev).Len()
				prev = c.Position()
				if s := c.route.state; s == routeDone && was != routeDone && c.route.sense != 0 {
					plans++
					if cut && plans == 1 {
						c.route.length = 50
					}
					if plans == 2 && firstReplan == 0 {
						firstReplan = walked
					}
				}
				was = c.route.state
				if c.Arrived() {
					arrived = float64(f) / tps
				}
			}
			name := fmt.Sprintf("cut %v, %.0f TPS", cut, tps)
			if arrived == 0 {
				t.Errorf("%s: not arrived in 30 s (at %.0f, %v)", name, c.Position(), c.State())
			}
			switch {
			case !cut && plans != 1:
				t.Errorf("%s: %d plans, want 1 (an honest way is not planned again)", name, plans)
			case cut && plans < 2:
				t.Errorf("%s: %d plans, want the way planned again after its overrun", name, plans)
			case cut && (firstReplan < 100 || firstReplan > 200):
				t.Errorf("%s: planned again after %.0f px walked, want 100-200 (the overrun at 111 px and the traces' frames)", name, firstReplan)
			}
			t.Logf("%s: %d plans (the second after %.0f px walked), arrived in %.1f s", name, plans, firstReplan, arrived)
		}
	}
}
