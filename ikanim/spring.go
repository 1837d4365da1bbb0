package ikanim

// Spring chains: secondary motion for tails, hair, antennae, ears and
// cloth strips.
//
// The chain is a string of joint points p_0 (the root, driven) ... p_n,
// segment i running from p_(i-1) to p_i with length L_i. Each joint has a
// goal: where the animated pose would put it, given where its parent
// actually is,
//
//	g_i = p_(i-1) + L_i * (cos, sin)(theta_(i-1) + a_i)
//
// with theta_(i-1) the simulated world angle of the segment before it
// (theta_0 the base angle the chain hangs from) and a_i the animated local
// angle (the goal, mirrored when the chain is). Every joint is a unit mass
// pulled toward its goal by a spring of stiffness k (1/s^2) and slowed by a
// damping c (1/s) on its velocity, under the constant accelerations
// gravity and wind:
//
//	v' = k (g - p) - c v + gravity + wind
//
// Semi-implicit integration of a stiff spring is stable only for
// sqrt(k)*h < 2, so the spring and damping terms are integrated
// implicitly (backward Euler of the linear part):
//
//	v <- (v + h (k (g - p) + gravity + wind)) / (1 + h c + h^2 k)
//	q  = p + h v
//
// which is stable for every k, c and step h. Then the constraints, root
// to tip (each joint sees its parent's new place): q moves back onto the
// circle of radius L_i around p_(i-1) (follow the leader), its local
// angle is clamped to the joint's limit, and it is swept against the
// ground from where it was (a circle cast of Radius when the ground is a
// CircleCaster; else a ray along the move reaching Radius beyond it and,
// when that misses, a ray of Radius along gravity; a hit stops the joint
// Radius off the surface along its normal and keeps the part of the move
// along the surface), then put back on its circle. The velocity is what the constraints left,
// v = (q - p)/h, as in position-based dynamics.
//
// Fixed steps. The simulation advances in fixed steps of Step seconds
// (default 1/120 s) whatever the frame's dt: a frame runs as many whole
// steps as fit into the time accumulated, the root moving along a straight
// line from last frame's place to this frame's, and the pose shown is
// interpolated between the last two steps by the leftover time. So 30, 60
// and 144 TPS run the same steps on nearly the same root path. dt is
// clamped to MaxDt as everywhere (at most 13 steps a frame); a root that
// moves further than TeleportDistance in a frame, a non-finite state or a
// change of Mirror resets the chain to its goal pose, at rest.
//
// Output. The pose is the segments' world angles, blended toward the goal
// pose by the weight (1 = full simulation, 0 = the goal pose) and laid out
// from the root with their exact lengths, so lengths never change and the
// chain stays attached to its root.

import (
	"errors"
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/ikanim/kit/ikanim/ik"

	"github.com/ikanim/kit/ikanim/internal/num"
)

// Defaults of a SpringChain.
const (
	// DefaultSpringStiffness is a chain's spring, 1/s^2: a free joint
	// swings at sqrt(150)/(2 pi) = 1.9 Hz.
	DefaultSpringStiffness = 150.0
	// DefaultSpringDamping is a chain's damping, 1/s: a damping ratio of
	// 12/(2 sqrt(150)) = 0.49, a swing or two after a jolt.
	DefaultSpringDamping = 12.0
	// DefaultSpringStep is the fixed simulation step, s.
	DefaultSpringStep = 1.0 / 120
	// MaxSpringJoints bounds a chain.
	MaxSpringJoints = 256
)

// springSkin keeps a joint that hit the ground this far off the surface
// (px), so the next step's sweep starts outside it.
const springSkin = 0.01

// SpringJoint is one segment of a SpringChain, from the previous joint
// (or the root) to this one.
type SpringJoint struct {
	// Length of the segment, px (> 0).
	Length float64
	// Rest is the goal local angle, radians, relative to the previous
	// segment (the first: to the chain's base angle), clockwise on screen
	// for an unmirrored chain; SetGoal replaces it frame by frame.
	Rest float64
	// Limit bounds the simulated local angle (zero value: unlimited), in
	// the same sense as Rest.
	Limit ik.Limit
	// Stiffness and Damping scale the chain's for this joint (0 means 1):
	// a tail that is stiff at its base and loose at its tip.
	Stiffness, Damping float64
}

