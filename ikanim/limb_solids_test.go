package ikanim

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/ik"
)

// solidArmRig is an arm from a shoulder 50 px above the rig's position:
// upper arm 22 px, forearm 20 px, the elbow free to bend either way unless
// limited.
func solidArmRig(t *testing.T, limited bool) *Rig {
	t.Helper()
	var lim ik.Limit
	if limited {
		lim = ik.Limit{Min: -150 * math.Pi / 180, Max: 0, Enabled: true}
	}
	def, err := NewRigDef([]BoneDef{
		{Name: "upper", Parent: -1, Attach: mgl64.Vec2{0, -50}, Length: 22},
		{Name: "fore", Parent: 0, Attach: mgl64.Vec2{22, 0}, Length: 20, Limit: lim},
	}, []LimbDef{{Name: "arm", Bones: []string{"upper", "fore"}, Bend: 1}})
	if err != nil {
		t.Fatal(err)
	}
	r := mustRig(t, def)
	r.Position = mgl64.Vec2{100, 100}
	return r
}

// armDepth returns how deep, px, the arm's bones go into the half-plane
// solid {p : (p - o) . n < 0} (n the outward normal), sampled every 0.25 px.
func armDepth(r *Rig, o, n mgl64.Vec2) float64 {
	depth := 0.0
	for b := 0; b < 2; b++ {
		s, e := r.Joint(b)
		steps := int(math.Ceil(e.Sub(s).Len() / 0.25))
		for k := 0; k <= steps; k++ {
			p := s.Add(e.Sub(s).Mul(float64(k) / float64(steps)))
			depth = math.Max(depth, -p.Sub(o).Dot(n))
		}
	}
	return depth
}

// A hand sent into a wall (solid x >= 130; the shoulder at (100, 50), the
// target at (150, 50), 8 px beyond the arm's 42 px reach) rests 1 px in front
// of it, at (129, 50) by hand geometry, and no bone enters the wall; the
// same arm without Solids puts its hand 12 px into it. With the elbow
// limited to one side (a human arm) the hand still stops at the wall.
func TestLimbSolidsStopsTheHandAtAWall(t *testing.T) {
	wall := &polyGround{pts: []mgl64.Vec2{{130, 1e4}, {130, -1e4}}}
	o, n := mgl64.Vec2{130, 0}, mgl64.Vec2{-1, 0}
	for _, limited := range []bool{false, true} {
		for _, solids := range []bool{false, true} {
			r := solidArmRig(t, limited)
			l := r.Limb("arm")
			l.Target = mgl64.Vec2{150, 50}
			l.SetWeightNow(1)
			if solids {
				l.Solids = wall
			}
			for f := 0; f < 3; f++ {
				r.Update(1.0 / 60)
			}
			_, hand := r.Joint(1)
			depth := armDepth(r, o, n)
			t.Logf("limited %v, Solids %v: hand %.3f, depth %.3f px, blocked %v", limited, solids, hand, depth, l.TargetBlocked())
			if !solids {
				if depth < 11.9 || l.TargetBlocked() {
					t.Errorf("limited %v without Solids: depth %.3f, want the hand 12 px in the wall (blocked %v)", limited, depth, l.TargetBlocked())
				}
				continue
			}
			if !near(hand, mgl64.Vec2{129, 50}, 1e-6) || depth > 0 || !l.TargetBlocked() {
				t.Errorf("limited %v with Solids: hand %v (want (129, 50)), depth %.3f px, blocked %v", limited, hand, depth, l.TargetBlocked())
			}
		}
	}
}

