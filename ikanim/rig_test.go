package ikanim

import (
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/ik"
	"github.com/ikanim/kit/ikanim/quality"

	"github.com/ikanim/kit/ikanim/internal/num"
)

const eps = 1e-9

func near(a, b mgl64.Vec2, tol float64) bool { return a.Sub(b).Len() <= tol }

// twoBoneRig is a rig whose geometry is easy by hand: a root bone from
// (0,-10) pointing forward (+x) 20 px, and a child at its end turned 90
// degrees clockwise (pointing down on screen) 10 px long.
func twoBoneRig(t *testing.T) *Rig {
	t.Helper()
	def, err := NewRigDef([]BoneDef{
		{Name: "a", Parent: -1, Attach: mgl64.Vec2{0, -10}, Length: 20},
		{Name: "b", Parent: 0, Attach: mgl64.Vec2{20, 0}, Length: 10, Rest: math.Pi / 2},
	}, []LimbDef{{Name: "arm", Bones: []string{"a", "b"}, Bend: 1}})
	if err != nil {
		t.Fatal(err)
	}
	return mustRig(t, def)
}

// mustRig is NewRig for tests: it fails the test on an error.
func mustRig(t testing.TB, def *RigDef) *Rig {
	t.Helper()
	r, err := NewRig(def)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestForwardKinematicsByHand(t *testing.T) {
	cases := []struct {
		name       string
		pos, up    mgl64.Vec2
		facing     Facing
		aEnd, bEnd mgl64.Vec2
		bAngle     float64
	}{
		{"right", mgl64.Vec2{100, 50}, DefaultUp(), FacingRight, mgl64.Vec2{120, 40}, mgl64.Vec2{120, 50}, math.Pi / 2},
		{"left", mgl64.Vec2{100, 50}, DefaultUp(), FacingLeft, mgl64.Vec2{80, 40}, mgl64.Vec2{80, 50}, math.Pi / 2},
		// Up = +x (standing on a wall to the left): the character's forward
		// (+x) turns to +y (down the screen) and its up (-y) to +x.
		{"up=+x", mgl64.Vec2{0, 0}, mgl64.Vec2{1, 0}, FacingRight, mgl64.Vec2{10, 20}, mgl64.Vec2{0, 20}, math.Pi},
	}
	for _, c := range cases {
		r := twoBoneRig(t)
		r.Position, r.Up, r.Facing = c.pos, c.up, c.facing
		r.Update(1.0 / 60)
		_, aEnd := r.Joint(0)
		bStart, bEnd := r.Joint(1)
		if !near(aEnd, c.aEnd, eps) || !near(bStart, c.aEnd, eps) || !near(bEnd, c.bEnd, eps) {
			t.Errorf("%s: joints a.end %v b.start %v b.end %v, want %v %v %v", c.name, aEnd, bStart, bEnd, c.aEnd, c.aEnd, c.bEnd)
		}
		if d := math.Remainder(r.BoneAngle(1)-c.bAngle, 2*math.Pi); math.Abs(d) > eps {
			t.Errorf("%s: BoneAngle(1) = %v, want %v", c.name, r.BoneAngle(1), c.bAngle)
		}
	}
}

func TestFrameRoundTrip(t *testing.T) {
	for _, f := range []Facing{FacingRight, FacingLeft} {
		for _, up := range []mgl64.Vec2{{0, -1}, {1, 0}, {0.6, 0.8}, {-0.3, -2}} {
			fr := newFrame(mgl64.Vec2{13, -7}, up, f)
			for _, p := range []mgl64.Vec2{{0, 0}, {5, 3}, {-40, 12.5}} {
				if got := fr.toLocal(fr.toWorld(p)); !near(got, p, 1e-9) {
					t.Errorf("facing %d up %v: toLocal(toWorld(%v)) = %v", f, up, p, got)
				}
				a := 0.7
				if got := fr.angleToLocal(fr.angleToWorld(a)); math.Abs(math.Remainder(got-a, 2*math.Pi)) > 1e-12 {
					t.Errorf("angle round trip %v -> %v", a, got)
				}
				// A direction at a local angle maps to the world angle.
				d := fr.dirToWorld(mgl64.Vec2{math.Cos(a), math.Sin(a)})
				wa := fr.angleToWorld(a)
				if !near(d, mgl64.Vec2{math.Cos(wa), math.Sin(wa)}, 1e-12) {
					t.Errorf("facing %d up %v: dirToWorld and angleToWorld disagree: %v vs %v", f, up, d, wa)
				}
			}
		}
	}
}

func newBiped(t testing.TB) *Rig {
	t.Helper()
	def, err := NewBipedDef(BipedSizes{}, BipedSprites{})
	if err != nil {
		t.Fatal(err)
	}
	r := mustRig(t, def)
	r.Position = mgl64.Vec2{200, 300}
	return r
}

func TestLegReachesTargetAndKeepsFootAngle(t *testing.T) {
	for _, facing := range []Facing{FacingRight, FacingLeft} {
		r := newBiped(t)
		r.Facing = facing
		r.Update(1.0 / 60)
		foot := r.Def().BoneIndex(BoneFootNear)
		animFoot := r.AnimatedAngle(foot)
		ankle0, _ := r.Joint(foot)

		leg := r.MustLimb(LimbLegNear)
		target := ankle0.Add(mgl64.Vec2{4, -12}) // foot raised onto a step
		leg.Target = target
		leg.SetWeightNow(1)
		leg.EffectorRotation = 0.3
		r.Update(1.0 / 60)
		ankle, _ := r.Joint(foot)
		if !near(ankle, target, 1e-9) {
			t.Errorf("facing %d: ankle at %v, want the target %v", facing, ankle, target)
		}
		want := animFoot + 0.3
		if d := math.Remainder(r.BoneAngle(foot)-want, 2*math.Pi); math.Abs(d) > 1e-9 {
			t.Errorf("facing %d: foot world angle %v, want animated %v + 0.3", facing, r.BoneAngle(foot), animFoot)
		}
		// The knee bends forward: in front of the hip-ankle line in the
		// facing direction.
		hip, knee := r.Joint(r.Def().BoneIndex(BoneThighNear))
		line := ankle.Sub(hip)
		side := line[0]*(knee[1]-hip[1]) - line[1]*(knee[0]-hip[0])
		fwd := r.Forward()[0]
		// Forward of a downward line: for a right-facing rig the knee has a
		// larger x than the line; the cross product (line x knee) is then < 0.
		if side*fwd >= 0 {
			t.Errorf("facing %d: knee %v is behind the hip-ankle line %v -> %v", facing, knee, hip, ankle)
		}
	}
}

func TestLimbFadeHasNoPops(t *testing.T) {
	r := newBiped(t)
	r.Update(1.0 / 60)
	arm := r.MustLimb(LimbArmNear)
	upper := r.Def().BoneIndex(BoneUpperArmNear)
	shoulder, _ := r.Joint(upper)
	arm.Target = shoulder.Add(mgl64.Vec2{30, -20}) // reach forward and up
	arm.Weight = 1
	start := r.LocalAngle(upper)
	prev := start
	maxStep := 0.0
	for f := 0; f < 60; f++ {
		r.Update(1.0 / 60)
		a := r.LocalAngle(upper)
		maxStep = math.Max(maxStep, math.Abs(a-prev))
		prev = a
	}
	total := math.Abs(prev - start)
	if total < 0.5 {
		t.Fatalf("the arm moved only %v rad; the test needs a large move", total)
	}
	// FadeIn is 0.25 s: a smoothstep over 15 frames has a largest step of
	// 1.5/15 = 0.1 of the total move.
	if maxStep > 0.1*total+1e-9 {
		t.Errorf("largest per-frame change %v rad of a %v rad move; want <= %v", maxStep, total, 0.1*total)
	}
	if got := arm.CurrentWeight(); got != 1 {
		t.Errorf("CurrentWeight() after 1 s = %v, want 1", got)
	}
	// Fading out returns to the animated pose.
	arm.Weight = 0
	for f := 0; f < 20; f++ {
		r.Update(1.0 / 60)
	}
	if got, want := r.LocalAngle(upper), r.anim[upper]; math.Abs(got-want) > 1e-12 {
		t.Errorf("after fading out, upper arm %v, want the animated %v", got, want)
	}
}

func TestLookAtLimbAimsHead(t *testing.T) {
	r := newBiped(t)
	r.Update(1.0 / 60)
	head := r.Def().BoneIndex(BoneHead)
	neck, _ := r.Joint(head)
	look := r.MustLimb(LimbLook)
	// 20 degrees above forward. The face looks along the head bone's
	// clockwise normal, so the bone turns to -20 - 90 degrees: 20 degrees
	// back from the torso's up, inside the neck's +-50 degree limit.
	look.Target = neck.Add(mgl64.Vec2{100 * math.Cos(-20*math.Pi/180), 100 * math.Sin(-20*math.Pi/180)})
	look.SetWeightNow(1)
	r.Update(1.0 / 60)
	want := (-20.0 - 90) * math.Pi / 180
	if d := math.Remainder(r.BoneAngle(head)-want, 2*math.Pi); math.Abs(d) > 1e-6 {
		t.Errorf("head angle %v, want %v", r.BoneAngle(head), want)
	}
}

func TestLookAtRespectsNeckLimit(t *testing.T) {
	r := newBiped(t)
	r.Update(1.0 / 60)
	head := r.Def().BoneIndex(BoneHead)
	neck, _ := r.Joint(head)
	look := r.MustLimb(LimbLook)
	look.Target = neck.Add(mgl64.Vec2{0, -100}) // straight up: the face would need -90 degrees of neck
	look.SetWeightNow(1)
	r.Update(1.0 / 60)
	want := -math.Pi/2 - 50*math.Pi/180 // clamped at the -50 degree limit
	if d := math.Remainder(r.BoneAngle(head)-want, 2*math.Pi); math.Abs(d) > 1e-9 {
		t.Errorf("head angle %v, want the limit %v", r.BoneAngle(head), want)
	}
}

// An effector turned half a turn from its animated angle fades out without
// spinning: its angle changes by a bounded amount per frame.
func TestEffectorFadeIsContinuousPastHalfATurn(t *testing.T) {
	r := newBiped(t)
	r.Update(1.0 / 60)
	arm := r.MustLimb(LimbArmNear)
	hand := r.Def().BoneIndex(BoneHandNear)
	shoulder, _ := r.Joint(r.Def().BoneIndex(BoneUpperArmNear))
	arm.Target = shoulder.Add(mgl64.Vec2{10, 25})
	arm.SetWeightNow(1)
	var prev quality.AngleDelta
	worst := 0.0
	// Sweep the requested hand rotation through +-pi while fading out.
	for f := 0; f < 120; f++ {
		arm.EffectorRotation = 2.6 + 0.01*float64(f)
		if f == 30 {
			arm.Weight = 0
		}
		r.Update(1.0 / 60)
		worst = math.Max(worst, prev.Step(r.BoneAngle(hand)))
	}
	// The rotation moves 0.01 rad a frame and the 0.25 s fade eases the
	// rest of the half turn out over 15 frames: at most 1.5/15*pi a frame.
	if limit := 0.01 + 1.5/15*math.Pi + 0.05; worst > limit {
		t.Errorf("hand turned %v rad in one frame, want <= %v", worst, limit)
	}
}

func TestRigDefErrorsNameTheField(t *testing.T) {
	ok := []BoneDef{
		{Name: "a", Parent: -1, Length: 10},
		{Name: "b", Parent: 0, Attach: mgl64.Vec2{10, 0}, Length: 10},
		{Name: "c", Parent: 1, Attach: mgl64.Vec2{10, 0}, Length: 5},
	}
	with := func(i int, f func(*BoneDef)) []BoneDef {
		b := append([]BoneDef(nil), ok...)
		f(&b[i])
		return b
	}
	cases := []struct {
		bones []BoneDef
		limbs []LimbDef
		want  string
	}{
		{nil, nil, "no bones"},
		{with(1, func(b *BoneDef) { b.Parent = 2 }), nil, `bone 1 ("b"): Parent 2`},
		{with(1, func(b *BoneDef) { b.Length = -1 }), nil, `bone 1 ("b"): Length -1`},
		{with(2, func(b *BoneDef) { b.Length = math.NaN() }), nil, `bone 2 ("c"): Length NaN`},
		{with(2, func(b *BoneDef) { b.Name = "a" }), nil, `bone 2 ("a"): Name is used`},
		{with(0, func(b *BoneDef) { b.Limit = ik.Limit{Min: 1, Max: -1, Enabled: true} }), nil, `bone 0 ("a"): Limit`},
		{with(0, func(b *BoneDef) { b.Rest = math.Inf(1) }), nil, `bone 0 ("a"): Rest`},
		{ok, []LimbDef{{Name: "l", Bones: []string{"a"}}}, `limb 0 ("l"): Bones has 1 bones, the two-bone solver needs 2`},
		{ok, []LimbDef{{Name: "l", Bones: []string{"a", "c"}}}, `Bones[1] "c" is not the child of "a"`},
		{ok, []LimbDef{{Name: "l", Bones: []string{"a", "x"}}}, `Bones[1] "x" is not a bone`},
		{ok, []LimbDef{{Name: "l", Bones: []string{"a", "b"}, Effector: "a"}}, `Effector "a" is not a child`},
		{ok, []LimbDef{{Name: "l", Bones: []string{"a", "b"}, FadeIn: -1}}, `FadeIn -1`},
		{with(1, func(b *BoneDef) { b.Attach = mgl64.Vec2{5, 0} }), []LimbDef{{Name: "l", Bones: []string{"a", "b"}}}, `not at the end of "a"`},
	}
	for _, c := range cases {
		_, err := NewRigDef(c.bones, c.limbs)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("NewRigDef error = %v, want it to contain %q", err, c.want)
		}
	}
	if _, err := NewRigDef(ok, []LimbDef{{Name: "l", Bones: []string{"a", "b"}, Effector: "c"}}); err != nil {
		t.Errorf("valid definition rejected: %v", err)
	}
}