// SpringChain is a chain of points that follows a goal pose with springy
// lag: secondary motion for tails, hair, antennae, ears and cloth strips
// (Spine's physics constraints, Godot's jiggle, Animation Rigging's damped
// transform). Its core knows no Rig: give it a root point and a base
// angle each frame, and read the joints back. SpringBones runs one on a
// rig's bones. The derivation opens spring.go.
//
// The zero values of the settings mean their defaults; Weight (embedded
// ik.Weighting) is 1 (full simulation) in the zero value. Update does not
// allocate.
type SpringChain struct {
	// Stiffness pulls each joint toward its goal, 1/s^2 (0 means
	// DefaultSpringStiffness).
	Stiffness float64
	// Damping slows each joint, 1/s (0 means DefaultSpringDamping; a
	// negative value means none).
	Damping float64
	// Gravity and Wind are world accelerations on every joint, px/s^2
	// (zero value: none), e.g. Gravity (0, 600) and a gusting Wind the
	// game varies.
	Gravity, Wind mgl64.Vec2
	// Radius is each joint's collision radius, px (0: points).
	Radius float64
	// Step is the fixed simulation step, s (0 means DefaultSpringStep;
	// clamped to [1/1000, 1/30]).
	Step float64
	// TeleportDistance: a root that moves further in one Update resets
	// the chain (0 means four times the chain's length).
	TeleportDistance float64
	// Mirror mirrors the goals and limits (a chain on a character facing
	// left); changing it resets the chain.
	Mirror bool
	// Weighting is the share of the simulation in the pose: 1 (the zero
	// value) = full, 0 = the goal pose.
	ik.Weighting

	joints []SpringJoint
	reach  float64
	ground Ground
	caster CircleCaster

	goal        []float64    // goal local angles, unmirrored
	pos, vel    []mgl64.Vec2 // simulated joints 0..n
	old         []mgl64.Vec2 // joints at the start of a step
	dirA, dirB  []mgl64.Vec2 // segment world directions at the last two steps
	goalCS      []mgl64.Vec2 // cos, sin of each signed goal angle, this frame
	outPts      []mgl64.Vec2 // the pose shown: joints 0..n
	outAng      []float64    // its segment world angles
	acc         float64
	root        mgl64.Vec2 // last frame's root and base
	base        float64
	init        bool
	mirrorState bool
	resets      int
}

// NewSpringChain makes a chain of joints at rest along their Rest angles.
// ground, which may be nil, is what the joints collide with; when it is
// also a CircleCaster the joints sweep as circles of Radius. It returns
// an error naming the joint and field at fault.
func NewSpringChain(ground Ground, joints ...SpringJoint) (*SpringChain, error) {
	if len(joints) == 0 || len(joints) > MaxSpringJoints {
		return nil, fmt.Errorf("ikanim: NewSpringChain: %d joints, want 1 to %d", len(joints), MaxSpringJoints)
	}
	c := &SpringChain{joints: append([]SpringJoint(nil), joints...), ground: ground}
	if ground != nil {
		c.caster, _ = ground.(CircleCaster)
	}
	for i, j := range joints {
		where := fmt.Sprintf("ikanim: NewSpringChain: joint %d", i)
		switch {
		case !num.Finite(j.Length) || j.Length <= 0:
			return nil, fmt.Errorf("%s: Length %v must be finite and > 0", where, j.Length)
		case !num.Finite(j.Rest):
			return nil, fmt.Errorf("%s: Rest %v is not finite", where, j.Rest)
		case j.Limit.Enabled && (!num.Finite(j.Limit.Min) || !num.Finite(j.Limit.Max) || j.Limit.Min > j.Limit.Max):
			return nil, fmt.Errorf("%s: Limit [%v, %v] must be finite with Min <= Max", where, j.Limit.Min, j.Limit.Max)
		case !num.Finite(j.Stiffness) || j.Stiffness < 0 || !num.Finite(j.Damping) || j.Damping < 0:
			return nil, fmt.Errorf("%s: Stiffness %v and Damping %v must be finite and >= 0", where, j.Stiffness, j.Damping)
		}
		c.reach += j.Length
	}
	n := len(joints)
	c.goal = make([]float64, n)
	c.dirA = make([]mgl64.Vec2, n)
	c.dirB = make([]mgl64.Vec2, n)
	c.goalCS = make([]mgl64.Vec2, n)
	c.outAng = make([]float64, n)
	c.pos = make([]mgl64.Vec2, n+1)
	c.vel = make([]mgl64.Vec2, n+1)
	c.old = make([]mgl64.Vec2, n+1)
	c.outPts = make([]mgl64.Vec2, n+1)
	for i, j := range joints {
		c.goal[i] = j.Rest
	}
	c.reset(mgl64.Vec2{}, 0)
	c.init = false
	return c, nil
}

