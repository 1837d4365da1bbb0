package ikanim

import (
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

func newAimBiped(t *testing.T) (*Rig, *Aimer) {
	t.Helper()
	def, err := NewBipedDef(BipedSizes{}, BipedSprites{})
	if err != nil {
		t.Fatal(err)
	}
	r := mustRig(t, def)
	r.Position = mgl64.Vec2{200, 300}
	a, err := NewBipedAimer(r)
	if err != nil {
		t.Fatal(err)
	}
	r.Add(a)
	return r, a
}

// angleTo is the world angle of b - a.
func angleTo(a, b mgl64.Vec2) float64 { return math.Atan2(b[1]-a[1], b[0]-a[0]) }

func TestAimerForearmOnAimLine(t *testing.T) {
	for _, facing := range []Facing{FacingRight, FacingLeft} {
		for _, tgt := range []mgl64.Vec2{{330, 180}, {400, 210}, {300, 260}, {280, 130}} {
			r, a := newAimBiped(t)
			r.Facing = facing
			if facing == FacingLeft {
				tgt[0] = 400 - tgt[0] // mirror about x=200
			}
			a.Target = tgt
			settle(r, 60)
			fore := r.def.BoneIndex(BoneForearmNear)
			elbow, wrist := r.Joint(fore)
			// The forearm's line passes through the target: the direction
			// elbow->wrist equals elbow->target.
			d := math.Remainder(r.BoneAngle(fore)-angleTo(elbow, tgt), 2*math.Pi)
			if math.Abs(d) > 1e-6 {
				t.Errorf("facing %d target %v: forearm %v rad off the aim line", facing, tgt, d)
			}
			if !near2(wrist, a.Wrist(), 1e-6) {
				t.Errorf("facing %d target %v: wrist %v, want the aimer's %v", facing, tgt, wrist, a.Wrist())
			}
			// The support hand holds the barrel 12 px along the aim line.
			_, far := r.Joint(r.def.BoneIndex(BoneForearmFar))
			want := wrist.Add(mgl64.Vec2{math.Cos(r.BoneAngle(fore)), math.Sin(r.BoneAngle(fore))}.Mul(12))
			if !near2(far, want, 1e-6) {
				t.Errorf("facing %d target %v: support hand %v, want %v", facing, tgt, far, want)
			}
			// Both hands lie along the forearm.
			for _, h := range []string{BoneHandNear, BoneHandFar} {
				if d := math.Remainder(r.BoneAngle(r.def.BoneIndex(h))-r.BoneAngle(fore), 2*math.Pi); math.Abs(d) > 1e-9 {
					t.Errorf("facing %d target %v: %s turned %v from the aim", facing, tgt, h, d)
				}
			}
			// The head looks at the target (all targets are inside the
			// neck's 50-degree limit).
			head := r.def.BoneIndex(BoneHead)
			hs, _ := r.Joint(head)
			face := r.BoneAngle(head) + math.Pi/2 // the face looks a quarter turn clockwise from the neck
			if facing == FacingLeft {
				face = r.BoneAngle(head) - math.Pi/2
			}
			if d := math.Remainder(face-angleTo(hs, tgt), 2*math.Pi); math.Abs(d) > 1e-6 {
				t.Errorf("facing %d target %v: head %v rad off the target", facing, tgt, d)
			}
		}
	}
}

func TestAimerHandsCircleTheShoulder(t *testing.T) {
	// As the aim turns, the main wrist stays at one distance from the
	// shoulder (a circle) and the support hand keeps its offset. Aims
	// down to forward only: lower ones (0.2 rad below and more for this
	// far target) straighten the arm to keep the elbow in front of the
	// back (aim_elbow.go, TestAimerLowAimKeepsElbowInFront).
	r, a := newAimBiped(t)
	shoulderBone := r.def.BoneIndex(BoneUpperArmNear)
	var radius float64
	for k := 0; k <= 6; k++ {
		ang := -1.2 + 0.2*float64(k)
		s, _ := r.Joint(shoulderBone)
		a.Target = s.Add(mgl64.Vec2{math.Cos(ang), math.Sin(ang)}.Mul(150))
		settle(r, 40)
		s, _ = r.Joint(shoulderBone)
		d := a.Wrist().Sub(s).Len()
		if k == 0 {
			radius = d
		} else if math.Abs(d-radius) > 1e-6 {
			t.Errorf("aim %v rad: wrist %v px from the shoulder, want %v", ang, d, radius)
		}
	}
}

func TestAimerClampsAim(t *testing.T) {
	r, a := newAimBiped(t)
	a.Target = mgl64.Vec2{201, -500} // nearly straight up, beyond MaxUp
	settle(r, 40)
	if got, want := a.AimAngle(), -DefaultAimMaxUp; math.Abs(got-want) > 1e-6 {
		t.Errorf("aim angle %v, want clamped to %v", got, want)
	}
}

func TestAimerFadesOut(t *testing.T) {
	r, a := newAimBiped(t)
	a.Target = mgl64.Vec2{330, 180}
	settle(r, 60)
	a.Weight, a.LookWeight = 0, 0
	settle(r, 60)
	for _, b := range []string{BoneForearmNear, BoneHandFar, BoneHead} {
		i := r.def.BoneIndex(b)
		got, _ := r.Joint(i)
		want, _ := r.AnimatedJoint(i)
		if !near2(got, want, 1e-9) || math.Abs(math.Remainder(r.BoneAngle(i)-r.AnimatedAngle(i), 2*math.Pi)) > 1e-9 {
			t.Errorf("%s not back at the animation after the fade", b)
		}
	}
}

func TestNewAimerErrors(t *testing.T) {
	def, _ := NewBipedDef(BipedSizes{}, BipedSprites{})
	for _, c := range []struct{ main, support, look, want string }{
		{"wing", "", "", "main"},
		{LimbLook, "", "", "two-bone"},
		{LimbArmNear, "x", "", "support"},
		{LimbArmNear, "", "x", "look"},
	} {
		if _, err := NewAimer(mustRig(t, def), c.main, c.support, c.look); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("NewAimer(%q, %q, %q) error %v, want one naming %q", c.main, c.support, c.look, err, c.want)
		}
	}
}