func TestUpdateSurvivesBadInput(t *testing.T) {
	r := newBiped(t)
	leg := r.MustLimb(LimbLegNear)
	leg.SetWeightNow(1)
	nan := math.NaN()
	inputs := []func(){
		func() { leg.Target = mgl64.Vec2{nan, 0} },
		func() { leg.Target = mgl64.Vec2{math.Inf(1), 1e300} },
		func() { leg.Target, _ = r.Joint(r.Def().BoneIndex(BoneThighNear)) }, // on the root
		func() { leg.Target = mgl64.Vec2{1e6, 1e6} },                         // far out of reach
		func() { r.Position = mgl64.Vec2{nan, 1} },
		func() { r.Up = mgl64.Vec2{} },
		func() { r.BodyOffset = mgl64.Vec2{nan, nan} },
		func() { leg.EffectorRotation = nan },
	}
	for i, in := range inputs {
		in()
		for _, dt := range []float64{1.0 / 60, nan, -1, 1e9} {
			r.Update(dt)
			for b := 0; b < r.Def().NumBones(); b++ {
				s, e := r.Joint(b)
				if !num.FiniteVec(s) || !num.FiniteVec(e) || !num.Finite(r.BoneAngle(b)) {
					t.Fatalf("input %d dt %v: bone %d is not finite: %v %v %v", i, dt, b, s, e, r.BoneAngle(b))
				}
			}
		}
	}
}

