package sim

import (
	"testing"
)

func newSwarm(t testing.TB, count int) *Swarm {
	t.Helper()
	s, err := NewSwarm(Art{}, count, 1)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestSwarmQuality runs the swarm scene as the demo does by default (1,000
// creatures, seed 1) for 5 s at 30, 60 and 144 TPS and holds the contact
// figures of QUALITY.md, NaN, and the falls: creatures that lose every
// foothold for 15 frames. Turning back at edges brought them from 414 to 11
// per 1,000 frames at 60 TPS (300 frames); the bound guards that gain.
func TestSwarmQuality(t *testing.T) {
	if testing.Short() {
		t.Skip("1,000 creatures for 5 s at three rates")
	}
	for _, tps := range []int{30, 60, 144} {
		s := newSwarm(t, 0)
		s.meter.TPS = float64(tps)
		dt := 1 / float64(tps)
		for f := 0; f < 5*tps; f++ {
			s.Step(dt)
		}
		s.Flush()
		m := &s.meter
		x := s.Extra()
		t.Logf("%3d TPS: gap mean %.3g max %.3g px, penetration %.3g px, slip %.3g px (%d stances), falls %v (%.1f per 1000 frames), respawns %v, NaN %d",
			tps, m.ContactGapMean(), m.ContactGapMax(), m.PenetrationMax(), m.FootSlipMax(), m.Stances(),
			x["falls"], x["falls_per_1000_frames"], x["respawns"], m.NaNs())
		if m.Stances() < 10000 {
			t.Errorf("%d TPS: only %d stances: the creatures hardly walk", tps, m.Stances())
		}
		if m.ContactGapMean() > 0.5 || m.ContactGapMax() > 1 {
			t.Errorf("%d TPS: contact gap mean %v max %v, want <= 0.5 and <= 1", tps, m.ContactGapMean(), m.ContactGapMax())
		}
		if m.PenetrationMax() > 0.5 {
			t.Errorf("%d TPS: penetration %v, want <= 0.5", tps, m.PenetrationMax())
		}
		if m.FootSlipMax() > 0.5 {
			t.Errorf("%d TPS: foot slip %v, want <= 0.5", tps, m.FootSlipMax())
		}
		if m.NaNs() != 0 {
			t.Errorf("%d TPS: %d NaN", tps, m.NaNs())
		}
		if f := x["falls_per_1000_frames"]; tps == 60 && f > 20 {
			t.Errorf("60 TPS: %.1f falls per 1000 frames, want <= 20 (was 414 before creatures turned back at edges)", f)
		}
	}
}

func TestSwarmSceneFrameDoesNotAllocate(t *testing.T) {
	s := newSwarm(t, 200)
	for f := 0; f < 60; f++ {
		s.Step(1.0 / 60)
	}
	if a := testing.AllocsPerRun(120, func() { s.Step(1.0 / 60) }); a != 0 {
		t.Errorf("a swarm scene frame (200 creatures, falls, metering) allocates %v times, want 0", a)
	}
}

// BenchmarkSwarmFrame times one frame of the swarm scene with 1,000
// creatures: steering, every creature's Update, the fall count and the
// metering (slip and NaN of every creature, the gap of one in eight); ns/op
// is the frame, ns/creature its share per creature.
func BenchmarkSwarmFrame(b *testing.B) {
	s := newSwarm(b, 1000)
	for f := 0; f < 60; f++ {
		s.Step(1.0 / 60)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.Step(1.0 / 60)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1000, "ns/creature")
}