// NumJoints returns the number of joints (segments); Joint(0) is the root.
func (c *SpringChain) NumJoints() int { return len(c.joints) }

// SetGoal sets joint i's goal local angle (its Rest, for this frame on),
// in the chain's unmirrored sense; a rig's animated angle, typically.
func (c *SpringChain) SetGoal(i int, local float64) {
	if num.Finite(local) {
		c.goal[i] = local
	}
}

// Joint returns joint i's world position in the pose shown: 0 is the
// root, i is the end of segment i (1..NumJoints()).
func (c *SpringChain) Joint(i int) mgl64.Vec2 { return c.outPts[i] }

// Angle returns segment i's world angle (0-based) in the pose shown.
func (c *SpringChain) Angle(i int) float64 { return c.outAng[i] }

// LocalAngle returns segment i's local angle in the pose shown, relative
// to the segment before it (the first: to the base angle), in the chain's
// unmirrored sense, ready to write back into a rig.
func (c *SpringChain) LocalAngle(i int) float64 {
	prev := c.base
	if i > 0 {
		prev = c.outAng[i-1]
	}
	l := wrapPi(c.outAng[i] - prev)
	if c.Mirror {
		l = -l
	}
	return l
}

// Resets returns how many times the chain was reset to its goal pose
// (teleports, non-finite states, Mirror changes, Reset).
func (c *SpringChain) Resets() int { return c.resets }

// Reset puts the chain in its goal pose at rest at the next Update.
func (c *SpringChain) Reset() { c.init = false }

func (c *SpringChain) sign() float64 {
	if c.Mirror {
		return -1
	}
	return 1
}

// reset lays the chain out in its goal pose from root at base, at rest.
func (c *SpringChain) reset(root mgl64.Vec2, base float64) {
	c.root, c.base, c.acc = root, base, 0
	c.mirrorState = c.Mirror
	c.pos[0] = root
	a := base
	for i := range c.joints {
		a += c.sign() * c.goal[i]
		s, co := math.Sincos(a)
		c.pos[i+1] = c.pos[i].Add(mgl64.Vec2{co, s}.Mul(c.joints[i].Length))
		c.dirA[i], c.dirB[i] = mgl64.Vec2{co, s}, mgl64.Vec2{co, s}
	}
	for i := range c.vel {
		c.vel[i] = mgl64.Vec2{}
	}
	c.init = true
	c.resets++
}

func (c *SpringChain) step() float64 {
	h := c.Step
	if !(h > 0) {
		return DefaultSpringStep
	}
	return math.Max(1.0/1000, math.Min(h, 1.0/30))
}

// Update advances the chain by dt seconds (clamped to [0, MaxDt]) with
// its root at root and its base angle at base (world radians: the angle
// the first joint's Rest is relative to, e.g. the parent bone's), and
// lays out the pose shown. A non-finite root or base leaves the chain as
// it is.
func (c *SpringChain) Update(dt float64, root mgl64.Vec2, base float64) {
	dt = num.ClampDt(dt)
	if !num.FiniteVec(root) || !num.Finite(base) {
		return
	}
	tele := c.TeleportDistance
	if !(tele > 0) {
		tele = 4 * c.reach
	}
	if !c.init || c.Mirror != c.mirrorState || num.Len(root.Sub(c.root)) > tele {
		c.reset(root, base)
		c.layout(root, base, 1)
		return
	}
	h := c.step()
	acc0 := c.acc
	c.acc += dt
	n := int(c.acc / h)
	c.acc -= float64(n) * h
	if c.acc < 0 {
		c.acc = 0
	}
	dBase := wrapPi(base - c.base)
	sign := c.sign()
	for i := range c.goalCS {
		s, co := math.Sincos(sign * c.goal[i])
		c.goalCS[i] = mgl64.Vec2{co, s}
	}
	for k := 0; k < n; k++ {
		f := 1.0
		if dt > 0 {
			f = num.Clamp01((float64(k+1)*h - acc0) / dt)
		}
		copy(c.dirA, c.dirB)
		s, co := math.Sincos(c.base + f*dBase)
		c.simulate(h, c.root.Add(root.Sub(c.root).Mul(f)), mgl64.Vec2{co, s})
	}
	ok := true
	for i := range c.pos {
		ok = ok && num.FiniteVec(c.pos[i]) && num.FiniteVec(c.vel[i])
	}
	if !ok {
		c.reset(root, base)
	}
	c.root, c.base = root, base
	c.layout(root, base, c.acc/h)
}

