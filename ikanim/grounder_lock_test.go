package ikanim

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// clipWalk is a WalkCycle seen as any other PoseSource (a clip baked from
// it, say): the Grounder does not know its stance keeps the feet still.
type clipWalk struct{ w *WalkCycle }

func (c clipWalk) Pose(def *RigDef, t float64, dst []float64) mgl64.Vec2 {
	return c.w.Pose(def, t, dst)
}

// mismatchedWalk runs a biped on flat ground at speed px/s for n frames at
// tps whose walk is played as if the speed were play px/s (a clip authored
// for another speed: its stance feet move back at play, the body at speed),
// and returns the largest slip of a planted ankle along the ground over any
// stance after the first half second (the lock holds the ankle's place
// along the ground; the rays its height), the number of those stances and
// the largest frame-to-frame move of an ankle and the largest footstep
// shift.
func mismatchedWalk(t *testing.T, free bool, speed, play float64, tps, n int) (slip float64, stances int, step, shift float64) {
	t.Helper()
	r, gr := groundedBiped(t, flatGround(310), mgl64.Vec2{200, 300}, true)
	gr.FreeFeet = free
	w := &WalkCycle{}
	r.TimeScale = w.Drive(play)
	r.Source = clipWalk{w}
	feet := footBones(r)
	var start, prev [2]mgl64.Vec2
	var was [2]bool
	dt := 1 / float64(tps)
	for f := 0; f < n; f++ {
		r.Position[0] += speed * dt
		r.Update(dt)
		for k, b := range feet {
			a, _ := r.Joint(b)
			if f > 0 {
				step = math.Max(step, a.Sub(prev[k]).Len())
			}
			prev[k] = a
			shift = math.Max(shift, math.Abs(gr.legs[k].shift))
			p := gr.Leg(k).Planted
			switch {
			case p && !was[k]:
				start[k] = a
				if f >= tps/2 {
					stances++
				}
			case p && f >= tps/2:
				slip = math.Max(slip, math.Abs(a[0]-start[k][0]))
			}
			was[k] = p
		}
	}
	return slip, stances, step, shift
}

// A walk played 20 % slower than the body moves: every stance foot would
// slide back by the difference over the stance (about 7 px at 60 px/s
// against 48); locked, it stays where it planted along the ground, to
// within 0.05 px (the frames at touch-down and heel-off whose clearance is
// still under PlantedLift), at every rate. The release eases the shift
// away, so no ankle moves further in a frame than the free walk's swing
// does plus the release's steepest easing (1.5 times the shift over
// lockReleaseTime).
func TestGrounderFootLockKeepsClipFeetStill(t *testing.T) {
	const speed, play = 60.0, 48.0
	for _, tps := range []int{30, 60, 144} {
		n := 4 * tps
		dt := 1 / float64(tps)
		freeSlip, _, freeStep, _ := mismatchedWalk(t, true, speed, play, tps, n)
		slip, stances, step, shift := mismatchedWalk(t, false, speed, play, tps, n)
		t.Logf("%d TPS: %d stances, slip %.3g px locked, %.3g px free; largest ankle move in a frame %.3g px locked, %.3g free; largest shift %.3g px", tps, stances, slip, freeSlip, step, freeStep, shift)
		if stances < 6 {
			t.Errorf("%d TPS: %d stances in 3.5 s, want at least 6", tps, stances)
		}
		if freeSlip < 5 {
			t.Errorf("%d TPS: free feet slid only %.3g px; the test's mismatch should make them slide", tps, freeSlip)
		}
		if slip > 0.05 {
			t.Errorf("%d TPS: locked feet slid %.3g px, want <= 0.05", tps, slip)
		}
		if lim := freeStep + 1.5*shift/lockReleaseTime*dt; step > lim {
			t.Errorf("%d TPS: an ankle moved %.3g px in a frame, want <= %.3g", tps, step, lim)
		}
	}
}

// A WalkCycle the Grounder drives keeps its own footstep shift: the lock
// is not used, and FreeFeet changes nothing.
func TestGrounderFootLockLeavesWalkCycleAlone(t *testing.T) {
	run := func(free bool) []mgl64.Vec2 {
		r, gr := groundedBiped(t, stepGround(260, 310, 300), mgl64.Vec2{200, 300}, true)
		gr.FreeFeet = free
		w := &WalkCycle{}
		r.Source = w
		var out []mgl64.Vec2
		for f := 0; f < 240; f++ {
			r.TimeScale = w.Drive(60)
			r.Position[0] += 1
			r.Update(1.0 / 60)
			for _, b := range footBones(r) {
				a, _ := r.Joint(b)
				out = append(out, a)
			}
		}
		return out
	}
	a, b := run(false), run(true)
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("sample %d: %v locked, %v free; want the same", i, a[i], b[i])
		}
	}
}

