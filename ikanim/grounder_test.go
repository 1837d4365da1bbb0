package ikanim

import (
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/internal/num"
)

const deg = math.Pi / 180

// frozenSource holds another source at one time, so tests can run many
// frames of smoothing on one pose.
type frozenSource struct {
	src PoseSource
	t   float64
}

func (f frozenSource) Pose(def *RigDef, _ float64, dst []float64) mgl64.Vec2 {
	return f.src.Pose(def, f.t, dst)
}

// tiltSource adds delta to the local angle of bone foot (an animated foot
// angle that is not level).
type tiltSource struct {
	src   PoseSource
	foot  int
	delta float64
}

func (s tiltSource) Pose(def *RigDef, t float64, dst []float64) mgl64.Vec2 {
	root := s.src.Pose(def, t, dst)
	dst[s.foot] += s.delta
	return root
}

// stanceSource is the walk cycle frozen at double support: the near foot
// 14 px ahead of the origin, the far foot 14 px behind, both planted level.
func stanceSource() PoseSource {
	w := &WalkCycle{}
	w.Drive(w.NominalSpeed())
	_, period, _, _, _, _, _, _ := w.defaults()
	return frozenSource{src: w, t: 0.05 * period}
}

// groundedBiped builds a biped at pos with a grounder on g.
func groundedBiped(t testing.TB, g Ground, pos mgl64.Vec2, heelToe bool) (*Rig, *Grounder) {
	t.Helper()
	def, err := NewBipedDef(BipedSizes{}, BipedSprites{})
	if err != nil {
		t.Fatal(err)
	}
	r := mustRig(t, def)
	r.Position = pos
	gr, err := NewGrounder(r, g, BipedGrounderLegs()...)
	if err != nil {
		t.Fatal(err)
	}
	gr.OneRay = !heelToe
	r.Add(gr)
	return r, gr
}

// settle runs n frames at 60 TPS.
func settle(r *Rig, n int) {
	for i := 0; i < n; i++ {
		r.Update(1.0 / 60)
	}
}

// solePoint returns the world point of the sole at x px along the foot from
// the ankle, for a rig with the default up: the sole is ah px from the foot
// bone on its lower side.
func solePoint(r *Rig, foot int, x, ah float64) mgl64.Vec2 {
	ankle, _ := r.Joint(foot)
	w := r.BoneAngle(foot)
	s, c := math.Sincos(w)
	// Bone-frame (x, ah): for a right-facing rig the sole side is the bone's
	// clockwise side; mirroring a left-facing rig flips that side.
	side := ah
	if r.Facing == FacingLeft {
		side = -ah
	}
	return mgl64.Vec2{ankle[0] + x*c - side*s, ankle[1] + x*s + side*c}
}

// gapAlongUp measures, with a fresh vertical ray, how far p is above the
// ground g (negative = below).
func gapAlongUp(g Ground, p mgl64.Vec2) (float64, bool) {
	hit, _, ok := g.Raycast(p.Add(mgl64.Vec2{0, -100}), p.Add(mgl64.Vec2{0, 100}))
	if !ok {
		return 0, false
	}
	return hit[1] - p[1], true
}

func footBones(r *Rig) [2]int {
	return [2]int{r.def.BoneIndex(BoneFootFar), r.def.BoneIndex(BoneFootNear)}
}

func TestGrounderFlatFloorBelowLowersBodyAndPlantsFeet(t *testing.T) {
	// The floor is 10 px below the character's origin: both feet must move
	// down 10 px, and the body with them.
	const floor = 310.0
	g := flatGround(floor)
	r, gr := groundedBiped(t, g, mgl64.Vec2{200, 300}, false)
	r.Source = stanceSource()
	settle(r, 600)
	if got, want := gr.Body(), -10.0; math.Abs(got-want) > 1e-9 {
		t.Errorf("Body() = %v, want %v", got, want)
	}
	if got, want := r.BodyOffset[1], 10.0; math.Abs(got-want) > 1e-9 {
		t.Errorf("BodyOffset.y = %v, want %v", got, want)
	}
	for i, f := range footBones(r) {
		for _, x := range []float64{-4, 0, 14} {
			p := solePoint(r, f, x, 5)
			if math.Abs(p[1]-floor) > 1e-6 {
				t.Errorf("leg %d sole x=%v at y %v, want %v", i, x, p[1], floor)
			}
		}
		if a := r.BoneAngle(f); math.Abs(math.Remainder(a, 2*math.Pi)) > 1e-9 {
			t.Errorf("leg %d foot angle %v, want 0 (level)", i, a)
		}
		if c := gr.Leg(i); !c.Grounded || !c.Planted || math.Abs(c.Offset+10) > 1e-9 {
			t.Errorf("leg %d contact %+v, want grounded, planted, offset -10", i, c)
		}
	}
}

