package creature

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/ik"
	"github.com/ikanim/kit/terrain"
)

// TestCreatureLegThroughSolidWantsToStep: a standing creature on flat
// ground (every planted foot of one normal, so neither kneeBlocked nor
// kneeAcross has anything to test) whose planted leg's femur or tibia
// passes through a small block that appeared over it wants that leg to
// step, urgently, as a knee in the solid under its foot does (guardLegs);
// before the guard nothing in the frame saw the block. Legs of 2 and 3
// segments; the same creature with no block wants nothing of that leg.
func TestCreatureLegThroughSolidWantsToStep(t *testing.T) {
	spider, crawler6, _, _ := creatureSceneKinds(t)
	for _, def := range []*Def{spider, crawler6} {
		for _, bone := range []string{"", "femur", "tibia"} {
			w := creatureTestWorld(t, "flat")
			c, err := New(def, mgl64.Vec2{400, sceneGroundY - def.BodyHeight()}, w)
			if err != nil {
				t.Fatal(err)
			}
			for range 60 {
				c.Update(1.0 / 60) // settle, standing
			}
			const i = 0
			l := c.Leg(i)
			if !l.Planted {
				t.Fatalf("%s: leg %d not planted after settling", def.Name, i)
			}
			var mid mgl64.Vec2
			switch bone {
			case "femur":
				mid = l.Hip.Add(l.Knee).Mul(0.5)
			case "tibia":
				mid = l.Knee.Add(l.Ankle).Mul(0.5)
			}
			if bone != "" {
				const half = 1.5
				if _, err := w.AddBox(mid[0]-half, mid[1]-half, 2*half, 2*half, terrain.TagWall); err != nil {
					t.Fatal(err)
				}
				w.Sync()
			}
			// A second later (the guard trusts a rectangle it proved
			// clear for guardKeep).
			c.clock++
			var plan gaitPlan
			plan.mixed = c.mixedNormals()
			c.prepareLegs(&plan)
			want := bone != ""
			if got := plan.urgent[i] && plan.need[i] >= 1 && plan.knee&(1<<i) != 0; got != want {
				t.Errorf("%s, block on the %q: leg %d wants to step urgently with a leg in a solid: %v, want %v", def.Name, bone, i, got, want)
			}
		}
	}
}

// TestCreatureStepFindsFreeFoothold: a planted leg that stands through a
// small block on its tibia, where the foothold search finds the foot's
// own place again, steps (urgently) to a foothold half a step away
// (freeFoothold: where a 3-segment leg stands free; a 2-segment leg's is
// not tested, and here it stands free too), instead of staying through
// it (a step in place would change nothing). Legs of 2 and 3 segments.
func TestCreatureStepFindsFreeFoothold(t *testing.T) {
	spider, crawler6, _, _ := creatureSceneKinds(t)
	for _, def := range []*Def{spider, crawler6} {
		w := creatureTestWorld(t, "flat")
		c, err := New(def, mgl64.Vec2{400, sceneGroundY - def.BodyHeight()}, w)
		if err != nil {
			t.Fatal(err)
		}
		for range 60 {
			c.Update(1.0 / 60) // settle, standing
		}
		const i = 0
		l := c.Leg(i)
		// On the tibia: a foothold half a step away moves it off the block.
		mid := l.Knee.Add(l.Ankle).Mul(0.5)
		const half = 1.5
		if _, err := w.AddBox(mid[0]-half, mid[1]-half, 2*half, 2*half, terrain.TagWall); err != nil {
			t.Fatal(err)
		}
		w.Sync()
		foot := c.legs[i].foot
		if !c.startStep(w, i, true, true) {
			t.Errorf("%s: leg %d through the block did not step", def.Name, i)
			continue
		}
		lg := &c.legs[i]
		if d := lg.to.Sub(foot).Len(); d < stepMin {
			t.Errorf("%s: leg %d steps in place (%.2f px)", def.Name, i, d)
		}
		ld := &c.def.legs[i]
		hip := c.bodyPoint(ld.hipBody())
		tg := c.legTarget(i, hip, lg.to, lg.toN)
		bend := ld.bend
		if lg.altTo != c.mirrored() {
			bend = -bend
		}
		kx, ky, ex, ey := ik.SolveTwoBoneXY(hip[0], hip[1], tg[0], tg[1], ld.l0, ld.l1, bend)
		q := legPose{hip: hip, knee: mgl64.Vec2{kx, ky}, ankle: mgl64.Vec2{ex, ey}}
		if e := legEnd(&q, ld); swingHit(w, hip, q.knee) || swingHit(w, q.knee, e) {
			t.Errorf("%s: leg %d lands through the block at %v", def.Name, i, lg.to)
		}
	}
}

