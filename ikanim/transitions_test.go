package ikanim

import (
	"math"
	"testing"

	"github.com/ikanim/kit/ikanim/quality"
)

// animStateScene is one state of the transition matrix: what plays and
// how fast the character moves while it does.
type animStateScene struct {
	name  string
	speed float64
	play  func(s *AnimState, c bipedClips, loco *Blend1D, walk *WalkCycle)
}

func animScenes() []animStateScene {
	return []animStateScene{
		{"idle", 0, func(s *AnimState, c bipedClips, _ *Blend1D, _ *WalkCycle) { s.Play(0, c.idle) }},
		{"walk", 62.2, func(s *AnimState, _ bipedClips, _ *Blend1D, w *WalkCycle) { s.Play(0, w) }},
		{"run", 93.3, func(s *AnimState, c bipedClips, _ *Blend1D, _ *WalkCycle) { s.Play(0, c.run) }},
		{"blend", 78, func(s *AnimState, _ bipedClips, b *Blend1D, _ *WalkCycle) { s.Play(0, b) }},
		{"crouch", 0, func(s *AnimState, c bipedClips, _ *Blend1D, _ *WalkCycle) { s.Play(0, c.crouch) }},
		{"attack", 0, func(s *AnimState, c bipedClips, _ *Blend1D, _ *WalkCycle) { s.Play(0, c.attack) }},
		{"walk+wave", 62.2, func(s *AnimState, c bipedClips, _ *Blend1D, w *WalkCycle) { s.Play(0, w); s.Play(1, c.wave) }},
		{"idle+lean", 0, func(s *AnimState, c bipedClips, _ *Blend1D, _ *WalkCycle) {
			s.Play(0, c.idle)
			s.Play(2, c.lean)
		}},
	}
}

// popRun plays state a for 1.2 s, then state b (the character's speed
// ramping between theirs at 400 px/s^2) for 1.8 s, and returns the largest
// frame-to-frame change of any bone's local angle, degrees, while a
// transition is under way on any track (by a quality.AngleDelta per
// bone), and over the whole run.
func popRun(t testing.TB, a, b animStateScene, tps, guard float64) (inTransition, whole float64) {
	r := newBiped(t)
	def := r.Def()
	clips := newBipedClips(t, def)
	s, err := NewAnimState(def, 3)
	if err != nil {
		t.Fatal(err)
	}
	s.MaxBlendSpeed = guard
	mask, err := NewBoneMask(def, BoneUpperArmNear)
	if err != nil {
		t.Fatal(err)
	}
	s.Track(1).Mask = mask
	s.Track(2).Additive = true
	r.Source = s
	walk := &WalkCycle{}
	loco := locomotion(t, def, clips)
	deltas := make([]quality.AngleDelta, def.NumBones())
	dt := 1 / tps
	speed := a.speed
	a.play(s, clips, loco, walk)
	for f := 0; f < int(3*tps); f++ {
		want := a.speed
		if f == int(1.2*tps) {
			for k := 1; k < s.NumTracks(); k++ {
				s.Stop(k, 0.3)
			}
			b.play(s, clips, loco, walk)
		}
		if f >= int(1.2*tps) {
			want = b.speed
		}
		speed += math.Max(-400*dt, math.Min(want-speed, 400*dt))
		r.Position[0] += speed * dt
		r.Update(dt)
		mixing := false
		for k := 0; k < s.NumTracks(); k++ {
			mixing = mixing || s.Track(k).Mixing()
		}
		for i := range deltas {
			d := deltas[i].Step(r.LocalAngle(i)) * 180 / math.Pi
			if f < 2 {
				continue
			}
			whole = math.Max(whole, d)
			if mixing && f >= int(1.2*tps) {
				inTransition = math.Max(inTransition, d)
			}
		}
	}
	return inTransition, whole
}

// No transition between any two states (crossfades, layers fading in and
// out, a blend tree, procedural and keyed sources) turns a joint more than
// 15 degrees in a frame at 30, 60 or 144 TPS, nor faster than the larger
// of the guard and the motion the states have when they play alone.
func TestAnimStateTransitionsDoNotPop(t *testing.T) {
	scenes := animScenes()
	for _, tps := range []float64{30, 60, 144} {
		own := make([]float64, len(scenes))
		for i, sc := range scenes {
			_, own[i] = popRun(t, sc, sc, tps, 0)
		}
		worst, worstOff, worstOwn := 0.0, 0.0, 0.0
		var pair, pairOff string
		for i, a := range scenes {
			worstOwn = math.Max(worstOwn, own[i])
			for j, b := range scenes {
				if i == j {
					continue
				}
				pop, _ := popRun(t, a, b, tps, 0)
				off, _ := popRun(t, a, b, tps, math.Inf(1))
				if pop > worst {
					worst, pair = pop, a.name+" -> "+b.name
				}
				if off > worstOff {
					worstOff, pairOff = off, a.name+" -> "+b.name
				}
				bound := math.Max(math.Max(own[i], own[j]), DefaultMaxBlendSpeed*180/math.Pi/tps) + 1e-6
				if pop > 15 || pop > bound {
					t.Errorf("%v TPS: %s -> %s: joint pop %.2f deg/frame in the transition, want <= 15 and <= %.2f", tps, a.name, b.name, pop, bound)
				}
			}
		}
		t.Logf("%3.0f TPS: joint pop in transitions %.2f deg/frame (%s); guard off %.2f (%s); states alone %.2f", tps, worst, pair, worstOff, pairOff, worstOwn)
	}
}
