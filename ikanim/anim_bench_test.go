package ikanim

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// BenchmarkAnimStateCrossfade is one AnimState.Pose of the biped (15
// bones) during a crossfade on track 0 from the idle clip to the jog clip
// (both sampled, per-bone pop guard) with an upper-arm override layer
// (wave) and an additive layer (lean) on top. The pose source only: no
// IK, no FK.
func BenchmarkAnimStateCrossfade(b *testing.B) {
	def := newBiped(b).Def()
	c := newBipedClips(b, def)
	s, err := NewAnimState(def, 3)
	if err != nil {
		b.Fatal(err)
	}
	s.MaxBlendSpeed = 1e-9 // the crossfade never ends
	mask, _ := NewBoneMask(def, BoneUpperArmNear)
	s.Track(1).Mask = mask
	s.Track(2).Additive = true
	s.Play(0, c.idle)
	s.Play(1, c.wave)
	s.Play(2, c.lean)
	dst := make([]float64, def.NumBones())
	s.Pose(def, 0.01, dst)
	s.Play(0, c.run)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.Pose(def, 0.02+float64(i)*(1.0/60), dst)
	}
}

// BenchmarkBlend1D is one Blend1D.Pose of the biped's idle-walk-jog blend
// between the procedural WalkCycle and the jog clip (both children
// sampled and blended, phase advanced by stride). The pose source only.
func BenchmarkBlend1D(b *testing.B) {
	def := newBiped(b).Def()
	bl := locomotion(b, def, newBipedClips(b, def))
	bl.Drive(78)
	dst := make([]float64, def.NumBones())
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		bl.Pose(def, float64(i)*(1.0/60), dst)
	}
}

// BenchmarkRigUpdateAnimState is a whole biped frame driven by an
// AnimState: the idle-walk-jog Blend1D on track 0 with the wave layer on
// the near arm, keyed IK gathered (none keyed), both legs and the far arm
// solved by two-bone IK, the look-at, and the world transforms (no ground
// queries).
func BenchmarkRigUpdateAnimState(b *testing.B) {
	r := newBiped(b)
	def := r.Def()
	c := newBipedClips(b, def)
	s, err := NewAnimState(def, 2)
	if err != nil {
		b.Fatal(err)
	}
	mask, _ := NewBoneMask(def, BoneUpperArmNear)
	s.Track(1).Mask = mask
	s.Play(0, locomotion(b, def, c))
	s.Play(1, c.wave)
	r.Source = s
	limbs := []*Limb{r.MustLimb(LimbLegNear), r.MustLimb(LimbLegFar), r.MustLimb(LimbArmFar), r.MustLimb(LimbLook)}
	for _, l := range limbs {
		l.SetWeightNow(1)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r.Position[0] += 78.0 / 60
		for k, l := range limbs {
			l.Target = r.Position.Add(mgl64.Vec2{float64(10 * k), -8 - 30*float64(k&2)})
		}
		r.Update(1.0 / 60)
	}
}

// BenchmarkClipKeyIK samples a clip's keyed IK for the biped's five limbs:
// a world-space arm target on a Bezier curve with its weight, a mix and a
// bend track (the sampling only; the rig converts nothing else).
func BenchmarkClipKeyIK(b *testing.B) {
	r := newBiped(b)
	def := r.Def()
	c, err := ParseClip([]byte(`{"name":"k","duration":2,"loop":true,"ik":[
		{"limb":"arm.near","space":"world","target":[{"t":0,"x":210,"y":230,"curve":[0.25,0.1,0.25,1]},{"t":1,"x":230,"y":215},{"t":1.5,"x":215,"y":240}],
		 "weight":[{"t":0,"v":0},{"t":0.5,"v":1},{"t":1.8,"v":0}]},
		{"limb":"leg.near","mix":[{"t":0,"v":1},{"t":1,"v":0.5}],"bend":[{"t":0,"v":-1}]}]}`), def)
	if err != nil {
		b.Fatal(err)
	}
	keys := make([]LimbKey, def.NumLimbs())
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		c.KeyIK(r, float64(i&1023)*0.002, keys)
	}
}

// BenchmarkRigUpdateKeyedIK is a whole biped frame whose Source is a clip
// keying the near arm's target (Bezier, world space, weighted) on top of
// angle tracks: pose sampling, keyed IK, the arm solve composed with a
// controller's weight on the far arm, and the world transforms.
func BenchmarkRigUpdateKeyedIK(b *testing.B) {
	r := newBiped(b)
	def := r.Def()
	c, err := ParseClip([]byte(`{"name":"k","duration":2,"loop":true,
		"tracks":[{"bone":"head","keys":[{"t":0,"deg":0},{"t":1,"deg":10,"curve":"linear"}]},
		          {"bone":"torso","keys":[{"t":0,"deg":-90},{"t":1,"deg":-85,"curve":[0.42,0,0.58,1]}]}],
		"ik":[{"limb":"arm.near","space":"world","target":[{"t":0,"x":210,"y":230,"curve":[0.25,0.1,0.25,1]},{"t":1,"x":230,"y":215}],
		       "weight":[{"t":0,"v":0.5},{"t":1,"v":1}]},
		      {"limb":"arm.far","target":[{"t":0,"x":-10,"y":-70}]}]}`), def)
	if err != nil {
		b.Fatal(err)
	}
	r.Source = c
	far := r.MustLimb(LimbArmFar)
	far.SetWeightNow(0.5)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		far.Target = r.Position.Add(mgl64.Vec2{float64(i & 15), -80})
		r.Update(1.0 / 60)
	}
}

// BenchmarkSpringChain is one frame (1/60 s: two fixed 1/120 s steps) of
// an 8-joint spring chain with gravity and wind, colliding with a flat
// ground by rays (two per joint per step: the swept move, and a probe
// along gravity when that misses), and the pose laid out.
func BenchmarkSpringChain(b *testing.B) {
	c := newChain(b, flatGround(170), 8, 8)
	c.Gravity, c.Wind = mgl64.Vec2{0, 600}, mgl64.Vec2{60, 0}
	c.Radius = 2
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		tm := float64(i&1023) / 60
		c.Update(1.0/60, mgl64.Vec2{100 + 50*math.Sin(tm*4), 100}, 0.2*math.Sin(tm))
	}
}

// BenchmarkSpringChainAir is BenchmarkSpringChain without a ground: the
// two steps of the spring simulation and the layout only.
func BenchmarkSpringChainAir(b *testing.B) {
	c := newChain(b, nil, 8, 8)
	c.Gravity, c.Wind = mgl64.Vec2{0, 600}, mgl64.Vec2{60, 0}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		tm := float64(i&1023) / 60
		c.Update(1.0/60, mgl64.Vec2{100 + 50*math.Sin(tm*4), 100}, 0.2*math.Sin(tm))
	}
}

// BenchmarkRigUpdateSpringBones is a whole frame of a rig with a body bone
// and a five-bone tail under SpringBones (gravity, no ground): the rest
// pose, the spring chain's two 1/120 s steps, the write-back and the FK of
// the tail.
func BenchmarkRigUpdateSpringBones(b *testing.B) {
	r := tailRig(b)
	tail, err := NewSpringBones(r, nil, "tail0", "tail1", "tail2", "tail3", "tail4")
	if err != nil {
		b.Fatal(err)
	}
	tail.Gravity = mgl64.Vec2{0, 600}
	r.Add(tail)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r.Position[0] = 100 + 40*math.Sin(float64(i&1023)/20)
		r.Update(1.0 / 60)
	}
}
