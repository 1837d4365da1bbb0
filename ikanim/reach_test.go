package ikanim

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

func TestReacherPicksUpLowObjectWithCrouch(t *testing.T) {
	// The character stands on a floor at y=300 with a grounder; the object
	// is 40 px above the floor, 25 px ahead: lower than the arm can reach
	// from a standing shoulder (about 100 px up), so the body crouches.
	const floor = 300.0
	g := flatGround(floor)
	r, _ := groundedBiped(t, g, mgl64.Vec2{200, floor}, true)
	r.Source = stanceSource()
	rc, err := NewReacher(r, LimbArmNear)
	if err != nil {
		t.Fatal(err)
	}
	r.Add(rc)
	obj := mgl64.Vec2{225, floor - 40}
	rc.Target, rc.Active = obj, true
	// The weight blends in over the arm's FadeIn: halfway through, the hand
	// is on its way, neither at rest nor at the object.
	fade := r.def.LimbDef(r.def.LimbIndex(LimbArmNear)).FadeIn
	settle(r, int(fade*60/2))
	if w := rc.Weight(); !(w > 0 && w < 1) {
		t.Errorf("weight %v half way through the fade, want in (0,1)", w)
	}
	settle(r, 300)
	_, hand := r.Joint(r.def.BoneIndex(BoneForearmNear))
	if d := hand.Sub(obj).Len(); d > 1e-6 || !rc.Reached() {
		t.Errorf("hand %v px from the object (Reached %v), want on it", d, rc.Reached())
	}
	if rc.Crouch() <= 0 {
		t.Errorf("crouch %v for an object below the standing reach, want > 0", rc.Crouch())
	}
	// The crouch is the least that brings the object within 0.9 of the
	// arm's reach: the shoulder ends exactly 0.9*42 px from it.
	s, _ := r.Joint(r.def.BoneIndex(BoneUpperArmNear))
	if d := s.Sub(obj).Len(); math.Abs(d-0.9*42) > 1e-6 {
		t.Errorf("shoulder %v px from the object, want %v", d, 0.9*42)
	}
	// The feet stay on the floor while the body crouches.
	for _, f := range footBones(r) {
		if p := solePoint(r, f, 0, 5); math.Abs(p[1]-floor) > 1e-6 {
			t.Errorf("foot %d sole at y %v while crouching, want %v", f, p[1], floor)
		}
	}
	// Letting go blends the arm out and stands back up.
	rc.Active = false
	settle(r, 300)
	if w := rc.Weight(); w != 0 {
		t.Errorf("weight %v after letting go, want 0", w)
	}
	if rc.Crouch() > 1e-6 || math.Abs(r.BodyOffset[1]) > 1e-6 {
		t.Errorf("crouch %v, body offset %v after letting go, want 0", rc.Crouch(), r.BodyOffset)
	}
}

func TestReacherHandAngle(t *testing.T) {
	def, _ := NewBipedDef(BipedSizes{}, BipedSprites{})
	r := mustRig(t, def)
	r.Position = mgl64.Vec2{200, 300}
	rc, _ := NewReacher(r, LimbArmFar)
	rc.Target, rc.Active, rc.NoCrouch = mgl64.Vec2{230, 210}, true, true
	rc.HandAngle, rc.UseHandAngle = math.Pi/2, true // pointing down
	r.Add(rc)
	settle(r, 120)
	if a := r.BoneAngle(def.BoneIndex(BoneHandFar)); math.Abs(math.Remainder(a-math.Pi/2, 2*math.Pi)) > 1e-9 {
		t.Errorf("hand angle %v, want pi/2", a)
	}
	if r.BodyOffset != (mgl64.Vec2{}) {
		t.Errorf("NoCrouch: body offset %v, want 0", r.BodyOffset)
	}
}
