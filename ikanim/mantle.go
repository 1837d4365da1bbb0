// Mantling: from a climb over the top of a wall to standing on it.
//
// Derivation. Everything is placed in the edge frame: origin at the Edge
// (the top of the wall's face), x along the character's forward, y down
// (the character frame moved to the edge). The body origin O (the rig's
// Position), both hands and both feet each follow a list of keys (time,
// point); between keys k and k+1 a point moves as
//
//	P(t) = P_k + (P_k+1 - P_k) s((t - t_k)/(t_k+1 - t_k)),  s(u) = 3u^2 - 2u^3,
//
// so every path is continuous with zero speed at its keys (no joint can
// jump), and key 0 of each is where that point was when Start was called.
// The keys, for a biped of default sizes (hip height h_p, shoulder S in the
// animated pose, arm reach R, G the grip Grip px past the edge):
//
//   - catch (0 to CatchTime): O goes to the hang, shoulder Back px behind
//     the grip and sqrt((0.96 R)^2 - (Back+3)^2) below it; the hands go to
//     G -+ 3 along the edge, Offset above the top, and turn to lie along
//     it (hooked over the edge: hookRot); the feet to the wall's face 28
//     and 22 px above O. G is Grip, or the largest grip below it whose
//     forearms and hands stay off the wall under the edge all along the
//     planned paths (armsClear: a forearm hanging from a grip on the top
//     cuts through the corner, 6.4 px for the default biped, and an elbow
//     folding forward during the pull passes the face), so the hands may
//     hook the lip itself.
//   - hang (HangTime): everything holds still.
//   - pull (1 s): O rises to (-12, h_p + 8): the hips come 8 px below the
//     edge, the arms bend; the feet slide up the face.
//   - knee (0.6 s): O goes to (0, 36), hips 28 px above the edge; the near
//     foot goes off the face to (-8, -12), above the corner (at 1.45 s after
//     the hang), and onto the top at (12, ankle) (1.9 s); the hands let go
//     at 1.05 s (their weights fade out), with the shoulders above them.
//   - stand (1 s): O goes to (Stand, 0), standing on the top; the far foot
//     comes over the corner the same way (at 2.2 s); both feet end where the
//     animated pose puts them, so a grounder can take over without a jump.
//
// The feet's keys are where the path goes; keepFoot keeps the legs out of
// the wall under the edge on the way: a foot on the face goes down it as far
// as its knee needs to stay in front of the face (coming back up at most
// mantleDropSpeed), the ankle passes the face only as it rises above the
// top, and the foot bone's tip stays off the face (the toe holds).

package ikanim

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/internal/num"
)

// Mantler defaults (used when the field is zero).
const (
	DefaultMantleCatch = 0.6  // s from the climb to the hang
	DefaultMantleHang  = 1.0  // s hanging still
	DefaultMantleStand = 18.0 // px past the edge the character stands
	DefaultMantleGrip  = 4.0  // px past the edge the hands grip
	DefaultMantleBack  = 22.0 // px the shoulder hangs behind the grip
	mantleKeys         = 8
	mantleDropSpeed    = 45.0 // px/s a foot lowered for its knee comes back up
	mantleOverSlope    = 6.0  // px past the face per px above the top
	mantleLetGo        = 0.25 // s for a hand to go from its grip to its animated place (FadeOut 0)
)

