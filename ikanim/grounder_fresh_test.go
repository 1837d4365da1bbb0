package ikanim

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// teleportSink builds the README biped (a WalkCycle, a GroundFollower with
// Probe 24, a Grounder, default settings), teleports it onto from at x 300,
// runs it there for warm frames, then teleports it onto ground g at
// (x, y), standing or walking at 60 px/s, and returns the deepest point of
// either sole below g over the 30 frames after that teleport, and the frame
// it came in (1: the first Update after the teleport).
func teleportSink(t *testing.T, from, g *polyGround, warm int, x, y float64, walk bool) (float64, int) {
	t.Helper()
	def, err := NewBipedDef(BipedSizes{}, BipedSprites{})
	if err != nil {
		t.Fatal(err)
	}
	r := mustRig(t, def)
	ground := &switchGround{g: from}
	fol, err := NewGroundFollower(r, ground)
	if err != nil {
		t.Fatal(err)
	}
	fol.Probe = 24
	gr, err := NewGrounder(r, ground, BipedGrounderLegs()...)
	if err != nil {
		t.Fatal(err)
	}
	r.Source = &WalkCycle{}
	r.Add(fol, gr)
	const dt = 1.0 / 60
	if warm > 0 {
		r.Teleport(mgl64.Vec2{300, 400})
		for i := 0; i < warm; i++ {
			r.Position[0] += 60 * dt
			r.Update(dt)
		}
	}
	ground.g = g
	r.Teleport(mgl64.Vec2{x, y})
	feet := footBones(r)
	worst, at := 0.0, 0
	for i := 1; i <= 30; i++ {
		if walk {
			r.Position[0] += 60 * dt
		}
		r.Update(dt)
		for _, f := range feet {
			if s, _ := soleAgainst(r, f, g); s > worst {
				worst, at = s, i
			}
		}
	}
	return worst, at
}

// switchGround is a polyGround the test can swap (a teleport to another
// level).
type switchGround struct{ g *polyGround }

func (s *switchGround) Raycast(from, to mgl64.Vec2) (point, normal mgl64.Vec2, ok bool) {
	return s.g.Raycast(from, to)
}

// Issue 10: from the first frame after a Teleport (the first Update, or one
// later in the game), the feet stand on the ground: the legs' IK weights do
// not fade in and the body offset does not ease in (grounder_fresh.go).
// Before, a biped teleported onto a 30-degree slope had a sole 8.0 px in the
// ground standing and 19.8 px walking (2.5/6.2 at 10 degrees, 5.2/12.8 at
// 20) for about 8 frames.
func TestGrounderTeleportPlacesAtOnce(t *testing.T) {
	for _, deg := range []float64{0, 10, 20, 30} {
		x := 300.0
		tn := math.Tan(deg * math.Pi / 180)
		slope := &polyGround{pts: []mgl64.Vec2{{-1e4, 600 + 1e4*tn}, {1e4, 600 - 1e4*tn}}}
		y := 600 - tn*x
		for _, warm := range []int{0, 90} {
			for _, walk := range []bool{false, true} {
				s, at := teleportSink(t, flatGround(400), slope, warm, x, y, walk)
				t.Logf("%2.0f deg, teleport after %2d frames, walk %-5v: deepest sole %.2f px (frame %d)", deg, warm, walk, s, at)
				if s > 0.5 {
					t.Errorf("%v deg, after %d frames, walk %v: a sole %.2f px in the ground in frame %d after the teleport, want <= 0.5", deg, warm, walk, s, at)
				}
			}
		}
	}
}
