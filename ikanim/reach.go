// Reaching: a hand reaches for a point, the body crouches when it is low.
//
// Derivation. In the character frame (y down) let S be the arm's shoulder
// with the body offset of the controllers before this one, T the target and
// k*R the comfortable reach (R the arm's full reach, k = ReachFraction). The
// body goes down by c >= 0 along up, which moves the shoulder to S + (0, c);
// the target is within k*R when dx^2 + (dy - c)^2 <= (kR)^2 with
// (dx, dy) = T - S, that is for c >= dy - sqrt((kR)^2 - dx^2) (when
// |dx| < kR; otherwise no crouch helps and c = MaxCrouch). The crouch is that
// bound clamped to [0, MaxCrouch], scaled by the arm's current weight so it
// blends in and out with the reach, and smoothed with 1-exp(-CrouchSpeed*dt).
// The arm's weight follows Active through the limb's FadeIn and FadeOut, and
// the hand's target goes from where the hand was when the reach began to the
// object along a smoothstep over Duration (its rotation likewise, the shorter
// way round), so taking the arm over from another controller (an Aimer's
// support hand) does not jump.
//
// Soft reach limit. The crouch lags the hand (it is smoothed), so on its way
// the hand's target P can be beyond kR from the shoulder S while the body is
// still going down. Near full extension the elbow angle C of a two-bone arm
// (cos C = (u^2 + l^2 - d^2) / (2ul), d = |P - S|) turns at
// dC/dd = d / (ul sin C), which grows without bound as d -> u + l: a target
// sliding out to full reach straightens the elbow in a frame or two. While
// crouching is on and kR < R, the target's distance is therefore mapped
// through
//
//	d' = d                                  for d <= kR
//	d' = kR + m (1 - exp(-(d - kR) / m))   for d > kR, m = R - kR,
//
// which is continuous with slope 1 at kR and approaches R without reaching
// it: the elbow straightens only as fast as the crouch brings the object in,
// and once the crouch has settled (d = kR) the target is the object exactly.

package ikanim

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/internal/num"
)

// Reacher defaults (used when the field is zero).
const (
	DefaultReachFraction = 0.9  // share of the arm's reach used before crouching
	DefaultMaxCrouch     = 40.0 // px
	DefaultCrouchSpeed   = 8.0  // 1/s
	DefaultReachTol      = 0.5  // px, for Reached
)

// Reacher is a Controller that sends a hand to a point (picking an object
// up): while Active the arm's weight rises over the limb's FadeIn, and falls
// over its FadeOut when Active is cleared; if the point is too low for the
// arm, the body crouches (rig.BodyOffset along up). It writes the arm's
// weight, target and hand rotation only while Active (and sets the weight to
// 0 once when Active is cleared), so add it after another controller that
// uses the same arm (an Aimer) to take the arm over for the reach. Build it
// with NewReacher and add it to the rig; its Update does not allocate.
type Reacher struct {
	// Target is the world point the hand reaches for.
	Target mgl64.Vec2
	// Active starts (true) or ends (false) the reach.
	Active bool
	// ReachFraction is the share of the arm's full reach used before the
	// body crouches, in (0,1] (default 0.9).
	ReachFraction float64
	// MaxCrouch bounds the crouch, px (default 40); NoCrouch turns it off.
	MaxCrouch float64
	NoCrouch  bool
	// CrouchSpeed is the crouch smoothing rate, 1/s (default 8).
	CrouchSpeed float64
	// Duration is the time the hand takes from where it was when the reach
	// began to the target, s (default 0: the arm's FadeIn). Letting go
	// takes the arm's FadeOut.
	Duration float64
	// HandAngle, when UseHandAngle, is the hand's world angle while reaching
	// (e.g. pointing down at an object on the floor); otherwise the hand
	// keeps its animated angle.
	HandAngle    float64
	UseHandAngle bool

	rig     *Rig
	def     *RigDef
	limb    int
	upper   int
	crouch  float64 // px down, current
	applied float64 // BodyOffset.y this reacher added last frame
	owns    bool    // the reacher drives the arm
	blend   float64 // the reach's own linear blend in [0,1], following Active over the arm's fades
	from    mgl64.Vec2
	fromRot float64
}

// NewReacher builds a reacher for rigs of def on the named two-bone arm.
func NewReacher(rig *Rig, arm string) (*Reacher, error) {
	if rig == nil {
		return nil, fmt.Errorf("ikanim: NewReacher: rig is nil")
	}
	def := rig.def
	li := def.LimbIndex(arm)
	if li < 0 {
		return nil, fmt.Errorf("ikanim: NewReacher: arm: %q is not a limb of the rig", arm)
	}
	return &Reacher{rig: rig, def: def, limb: li, upper: def.limbs[li].bones[0]}, nil
}

// Crouch returns the current crouch, px.
func (c *Reacher) Crouch() float64 { return c.crouch }