// Mantler takes a biped from climbing at the top of a wall (or anywhere
// near it) to hanging from the edge, pulling up, bringing a knee onto the
// top and standing there. It is a mover (StageMove): add it to the rig,
// call Start when the move should begin, and the rig's Update advances it
// until Done reports true; then it lets go (its Update does nothing until
// the next Start). While it runs it drives the rig's Position and the arm
// and leg limbs, so remove other controllers of those limbs (a Grounder) for
// its duration. It does not allocate after Start.
//
// The top is taken as level. The face under the edge is measured at Start
// when Ground is set (rays along forward every 4 px down to 192 px below
// the edge): on a face leaning back from the edge (a slab)
// the feet, knees and hips stay in front of the face as measured; without
// Ground, or below the measured part, the face is taken as vertical (along
// the rig's Up), and on a slab leaning back 15-20 degrees the feet then go
// 10-17 px into the rock.
type Mantler struct {
	// Edge is the world point at the top of the wall's face.
	Edge mgl64.Vec2
	// CatchTime, HangTime: seconds to reach the hang from where the
	// character is and to hang still (defaults 0.6 and 1; the default
	// catch takes longer where a hand must travel further than 120 px/s
	// covers in 0.6 s, or turn about its shoulder faster on average than
	// 0.2 of TurnSpeed: about 1.25 s for a hand rising from the side to
	// over the head).
	CatchTime, HangTime float64
	// Stand is how far past the edge the character ends standing, px
	// (default 18); Grip how far past it the hands grip (default 4); Back
	// how far behind the grip the shoulders hang (default 22).
	Stand, Grip, Back float64
	// TurnSpeed is the Limb.MaxTurnSpeed of the arms and legs while the
	// move is under way, rad/s (default DefaultClimbTurnSpeed); the move
	// sets them back to 0 when it is done.
	TurnSpeed float64
	// Ground, when set, is the world below the edge (a *terrain.World):
	// the body never goes below its floor (from a ledge lower than a hang,
	// the character stays standing on the floor while it pulls up), and
	// the face under the edge is measured, so the legs and hips stay in
	// front of a face that leans back. Nil (the zero value): the move
	// assumes a vertical wall tall enough to hang from.
	Ground Ground

	rig      *Rig
	def      *RigDef
	active   bool
	arms     [2]int // limb indices, near then far
	legs     [2]int
	shoulder mgl64.Vec2 // animated shoulder, character frame
	feet     [2]mgl64.Vec2
	drops    [2]float64 // px each foot is lowered down the face for its knee
	reach    float64
	t        float64
	done     bool
	fwd      mgl64.Vec2
	body     mantlePath
	hand     [2]mantlePath
	foot     [2]mantlePath
	release  float64 // time the hands let go
	// hookA0 is each hand's angle at Start (character frame) and hookD
	// its turn to lie hooked over the top (hookRot).
	hookA0, hookD [2]float64
	// face is the wall's face under the edge as measured at Start
	// (measureFace): face[k] is its x (edge frame) at the depth
	// (k+1)*mantleFaceStep, for the first nFace depths.
	face  [mantleFaceSamples]float64
	nFace int
}

type mantleKey struct {
	t float64
	p mgl64.Vec2
}

type mantlePath struct {
	n    int
	keys [mantleKeys]mantleKey
}

func (p *mantlePath) add(t float64, pt mgl64.Vec2) {
	if p.n < mantleKeys {
		p.keys[p.n] = mantleKey{t, pt}
		p.n++
	}
}

// at returns the path's point at time t (smoothstep between keys).
func (p *mantlePath) at(t float64) mgl64.Vec2 {
	if p.n == 0 {
		return mgl64.Vec2{}
	}
	for k := 0; k+1 < p.n; k++ {
		a, b := p.keys[k], p.keys[k+1]
		if t < b.t {
			if b.t <= a.t || t <= a.t {
				return a.p
			}
			return a.p.Add(b.p.Sub(a.p).Mul(num.Smoothstep((t - a.t) / (b.t - a.t))))
		}
	}
	return p.keys[p.n-1].p
}

func (p *mantlePath) end() float64 { return p.keys[p.n-1].t }

// NewBipedMantler builds a mantler for rigs of def, a biped built by
// NewBipedDef. Errors name the missing limb.
func NewBipedMantler(rig *Rig) (*Mantler, error) {
	if rig == nil {
		return nil, fmt.Errorf("ikanim: NewBipedMantler: rig is nil")
	}
	def := rig.def
	m := &Mantler{rig: rig, def: def}
	for i, n := range [4]string{LimbArmNear, LimbArmFar, LimbLegNear, LimbLegFar} {
		li := def.LimbIndex(n)
		if li < 0 || len(def.limbs[li].bones) != 2 {
			return nil, fmt.Errorf("ikanim: NewBipedMantler: def has no two-bone limb %q", n)
		}
		if i < 2 {
			m.arms[i] = li
		} else {
			m.legs[i-2] = li
		}
	}
	return m, nil
}

