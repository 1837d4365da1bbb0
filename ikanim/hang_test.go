package ikanim

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

func TestHangerKeepsHandsOnLedge(t *testing.T) {
	for _, facing := range []Facing{FacingRight, FacingLeft} {
		for _, swing := range []float64{0, 0.3} {
			def, _ := NewBipedDef(BipedSizes{}, BipedSprites{})
			r := NewRig(def)
			r.Facing = facing
			r.Position = mgl64.Vec2{250, 400}
			h, err := NewBipedHanger(def)
			if err != nil {
				t.Fatal(err)
			}
			ledge := mgl64.Vec2{300, 100}
			h.Ledge, h.Active, h.Swing = ledge, true, swing
			for _, l := range []string{LimbArmNear, LimbArmFar} {
				r.Limb(l).SetWeightNow(1)
			}
			hands := []int{def.BoneIndex(BoneForearmNear), def.BoneIndex(BoneForearmFar)}
			for i := 0; i < 240; i++ {
				h.Hang(r, 1.0/60)
				r.Update(1.0 / 60)
				if i < 120 {
					continue // settling onto the ledge
				}
				fwd := r.Forward()
				for k, b := range hands {
					_, hand := r.Joint(b)
					want := ledge.Add(fwd.Mul(h.Spread[k]))
					if d := hand.Sub(want).Len(); d > 1e-6 {
						t.Fatalf("facing %d swing %v frame %d: hand %d %v px from its grip", facing, swing, i, k, d)
					}
				}
				// The body hangs below the ledge: the hips are below the
				// hands along the rig's up.
				hip, _ := r.Joint(def.BoneIndex(BoneThighNear))
				if hip.Sub(ledge).Dot(r.UpVector()) > -60 {
					t.Fatalf("facing %d swing %v frame %d: hips %v not hanging below the ledge %v", facing, swing, i, hip, ledge)
				}
			}
			if swing > 0 && math.Abs(r.UpVector()[0]) < 1e-3 && math.Abs(math.Sin(2*math.Pi*h.t/DefaultSwingPeriod)) > 0.5 {
				t.Errorf("swing %v: up %v did not swing", swing, r.UpVector())
			}
		}
	}
}

func TestHangerReleasesArms(t *testing.T) {
	def, _ := NewBipedDef(BipedSizes{}, BipedSprites{})
	r := NewRig(def)
	h, _ := NewBipedHanger(def)
	h.Ledge, h.Active = mgl64.Vec2{300, 100}, true
	for i := 0; i < 60; i++ {
		h.Hang(r, 1.0/60)
		r.Update(1.0 / 60)
	}
	h.Active = false
	pos := r.Position
	for i := 0; i < 60; i++ {
		h.Hang(r, 1.0/60)
		r.Update(1.0 / 60)
	}
	if r.Limb(LimbArmNear).CurrentWeight() != 0 || r.Position != pos {
		t.Errorf("released: arm weight %v, position %v (was %v); want 0 and unchanged", r.Limb(LimbArmNear).CurrentWeight(), r.Position, pos)
	}
}

func TestHangerBackKeepsBodyBehindLedge(t *testing.T) {
	def, _ := NewBipedDef(BipedSizes{}, BipedSprites{})
	r := NewRig(def)
	h, _ := NewBipedHanger(def)
	ledge := mgl64.Vec2{300, 100}
	h.Ledge, h.Active, h.Back = ledge, true, 22
	for i := 0; i < 120; i++ {
		h.Hang(r, 1.0/60)
		r.Update(1.0 / 60)
	}
	s, _ := r.Joint(def.BoneIndex(BoneUpperArmNear))
	// The shoulder is 22 px behind the ledge and the near grip (3 px ahead
	// of the ledge point, the furthest) is 0.96 of the arm's reach (42 px)
	// from it.
	grip := ledge.Add(mgl64.Vec2{3, 0})
	if math.Abs(ledge[0]-s[0]-22) > 1e-9 || math.Abs(s.Sub(grip).Len()-0.96*42) > 1e-9 {
		t.Errorf("shoulder %v: want 22 px behind %v and %v px from %v", s, ledge, 0.96*42, grip)
	}
	_, hand := r.Joint(def.BoneIndex(BoneForearmNear))
	if d := hand.Sub(ledge.Add(mgl64.Vec2{3, 0})).Len(); d > 1e-6 {
		t.Errorf("near hand %v px from its grip", d)
	}
}
