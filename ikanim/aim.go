// Aiming: head look-at plus a two-handed hold aimed with the arm-aim solver.
//
// Derivation. Everything is in the character frame (x forward, y down). Let
// S be the main arm's shoulder (the upper arm's start joint, with the body
// offset applied) and T the aim point. The aim direction is the angle
// theta = atan2(T.y - S.y, T.x - S.x), clamped to [-MaxUp, MaxDown]; a
// clamped aim uses the point T' = S + |T - S| (cos theta, sin theta).
// ik.ArmAim then stretches the main arm to Reach of its full length F toward
// T' and turns it about S until the forearm's line passes through T' (see
// ik/armaim.go): the wrist W lies on the circle of radius ~Reach*F around the
// shoulder, in the aim direction, so the hands circle the chest as the aim
// turns and the arm keeps its held shape. The main limb's target is W: the
// two-bone solve with the same bend side reproduces ArmAim's angles (the law
// of cosines has one solution per side), so the forearm is exactly on the aim
// line. The support hand holds the weapon at Support, an offset in the aim
// frame (x along the forearm's line from W, y to its clockwise side):
// its target is W + R(phi) Support with phi the forearm's angle, so the two
// hands keep their relative placement as the weapon turns. Both hands take
// the forearm's angle (EffectorRotation = phi - animated hand angle), and the
// look limb aims the head at T.

package ikanim

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/ik"

	"github.com/ikanim/kit/ikanim/internal/num"
)

// Aimer defaults (used when the field is zero).
const (
	DefaultAimReach   = 0.9                // fraction of the main arm's reach
	DefaultAimMaxUp   = 80 * math.Pi / 180 // radians above forward
	DefaultAimMaxDown = 60 * math.Pi / 180 // radians below forward
)

// DefaultAimElbowBack is the Aimer's ElbowBack: the elbow at most a
// third of the upper arm's length behind the chest's line (7.3 px for the
// biped template), inside the back of a torso about 15 px thick or more.
// The biped's aims from above forward to about 5 degrees below it are left
// as they were (their elbow is 1.3-6.7 px back).
const DefaultAimElbowBack = 1.0 / 3

// aimMinDist is the least distance from the shoulder, as a share of the
// wrist's (Reach times the arm's full reach), of the point the arm aims
// through: a nearer target is aimed at along its direction.
const aimMinDist = 1.25

// DefaultLookTurnSpeed is the MaxTurnSpeed NewAimer gives a look limb that
// has none, rad/s (11.5 degrees a frame at 60 TPS): a target passing over
// and behind the head crosses the side opposite the middle of the head's
// limits, where the clamp goes from one limit to the other, and the head
// turned 100 degrees in a frame (a new user's trial); it now turns there
// in a few frames.
const DefaultLookTurnSpeed = 12.0

// DefaultAimTurnSpeed is the MaxTurnSpeed NewAimer gives the arms that
// have none, rad/s (11.5 degrees a frame at 60 TPS): a target that jumps
// (a pointer warped, a new enemy picked) or a turn round swung the upper
// arms 137-173 degrees in one frame (a new user's trial); the arms now
// sweep to the new aim in a few frames, through the poses between.
const DefaultAimTurnSpeed = 12.0

// aimClamp clamps the aim angle raw (radians, character frame, y down)
// to [-maxUp, maxDown]. Outside that range, behind the character, the
// limit taken is the one nearer the last frame's aim prev (when known),
// so a target passing behind the shoulder does not swing the aim from one
// limit to the other (140 degrees in a frame with the defaults) as it
// crosses straight back.
func aimClamp(raw, maxUp, maxDown, prev float64, known bool) float64 {
	if raw >= -maxUp && raw <= maxDown {
		return raw
	}
	if !known || !(raw < -math.Pi/2 || raw > math.Pi/2) {
		return math.Max(-maxUp, math.Min(maxDown, raw))
	}
	if math.Abs(prev+maxUp) <= math.Abs(prev-maxDown) {
		return -maxUp
	}
	return maxDown
}

