package quality

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

func TestTentacleFigures(t *testing.T) {
	up := mgl64.Vec2{0, -1}
	hang := []mgl64.Vec2{{0, 0}, {5, 5}, {8, 12}, {8, 20}}
	loop := []mgl64.Vec2{{0, 0}, {0, 10}, {10, 10}, {10, 0}, {5, 5}, {5, 15}}
	if SelfCrossed(hang) {
		t.Errorf("SelfCrossed(%v) = true, want false", hang)
	}
	if !SelfCrossed(loop) {
		t.Errorf("SelfCrossed(%v) = false, want true", loop)
	}
	if got := Rise(hang, up); got != 0 {
		t.Errorf("Rise(hang) = %v, want 0", got)
	}
	curl := []mgl64.Vec2{{0, 0}, {5, -3}, {10, -7}, {10, 5}}
	if got := Rise(curl, up); math.Abs(got-7) > 1e-12 {
		t.Errorf("Rise(curl) = %v, want 7", got)
	}
	if ChainsCross(hang, []mgl64.Vec2{{20, 0}, {20, 20}}) {
		t.Errorf("ChainsCross: apart, want false")
	}
	if !ChainsCross(hang, []mgl64.Vec2{{0, 10}, {20, 10}}) {
		t.Errorf("ChainsCross: across, want true")
	}
	var j JointAngles
	a := []mgl64.Vec2{{0, 0}, {0, 10}, {0, 20}}
	b := []mgl64.Vec2{{0, 0}, {0, 10}, {10, 10}} // second bone turns 90 deg
	if got := j.Track(a, up); got != 0 {
		t.Errorf("first Track = %v, want 0", got)
	}
	if got := j.Track(b, up); math.Abs(got-math.Pi/2) > 1e-12 {
		t.Errorf("Track after a 90 deg turn = %v, want pi/2", got)
	}
	var f Tentacles
	f.Frame(true, false, 3, 0, 0.1)
	f.Frame(false, true, 9, 9, 0.3)
	r := f.Report(nil)
	if r[KeyTentacleLoops] != 1 || r[KeyTentacleCrossings] != 1 || r[KeyTentacleRiseMax] != 9 || r[KeyTentacleRisePlant] != 9 ||
		r[KeyTentacleRiseFr] != 1 || r[KeyTentaclePopFr] != 1 || math.Abs(r[KeyTentaclePopMax]-0.3*180/math.Pi) > 1e-12 {
		t.Errorf("Report = %v", r)
	}
	if a := testing.AllocsPerRun(100, func() { j.Track(a, up); f.Frame(SelfCrossed(a), ChainsCross(a, b), Rise(a, up), 0, 0) }); a != 0 {
		t.Errorf("tentacle figures allocate %v times per frame, want 0", a)
	}
}
