package creature

// Leg solving.
//
// 2-segment legs: the analytic two-bone kernel ik.SolveTwoBoneXY from the
// hip to the foot. The gait needs each leg's hip, target and stretch
// (prepareLegs); the knee, a pure function of them, is solved at the end of
// the frame with every other joint (solveLegs), so a frame's cost includes
// everything drawing and reading the legs need.
//
// 3-segment legs (femur, tibia, tarsus): the tarsus keeps a direction fixed
// in the frame of the surface the foot stands on, TarsusAngle away from
// the surface's normal n, leaning away from the hip: with r = n turned a
// quarter turn clockwise (Right() for n = up) and
// out = clamp(((foot-hip).r)/tarsus, -1, 1) (continuous as the foot
// passes under the hip, and independent of the facing, so turning around
// does not move the ankle), the ankle is
//
//	ankle = foot + tarsus * (n*cos(TarsusAngle) - r*out*sin(TarsusAngle))
//
// n is the normal under a planted foot, the normals at both ends of a step
// blended by its smoothstep progress under a stepping one (so the ankle
// moves continuously at lift-off and touch-down), and up under a dangling
// foot. In the body's frame (n = up, as it was for every foot) the ankle
// of a foot on the far face of a convex corner, planted on a wall the body
// walks over, leaned into the wall; off its own face it stays clear of it.
//
// and the two-bone kernel solves hip -> ankle. This is the cheap, stable
// choice (no iteration, no trig per frame); the foot stays exactly on its
// foothold whenever the ankle is within the femur+tibia reach, which the
// step trigger (ReachRatio) keeps true while walking.
//
// Bend side: spiders keep their knees up and out. Each leg has a bend side
// in the creature's frame, chosen by NewDef so that in the home
// pose the knee lies on the up side of the hip->target line (for a target
// straight below the hip: the forward side). In world space the side is
// bend = homeBend * (-1 when the body frame is mirrored, Turn < 0) * (-1
// when the leg has turned its knee over, leg.alt): the body frame only
// rotates with up (a rotation keeps the side), and mirroring swaps it. The
// kernel places the knee relative to the hip->target line, so the knee
// keeps its side while the foot sweeps through its stance (less than 90
// degrees from the home direction): no planted knee ever flips without a
// facing change. A 3-segment leg chooses the side it lands with at each
// step (kneeSide, step.go): the definition's side where its femur and
// tibia are free of solids at touch-down (and a step later, where the
// ground is not open), else the other side where that one is free and does
// not cross a neighbour's leg (a foot planted before a pillar bends its
// knee away from the pillar). A swing that changes sides turns the knee
// over in its middle through a straight leg (turnKnee, turnRoom), so the
// knee moves continuously; a planted leg never changes sides.
//
// Leg-length constraint: before solving, the body is pulled toward every
// planted foot whose two-bone target lies beyond holdStretch of the
// reach from its hip, by the excess, and pushed away from every planted foot
// closer than its least distance, minStretch of the reach or
// foldMargin*|femur - tibia| when more (the two-bone kernel cannot
// fold tighter than |femur - tibia|), two Gauss-Seidel sweeps; the
// sweeps' total move is capped at pullSpeed*dt per update (capPull),
// so a foot that lands far from its hip cannot snap the body. Two planted
// feet can pull the body in opposite directions (one at full stretch behind,
// one landed under the hip on a rising surface), and then two sweeps leave
// one of them out of bounds; the gait lifts any planted leg the constraint
// leaves beyond holdStretch or below liftMinRatio of its
// least distance, in the same frame (gaitMayLift). Every leg that stays
// planted therefore has its target within what the kernel reaches exactly,
// and its drawn tip stays on its locked contact, whatever the tilt, height
// and walking do.
//
// Stretch: the stretch is the hip-to-target distance over the two-bone reach
// (femur + tibia), or hip-to-foot over the whole length for tentacles. A
// foot steps when it exceeds ReachRatio; footholds must be within
// landRatio of ReachRatio; and while a planted foot is stretched
// beyond ReachRatio the body slows (hold), down to a stop at
// holdStretch, so it never drags a planted foot. The per-frame code
// keeps the squared stretch (legStretch2) and compares it with squared
// bounds, so it takes no square root except for the hold of the most
// stretched leg and for a leg the constraint moves.
//
// Tentacles (more than 3 segments): every frame, planted or swinging, the
// tentacle is set to a shape fanned out from its hip to its foot
// (fanTentacle, fan.go), whose tip is on the foot; FABRIK, with the bone
// limits of the definition measured from the creature's down direction,
// then polishes the tip (tentacleIterations planted,
// tentacleSwingIterations swinging: a tip in the air need not be exact)
// where it misses the foot by more than tentacleTolerance, or applies the
// limits of a definition that sets them (fanJoints: otherwise the shape's
// joints are the pose, with no FABRIK and no trigonometry).
// Solved from the last frame's pose instead, FABRIK left the slack in
// loops and curls above the head, the tentacles crossing each other.

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/ik"
	"github.com/ikanim/kit/ikanim/internal/num"
)

