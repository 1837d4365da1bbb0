package ikanim

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// An arm whose target jumps from straight ahead of the shoulder to 10 px
// above it (a turn of the upper arm of about 100 degrees and of the elbow
// of about 150) turns no bone by more than MaxTurnSpeed*dt a frame, lags
// while it turns and then lands exactly where the unlimited arm does; the
// unlimited arm makes the whole turn in one frame.
func TestLimbMaxTurnSpeedBoundsEachFrame(t *testing.T) {
	const dt = 1.0 / 60
	const speed = 6.0 // rad/s: 0.1 rad a frame
	solve := func(limit float64, frames int) (worst float64, r *Rig) {
		r = solidArmRig(t, false)
		l := r.Limb("arm")
		l.Weight = 1
		l.SetWeightNow(1)
		l.MaxTurnSpeed = limit
		l.Target = mgl64.Vec2{140, 50}
		r.Update(dt)
		last := [2]float64{r.LocalAngle(0), r.LocalAngle(1)}
		l.Target = mgl64.Vec2{100, 40}
		for f := 0; f < frames; f++ {
			r.Update(dt)
			for b := 0; b < 2; b++ {
				a := r.LocalAngle(b)
				worst = math.Max(worst, math.Abs(math.Remainder(a-last[b], 2*math.Pi)))
				last[b] = a
			}
		}
		return worst, r
	}
	free, rf := solve(0, 60)
	if free < 1.5 {
		t.Fatalf("the unlimited arm turned at most %.3f rad in a frame, want the whole turn (> 1.5) in one", free)
	}
	limited, rl := solve(speed, 60)
	if limited > speed*dt+1e-9 {
		t.Errorf("the limited arm turned %.4f rad in a frame, want <= %.4f", limited, speed*dt)
	}
	if limited < speed*dt-1e-9 {
		t.Errorf("the limited arm turned at most %.4f rad in a frame, want the limit %.4f (it should lag)", limited, speed*dt)
	}
	_, hf := rf.Joint(1)
	_, hl := rl.Joint(1)
	if d := hf.Sub(hl).Len(); d > 1e-9 {
		t.Errorf("after 1 s the limited hand is %.3g px from the unlimited one, want 0", d)
	}
	// Mid-turn it lags: after 5 frames (0.5 rad at most) the hand is far
	// from the target.
	_, mid := solve(speed, 5)
	if _, h := mid.Joint(1); h.Sub(mgl64.Vec2{100, 40}).Len() < 5 {
		t.Errorf("after 5 frames the limited hand is at %v, want it still on its way (> 5 px from the target)", h)
	}
}

// A limit that is NaN, infinite or negative is no limit, and never NaN.
func TestLimbMaxTurnSpeedBadValues(t *testing.T) {
	for _, v := range []float64{math.NaN(), math.Inf(1), -3} {
		r := solidArmRig(t, false)
		l := r.Limb("arm")
		l.Weight = 1
		l.SetWeightNow(1)
		l.MaxTurnSpeed = v
		l.Target = mgl64.Vec2{140, 50}
		r.Update(1.0 / 60)
		l.Target = mgl64.Vec2{100, 40}
		r.Update(1.0 / 60)
		if _, h := r.Joint(1); h.Sub(mgl64.Vec2{100, 40}).Len() > 1e-6 {
			t.Errorf("MaxTurnSpeed %v: hand at %v, want on the target at once", v, h)
		}
	}
}