// Done reports whether the last Update finished the move.
func (m *Mantler) Done() bool { return m.done }

// Active reports whether a move is under way (started and not done).
func (m *Mantler) Active() bool { return m.active }

// Stage implements Controller: a mantler moves the body before the pose.
func (m *Mantler) Stage() Stage { return StageMove }

// Start begins a mantle over m.Edge from the rig's current pose: the body
// offset moves into Position (the body stays where it is) and every path
// starts where its point is now. The paths are smooth lines from where the
// body and limbs are to the hang and over the edge: start near the edge (a
// climb's top, or standing under it) — they do not go round solids in
// between. It returns an error, and starts nothing, when Edge is not
// finite or the rig's position is not, or when the body is farther than 3
// leg lengths (thigh plus shin) from where it would hang. It does not
// allocate.
func (m *Mantler) Start() error {
	r := m.rig
	if !num.FiniteVec(m.Edge) {
		m.active, m.done = false, false
		return fmt.Errorf("ikanim: Mantler.Start: Edge %v is not finite", m.Edge)
	}
	if !num.FiniteVec(r.Position) {
		m.active, m.done = false, false
		return fmt.Errorf("ikanim: Mantler.Start: the rig's Position %v is not finite", r.Position)
	}
	m.active = true
	// The body offset moves into Position: from Position, not from the
	// frame's origin (ToWorld), which is last Update's Position and misses
	// a move made since (Climber.Handoff moves its offset into Position).
	r.shiftPosition(r.frame.dirToWorld(r.BodyOffset))
	r.BodyOffset = mgl64.Vec2{}
	m.t, m.done = 0, false
	m.drops = [2]float64{}
	m.fwd = r.Forward()
	m.shoulder = r.animStart[m.def.limbs[m.arms[0]].bones[0]]
	m.reach = m.def.limbs[m.arms[0]].chain.Reach()
	for i, li := range m.legs {
		m.feet[i] = r.animEnd[m.def.limbs[li].bones[1]]
	}
	for i, li := range m.arms {
		from := 0.0 // the effector rotation now, character frame
		if l := &r.limbs[li]; l.CurrentWeight() > 0 && num.Finite(l.EffectorRotation) {
			from = r.worldRot(l.EffectorRotation)
		}
		m.hookA0[i], m.hookD[i] = 0, 0
		if e := m.def.limbs[li].effector; e >= 0 {
			m.hookA0[i] = r.animAngle[e] + from
			m.hookD[i] = hookTurn(m.hookA0[i])
		}
	}
	m.measureFace(r)
	grip := num.Or(m.Grip, DefaultMantleGrip)
	m.plan(r, grip)
	if low := -(DefaultClimbOffset + 3 + mantleArmMargin); low < grip && !m.armsClear(r) {
		// The largest grip up to Grip whose arms clear the corner: the
		// hands move back toward the lip, past it if need be (bisection;
		// the low end has both wrists in front of the face).
		m.plan(r, low)
		if m.armsClear(r) {
			lo, hi := low, grip
			for k := 0; k < 16; k++ {
				mid := (lo + hi) / 2
				m.plan(r, mid)
				if m.armsClear(r) {
					lo = mid
				} else {
					hi = mid
				}
			}
			m.plan(r, lo)
		}
	}
	// The catch is a smooth line from where the body is to the hang:
	// from too far it would pass through whatever lies between.
	lb := m.def.limbs[m.legs[0]].bones
	far := mantleMaxCatch * (m.def.bones[lb[0]].Length + m.def.bones[lb[1]].Length)
	if d := m.body.keys[1].p.Sub(m.body.keys[0].p).Len(); !(d <= far) {
		m.active, m.done = false, false
		return fmt.Errorf("ikanim: Mantler.Start: the body is %.0f px from its hang under Edge %v; start within %.0f px (%v legs' lengths)", d, m.Edge, far, mantleMaxCatch)
	}
	return nil
}