// prepareLegs applies the body constraint, then, in one pass over the
// legs for the final body frame: the hip, two-bone target and stretch of
// the planted legs and the body's hold factor (which the gait reads), the
// hip and target of every other leg (which the solves read), and the pose
// of a leg whose knee turns over (turnKnee). With plan, the same pass also
// records what the gait wants of each leg (gaitWant, which reads the knee
// solved in the last frame; plan.mixed must tell whether the planted feet's
// normals differ). A second pass solves every other 2- and
// 3-segment leg (solveLeg) from the hip and target the first one stored:
// those solves do not depend on one another, and in a loop of their own the
// processor runs them side by side. gaitStart then starts the steps, which
// changes no hip, target or foot, so the poses solved here are those of the
// end of the frame. When the constraint's last sweep moved nothing, the
// hips, targets and stretches it computed for the planted legs are already
// those of the final body position and are kept.
func (c *Creature) prepareLegs(plan *gaitPlan) {
	d := c.def
	f := c.frame()
	// The two-bone targets of this frame, by leg.
	var tgt [MaxLegs]mgl64.Vec2
	fresh := c.constrainBody(&f, &tgt)
	if !fresh {
		f = c.frame() // the body moved: hips moved with it
	}
	maxStretch2 := 0.0 // the squared stretch of the most stretched planted leg
	legs := c.legs
	dl := d.legs[:len(legs)] // one bounds check for the loop
	poses := c.poses[:len(legs)]
	mirror := c.mirrored()
	var solve uint32 // legs the second pass solves (bit i: leg i)
	// The frame and the gait's constants in locals: the common paths below
	// call nothing, so they stay in registers (a Go call clobbers them all).
	px, py, fx, fy, ux, uy := f.px, f.py, f.fx, f.fy, f.ux, f.uy
	reach2, invStep2 := d.reach2, d.invStep2
	for i := range legs {
		l := &legs[i]
		ld := &dl[i]
		if l.state == legPlanted {
			if !fresh {
				c.legPrepare(&f, l, ld, &tgt[i])
			}
			// Squared distance from the home (homeWorld, written out), for
			// the gait.
			dx := l.foot[0] - (px + fx*ld.homeX + ux*ld.homeY)
			dy := l.foot[1] - (py + fy*ld.homeX + uy*ld.homeY)
			home2 := dx*dx + dy*dy
			st := l.stretch2
			if ld.chain != nil {
				st *= tentacleHold2
			} else {
				solve |= 1 << (i & 31)
			}
			if st > maxStretch2 {
				maxStretch2 = st
			}
			if plan == nil {
				continue
			}
			// gaitWant's common case written out: a jointed leg within
			// its bounds, its knee (last frame's) not below its face's
			// plane, on ground of one normal, that has not strayed half a
			// step distance, wants nothing.
			k := &poses[i].knee
			if ld.chain == nil && !(st > reach2) && !(l.stretch2 < ld.liftMin2) && !plan.mixed &&
				(k[0]-l.foot[0])*l.normal[0]+(k[1]-l.foot[1])*l.normal[1] >= -kneeSink &&
				home2*invStep2 <= gaitSyncRatio*gaitSyncRatio {
				continue
			}
			c.gaitWant(i, l, ld, home2, plan)
			continue
		}
		if l.state == legDangling {
			l.foot = c.hangPoint(&f, ld)
			if plan != nil {
				c.gaitWant(i, l, ld, 0, plan)
			}
		}
		if ld.chain != nil {
			c.legPlace(&f, l, ld) // the tentacle solve reads the hip
			continue
		}
		// The hip and the two-bone target (legPoints, with tarsusNormal's
		// normal, written out).
		nx, ny := ux, uy // up under a dangling foot
		if l.state == legStepping {
			t := l.t
			e := t * t * (3 - 2*t)
			nx = l.fromN[0] + (l.toN[0]-l.fromN[0])*e
			ny = l.fromN[1] + (l.toN[1]-l.fromN[1])*e
			if n2 := nx*nx + ny*ny; n2 > 1e-12 {
				if n2 != 1 { // (1/sqrt(1) = 1: the normal is unit already)
					k := 1 / math.Sqrt(n2)
					nx, ny = nx*k, ny*k
				}
			} else {
				nx, ny = ux, uy
			}
		}
		hx, hy := px+fx*ld.hipX+ux*ld.hipY, py+fy*ld.hipX+uy*ld.hipY
		tx, ty := l.foot[0], l.foot[1]
		if ld.segs == 3 {
			tx, ty = ld.ankle(hx, hy, tx, ty, nx, ny)
		}
		l.hip = mgl64.Vec2{hx, hy}
		tgt[i] = mgl64.Vec2{tx, ty}
		if l.state != legStepping || l.alt == l.altTo {
			solve |= 1 << (i & 31)
			continue
		}
		// The knee turns over. The tarsus keeps its length and direction:
		// it hangs from the slid target as it did from the two-bone target
		// (it was drawn from the leg's end to the foot, up to 7x its
		// length).
		bend := ld.bend
		if l.alt != mirror {
			bend = -bend
		}
		vx, vy := l.foot[0]-tx, l.foot[1]-ty
		var sx, sy float64
		bend, sx, sy = l.turnKnee(ld, bend, hx, hy, tx, ty)
		if sx != tx || sy != ty {
			sx, sy = c.turnClamp(hx, hy, tx, ty, sx, sy)
		}
		tx, ty = sx, sy
		solveLeg(&poses[i], ld, mgl64.Vec2{tx + vx, ty + vy}, hx, hy, tx, ty, bend)
	}
	for i := range legs {
		if solve&(1<<(i&31)) == 0 {
			continue
		}
		l := &legs[i]
		ld := &dl[i]
		bend := ld.bend
		if l.alt != mirror {
			bend = -bend
		}
		// solveLeg, written out.
		hx, hy, tx, ty := l.hip[0], l.hip[1], tgt[i][0], tgt[i][1]
		kx, ky, ex, ey := ik.SolveTwoBoneXY(hx, hy, tx, ty, ld.l0, ld.l1, bend)
		p := &poses[i]
		p.hip[0], p.hip[1] = hx, hy
		p.knee[0], p.knee[1] = kx, ky
		p.ankle[0], p.ankle[1] = ex, ey
		if ld.segs == 3 {
			ex, ey = ex+l.foot[0]-tx, ey+l.foot[1]-ty
		}
		p.tip[0], p.tip[1] = ex, ey
	}
	c.guardLegs(plan)
	c.hold = 1
	if rr := d.Gait.ReachRatio; maxStretch2 > rr*rr {
		c.hold = holdFactor(math.Sqrt(maxStretch2), rr) // one square root per frame
	}
}

