package ikanim

import (
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// RecordClip keys every bone's final local angle: a walk recorded over one
// period and played back on a fresh rig gives the recorded angles at every
// key time (to 1e-9 rad), and the angles are unwrapped (no key more than
// pi from the last). Bad arguments are errors that name them.
func TestRecordClip(t *testing.T) {
	def, _ := NewBipedDef(BipedSizes{}, BipedSprites{})
	r := mustRig(t, def)
	w := &WalkCycle{}
	r.Source = w
	r.TimeScale = w.Drive(60)
	r.Position = mgl64.Vec2{100, 300}
	r.Update(0)
	_, period, _, _, _, _, _, _ := w.defaults()
	var want [][]float64
	snap := func() {
		a := make([]float64, def.NumBones())
		for b := range a {
			a[b] = r.LocalAngle(b)
		}
		want = append(want, a)
	}
	snap()
	const keys = 24
	spec, err := RecordClip(r, "walk", period, keys, true, func(dt float64) {
		r.Position[0] += 60 * dt
		r.Update(dt)
		snap()
	})
	if err != nil {
		t.Fatal(err)
	}
	clip, err := spec.Build(def)
	if err != nil {
		t.Fatal(err)
	}
	p := mustRig(t, def)
	p.Source = clip
	for k := 0; k <= keys; k++ {
		p.Time = period * float64(k) / keys
		if k == keys {
			p.Time = math.Nextafter(period, 0)
		}
		p.Update(0)
		for b := 0; b < def.NumBones(); b++ {
			if d := math.Abs(math.Remainder(p.LocalAngle(b)-want[k][b], 2*math.Pi)); d > 1e-6 {
				t.Fatalf("key %d bone %s: played %.9f, recorded %.9f", k, def.BoneDef(b).Name, p.LocalAngle(b), want[k][b])
			}
		}
	}
	for _, tr := range spec.Tracks {
		for i := 1; i < len(tr.Keys); i++ {
			if math.Abs(tr.Keys[i].Deg-tr.Keys[i-1].Deg) > 180 {
				t.Errorf("bone %s: keys %d and %d %.1f deg apart", tr.Bone, i-1, i, tr.Keys[i].Deg-tr.Keys[i-1].Deg)
			}
		}
	}
	for _, c := range []struct {
		dur  float64
		keys int
		want string
	}{{0, 4, "duration"}, {math.NaN(), 4, "duration"}, {1, 0, "keys"}} {
		if _, err := RecordClip(r, "x", c.dur, c.keys, false, func(float64) {}); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("duration %v keys %d: error %v, want one naming %s", c.dur, c.keys, err, c.want)
		}
	}
}
