package ikanim_test

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim"
)

// walkClip plays a WalkCycle as a plain PoseSource, the way a clip baked
// from one (or any keyed walk) reaches the Grounder.
type walkClip struct{ w *ikanim.WalkCycle }

func (c walkClip) Pose(def *ikanim.RigDef, t float64, dst []float64) mgl64.Vec2 {
	return c.w.Pose(def, t, dst)
}

// A walk clip authored for 48 px/s played while the game moves the hero at
// 60: its stance feet move back under the body at 48 px/s, so in the world
// they slide forward 12 px/s while planted. The Grounder locks them where
// they plant (its default under any Source but a WalkCycle, which paces
// itself); FreeFeet lets them slide.
func ExampleGrounder_footLock() {
	for _, free := range []bool{false, true} {
		def, _ := ikanim.NewBipedDef(ikanim.BipedSizes{}, ikanim.BipedSprites{})
		r, _ := ikanim.NewRig(def)
		r.Position = mgl64.Vec2{200, 300}
		w := &ikanim.WalkCycle{}
		r.TimeScale = w.Drive(48)
		r.Source = walkClip{w}
		g, _ := ikanim.NewGrounder(r, slope{200, 305, 0}, ikanim.BipedGrounderLegs()...)
		g.FreeFeet = free
		r.Add(g)
		foot := def.BoneIndex(ikanim.BoneFootNear)
		var start mgl64.Vec2
		slip, was := 0.0, false
		for f := 0; f < 240; f++ {
			r.Position[0] += 1 // 60 px/s
			r.Update(1.0 / 60)
			ankle, _ := r.Joint(foot)
			planted := g.Leg(1).Planted
			if planted && !was {
				start = ankle
			} else if planted && f >= 30 {
				slip = math.Max(slip, math.Abs(ankle[0]-start[0]))
			}
			was = planted
		}
		fmt.Printf("FreeFeet %v: a planted foot slid at most %.1f px along the ground\n", free, slip)
	}
	// Output:
	// FreeFeet false: a planted foot slid at most 0.0 px along the ground
	// FreeFeet true: a planted foot slid at most 7.1 px along the ground
}