func TestGrounderSlopes(t *testing.T) {
	for _, slope := range []float64{20, 30, 40} {
		for _, facing := range []Facing{FacingRight, FacingLeft} {
			for _, heelToe := range []bool{false, true} {
				g := slopeGround(200, 300, slope)
				r, gr := groundedBiped(t, g, mgl64.Vec2{200, 300}, heelToe)
				r.Source = stanceSource()
				r.Facing = facing
				settle(r, 600)
				// A slope rising to the right has surface direction
				// (cos, -sin): world angle -slope. A level animated foot
				// must take exactly that angle, whichever way it faces.
				want := -slope * deg
				if facing == FacingLeft {
					want = math.Pi - slope*deg // toe toward -x, down the slope: (-cos, sin)
				}
				for i, f := range footBones(r) {
					a := r.BoneAngle(f)
					if d := math.Remainder(a-want, 2*math.Pi); math.Abs(d) > 1e-9 {
						t.Errorf("slope %v facing %d heelToe %v: leg %d foot angle %v deg, want %v", slope, facing, heelToe, i, a/deg, want/deg)
					}
					for _, x := range []float64{-4, 0, 14} {
						gap, ok := gapAlongUp(g, solePoint(r, f, x, 5))
						if !ok || math.Abs(gap) > 1e-6 {
							t.Errorf("slope %v facing %d heelToe %v: leg %d sole x=%v gap %v (hit %v), want 0", slope, facing, heelToe, i, x, gap, ok)
						}
					}
				}
				// The lower foot's offset is the body's.
				low := math.Min(gr.Leg(0).Offset, gr.Leg(1).Offset)
				if math.Abs(gr.Body()-low) > 1e-9 {
					t.Errorf("slope %v: Body() = %v, want the lower foot's offset %v", slope, gr.Body(), low)
				}
			}
		}
	}
}

func TestGrounderFootAngleIsSlopePlusAnimated(t *testing.T) {
	const slope, tilt = 30.0, 0.15
	g := slopeGround(200, 300, slope)
	r, _ := groundedBiped(t, g, mgl64.Vec2{200, 300}, true)
	r.Source = tiltSource{src: stanceSource(), foot: r.def.BoneIndex(BoneFootNear), delta: tilt}
	settle(r, 300)
	f := r.def.BoneIndex(BoneFootNear)
	if got, want := r.BoneAngle(f), -slope*deg+tilt; math.Abs(math.Remainder(got-want, 2*math.Pi)) > 1e-9 {
		t.Errorf("foot angle %v, want slope + animated = %v", got, want)
	}
	// The tilted foot rests on its lowest sole point: no sample below the
	// slope, one on it.
	minGap := math.Inf(1)
	for _, x := range []float64{-4, 0, 14} {
		gap, _ := gapAlongUp(g, solePoint(r, f, x, 5))
		if gap < -1e-6 {
			t.Errorf("sole x=%v sunk %v px into the slope", x, -gap)
		}
		minGap = math.Min(minGap, gap)
	}
	if math.Abs(minGap) > 1e-6 {
		t.Errorf("lowest sole point %v px above the slope, want 0", minGap)
	}
}

func TestGrounderStep16(t *testing.T) {
	// The character stands on the upper floor at y=300; the floor drops
	// 16 px behind x=205: the far foot (heel 182, ankle 186, toe 200) is on
	// the lower floor, the near foot (heel 210, ankle 214) on the upper.
	g := stepGround(205, 316, 300)
	r, gr := groundedBiped(t, g, mgl64.Vec2{200, 300}, true)
	r.Source = stanceSource()
	settle(r, 600)
	far, near := gr.Leg(0), gr.Leg(1)
	if math.Abs(far.Offset+16) > 1e-9 || math.Abs(near.Offset) > 1e-9 {
		t.Errorf("offsets far %v near %v, want -16 and 0", far.Offset, near.Offset)
	}
	if math.Abs(gr.Body()+16) > 1e-9 {
		t.Errorf("Body() = %v, want -16 (the lower foot's offset)", gr.Body())
	}
	fb := footBones(r)
	for i, want := range []float64{316, 300} {
		for _, x := range []float64{-4, 0, 14} {
			p := solePoint(r, fb[i], x, 5)
			if math.Abs(p[1]-want) > 1e-6 {
				t.Errorf("leg %d sole x=%v at y %v, want %v", i, x, p[1], want)
			}
		}
	}
}

