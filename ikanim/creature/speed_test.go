package creature

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// TestCreatureSpeedIsFrameRateIndependent walks each preset kind with
// legs on flat ground (SetMove(1), 8 s, measured over the last 6) at 30,
// 60 and 144 TPS: its speed at 30 and 144 TPS is within 10 % of its speed
// at 60 TPS, and at least half of Gait.Speed. Before footholds were aimed
// by the commanded speed (startStep) a held body planted its feet short,
// was held again sooner, and settled low: the 6-legged crawler walked 38,
// 90 and 92 px/s at 30, 60 and 144 TPS (Speed 92), the spider 38, 46 and
// 52 (Speed 112). The tentacled creature aims as before; its speeds are
// logged.
func TestCreatureSpeedIsFrameRateIndependent(t *testing.T) {
	spider, c6, c4, squid := creatureSceneKinds(t)
	for _, def := range []*Def{spider, c6, c4, squid} {
		var v [3]float64
		for k, tps := range []float64{30, 60, 144} {
			w := creatureTestWorld(t, "flat")
			c, err := New(def, mgl64.Vec2{200, sceneGroundY - def.BodyHeight()}, w)
			if err != nil {
				t.Fatal(err)
			}
			c.SetMove(1)
			var x0 float64
			for f := 1; f <= int(8*tps); f++ {
				c.Update(1 / tps)
				if f == int(2*tps) {
					x0 = c.Position()[0]
				}
			}
			v[k] = (c.Position()[0] - x0) / 6
		}
		t.Logf("%s: %.1f / %.1f / %.1f px/s at 30 / 60 / 144 TPS (Gait.Speed %.0f)", def.Name, v[0], v[1], v[2], def.Gait.Speed)
		if def == squid {
			continue
		}
		for k, tps := range []float64{30, 144} {
			vv := v[2*k]
			if math.Abs(vv/v[1]-1) > 0.1 {
				t.Errorf("%s: %.1f px/s at %.0f TPS against %.1f at 60, want within 10 %%", def.Name, vv, tps, v[1])
			}
		}
		if v[1] < 0.5*def.Gait.Speed {
			t.Errorf("%s: %.1f px/s at 60 TPS, want at least half its Gait.Speed %.0f", def.Name, v[1], def.Gait.Speed)
		}
	}
}