func TestBoneLengthsPreservedThroughSolves(t *testing.T) {
	r := newBiped(t)
	for _, name := range []string{LimbLegNear, LimbLegFar, LimbArmNear, LimbArmFar} {
		r.MustLimb(name).SetWeightNow(1)
	}
	ws := &WalkCycle{}
	r.Source = ws
	for f := 0; f < 200; f++ {
		ws.Drive(80)
		s := float64(f)
		for i, name := range []string{LimbLegNear, LimbLegFar, LimbArmNear, LimbArmFar} {
			r.MustLimb(name).Target = r.Position.Add(mgl64.Vec2{30 * math.Sin(s/7+float64(i)), -20 + 30*math.Cos(s/11)})
		}
		r.Update(1.0 / 60)
		for b := 0; b < r.Def().NumBones(); b++ {
			st, en := r.Joint(b)
			want := r.Def().BoneDef(b).Length
			if got := en.Sub(st).Len(); math.Abs(got-want) > 1e-9*math.Max(1, want) {
				t.Fatalf("frame %d bone %d length %v, want %v", f, b, got, want)
			}
		}
	}
}

func TestRigUpdateDoesNotAllocate(t *testing.T) {
	r := newBiped(t)
	ws := &WalkCycle{}
	r.Source = ws
	for _, name := range []string{LimbLegNear, LimbLegFar, LimbArmNear, LimbLook} {
		l := r.MustLimb(name)
		l.SetWeightNow(1)
		l.Target = r.Position.Add(mgl64.Vec2{20, -40})
	}
	r.Update(1.0 / 60)
	allocs := testing.AllocsPerRun(200, func() {
		ws.Drive(70)
		r.Update(1.0 / 60)
	})
	if allocs != 0 {
		t.Errorf("Rig.Update allocates %v times per frame, want 0", allocs)
	}
}