// simulate runs one step of h seconds with the root at root and the base
// direction (a unit vector) at base. Directions are rotated as vectors
// (cos, sin) so a step needs no trigonometry but for limited joints.
func (c *SpringChain) simulate(h float64, root, base mgl64.Vec2) {
	k0 := num.Or(c.Stiffness, DefaultSpringStiffness)
	c0 := c.Damping
	switch {
	case c0 < 0 || math.IsNaN(c0):
		c0 = 0
	case c0 == 0:
		c0 = DefaultSpringDamping
	}
	ext := c.Gravity.Add(c.Wind)
	if !num.FiniteVec(ext) {
		ext = mgl64.Vec2{}
	}
	ext = ext.Mul(h)
	sign := c.sign()
	copy(c.old, c.pos)
	c.pos[0] = root
	prev := base
	for i := range c.joints {
		j := &c.joints[i]
		p, parent := c.old[i+1], c.pos[i]
		k, d := k0, c0
		if j.Stiffness > 0 {
			k *= j.Stiffness
		}
		if j.Damping > 0 {
			d *= j.Damping
		}
		gd := rotate(prev, c.goalCS[i])
		gx, gy := parent[0]+gd[0]*j.Length, parent[1]+gd[1]*j.Length
		inv := 1 / (1 + h*d + h*h*k)
		v := c.vel[i+1]
		vx := (v[0] + h*k*(gx-p[0]) + ext[0]) * inv
		vy := (v[1] + h*k*(gy-p[1]) + ext[1]) * inv
		q, dir := onCircle(mgl64.Vec2{p[0] + h*vx, p[1] + h*vy}, parent, j.Length, gd)
		if j.Limit.Enabled {
			la := sign * math.Atan2(prev[0]*dir[1]-prev[1]*dir[0], prev[0]*dir[0]+prev[1]*dir[1])
			if cl := math.Max(j.Limit.Min, math.Min(la, j.Limit.Max)); cl != la {
				s, co := math.Sincos(sign * cl)
				dir = rotate(prev, mgl64.Vec2{co, s})
				q = parent.Add(dir.Mul(j.Length))
			}
		}
		if c.ground != nil {
			if hit, moved := c.collide(p, q); hit {
				q, dir = onCircle(moved, parent, j.Length, dir)
				if hit2, moved2 := c.collide(moved, q); hit2 {
					q = moved2 // off the circle by at most the skin's worth of a bounce
					_, dir = onCircle(q, parent, j.Length, dir)
				}
			}
		}
		c.pos[i+1] = q
		c.vel[i+1] = q.Sub(p).Mul(1 / h)
		c.dirB[i] = dir
		prev = dir
	}
}

// rotate turns the direction d by the angle whose (cos, sin) is cs.
func rotate(d, cs mgl64.Vec2) mgl64.Vec2 {
	return mgl64.Vec2{d[0]*cs[0] - d[1]*cs[1], d[0]*cs[1] + d[1]*cs[0]}
}

// onCircle moves q onto the circle of radius r around centre, along its
// direction from the centre (or along the unit fallback when q is on the
// centre), and returns it with that unit direction.
func onCircle(q, centre mgl64.Vec2, r float64, fallback mgl64.Vec2) (mgl64.Vec2, mgl64.Vec2) {
	dx, dy := q[0]-centre[0], q[1]-centre[1]
	l := math.Sqrt(dx*dx + dy*dy)
	if !(l > 1e-9) || l > math.MaxFloat64 {
		return centre.Add(fallback.Mul(r)), fallback
	}
	u := mgl64.Vec2{dx / l, dy / l}
	return mgl64.Vec2{centre[0] + u[0]*r, centre[1] + u[1]*r}, u
}