// mantleMaxCatch is the farthest, in leg lengths (thigh plus shin), the body
// may be from its hang when a mantle starts.
const mantleMaxCatch = 3.0

// plan builds the body's, the hands' and the feet's paths (the keys of the
// derivation above) for hands gripping grip px past the edge.
func (m *Mantler) plan(r *Rig, grip float64) {
	catch := num.Or(m.CatchTime, DefaultMantleCatch)
	if !(m.CatchTime > 0) {
		// The default catch takes longer from further away: no hand
		// moves faster on average than mantleCatchSpeed, so the arms
		// (turning at most TurnSpeed) keep to their paths.
		catch = math.Max(catch, m.catchTime(r, grip))
	}
	hang := catch + num.Or(m.HangTime, DefaultMantleHang)
	back := num.Or(m.Back, DefaultMantleBack)
	stand := num.Or(m.Stand, DefaultMantleStand)
	d := DefaultHangReach * m.reach
	dy := math.Sqrt(math.Max(0, d*d-(back+3)*(back+3)))
	hip := -m.shoulder[1] - 36 // hip height above the origin
	if hip <= 0 {
		hip = BipedHipHeight(BipedSizes{})
	}
	local := func(i int) mgl64.Vec2 { // limb i's effector joint, edge frame
		bones := m.def.limbs[i].bones
		return m.toEdge(r, r.ToWorld(r.end[bones[len(bones)-1]]))
	}
	oHang := mgl64.Vec2{grip - back - m.shoulder[0], dy - m.shoulder[1]}
	if m.nFace > 0 {
		// A face leaning back: the shoulders hang further back (and so
		// higher, the arm's length fixed) until the hips are
		// mantleBodyClear in front of it.
		hipL := m.hipLocal(r)
		for k := 0; k < 8; k++ {
			h := oHang.Add(hipL)
			over := h[0] - (m.faceAt(h[1]) - mantleBodyClear)
			if over <= 0.01 {
				break
			}
			b := math.Min(back+over, d-3)
			if b <= back {
				break
			}
			back = b
			dy = math.Sqrt(math.Max(0, d*d-(back+3)*(back+3)))
			oHang = mgl64.Vec2{grip - back - m.shoulder[0], dy - m.shoulder[1]}
		}
	}
	floor := m.floor(r, oHang[0])
	oHang[1] = math.Min(oHang[1], floor)
	pull, knee, end := hang+1.0, hang+1.6, hang+2.6
	m.body = mantlePath{}
	m.body.add(0, m.toEdge(r, r.Position))
	m.body.add(catch, oHang)
	m.body.add(hang, oHang)
	// Pulling up, the elbows come down to about an upper arm's length
	// below the edge: on a face leaning back the body stays that much
	// further back.
	upper := m.def.bones[m.def.limbs[m.arms[0]].bones[0]].Length
	m.body.add(pull, mgl64.Vec2{-12 + m.faceAt(upper), math.Min(hip+8, floor)})
	m.body.add(knee, mgl64.Vec2{0, math.Min(36, floor)})
	m.body.add(end, mgl64.Vec2{stand, 0})
	for i := range m.hand {
		h := &m.hand[i]
		*h = mantlePath{}
		from, mid, to, via := m.handRoute(r, i, grip)
		h.add(0, from)
		if via {
			h.add(catch/2, mid)
		}
		h.add(catch, to)
	}
	m.release = hang + 1.05
	for i, li := range m.legs {
		f := &m.foot[i]
		*f = mantlePath{}
		y := [2]float64{28, 22}[i]
		f.add(0, local(li))
		onFace := func(fy float64) mgl64.Vec2 { return mgl64.Vec2{m.faceAt(fy) - DefaultClimbOffset, fy} }
		f.add(catch, onFace(oHang[1]-y))
		f.add(hang, onFace(oHang[1]-y))
		f.add(pull, onFace(math.Min(hip+8, floor)-y))
		final := mgl64.Vec2{stand + m.feet[i][0], m.feet[i][1]}
		if i == 0 {
			f.add(hang+1.45, mgl64.Vec2{-8, -12})
			f.add(hang+1.9, mgl64.Vec2{12, final[1]})
		} else {
			f.add(knee, onFace(math.Min(30, floor-DefaultAnkleHeight)))
			f.add(hang+2.2, mgl64.Vec2{-8, -12})
		}
		f.add(end, final)
	}
}