func TestUpdateIsDeterministic(t *testing.T) {
	run := func() []float64 {
		r := newBiped(t)
		ws := &WalkCycle{}
		r.Source = ws
		r.MustLimb(LimbArmNear).SetWeightNow(1)
		var out []float64
		for f := 0; f < 120; f++ {
			ws.Drive(float64(f))
			r.MustLimb(LimbArmNear).Target = mgl64.Vec2{200 + float64(f%17), 240}
			r.Update(1.0 / 60)
		}
		for b := 0; b < r.Def().NumBones(); b++ {
			s, e := r.Joint(b)
			out = append(out, s[0], s[1], e[0], e[1])
		}
		return out
	}
	a, b := run(), run()
	for i := range a {
		if math.Float64bits(a[i]) != math.Float64bits(b[i]) {
			t.Fatalf("value %d differs between identical runs: %v vs %v", i, a[i], b[i])
		}
	}
}

// TestNewBipedDefNamesTheBadSize: a size that is not finite or is
// negative, or a KneeBend outside [0, pi/2), is an error that names the
// BipedSizes field (it named a bone's Attach: "bone 0 ("torso"): Attach
// [0 NaN] is not finite", for a NaN Thigh; a new user's trial); zero sizes
// take the defaults.
func TestNewBipedDefNamesTheBadSize(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	for _, c := range []struct {
		s    BipedSizes
		name string
	}{
		{BipedSizes{Thigh: nan}, "BipedSizes.Thigh"},
		{BipedSizes{Shin: inf}, "BipedSizes.Shin"},
		{BipedSizes{Torso: -3}, "BipedSizes.Torso"},
		{BipedSizes{Ankle: nan}, "BipedSizes.Ankle"},
		{BipedSizes{KneeBend: 2}, "BipedSizes.KneeBend"},
		{BipedSizes{KneeBend: nan}, "BipedSizes.KneeBend"},
	} {
		_, err := NewBipedDef(c.s, BipedSprites{})
		if err == nil || !strings.Contains(err.Error(), c.name) {
			t.Errorf("NewBipedDef(%+v): error %v, want one naming %s", c.s, err, c.name)
		}
	}
	if _, err := NewBipedDef(BipedSizes{}, BipedSprites{}); err != nil {
		t.Errorf("NewBipedDef(zero sizes): %v, want the defaults", err)
	}
}

