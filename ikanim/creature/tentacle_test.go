package creature

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/quality"
)

// TestTentaclesStartAboveTheGround places the squid (4 tentacles of 10
// segments of 8 px, 80 px long, the hips 36 px above the ground) on flat
// ground: every tentacle must arch above the ground (no joint or segment
// more than 0.5 px inside, measured with quality.Solids on the test's own
// copy of the ground); from the rest pose, straight down, FABRIK folded
// the slack 10-17 px into the ground. Walking on for 10 s at 30, 60 and
// 144 TPS, the share of frames with a tentacle more than 0.5 px inside is
// logged and held below 50 % (100 % before the arch).
func TestTentaclesStartAboveTheGround(t *testing.T) {
	_, _, _, squid := creatureSceneKinds(t)
	w := creatureTestWorld(t, "flat")
	var sol quality.Solids
	sol.AddPolygon([]mgl64.Vec2{{-1000, sceneGroundY}, {5000, sceneGroundY}, {5000, sceneGroundY + 500}, {-1000, sceneGroundY + 500}})
	sol.Build()
	for _, tps := range []float64{30, 60, 144} {
		c, err := New(squid, mgl64.Vec2{300, sceneGroundY - squid.BodyHeight()}, w)
		if err != nil {
			t.Fatal(err)
		}
		var js []mgl64.Vec2
		deepest := func() float64 {
			d := 0.0
			for i := 0; i < c.NumLegs(); i++ {
				js = c.TentacleJoints(i, js)
				d = max(d, sol.ChainDepth(js, 0.5))
			}
			return d
		}
		if d := deepest(); d > 0.5 {
			t.Errorf("%.0f TPS: after New a tentacle is %.2f px inside the ground, want <= 0.5", tps, d)
		}
		c.SetMove(1)
		in, frames := 0, int(10*tps)
		for f := 0; f < frames; f++ {
			c.Update(1 / tps)
			if deepest() > 0.5 {
				in++
			}
		}
		share := 100 * float64(in) / float64(frames)
		t.Logf("%3.0f TPS: a tentacle inside the ground in %.1f %% of %d frames", tps, share, frames)
		if share > 50 {
			t.Errorf("%.0f TPS: a tentacle inside the ground in %.1f %% of frames, want <= 50", tps, share)
		}
	}
}

// TestTentaclesFanOut walks tentacle creatures of several shapes (arms,
// segments, segment lengths, with and without a Bend limit) on flat ground
// at 60 TPS and checks the fanned tentacles (fan.go): every planted tip on
// its foothold, every bone its length, no NaN, and logs and bounds the
// tentacle figures (loops: none; planted tentacles more than 8 px above
// the head: at most 10 % of frames, 0-5 % measured; joint pop, 23-40 % of
// frames above 15 deg, 63 % with a Bend limit).
func TestTentaclesFanOut(t *testing.T) {
	w := creatureTestWorld(t, "flat")
	for _, td := range []TentacleDef{
		{Name: "squid", Arms: 4, Segments: 10, SegmentLength: 8},
		{Name: "2x4", Arms: 2, Segments: 4, SegmentLength: 12},
		{Name: "6x6", Arms: 6, Segments: 6, SegmentLength: 10},
		{Name: "8x16", Arms: 8, Segments: 16, SegmentLength: 6},
		{Name: "squid-bend", Arms: 4, Segments: 10, SegmentLength: 8, Bend: 1},
	} {
		def, err := NewTentacleDef(td)
		if err != nil {
			t.Fatal(err)
		}
		c, err := New(def, mgl64.Vec2{300, sceneGroundY - def.BodyHeight()}, w)
		if err != nil {
			t.Fatal(err)
		}
		c.SetMove(1)
		var tf quality.Tentacles
		angles := make([]quality.JointAngles, c.NumLegs())
		joints := make([][]mgl64.Vec2, c.NumLegs())
		tip, length := 0.0, 0.0
		for f := 0; f < 360; f++ {
			c.Update(1.0 / 60)
			for i := range joints {
				joints[i] = c.TentacleJoints(i, joints[i])
				js := joints[i]
				for k := 1; k < len(js); k++ {
					length = math.Max(length, math.Abs(js[k].Sub(js[k-1]).Len()/td.SegmentLength-1))
				}
				if l := &c.legs[i]; l.state == legPlanted {
					tip = math.Max(tip, js[len(js)-1].Sub(l.foot).Len())
				}
			}
			courseTentacles(&tf, c, joints, angles)
		}
		pct := func(n int) float64 { return 100 * float64(n) / float64(tf.Frames()) }
		t.Logf("%-10s: tip off its foot %.3g px, bone length error %.2g, loops %.1f %%, tentacles crossed %.1f %%, planted above 8 px %.1f %% (max %.1f px), pop above 15 deg %.1f %% (max %.0f deg)",
			td.Name, tip, length, pct(tf.Loops()), pct(tf.Crossings()), pct(tf.RiseFrames()), tf.PlantedRiseMax(), pct(tf.PopFrames()), tf.JointPopMaxDeg())
		if !(tip <= 0.05) {
			t.Errorf("%s: a planted tip %.3g px off its foot, want <= 0.05", td.Name, tip)
		}
		if !(length <= 1e-9) {
			t.Errorf("%s: a bone's length off by %.2g relative, want <= 1e-9", td.Name, length)
		}
		if tf.Loops() != 0 {
			t.Errorf("%s: a tentacle crossed itself in %d frames, want 0", td.Name, tf.Loops())
		}
		if r := pct(tf.RiseFrames()); r > 10 {
			t.Errorf("%s: planted tentacles more than 8 px above the head in %.1f %% of frames, want <= 10", td.Name, r)
		}
	}
}

// fanFoldBound bounds the most folded chord of every interpolated profile
// (so fanAmp may skip computing it when the bound is shorter than the
// foot's distance): checked on a grid of warps for two tentacle kinds.
func TestFanFoldBound(t *testing.T) {
	for _, td := range []TentacleDef{
		{Name: "bench", Arms: 4, Segments: 10, SegmentLength: 10},
		{Name: "long", Arms: 2, Segments: 16, SegmentLength: 6},
	} {
		def, err := NewTentacleDef(td)
		if err != nil {
			t.Fatal(err)
		}
		ld := &def.legs[0]
		lens := tentacleLengths(ld)
		h := make([]float64, len(lens))
		for k := 0; k <= 1000; k++ {
			p := fanWarpMin + (1-fanWarpMin)*float64(k)/1000
			for _, s := range []float64{1, -1} {
				j, f := fanProfileTable(h, ld.fanTable, s, p)
				ex, ey, _, _ := fanChord(h, lens, ld.fanMax)
				if got, bound := math.Hypot(ex, ey), fanFoldBound(ld, j, f); got > bound {
					t.Fatalf("%s: warp %v side %v: folded chord %v, bound %v", td.Name, p, s, got, bound)
				}
			}
		}
	}
}