// handRoute returns arm i's way to its grip, grip px past the edge (edge
// frame): from its effector now to where it hooks over the top, by way of
// mid, the point above the grip, when via (a hand below the top or beyond
// the grip goes over the edge, not through the corner). The hand lies
// along the top past its wrist: at least mantleHookOverlap of it over the
// top, so the farther hand does not float in front of the face when the
// grip is at the lip.
func (m *Mantler) handRoute(r *Rig, i int, grip float64) (from, mid, to mgl64.Vec2, via bool) {
	li := m.arms[i]
	bones := m.def.limbs[li].bones
	from = m.toEdge(r, r.ToWorld(r.end[bones[len(bones)-1]]))
	x := grip + [2]float64{3, -3}[i]
	if e := m.def.limbs[li].effector; e >= 0 {
		hl := m.def.bones[e].Length
		x = math.Max(x, math.Min(mantleHookOverlap, hl/2)-hl)
	}
	to = mgl64.Vec2{x, -DefaultClimbOffset}
	if over := to[1] - hookLift(m.def, li); from[1] > over || from[0] > to[0] {
		return from, mgl64.Vec2{math.Min(from[0], to[0]), over}, to, true
	}
	return from, to, to, false
}

// mantleFloorRay is how far below the edge, px, Mantler.Ground is looked
// for.
const mantleFloorRay = 400.0

// mantleHookOverlap is how much, px, of a hooked hand lies over the top
// at least (at most half the hand).
const mantleHookOverlap = 3.0

// mantleLetGoClear is how far, px, above the top a letting-go hand past
// the edge must be before its limb fades out to the animation.
const mantleLetGoClear = 4.0

// hookLift returns how far above its hook a hand passes on its way to the
// grip: the hand bone's length, so a hand turning onto the top clears it.
func hookLift(def *RigDef, li int) float64 {
	if e := def.limbs[li].effector; e >= 0 {
		return def.bones[e].Length
	}
	return 0
}

// mantleArmMargin is how far, px, the arms' bones stay off the corner
// under the grip (armsClear).
const mantleArmMargin = 0.25

// armsClear reports whether, on the planned paths, both arms (upper arm,
// forearm and hand) stay mantleArmMargin px off the wall under the edge (the
// quadrant x > 0, y > 0 of the edge frame, or the measured face:
// wallDepthPast) from the catch until the hands let go: the
// shoulder follows the body's path at its animated place, the elbow is
// placed by the law of cosines on the side the arm bent to last (a target
// beyond reach straightens the arm toward it), and the hand bone lies
// hooked over the top.
func (m *Mantler) armsClear(r *Rig) bool {
	catch := m.hand[0].end()
	for t := catch; t <= m.release; t += 1.0 / 60 {
		s := m.body.at(t).Add(m.shoulder)
		for i, li := range m.arms {
			d := &m.def.limbs[li]
			a, b := m.def.bones[d.bones[0]].Length, m.def.bones[d.bones[1]].Length
			side := r.bendSide(d.bones)
			if side == 0 {
				side = math.Copysign(1, d.Bend)
			}
			w := m.hand[i].at(t)
			if l := w.Sub(s).Len(); l > a+b && l > 0 {
				w = s.Add(w.Sub(s).Mul((a + b) / l))
			}
			// The upper arm and the forearm (the shoulder's own place
			// comes from the body's path, which the grip cannot change).
			e := middleJoint(s, w, a, b, side)
			if m.wallDepthPast(s, e) > -mantleArmMargin || m.wallDepthPast(e, w) > -mantleArmMargin {
				return false
			}
			if h := d.effector; h >= 0 {
				// Hooked over the top (hookRot): along the edge frame's x.
				if m.wallDepthPast(w, w.Add(mgl64.Vec2{m.def.bones[h].Length, 0})) > -mantleArmMargin {
					return false
				}
			}
		}
	}
	return true
}