// A target behind the shoulder turns the character round (from the next
// frame) instead of bending the aim back: then the forearm points at it.
// Within TurnMargin behind, with Turn Off, or with the arms' weight at 0,
// it does not turn.
func TestAimerTurnsToATargetBehind(t *testing.T) {
	r, a := newAimBiped(t)
	a.Target = mgl64.Vec2{100, 240} // 100 px behind, above the shoulder
	r.Update(1.0 / 60)
	if r.Facing != FacingLeft || a.Turns() != 1 {
		t.Fatalf("facing %v after %d turns, want left after 1", r.Facing, a.Turns())
	}
	settle(r, 60)
	if a.Turns() != 1 {
		t.Errorf("%d turns: it turned back", a.Turns())
	}
	fore := r.def.BoneIndex(BoneForearmNear)
	elbow, wrist := r.Joint(fore)
	if d := math.Abs(math.Remainder(angleTo(elbow, wrist)-angleTo(elbow, a.Target), 2*math.Pi)); d > 0.01 {
		t.Errorf("forearm %.3f rad off the aim line after the turn", d)
	}

	for _, tc := range []struct {
		name  string
		setup func(a *Aimer)
	}{
		{"within the margin", func(a *Aimer) { a.Target = mgl64.Vec2{200 - 8, 240} }},
		{"Turn Off", func(a *Aimer) { a.Turn, a.Target = Off, mgl64.Vec2{100, 240} }},
		{"weight 0", func(a *Aimer) { a.Weight, a.Target = 0, mgl64.Vec2{100, 240} }},
	} {
		r, a := newAimBiped(t)
		tc.setup(a)
		settle(r, 30)
		if r.Facing != FacingRight || a.Turns() != 0 {
			t.Errorf("%s: facing %v after %d turns, want right and none", tc.name, r.Facing, a.Turns())
		}
	}
}

// Circle (the humanoid foot-IK article's aim): each hand lies on a circle
// around the chest (the main shoulder) with its own animated distance from
// it as radius, in the direction from the body position (the root) to the
// target, not from the shoulder; the head still looks at the target.
// Checked against the geometry: |wrist - S| = |H - S| for the animated
// wrist H, and wrist - S parallel to T - B.
func TestAimerCircleHandsOnTheirOwnRadius(t *testing.T) {
	for _, facing := range []Facing{FacingRight, FacingLeft} {
		for _, tgt := range []mgl64.Vec2{{330, 180}, {400, 250}, {300, 150}} {
			r, a := newAimBiped(t)
			r.Source = stanceSource()
			r.Facing = facing
			if facing == FacingLeft {
				tgt[0] = 400 - tgt[0]
			}
			a.Target, a.Circle = tgt, true
			settle(r, 60)
			S, _ := r.Joint(r.def.BoneIndex(BoneUpperArmNear))
			B := r.ToWorld(r.animRoot.Add(r.BodyOffset))
			dir := tgt.Sub(B).Normalize()
			for _, fa := range []string{BoneForearmNear, BoneForearmFar} {
				i := r.def.BoneIndex(fa)
				_, wrist := r.Joint(i)
				H := r.ToWorld(r.animEnd[i].Add(r.BodyOffset))
				want := S.Add(dir.Mul(H.Sub(S).Len()))
				if !near2(wrist, want, 1e-6) {
					t.Errorf("facing %d target %v: %s wrist %v, want %v (radius %.2f from the shoulder, toward the target from the body)", facing, tgt, fa, wrist, want, H.Sub(S).Len())
				}
			}
			// The aim direction is the body's, not the shoulder's.
			if d := math.Remainder(a.AimAngle()-math.Atan2(dir[1], dir[0]), 2*math.Pi); math.Abs(d) > 1e-9 {
				t.Errorf("facing %d target %v: aim angle %v, want %v", facing, tgt, a.AimAngle(), math.Atan2(dir[1], dir[0]))
			}
		}
	}
}