// solveLeg writes the pose of a 2- or 3-segment leg with its foot at foot,
// its hip at (hx, hy) and its two-bone target at (tx, ty): the two-bone
// kernel from the hip to the target with the bend side bend (the leg's,
// mirrored with the body frame) gives the knee and the end of the two-bone
// part (the ankle), and the tip is the ankle moved by the tarsus (foot -
// target).
func solveLeg(p *legPose, ld *legDef, foot mgl64.Vec2, hx, hy, tx, ty, bend float64) {
	kx, ky, ex, ey := ik.SolveTwoBoneXY(hx, hy, tx, ty, ld.l0, ld.l1, bend)
	p.hip[0], p.hip[1] = hx, hy
	p.knee[0], p.knee[1] = kx, ky
	p.ankle[0], p.ankle[1] = ex, ey
	if ld.segs == 3 {
		ex, ey = ex+foot[0]-tx, ey+foot[1]-ty
	}
	p.tip[0], p.tip[1] = ex, ey
}

// turnKnee returns the bend side and the two-bone target with which a
// stepping leg whose knee turns over to the other side (alt != altTo) is
// solved at its progress t, for its hip (hx, hy), its two-bone target
// (tx, ty) and its bend side before the turn, bend: over the middle of the
// swing, s = (t - kneeT0)/(1 - 2*kneeT0) in [0, 1], the target slides out
// along the hip -> target line toward the full reach by the weight
// w = (4s(1-s))^2, the leg straightening, and the side changes at s = 1/2,
// where the leg is straight (the kernel's reach margin leaves the knee
// within a few percent of the femur of the line): the knee moves
// continuously from one side to the other, the bones keep their lengths,
// and the tip, which the kernel puts on the slid target, is back on the
// foot's arc from s = 1 on.
func (l *leg) turnKnee(ld *legDef, bend, hx, hy, tx, ty float64) (float64, float64, float64) {
	s := min(max((l.t-kneeT0)/(1-2*kneeT0), 0), 1)
	if s >= 0.5 {
		bend = -bend
	}
	q := 4 * s * (1 - s)
	w := q * q
	if w <= 0 {
		return bend, tx, ty
	}
	dx, dy := tx-hx, ty-hy
	d := math.Sqrt(dx*dx + dy*dy)
	if d < 1e-9 {
		return bend, tx, ty
	}
	k := 1 + (ld.reach/d-1)*w
	return bend, hx + dx*k, hy + dy*k
}