// cornerDepthPast returns the deepest point of segment p-q, its end p
// left out, inside the quadrant x > 0, y > 0 (the wall under the edge, edge
// frame) as min(x, y): positive inside, the distance to the nearer face;
// negative outside. min(x, y) is concave along the segment, so its largest
// value is at an end or where x = y.
func cornerDepthPast(p, q mgl64.Vec2) float64 {
	f := func(u float64) float64 {
		return math.Min(p[0]+(q[0]-p[0])*u, p[1]+(q[1]-p[1])*u)
	}
	best := f(1)
	if den := (q[0] - p[0]) - (q[1] - p[1]); den != 0 {
		if u := (p[1] - p[0]) / den; u > 0 && u < 1 {
			best = math.Max(best, f(u))
		}
	}
	return best
}

// floor returns the height (edge frame, y down) of the Ground below the
// edge at x (edge frame, in front of the face), found by a ray from the
// top's height down, or +Inf without a Ground or a hit.
func (m *Mantler) floor(r *Rig, x float64) float64 {
	if m.Ground == nil || !num.Finite(x) {
		return math.Inf(1)
	}
	from, to := m.toWorld(r, mgl64.Vec2{x, -1}), m.toWorld(r, mgl64.Vec2{x, mantleFloorRay})
	p, _, ok := m.Ground.Raycast(from, to)
	if !ok {
		return math.Inf(1)
	}
	return m.toEdge(r, p)[1]
}

// toEdge maps a world point into the edge frame.
func (m *Mantler) toEdge(r *Rig, w mgl64.Vec2) mgl64.Vec2 {
	d := w.Sub(m.Edge)
	return mgl64.Vec2{d.Dot(m.fwd), -d.Dot(r.Up)}
}

// keepFoot returns the edge-frame foot target p (the path's point) of leg
// i (limb li) moved so the leg stays out of the wall under the edge (x > 0
// and y > 0 in the edge frame):
//
//   - the foot is lowered down the face by as much as its knee, placed by
//     the law of cosines on the side it bent to last frame, needs to stay
//     Offset in front of the face (bisection); once it needs less, the drop
//     comes back at most mantleDropSpeed px/s, so the leg never snaps;
//   - the ankle comes past the face only as it rises above the top: at most
//     mantleOverSlope px per px above the top, less Offset;
//   - while the foot is at or below the top (a ramp out to Offset above it)
//     its bone's tip, at its animated angle, stays Offset in front of the
//     face: the toe holds, not the ankle.
func (m *Mantler) keepFoot(r *Rig, i, li int, p mgl64.Vec2, dt float64) mgl64.Vec2 {
	const off = DefaultClimbOffset
	if !num.FiniteVec(p) {
		return p
	}
	d := &r.def.limbs[li]
	over := func(q mgl64.Vec2) mgl64.Vec2 { // the ankle over the corner and the toe off the face
		if lim := m.faceAt(q[1]) - off + mantleOverSlope*math.Max(0, -q[1]-off); q[0] > lim {
			q[0] = lim
		}
		if e := d.effector; e >= 0 {
			w := math.Max(0, math.Min(1, q[1]/off+1))
			tip := r.def.bones[e].Length * math.Cos(r.animAngle[e])
			if short := q[0] - m.faceAt(q[1]) + off + math.Max(0, tip); short > 0 && w > 0 {
				q[0] -= w * short
			}
		}
		return q
	}
	drop := math.Max(0, m.drops[i]-mantleDropSpeed*math.Max(0, dt))
	if len(d.bones) == 2 {
		a, b := r.def.bones[d.bones[0]].Length, r.def.bones[d.bones[1]].Length
		side := r.bendSide(d.bones)
		// The hip this frame: Position is already this frame's, the
		// frame's origin last Update's.
		hip := m.toEdge(r, r.Position.Add(r.frame.dirToWorld(r.animStart[d.bones[0]].Add(r.BodyOffset))))
		inside := func(dy float64) bool {
			q := over(mgl64.Vec2{p[0], p[1] + dy})
			if q[1] <= -off || q[0] > m.faceAt(q[1])-off { // not on the face
				return false
			}
			k := middleJoint(hip, q, a, b, side)
			return k[0] > m.faceAt(k[1])-off && k[1] > -off
		}
		if side != 0 && a > 0 && b > 0 && inside(drop) {
			lo, hi := drop, drop+a+b
			for k := 0; k < 24; k++ {
				mid := (lo + hi) / 2
				if inside(mid) {
					lo = mid
				} else {
					hi = mid
				}
			}
			if !inside(hi) {
				drop = hi
			}
		}
	}
	if !num.Finite(drop) {
		drop = 0
	}
	m.drops[i] = drop
	return over(mgl64.Vec2{p[0], p[1] + drop})
}