func TestGrounderGapMissKeepsAnimatedFoot(t *testing.T) {
	// A gap from x=205 to x=260 under the near foot (14 px ahead of x=200).
	g := gapGround(300, 205, 260)
	r, gr := groundedBiped(t, g, mgl64.Vec2{200, 300}, true)
	r.Source = stanceSource()
	settle(r, 120)
	near := gr.Leg(1)
	if near.Grounded {
		t.Fatalf("near foot over the gap is grounded: %+v", near)
	}
	l := r.Limb(LimbLegNear)
	if l.CurrentWeight() != 0 {
		t.Errorf("near leg weight %v over the gap, want 0", l.CurrentWeight())
	}
	f := r.def.BoneIndex(BoneFootNear)
	got, _ := r.Joint(f)
	want, _ := r.AnimatedJoint(f)
	if !near2(got, want, 1e-9) {
		t.Errorf("near ankle %v, want the animated %v", got, want)
	}
	if !gr.Leg(0).Grounded {
		t.Errorf("far foot on the floor is not grounded")
	}
}

func near2(a, b mgl64.Vec2, tol float64) bool { return a.Sub(b).Len() <= tol }

func TestGrounderMaxStepLeavesFootAnimated(t *testing.T) {
	g := flatGround(340) // 40 px down, more than a MaxStep of 30
	r, gr := groundedBiped(t, g, mgl64.Vec2{200, 300}, false)
	r.Source = stanceSource()
	gr.MaxStep = 30
	settle(r, 120)
	for i := 0; i < 2; i++ {
		if gr.Leg(i).Grounded {
			t.Errorf("leg %d grounded 40 px down with MaxStep 30", i)
		}
	}
	if gr.Body() != 0 {
		t.Errorf("Body() = %v with no grounded foot, want 0", gr.Body())
	}
	gr.MaxStep = 45
	settle(r, 600)
	if !gr.Leg(0).Grounded || math.Abs(gr.Body()+40) > 1e-9 {
		t.Errorf("with MaxStep 45: grounded %v, body %v; want true, -40", gr.Leg(0).Grounded, gr.Body())
	}
}

func TestGrounderOnlyWhenIdleHoldsBody(t *testing.T) {
	g := flatGround(310)
	r, gr := groundedBiped(t, g, mgl64.Vec2{200, 300}, false)
	r.Source = stanceSource()
	gr.OnlyWhenIdle = true
	// The standing pose glides along the floor (a carried character):
	// with the feet locked they would trail behind and the legs' reach
	// would lower the body; this test is about the centroid alone.
	gr.FreeFeet = true
	// Moving (idle derived from the motion): the game walks the character
	// along the flat floor at 60 px/s, and the body holds. (Teleport marks
	// the start, so the first frame already knows the motion.)
	r.Teleport(r.Position)
	for i := 0; i < 120; i++ {
		r.Position[0] += 1
		r.Update(1.0 / 60)
		if r.IsIdle() {
			t.Fatalf("frame %d: IsIdle() while moving at %v px/s", i, r.Speed())
		}
	}
	if gr.Body() != 0 {
		t.Errorf("Body() = %v while moving with OnlyWhenIdle, want 0 (held)", gr.Body())
	}
	// Standing still: idle again, the body lowers.
	settle(r, 600)
	if !r.IsIdle() || math.Abs(gr.Body()+10) > 1e-9 {
		t.Errorf("standing: IsIdle() %v, Body() = %v, want true, -10", r.IsIdle(), gr.Body())
	}
	// The game's Idle switch overrides the motion.
	r.Idle = Off
	if r.IsIdle() {
		t.Error("IsIdle() with Idle = Off")
	}
	r.Idle = On
	r.Position[0] += 1
	r.Update(1.0 / 60)
	if !r.IsIdle() {
		t.Error("IsIdle() false with Idle = On while moving")
	}
}

func TestGrounderBodySmoothingIsFrameRateIndependent(t *testing.T) {
	// After 0.25 s of exponential smoothing toward -10 at 30, 60 and 144
	// TPS the body is at -10*(1-exp(-k*0.25)) each time.
	for _, tps := range []int{30, 60, 144} {
		g := flatGround(310)
		r, gr := groundedBiped(t, g, mgl64.Vec2{200, 300}, false)
		r.Source = stanceSource()
		gr.BodyMaxSpeed = -1 // the exponential alone (TestGrounderBodyMaxSpeed has the limit)
		r.Update(0)          // first frame: foot offsets, no body time yet
		n := tps / 4
		for i := 0; i < n; i++ {
			r.Update(1 / float64(tps))
		}
		T := float64(n) / float64(tps)
		want := -10 * (1 - math.Exp(-DefaultBodySpeed*T))
		if math.Abs(gr.Body()-want) > 1e-9 {
			t.Errorf("%d TPS: Body() after %v s = %v, want %v", tps, T, gr.Body(), want)
		}
	}
}

