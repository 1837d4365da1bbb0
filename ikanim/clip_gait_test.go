package ikanim

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// walkClip records one cycle of a biped's WalkCycle at its nominal speed
// as a looping clip, and returns it with the walk and the walk's phase at
// the clip's time 0.
func walkClip(t *testing.T) (*Clip, *RigDef, *WalkCycle, float64) {
	t.Helper()
	def, err := NewBipedDef(BipedSizes{}, BipedSprites{})
	if err != nil {
		t.Fatal(err)
	}
	r, _ := NewRig(def)
	w := &WalkCycle{}
	r.Source = w
	v := w.NominalSpeed()
	dt := 1.0 / 120
	step := func(dt float64) {
		r.Position[0] += v * dt
		r.Update(dt)
	}
	for range 240 {
		step(dt)
	}
	_, period, _ := w.gait()
	p0 := w.Phase(r.Time)
	spec, err := RecordClip(r, "walk", period, 108, true, step)
	if err != nil {
		t.Fatal(err)
	}
	c, err := spec.Build(def)
	if err != nil {
		t.Fatal(err)
	}
	return c, def, w, p0
}

// A clip carries no contact marks: ParseClip derives them from its feet.
// A recorded WalkCycle's clip times each leg as the walk does: in the air
// at the same times (all but the samples next to a touch-down or a
// lift-off), landing within 1 px of where the walk lands it, at the walk's
// speed (within 2 %).
func TestClipDerivesFootContacts(t *testing.T) {
	c, def, w, p0 := walkClip(t)
	if !c.Loop {
		t.Fatal("the recorded clip does not loop")
	}
	stride, period, duty := w.gait()
	L := stride * w.Amount()
	for _, leg := range []struct {
		limb string
		k    int
	}{{LimbLegNear, 0}, {LimbLegFar, 1}} {
		li := def.LimbIndex(leg.limb)
		agree, n, worstLand := 0, 0, 0.0
		for i := range 400 {
			tc := c.Duration * (float64(i) + 0.5) / 400
			ft, ok := c.FootTiming(def, li, tc)
			if !ok || !ft.Moving {
				t.Fatalf("%s: not timed at %v s", leg.limb, tc)
			}
			q := mod1(p0 + tc/period)
			if leg.k == 1 {
				q = mod1(q + 0.5)
			}
			swing := q >= duty
			n++
			if swing == ft.Swing {
				agree++
			}
			if swing && ft.Swing {
				worstLand = max(worstLand, math.Abs(ft.LandX-duty*L/2))
				if d := math.Abs(ft.LandX + ft.Travel - (duty*L/2 + (1-q)*L)); d > 1.5 {
					t.Errorf("%s at %.3f s: landing %.2f px from the walk's", leg.limb, tc, d)
				}
			}
		}
		ft, _ := c.FootTiming(def, li, 0)
		speed := ft.Stride / c.Duration
		t.Logf("%s: swing agrees with the walk's in %d of %d samples, landing ankle off by %.2f px at most, speed %.2f px/s (walk %.2f)", leg.limb, agree, n, worstLand, speed, L/period)
		if agree < n*95/100 || worstLand > 1 {
			t.Errorf("%s: swing agrees in %d of %d, landing off by %.2f px", leg.limb, agree, n, worstLand)
		}
		if math.Abs(speed-L/period) > 0.02*L/period {
			t.Errorf("%s: ground speed %.2f, want %.2f", leg.limb, speed, L/period)
		}
	}
	// A clip that does not loop, and limbs that do not step, are untimed.
	if _, ok := c.FootTiming(def, def.LimbIndex(LimbArmNear), 0.1); ok {
		if ft, _ := c.FootTiming(def, def.LimbIndex(LimbArmNear), 0.1); ft.Stride < 0 {
			t.Error("negative stride")
		}
	}
}

// A biped played by a walk clip (alone, in a Blend1D, in an AnimState)
// over level ground cut by trenches 20 px wide and 80 deep (wider than the
// sole) plants no sole's middle more than 1 px over a trench: the Grounder
// plans its steps from the clip's derived contacts. (A landing moved back
// off a pit by the drop rule puts half the sole on the ledge, its middle
// within the 2 px of the rule's search step of the edge, and the clip's
// landing is predicted within 1 px.) The old grounder planned only for a
// WalkCycle: these rigs planted 9 or 10 of 26 soles over the trenches.
func TestClipBipedPlansStepsOverTrenches(t *testing.T) {
	c, def, w, _ := walkClip(t)
	v := w.NominalSpeed()
	var trench [][2]float64
	for x := 160.0; x < 900; x += 53 {
		trench = append(trench, [2]float64{x, x + 20})
	}
	g := newTrenchGround(400, 80, trench...)
	sources := []struct {
		name string
		make func() PoseSource
	}{
		{"clip", func() PoseSource { return c }},
		{"Blend1D", func() PoseSource {
			b, err := NewBlend1D(def, BlendChild{Source: c, At: v, Speed: v})
			if err != nil {
				t.Fatal(err)
			}
			b.FollowSpeed = true
			return b
		}},
		{"AnimState", func() PoseSource {
			s, err := NewAnimState(def, 1)
			if err != nil {
				t.Fatal(err)
			}
			s.Play(0, c)
			return s
		}},
	}
	for _, src := range sources {
		for _, tps := range []float64{30, 60, 144} {
			r, _ := NewRig(def)
			r.Source = src.make()
			feet, err := NewGrounder(r, g.polyGround, BipedGrounderLegs()...)
			if err != nil {
				t.Fatal(err)
			}
			r.Add(feet)
			r.Teleport(mgl64.Vec2{100, 400})
			dt := 1 / tps
			var planted [2]bool
			over, stances := 0, 0
			for f := 0; r.Position[0] < 900; f++ {
				r.Position[0] += v * dt
				r.Update(dt)
				for i := range 2 {
					ld := feet.LegDef(i)
					ankle, _ := r.Joint(r.Limb(ld.Limb).Effector())
					on := feet.Leg(i).Planted && !feet.legs[i].swinging
					if on && !planted[i] && f > int(tps) {
						stances++
						if g.in(ankle[0]+(ld.Toe-ld.Heel)/2-1) >= 0 {
							over++
						}
					}
					planted[i] = on
				}
			}
			t.Logf("%s %v TPS: %d of %d stances planted over a trench", src.name, tps, over, stances)
			if stances < 20 {
				t.Fatalf("%s %v TPS: %d stances", src.name, tps, stances)
			}
			if over != 0 {
				t.Errorf("%s %v TPS: %d stances planted over a trench, want none", src.name, tps, over)
			}
		}
	}
}