// hookRot returns arm i's (limb li's) effector rotation at time t: from
// the one it had at Start to the hand hooked over the top (the hand bone
// along the top, its fingers over the edge) by the catch, turning the way
// that does not point it down into the top (hookTurn), and back to its
// animated angle as the hands let go (over the same time and smoothstep as
// letGo's move).
func (m *Mantler) hookRot(r *Rig, i, li int, t float64) float64 {
	e := m.def.limbs[li].effector
	if e < 0 {
		return 0
	}
	catch := m.hand[i].end()
	u := 1.0
	if catch > 0 {
		u = num.Smoothstep(math.Min(1, t/catch))
	}
	// Character frame: the hand's angle goes from a0 to a0+d.
	rot := m.hookA0[i] + m.hookD[i]*u - r.animAngle[e]
	if t >= m.release {
		fade := m.def.limbs[li].FadeOut
		if !(fade > 0) || !num.Finite(fade) {
			fade = mantleLetGo
		}
		// Back to the animated angle the shorter way: the hand is
		// above the top by now.
		rot = math.Remainder(rot, 2*math.Pi) * (1 - num.Smoothstep(math.Min(1, (t-m.release)/fade)))
	}
	if !num.Finite(rot) {
		return 0
	}
	return r.worldRot(rot)
}

// hookTurn returns the turn, radians, from the hand angle a0 (character
// frame, y down) to 0 (along the top, forward) that does not pass pointing
// straight down (pi/2): the shorter one unless it does.
func hookTurn(a0 float64) float64 {
	d := math.Remainder(-a0, 2*math.Pi)
	var x float64 // how far the arc must go to reach pi/2
	if d > 0 {
		x = math.Mod(math.Mod(math.Pi/2-a0, 2*math.Pi)+2*math.Pi, 2*math.Pi)
	} else {
		x = math.Mod(math.Mod(a0-math.Pi/2, 2*math.Pi)+2*math.Pi, 2*math.Pi)
	}
	if x < math.Abs(d) {
		d -= math.Copysign(2*math.Pi, d)
	}
	return d
}