// turnClamp returns the slid two-bone target (sx, sy) of a leg whose knee
// turns over (turnKnee), with its hip at (hx, hy) and its two-bone target
// at (tx, ty), slid no farther than swingClear short of the first solid
// the line from the hip enters (and never short of the target itself):
// the straightening leg stops at the rock instead of entering it (the
// knee then changes sides a little off the line). turnRoom chose the turn
// where the lines it predicted were free; the body does not always move
// as predicted. One ray a frame while the knee turns, none where the
// Ground proves the rectangle round the line free.
func (c *Creature) turnClamp(hx, hy, tx, ty, sx, sy float64) (float64, float64) {
	dx, dy := sx-hx, sy-hy
	l := math.Sqrt(dx*dx + dy*dy)
	if !(l > 1e-9) {
		return sx, sy
	}
	k := (l + swingClear) / l
	h := mgl64.Vec2{hx, hy}
	end := mgl64.Vec2{hx + dx*k, hy + dy*k}
	if c.clear3(h, end, end) {
		return sx, sy
	}
	p, n, ok := c.ground.Raycast(h, end)
	if !ok || n[0]*dx+n[1]*dy >= 0 {
		return sx, sy
	}
	a := (p[0]-hx)*dx/l + (p[1]-hy)*dy/l - swingClear
	d0 := math.Sqrt((tx-hx)*(tx-hx) + (ty-hy)*(ty-hy))
	a = math.Max(a, d0)
	if !(a < l) {
		return sx, sy
	}
	return hx + dx*a/l, hy + dy*a/l
}

// kneeT0 is the share of a step, at either end, in which a knee that turns
// over to its other side does not move yet (turnKnee).
const kneeT0 = 0.15

// hangPoint returns where a dangling foot hangs for the body frame f: at
// its home, or, when the segment from its hip to its home enters a solid,
// swingClear short of the surface along it (a foot with no foothold is
// never drawn inside a solid); when that ray finds no surface to enter,
// the same from the body centre (a hip can lie inside a solid whose faces
// a ray from it skips). One or two rays per dangling leg and frame.
func (c *Creature) hangPoint(f *bodyFrame, ld *legDef) mgl64.Vec2 {
	home := mgl64.Vec2{f.px + f.fx*ld.homeX + f.ux*ld.homeY, f.py + f.fy*ld.homeX + f.uy*ld.homeY}
	if c.ground == nil {
		return home
	}
	hip := mgl64.Vec2{f.px + f.fx*ld.hipX + f.ux*ld.hipY, f.py + f.fy*ld.hipX + f.uy*ld.hipY}
	p, n, ok := c.ground.Raycast(hip, home)
	d := home.Sub(hip)
	if ok && n.Dot(d) < 0 {
		l := d.Len()
		a := math.Max(0, p.Sub(hip).Dot(d)/l-swingClear)
		return hip.Add(d.Mul(a / l))
	}
	// The ray from the hip left a solid, or found none: the hip may lie
	// inside a solid (the front of a body that turns down a wall into the
	// floor), whose faces that ray skips. Seen from the body centre, the
	// foot hangs swingClear short of the surface it would enter on the
	// way home.
	o := mgl64.Vec2{f.px, f.py}
	p, n, ok = c.ray(c.ground, o, home)
	d = home.Sub(o)
	if !ok || n.Dot(d) >= 0 {
		return home
	}
	l := d.Len()
	a := math.Max(0, p.Sub(o).Dot(d)/l-swingClear)
	return o.Add(d.Mul(a / l))
}

