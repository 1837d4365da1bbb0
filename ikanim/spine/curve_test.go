package spine

import (
	"math"
	"testing"
)

// Spine's three curves between keys, the value before the first key (the
// setup value) and after the last, and jumps at equal key times.
func TestTrackCurves(t *testing.T) {
	tr := &track{keys: []key{
		{t: 0.5, v: 10},                    // linear to the next
		{t: 1, v: 20, curve: curveStepped}, // held until 2
		{t: 2, v: -4, curve: curveBezier, cx1: 2.25, cy1: -4, cx2: 2.75, cy2: 4}, // ease to (3, 4)
		{t: 3, v: 4},
		{t: 3, v: 8}, // a jump at t=3
	}}
	for _, c := range []struct{ t, want float64 }{
		{0, 99}, {0.49, 99}, // before the first key: the setup value given
		{0.5, 10}, {0.75, 15}, {1, 20}, // linear
		{1.5, 20}, {1.999, 20}, // stepped
		{2, -4}, {2.5, 0}, // the symmetric ease passes its middle at the middle
		{3, 8}, {4, 8}, // the later of two keys at one time; held after the last
	} {
		if got := tr.at(c.t, 99); math.Abs(got-c.want) > 1e-9 {
			t.Errorf("at(%v) = %v, want %v", c.t, got, c.want)
		}
	}
	// An ease: slow at both ends.
	if v := tr.at(2.1, 99); !(v > -4 && v < -4+0.8*0.1*8) {
		t.Errorf("at(2.1) = %v, want a slow start above -4", v)
	}
	// Control points outside the segment's time are clamped into it, so
	// the curve's time stays monotonic and the value finite.
	if v := bezierAt(0, 0, -5, 1, 9, 1, 1, 1, 0.5); math.IsNaN(v) || v < 0 || v > 1 {
		t.Errorf("clamped Bezier at 0.5 = %v", v)
	}
}

// Bake times: every key time, the ends, equal steps of at most 1/rate,
// strictly increasing.
func TestSampleTimes(t *testing.T) {
	ts := sampleTimes([]float64{0, 0.25, 0.25, 0.7, 1.3}, 1, 10)
	if ts[0] != 0 || ts[len(ts)-1] != 1 {
		t.Fatalf("ends %v", ts)
	}
	has := map[float64]bool{}
	for i, x := range ts {
		has[x] = true
		if i > 0 && (x <= ts[i-1] || x-ts[i-1] > 0.1+1e-12) {
			t.Errorf("step %d: %v after %v", i, x, ts[i-1])
		}
	}
	for _, k := range []float64{0.25, 0.7} {
		if !has[k] {
			t.Errorf("key time %v not sampled: %v", k, ts)
		}
	}
}

// unsmooth inverts the limb's smoothstep.
func TestUnsmooth(t *testing.T) {
	for _, w := range []float64{0, 0.1, 0.25, 0.5, 0.6667, 0.9, 1} {
		u := unsmooth(w)
		if got := u * u * (3 - 2*u); math.Abs(got-w) > 1e-12 {
			t.Errorf("smoothstep(unsmooth(%v)) = %v", w, got)
		}
	}
}