func TestGrounderBodyMaxSpeed(t *testing.T) {
	g := flatGround(330)
	r, gr := groundedBiped(t, g, mgl64.Vec2{200, 300}, false)
	r.Source = stanceSource()
	gr.BodyMaxSpeed = 60
	gr.BodySpeed = 100
	prev := 0.0
	for i := 0; i < 60; i++ {
		r.Update(1.0 / 30)
		if d := math.Abs(gr.Body() - prev); d > 2+1e-9 {
			t.Fatalf("frame %d: body moved %v px, want <= 60 px/s * 1/30 s = 2", i, d)
		}
		prev = gr.Body()
	}
}

func TestGrounderDisableFeetAndBody(t *testing.T) {
	g := flatGround(310)
	r, gr := groundedBiped(t, g, mgl64.Vec2{200, 300}, false)
	r.Source = stanceSource()
	settle(r, 300)
	gr.DisableFeet, gr.DisableBody = true, true
	settle(r, 600)
	if math.Abs(r.BodyOffset[1]) > 1e-9 {
		t.Errorf("BodyOffset %v with the grounder disabled, want 0", r.BodyOffset)
	}
	for _, f := range footBones(r) {
		got, _ := r.Joint(f)
		want, _ := r.AnimatedJoint(f)
		if !near2(got, want, 1e-9) {
			t.Errorf("foot %d at %v with feet disabled, want the animated %v", f, got, want)
		}
	}
}

// nanGround answers every ray with NaN.
type nanGround struct{}

func (nanGround) Raycast(from, to mgl64.Vec2) (mgl64.Vec2, mgl64.Vec2, bool) {
	n := math.NaN()
	return mgl64.Vec2{n, n}, mgl64.Vec2{n, 1}, true
}

func TestGrounderSurvivesBadGround(t *testing.T) {
	for _, g := range []Ground{nanGround{}, nil} {
		r, _ := groundedBiped(t, g, mgl64.Vec2{200, 300}, true)
		r.Source = stanceSource()
		settle(r, 30)
		for i := 0; i < r.def.NumBones(); i++ {
			s, e := r.Joint(i)
			if !num.FiniteVec(s) || !num.FiniteVec(e) {
				t.Fatalf("ground %T: bone %d joints %v %v", g, i, s, e)
			}
		}
	}
}

func TestNewGrounderErrorsNameTheField(t *testing.T) {
	def, err := NewBipedDef(BipedSizes{}, BipedSprites{})
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		legs []LegDef
		want string
	}{
		{nil, "legs is empty"},
		{[]LegDef{{Limb: "tail"}}, `legs[0] ("tail"): Limb`},
		{[]LegDef{{Limb: LimbLook}}, "Effector"},
		{[]LegDef{{Limb: LimbLegNear, AnkleHeight: -1}}, "AnkleHeight"},
		{[]LegDef{{Limb: LimbLegNear}, {Limb: LimbLegFar, Toe: math.NaN()}}, `legs[1] ("leg.far"): Toe`},
	}
	for _, c := range cases {
		_, err := NewGrounder(mustRig(t, def), flatGround(0), c.legs...)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("NewGrounder(%v) error %v, want one containing %q", c.legs, err, c.want)
		}
	}
}

func TestGrounderDeterministic(t *testing.T) {
	run := func() [2]float64 {
		g := slopeGround(200, 300, 25)
		r, gr := groundedBiped(t, g, mgl64.Vec2{200, 300}, true)
		w := &WalkCycle{}
		r.Source = w
		r.TimeScale = w.Drive(40)
		for i := 0; i < 200; i++ {
			r.Position[0] += 40.0 / 60
			r.Position[1] = 300 - (r.Position[0]-200)*math.Tan(25*deg)
			r.Update(1.0 / 60)
		}
		_, e := r.Joint(r.def.BoneIndex(BoneFootNear))
		return [2]float64{gr.Body(), e[0] + e[1]}
	}
	if a, b := run(), run(); a != b {
		t.Errorf("two identical runs differ: %v vs %v", a, b)
	}
}