// Aimer is a Controller that aims a character at a point: the head looks at
// it (the look limb) and, for a two-handed weapon, the main hand holds the
// grip with its forearm exactly on the aim line while the support hand holds
// the barrel at a fixed offset from it. Weights fade with the limbs' FadeIn
// and FadeOut. Build it with NewAimer (or NewBipedAimer) and add it to the
// rig; its Update does not allocate.
type Aimer struct {
	// Target is the world point to aim at. A point that is not finite
	// (NewAimer starts with NaN) is no target: the arms and the head fade
	// back to the animation.
	Target mgl64.Vec2
	// Weight in [0,1] is the desired weight of the arms (0 = the animation).
	Weight float64
	// LookWeight in [0,1] is the desired weight of the head look-at.
	LookWeight float64
	// Reach is the main arm's stretch toward the aim as a fraction of its
	// full reach, in (0,1) (default 0.9).
	Reach float64
	// MaxUp and MaxDown bound the aim direction above and below the
	// character's forward, radians (defaults 80 and 60 degrees).
	MaxUp, MaxDown float64
	// LookAxis, when non-zero, is written to the look limb's LookAt.Axis: the
	// direction the face looks in the head bone's frame (NewBipedAimer sets
	// pi/2: the biped's head bone runs up the neck and its face looks
	// forward, a quarter turn clockwise from it).
	LookAxis float64
	// OneHanded leaves the support arm alone (its weight, target and hand
	// angle), so another controller may use it (a Reacher) or the animation
	// keeps it.
	OneHanded bool
	// Support is where the support hand holds the weapon, in the aim frame
	// from the main wrist: x along the aim line, y to its clockwise side
	// (for a right-facing character, below the line), px.
	Support mgl64.Vec2
	// Turn lets the aimer turn the character round (rig.Facing) when the
	// target is behind it, instead of bending the aim back over its
	// shoulder: Auto (the default) and On turn while the arms' Weight is
	// above 0, Off never. The turn takes effect from the next frame; a game
	// that sets Facing itself every frame should do so only when its own
	// reason to turn changes, or set Turn to Off.
	Turn Switch
	// Circle aims as the humanoid foot-IK article does instead of with
	// the arm-aim solver: each hand (the main one and, unless OneHanded, the
	// support one) moves on a circle around the chest, the main arm's
	// shoulder, with that hand's own animated distance from it as radius, in
	// the aim direction taken from the body position (the rig's root with
	// the body offset) to the target, so the aim does not bob with the
	// shoulder while the arms keep their animated shape; each hand keeps its
	// animated angle to its radius. Default false.
	Circle bool
	// TurnMargin is how far behind the shoulder, px along the character's
	// forward, the target must be before the aimer turns (default 12); the
	// same margin the other way holds the turn, so a target near the
	// shoulder's vertical does not flip the character every frame.
	TurnMargin float64
	// Solids, when set, keeps the weapon and the arms out of solid ground
	// (see aim_solids.go): the hands pull the weapon in along the aim so
	// that its muzzle, Muzzle px beyond the main wrist, stops 1 px in front
	// of a wall or ceiling in the way (WeaponBlocked reports it), the
	// support hand slides along the weapon (between the main wrist and the
	// muzzle, at most 240 px/s) to where its arm, a one-way elbow
	// included, is out of the solids, and the aimer sets its arms'
	// Limb.Solids. One ray a frame plus two (up to 38 while the support
	// arm is blocked), plus the arms'.
	// Nil (the zero value): off.
	Solids Ground
	// Muzzle is how far the weapon reaches beyond the main wrist, px, for
	// Solids (0: only the hands are kept out): along the main forearm's
	// direction (the weapon's line as the demo draws it), which is not
	// AimAngle (the aim's direction from the shoulder) while the arm is
	// pulled in or bent.
	Muzzle float64
	// ElbowBack is how far the main arm's elbow may go behind the chest's
	// line through the shoulder (the upper arm's parent bone: the biped's
	// torso axis), as a share of the upper arm's length (0:
	// DefaultAimElbowBack; below 0: no bound). A low aim that would fold
	// the elbow further back straightens the arm instead (aim_elbow.go).
	ElbowBack float64

	rig           *Rig
	def           *RigDef
	main, support int // limb indices (support -1: one-handed)
	look          int // limb index or -1
	upper, fore   int // main arm bones
	aim           ik.ArmAim
	pose          ik.Pose
	wrist         mgl64.Vec2 // world, last frame
	aimDir        float64    // world aim angle, last frame
	theta0        float64    // the aim angle in the character frame, last frame
	thetaOn       bool       // theta0 is set
	thetaFacing   Facing     // the facing theta0 was found for
	turns         int
	room          float64 // Solids: the wrist distance the weapon has, px
	raise         float64 // Solids: the angle the weapon is raised by, rad
	boost         float64 // Solids: the extra raise the solved muzzle asked for, rad
	roomOn        bool    // room and raise are set
	muzzleIn      bool    // Solids: the last solved muzzle was in a solid
	turning       bool    // Solids: the raise has not reached what it wants
	slide         float64 // Solids: how far the support hand slid along the weapon past Support.x, px
	slideFacing   Facing  // the facing the slide was found for
	blocked       bool
}