// TestRigTeleportIgnoresBadPositions: Teleport to a non-finite position or
// one beyond ik.MaxCoord leaves the rig where it was, and such a Position
// set directly is put back by Update (new users' trials: Position became
// NaN while the bones were drawn at (0, 0)).
func TestRigTeleportIgnoresBadPositions(t *testing.T) {
	def, err := NewBipedDef(BipedSizes{}, BipedSprites{})
	if err != nil {
		t.Fatal(err)
	}
	r, err := NewRig(def)
	if err != nil {
		t.Fatal(err)
	}
	r.Teleport(mgl64.Vec2{100, 200})
	r.Update(1.0 / 60)
	for _, p := range []mgl64.Vec2{{math.NaN(), 0}, {0, math.Inf(1)}, {2e7, 0}} {
		r.Teleport(p)
		r.Update(1.0 / 60)
		if r.Position != (mgl64.Vec2{100, 200}) {
			t.Errorf("Teleport(%v): Position %v, want it to stay at (100, 200)", p, r.Position)
		}
		// Set directly, Update puts it back (it stayed NaN while the bones
		// were laid out from (0, 0)).
		r.Position = p
		r.Update(1.0 / 60)
		if r.Position != (mgl64.Vec2{100, 200}) {
			t.Errorf("Position = %v: after Update %v, want (100, 200)", p, r.Position)
		}
		if a, _ := r.Joint(0); a.Sub(r.Position).Len() > 200 {
			t.Errorf("Position = %v: the root bone at %v, far from the rig at %v", p, a, r.Position)
		}
	}
}

// TestLimbAtOutOfRange: LimbAt with an index outside [0, NumLimbs())
// returns nil, as Limb does for an unknown name (it panicked with "index
// out of range": a new user's trial).
func TestLimbAtOutOfRange(t *testing.T) {
	def, err := NewBipedDef(BipedSizes{}, BipedSprites{})
	if err != nil {
		t.Fatal(err)
	}
	r := mustRig(t, def)
	for _, i := range []int{-1, r.NumLimbs(), 99} {
		if l := r.LimbAt(i); l != nil {
			t.Errorf("LimbAt(%d) = %p, want nil", i, l)
		}
	}
	for i := 0; i < r.NumLimbs(); i++ {
		if r.LimbAt(i) == nil || r.LimbAt(i) != r.Limb(r.LimbAt(i).Name()) {
			t.Errorf("LimbAt(%d) is not the limb of its name", i)
		}
	}
}