// Under a ceiling (solid y <= 36) an arm whose own bend side lifts the elbow
// into it takes the other side; while the target slides out to full reach
// and back, no bone goes more than 1e-9 px into the ceiling, the side swaps
// once on the way in, and back once near full reach; a target that slides
// into a wall in front moves the hand continuously (at most the target's
// own 0.5 px a frame) and never into the wall.
func TestLimbSolidsBendsAwayFromACeiling(t *testing.T) {
	ceiling := &polyGround{pts: []mgl64.Vec2{{-1e4, 36}, {1e4, 36}}}
	r := solidArmRig(t, false)
	l := r.Limb("arm")
	// The side that puts the elbow up (smaller y) for a target 25 px ahead.
	_, myPlus, _, _ := ik.SolveTwoBoneXY(100, 50, 125, 50, 22, 20, 1)
	up := 1.0
	if myPlus > 50 {
		up = -1
	}
	l.Bend, l.Solids = up, ceiling
	l.SetWeightNow(1)
	elbowY := func() float64 { _, e := r.Joint(0); return e[1] }
	swaps, last, worst, turn := 0, up, 0.0, 0.0
	prevA := r.BoneAngle(0)
	for f := 0; f <= 160; f++ {
		x := 125 + 17*math.Sin(math.Pi*float64(f)/160) // out to 142 and back
		l.Target = mgl64.Vec2{x, 50}
		r.Update(1.0 / 60)
		if a := r.BoneAngle(0); f > 0 {
			turn = math.Max(turn, math.Abs(math.Remainder(a-prevA, 2*math.Pi)))
			prevA = a
		} else {
			prevA = a
		}
		side := up
		if (elbowY() > 50) == (myPlus < 50) {
			side = -up
		}
		if _, e := r.Joint(0); math.Abs(e[1]-50) > 1 && side != last {
			swaps++
			last = side
		}
		worst = math.Max(worst, armDepth(r, mgl64.Vec2{0, 36}, mgl64.Vec2{0, 1}))
	}
	t.Logf("ceiling: depth max %.3g px, side swaps %d, upper arm turn max %.1f deg/frame", worst, swaps, turn*180/math.Pi)
	if worst > 1e-9 {
		t.Errorf("a bone went %.3g px into the ceiling", worst)
	}
	if swaps < 1 || swaps > 2 {
		t.Errorf("%d side swaps, want 1 (away from the ceiling) or 2 (and back near full reach)", swaps)
	}

	// A swap mid-reach: the target starts near full reach (the elbow 4 px
	// off the line, below the ceiling) and comes in to 25 px, lifting the
	// elbow on its own side into the ceiling: the side crosses over 0.2 s
	// through straight (it used to flip 125-140 deg in a frame).
	r = solidArmRig(t, false)
	l = r.Limb("arm")
	l.Bend, l.Solids = up, ceiling
	l.SetWeightNow(1)
	turn, worst = 0, 0
	prevA = math.NaN()
	for f := 0; f <= 120; f++ {
		l.Target = mgl64.Vec2{141 - 16*math.Min(1, float64(f)/60), 50}
		r.Update(1.0 / 60)
		a := r.BoneAngle(0)
		if prevA == prevA {
			turn = math.Max(turn, math.Abs(math.Remainder(a-prevA, 2*math.Pi)))
		}
		prevA = a
		worst = math.Max(worst, armDepth(r, mgl64.Vec2{0, 36}, mgl64.Vec2{0, 1}))
	}
	t.Logf("swap mid-reach: upper arm turn max %.1f deg/frame, depth max %.3g px, elbow y %.1f", turn*180/math.Pi, worst, elbowY())
	if turn*180/math.Pi > 20 || worst > 2 || elbowY() < 50 {
		t.Errorf("swap mid-reach: turn %.1f deg/frame (want <= 20), depth %.3g px (want <= 2), elbow y %.1f (want below the line, > 50)", turn*180/math.Pi, worst, elbowY())
	}

	wall := &polyGround{pts: []mgl64.Vec2{{130, 1e4}, {130, -1e4}}}
	r = solidArmRig(t, true)
	l = r.Limb("arm")
	l.Solids = wall
	l.SetWeightNow(1)
	var prev mgl64.Vec2
	jump, depth := 0.0, 0.0
	for f := 0; f <= 120; f++ {
		l.Target = mgl64.Vec2{110 + 0.5*float64(f), 60}
		r.Update(1.0 / 60)
		_, hand := r.Joint(1)
		if f > 0 {
			jump = math.Max(jump, hand.Sub(prev).Len())
		}
		prev = hand
		depth = math.Max(depth, armDepth(r, mgl64.Vec2{130, 0}, mgl64.Vec2{-1, 0}))
	}
	t.Logf("sliding into a wall: hand jump max %.3f px/frame, depth max %.3g px", jump, depth)
	if jump > 0.5+1e-9 || depth > 0 {
		t.Errorf("sliding into a wall: hand jump %.3f px/frame (want <= 0.5), depth %.3g px", jump, depth)
	}
}

// While the limb is off (weight 0) Solids only checks its animated pose:
// clear of the solids, two rays a frame (three with an effector bone) and
// the pose left as animated; in a wall (the arm at rest reaches x 142, the
// wall at 130), the pose turned about the shoulder out of it. It does not
// allocate, off or on. (Before the animated pose was kept out, Solids cast
// no ray while the limb was off.)
func TestLimbSolidsWhenOff(t *testing.T) {
	far := &polyGround{pts: []mgl64.Vec2{{200, 1e4}, {200, -1e4}}}
	r := solidArmRig(t, false)
	l := r.Limb("arm")
	l.Solids, l.Target = far, mgl64.Vec2{150, 50}
	r.Update(1.0 / 60)
	if far.casts > 2 {
		t.Errorf("%d rays in a frame with the limb's weight at 0 and its pose clear, want <= 2", far.casts)
	}
	for b := 0; b < 2; b++ {
		if r.LocalAngle(b) != r.AnimatedAngle(b) {
			t.Errorf("bone %d turned from its animated pose (%v, %v) with nothing in the way", b, r.LocalAngle(b), r.AnimatedAngle(b))
		}
	}
	wall := &polyGround{pts: []mgl64.Vec2{{130, 1e4}, {130, -1e4}}}
	l.Solids = wall
	r.Update(1.0 / 60)
	if _, h := r.Joint(1); h[0] >= 130 {
		t.Errorf("the arm's end at %v with the limb off, want out of the wall at x 130", h)
	}
	if a := testing.AllocsPerRun(50, func() { r.Update(1.0 / 60) }); a != 0 {
		t.Errorf("Update allocates %v times with Solids on the limb off", a)
	}
	l.SetWeightNow(1)
	if a := testing.AllocsPerRun(50, func() { r.Update(1.0 / 60) }); a != 0 {
		t.Errorf("Update allocates %v times with Solids on", a)
	}
}