// Turns returns how many times the aimer has turned the character round.
func (a *Aimer) Turns() int { return a.turns }

// NewAimer builds an aimer for rigs of def. main names the two-bone arm that
// holds the grip; support (may be "") the arm that holds the barrel; look
// (may be "") the look-at limb of the head. Errors name the argument.
// Target starts as no target (NaN): until the game sets a point, the arms
// and the head stay with the animation (a zero Target aimed at the
// world's origin and turned the character toward it). A look limb whose
// MaxTurnSpeed is 0 gets DefaultLookTurnSpeed, and arms whose MaxTurnSpeed
// is 0 get DefaultAimTurnSpeed (set it to math.Inf(1) after NewAimer for
// arms that snap to a new aim at once).
func NewAimer(rig *Rig, main, support, look string) (*Aimer, error) {
	if rig == nil {
		return nil, fmt.Errorf("ikanim: NewAimer: rig is nil")
	}
	def := rig.def
	a := &Aimer{rig: rig, def: def, support: -1, look: -1, LookWeight: 1, Weight: 1, Target: mgl64.Vec2{math.NaN(), math.NaN()}}
	a.main = def.LimbIndex(main)
	if a.main < 0 {
		return nil, fmt.Errorf("ikanim: NewAimer: main: %q is not a limb of the rig", main)
	}
	if l := &def.limbs[a.main]; l.Solver != SolveTwoBone {
		return nil, fmt.Errorf("ikanim: NewAimer: main: limb %q must use the two-bone solver", main)
	}
	if support != "" {
		if a.support = def.LimbIndex(support); a.support < 0 {
			return nil, fmt.Errorf("ikanim: NewAimer: support: %q is not a limb of the rig", support)
		}
	}
	if look != "" {
		if a.look = def.LimbIndex(look); a.look < 0 {
			return nil, fmt.Errorf("ikanim: NewAimer: look: %q is not a limb of the rig", look)
		}
		if ll := &rig.limbs[a.look]; ll.MaxTurnSpeed == 0 {
			ll.MaxTurnSpeed = DefaultLookTurnSpeed
		}
	}
	for _, li := range [2]int{a.main, a.support} {
		if li >= 0 && rig.limbs[li].MaxTurnSpeed == 0 {
			rig.limbs[li].MaxTurnSpeed = DefaultAimTurnSpeed
		}
	}
	l := &def.limbs[a.main]
	a.upper, a.fore = l.bones[0], l.bones[1]
	a.pose = l.chain.NewPose()
	return a, nil
}