// bodyFrame is the body frame of one moment, as scalars: the body
// position p, up u, the surface tangent r = Right(), the body frame's
// forward axis f = r*Turn (bodyPoint).
type bodyFrame struct {
	px, py, ux, uy, rx, ry, fx, fy float64
}

// frame returns the creature's current body frame.
func (c *Creature) frame() bodyFrame {
	ux, uy := c.up[0], c.up[1]
	return bodyFrame{
		px: c.pos[0], py: c.pos[1], ux: ux, uy: uy,
		rx: -uy, ry: ux, fx: -uy * c.turn, fy: ux * c.turn,
	}
}

// legPrepare writes leg l's hip, two-bone target (to target) and squared stretch for
// the body frame f; it returns the hip-to-target vector and its squared
// length. It is legPlace written out (the per-frame pass over the planted
// legs calls it once a leg).
func (c *Creature) legPrepare(f *bodyFrame, l *leg, ld *legDef, target *mgl64.Vec2) (dx, dy, dist2 float64) {
	hx, hy := f.hip(ld)
	tx, ty := l.foot[0], l.foot[1]
	if ld.segs == 3 {
		tx, ty = ld.ankle(hx, hy, tx, ty, l.normal[0], l.normal[1])
	}
	l.hip = mgl64.Vec2{hx, hy}
	*target = mgl64.Vec2{tx, ty}
	dx, dy = tx-hx, ty-hy
	dist2 = dx*dx + dy*dy
	l.stretch2 = dist2 * ld.invReach2
	return dx, dy, dist2
}

// hip returns the hip of a leg of definition ld in the body frame f
// (bodyPoint on scalars).
func (f *bodyFrame) hip(ld *legDef) (hx, hy float64) {
	return f.px + f.fx*ld.hipX + f.ux*ld.hipY, f.py + f.fy*ld.hipX + f.uy*ld.hipY
}

// legPlace writes the hip of tentacle leg l for the body frame f (the
// tentacle's solve reads it; a tentacle's two-bone target is its foot).
func (c *Creature) legPlace(f *bodyFrame, l *leg, ld *legDef) {
	hx, hy := f.hip(ld)
	l.hip = mgl64.Vec2{hx, hy}
}

// legPoints returns the hip and two-bone target of a leg with its foot at
// foot, on a surface of normal (nx, ny) (the tarsus's frame, see the file
// comment), for the body frame f.
func (c *Creature) legPoints(f *bodyFrame, foot mgl64.Vec2, nx, ny float64, ld *legDef) (hx, hy, tx, ty float64) {
	hx, hy = f.hip(ld)
	tx, ty = foot[0], foot[1]
	if ld.segs == 3 {
		tx, ty = ld.ankle(hx, hy, tx, ty, nx, ny)
	}
	return hx, hy, tx, ty
}

// ankle returns the ankle of a 3-segment leg with its hip at (hx, hy) and
// its foot at (fx, fy) on a surface of unit normal (nx, ny) (see the file
// comment).
func (ld *legDef) ankle(hx, hy, fx, fy, nx, ny float64) (ax, ay float64) {
	rx, ry := -ny, nx
	// clamp to [-1, 1] (as min(max(out, -1), 1), NaN and -0 included, in
	// fewer instructions than the builtins' NaN and zero rules take)
	out := ((fx-hx)*rx + (fy-hy)*ry) * ld.invTarsus
	if out < -1 {
		out = -1
	} else if out > 1 {
		out = 1
	}
	os := out * ld.tarsusSin
	return fx + ld.tarsusCos*nx - rx*os, fy + ld.tarsusCos*ny - ry*os
}

// tarsusNormal returns the normal of the tarsus's frame of leg l (see the
// file comment): its normal when planted, the normals of its step's ends
// blended by the smoothstep of its progress when stepping, up when
// dangling.
func (c *Creature) tarsusNormal(l *leg) (nx, ny float64) {
	switch l.state {
	case legPlanted:
		return l.normal[0], l.normal[1]
	case legStepping:
		t := l.t
		e := t * t * (3 - 2*t)
		nx = l.fromN[0] + (l.toN[0]-l.fromN[0])*e
		ny = l.fromN[1] + (l.toN[1]-l.fromN[1])*e
		if n2 := nx*nx + ny*ny; n2 > 1e-12 {
			k := 1 / math.Sqrt(n2)
			return nx * k, ny * k
		}
	}
	return c.up[0], c.up[1]
}

