package ikanim

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/ik"

	"github.com/ikanim/kit/ikanim/internal/num"
)

// WalkCycle is a procedural PoseSource: a side-view walk for the biped
// template (NewBipedDef), made from speed and phase instead of keyframes.
//
// Each foot follows a path in the character frame (ground at y = 0): while
// planted it slides backward in a straight line at exactly the walk's speed,
// so a body moving forward at that speed leaves the foot still in the world;
// in the air it swings forward on an eased arc. The legs reach these ankle
// points with the analytic two-bone kernel, the arms swing against the legs,
// the body bobs twice per cycle and leans into the walk.
//
// It is SpeedDriven: a rig whose TimeScale is 0 (the default) drives it
// every frame with the speed the game moves the character at (Rig.Speed),
// so the game only moves Position. Below the full speed the stride shortens
// (down to feet together at speed 0, an idle stance), above it the cadence
// quickens. A game that wants another speed calls Drive itself and sets the
// rig's TimeScale to what it returns.
//
// A WalkCycle holds the stride Drive set and caches the bone indices of the
// last RigDef it posed: give each rig its own.
type WalkCycle struct {
	// Stride is how far the body travels in one cycle (two steps), px
	// (default 56).
	Stride float64
	// Period is the cycle's duration at TimeScale 1, seconds (default 0.9).
	Period float64
	// StepHeight is the swing foot's lift, px (default 9).
	StepHeight float64
	// Duty is the fraction of a cycle each foot is planted, in (0.5, 1)
	// (default 0.6: both feet are down for 10% of each step).
	Duty float64
	// Bob is half the body's vertical bob, px (default 2: the hip dips 4 px
	// at double support).
	Bob float64
	// ArmSwing is the arms' swing amplitude, radians (default 0.45).
	ArmSwing float64
	// Lean is the torso's forward lean at full speed, radians (default 0.08).
	Lean float64
	// Ankle is the ankle's height above the sole, px (default 5, as BipedSizes).
	Ankle float64
	// MaxReach is the largest share of a leg's length (thigh plus shin)
	// the walk poses the leg at where a stance starts and ends, clamped to
	// [0.5, 1] (default 0.97): a stride long for the legs carries the hip
	// lower (a knee near full extension turns fast for a small move of its
	// foot). The default walk is within it; a run may want less.
	MaxReach float64

	amount float64 // stride fraction set by Drive, in [0,1]
	// shown is the stride fraction the last Pose used, at rig time lastT:
	// it follows amount down at most 1/walkStopTime per second (a stop
	// settles the feet instead of snapping them together).
	shown, lastT float64
	posed        bool
	// phase0 shifts the cycle's phase (Phase): a start from standing sets
	// it so that the walk begins at the phase the standing pose matches
	// (see walkStartTime); calm, in [0,1], is how much of the walk's lift,
	// bob, lean and arm swing is still held back after that start.
	phase0, calm float64
	stood        bool
	cached       *RigDef
	idx          walkBones
}

type walkBones struct {
	torso, head, hips          int
	thigh, shin, foot, arm, fa [2]int // [near, far]
	ok                         bool
}

func (w *WalkCycle) defaults() (stride, period, height, duty, bob, swing, lean, ankle float64) {
	stride, period, duty = w.gait()
	return stride, period, num.Or(w.StepHeight, 9), duty,
		num.Or(w.Bob, 2), num.Or(w.ArmSwing, 0.45), num.Or(w.Lean, 0.08), num.Or(w.Ankle, 5)
}

// gait is defaults' stride, period and duty alone, the timing a Grounder
// reads for each leg every frame.
func (w *WalkCycle) gait() (stride, period, duty float64) {
	duty = max(0.51, min(num.Or(w.Duty, 0.6), 0.95))
	return num.Or(w.Stride, 56), num.Or(w.Period, 0.9), duty
}

// walkStopTime is the shortest time, s of the rig's time, in which a
// WalkCycle's pose goes from the full stride to standing when the speed
// drops (a stop): the stride shrinks at most 1/walkStopTime per second, so
// the legs settle over a few frames instead of snapping together in one.
// Speeding up is not delayed (planted feet must not slip).
const walkStopTime = 0.25