// collide sweeps a joint from p to q against the ground and returns
// whether it hit and where it ends: at the contact, Radius (or the skin)
// off the surface, plus the part of its move along the surface.
func (c *SpringChain) collide(p, q mgl64.Vec2) (bool, mgl64.Vec2) {
	move := q.Sub(p)
	if !(num.Len(move) > 1e-12) {
		return false, q
	}
	var stop, n mgl64.Vec2
	if c.caster != nil && c.Radius > 0 {
		_, normal, f, ok := c.caster.CircleCast(p, q, c.Radius)
		if !ok {
			return false, q
		}
		stop, n = p.Add(move.Mul(num.Clamp01(f))), normal
	} else {
		// A ray along the move, reaching Radius beyond it: a joint
		// coming within Radius of a surface along its way stops there.
		r := math.Max(c.Radius, 0)
		l := num.Len(move)
		point, normal, ok := c.ground.Raycast(p, q.Add(move.Mul(r/l)))
		if !ok {
			// A move that skims a surface: probe Radius along gravity.
			g := num.UnitOr(c.Gravity, mgl64.Vec2{})
			if r == 0 || g == (mgl64.Vec2{}) {
				return false, q
			}
			if point, normal, ok = c.ground.Raycast(q, q.Add(g.Mul(r))); !ok {
				return false, q
			}
			q = q.Add(normal.Mul(r - point.Sub(q).Dot(normal.Mul(-1)) + springSkin))
			return true, q
		}
		stop, n = point.Add(normal.Mul(r)), normal
	}
	if !num.FiniteVec(stop) || !num.FiniteVec(n) {
		return true, p
	}
	stop = stop.Add(n.Mul(springSkin))
	rest := q.Sub(stop)
	if into := rest.Dot(n); into < 0 {
		rest = rest.Sub(n.Mul(into))
	}
	return true, stop.Add(rest)
}

// layout writes the pose shown: the segments' world angles interpolated
// between the last two steps by alpha, blended toward the goal pose by
// the weight, laid out from root with their lengths.
func (c *SpringChain) layout(root mgl64.Vec2, base, alpha float64) {
	w := c.Weight()
	sign := c.sign()
	c.outPts[0] = root
	prevSim, prevOut := base, base
	for i := range c.joints {
		da, db := c.dirA[i], c.dirB[i]
		d := da.Add(db.Sub(da).Mul(alpha)) // nlerp: its angle is all that is used
		sim := math.Atan2(d[1], d[0])
		// The local angle the simulation shows, blended with the goal.
		local := wrapPi(sim - prevSim)
		goal := sign * c.goal[i]
		local = goal + w*wrapPi(local-goal)
		a := prevOut + local
		c.outAng[i] = a
		s, co := math.Sincos(a)
		c.outPts[i+1] = c.outPts[i].Add(mgl64.Vec2{co, s}.Mul(c.joints[i].Length))
		prevSim, prevOut = sim, a
	}
}

// errNoBones is NewSpringBones' error for an empty chain.
var errNoBones = errors.New("ikanim: NewSpringBones: no bones")

// DrawDebug draws the chain's segments and joints with the debug
// overlay's palette (see DebugOptions); like every debug overlay it
// allocates.
func (c *SpringChain) DrawDebug(dst *ebiten.Image, opts *DebugOptions) {
	var zero DebugOptions
	if opts == nil {
		opts = &zero
	}
	w := opts.LineWidth
	if w == 0 {
		w = 1.5
	}
	for i := range c.joints {
		if !opts.HideBones {
			DebugLine(dst, &opts.Camera, c.outPts[i], c.outPts[i+1], w, debugBoneColor)
		}
	}
	if opts.HideJoints {
		return
	}
	for i := range c.outPts {
		r := float32(2.5)
		if i > 0 && c.Radius > 0 {
			r = float32(c.Radius)
		}
		DebugDot(dst, &opts.Camera, c.outPts[i], r, debugJointColor)
	}
}
