package ikanim

import (
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// Two children with different cycles share one normalised phase, which
// advances by the distance travelled over the blended stride.
func TestBlend1DSyncsPhasesAndBlendsStrides(t *testing.T) {
	r := newBiped(t)
	def := r.Def()
	lin := "linear"
	// a: head 80*t over [0, 0.5] (cycle 1 s); b: head 100 + 160*t over
	// [0, 0.25] (cycle 0.5 s). At phase phi (below 0.5) a shows 80*phi and
	// b 100 + 80*phi.
	a := ClipSpec{Name: "a", Duration: 1, Loop: true, Tracks: []TrackSpec{{BoneHead, []AngleKey{{T: 0, Deg: 0, Curve: lin}, {T: 0.5, Deg: 40, Curve: lin}}}}}.parse(t, def)
	b := ClipSpec{Name: "b", Duration: 0.5, Loop: true, Tracks: []TrackSpec{{BoneHead, []AngleKey{{T: 0, Deg: 100, Curve: lin}, {T: 0.25, Deg: 140, Curve: lin}}}}}.parse(t, def)
	bl, err := NewBlend1D(def, BlendChild{Source: a, At: 0, Speed: 60}, BlendChild{Source: b, At: 1, Speed: 160})
	if err != nil {
		t.Fatal(err)
	}
	bl.Param = 0.5
	r.Source = bl
	r.TimeScale = 1
	// Strides 60*1 and 160*0.5: S = 70 px, D = 0.75 s at u = 0.5.
	r.Update(1.0 / 60) // first frame: the phase starts
	if s, d := bl.Stride(); math.Abs(s-70) > 1e-12 || math.Abs(d-0.75) > 1e-12 {
		t.Fatalf("stride %v cycle %v, want 70 and 0.75", s, d)
	}
	bl.Drive(100) // 100 px/s: 100/70 cycles per second
	for f := 0; f < 14; f++ {
		r.Update(0.0125)
	}
	phi := 100 * 14 * 0.0125 / 70.0 // 0.25
	if got := bl.Phase(); math.Abs(got-phi) > 1e-12 {
		t.Errorf("phase %v, want %v", got, phi)
	}
	if got, want := headDeg(r), 0.5*(80*phi)+0.5*(100+80*phi); math.Abs(got-want) > 1e-9 {
		t.Errorf("head %v, want %v (both children at phase %v)", got, want, phi)
	}
	// In place (speed 0 and no stride would be a frozen walk): children
	// without speeds run on time, dt / D(u).
	c, err := NewBlend1D(def, BlendChild{Source: a, At: 0}, BlendChild{Source: b, At: 1})
	if err != nil {
		t.Fatal(err)
	}
	c.Param = 0.5
	c.Pose(def, 0, make([]float64, def.NumBones()))
	c.Pose(def, 0.375, make([]float64, def.NumBones()))
	if got := c.Phase(); math.Abs(got-0.5) > 1e-12 {
		t.Errorf("in-place phase after 0.375 s of a 0.75 s cycle: %v, want 0.5", got)
	}
}

func TestBlend1DErrorsNameTheChild(t *testing.T) {
	def := newBiped(t).Def()
	clip := holdClip(t, def, "h", 0, 0)
	for _, c := range []struct {
		kids []BlendChild
		want string
	}{
		{nil, "0 children"},
		{[]BlendChild{{Source: nil}}, "child 0: Source is nil"},
		{[]BlendChild{{Source: clip, At: 1}, {Source: clip, At: 1}}, "child 1: At 1 is not above child 0's 1"},
		{[]BlendChild{{Source: clip, Speed: -1}}, "child 0: Speed -1"},
		{[]BlendChild{{Source: clip, At: math.NaN()}}, "child 0: At NaN"},
		{[]BlendChild{{Source: RestPose{}}}, "child 0: Cycle is 0"},
	} {
		if _, err := NewBlend1D(def, c.kids...); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("NewBlend1D error %v, want %q", err, c.want)
		}
	}
	// A WalkCycle's cycle and speed come from it.
	b, err := NewBlend1D(def, BlendChild{Source: &WalkCycle{}, At: 0})
	if err != nil {
		t.Fatal(err)
	}
	if c := b.children[0]; math.Abs(c.cycle-0.9) > 1e-12 || math.Abs(c.Speed-56/0.9) > 1e-12 {
		t.Errorf("WalkCycle child: cycle %v speed %v, want 0.9 and 62.2", c.cycle, c.Speed)
	}
}

// locomotion is the idle-walk-run blend of the biped: the idle clip at 0,
// the procedural WalkCycle at its 62.2 px/s, the run clip at 93.3 px/s.
func locomotion(t testing.TB, def *RigDef, clips bipedClips) *Blend1D {
	t.Helper()
	b, err := NewBlend1D(def,
		BlendChild{Source: clips.idle, At: 0},
		BlendChild{Source: &WalkCycle{}, At: 56 / 0.9},
		BlendChild{Source: clips.run, At: clips.runSpeed, Speed: clips.runSpeed})
	if err != nil {
		t.Fatal(err)
	}
	b.FollowSpeed = true
	return b
}