// missGround is a Ground whose rays all miss.
type missGround struct{}

func (missGround) Raycast(a, b mgl64.Vec2) (mgl64.Vec2, mgl64.Vec2, bool) {
	return mgl64.Vec2{}, mgl64.Vec2{}, false
}

// TestCreatureGuardKeepsHold: a planted leg that must step (urgent) and
// finds no foothold dangles, but one the leg guard lifts (keep) keeps the
// foothold it holds: a spider of 12 legs under the end of a ceiling, its
// legs lifted one after another by the guard and finding nothing, let go
// of it and fell (18 fall frames on the 48 courses at 60 TPS, 6 with keep).
func TestCreatureGuardKeepsHold(t *testing.T) {
	spider, _, _, _ := creatureSceneKinds(t)
	for _, keep := range []bool{false, true} {
		w := creatureTestWorld(t, "flat")
		c, err := New(spider, mgl64.Vec2{400, sceneGroundY - spider.BodyHeight()}, w)
		if err != nil {
			t.Fatal(err)
		}
		for range 30 {
			c.Update(1.0 / 60)
		}
		const i = 0
		foot := c.legs[i].foot
		planted := c.planted
		if c.startStep(missGround{}, i, true, keep) {
			t.Fatalf("keep %v: stepped with no foothold", keep)
		}
		l := &c.legs[i]
		if keep && (l.state != legPlanted || l.foot != foot || c.planted != planted) {
			t.Errorf("keep: leg %d state %d foot %v (was %v), %d planted (was %d): want it planted where it was", i, l.state, l.foot, foot, c.planted, planted)
		}
		if !keep && l.state != legDangling {
			t.Errorf("no keep: leg %d state %d, want dangling", i, l.state)
		}
	}
}

// TestTurnKneeStopsAtTheRock: a stepping leg whose knee turns over
// (turnKnee) slides its two-bone target out along the hip -> target line
// toward the full reach, the leg straightening; where that line points
// into the floor within the reach (a foot swinging close under the hip),
// the straight leg stops swingClear short of the floor (turnClamp) instead
// of reaching into it (until it, a spider's leg 28 px into the floor).
// Mid-turn, both bones of a spider's and a 6-legged crawler's leg stay
// out of the floor.
func TestTurnKneeStopsAtTheRock(t *testing.T) {
	spider, crawler6, _, _ := creatureSceneKinds(t)
	for _, def := range []*Def{spider, crawler6} {
		w := creatureTestWorld(t, "flat")
		c, err := New(def, mgl64.Vec2{400, sceneGroundY - def.BodyHeight()}, w)
		if err != nil {
			t.Fatal(err)
		}
		for range 30 {
			c.Update(1.0 / 60)
		}
		const i = 0
		l := &c.legs[i]
		ld := &c.def.legs[i]
		hip := c.bodyPoint(ld.hipBody())
		// A swing from just behind to just ahead of the point under the
		// hip, lifted a little: mid-swing the foot is straight under the
		// hip, closer than the floor.
		c.liftOff(l)
		l.state = legStepping
		c.airborn++
		l.from, l.to = mgl64.Vec2{hip[0] - 4, sceneGroundY}, mgl64.Vec2{hip[0] + 4, sceneGroundY}
		l.fromN, l.toN = mgl64.Vec2{0, -1}, mgl64.Vec2{0, -1}
		l.lift, l.box, l.boxUp = 2, false, c.up
		l.t, l.rate = 0.5, 4
		l.altTo = !l.alt
		l.foot = c.stepPoint(l, l.t)
		c.prepareLegs(nil)
		p := c.poses[i]
		for _, q := range []mgl64.Vec2{p.hip, p.knee, p.ankle} {
			if q[1] > sceneGroundY+0.5 {
				t.Errorf("%s: mid-turn joint %v is %.1f px in the floor (y %.0f); pose %+v", def.Name, q, q[1]-sceneGroundY, sceneGroundY, p)
			}
		}
	}
}