// solveLegs solves the tentacles' poses for the frame and stores them
// (poses): the fanned shape, polished by FABRIK (solveTentacle), from the
// hip prepareLegs wrote. It runs after the gait, which sets how far FABRIK
// may polish a tentacle (a swinging one's tip need not be exact).
// prepareLegs solved the 2- and 3-segment legs. Leg, Draw and DrawDebug
// read what they stored.
func (c *Creature) solveLegs() {
	if c.chains == nil {
		return
	}
	legs := c.legs
	poses := c.poses[:len(legs)]
	dl := c.def.legs[:len(legs)]
	base := math.Atan2(-c.up[1], -c.up[0])
	for i := range poses {
		if dl[i].chain != nil {
			c.solveTentacle(i, base)
		}
	}
	c.keepTentaclesOut()
	for i := range poses {
		if dl[i].chain == nil {
			continue
		}
		ch := &c.chains[i]
		p := &poses[i]
		p.hip, p.knee, p.ankle, p.tip = legs[i].hip, ch.knee, ch.ankle, ch.tip
	}
}

// solveTentacle solves tentacle leg i: the fanned shape from its hip to
// its foot (fanTentacle), polished by FABRIK when its tip is not on the
// foot already (fanJoints). base is the chain's base angle, the creature's
// down direction (one atan2 per frame for all tentacles).
func (c *Creature) solveTentacle(i int, base float64) {
	l := &c.legs[i]
	ch := &c.chains[i]
	chain := c.def.legs[i].chain
	ch.pose.Origin = l.hip
	ch.pose.Base = base
	sh := c.fanTentacle(i)
	if chain.HasLimits() || !ch.fanJoints(&sh, l.foot) {
		c.fanAngles(i, &sh)
		ch.solver.MaxIterations = tentacleIterations
		if l.state == legStepping {
			ch.solver.MaxIterations = tentacleSwingIterations
		}
		ch.solver.Solve(chain, &ch.pose, l.foot)
		ch.joints = chain.Joints(&ch.pose, ch.joints)
	}
	n := len(ch.joints)
	ch.knee = ch.joints[n/2]
	ch.ankle = ch.joints[n-2]
	ch.tip = ch.joints[n-1]
}

// fanJoints writes the joints of the fanned shape sh into ch.joints and
// reports whether its tip lies within tentacleTolerance of foot, the
// test by which FABRIK leaves a pose as it is (then neither FABRIK nor
// the pose's angles are needed). Bone k points at the world angle
// theta + a*h_k - phi (the file comment of fan.go): the direction
// (cos a*h_k, sin a*h_k) that fanAmp's last chord computed, turned by
// theta - phi, whose cosine and sine come from the unit vectors of the
// root-to-foot vector (theta) and of the chord (phi) without trigonometry.
// So the joints cost no sincos and no atan2 (forward kinematics from the
// angles cost a sincos per bone); they equal the angles' forward
// kinematics to rounding. It reports false (the caller sets the angles and
// FABRIK solves) when fanAmp did not keep the sines (the straight or the
// most folded shape), the foot is on the root or the chord is degenerate.
func (ch *tentacleChain) fanJoints(sh *fanShape, foot mgl64.Vec2) bool {
	e := math.Sqrt(sh.ex*sh.ex + sh.ey*sh.ey)
	m := &ch.memo
	if !sh.saved || !(sh.d > 0) || !(e > fanChordMin*sh.d) || !m.lastOK || !m.lastCur || m.lastA != sh.a {
		return false
	}
	k := 1 / (sh.d * e)
	rc := (sh.dx*sh.ex + sh.dy*sh.ey) * k // cos(theta - phi)
	rs := (sh.dy*sh.ex - sh.dx*sh.ey) * k // sin(theta - phi)
	lens := ch.lens
	sn, cs := m.sn[:len(lens)], m.cs[:len(lens)]
	o := ch.pose.Origin
	js := ch.joints[:0]
	x, y := o[0], o[1]
	js = append(js, mgl64.Vec2{x, y})
	for k, l := range lens {
		x += l * (rc*cs[k] - rs*sn[k])
		y += l * (rs*cs[k] + rc*sn[k])
		js = append(js, mgl64.Vec2{x, y})
	}
	ch.joints = js
	ex, ey := x-foot[0], y-foot[1]
	tol := ch.solver.Tolerance
	return ex*ex+ey*ey <= tol*tol
}