// walkStartTime is the time, s of the rig's time, over which a WalkCycle
// starting from standing (the stride fraction shown was 0 in two poses in
// a row, not only in the rig's first Update, which measures no speed yet)
// eases its lift,
// bob and crouch (walkCrouch), lean, arm swing and foot roll in, linearly,
// from the standing pose.
// The start also shifts the cycle's phase (Phase) to the nearer
// mid-stance of a foot, where both ankles are under the hip as they are
// standing (the other foot at mid-swing, whose lift eases in): the
// planted foot goes on from where it stood at the walk's pace (its stride
// is not held back, so it does not slip) and the other lifts from beside
// it. Before, the stride's full pose came in one frame, at any phase, and
// joints turned 31.5 to 34.1 degrees in the first walking frame at 30, 60
// and 144 TPS.
const walkStartTime = 0.25

// walkBobLow places the WalkCycle's lowest hip, as a share of (1-duty)/4
// of the cycle after a touch-down (see Pose).
const walkBobLow = 0.75

// NominalSpeed is the speed of a full stride at TimeScale 1, px/s.
func (w *WalkCycle) NominalSpeed() float64 {
	stride, period, _, _, _, _, _, _ := w.defaults()
	return stride / period
}

// Drive sets the walk for a ground speed in px/s (sign ignored, NaN = 0) and
// returns the TimeScale the rig must use for its planted feet not to slip.
func (w *WalkCycle) Drive(speed float64) (timeScale float64) {
	w.amount, timeScale = driveStride(speed, w.NominalSpeed())
	return timeScale
}

// driveStride is the Drive rule of the procedural walks for a ground speed
// (sign ignored, NaN = 0) and a walk whose full stride covers nominal px/s:
// below it the stride shortens in proportion (amount = speed/nominal) and
// the cadence stays, so stride*amount per period is exactly the speed;
// above it the stride is full and the cadence quickens (timeScale =
// speed/nominal).
func driveStride(speed, nominal float64) (amount, timeScale float64) {
	speed = math.Abs(speed)
	if !num.Finite(speed) {
		speed = 0
	}
	if speed >= nominal {
		return 1, speed / nominal
	}
	return speed / nominal, 1
}

// mod1 is math.Mod(x, 1), bit for bit, without its loop: for finite x,
// x - Trunc(x) is exact (Sterbenz: Trunc(x) is within a factor 2 of x when
// |x| >= 1, and 0 otherwise), and fmod is exact too; a zero result keeps
// x's sign as Mod's does, and an infinite x gives NaN (Inf - Inf).
func mod1(x float64) float64 {
	r := x - math.Trunc(x)
	if r == 0 {
		return math.Copysign(0, x)
	}
	return r
}

// CycleDuration implements Cyclic: the walk's Period (default 0.9 s), one
// cycle at TimeScale 1.
func (w *WalkCycle) CycleDuration() float64 {
	_, period, _ := w.gait()
	return period
}

// Amount reports the stride fraction Drive set, in [0,1] (0 = standing).
func (w *WalkCycle) Amount() float64 { return w.amount }

// Phase returns the cycle phase in [0,1) at time t: 0 is the near foot's
// touch-down.
func (w *WalkCycle) Phase(t float64) float64 {
	p := mod1(t/num.Or(w.Period, 0.9) + w.phase0) // defaults' period
	if p < 0 {
		p++
	}
	if !num.Finite(p) {
		return 0
	}
	return p
}

// Planted reports whether the near (leg 0) or far (leg 1) foot is planted at
// time t.
func (w *WalkCycle) Planted(leg int, t float64) bool {
	_, _, _, duty, _, _, _, _ := w.defaults()
	q := w.Phase(t)
	if leg != 0 {
		q = mod1(q + 0.5)
	}
	return q < duty || w.amount == 0
}