// NewBipedAimer is NewAimer for the biped template: the near arm on the
// grip, held at Reach 0.6, the far arm on the barrel 12 px further along the
// aim line, the head looking with its face (LookAxis pi/2). The pose
// assumes the template's one-way elbows (bent with the elbow behind and
// below the forearm's line) hanging from the torso: for aims below forward
// the arm straightens so the near elbow stays within ElbowBack (7.3 px) of
// the torso's axis, inside the back of the demo's torso sprite (28 px
// thick, its axis 13 px from the back); see aim_elbow.go.
func NewBipedAimer(rig *Rig) (*Aimer, error) {
	a, err := NewAimer(rig, LimbArmNear, LimbArmFar, LimbLook)
	if err != nil {
		return nil, err
	}
	a.Reach, a.Support, a.LookAxis = 0.6, mgl64.Vec2{12, 0}, math.Pi/2
	return a, nil
}

// Wrist returns the main wrist's target, world, as the last Update set it:
// where the aim puts the wrist, which the arm reaches only once its weight
// has faded in and its turn limit caught up. Draw a weapon from the arm as
// drawn instead: the end of the main forearm (Rig.Joint of the limb's last
// bone) along that bone's angle (Rig.BoneAngle), as the demo's aim scene
// does while the limb's CurrentWeight is above one half.
func (a *Aimer) Wrist() mgl64.Vec2 { return a.wrist }

// AimAngle returns the world angle of the aim direction from the shoulder
// used in the last Update (after clamping), radians, clockwise on screen.
// The weapon Solids keeps out of walls runs along the main forearm from
// Wrist instead (see Muzzle).
func (a *Aimer) AimAngle() float64 { return a.aimDir }

// Stage implements Controller: an aimer runs after the pose source.
func (a *Aimer) Stage() Stage { return StageControl }