// A standing pose carried along (the game moves the rig, the pose never
// lifts a foot): the locked feet stay put until they are MaxLockShift
// behind the animated ones, then are dragged along exactly that far
// behind; once the rig stands, they settle back at shiftSettleSpeed to
// lockStandShare of the leg and stay there.
func TestGrounderFootLockDragsAndSettles(t *testing.T) {
	r, gr := groundedBiped(t, flatGround(310), mgl64.Vec2{200, 300}, true)
	r.Source = stanceSource()
	gr.MaxLockShift = 12
	settle(r, 30)
	feet := footBones(r)
	var planted [2]mgl64.Vec2
	for k, b := range feet {
		planted[k], _ = r.Joint(b)
	}
	// 10 px: both feet stay.
	for f := 0; f < 10; f++ {
		r.Position[0]++
		r.Update(1.0 / 60)
	}
	for k, b := range feet {
		if a, _ := r.Joint(b); a.Sub(planted[k]).Len() > 1e-6 {
			t.Errorf("foot %d moved %v px while the body moved 10 px, want 0", k, a.Sub(planted[k]).Len())
		}
	}
	// 30 px more: each foot is dragged, 12 px behind where the animation
	// puts it (its free place: the planted place plus the body's 40 px).
	for f := 0; f < 30; f++ {
		r.Position[0]++
		r.Update(1.0 / 60)
	}
	for k, b := range feet {
		a, _ := r.Joint(b)
		if d := planted[k][0] + 40 - 12 - a[0]; math.Abs(d) > 1e-6 {
			t.Errorf("foot %d at x %.4f, want %.4f (12 px behind its animated place)", k, a[0], planted[k][0]+28)
		}
	}
	// Standing: back to lockStandShare of the leg behind, at
	// shiftSettleSpeed.
	bones := r.def.limbs[gr.legs[0].limb].bones
	stand := lockStandShare / lockShare * 12
	_ = bones
	var prev [2]float64
	for k, b := range feet {
		a, _ := r.Joint(b)
		prev[k] = a[0]
	}
	for f := 0; f < 120; f++ {
		r.Update(1.0 / 60)
		for k, b := range feet {
			a, _ := r.Joint(b)
			if v := (a[0] - prev[k]) * 60; v > shiftSettleSpeed+1e-6 || v < -1e-6 {
				t.Fatalf("frame %d: foot %d settles at %.3g px/s, want 0..%v", f, k, v, shiftSettleSpeed)
			}
			prev[k] = a[0]
		}
	}
	for k, b := range feet {
		a, _ := r.Joint(b)
		if d := planted[k][0] + 40 - stand - a[0]; math.Abs(d) > 1e-6 {
			t.Errorf("standing: foot %d at x %.4f, want %.4f (%.3g px behind its animated place)", k, a[0], planted[k][0]+40-stand, stand)
		}
	}
}

// Turning round lets go of the locks (the animated feet mirror with the
// body), and FreeFeet leaves the feet where the animation puts them.
func TestGrounderFootLockTurnAndFree(t *testing.T) {
	r, gr := standingLocked(t, false)
	walkBody(r, 6)
	r.Facing = FacingLeft
	r.Update(1.0 / 60)
	for k := range gr.legs {
		if gr.legs[k].lock.on && gr.legs[k].lock.mirror != r.frame.mirror {
			t.Errorf("leg %d still locked with the old facing", k)
		}
		if gr.legs[k].shift != 0 {
			t.Errorf("leg %d shift %v after turning round, want 0", k, gr.legs[k].shift)
		}
	}
	r2, _ := standingLocked(t, true)
	a0, _ := r2.Joint(footBones(r2)[0])
	walkBody(r2, 6)
	if a1, _ := r2.Joint(footBones(r2)[0]); math.Abs(a1[0]-a0[0]-6) > 1e-6 {
		t.Errorf("FreeFeet: foot moved %v px with the body's 6, want 6", a1[0]-a0[0])
	}
}

