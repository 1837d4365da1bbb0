package ikanim

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/internal/num"
)

// BodyAngle turns the root bones about the body's origin: the quadruped's
// body bone, hanging from (-Body/2, -hip), turned by 10 degrees, starts at
// that point turned by 10 degrees about the origin and points 10 degrees
// below forward; its legs follow.
func TestBodyAngleTurnsTheRootBones(t *testing.T) {
	def, err := NewQuadrupedDef(QuadrupedSizes{}, QuadrupedSprites{})
	if err != nil {
		t.Fatal(err)
	}
	r, _ := NewRig(def)
	r.Position = mgl64.Vec2{100, 200}
	r.BodyAngle = 10 * math.Pi / 180
	r.Update(1.0 / 60)
	attach := def.BoneDef(0).Attach
	s, c := math.Sincos(r.BodyAngle)
	want := mgl64.Vec2{100 + attach[0]*c - attach[1]*s, 200 + attach[0]*s + attach[1]*c}
	start, end := r.Joint(0)
	if start.Sub(want).Len() > 1e-9 {
		t.Errorf("body starts at %v, want %v", start, want)
	}
	if d := end.Sub(start); math.Abs(math.Atan2(d[1], d[0])-r.BodyAngle) > 1e-9 {
		t.Errorf("body points at %v rad, want %v", math.Atan2(d[1], d[0]), r.BodyAngle)
	}
	// NaN is dropped, not spread.
	r.BodyAngle = math.NaN()
	r.Update(1.0 / 60)
	if start, _ := r.Joint(0); !(start == mgl64.Vec2{100 + attach[0], 200 + attach[1]}) {
		t.Errorf("NaN BodyAngle: body starts at %v, want the untilted %v", start, mgl64.Vec2{100 + attach[0], 200 + attach[1]})
	}
}

// quadrupedOn stands a quadruped (rest pose, Grounder on its four legs,
// BodyTilt after it) on ground g at x, returning the rig, its grounder and
// its tilt.
func quadrupedOn(t *testing.T, g Ground, x, y float64) (*Rig, *Grounder, *BodyTilt) {
	t.Helper()
	def, err := NewQuadrupedDef(QuadrupedSizes{}, QuadrupedSprites{})
	if err != nil {
		t.Fatal(err)
	}
	r, _ := NewRig(def)
	feet, err := NewGrounder(r, g, QuadrupedGrounderLegs(QuadrupedSizes{})...)
	if err != nil {
		t.Fatal(err)
	}
	tilt, err := NewBodyTilt(r, feet)
	if err != nil {
		t.Fatal(err)
	}
	r.Add(feet, tilt)
	r.Teleport(mgl64.Vec2{x, y})
	return r, feet, tilt
}

// On a plane of slope theta the four feet stand on a line of slope theta,
// so the body turns to -theta (a slope rising ahead lifts the front) and
// stays parallel to the ground: hind and front hips stand at the same
// height above it. Beyond MaxAngle the tilt stops at the limit.
func TestBodyTiltFollowsTheSlope(t *testing.T) {
	for _, deg := range []float64{-20, -8, 0, 12, 25, 45} {
		// The origin on the plane: the ground under x=300 is at y=400.
		r, _, tilt := quadrupedOn(t, slopeGround(300, 400, deg), 300, 400)
		for range 120 {
			r.Update(1.0 / 60)
		}
		want := -deg * math.Pi / 180
		limit := 30 * math.Pi / 180
		if math.Abs(want) > limit {
			want = math.Copysign(limit, want)
		}
		if got := tilt.Angle(); math.Abs(got-want) > 0.2*math.Pi/180 {
			t.Errorf("%v deg: body tilt %.3f deg, want %.3f", deg, got*180/math.Pi, want*180/math.Pi)
		}
		if math.Abs(deg) <= 25 {
			// Hips equally high above the plane: the body is parallel.
			ground := func(x float64) float64 { return 400 - (x-300)*math.Tan(deg*math.Pi/180) }
			hind, _ := r.Joint(r.Def().BoneIndex("thigh.hind.near"))
			fore, _ := r.Joint(r.Def().BoneIndex("thigh.fore.near"))
			hh, hf := ground(hind[0])-hind[1], ground(fore[0])-fore[1]
			if math.Abs(hh-hf) > 0.5 {
				t.Errorf("%v deg: hind hips %.2f px above the ground, front hips %.2f", deg, hh, hf)
			}
		}
	}
}

