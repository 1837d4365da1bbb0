// Hanging: both hands pinned to a ledge, the body hanging below.
//
// Derivation. In the character frame let S be the grip arm's shoulder in the
// animated pose and d = HangReach * R the shoulder-to-ledge distance (R the
// arm's full reach). The ledge point sits above the shoulder along up, Back
// px ahead of it: L_c = S + (Back, -sqrt(d^2 - m^2)), where m is the largest
// |Back + Spread_i|, so the grip furthest along forward is exactly d from
// the shoulder and every other grip nearer. The rig's up is turned by the
// swing angle
// psi(t) = Swing * sin(2 pi t / SwingPeriod), up = (sin psi, -cos psi), and
// the world frame maps p to Position + R(psi) M p (M mirrors x when facing
// left). Asking that L_c lands on the ledge point gives
//
//	Position = Ledge - R(psi) M L_c,
//
// so the body hangs below the ledge and swings about it like a pendulum.
//
// Ease-in. When a hang starts, let e = t / EaseIn (t the time since it
// started) and s(e) = 3e^2 - 2e^3 the smoothstep, with s' = 0 at both ends.
// The arms' desired weights rise linearly with e, so their current weights
// (the limbs' smoothstep of the ramp) are s(e): the arms turn from the
// animation onto the grips over EaseIn instead of over their FadeIn. A body
// already in play moves from where the hang found it, P0 with up angle a0,
// to the hanging pose along the same curve: Position = P0 + s(e) (want - P0)
// and the up angle a0 + s(e) wrap(psi - a0), so neither position nor velocity
// jumps. Over a turn of A radians the arms' joints change by at most
// 1.5 A dt / EaseIn per frame (the smoothstep's peak slope is 1.5). A rig
// that was never updated (Time 0, just spawned) or a Hang after Reset is
// placed at once. After the ease, Position follows the hang with
// 1-exp(-Speed*dt) per frame. Each hand's target is the ledge point shifted
// by its Spread along the ledge (the character's forward), and the legs'
// weights go to 0, so they dangle in the animated pose.
//
// The Hanger is a mover (StageMove): the rig runs it before the pose, so
// the Position and Up it sets are those of the same frame.

package ikanim

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/internal/num"
)

// Hanger defaults (used when the field is zero).
const (
	DefaultHangReach   = 0.96 // share of the arm's reach between shoulder and ledge
	DefaultHangSpeed   = 10.0 // 1/s
	DefaultSwingPeriod = 2.0  // s
	DefaultHangEaseIn  = 0.5  // s
)

// Hanger hangs a character from a ledge: each listed arm's hand is pinned to
// the ledge point (spread along the ledge), the character's Position and Up
// are driven so the arms hold the body below it, and the listed legs are
// released to dangle. Build it with NewHanger (or NewBipedHanger) and add it
// to the rig. Its Update does not allocate.
type Hanger struct {
	// Ledge is the world point the hands grip.
	Ledge mgl64.Vec2
	// Active pins the hands (the arms fade in) and drives the body; false
	// releases the arms and leaves Position and Up alone.
	Active bool
	// HangReach is the shoulder-to-ledge distance as a share of the arm's
	// reach, in (0,1) (default 0.96: arms nearly straight).
	HangReach float64
	// Speed is the rate at which Position settles onto the hang, 1/s
	// (default 10).
	Speed float64
	// EaseIn is the time a hang takes to settle when it starts, s (default
	// 0: DefaultHangEaseIn, 0.5 s): the arms' weights rise over it along a
	// smoothstep, and a body already in play moves from where it is onto
	// the hang along the same curve. A rig never updated (Time 0) or a Hang
	// after Reset places the body at once.
	EaseIn float64
	// Swing is the pendulum amplitude, radians (default 0: still), and
	// SwingPeriod its period, s (default 2).
	Swing, SwingPeriod float64
	// Back is how far behind the ledge point the shoulder hangs, along the
	// character's forward, px (default 0: straight below). A character
	// hanging from the top of a wall it faces needs Back > 0 to keep its
	// body out of the wall. It is clamped to the shoulder-to-ledge distance.
	Back float64
	// Spread is each hand's offset along the ledge (the character's forward),
	// px, in the order of the arms given to NewHanger.
	Spread []float64

	rig   *Rig
	def   *RigDef
	arms  []int
	legs  []int
	t     float64
	init  bool
	snap  bool // Reset: place the body at once on the next start
	first int  // upper arm bone of the first arm
	// The ease-in: its linear progress in [0,1] and where the body started.
	ease   float64
	since  float64 // s since the hang started
	moving bool    // the body is easing in from from, fromUp
	from   mgl64.Vec2
	fromUp float64 // up angle, radians clockwise from (0,-1)
}

// NewHanger builds a hanger for rigs of def with the named arms (hands on the
// ledge) and legs (released). Errors name the argument.
func NewHanger(rig *Rig, arms, legs []string) (*Hanger, error) {
	if rig == nil {
		return nil, fmt.Errorf("ikanim: NewHanger: rig is nil")
	}
	def := rig.def
	if len(arms) == 0 {
		return nil, fmt.Errorf("ikanim: NewHanger: arms is empty")
	}
	h := &Hanger{rig: rig, def: def, Spread: make([]float64, len(arms))}
	for i, n := range arms {
		li := def.LimbIndex(n)
		if li < 0 {
			return nil, fmt.Errorf("ikanim: NewHanger: arms[%d]: %q is not a limb of the rig", i, n)
		}
		h.arms = append(h.arms, li)
	}
	for i, n := range legs {
		li := def.LimbIndex(n)
		if li < 0 {
			return nil, fmt.Errorf("ikanim: NewHanger: legs[%d]: %q is not a limb of the rig", i, n)
		}
		h.legs = append(h.legs, li)
	}
	h.first = def.limbs[h.arms[0]].bones[0]
	return h, nil
}

