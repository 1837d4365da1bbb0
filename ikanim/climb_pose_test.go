package ikanim

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// bakeClimbClip records one cycle of the procedural climber at 40 px/s on
// a flat wall as a looping clip (RecordClip), after 2 s of climbing.
func bakeClimbClip(t *testing.T) (*Clip, *RigDef) {
	t.Helper()
	r, c := newClimbBiped(t, wallGround())
	c.Speed = 40
	dt := 1.0 / 60
	for f := 0; f < 120; f++ {
		r.Position[1] -= 40 * dt
		r.Update(dt)
	}
	period := num0(c.Stride, DefaultClimbStride) / 40
	spec, err := RecordClip(r, "climb", period, 48, true, func(dt float64) {
		r.Position[1] -= 40 * dt
		r.Update(dt)
	})
	if err != nil {
		t.Fatal(err)
	}
	clip, err := spec.Build(r.def)
	if err != nil {
		t.Fatal(err)
	}
	return clip, r.def
}

func num0(v, def float64) float64 {
	if v > 0 {
		return v
	}
	return def
}

// The article's climb: a climb clip drives the hands and feet
// (Climber.FromPose) and rays from behind each animated hand and foot put
// it on the wall. The clip here is one cycle of the procedural climber
// baked at 40 px/s (RecordClip); played on the same wall while the game
// climbs at 30 and at 55 px/s, the clip decides which limbs hold (each
// holds in about the cycle's Duty of the frames, as the clip was made),
// a holding hand or foot keeps its hold in the world (no slip, though the
// clip's own holds slide by the difference of the speeds), and holding
// effectors sit Offset off the wall.
func TestClimberFromPose(t *testing.T) {
	clip, def := bakeClimbClip(t)
	for _, speed := range []float64{30, 55} {
		r := mustRig(t, def)
		r.Position = mgl64.Vec2{265, 380}
		r.Source = clip
		// A wall taller than the climb (its top corner out of reach).
		c, err := NewBipedClimber(r, &polyGround{pts: []mgl64.Vec2{{0, 400}, {300, 400}, {300, -600}, {600, -600}}})
		if err != nil {
			t.Fatal(err)
		}
		c.FromPose = true
		c.Speed = speed
		r.Add(c)
		dt := 1.0 / 60
		held := make([]mgl64.Vec2, c.NumLimbs())
		was := make([]bool, c.NumLimbs())
		holds := make([]int, c.NumLimbs())
		starts := make([]int, c.NumLimbs())
		slip, gap, frames := 0.0, 0.0, 0
		for f := 0; f < 240; f++ {
			r.Position[1] -= speed * dt
			r.Update(dt)
			if f < 60 {
				continue // engaging
			}
			frames++
			for k := 0; k < c.NumLimbs(); k++ {
				l := c.Limb(k)
				if !l.Holding || l.Corner {
					was[k] = false
					continue
				}
				holds[k]++
				if !was[k] {
					held[k] = l.Point
					starts[k]++
				}
				was[k] = true
				slip = math.Max(slip, l.Point.Sub(held[k]).Len())
				// The target in front of the wall by Offset at least (a
				// toe or fingers pointing at it hold it further out).
				gap = math.Max(gap, l.Target[0]-(300-DefaultClimbOffset))
			}
		}
		t.Logf("%v px/s: holding frames per limb %v of %d, holds started %v; hold slip %.3g px, a holding target %.3g px nearer the wall than Offset", speed, holds, frames, starts, slip, gap)
		for k := range holds {
			share := float64(holds[k]) / float64(frames)
			if share < 0.6 || share > 0.9 || starts[k] < 2 {
				t.Errorf("%v px/s: limb %d held in %.2f of the frames, %d holds; want about the cycle's 0.75 and at least 2", speed, k, share, starts[k])
			}
		}
		if slip > 1e-6 {
			t.Errorf("%v px/s: a hold slid %.3g px, want 0", speed, slip)
		}
		if gap > 1e-9 {
			t.Errorf("%v px/s: a holding target %.3g px nearer the wall than Offset", speed, gap)
		}
	}
}