// A biped's legs share one hip, so Auto leaves its pelvis level; On tilts
// it anyway.
func TestBodyTiltAutoIsOffForBipeds(t *testing.T) {
	def, _ := NewBipedDef(BipedSizes{}, BipedSprites{})
	r, _ := NewRig(def)
	g := slopeGround(300, 400, 15)
	feet, _ := NewGrounder(r, g, BipedGrounderLegs()...)
	tilt, err := NewBodyTilt(r, feet)
	if err != nil {
		t.Fatal(err)
	}
	r.Add(feet, tilt)
	r.Source = &WalkCycle{}
	r.Teleport(mgl64.Vec2{300, 400})
	for range 60 {
		r.Position[0] += 1
		r.Update(1.0 / 60)
	}
	if tilt.Angle() != 0 || r.BodyAngle != 0 {
		t.Errorf("Auto tilted a biped by %v", tilt.Angle())
	}
	tilt.Enabled = On
	for range 60 {
		r.Position[0] += 1
		r.Update(1.0 / 60)
	}
	if tilt.Angle() == 0 {
		t.Error("On did not tilt a walking biped on a slope")
	}
}

// The tilt's approach is the same at 30, 60 and 144 TPS: after 0.25 s on a
// 20 degree slope the three angles agree within 3 %.
func TestBodyTiltIsFrameRateIndependent(t *testing.T) {
	var got []float64
	for _, tps := range []float64{30, 60, 144} {
		r, _, tilt := quadrupedOn(t, slopeGround(300, 400, 20), 300, 400)
		for range int(0.25 * tps) {
			r.Update(1 / tps)
		}
		got = append(got, tilt.Angle())
	}
	for _, a := range got[1:] {
		if math.Abs(a-got[0]) > 0.03*math.Abs(got[0]) {
			t.Errorf("tilt after 0.25 s at 30/60/144 TPS: %v", got)
		}
	}
	if got[0] == 0 {
		t.Error("no tilt after 0.25 s")
	}
}

// A quadruped walked over rolling ground with QuadrupedWalk, a Grounder and
// a BodyTilt: its planted feet do not slip (at most 0.5 px per stance), the
// feet stay on the ground while planted, and nothing turns NaN.
func TestQuadrupedWalksRollingGround(t *testing.T) {
	var pts []mgl64.Vec2
	for x := -200.0; x <= 1400; x += 10 {
		pts = append(pts, mgl64.Vec2{x, 400 - 30*math.Sin(x/120)})
	}
	g := &polyGround{pts: pts}
	for _, tps := range []float64{30, 60, 144} {
		r, feet, tilt := quadrupedOn(t, g, 100, 400-30*math.Sin(100.0/120))
		walk := &QuadrupedWalk{}
		r.Source = walk
		follow, err := NewGroundFollower(r, g)
		if err != nil {
			t.Fatal(err)
		}
		r.Add(follow)
		dt := 1 / tps
		type stance struct {
			at      mgl64.Vec2
			planted bool
		}
		var st [4]stance
		maxSlip, maxGap, maxTilt, samples := 0.0, 0.0, 0.0, 0
		for f := 0; f < int(8*tps); f++ {
			r.Position[0] += 40 * dt
			r.Update(dt)
			maxTilt = max(maxTilt, math.Abs(tilt.Angle()))
			for i := range 4 {
				leg := feet.Leg(i)
				end, _ := r.Joint(r.Limb(feet.LegDef(i).Limb).Effector()) // the ankle
				if !leg.Planted || !walk.Planted(i, r.Time) {
					st[i].planted = false
					continue
				}
				if gap := end.Sub(leg.Target).Len(); f > int(tps) {
					maxGap = max(maxGap, gap)
				}
				if !st[i].planted {
					st[i] = stance{at: end, planted: true}
				} else if f > int(tps) {
					maxSlip = max(maxSlip, end.Sub(st[i].at).Len())
					samples++
				}
			}
			if !num.FiniteVec(r.Position) || math.IsNaN(r.BodyAngle) {
				t.Fatalf("%v TPS frame %d: NaN", tps, f)
			}
		}
		t.Logf("%v TPS: slip max %.3f px over %d planted samples, ankle off its target %.3f px, tilt max %.1f deg", tps, maxSlip, samples, maxGap, maxTilt*180/math.Pi)
		if samples < int(4*tps) {
			t.Fatalf("%v TPS: only %d planted samples: the walk plants no feet", tps, samples)
		}
		if maxSlip > 0.5 || maxGap > 0.5 {
			t.Errorf("%v TPS: slip %.3f px, gap %.3f px, want <= 0.5", tps, maxSlip, maxGap)
		}
		if maxTilt < 5*math.Pi/180 {
			t.Errorf("%v TPS: the body never tilted on rolling ground (max %.2f deg)", tps, maxTilt*180/math.Pi)
		}
	}
}
