package ik_test

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/ikanim/kit/ikanim/ik"
)

// Motion quality (QUALITY.md) on the BENCH.md track paths, solved warm as
// a game does: joint pop (largest frame-to-frame change of any local
// angle, degrees), bend flips (the knee crossing the root->target line)
// and reach error. Track targets move about 1-2 px per frame.

func maxPop(prev, cur []float64) float64 {
	m := 0.0
	for i := range cur {
		d := math.Abs(math.Remainder(cur[i]-prev[i], 2*math.Pi)) * 180 / math.Pi
		m = math.Max(m, d)
	}
	return m
}

func TestQualityTwoBoneTrack(t *testing.T) {
	c := limb2()
	p := c.NewPose()
	s := ik.TwoBone{}
	targets := limb2Track()
	prev := append([]float64(nil), p.Angles...)
	pop, flips, maxErr := 0.0, 0, 0.0
	side := 0.0
	for i, tg := range targets {
		r := s.Solve(c, &p, tg)
		maxErr = math.Max(maxErr, r.Error)
		j := c.Joints(&p, nil)
		a, b := tg.Sub(j[0]), j[1].Sub(j[0])
		cr := math.Copysign(1, a[0]*b[1]-a[1]*b[0])
		if i > 0 {
			pop = math.Max(pop, maxPop(prev, p.Angles))
			if cr != side {
				flips++
			}
		}
		side = cr
		copy(prev, p.Angles)
	}
	t.Logf("TwoBone limb2 track: joint pop max %.2f deg, bend flips %d, error max %.3g px", pop, flips, maxErr)
	if pop > 15 || flips != 0 || maxErr > 1e-9 {
		t.Errorf("joint pop %.2f deg (<= 15), flips %d (0), error %.3g (<= 1e-9)", pop, flips, maxErr)
	}
}

func TestQualityFABRIKTrack(t *testing.T) {
	c := chain10()
	p := c.NewPose()
	var s ik.FABRIK
	targets := chain10Track()
	prev := append([]float64(nil), p.Angles...)
	pop, over := 0.0, 0
	for i, tg := range targets {
		r := s.Solve(c, &p, tg)
		if r.Error > 0.01 {
			over++
		}
		if i > 0 {
			pop = math.Max(pop, maxPop(prev, p.Angles))
		}
		copy(prev, p.Angles)
	}
	t.Logf("FABRIK chain10 track warm: joint pop max %.2f deg, %d of %d frames above 0.01 px", pop, over, len(targets))
	if pop > 15 {
		t.Errorf("joint pop %.2f deg, want <= 15", pop)
	}
}

func TestQualityLookAtTrack(t *testing.T) {
	c := chain10()
	p := c.NewPose()
	s := ik.LookAt{Weights: ik.TaperWeights(nil, 10, 1)}
	targets := chain10Track()
	prev := append([]float64(nil), p.Angles...)
	pop := 0.0
	for i, tg := range targets {
		// The track moved 300 px right, so the target never passes
		// through the head (where any aim must spin).
		s.Solve(c, &p, tg.Add(mgl64.Vec2{300, 0}))
		if i > 0 {
			pop = math.Max(pop, maxPop(prev, p.Angles))
		}
		copy(prev, p.Angles)
	}
	t.Logf("LookAt chain10 track: joint pop max %.2f deg", pop)
	if pop > 15 {
		t.Errorf("joint pop %.2f deg, want <= 15", pop)
	}
}