// A limb whose Target turns NaN (or infinite) fades out over its FadeOut
// toward the last finite target instead of snapping back to the animation
// in one frame (the biped's hand jumped 42.5 px): the hand moves at most
// 4 px a frame, the weight reaches 0 by FadeOut, and no joint is NaN.
func TestLimbNonFiniteTargetFadesOut(t *testing.T) {
	for _, bad := range []mgl64.Vec2{{math.NaN(), 0}, {math.Inf(1), 300}} {
		def, err := NewBipedDef(BipedSizes{}, BipedSprites{})
		if err != nil {
			t.Fatal(err)
		}
		r := mustRig(t, def)
		r.Position = mgl64.Vec2{200, 300}
		l := r.Limb(LimbArmNear)
		l.Target, l.Weight = mgl64.Vec2{240, 250}, 1
		settle(r, 60)
		hand := r.def.BoneIndex(BoneForearmNear)
		_, prev := r.Joint(hand)
		l.Target = bad
		jump := 0.0
		frames := int(math.Ceil(l.def.FadeOut*60)) + 2
		for f := 0; f < frames; f++ {
			r.Update(1.0 / 60)
			_, p := r.Joint(hand)
			if !(p[0] == p[0] && p[1] == p[1]) {
				t.Fatalf("target %v: NaN hand at frame %d", bad, f)
			}
			jump = math.Max(jump, p.Sub(prev).Len())
			prev = p
		}
		t.Logf("target %v: hand jump max %.2f px/frame, weight %.3f after %d frames", bad, jump, l.CurrentWeight(), frames)
		if jump > 4 || l.CurrentWeight() != 0 {
			t.Errorf("target %v: hand jump %.2f px/frame (want <= 4), weight %v after FadeOut (want 0)", bad, jump, l.CurrentWeight())
		}
	}
}

// The effector bone beyond the chain's tip (a hand pointing at the wall it
// is sent into) is kept out too: with a 8 px hand pointing along +x at a
// wall at x = 130, the hand's tip ends at most 0.5 px past the 1 px margin
// (it was 7 px in: the wrist stopped at the margin, the hand went on), it
// gets there moving at most 4 px a frame, and with the target moved away
// from the wall the push winds back to nothing.
func TestLimbSolidsKeepsTheEffectorOut(t *testing.T) {
	def, err := NewRigDef([]BoneDef{
		{Name: "upper", Parent: -1, Attach: mgl64.Vec2{0, -50}, Length: 22},
		{Name: "fore", Parent: 0, Attach: mgl64.Vec2{22, 0}, Length: 20},
		{Name: "hand", Parent: 1, Attach: mgl64.Vec2{20, 0}, Length: 8},
	}, []LimbDef{{Name: "arm", Bones: []string{"upper", "fore"}, Bend: 1, Effector: "hand"}})
	if err != nil {
		t.Fatal(err)
	}
	r := mustRig(t, def)
	r.Position = mgl64.Vec2{100, 100}
	l := r.Limb("arm")
	l.Solids = &polyGround{pts: []mgl64.Vec2{{130, 1e4}, {130, -1e4}}}
	l.Target = mgl64.Vec2{150, 50}
	l.SetWeightNow(1)
	var prev mgl64.Vec2
	jump := 0.0
	for f := 0; f < 60; f++ {
		r.Update(1.0 / 60)
		_, tip := r.Joint(2)
		if f > 0 {
			jump = math.Max(jump, tip.Sub(prev).Len())
		}
		prev = tip
	}
	_, tip := r.Joint(2)
	t.Logf("hand tip at %.3f, jump max %.2f px/frame, push %.2f", tip, jump, l.effPush)
	if tip[0] > 129.5 || jump > 4+1e-9 {
		t.Errorf("hand tip at x %.3f (want <= 129.5), jump %.2f px/frame (want <= 4)", tip[0], jump)
	}
	l.Target = mgl64.Vec2{110, 60}
	for f := 0; f < 60; f++ {
		r.Update(1.0 / 60)
	}
	if l.effPush != (mgl64.Vec2{}) {
		t.Errorf("push %v after the target moved away from the wall, want 0", l.effPush)
	}
}