// Rig.Teleport lets go of the locks at once (the feet go where the
// animation puts them at the new place, as with FreeFeet), and Carry moves
// them with ground that carries the character: on a platform moving 1 px a
// frame (the game moving Position with it), the planted ankles keep their
// place on the platform; without Carry they stay in the world until they
// are dragged MaxLockShift behind.
func TestGrounderFootLockTeleportAndCarry(t *testing.T) {
	r, gr := standingLocked(t, false)
	walkBody(r, 6)
	r2, _ := standingLocked(t, true)
	r.Teleport(mgl64.Vec2{900, 300})
	r2.Teleport(mgl64.Vec2{900, 300})
	r.Update(1.0 / 60)
	r2.Update(1.0 / 60)
	for k, b := range footBones(r) {
		a, _ := r.Joint(b)
		a2, _ := r2.Joint(b)
		if a.Sub(a2).Len() > 1e-9 || gr.legs[k].shift != 0 || gr.legs[k].lock.p[0] < 800 {
			t.Errorf("after Teleport: foot %d at %v (free feet: %v), shift %v, lock at %v; want the free place, no shift, a new lock", k, a, a2, gr.legs[k].shift, gr.legs[k].lock.p)
		}
	}

	for _, carry := range []bool{true, false} {
		r, gr := standingLocked(t, false)
		feet := footBones(r)
		var start [2]float64
		for k, b := range feet {
			a, _ := r.Joint(b)
			start[k] = a[0]
		}
		platform := 0.0
		worst := 0.0
		for f := 0; f < 60; f++ {
			platform++
			r.Position[0]++
			if carry {
				gr.Carry(mgl64.Vec2{1, 0})
			}
			r.Update(1.0 / 60)
			for k, b := range feet {
				a, _ := r.Joint(b)
				worst = math.Max(worst, math.Abs(a[0]-start[k]-platform))
			}
		}
		t.Logf("Carry %v: a planted ankle strayed up to %.3f px from its place on the platform", carry, worst)
		if carry && worst > 1e-6 {
			t.Errorf("with Carry an ankle strayed %.3g px from its place on the platform, want 0", worst)
		}
		if !carry && math.Abs(worst-lockShare*(r.def.bones[r.def.limbs[gr.legs[0].limb].bones[0]].Length+r.def.bones[r.def.limbs[gr.legs[0].limb].bones[1]].Length)) > 1e-6 {
			t.Errorf("without Carry the ankles strayed %.3g px, want MaxLockShift's default (dragged)", worst)
		}
	}
}

// A lock never holds a foot further than the leg reaches from the hip as
// low as the body may go: with MaxLower 4 px (the body cannot come down far
// to a foot left behind), a walk clip played a third slower than the body
// moves keeps every planted ankle on its target (the two-bone leg reaches
// it; held where they planted, the ankles fell 1.04 px short), its lock
// dragged.
func TestGrounderFootLockWithinReach(t *testing.T) {
	// The ground where the animated feet stand (the body need not lower).
	r, gr := groundedBiped(t, flatGround(305), mgl64.Vec2{200, 300}, true)
	gr.MaxLower = 4
	w := &WalkCycle{}
	r.TimeScale = w.Drive(40)
	r.Source = clipWalk{w}
	feet := footBones(r)
	worst, planted := 0.0, 0
	for f := 0; f < 300; f++ {
		r.Position[0] += 1
		r.Update(1.0 / 60)
		for k, b := range feet {
			if !gr.Leg(k).Planted || f < 30 {
				continue
			}
			planted++
			a, _ := r.Joint(b)
			worst = math.Max(worst, a.Sub(gr.Leg(k).Target).Len())
		}
	}
	t.Logf("%d planted foot-frames: ankle at most %.3g px from its target", planted, worst)
	if planted < 100 || worst > 1e-6 {
		t.Errorf("%d planted foot-frames, ankle up to %.3g px from its target; want the leg to reach every one", planted, worst)
	}
}

// standingLocked returns the grounded biped standing on flat ground under
// stanceSource, settled for 30 frames, its feet locked unless free
// (FreeFeet).
func standingLocked(t *testing.T, free bool) (*Rig, *Grounder) {
	t.Helper()
	r, gr := groundedBiped(t, flatGround(310), mgl64.Vec2{200, 300}, true)
	r.Source = stanceSource()
	gr.FreeFeet = free
	settle(r, 30)
	return r, gr
}

// walkBody moves r's Position 1 px along x and updates it at 60 TPS, n
// times.
func walkBody(r *Rig, n int) {
	for range n {
		r.Position[0]++
		r.Update(1.0 / 60)
	}
}