// footSlip moves the rig at speed px/s for seconds with the blend driven
// by the measured speed, and returns the largest distance a planted ankle
// moved within one stance (stances by the blend's phase, as the walk's
// duty 0.6 says; 0.05 of margin at either end).
func footSlip(t *testing.T, r *Rig, phase func() float64, speed, tps, seconds float64) float64 {
	dt := 1 / tps
	def := r.Def()
	foot := [2]int{def.BoneIndex(BoneFootNear), def.BoneIndex(BoneFootFar)}
	var anchor [2]mgl64.Vec2
	var in [2]bool
	worst := 0.0
	for f := 0; f < int(seconds*tps); f++ {
		r.Position[0] += speed * dt
		r.Update(dt)
		if f < int(tps) {
			continue // settle
		}
		for k := 0; k < 2; k++ {
			q := math.Mod(phase()+0.5*float64(k), 1)
			planted := q > 0.05 && q < 0.55
			ankle, _ := r.Joint(foot[k])
			switch {
			case planted && !in[k]:
				anchor[k] = ankle
			case planted:
				worst = math.Max(worst, ankle.Sub(anchor[k]).Len())
			}
			in[k] = planted
		}
	}
	return worst
}

// The idle-walk-run blend keeps planted feet still at every speed, where
// children sampled on their own clocks (no phase sync) slide.
func TestBlend1DFeetDoNotSlip(t *testing.T) {
	for _, speed := range []float64{20, 45, 62.2, 78, 93.3, 130} {
		for _, tps := range []float64{30, 60, 144} {
			r := newBiped(t)
			def := r.Def()
			b := locomotion(t, def, newBipedClips(t, def))
			r.Source = b
			slip := footSlip(t, r, b.Phase, speed, tps, 5)
			t.Logf("speed %5.1f px/s, %3.0f TPS: blended planted ankle slip %.3f px", speed, tps, slip)
			if slip > 0.6 {
				t.Errorf("speed %v, %v TPS: planted ankle slipped %v px, want <= 0.6", speed, tps, slip)
			}
		}
	}
}

func TestBlend1DGuardEasesASpeedJump(t *testing.T) {
	for _, tps := range []float64{30, 60, 144} {
		r := newBiped(t)
		def := r.Def()
		b := locomotion(t, def, newBipedClips(t, def))
		r.Source = b
		dt := 1 / tps
		prev := make([]float64, def.NumBones())
		worst, reached := 0.0, 0.0
		for f := 0; f < int(3*tps); f++ {
			speed := 0.0
			if f >= int(tps) {
				speed = 93.3 // from standing to running in one frame
			}
			r.Position[0] += speed * dt
			r.Update(dt)
			for i := range prev {
				if f > 0 {
					worst = math.Max(worst, math.Abs(math.Remainder(r.LocalAngle(i)-prev[i], 2*math.Pi)))
				}
				prev[i] = r.LocalAngle(i)
			}
			if reached == 0 && b.Value() == b.Param && speed > 0 && f > int(tps)+1 {
				reached = float64(f)*dt - 1
			}
		}
		t.Logf("%3.0f TPS: standing to running: largest joint step %.2f deg/frame, the blend reached the run after %.3f s", tps, worst*180/math.Pi, reached)
		if worst*180/math.Pi > 15 {
			t.Errorf("%v TPS: joint pop %v deg/frame", tps, worst*180/math.Pi)
		}
	}
}

// naiveBlend blends the same children by speed without the phase sync:
// each child plays on its own clock at time scale 1 (what blending two
// clips by weight alone does).
type naiveBlend struct {
	b   *Blend1D
	buf []float64
}

func (n *naiveBlend) Drive(speed float64) float64 { n.b.Param = speed; return 1 }

func (n *naiveBlend) Pose(def *RigDef, t float64, dst []float64) mgl64.Vec2 {
	a, c, u := n.b.segment(n.b.clampAt(n.b.Param), n.b.Param)
	ca, cc := &n.b.children[a], &n.b.children[c]
	if ca.driven != nil {
		ca.driven.Drive(ca.Speed)
	}
	ra := ca.Source.Pose(def, t, dst)
	if cc.driven != nil {
		cc.driven.Drive(cc.Speed)
	}
	rc := cc.Source.Pose(def, t, n.buf)
	blendAngles(dst, dst, n.buf, u)
	return ra.Mul(1 - u).Add(rc.Mul(u))
}

// Without the phase sync (children on their own clocks, blended by
// weight) the same blend slides its planted feet: the figure the sync
// removes.
func TestBlend1DWithoutPhaseSyncSlips(t *testing.T) {
	worst := 0.0
	for _, speed := range []float64{45, 78} {
		r := newBiped(t)
		def := r.Def()
		n := &naiveBlend{b: locomotion(t, def, newBipedClips(t, def)), buf: make([]float64, def.NumBones())}
		r.Source = n
		// Stances by the walk child's phase (its own clock).
		w := n.b.children[1].Source.(*WalkCycle)
		slip := footSlip(t, r, func() float64 { return w.Phase(r.Time) }, speed, 60, 5)
		t.Logf("speed %v px/s, 60 TPS: unsynchronised blend: planted ankle slip %.2f px", speed, slip)
		worst = math.Max(worst, slip)
	}
	if worst < 2 {
		t.Errorf("the unsynchronised blend slips only %v px: the comparison shows nothing", worst)
	}
}