// Update implements Controller (the rig calls it).
func (a *Aimer) Update(dt float64) {
	r := a.rig
	ld := &r.def.limbs[a.main]
	mainLimb := &r.limbs[a.main]
	w := num.Clamp01(a.Weight)
	if a.look >= 0 {
		l := &r.limbs[a.look]
		l.Target, l.Weight = a.Target, num.Clamp01(a.LookWeight)
		if !num.FiniteVec(a.Target) {
			l.Weight = 0
		}
		if la, ok := l.solver.(*ik.LookAt); ok && a.LookAxis != 0 && num.Finite(a.LookAxis) {
			la.Axis = a.LookAxis
		}
	}
	if !num.FiniteVec(a.Target) {
		mainLimb.Weight = 0
		if a.support >= 0 && !a.OneHanded {
			r.limbs[a.support].Weight = 0
		}
		return
	}
	// The shoulder and the parent angle as they will be when the arm
	// solves: the animated pose moved by the body offset.
	S := r.animStart[a.upper].Add(r.BodyOffset)
	base := 0.0
	if p := r.def.bones[a.upper].Parent; p >= 0 {
		base = r.animAngle[p]
	}
	T := r.frame.toLocal(a.Target)
	d := T.Sub(S)
	if w > 0 && a.Turn.Resolve(true) && d[0] < -num.Or(a.TurnMargin, 12) {
		// Behind: turn round for the next frame (this frame's aim is
		// clamped in front, as before).
		r.Facing = r.Facing.Flip()
		a.turns++
	}
	dist := d.Len()
	if !(dist > 1e-9) {
		dist, d = 1, mgl64.Vec2{1, 0}
	}
	if a.Circle {
		a.circle(r, S, T, w, dt)
		return
	}
	maxUp := num.Or(a.MaxUp, DefaultAimMaxUp)
	maxDown := num.Or(a.MaxDown, DefaultAimMaxDown)
	reach := num.Or(a.Reach, DefaultAimReach)
	if reach >= 1 {
		reach = DefaultAimReach
	}
	prev := a.thetaOn && a.thetaFacing == r.Facing
	theta := aimClamp(math.Atan2(d[1], d[0]), maxUp, maxDown, a.theta0, prev)
	a.theta0, a.thetaOn, a.thetaFacing = theta, true, r.Facing
	// The elbow in front of the back (aim_elbow.go): a straighter arm for
	// low aims; Solids may still pull it in to keep the weapon out.
	if F := ld.chain.Reach(); F > 0 {
		dd := math.Max(dist, aimMinDist*reach*F)
		st, ct := math.Sincos(theta)
		reach = a.elbowReach(r, ld, S, mgl64.Vec2{S[0] + dd*ct, S[1] + dd*st}, base, reach)
	}
	nominal := reach
	boostLo, boostHi := -math.Pi/2, math.Pi/2
	if F := ld.chain.Reach(); a.Solids != nil && F > 0 {
		room, raise := a.aimRoom(r, S, theta, reach*F, F, dt, false)
		reach = math.Max(minAimRoom, math.Min(reach, room/F))
		// The extra raise may turn the weapon as far as the aim's limits.
		boostLo, boostHi = theta-a.raise-maxDown, theta-a.raise+maxUp
		theta = math.Max(-maxUp, math.Min(maxDown, theta-raise))
	} else {
		a.roomOn, a.blocked = false, false
	}
	st, ct := math.Sincos(theta)
	if F := ld.chain.Reach(); dist < aimMinDist*reach*F {
		// A target about as near to the shoulder as the wrist has no
		// forearm line through it in front of the hand (the arm-aim
		// fix-up turned the forearm 140 degrees in one frame for a
		// target passing over the head 50 px from the chest, a new
		// user's trial): the aim point goes out along the aim direction
		// to just beyond the wrist, and the weapon points the way of
		// the target.
		dist = aimMinDist * reach * F
	}
	aimPt := mgl64.Vec2{S[0] + dist*ct, S[1] + dist*st}

	a.pose.Origin, a.pose.Base, a.pose.Mirror = S, base, false
	a.pose.Angles[0], a.pose.Angles[1] = r.animAngle[a.upper]-base, r.anim[a.fore]
	a.aim.Reach = reach
	a.aim.Bend = ld.Bend
	a.aim.Solve(ld.chain, &a.pose, aimPt)
	// Forward kinematics of the aimed arm.
	u, l := ld.chain.Bone(0).Length, ld.chain.Bone(1).Length
	a0 := base + a.pose.Angles[0]
	phi := a0 + a.pose.Angles[1]
	s0, c0 := math.Sincos(a0)
	s1, c1 := math.Sincos(phi)
	W := mgl64.Vec2{S[0] + u*c0 + l*c1, S[1] + u*s0 + l*s1}
	if F := ld.chain.Reach(); a.Solids != nil && F > 0 {
		// The muzzle as solved: pull the wrist in at once by what is in a
		// solid and solve again, or let the room grow next frame by the
		// free distance ahead of it (at most aimRoomRate).
		spare, side := a.muzzleSpare(r, S, W, phi, (nominal-reach)*F)
		a.room = math.Min(nominal*F, reach*F+math.Min(spare, aimRoomRate*dt))
		a.blocked = reach < nominal-1e-9 || a.raise != 0 || a.boost != 0
		atFloor := reach <= minAimRoom+1e-9
		if spare < 0 && reach > minAimRoom {
			a.aim.Reach = math.Max(minAimRoom, reach+math.Max(spare, -aimPullRate*dt)/F)
			a.room = a.aim.Reach * F
			a.blocked = true
			a.pose.Angles[0], a.pose.Angles[1] = r.animAngle[a.upper]-base, r.anim[a.fore]
			a.aim.Solve(ld.chain, &a.pose, aimPt)
			a0 = base + a.pose.Angles[0]
			phi = a0 + a.pose.Angles[1]
			s0, c0 = math.Sincos(a0)
			s1, c1 = math.Sincos(phi)
			W = mgl64.Vec2{S[0] + u*c0 + l*c1, S[1] + u*s0 + l*s1}
			spare, side = a.muzzleSpare(r, S, W, phi, 0)
			atFloor = a.aim.Reach <= minAimRoom+1e-9
		}
		// The muzzle's distance from the shoulder: the lever the boost
		// turns it by.
		lever := W.Sub(S).Len() + math.Max(a.Muzzle, 0)
		a.boostRaise(spare, side, lever, dt, atFloor, boostLo, boostHi)
		a.muzzleIn = spare < 0
	}
	if !num.FiniteVec(W) || !num.Finite(phi) {
		return
	}
	a.wrist = r.frame.toWorld(W)
	a.aimDir = r.frame.angleToWorld(theta)
	mainLimb.Target, mainLimb.Weight = a.wrist, w
	if e := ld.effector; e >= 0 {
		mainLimb.EffectorRotation = r.worldRot(phi - r.animAngle[e])
	}
	if a.support >= 0 && !a.OneHanded {
		sl := &r.limbs[a.support]
		hold := a.Support
		hold[0] += a.supportSlide(r, W, c1, s1, dt)
		sp := mgl64.Vec2{W[0] + hold[0]*c1 - hold[1]*s1, W[1] + hold[0]*s1 + hold[1]*c1}
		sl.Target, sl.Weight = r.frame.toWorld(sp), w
		if e := r.def.limbs[a.support].effector; e >= 0 {
			sl.EffectorRotation = r.worldRot(phi - r.animAngle[e])
		}
	}
}

