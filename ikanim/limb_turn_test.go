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
		l.Target = mgl64.Vec2{100, 40}
		return maxLocalTurn(r, frames, dt, nil), r
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

// maxLocalTurn runs f frames of r at dt and returns the largest change of
// the arm's angles (both bones, local and world) from one update to the
// next.
func maxLocalTurn(r *Rig, frames int, dt float64, each func(f int)) float64 {
	last := [4]float64{r.LocalAngle(0), r.LocalAngle(1), r.BoneAngle(0), r.BoneAngle(1)}
	worst := 0.0
	for f := 0; f < frames; f++ {
		if each != nil {
			each(f)
		}
		r.Update(dt)
		for b := 0; b < 4; b++ {
			a := r.LocalAngle(b % 2)
			if b >= 2 {
				a = r.BoneAngle(b % 2)
			}
			worst = math.Max(worst, math.Abs(math.Remainder(a-last[b], 2*math.Pi)))
			last[b] = a
		}
	}
	return worst
}

// A limb lagging under the limit that is switched off (Weight 0, fading
// out) goes back to its animated pose within the limit too: the frame its
// weight reaches 0 used to drop it there at once (94 deg in a new user's
// trial).
func TestLimbMaxTurnSpeedFadeOut(t *testing.T) {
	const dt, speed = 1.0 / 60, 6.0
	r := solidArmRig(t, false)
	l := r.Limb("arm")
	l.MaxTurnSpeed = speed
	l.Target, l.Weight = mgl64.Vec2{140, 50}, 1
	l.SetWeightNow(1)
	r.Update(dt)
	l.Target = mgl64.Vec2{100, 40}
	worst := maxLocalTurn(r, 8, dt, nil) // lagging on its way up
	l.Weight = 0
	worst = math.Max(worst, maxLocalTurn(r, 120, dt, nil))
	if worst > speed*dt+1e-9 {
		t.Errorf("an arm fading out under the limit turned %.4f rad in a frame, want <= %.4f", worst, speed*dt)
	}
	for b := 0; b < 2; b++ {
		if d := math.Abs(math.Remainder(r.LocalAngle(b)-r.AnimatedAngle(b), 2*math.Pi)); d > 1e-9 {
			t.Errorf("bone %d is %.3g rad from its animated angle 2 s after fading out, want 0", b, d)
		}
	}
}

// An update of 0 s turns no bone of a limited limb (a paused game that
// still updates), and a limit switched on in the frame the target jumps
// bounds that frame already.
func TestLimbMaxTurnSpeedZeroDtAndSwitchOn(t *testing.T) {
	const dt, speed = 1.0 / 60, 6.0
	r := solidArmRig(t, false)
	l := r.Limb("arm")
	l.Target, l.Weight = mgl64.Vec2{140, 50}, 1
	l.SetWeightNow(1)
	r.Update(dt)
	r.Update(dt)
	// Switched on with the jump.
	l.MaxTurnSpeed = speed
	l.Target = mgl64.Vec2{100, 40}
	if w := maxLocalTurn(r, 1, dt, nil); w > speed*dt+1e-9 || w < speed*dt-1e-9 {
		t.Errorf("the frame the limit was switched on the arm turned %.4f rad, want the limit %.4f", w, speed*dt)
	}
	if w := maxLocalTurn(r, 5, 0, nil); w != 0 {
		t.Errorf("updates of 0 s turned the arm %.3g rad, want 0", w)
	}
	if w := maxLocalTurn(r, 5, dt, nil); w > speed*dt+1e-9 {
		t.Errorf("after the pause the arm turned %.4f rad in a frame, want <= %.4f", w, speed*dt)
	}
}

// The limit holds for each bone's angle as a game measures it (its world
// angle, the chain's base standing still), not only for the local angles:
// a shoulder and an elbow turning the same way, each at the limit, turned
// the forearm by twice the limit in a frame (a climber grabbing the wall:
// 32.6 deg at 30 TPS against 24). The hand, an effector keeping its
// animated world angle, is bounded too.
func TestLimbMaxTurnSpeedBoundsWorldAngles(t *testing.T) {
	const speed = 12.0
	for _, tps := range []float64{30, 60, 144} {
		dt := 1 / tps
		def, err := NewRigDef([]BoneDef{
			{Name: "upper", Parent: -1, Attach: mgl64.Vec2{0, -50}, Length: 22},
			{Name: "fore", Parent: 0, Attach: mgl64.Vec2{22, 0}, Length: 20},
			{Name: "hand", Parent: 1, Attach: mgl64.Vec2{20, 0}, Length: 6},
		}, []LimbDef{{Name: "arm", Bones: []string{"upper", "fore"}, Bend: 1, Effector: "hand"}})
		if err != nil {
			t.Fatal(err)
		}
		r := mustRig(t, def)
		r.Position = mgl64.Vec2{100, 100}
		l := r.Limb("arm")
		l.MaxTurnSpeed = speed
		l.Weight = 1
		l.SetWeightNow(1)
		// Targets around the shoulder (at (100, 50)): stretched out, folded
		// in close above, stretched below, folded behind.
		targets := []mgl64.Vec2{{140, 50}, {104, 44}, {100, 90}, {88, 56}, {141, 51}, {100, 12}}
		l.Target = targets[0]
		r.Update(dt)
		var last [3]float64
		for b := range last {
			last[b] = r.BoneAngle(b)
		}
		worst, worstLocal := 0.0, 0.0
		for _, tg := range targets[1:] {
			l.Target = tg
			for f := 0; f < int(tps); f++ {
				r.Update(dt)
				for b := range last {
					a := r.BoneAngle(b)
					worst = math.Max(worst, math.Abs(math.Remainder(a-last[b], 2*math.Pi)))
					last[b] = a
				}
			}
		}
		worstLocal = maxLocalTurn(r, 1, dt, nil)
		if step := speed * dt; worst > step+1e-9 || worstLocal > step+1e-9 {
			t.Errorf("%v TPS: a bone turned %.2f deg in a frame (world angle), want <= %.2f (MaxTurnSpeed*dt)",
				tps, worst*180/math.Pi, step*180/math.Pi)
		}
		if _, h := r.Joint(1); h.Sub(targets[len(targets)-1]).Len() > 1e-6 {
			t.Errorf("%v TPS: 1 s after the last jump the hand is at %v, want on the target %v", tps, h, targets[len(targets)-1])
		}
	}
}
