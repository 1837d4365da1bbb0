package creature

import (
	"os"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

func TestSpeedDiag(t *testing.T) {
	if os.Getenv("SPEED_DIAG") == "" {
		t.Skip()
	}
	spider, c6, c4, squid := creatureSceneKinds(t)
	for _, def := range []*Def{spider, c6, c4, squid} {
		for _, tps := range []float64{30, 60, 144} {
			w := creatureTestWorld(t, "flat")
			c, err := New(def, mgl64.Vec2{200, sceneGroundY - def.BodyHeight()}, w)
			if err != nil {
				t.Fatal(err)
			}
			c.SetMove(1)
			var x0 float64
			holdSum, n := 0.0, 0
			for f := 0; f < int(8*tps); f++ {
				c.Update(1 / tps)
				if f == int(2*tps) {
					x0 = c.Position()[0]
				}
				if f > int(2*tps) {
					holdSum += c.hold
					n++
				}
			}
			t.Logf("%s %3.0f TPS: %.1f px/s (Speed %.0f) hold mean %.2f", def.Name, tps, (c.Position()[0]-x0)/6, def.Gait.Speed, holdSum/float64(n))
		}
	}
}
