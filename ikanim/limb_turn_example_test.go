package ikanim_test

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim"
)

// A biped's near hand, held low in front, is sent to a point above its
// head in one frame. Without a limit the arm turns there at once; with
// MaxTurnSpeed (here 10 deg a frame at 60 TPS) it swings up over several
// frames and then holds the target as exactly as before.
func ExampleLimb_maxTurnSpeed() {
	for _, limit := range []float64{0, 10 * math.Pi / 180 * 60} {
		def, _ := ikanim.NewBipedDef(ikanim.BipedSizes{}, ikanim.BipedSprites{})
		r, err := ikanim.NewRig(def)
		if err != nil {
			panic(err)
		}
		r.Position = mgl64.Vec2{200, 300}
		arm := r.Limb(ikanim.LimbArmNear)
		arm.MaxTurnSpeed = limit
		arm.Target, arm.Weight = mgl64.Vec2{225, 250}, 1
		arm.SetWeightNow(1)
		r.Update(1.0 / 60)
		arm.Target = mgl64.Vec2{215, 200}
		bones := [2]int{def.BoneIndex(ikanim.BoneUpperArmNear), def.BoneIndex(ikanim.BoneForearmNear)}
		last := [2]float64{r.LocalAngle(bones[0]), r.LocalAngle(bones[1])}
		frames, worst := 0, 0.0
		for {
			r.Update(1.0 / 60)
			frames++
			for k, b := range bones {
				a := r.LocalAngle(b)
				worst = math.Max(worst, math.Abs(math.Remainder(a-last[k], 2*math.Pi))*180/math.Pi)
				last[k] = a
			}
			_, wrist := r.Joint(def.BoneIndex(ikanim.BoneForearmNear))
			if wrist.Sub(arm.Target).Len() < 0.01 || frames == 120 {
				break
			}
		}
		fmt.Printf("MaxTurnSpeed %.1f rad/s: on the target after %d frames, the arm's bones turned at most %.0f deg a frame\n", limit, frames, worst)
	}
	// Output:
	// MaxTurnSpeed 0.0 rad/s: on the target after 1 frames, the arm's bones turned at most 137 deg a frame
	// MaxTurnSpeed 10.5 rad/s: on the target after 14 frames, the arm's bones turned at most 10 deg a frame
}