// fanChordMin: fanJoints leaves a shape whose chord is shorter than this
// share of the root-to-foot distance to the angles and FABRIK (its
// direction, phi, is then not well defined).
const fanChordMin = 1e-6

const (
	// landRatio: a foothold must be within this fraction of
	// ReachRatio * reach of the hip (at the end of the step), so a foot
	// does not land already wanting to step again.
	landRatio = 0.97
	// holdStretch is the stretch at which the body stops.
	holdStretch = 0.995
	// minStretch is the least stretch a planted leg is kept at
	// (or foldMargin * |femur - tibia| / reach when more).
	minStretch = 0.2
	// foldMargin keeps the body constraint's least hip-to-target
	// distance this factor above |femur - tibia|, the tightest fold the
	// two-bone kernel reaches exactly.
	foldMargin = 1.05
	// liftMinRatio: a planted leg that the body constraint leaves
	// folded below this fraction of its least distance lifts (gaitMayLift);
	// the fraction only absorbs the rounding of a leg the constraint put
	// exactly on its bound. It keeps the target beyond |femur - tibia|
	// (foldMargin*liftMinRatio > 1), so a planted foot's
	// drawn tip never leaves its contact.
	liftMinRatio = 0.99
	// pullSpeed caps the body constraint's move, px/s (capPull).
	pullSpeed = 480
	// tentacleHold2 scales a tentacle's squared stretch so that
	// tentacleMaxStretch counts as holdStretch for the hold.
	tentacleHold2 = (holdStretch / tentacleMaxStretch) * (holdStretch / tentacleMaxStretch)
)

// legDef.liftMin2 (NewDef) is the squared stretch below
// which a planted leg lifts (gaitMayLift): liftMinRatio of its
// least distance.

// landMin2 returns the squared stretch below which a foothold is rejected
// (footholdOK): its least distance over landRatio.
func (ld *legDef) landMin2() float64 {
	return ld.minDist2 * ld.invReach2 / (landRatio * landRatio)
}

// holdFactor returns the body's speed factor for the largest stretch of a
// planted leg: 1 up to ReachRatio, falling linearly to 0 at
// holdStretch.
func holdFactor(stretch, ratio float64) float64 {
	if stretch <= ratio {
		return 1
	}
	if ratio >= holdStretch {
		return 1
	}
	if stretch >= holdStretch {
		return 0
	}
	return (holdStretch - stretch) / (holdStretch - ratio)
}

// legTarget returns the two-bone target of leg i for a foot on a surface
// of unit normal n: the foot itself, or the ankle above it for 3-segment
// legs (see the file comment).
func (c *Creature) legTarget(i int, hip, foot, n mgl64.Vec2) mgl64.Vec2 {
	ld := &c.def.legs[i]
	if ld.segs != 3 {
		return foot
	}
	ax, ay := ld.ankle(hip[0], hip[1], foot[0], foot[1], n[0], n[1])
	return mgl64.Vec2{ax, ay}
}

// legStretch2 returns the square of how stretched leg i would be with its
// hip at hip and its foot at foot, on a surface of unit normal n (see the
// file comment).
func (c *Creature) legStretch2(i int, hip, foot, n mgl64.Vec2) float64 {
	t := c.legTarget(i, hip, foot, n)
	dx, dy := t[0]-hip[0], t[1]-hip[1]
	return (dx*dx + dy*dy) * c.def.legs[i].invReach2
}