// circle is Update's Circle mode: S is the chest (the main shoulder as it
// will be when the arms solve) and T the target, character frame. The aim
// direction theta is that of T - B, B the body position (the root with the
// body offset), clamped to [-MaxUp, MaxDown]; hand i, animated at H_i (its
// limb's end joint with the body offset), goes to
//
//	S + |H_i - S| (cos theta, sin theta)
//
// and turns with its radius: by theta minus the animated angle of H_i - S.
func (a *Aimer) circle(r *Rig, S, T mgl64.Vec2, w, dt float64) {
	B := r.animRoot.Add(r.BodyOffset)
	d := T.Sub(B)
	if !(d.Len() > 1e-9) {
		d = mgl64.Vec2{1, 0}
	}
	theta := math.Atan2(d[1], d[0])
	theta = math.Max(-num.Or(a.MaxUp, DefaultAimMaxUp), math.Min(num.Or(a.MaxDown, DefaultAimMaxDown), theta))
	// Solids: every radius scaled by the room the main hand's radius has,
	// and the aim raised when there is none.
	scale := 1.0
	if a.Solids != nil {
		ld := &r.def.limbs[a.main]
		rho := r.animEnd[ld.bones[len(ld.bones)-1]].Add(r.BodyOffset).Sub(S).Len()
		if rho > 0 {
			room, raise := a.aimRoom(r, S, theta, rho, ld.chain.Reach(), dt, true)
			scale, theta = room/rho, theta-raise
		}
	} else {
		a.roomOn, a.blocked = false, false
	}
	st, ct := math.Sincos(theta)
	a.aimDir = r.frame.angleToWorld(theta)
	for k, li := range [2]int{a.main, a.support} {
		if li < 0 || (k == 1 && a.OneHanded) {
			continue
		}
		ld := &r.def.limbs[li]
		tip := ld.bones[len(ld.bones)-1]
		H := r.animEnd[tip].Add(r.BodyOffset)
		rad := H.Sub(S)
		l := rad.Len() * scale
		P := mgl64.Vec2{S[0] + l*ct, S[1] + l*st}
		if !num.FiniteVec(P) {
			continue
		}
		limb := &r.limbs[li]
		limb.Target, limb.Weight = r.frame.toWorld(P), w
		if k == 0 {
			a.wrist = limb.Target
		}
		if ld.effector >= 0 {
			limb.EffectorRotation = r.worldRot(theta - math.Atan2(rad[1], rad[0]))
		}
	}
}
