package creature

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/terrain"
)

// TestKneeBlocked: a knee is blocked when it lies below the plane of its
// foot's face and the segment from just off the face to it enters a solid:
// under a floor, or with the tibia cut through a block's corner; a knee
// above the plane, or below the plane of a block's top but beyond its edge,
// is free. Block: x 500-530, y 480-560 on the floor at y = 560.
func TestKneeBlocked(t *testing.T) {
	w := creatureTestWorld(t, "flat")
	if _, err := w.AddBox(500, sceneGroundY-80, 30, 80, terrain.TagWall); err != nil {
		t.Fatal(err)
	}
	up, right := mgl64.Vec2{0, -1}, mgl64.Vec2{1, 0}
	for _, tc := range []struct {
		name       string
		foot, n, k mgl64.Vec2
		want       bool
	}{
		{"above the floor", mgl64.Vec2{300, 560}, up, mgl64.Vec2{310, 545}, false},
		{"under the floor", mgl64.Vec2{300, 560}, up, mgl64.Vec2{310, 570}, true},
		{"just under the floor (kneeSink)", mgl64.Vec2{300, 560}, up, mgl64.Vec2{310, 560.4}, false},
		{"above the block's top", mgl64.Vec2{515, 480}, up, mgl64.Vec2{520, 465}, false},
		{"inside the block", mgl64.Vec2{515, 480}, up, mgl64.Vec2{520, 495}, true},
		{"below the top's plane beyond the edge", mgl64.Vec2{525, 480}, up, mgl64.Vec2{550, 482}, false},
		{"tibia through the edge from the top", mgl64.Vec2{525, 480}, up, mgl64.Vec2{545, 495}, true},
		{"tibia through the top corner", mgl64.Vec2{530, 500}, right, mgl64.Vec2{520, 470}, true},
		{"beside the far face", mgl64.Vec2{530, 500}, right, mgl64.Vec2{545, 470}, false},
	} {
		if got := kneeBlocked(w, tc.foot, tc.n, tc.k); got != tc.want {
			t.Errorf("%s: kneeBlocked(foot %v, n %v, knee %v) = %v, want %v", tc.name, tc.foot, tc.n, tc.k, got, tc.want)
		}
	}
}

// TestCreatureKneeInSolidSteps: a planted leg whose knee lies inside the
// ground under its foot lifts (gaitStep) though it is neither strayed nor
// stretched, and even while a neighbour is in the air; the same leg with its
// knee above the ground stays planted.
func TestCreatureKneeInSolidSteps(t *testing.T) {
	spider, _, _, _ := creatureSceneKinds(t)
	w := creatureTestWorld(t, "flat")
	for _, tc := range []struct {
		sunk, neighbourUp bool
	}{{false, false}, {true, false}, {true, true}} {
		c, err := New(spider, mgl64.Vec2{400, sceneGroundY - spider.BodyHeight()}, w)
		if err != nil {
			t.Fatal(err)
		}
		for range 30 {
			c.Update(1.0 / 60) // settle, standing
		}
		const i = 0
		if !c.Leg(i).Planted {
			t.Fatalf("leg %d not planted after settling", i)
		}
		if tc.neighbourUp {
			j := int(c.def.legs[i].neighbour[1])
			if j < 0 || c.legs[j].state != legPlanted {
				t.Fatalf("leg %d: neighbour %d not planted", i, j)
			}
			c.legs[j].state = legStepping // as if it had just lifted
			c.planted--
			c.airborn++
		}
		// The foot 3 px from its home (not strayed): the foothold the step
		// finds is not where the foot stands (a step in place that changes
		// nothing is not taken, startStep).
		c.legs[i].foot = c.legs[i].foot.Add(mgl64.Vec2{3, 0})
		if tc.sunk {
			c.poses[i].knee = c.legs[i].foot.Add(mgl64.Vec2{0, 6}) // in the ground
		}
		c.gaitStep(w)
		if got := c.Leg(i).Planted; got == tc.sunk {
			t.Errorf("knee in the ground %v, neighbour in the air %v: leg %d planted %v after gaitStep, want %v", tc.sunk, tc.neighbourUp, i, got, !tc.sunk)
		}
	}
}
