package sim

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim"
	"github.com/ikanim/kit/ikanim/creature"
	"github.com/ikanim/kit/ikanim/quality"
	"github.com/ikanim/kit/terrain"
)

// The measuring shared by the scenes. Every figure comes from geometry of the
// meter's own (its own rays against the terrain, the rig's joints), never
// from what the controllers report about themselves.

// contactRange is how far above and below a planted sole the meter looks for
// the ground, px: a foot farther from any ground is over a gap.
const contactRange = 20.0

// rigFinite counts a NaN or Inf in any joint of r on m.
func rigFinite(m *quality.Meter, r *ikanim.Rig) {
	for i := 0; i < r.Def().NumBones(); i++ {
		a, b := r.Joint(i)
		m.Finite(a[0])
		m.Finite(a[1])
		m.Finite(b[0])
		m.Finite(b[1])
	}
}

// jointPops records the frame-to-frame change of every bone's local angle on
// m and returns the largest, radians, and its bone.
func jointPops(m *quality.Meter, r *ikanim.Rig, pops []quality.AngleDelta) (worst float64, bone int) {
	for i := range pops {
		d := pops[i].Step(r.LocalAngle(i))
		m.JointPop(d)
		if d > worst {
			worst, bone = d, i
		}
	}
	return worst, bone
}

// resetPops forgets the previous angles: a turn round or a teleport is a new
// pose, not a pop.
func resetPops(pops []quality.AngleDelta) {
	for i := range pops {
		pops[i] = quality.AngleDelta{}
	}
}

// limb is a two-bone limb of the biped as bone indices: the root bone, the
// middle bone and the effector (whose start joints are the root, middle and
// end joints).
type limb [3]int

func bipedLimb(def *ikanim.RigDef, root, mid, end string) limb {
	return limb{def.BoneIndex(root), def.BoneIndex(mid), def.BoneIndex(end)}
}

// Biped legs and arms, near and far.
func bipedLegNear(d *ikanim.RigDef) limb {
	return bipedLimb(d, ikanim.BoneThighNear, ikanim.BoneShinNear, ikanim.BoneFootNear)
}
func bipedLegFar(d *ikanim.RigDef) limb {
	return bipedLimb(d, ikanim.BoneThighFar, ikanim.BoneShinFar, ikanim.BoneFootFar)
}
func bipedArmNear(d *ikanim.RigDef) limb {
	return bipedLimb(d, ikanim.BoneUpperArmNear, ikanim.BoneForearmNear, ikanim.BoneHandNear)
}
func bipedArmFar(d *ikanim.RigDef) limb {
	return bipedLimb(d, ikanim.BoneUpperArmFar, ikanim.BoneForearmFar, ikanim.BoneHandFar)
}

// joints returns the limb's root, middle and end joints in world space.
func (l limb) joints(r *ikanim.Rig) (root, mid, end mgl64.Vec2) {
	root, _ = r.Joint(l[0])
	mid, _ = r.Joint(l[1])
	end, _ = r.Joint(l[2])
	return
}

// trackBend feeds the limb's bend side to b (a flip is counted on m).
func (l limb) trackBend(m *quality.Meter, r *ikanim.Rig, b *quality.Bend) {
	root, mid, end := l.joints(r)
	b.Track(m, root, mid, end, 0.5)
}

// solePoint is the world point of the sole x px along the foot from the
// ankle, ah px below the foot bone on the sole side.
func solePoint(r *ikanim.Rig, foot int, x, ah float64) mgl64.Vec2 {
	ankle, _ := r.Joint(foot)
	s, c := math.Sincos(r.BoneAngle(foot))
	side := ah
	if r.Facing == ikanim.FacingLeft {
		side = -ah
	}
	return mgl64.Vec2{ankle[0] + x*c - side*s, ankle[1] + x*s + side*c}
}

// soleGap returns the gap of a foot's lowest sole point above the ground,
// sampling the whole sole from heel to toe every 1 px or finer (a foot resting
// on a crest between its heel and toe touches there), from a vertical ray of
// the meter's own at each point (positive: floating, negative: sunk), and
// false when no ground is within contactRange of any of them.
func soleGap(w *terrain.World, r *ikanim.Rig, foot int, leg ikanim.LegDef) (gap float64, ok bool) {
	gap = math.Inf(1)
	n := max(2, int(math.Ceil(leg.Heel+leg.Toe))+1)
	for k := 0; k < n; k++ {
		x := -leg.Heel + (leg.Heel+leg.Toe)*float64(k)/float64(n-1)
		p := solePoint(r, foot, x, leg.AnkleHeight)
		if h := w.SurfaceBelow(p[0], p[1]-contactRange, p[1]+contactRange); h.OK {
			ok = true
			gap = math.Min(gap, h.Point[1]-p[1])
		}
	}
	return gap, ok
}

// legTrack follows the legs of one creature for the meter.
type legTrack struct {
	stance [creature.MaxLegs]quality.Stance
	bend   [creature.MaxLegs]quality.Bend
	facing float64
}

// measure records one frame of creature c: NaN in its pose, the slip of
// every stance, with bends the knee side of every planted leg that has a
// knee (a turn round and a step reset them: a knee may change sides only
// in the air), and with gap the contact gap of every planted
// foot (quality.GapAlong on ground).
func (t *legTrack) measure(m *quality.Meter, ground quality.Raycaster, c *creature.Creature, gap, bends bool) {
	if f := math.Copysign(1, c.Turn()); bends && f != t.facing {
		t.facing = f
		for i := range t.bend {
			t.bend[i].Reset()
		}
	}
	p := c.Position()
	m.Finite(p[0])
	m.Finite(p[1])
	legs := c.Def().Legs
	for i := 0; i < c.NumLegs(); i++ {
		l := c.Leg(i)
		m.Finite(l.Knee[0])
		m.Finite(l.Knee[1])
		m.Finite(l.Foot[0])
		m.Finite(l.Foot[1])
		t.stance[i].Track(m, l.Planted, l.Foot)
		switch {
		case bends && len(legs[i].Segments) <= 3 && l.Planted:
			t.bend[i].Track(m, l.Hip, l.Knee, l.Ankle, 1)
		case bends:
			// A swinging leg may turn its knee over to the side that is
			// free where it lands, through a straight leg (the creature
			// package's bend side): the side is held from touch-down
			// to lift-off.
			t.bend[i].Reset()
		}
		if gap && l.Planted {
			m.Contact(quality.GapAlong(ground, l.Foot, l.Normal))
		}
	}
}

// flush records the stances still in progress.
func (t *legTrack) flush(m *quality.Meter) {
	for i := range t.stance {
		t.stance[i].Flush(m)
	}
}
