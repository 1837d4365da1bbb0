package creature

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/terrain"
)

// A 3-segment leg's last segment keeps its length in every frame, through
// the swings that turn a knee over to its other side (turnKnee slides the
// two-bone target out toward full reach): the spider on 24 generated
// courses at 60 TPS, every leg, every frame, the tarsus no longer than
// defined. (A new user's trial: it was drawn from the leg's end to the foot
// while the target slid, up to 7x its length: 57.7 px for the spider's
// 12 px.)
func TestCreatureTarsusKeepsItsLength(t *testing.T) {
	spider, _, _, _ := creatureSceneKinds(t)
	worst, frames := 0.0, 0
	for seed := uint64(0); seed < 24; seed++ {
		crs := terrain.GenerateCourse(seed, terrain.CourseOptions{})
		tg := crs.Targets(nil, 1, 150, 400)
		c, err := New(spider, crs.Start.Sub(mgl64.Vec2{0, spider.BodyHeight()}), crs.World)
		if err != nil {
			t.Fatal(err)
		}
		c.SetTarget(tg[0].Point.Add(tg[0].Normal.Mul(spider.BodyHeight())))
		var buf [MaxSegments + 1]mgl64.Vec2
		for f := 0; f < 600; f++ {
			c.Update(1.0 / 60)
			for i := 0; i < c.NumLegs(); i++ {
				j := c.TentacleJoints(i, buf[:0])
				segs := spider.Legs[i].Segments
				if len(segs) != 3 || len(j) != 4 {
					continue
				}
				frames++
				worst = math.Max(worst, j[3].Sub(j[2]).Len()/segs[2])
			}
		}
	}
	t.Logf("%d leg-frames: tarsus at most %.6f of its length", frames, worst)
	if worst > 1+1e-9 {
		t.Errorf("a tarsus drawn %.3f times its length", worst)
	}
}