// letGo returns arm limb li's target and weight el seconds after the hands
// let go of grip (world): the target moves from the grip to the hand's
// animated place over the limb's FadeOut (mantleLetGo when 0) with a
// smoothstep, that place and the hand bone's tip kept DefaultClimbOffset
// above the top while either lies past the edge, and the weight stays 1 until the move is done and the
// animated hand is clear of the top, then 0 (the limb fades out from a pose
// that is its animated one). Fading the weight from the grip instead swings
// the hand through the top.
func (m *Mantler) letGo(r *Rig, li int, grip mgl64.Vec2, el float64) (mgl64.Vec2, float64) {
	const off = DefaultClimbOffset
	d := &r.def.limbs[li]
	bones := d.bones
	// The animated wrist this frame: Position is already this frame's, the
	// frame's origin last Update's.
	q := m.toEdge(r, r.Position.Add(r.frame.dirToWorld(r.animEnd[bones[len(bones)-1]].Add(r.BodyOffset))))
	// The hand bone's tip at its animated angle: it too stays above the
	// top while it lies past the edge.
	var tip mgl64.Vec2
	if e := d.effector; e >= 0 {
		sn, cs := math.Sincos(r.animAngle[e])
		tip = mgl64.Vec2{cs, sn}.Mul(r.def.bones[e].Length)
	}
	clamped := false
	if lo := -off - math.Max(0, tip[1]); math.Max(q[0], q[0]+tip[0]) > -off && q[1] > lo-mantleLetGoClear {
		// Past the edge and not yet well above the top: held above
		// it (and the limb kept on: fading out there from a held pose
		// would swing the hand down through the top).
		q[1], clamped = math.Min(q[1], lo), true
	}
	fade := d.FadeOut
	if !(fade > 0) || !num.Finite(fade) {
		fade = mantleLetGo
	}
	u := math.Min(1, math.Max(0, el/fade))
	tgt := grip.Add(m.toWorld(r, q).Sub(grip).Mul(num.Smoothstep(u)))
	// On its way the target passes above the corner, not through it:
	// while the wrist or the hand bone's tip lies past the face, the
	// target stays as high above the top as the place q is held at.
	if te, lo := m.toEdge(r, tgt), -off-math.Max(0, tip[1]); te[1] > lo && math.Max(te[0], te[0]+tip[0]) > m.faceAt(math.Max(te[1], te[1]+tip[1]))-off {
		te[1] = lo
		tgt = m.toWorld(r, te)
	}
	if u >= 1 && !clamped {
		return tgt, 0
	}
	return tgt, 1
}

// toWorld maps an edge-frame point to the world.
func (m *Mantler) toWorld(r *Rig, p mgl64.Vec2) mgl64.Vec2 {
	return m.Edge.Add(m.fwd.Mul(p[0])).Add(r.Up.Mul(-p[1]))
}

// Update implements Controller: while a move is under way it advances it by
// dt and sets the rig's Position and limbs for this frame (the rig calls
// it). The move is done when the character stands on the top with its feet
// where its animated pose puts them (Done).
func (m *Mantler) Update(dt float64) {
	if !m.active {
		return
	}
	r := m.rig
	if m.body.n == 0 || !num.FiniteVec(m.Edge) {
		m.active, m.done = false, true
		return
	}
	m.t += dt
	t := m.t
	p := m.toWorld(r, m.body.at(t))
	if num.FiniteVec(p) {
		r.Position = p
	}
	for i, li := range m.arms {
		l := &r.limbs[li]
		l.Target = m.toWorld(r, m.hand[i].at(t))
		l.Weight = 1
		l.EffectorRotation = m.hookRot(r, i, li, t)
		if t >= m.release {
			l.Target, l.Weight = m.letGo(r, li, l.Target, t-m.release)
		}
	}
	for i, li := range m.legs {
		l := &r.limbs[li]
		l.Target = m.toWorld(r, m.keepFoot(r, i, li, m.foot[i].at(t), dt))
		l.Weight, l.EffectorRotation = 1, 0
	}
	m.done = t >= m.body.end()
	if m.done {
		m.active = false
	}
	turn := num.Or(m.TurnSpeed, DefaultClimbTurnSpeed)
	if m.done {
		turn = 0
	}
	for _, li := range m.arms {
		r.limbs[li].MaxTurnSpeed = turn
	}
	for _, li := range m.legs {
		r.limbs[li].MaxTurnSpeed = turn
	}
}