func (w *WalkCycle) bones(def *RigDef) *walkBones {
	if w.cached == def {
		return &w.idx
	}
	w.cached = def
	b := &w.idx
	b.torso, b.head, b.hips = def.BoneIndex(BoneTorso), def.BoneIndex(BoneHead), def.BoneIndex(BoneHips)
	b.thigh = [2]int{def.BoneIndex(BoneThighNear), def.BoneIndex(BoneThighFar)}
	b.shin = [2]int{def.BoneIndex(BoneShinNear), def.BoneIndex(BoneShinFar)}
	b.foot = [2]int{def.BoneIndex(BoneFootNear), def.BoneIndex(BoneFootFar)}
	b.arm = [2]int{def.BoneIndex(BoneUpperArmNear), def.BoneIndex(BoneUpperArmFar)}
	b.fa = [2]int{def.BoneIndex(BoneForearmNear), def.BoneIndex(BoneForearmFar)}
	b.ok = b.torso >= 0 && b.head >= 0 && b.hips >= 0
	for k := 0; k < 2; k++ {
		b.ok = b.ok && b.thigh[k] >= 0 && b.shin[k] >= 0 && b.foot[k] >= 0 && b.arm[k] >= 0 && b.fa[k] >= 0
	}
	return b
}

// Pose implements PoseSource. A RigDef without the biped template's bones
// gets its rest pose.
func (w *WalkCycle) Pose(def *RigDef, t float64, dst []float64) mgl64.Vec2 {
	for i := range dst {
		dst[i] = def.bones[i].Rest
	}
	b := w.bones(def)
	if !b.ok {
		return mgl64.Vec2{}
	}
	stride, _, height, duty, bobAmp, swing, lean, ankle := w.defaults()
	a := w.amount
	dt := t - w.lastT
	if w.posed && a < w.shown && dt > 0 && dt < walkStopTime {
		a = w.shown - min(w.shown-a, dt/walkStopTime)
	}
	if w.posed && w.shown == 0 && a > 0 && w.stood && num.Finite(t) {
		// A start from standing (see walkStartTime): the near foot
		// at mid-stance now, the walk's motion held back at first.
		// Of the two mid-stances (the near foot's or the far
		// foot's), the one nearer the phase the clock is at.
		// (They are half a cycle apart: the shift is at most a
		// quarter cycle either way.)
		w.phase0 = 0
		d := mod1(duty/2 - w.Phase(t) + 1) // to the near foot's, in [0, 1)
		w.phase0 = math.Mod(d+0.25, 0.5) - 0.25
		w.calm = 1
	} else if w.calm > 0 {
		if dt > 0 && num.Finite(dt) {
			w.calm = max(0, w.calm-dt/walkStartTime)
		} else if !(dt >= 0) {
			w.calm = 0 // time went back: no start to ease
		}
	}
	// stood: the standing pose was shown over some time, not in one
	// pose alone (a rig's first Update measures no speed).
	w.stood = w.posed && w.shown == 0 && a == 0 && dt > 0
	w.shown, w.lastT, w.posed = a, t, true
	p := w.Phase(t)
	e := 1 - w.calm // the share of the walk's motion shown (1: all)
	L := stride * a
	half := duty * L / 2 // planted feet run from +half to -half

	// Body: at its rest height in mid-stance, where the planted leg stands
	// under the hip, and lowest (2*Bob down) at double support, where both
	// legs reach out and need the hip lower: at p = walkBobLow*(1-duty)/4
	// (with the default Duty, three quarters of the way through double
	// support), so both the landing leg at touch-down and the trailing leg
	// at lift-off, where their feet move fastest along up, are bent
	// (lowest at p = (1-duty)/4, the trailing foot's lift-off, the
	// landing leg came down within 4 % of straight and its knee turned
	// 15.6 degrees in the touch-down frame over a crest at 60 TPS). It
	// never rises above the rest height, which the rest knee bend leaves
	// just inside the legs' reach. A stride long for the legs (a run)
	// also carries the hip lower all through the cycle (walkCrouch), so
	// no stance starts or ends with a leg straighter than MaxReach.
	bobAt := func(p float64) float64 {
		return e * bobAmp * a * (1 + math.Cos(4*math.Pi*(p-walkBobLow*(1-duty)/4)))
	}
	bob := bobAt(p)
	hip0 := def.bones[b.torso].Attach
	reach := max(0.5, min(num.Or(w.MaxReach, walkMaxReach), 1))
	bob += e * walkCrouch(def, b, -hip0[1]-ankle, half, min(bobAt(0), bobAt(duty)), a, reach)
	torsoWorld := -math.Pi/2 + e*lean*a
	dst[b.torso] = torsoWorld
	dst[b.head] = -e * lean * a
	hip := hip0.Add(mgl64.Vec2{0, bob})

	for k := 0; k < 2; k++ {
		q := p
		if k == 1 {
			q = mod1(p + 0.5)
		}
		var x, lift, footAngle float64
		if q < duty {
			s := q / duty
			x = half - 2*half*s
		} else {
			s := (q - duty) / (1 - duty)
			// One Sincos, bit for bit math.Sin and math.Cos.
			sn, cs := math.Sincos(math.Pi * s)
			x = -half + 2*half*(0.5-0.5*cs)
			lift = e * height * min(1, 3*a) * sn
			footAngle = e * 0.25 * min(1, 3*a) * sn
		}
		thigh, shin := def.bones[b.thigh[k]].Length, def.bones[b.shin[k]].Length
		// The scalar form of ik.SolveTwoBone (the same kernel): its
		// joints come back in registers, not through vectors in memory.
		kx, ky, ex, ey := ik.SolveTwoBoneXY(hip[0], hip[1], x, -ankle-lift, thigh, shin, -1)
		thighWorld := math.Atan2(ky-hip[1], kx-hip[0])
		shinWorld := math.Atan2(ey-ky, ex-kx)
		dst[b.thigh[k]] = thighWorld - torsoWorld - dst[b.hips]
		dst[b.shin[k]] = shinWorld - thighWorld
		dst[b.foot[k]] = footAngle - shinWorld

		// An arm swings forward while its own leg is back (q = duty, the
		// end of the stance) and back while its leg is forward.
		c := math.Cos(2 * math.Pi * (q - duty))
		sw := e * swing * a * c
		armRest := def.bones[b.arm[k]].Rest
		dst[b.arm[k]] = armRest - sw - e*lean*a
		// The elbow straightens as the arm swings back and bends a little
		// as it comes forward, around half the rest bend (the full rest
		// bend held through the walk reads as arms held out in front).
		fa := def.bones[b.fa[k]].Rest
		dst[b.fa[k]] = fa + e*a*(-0.5*fa-0.2*(1+c)/2)
	}
	return mgl64.Vec2{0, bob}
}

// walkMaxReach is MaxReach's default (a knee near full extension turns
// fast for a small move of its foot: the animation scene's run, a
// WalkCycle with a stride of 92 px for legs of 60, came within 0.01 % of
// straight at touch-down, its knees turning 26 degrees a frame at 60 TPS).
// The default walk's legs reach 96.8 % there: it is unchanged.
const walkMaxReach = 0.97

// walkCrouch returns how much lower than its bob a WalkCycle carries the
// hip, px, so that a foot half along forward or back of the hip, height
// below it less the bob (bob at the stance's ends), is at most maxReach of
// its leg's length away from the hip. The bound eases in with the stride
// fraction a (as the lift does, full from a = 1/3) from the rest pose's
// own reach (height), so a standing walk stands as the rest pose does and
// the hip lowers continuously with the speed.
func walkCrouch(def *RigDef, b *walkBones, height, half, bob, a, maxReach float64) float64 {
	c := 0.0
	for k := 0; k < 2; k++ {
		r := maxReach * (def.bones[b.thigh[k]].Length + def.bones[b.shin[k]].Length)
		r += max(0, height-r) * (1 - min(1, 3*a))
		h := math.Sqrt(max(0, r*r-half*half))
		c = max(c, height-bob-h)
	}
	return c
}
