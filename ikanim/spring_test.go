package ikanim

import (
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/ik"
	"github.com/ikanim/kit/ikanim/internal/num"
)

func newChain(t testing.TB, ground Ground, n int, length float64) *SpringChain {
	t.Helper()
	js := make([]SpringJoint, n)
	for i := range js {
		js[i] = SpringJoint{Length: length}
	}
	c, err := NewSpringChain(ground, js...)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// With nothing pulling it off its goal, a chain stays exactly on it.
func TestSpringChainRestsOnItsGoal(t *testing.T) {
	c := newChain(t, nil, 3, 10)
	c.SetGoal(1, math.Pi/2) // the second segment turns down
	for f := 0; f < 120; f++ {
		c.Update(1.0/60, mgl64.Vec2{5, 5}, 0)
	}
	for i, want := range []mgl64.Vec2{{5, 5}, {15, 5}, {15, 15}, {15, 25}} {
		if got := c.Joint(i); !near(got, want, 1e-9) {
			t.Errorf("joint %d at %v, want %v", i, got, want)
		}
	}
}

// A single springy segment under gravity settles where the spring's pull
// across the segment balances gravity's: with the goal along +x, length
// L, stiffness k and gravity g down, the tangential balance
// -k L sin(theta) + g cos(theta) = 0 gives tan(theta) = g / (k L).
func TestSpringChainSettlesWhereSpringMeetsGravity(t *testing.T) {
	for _, c := range []struct{ k, g, l float64 }{{150, 400, 20}, {60, 900, 12}, {500, 200, 30}} {
		ch := newChain(t, nil, 1, c.l)
		ch.Stiffness, ch.Gravity = c.k, mgl64.Vec2{0, c.g}
		for f := 0; f < 1200; f++ {
			ch.Update(1.0/60, mgl64.Vec2{}, 0)
		}
		want := math.Atan(c.g / (c.k * c.l))
		if got := ch.Angle(0); math.Abs(got-want) > 1e-6 {
			t.Errorf("k %v g %v L %v: settled at %v rad, want %v", c.k, c.g, c.l, got, want)
		}
	}
	// Almost no spring: it hangs straight down, whatever its goal.
	ch := newChain(t, nil, 4, 10)
	ch.Stiffness, ch.Damping, ch.Gravity = 1e-9, 4, mgl64.Vec2{0, 500}
	for f := 0; f < 1200; f++ {
		ch.Update(1.0/60, mgl64.Vec2{3, 4}, 0)
	}
	if got := ch.Joint(4); !near(got, mgl64.Vec2{3, 44}, 1e-3) {
		t.Errorf("limp chain's tip at %v, want (3, 44) straight below the root", got)
	}
}

// The root's path for the frame-rate test: a sway, a quick 60 px move at
// 1 s, a stop, and a turn of the base.
func springRoot(tm float64) (mgl64.Vec2, float64) {
	x := 200 + 40*math.Sin(2*math.Pi*tm/1.5)
	if tm > 1 {
		x += 60 * num.Smoothstep((tm-1)/0.2)
	}
	return mgl64.Vec2{x, 100}, 0.4 * num.Smoothstep((tm-2.5)/0.3)
}

// springRun samples the chain's tip every 1/6 s over 4 s at a rate.
func springRun(t testing.TB, tps float64, ground Ground) []mgl64.Vec2 {
	c := newChain(t, ground, 6, 10)
	c.Gravity, c.Wind = mgl64.Vec2{0, 300}, mgl64.Vec2{80, 0}
	c.Radius = 2
	var tips []mgl64.Vec2
	n := int(4 * tps)
	for f := 0; f <= n; f++ {
		tm := float64(f) / tps
		root, base := springRoot(tm)
		c.Update(1/tps, root, base)
		if f%int(tps/6) == 0 {
			tips = append(tips, c.Joint(6))
		}
	}
	return tips
}

// Fixed steps: 30, 60 and 144 TPS move the chain alike (within 10% of its
// swing), on open air and on a ground it drags over.
func TestSpringChainIsFrameRateIndependent(t *testing.T) {
	for _, g := range []struct {
		name   string
		ground Ground
	}{{"air", nil}, {"ground", flatGround(140)}} {
		ref := springRun(t, 144, g.ground)
		// The swing: the tip's largest distance from where the root is.
		swing := 0.0
		for i, p := range ref {
			root, _ := springRoot(float64(i) / 6)
			swing = math.Max(swing, p.Sub(root).Len())
		}
		for _, tps := range []float64{30, 60} {
			got := springRun(t, tps, g.ground)
			worst := 0.0
			for i := range ref {
				worst = math.Max(worst, got[i].Sub(ref[i]).Len())
			}
			t.Logf("%s: %v TPS vs 144: tip differs by at most %.3f px of a %.1f px swing (%.2f%%)", g.name, tps, worst, swing, 100*worst/swing)
			if worst > 0.1*swing {
				t.Errorf("%s: %v TPS differs from 144 TPS by %v px, more than 10%% of the %v px swing", g.name, tps, worst, swing)
			}
		}
	}
}

func TestSpringChainSurvivesTeleportsAndBadInput(t *testing.T) {
	c := newChain(t, flatGround(100), 5, 8)
	c.Gravity = mgl64.Vec2{0, 2000}
	c.Stiffness = 1e6 // stiff beyond any explicit step
	nan := math.NaN()
	resets := 0
	for f, in := range []struct {
		dt   float64
		root mgl64.Vec2
	}{
		{1.0 / 60, mgl64.Vec2{0, 0}},
		{1.0 / 60, mgl64.Vec2{1e5, -3e4}}, // teleport
		{1e9, mgl64.Vec2{1e5, -3e4}},      // a huge frame
		{nan, mgl64.Vec2{1e5 + 1, -3e4}},
		{1.0 / 60, mgl64.Vec2{nan, 0}},
		{-1, mgl64.Vec2{1e5, -3e4}},
		{math.Inf(1), mgl64.Vec2{1e5 + 30, -3e4}},
		{1.0 / 60, mgl64.Vec2{1e300, 1e300}},
	} {
		c.Update(in.dt, in.root, 0.3)
		for i := 0; i <= c.NumJoints(); i++ {
			if !num.FiniteVec(c.Joint(i)) {
				t.Fatalf("input %d: joint %d is %v", f, i, c.Joint(i))
			}
		}
		for i := 0; i < c.NumJoints(); i++ {
			if got := c.Joint(i + 1).Sub(c.Joint(i)).Len(); math.Abs(got-8) > 1e-9*math.Max(1, c.Joint(i).Len()) {
				t.Fatalf("input %d: segment %d is %v px, want 8", f, i, got)
			}
		}
		resets = c.Resets()
	}
	if resets < 3 { // the first Update, the teleport, the far jump
		t.Errorf("%d resets, want the teleports to reset", resets)
	}
}

// flatCaster is a floor at height y that also sweeps circles: a circle of
// radius r moving from a to b first touches the floor when its centre is
// r above it.
type flatCaster struct {
	polyGround
	y     float64
	casts int
}

func (g *flatCaster) CircleCast(from, to mgl64.Vec2, r float64) (point, normal mgl64.Vec2, fraction float64, ok bool) {
	g.casts++
	line := g.y - r
	if from[1] >= line {
		return mgl64.Vec2{from[0], g.y}, mgl64.Vec2{0, -1}, 0, true
	}
	if to[1] <= line {
		return point, normal, 0, false
	}
	f := (line - from[1]) / (to[1] - from[1])
	x := from[0] + f*(to[0]-from[0])
	return mgl64.Vec2{x, g.y}, mgl64.Vec2{0, -1}, f, true
}

// Joints do not go through the ground: with rays they stop on it (Radius
// off it), with a CircleCaster they keep Radius off it.
func TestSpringChainCollidesWithTheGround(t *testing.T) {
	caster := &flatCaster{polyGround: *flatGround(130), y: 130}
	for _, g := range []struct {
		name   string
		ground Ground
	}{{"rays", flatGround(130)}, {"circles", caster}} {
		c := newChain(t, g.ground, 8, 8)
		c.Gravity = mgl64.Vec2{0, 900}
		c.Stiffness = 20
		c.Radius = 3
		lowest := -math.MaxFloat64
		for f := 0; f < 600; f++ {
			tm := float64(f) / 60
			c.Update(1.0/60, mgl64.Vec2{200 + 60*math.Sin(tm*3), 100}, 0)
			for i := 1; i <= c.NumJoints(); i++ {
				lowest = math.Max(lowest, c.pos[i][1])
			}
		}
		t.Logf("%s: lowest simulated joint centre y = %.3f (floor at 130, radius 3)", g.name, lowest)
		if lowest > 130-3+1e-6 {
			t.Errorf("%s: a joint reached y = %v, below 127 (the floor at 130 less the radius 3)", g.name, lowest)
		}
		if lowest < 120 {
			t.Errorf("%s: the chain never reached the floor (lowest %v): the test shows nothing", g.name, lowest)
		}
	}
	if caster.casts == 0 {
		t.Error("the CircleCaster was never used")
	}
}

func TestSpringChainLimitsAndWeight(t *testing.T) {
	lim := ik.Limit{Min: -0.3, Max: 0.3, Enabled: true}
	// Held out level (base angle 0), a heavy limber chain sags onto its
	// limits, each joint 0.3 rad below the one before.
	c, err := NewSpringChain(nil, SpringJoint{Length: 10, Limit: lim}, SpringJoint{Length: 10, Limit: lim}, SpringJoint{Length: 10, Limit: lim})
	if err != nil {
		t.Fatal(err)
	}
	c.Gravity = mgl64.Vec2{0, 3000}
	c.Stiffness = 10
	for f := 0; f < 300; f++ {
		c.Update(1.0/60, mgl64.Vec2{}, 0)
		for i := 0; i < 3; i++ {
			if l := c.LocalAngle(i); l > 0.3+1e-9 || l < -0.3-1e-9 {
				t.Fatalf("frame %d: joint %d at %v rad, outside its +-0.3 limit", f, i, l)
			}
		}
	}
	if l := c.LocalAngle(2); math.Abs(l-0.3) > 1e-3 {
		t.Errorf("heavy chain's last joint at %v, want against its 0.3 limit", l)
	}
	// Mirrored and held out to the left (base pi), it sags down too: in
	// screen terms each joint turns the other way (counterclockwise), in
	// the chain's own terms it is the same +0.3 against the same limit.
	c.Mirror = true
	for f := 0; f < 300; f++ {
		c.Update(1.0/60, mgl64.Vec2{}, math.Pi)
	}
	if l := c.LocalAngle(2); math.Abs(l-0.3) > 1e-3 || c.Joint(3)[1] < 10 {
		t.Errorf("mirrored heavy chain's last joint at %v, tip %v; want +0.3 and the tip sagging below the root", l, c.Joint(3))
	}
	// Weight 0 shows the goal pose; 0.5 halfway in local angles.
	sim := c.LocalAngle(1)
	c.SetWeight(0)
	c.Update(1.0/60, mgl64.Vec2{}, math.Pi)
	if got := c.LocalAngle(1); math.Abs(got) > 1e-12 {
		t.Errorf("weight 0: local %v, want the goal 0", got)
	}
	c.SetWeight(0.5)
	c.Update(0, mgl64.Vec2{}, math.Pi)
	if got := c.LocalAngle(1); math.Abs(got-0.5*sim) > 1e-9 {
		t.Errorf("weight 0.5: local %v, want %v", got, 0.5*sim)
	}
	for _, js := range [][]SpringJoint{nil, {{Length: 0}}, {{Length: 1, Rest: math.NaN()}}, {{Length: 1, Stiffness: -1}}, {{Length: 1, Limit: ik.Limit{Min: 1, Max: 0, Enabled: true}}}} {
		if _, err := NewSpringChain(nil, js...); err == nil {
			t.Errorf("NewSpringChain(%+v) accepted", js)
		}
	}
}

func TestSpringChainDoesNotAllocate(t *testing.T) {
	c := newChain(t, flatGround(150), 8, 8)
	c.Gravity = mgl64.Vec2{0, 600}
	tm := 0.0
	if n := testing.AllocsPerRun(300, func() {
		tm += 1.0 / 60
		c.Update(1.0/60, mgl64.Vec2{100 + 50*math.Sin(tm*4), 100}, 0.2*math.Sin(tm))
	}); n != 0 {
		t.Errorf("SpringChain.Update allocates %v times", n)
	}
}

// tailRig is a body bone with a five-bone tail hanging from its start.
func tailRig(t testing.TB) *Rig {
	t.Helper()
	bones := []BoneDef{{Name: "body", Parent: -1, Attach: mgl64.Vec2{0, -40}, Length: 30}}
	for i := 0; i < 5; i++ {
		b := BoneDef{Name: "tail" + string(rune('0'+i)), Parent: i, Length: 8, Rest: 0.15}
		if i == 0 {
			b.Rest = math.Pi - 0.4 // backward and down from the body's start
		} else {
			b.Attach = mgl64.Vec2{8, 0}
		}
		bones = append(bones, b)
	}
	def, err := NewRigDef(bones, nil)
	if err != nil {
		t.Fatal(err)
	}
	return mustRig(t, def)
}

func TestSpringBonesOnARig(t *testing.T) {
	for _, facing := range []Facing{FacingRight, FacingLeft} {
		r := tailRig(t)
		r.Facing = facing
		r.Position = mgl64.Vec2{100, 200}
		tail, err := NewSpringBones(r, nil, "tail0", "tail1", "tail2", "tail3", "tail4")
		if err != nil {
			t.Fatal(err)
		}
		r.Add(tail)
		r.Update(1.0 / 60)
		// At rest and without gravity the tail shows its animated pose.
		for i := 1; i <= 5; i++ {
			s, e := r.Joint(i)
			as, ae := r.AnimatedJoint(i)
			if !near(s, as, 1e-9) || !near(e, ae, 1e-9) {
				t.Fatalf("facing %v: bone %d at %v..%v, want the animated %v..%v", facing, i, s, e, as, ae)
			}
		}
		// Setting off forward, the tail swings off its animated place,
		// and every bone keeps its length and its joint.
		lag := 0.0
		for f := 0; f < 40; f++ {
			r.Position[0] += facing.Sign() * 4
			r.Update(1.0 / 60)
			_, tip := r.Joint(5)
			_, atip := r.AnimatedJoint(5)
			lag = math.Max(lag, tip.Sub(atip).Len())
			for i := 1; i <= 5; i++ {
				s, e := r.Joint(i)
				if math.Abs(e.Sub(s).Len()-8) > 1e-9 {
					t.Fatalf("bone %d is %v px long", i, e.Sub(s).Len())
				}
				if i > 1 {
					if _, pe := r.Joint(i - 1); !near(pe, s, 1e-9) {
						t.Fatalf("bone %d starts at %v, not at its parent's end %v", i, s, pe)
					}
				}
			}
		}
		t.Logf("facing %v: setting off at 240 px/s, the tail tip swings up to %.2f px off its animated place", facing, lag)
		if lag < 2 {
			t.Errorf("facing %v: the tail tip swings only %v px", facing, lag)
		}
		if n := testing.AllocsPerRun(100, func() { r.Position[0] += 1; r.Update(1.0 / 60) }); n != 0 {
			t.Errorf("Rig.Update with SpringBones allocates %v times", n)
		}
	}
	r := tailRig(t)
	for _, c := range []struct {
		bones []string
		want  string
	}{
		{nil, "no bones"},
		{[]string{"tail0", "nope"}, `bones[1] "nope" is not a bone`},
		{[]string{"tail0", "tail2"}, `bones[1] "tail2" is not the child of "tail0"`},
		{[]string{"body", "tail0"}, `bones[1] "tail0" is attached at`},
	} {
		if _, err := NewSpringBones(r, nil, c.bones...); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("NewSpringBones(%v) error %v, want %q", c.bones, err, c.want)
		}
	}
	b := newBiped(t)
	if _, err := NewSpringBones(b, nil, BoneThighNear); err == nil || !strings.Contains(err.Error(), `belongs to limb "leg.near"`) {
		t.Errorf("a limb's bone as a spring: error %v", err)
	}
}

func TestSpringChainIsDeterministic(t *testing.T) {
	run := func() []float64 {
		var out []float64
		for _, tps := range []float64{30, 60, 144} {
			tips := springRun(t, tps, flatGround(140))
			for _, p := range tips {
				out = append(out, p[0], p[1])
			}
		}
		return out
	}
	a, b := run(), run()
	for i := range a {
		if math.Float64bits(a[i]) != math.Float64bits(b[i]) {
			t.Fatalf("value %d differs between identical runs: %v vs %v", i, a[i], b[i])
		}
	}
}