// NewBipedHanger is NewHanger for the biped template: both arms, hands 6 px
// apart, legs dangling.
func NewBipedHanger(rig *Rig) (*Hanger, error) {
	h, err := NewHanger(rig, []string{LimbArmNear, LimbArmFar}, []string{LimbLegNear, LimbLegFar})
	if err != nil {
		return nil, err
	}
	h.Spread[0], h.Spread[1] = 3, -3
	return h, nil
}

// Reset makes the next Update place the body on the ledge at once (a
// teleport) instead of easing it in; the arms still ease in.
func (h *Hanger) Reset() { h.init, h.snap = false, true }

// Stage implements Controller: a hanger moves the body before the pose.
func (h *Hanger) Stage() Stage { return StageMove }

// Update implements Controller: it drives the rig's Position and Up toward
// the hanging pose and sets the arms' targets (the rig calls it).
func (h *Hanger) Update(dt float64) {
	r := h.rig
	if !h.Active || !num.FiniteVec(h.Ledge) {
		for _, li := range h.arms {
			r.limbs[li].Weight = 0
		}
		h.init = false
		return
	}
	for _, li := range h.legs {
		r.limbs[li].Weight = 0
	}
	if !(dt > 0) {
		dt = 0
	}
	h.t += dt
	period := num.Or(h.SwingPeriod, DefaultSwingPeriod)
	psi := 0.0
	if num.Finite(h.Swing) {
		psi = h.Swing * math.Sin(2*math.Pi*math.Mod(h.t/period, 1))
	}
	sp, cp := math.Sincos(psi)
	k := num.Or(h.HangReach, DefaultHangReach)
	if k >= 1 {
		k = DefaultHangReach
	}
	d := k * r.def.limbs[h.arms[0]].chain.Reach()
	back := 0.0
	if h.Back > 0 && num.Finite(h.Back) {
		back = h.Back
	}
	// The grip furthest from the shoulder along forward sets the height.
	m := math.Abs(back)
	for i := range h.arms {
		if i < len(h.Spread) && num.Finite(h.Spread[i]) {
			m = math.Max(m, math.Abs(back+h.Spread[i]))
		}
	}
	m = math.Min(m, d)
	L := r.animStart[h.first].Add(mgl64.Vec2{back, -math.Sqrt(d*d - m*m)})
	if r.Facing == FacingLeft {
		L[0] = -L[0]
	}
	want := mgl64.Vec2{h.Ledge[0] - (L[0]*cp - L[1]*sp), h.Ledge[1] - (L[0]*sp + L[1]*cp)}
	up := mgl64.Vec2{sp, -cp}
	ease := num.Or(h.EaseIn, DefaultHangEaseIn)
	if !(ease > 0) || !num.Finite(ease) {
		ease = DefaultHangEaseIn
	}
	if !h.init {
		// The hang starts: the arms ease in from their current ramp (so a
		// hang that resumes does not drop them), the body from where it is.
		h.init = true
		h.ease = 1
		for _, li := range h.arms {
			h.ease = math.Min(h.ease, r.limbs[li].ramp)
		}
		h.since, h.from, h.fromUp = 0, r.Position, upAngle(r.Up)
		h.moving = !h.snap && r.Time != 0 && num.FiniteVec(h.from)
		h.snap = false
		if !h.moving {
			r.Position, r.Up = want, up
		}
	} else {
		h.since += dt
	}
	h.ease = math.Min(1, h.ease+dt/ease)
	for _, li := range h.arms {
		r.limbs[li].Weight = h.ease
	}
	if h.moving && h.since >= ease {
		h.moving = false // the ease is over: Position is on the hang
	}
	if h.moving {
		k := num.Smoothstep(h.since / ease)
		r.Position = h.from.Add(want.Sub(h.from).Mul(k))
		a := h.fromUp + math.Remainder(psi-h.fromUp, 2*math.Pi)*k
		r.Up = mgl64.Vec2{math.Sin(a), -math.Cos(a)}
	} else {
		a := 1 - math.Exp(-num.Or(h.Speed, DefaultHangSpeed)*dt)
		r.Position = r.Position.Add(want.Sub(r.Position).Mul(a))
		r.Up = up
	}
	fwd := mgl64.Vec2{cp, sp}
	if r.Facing == FacingLeft {
		fwd = fwd.Mul(-1)
	}
	for i, li := range h.arms {
		s := 0.0
		if i < len(h.Spread) && num.Finite(h.Spread[i]) {
			s = h.Spread[i]
		}
		r.limbs[li].Target = h.Ledge.Add(fwd.Mul(s))
	}
}

// upAngle returns the clockwise angle from (0,-1) to up, radians (0 for a
// zero or non-finite up).
func upAngle(up mgl64.Vec2) float64 {
	if !num.FiniteVec(up) || up == (mgl64.Vec2{}) {
		return 0
	}
	return math.Atan2(up[0], -up[1])
}