// Weight returns the reach's current blend weight in [0,1]: it follows
// Active over Duration (default the arm's FadeIn) and the arm's FadeOut with
// a smoothstep.
func (c *Reacher) Weight() float64 { return num.Smoothstep(c.blend) }

// Reached reports whether, after the last Update, the hand (the chain's end)
// was within 0.5 px of Target with the reach fully blended in.
func (c *Reacher) Reached() bool {
	r := c.rig
	l := &r.limbs[c.limb]
	if l.CurrentWeight() < 1 {
		return false
	}
	_, end := r.Joint(r.def.limbs[c.limb].bones[1])
	return end.Sub(c.Target).Len() <= DefaultReachTol
}

// Stage implements Controller: a reacher runs after the pose source.
func (c *Reacher) Stage() Stage { return StageControl }

// Update implements Controller (the rig calls it).
func (c *Reacher) Update(dt float64) {
	r := c.rig
	l := &r.limbs[c.limb]
	// The reach's own blend, the arm's fade without another controller's
	// weight (an Aimer's) on the same arm.
	ld := &r.def.limbs[c.limb]
	in := ld.FadeIn
	if c.Duration > 0 && num.Finite(c.Duration) {
		in = c.Duration
	}
	if c.Active && num.FiniteVec(c.Target) {
		if in > 0 {
			c.blend = math.Min(1, c.blend+dt/in)
		} else {
			c.blend = 1
		}
	} else if ld.FadeOut > 0 {
		c.blend = math.Max(0, c.blend-dt/ld.FadeOut)
	} else {
		c.blend = 0
	}
	// Crouch toward what the reach needs, weighted by the reach's blend.
	want := 0.0
	R := r.def.limbs[c.limb].chain.Reach()
	kR := math.Min(num.Or(c.ReachFraction, DefaultReachFraction), 1) * R
	if !c.NoCrouch && num.FiniteVec(c.Target) {
		S := r.animStart[c.upper].Add(r.BodyOffset)
		S[1] -= c.applied
		T := r.frame.toLocal(c.Target)
		dx, dy := T[0]-S[0], T[1]-S[1]
		maxC := num.Or(c.MaxCrouch, DefaultMaxCrouch)
		if math.Abs(dx) < kR {
			want = dy - math.Sqrt(kR*kR-dx*dx)
		} else {
			want = maxC
		}
		want = math.Max(0, math.Min(maxC, want)) * num.Smoothstep(c.blend)
	}
	c.crouch += (want - c.crouch) * (1 - math.Exp(-num.Or(c.CrouchSpeed, DefaultCrouchSpeed)*dt))
	if !num.Finite(c.crouch) {
		c.crouch = 0
	}
	r.BodyOffset[1] += c.crouch - c.applied
	c.applied = c.crouch
	// The reacher writes the arm's weight, target and hand rotation only
	// while it reaches (and once when it lets go), so another controller
	// (an Aimer) may own the arm the rest of the time.
	switch {
	case c.Active && num.FiniteVec(c.Target):
		if !c.owns {
			// Take the arm over from where its hand is now, so a reach that
			// starts while another controller holds the arm does not jump.
			_, c.from = r.Joint(r.def.limbs[c.limb].bones[1])
			c.fromRot = l.EffectorRotation
			if l.CurrentWeight() == 0 {
				c.from, c.fromRot = c.Target, 0
			}
		}
		c.owns = true
		k := num.Smoothstep(c.blend)
		l.Target, l.Weight = c.from.Add(c.Target.Sub(c.from).Mul(k)), 1
		if !c.NoCrouch && kR < R {
			l.Target = c.softReach(r, l.Target, kR, R)
		}
		if e := r.def.limbs[c.limb].effector; e >= 0 {
			rot := 0.0
			if c.UseHandAngle && num.Finite(c.HandAngle) {
				rot = r.worldRot(r.frame.angleToLocal(c.HandAngle) - r.animAngle[e])
			}
			// The shorter way round: another controller's rotation may
			// differ from this one by whole turns.
			l.EffectorRotation = c.fromRot + math.Remainder(rot-c.fromRot, 2*math.Pi)*k
		}
	case c.owns:
		c.owns = false
		l.Weight = 0
	}
}

// softReach maps p's distance from the arm's shoulder (with the body offset
// as the arm will solve with it) through the soft reach limit of the file
// comment: unchanged up to kR, then approaching R without reaching it.
func (c *Reacher) softReach(r *Rig, p mgl64.Vec2, kR, R float64) mgl64.Vec2 {
	S := r.animStart[c.upper].Add(r.BodyOffset)
	P := r.frame.toLocal(p)
	v := P.Sub(S)
	d := v.Len()
	if !(d > kR) || !num.Finite(d) {
		return p
	}
	m := R - kR
	soft := kR + m*(1-math.Exp(-(d-kR)/m))
	return r.frame.toWorld(S.Add(v.Mul(soft / d)))
}
