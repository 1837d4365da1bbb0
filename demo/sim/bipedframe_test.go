package sim

import (
	"runtime"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim"
)

// bipedFrame is BENCH.md's grounded biped: the README's setup (the biped
// template with default sizes, a WalkCycle paced by the move, a
// GroundFollower with Probe 24 and a Grounder with default settings on the
// biped's legs) on the walk scene's level, with the head looking ahead.
type bipedFrame struct {
	rig  *ikanim.Rig
	look *ikanim.Limb
	patrol
}

func newBipedFrame(tb testing.TB) *bipedFrame {
	tb.Helper()
	world, _, _, err := level("walk.json")
	if err != nil {
		tb.Fatal(err)
	}
	def, err := ikanim.NewBipedDef(ikanim.BipedSizes{}, ikanim.BipedSprites{})
	if err != nil {
		tb.Fatal(err)
	}
	r, err := ikanim.NewRig(def)
	if err != nil {
		tb.Fatal(err)
	}
	r.Source = &ikanim.WalkCycle{}
	follow, err := ikanim.NewGroundFollower(r, world)
	if err != nil {
		tb.Fatal(err)
	}
	follow.Probe = 24
	feet, err := ikanim.NewGrounder(r, world, ikanim.BipedGrounderLegs()...)
	if err != nil {
		tb.Fatal(err)
	}
	r.Add(follow, feet)
	r.Teleport(mgl64.Vec2{WalkStartX, walkStartY})
	look := r.MustLimb(ikanim.LimbLook)
	look.SetWeightNow(1)
	return &bipedFrame{rig: r, look: look, patrol: patrol{dir: 1}}
}

// step is one frame: the game's move of Position, the head's target 200 px
// ahead and 40 px above the body, and one Rig.Update.
func (s *bipedFrame) step(dt float64) {
	s.move(s.rig, WalkSpeed, WalkStartX, WalkEndX, dt)
	s.look.Target = s.rig.Position.Add(mgl64.Vec2{200 * s.rig.Facing.Sign(), -40})
	s.rig.Update(dt)
}

// BenchmarkBipedFrame times BENCH.md's grounded biped frame: the README's
// setup (NewBipedDef with default sizes, a WalkCycle paced by the move, a
// GroundFollower with Probe 24, a Grounder with default settings on
// BipedGrounderLegs) walking back and forth at 60 px/s over the walk
// scene's level (assets/levels/walk.json: slopes, 16 px stairs, a sawtooth,
// a gap), the head looking at a point ahead. One op is one 1/60 s frame:
// the game's move of Position and one Rig.Update, which is everything the
// frame needs before drawing: the follower's ray (and its headroom rays
// every 1/30 s), the grounder's whole-sole rays and swing planning, the
// walk cycle, both legs and both arms solved (knees and elbows), the
// head's look-at, world transforms. The walk
// scene's character also wears a scarf of spring bones colliding with the
// ground, which BENCH.md's workload does not name: BenchmarkGroundedBiped
// times that scene's frame. On Linux it also reports the CPU time of the
// benchmark's thread per op (cpu-ns/op: the wall time ns/op also counts the
// time the thread waited for a core on a busy machine).
func BenchmarkBipedFrame(b *testing.B) {
	s := newBipedFrame(b)
	for range 120 { // onto the first slope
		s.step(1.0 / 60)
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	b.ReportAllocs()
	b.ResetTimer()
	c0, cpuOK := threadCPU()
	n := 0
	for ; b.Loop(); n++ {
		s.step(1.0 / 60)
	}
	if c1, ok := threadCPU(); cpuOK && ok && n > 0 {
		b.ReportMetric(float64(c1-c0)/float64(n), "cpu-ns/op")
	}
}

// The frame BenchmarkBipedFrame times allocates nothing, and the character
// walks the level's whole course (the benchmark times a real walk, not a
// character stuck at its start).
func TestBipedFrameWalksWithoutAllocating(t *testing.T) {
	s := newBipedFrame(t)
	maxX := s.rig.Position[0]
	for range int((WalkEndX - WalkStartX) / WalkSpeed * 60) {
		s.step(1.0 / 60)
		maxX = max(maxX, s.rig.Position[0])
	}
	if maxX < WalkEndX-1 {
		t.Errorf("the biped got to x = %.1f, want the course's end %.1f", maxX, WalkEndX)
	}
	if a := testing.AllocsPerRun(200, func() { s.step(1.0 / 60) }); a != 0 {
		t.Errorf("a grounded biped frame allocates %v times, want 0", a)
	}
}
