package sim

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ikanim/kit/assets/rigs"
)

func newRigs(t testing.TB, path string) *Rigs {
	t.Helper()
	s, err := NewRigs(Art{}, path)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// The Spine files import with what they skip listed, the tail takes
// springs, and the rig file loads once.
func TestRigsImport(t *testing.T) {
	s := newRigs(t, "")
	if n := len(s.Spine.Skeleton.Skipped); n != 3 {
		t.Errorf("spine-biped.json: %d skipped notes, want 3: %q", n, s.Spine.Skeleton.Skipped)
	}
	if s.Tail.Springs == nil {
		t.Error("spine-tail.json: no springs on the tail's bones")
	}
	if s.File.Loads != 1 || s.File.Err != nil || s.File.Grounder == nil {
		t.Errorf("biped.rig.json: %d loads, error %v, grounder %v; want 1 load, no error, a grounder", s.File.Loads, s.File.Err, s.File.Grounder != nil)
	}
}

// runRigs runs the rigs scene for secs seconds at tps, switching the
// Spine biped's mode every third of the run.
func runRigs(t testing.TB, tps int, secs float64) *Rigs {
	s := newRigs(t, "")
	s.meter.TPS = float64(tps)
	dt := 1 / float64(tps)
	n := int(math.Round(secs * float64(tps)))
	for f := 0; f < n; f++ {
		if f > 0 && f%(n/3) == 0 {
			s.NextSpineMode()
		}
		s.Step(dt)
	}
	s.Flush()
	return s
}

// The rig file's humanoid walks its bump as the walk scene's does; the Spine
// biped, walking its clip over the step with its targets laid on the
// ground, keeps its soles on it.
func TestRigsSceneQuality(t *testing.T) {
	for _, tps := range []int{30, 60, 144} {
		s := runRigs(t, tps, 30)
		m := &s.meter
		t.Logf("%3d TPS: rig file humanoid: gap mean %.3g max %.3g px, penetration %.3g px, slip %.4f px (%d stances), body pop %.3f px/frame, joint pop %.2f deg/frame, bend flips %d; NaN %d (all rigs)",
			tps, m.ContactGapMean(), m.ContactGapMax(), m.PenetrationMax(), m.FootSlipMax(), m.Stances(), m.BodyPopMax(), m.JointPopMaxDeg(), m.BendFlips(), m.NaNs())
		if m.ContactGapMax() > 1 || m.PenetrationMax() > 0.5 || m.FootSlipMax() > 0.5 || m.BendFlips() != 0 || m.NaNs() != 0 {
			t.Errorf("%d TPS: gap max %v, penetration %v, slip %v, bend flips %d, NaN %d; want <= 1, 0.5, 0.5, 0, 0",
				tps, m.ContactGapMax(), m.PenetrationMax(), m.FootSlipMax(), m.BendFlips(), m.NaNs())
		}
	}
}

// Over the step, the Spine biped's feet stand on the ground under them:
// no sole (3 px under its foot bone, at the ankle) sinks below the surface
// in any mode while its leg is on IK (the walk keys the back leg's mix to
// 0.5 for its last quarter: half its animated pose then, which knows no
// ground), and on the Grounder every sole is within 1.5 px of it.
func TestSpineBipedOnTheGround(t *testing.T) {
	for mode := SpineWalk; mode < numSpineModes; mode++ {
		s := newRigs(t, "")
		s.Spine.SetMode(mode)
		b := s.Spine
		worst, lowered := 0.0, 0.0
		for f := 0; f < 60*18; f++ { // over the step and the slope, and back
			s.Step(1.0 / 60)
			if f < 30 {
				continue // settling
			}
			lowered = math.Max(lowered, b.Rig.BodyOffset[1])
			for k, name := range []string{"foot.back", "foot.front"} {
				if b.legs[k].AppliedWeight() < 0.95 {
					continue
				}
				i := b.Rig.Def().BoneIndex(name)
				ankle, _ := b.Rig.Joint(i)
				sole := ankle.Add(b.Rig.UpVector().Mul(-3))
				h := s.World.SurfaceBelow(sole[0], sole[1]-30, sole[1]+30)
				if !h.OK {
					t.Fatalf("%v: no ground under %s at %v", mode, name, sole)
				}
				// The walk lifts a foot up to 10 px: measure planted feet,
				// those within 2 px, and no foot may sink.
				gap := h.Point[1] - sole[1]
				if gap < -0.5 {
					t.Errorf("%v frame %d: %s sunk %.2f px at x %.1f", mode, f, name, -gap, sole[0])
				}
				if mode == SpineGrounded {
					worst = math.Max(worst, math.Abs(gap))
				}
			}
		}
		t.Logf("%v: grounded gap max %.3f px, body lowered up to %.1f px", mode, worst, lowered)
		if mode == SpineGrounded && worst > 1.5 {
			t.Errorf("%v: a sole %.2f px off the ground, want <= 1.5", mode, worst)
		}
	}
}

// A rig file that changes on disk is reloaded within a poll; a bad one
// leaves the rig as it was and says why; fixing it loads it again.
func TestRigFileReloads(t *testing.T) {
	sample, err := os.ReadFile("../../assets/rigs/biped.rig.json")
	if err != nil {
		sample, err = readEmbedded()
		if err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(t.TempDir(), "hero.rig.json")
	if err := os.WriteFile(path, sample, 0o644); err != nil {
		t.Fatal(err)
	}
	s := newRigs(t, path)
	step := func(secs float64) {
		for i := 0; i < int(secs*60); i++ {
			s.Step(1.0 / 60)
		}
	}
	step(0.5)
	first := s.File.Rig
	torso := func() float64 { return s.File.Rig.Def().BoneDef(0).Length }
	if s.File.Loads != 1 || torso() != 40 {
		t.Fatalf("loads %d, torso %v: want 1 and 40", s.File.Loads, torso())
	}
	touch := func(data []byte) {
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		// A modification time the watch sees as new even on coarse clocks.
		later := time.Now().Add(time.Duration(s.File.Loads+2) * time.Second)
		os.Chtimes(path, later, later)
	}
	touch([]byte(strings.Replace(string(sample), `"length": 40`, `"length": 52`, 1)))
	step(RigsPoll + 0.05)
	if s.File.Loads != 2 || torso() != 52 || s.File.Err != nil {
		t.Fatalf("after the edit: loads %d, torso %v, error %v; want 2, 52, none", s.File.Loads, torso(), s.File.Err)
	}
	if s.File.Rig == first || s.File.Rig.Position[0] == 0 {
		t.Error("the reload did not make a new rig where the old one stood")
	}
	kept := s.File.Rig
	touch([]byte(`{"bones": [{"name": "torso", "length": -3}]}`))
	step(RigsPoll + 0.05)
	if s.File.Rig != kept || s.File.Err == nil || !strings.Contains(s.File.Err.Error(), "bones[0].length") {
		t.Fatalf("after a bad edit: rig kept %v, error %v; want the old rig and an error naming bones[0].length", s.File.Rig == kept, s.File.Err)
	}
	step(1) // the old rig walks on
	touch(sample)
	step(RigsPoll + 0.05)
	if s.File.Loads != 3 || s.File.Err != nil || torso() != 40 {
		t.Errorf("after the fix: loads %d, error %v, torso %v; want 3, none, 40", s.File.Loads, s.File.Err, torso())
	}
	if s.meter.NaNs() != 0 {
		t.Errorf("NaN %d, want 0", s.meter.NaNs())
	}
}

func readEmbedded() ([]byte, error) {
	f, err := rigs.FS().Open("biped.rig.json")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var b strings.Builder
	buf := make([]byte, 4096)
	for {
		n, err := f.Read(buf)
		b.Write(buf[:n])
		if err != nil {
			break
		}
	}
	return []byte(b.String()), nil
}

func TestRigsFrameDoesNotAllocate(t *testing.T) {
	s := newRigs(t, "")
	for i := 0; i < 120; i++ {
		s.Step(1.0 / 60)
	}
	// Between polls: a poll stats the file, which allocates, every
	// RigsPoll seconds.
	if a := testing.AllocsPerRun(100, func() { s.poll = 0; s.Step(1.0 / 60) }); a != 0 {
		t.Errorf("a rigs frame between polls allocates %v times, want 0", a)
	}
}