// constrainBody pulls the body toward over-stretched planted feet (see the
// file comment), updating f's position as the body moves, and writes the
// planted legs' hips, stretches and two-bone targets (tgt, by leg). It
// reports whether its last sweep moved nothing, in which case the hips,
// targets and stretches of the planted legs it wrote are final.
func (c *Creature) constrainBody(f *bodyFrame, tgt *[MaxLegs]mgl64.Vec2) bool {
	d := c.def
	start := c.pos
	for sweep := 0; sweep < 2; sweep++ {
		moved := false
		legs := c.legs
		dl := d.legs[:len(legs)]
		// The frame in locals, and legPrepare written out: the common
		// path calls nothing, so they stay in registers.
		px, py, fx, fy, ux, uy := f.px, f.py, f.fx, f.fy, f.ux, f.uy
		for i := range legs {
			l := &legs[i]
			if l.state != legPlanted {
				continue
			}
			ld := &dl[i]
			hx, hy := px+fx*ld.hipX+ux*ld.hipY, py+fy*ld.hipX+uy*ld.hipY
			tx, ty := l.foot[0], l.foot[1]
			if ld.segs == 3 {
				tx, ty = ld.ankle(hx, hy, tx, ty, l.normal[0], l.normal[1])
			}
			l.hip = mgl64.Vec2{hx, hy}
			tgt[i] = mgl64.Vec2{tx, ty}
			dx, dy := tx-hx, ty-hy
			dist2 := dx*dx + dy*dy
			l.stretch2 = dist2 * ld.invReach2
			if dist2 <= ld.maxDist2 && dist2 >= ld.minDist2 {
				continue // within bounds: no square root
			}
			dist := math.Sqrt(dist2)
			switch {
			case dist > ld.maxDist:
				k := (dist - ld.maxDist) / dist
				c.pos[0] += dx * k
				c.pos[1] += dy * k
				moved = true
			case dist < ld.minDist && dist > 1e-9:
				k := (dist - ld.minDist) / dist
				c.pos[0] += dx * k
				c.pos[1] += dy * k
				moved = true
			case dist <= 1e-9:
				c.pos = c.pos.Add(c.up.Mul(ld.minDist))
				moved = true
			default:
				continue
			}
			f.px, f.py = c.pos[0], c.pos[1]
			px, py = f.px, f.py
		}
		if !moved {
			// Capped (moved back): the hips it wrote are stale.
			return sweep == 0 || !c.capPull(start, f)
		}
	}
	c.capPull(start, f)
	return false
}

// capPull limits how far the body constraint moved the body in this update
// to pullSpeed*dt (c.pull, set by Update; 0 means no limit, for
// Place): a foot that lands where the body cannot follow at once (far
// beyond its reach after a tilt) would otherwise snap the body by tens of
// pixels in one frame. A planted leg the capped move leaves beyond
// holdStretch lifts in the same frame (gaitMayLift), so every leg
// that stays planted keeps its tip on its contact.
// It reports whether it moved the body.
//
// A creature on tentacles has its move swept against the world too: a ray
// from where the body was to pullClear past where it goes, and a body that
// would end inside a solid (a ray back from the end leaves one first)
// stops pullClear short of its surface. A tentacle that planted on the top
// of a box's lid, far beyond the reach of the body climbing the box's
// side, pulled the body through the corner of the 20 px wall at 30 TPS
// (a new user's trial). Legs of 2 and 3 segments reach less far and are
// not swept: held at the foot of a thin pillar their body was pulled past,
// a spider's stretched legs went 40 px into the ground.
func (c *Creature) capPull(start mgl64.Vec2, f *bodyFrame) bool {
	if c.pull <= 0 {
		return false
	}
	dx, dy := c.pos[0]-start[0], c.pos[1]-start[1]
	d2 := dx*dx + dy*dy
	if d2 == 0 || (d2 <= c.pull*c.pull && c.chains == nil) {
		return false
	}
	d := math.Sqrt(d2)
	k := math.Min(1, c.pull/d)
	if g := c.ground; g != nil && c.chains != nil {
		ux, uy := dx/d, dy/d
		to := mgl64.Vec2{start[0] + dx*k + ux*pullClear, start[1] + dy*k + uy*pullClear}
		if p, n, ok := g.Raycast(start, to); ok && num.FiniteVec(p) && n[0]*ux+n[1]*uy < 0 {
			if _, m, back := g.Raycast(to, start); back && m[0]*ux+m[1]*uy < 0 {
				along := (p[0]-start[0])*ux + (p[1]-start[1])*uy - pullClear
				k = math.Min(k, math.Max(0, along)/d)
			}
		}
	}
	if k >= 1 {
		return false
	}
	c.pos = mgl64.Vec2{start[0] + dx*k, start[1] + dy*k}
	f.px, f.py = c.pos[0], c.pos[1]
	return true
}

// pullClear is how far, px, a swept body constraint move stops short of a
// surface (capPull).
const pullClear = 2.0
