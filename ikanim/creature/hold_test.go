package creature

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/solarlune/resolv"

	"github.com/ikanim/kit/terrain"
)

// TestCreatureLetsGoOfGroundThatWentAway: each preset kind stands on a
// platform 200 px wide, 300 px above the floor, for 1 s; then the game
// removes the platform from the space (and Refreshes the World, as
// World.Refresh's doc asks), or moves it 90 px down, or 120 px sideways
// out from under the creature (Synced). Within 1 s the creature falls
// (StateFalling), and after 3 s it stands on what is below: the floor
// (the platform removed or moved aside) or the platform (moved down), its
// body BodyHeight above it (within 3 px). At 30, 60 and 144 TPS. Before
// the hold check (hold.go) every case left the creature standing in the
// air where the platform had been (a new user's trial).
func TestCreatureLetsGoOfGroundThatWentAway(t *testing.T) {
	spider, c6, c4, squid := creatureSceneKinds(t)
	type change struct {
		name  string
		apply func(w *terrain.World, plat *resolv.ConvexPolygon)
		top   float64 // y of the surface it must end on
	}
	const platY, floorY = 350.0, 650.0
	changes := []change{
		{"removed", func(w *terrain.World, plat *resolv.ConvexPolygon) {
			w.Space().Remove(plat)
			w.Refresh()
		}, floorY},
		{"moved 90 px down", func(w *terrain.World, plat *resolv.ConvexPolygon) {
			plat.Move(0, 90)
			w.Sync()
		}, platY + 90},
		{"moved 260 px aside", func(w *terrain.World, plat *resolv.ConvexPolygon) {
			plat.Move(260, 0)
			w.Sync()
		}, floorY},
	}
	for _, def := range []*Def{spider, c6, c4, squid} {
		for _, ch := range changes {
			for _, tps := range []float64{30, 60, 144} {
				w, plat, c := platformCreature(t, def, platY)
				for f := 0; f < int(tps); f++ {
					c.Update(1 / tps)
				}
				if c.Planted() == 0 || math.Abs(c.Position()[1]-(platY-def.BodyHeight())) > 3 {
					t.Fatalf("%s %.0f TPS: not standing on the platform before the change: %v, %d planted", def.Name, tps, c.Position(), c.Planted())
				}
				ch.apply(w, plat)
				fellAt := -1.0
				for f := 0; f < int(3*tps); f++ {
					c.Update(1 / tps)
					if fellAt < 0 && c.State() == StateFalling {
						fellAt = float64(f+1) / tps
					}
				}
				p := c.Position()
				want := ch.top - def.BodyHeight()
				t.Logf("%s, platform %s, %3.0f TPS: falling after %.2f s, body at y %.1f after 3 s (want %.1f), %d planted", def.Name, ch.name, tps, fellAt, p[1], want, c.Planted())
				if fellAt < 0 || fellAt > 1 {
					t.Errorf("%s, platform %s, %.0f TPS: falling after %.2f s, want within 1 s", def.Name, ch.name, tps, fellAt)
				}
				if math.Abs(p[1]-want) > 3 || c.Planted() == 0 {
					t.Errorf("%s, platform %s, %.0f TPS: body at y %.1f with %d planted after 3 s, want %.1f and a foot planted", def.Name, ch.name, tps, p[1], c.Planted(), want)
				}
			}
		}
	}
}

// TestCreatureFeetLeaveGroundThatCameUp: each preset kind stands on a
// platform (200x40 px) for 1 s; the game raises it 12 px at once, or 60 px
// at 20 px/s (Synced every frame). 1.5 s after the platform stopped no
// planted foot is buried (the point 1 px above it along its normal is out
// of every solid) and the body stands BodyHeight above the raised top
// (within 3 px), at 30, 60 and 144 TPS. Before, a buried foot's hold check
// passed (the point below it was in the platform) and feet stayed up to 10
// px inside for seconds (a new user's trial).
func TestCreatureFeetLeaveGroundThatCameUp(t *testing.T) {
	spider, c6, c4, squid := creatureSceneKinds(t)
	const platY = 350.0
	for _, def := range []*Def{spider, c6, c4, squid} {
		for _, rise := range []struct {
			name        string
			total, rate float64 // px, px/s (0: at once)
		}{{"12 px at once", 12, 0}, {"60 px at 20 px/s", 60, 20}} {
			for _, tps := range []float64{30, 60, 144} {
				w, plat, c := platformCreature(t, def, platY)
				dt := 1 / tps
				for f := 0; f < int(tps); f++ {
					c.Update(dt)
				}
				moved := 0.0
				for moved < rise.total {
					step := rise.total - moved
					if rise.rate > 0 {
						step = math.Min(step, rise.rate*dt)
					}
					plat.Move(0, -step)
					w.Sync()
					moved += step
					c.Update(dt)
				}
				for f := 0; f < int(1.5*tps); f++ {
					c.Update(dt)
				}
				buried := 0
				for i := 0; i < c.NumLegs(); i++ {
					l := c.Leg(i)
					if l.Planted && w.Inside(l.Contact.Add(l.Normal)) {
						buried++
					}
				}
				p := c.Position()
				want := platY - rise.total - def.BodyHeight()
				t.Logf("%s, platform raised %s, %3.0f TPS: %d planted feet buried, body at y %.1f (want %.1f), %d planted", def.Name, rise.name, tps, buried, p[1], want, c.Planted())
				if buried > 0 || math.Abs(p[1]-want) > 3 || c.Planted() == 0 {
					t.Errorf("%s, platform raised %s, %.0f TPS: %d planted feet buried, body at y %.1f (want %.1f), %d planted", def.Name, rise.name, tps, buried, p[1], want, c.Planted())
				}
			}
		}
	}
}

// platformCreature builds a World 1200x700 with a floor at y 650 and a
// platform 200x40 px at (400, platY), and a creature of def standing on the
// platform.
func platformCreature(t *testing.T, def *Def, platY float64) (*terrain.World, *resolv.ConvexPolygon, *Creature) {
	t.Helper()
	w, err := terrain.New(1200, 700)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.AddBox(0, 650, 1200, 50, terrain.TagGround); err != nil {
		t.Fatal(err)
	}
	plat, err := w.AddBox(400, platY, 200, 40, terrain.TagGround)
	if err != nil {
		t.Fatal(err)
	}
	c, err := New(def, mgl64.Vec2{500, platY - def.BodyHeight()}, w)
	if err != nil {
		t.Fatal(err)
	}
	return w, plat, c
}
