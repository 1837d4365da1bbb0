package ikanim

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/ikanim/kit/ikanim/ik"
	"github.com/ikanim/kit/ikanim/internal/num"
)

// QuadrupedSizes are the proportions of a side-view quadruped, in pixels.
// The zero value of a field means the default given in its comment.
type QuadrupedSizes struct {
	Body  float64 // hind hip to shoulder along the back, default 48
	Inset float64 // how far in from each end of the back the legs hang, default 5
	Neck  float64 // shoulder to head (the head bone), default 16
	Thigh float64 // upper leg, default 18
	Shin  float64 // lower leg, default 18
	Foot  float64 // ankle to toe, default 8
	Ankle float64 // ankle height above the sole, default 3
	// KneeBend is the standing bend in radians (default 0.5): the hind
	// knees point forward, the front elbows back.
	KneeBend float64
}

func (s QuadrupedSizes) withDefaults() QuadrupedSizes {
	def := func(v *float64, d float64) {
		if !(*v > 0) || !num.Finite(*v) {
			*v = d
		}
	}
	def(&s.Body, 48)
	def(&s.Inset, 5)
	def(&s.Neck, 16)
	def(&s.Thigh, 18)
	def(&s.Shin, 18)
	def(&s.Foot, 8)
	def(&s.Ankle, 3)
	def(&s.KneeBend, 0.5)
	s.Inset = min(s.Inset, s.Body/2)
	return s
}

// QuadrupedSprites are the sprite parts of a quadruped (any may be the zero
// Sprite). The far legs are tinted darker.
type QuadrupedSprites struct {
	Body, Head, Thigh, Shin, Foot Sprite
}

// Bone and limb names of the quadruped template: "hind" legs hang from the
// back end of the body, "fore" legs from the front; "near" legs are drawn
// in front of the body, "far" legs behind it.
const (
	BoneBody          = "body"
	LimbLegHindNear   = "leg.hind.near"
	LimbLegForeNear   = "leg.fore.near"
	LimbLegHindFar    = "leg.hind.far"
	LimbLegForeFar    = "leg.fore.far"
	quadrupedLegCount = 4
)

// quadrupedLegs lists the template's legs in bone order: name suffix, hind
// (true) or fore, far (true) or near.
var quadrupedLegs = [quadrupedLegCount]struct {
	suffix    string
	hind, far bool
}{
	{".hind.far", true, true}, {".fore.far", false, true},
	{".hind.near", true, false}, {".fore.near", false, false},
}

// QuadrupedHipHeight returns how high the hips stand above the soles in the
// rest pose of a quadruped with sizes s.
func QuadrupedHipHeight(s QuadrupedSizes) float64 {
	s = s.withDefaults()
	return (s.Thigh+s.Shin)*math.Cos(s.KneeBend) + s.Ankle
}

// QuadrupedBones returns the bone definitions of a side-view quadruped
// facing right, origin on the ground under the middle of its back: a level
// body bone from the hind hips forward to the shoulders, a head on it, and
// four legs (thigh, shin, foot) hanging from it, the hind knees bent
// forward and the front elbows back.
func QuadrupedBones(sizes QuadrupedSizes, sp QuadrupedSprites) []BoneDef {
	s := sizes.withDefaults()
	hip := QuadrupedHipHeight(s)
	kb := s.KneeBend
	bones := []BoneDef{
		{Name: BoneBody, Parent: -1, Attach: mgl64.Vec2{-s.Body / 2, -hip}, Length: s.Body, Rest: 0, Sprite: sp.Body, Layer: 0},
		{Name: BoneHead, Parent: 0, Attach: mgl64.Vec2{s.Body, 0}, Length: s.Neck, Rest: -0.7, Sprite: sp.Head, Layer: 1},
	}
	for _, leg := range quadrupedLegs {
		x, bend, layer := s.Body-s.Inset, -1.0, 2
		if leg.hind {
			x, bend = s.Inset, 1
		}
		var tint ebiten.ColorScale
		if leg.far {
			layer, tint = -1, FarTint()
		}
		// Thigh local angle pi/2 hangs straight down from the level body; a
		// hind leg tilts forward by the bend and its shin back by twice it
		// (knee forward); a front leg the other way (elbow back).
		base := len(bones)
		bones = append(bones,
			BoneDef{Name: "thigh" + leg.suffix, Parent: 0, Attach: mgl64.Vec2{x, 0}, Length: s.Thigh, Rest: math.Pi/2 - bend*kb, Sprite: sp.Thigh, Layer: layer, Tint: tint},
			BoneDef{Name: "shin" + leg.suffix, Parent: base, Attach: mgl64.Vec2{s.Thigh, 0}, Length: s.Shin, Rest: 2 * bend * kb, Sprite: sp.Shin, Layer: layer, Tint: tint},
			BoneDef{Name: "foot" + leg.suffix, Parent: base + 1, Attach: mgl64.Vec2{s.Shin, 0}, Length: s.Foot, Rest: -math.Pi/2 - bend*kb, Sprite: sp.Foot, Layer: layer, Tint: tint},
		)
	}
	return bones
}

// QuadrupedLimbs returns the limbs of the quadruped template: four two-bone
// legs with their feet as effectors (hind knees forward, front elbows
// back), fading in and out over 0.2 s, and a look-at limb on the head.
func QuadrupedLimbs() []LimbDef {
	var limbs []LimbDef
	for _, leg := range quadrupedLegs {
		bend := 1.0
		if leg.hind {
			bend = -1
		}
		limbs = append(limbs, LimbDef{Name: "leg" + leg.suffix, Bones: []string{"thigh" + leg.suffix, "shin" + leg.suffix},
			Bend: bend, Effector: "foot" + leg.suffix, FadeIn: 0.2, FadeOut: 0.2})
	}
	return append(limbs, LimbDef{Name: LimbLook, Bones: []string{BoneHead}, Solver: SolveLookAt, Axis: 0, FadeIn: 0.3, FadeOut: 0.3})
}

// NewQuadrupedDef builds the quadruped template definition.
func NewQuadrupedDef(sizes QuadrupedSizes, sprites QuadrupedSprites) (*RigDef, error) {
	return NewRigDef(QuadrupedBones(sizes, sprites), QuadrupedLimbs())
}

// QuadrupedGrounderLegs returns the legs of the quadruped template
// (NewQuadrupedDef with sizes) for a Grounder.
func QuadrupedGrounderLegs(sizes QuadrupedSizes) []LegDef {
	s := sizes.withDefaults()
	legs := make([]LegDef, 0, quadrupedLegCount)
	for _, leg := range quadrupedLegs {
		legs = append(legs, LegDef{Limb: "leg" + leg.suffix, AnkleHeight: s.Ankle, Heel: 2, Toe: s.Foot})
	}
	return legs
}

// QuadrupedWalk is a procedural PoseSource for the quadruped template: a
// four-beat walk (hind near, fore near, hind far, fore far, a quarter cycle
// apart) made from speed and phase, like WalkCycle for the biped. Each foot
// slides backward under its hip at exactly the walk's speed while planted
// and swings forward on an eased arc; the legs reach these points with the
// two-bone kernel, and the body bobs slightly. It is SpeedDriven, so a rig
// with TimeScale 0 keeps its planted feet still at any speed the game moves
// it. A RigDef without the template's bones gets its rest pose. Give each
// rig its own QuadrupedWalk.
type QuadrupedWalk struct {
	// Stride is how far the body travels in one cycle, px (default 30).
	Stride float64
	// Period is the cycle's duration at TimeScale 1, s (default 0.85).
	Period float64
	// StepHeight is a swinging foot's lift, px (default 5).
	StepHeight float64
	// Duty is the fraction of a cycle each foot is planted, in [0.55, 0.9]
	// (default 0.65: two or three feet are down at any time).
	Duty float64
	// Bob is the body's vertical bob, px (default 1).
	Bob float64

	amount float64
	cached *RigDef
	legs   [quadrupedLegCount]struct{ thigh, shin, foot int }
	ok     bool
}

func (w *QuadrupedWalk) defaults() (stride, period, height, duty, bob float64) {
	pick := func(v, d float64) float64 {
		if v > 0 && num.Finite(v) {
			return v
		}
		return d
	}
	duty = min(max(pick(w.Duty, 0.65), 0.55), 0.9)
	return pick(w.Stride, 30), pick(w.Period, 0.85), pick(w.StepHeight, 5), duty, pick(w.Bob, 1)
}

// NominalSpeed is the speed of a full stride at TimeScale 1, px/s.
func (w *QuadrupedWalk) NominalSpeed() float64 {
	stride, period, _, _, _ := w.defaults()
	return stride / period
}

// Drive sets the walk for a ground speed in px/s (sign ignored, NaN = 0) and
// returns the TimeScale the rig must use for planted feet not to slip:
// below NominalSpeed the stride shortens, above it the cadence quickens.
func (w *QuadrupedWalk) Drive(speed float64) (timeScale float64) {
	w.amount, timeScale = driveStride(speed, w.NominalSpeed())
	return timeScale
}

// Planted reports whether leg i (in the order of QuadrupedLimbs) is
// planted at time t.
func (w *QuadrupedWalk) Planted(i int, t float64) bool {
	_, period, _, duty, _ := w.defaults()
	return w.amount == 0 || legPhase(t, period, i) < duty
}

// legPhase is leg i's phase at time t: hind near touches down at 0, fore
// near at 1/4, hind far at 1/2, fore far at 3/4.
func legPhase(t, period float64, i int) float64 {
	offset := [quadrupedLegCount]float64{0.5, 0.75, 0, 0.25}[i]
	p := math.Mod(t/period+offset, 1)
	if p < 0 {
		p++
	}
	if !num.Finite(p) {
		return 0
	}
	return p
}

// Pose implements PoseSource.
func (w *QuadrupedWalk) Pose(def *RigDef, t float64, dst []float64) mgl64.Vec2 {
	for i := range dst {
		dst[i] = def.bones[i].Rest
	}
	if w.cached != def {
		w.cached, w.ok = def, def.BoneIndex(BoneBody) == 0
		for i, leg := range quadrupedLegs {
			l := &w.legs[i]
			l.thigh, l.shin, l.foot = def.BoneIndex("thigh"+leg.suffix), def.BoneIndex("shin"+leg.suffix), def.BoneIndex("foot"+leg.suffix)
			w.ok = w.ok && l.thigh >= 0 && l.shin >= 0 && l.foot >= 0 && def.bones[l.thigh].Parent == 0
		}
	}
	if !w.ok {
		return mgl64.Vec2{}
	}
	stride, period, height, duty, bobAmp := w.defaults()
	a := w.amount
	L := stride * a
	half := duty * L / 2
	bob := bobAmp * a * math.Cos(8*math.Pi*t/period)
	body := def.bones[0].Attach.Add(mgl64.Vec2{0, bob})
	for i, leg := range quadrupedLegs {
		l := &w.legs[i]
		q := legPhase(t, period, i)
		var x, lift float64
		if q < duty {
			x = half - 2*half*q/duty
		} else {
			s := (q - duty) / (1 - duty)
			x = -half + 2*half*(0.5-0.5*math.Cos(math.Pi*s))
			lift = height * min(1, 3*a) * math.Sin(math.Pi*s)
		}
		thigh, shin := &def.bones[l.thigh], &def.bones[l.shin]
		hip := body.Add(thigh.Attach)
		// The sole is at y = 0 under the rest foot: the ankle stands its
		// rest height above it.
		ankle := -def.bones[0].Attach[1] - (thigh.Length+shin.Length)*math.Cos(math.Abs(shin.Rest)/2)
		bend := -1.0
		if leg.hind {
			bend = 1
		}
		// Solve with the limb's bend (hind knees forward, elbows back).
		knee, end := ik.SolveTwoBone(hip, mgl64.Vec2{hip[0] + x, -ankle - lift}, thigh.Length, shin.Length, -bend)
		thighWorld := math.Atan2(knee[1]-hip[1], knee[0]-hip[0])
		shinWorld := math.Atan2(end[1]-knee[1], end[0]-knee[0])
		dst[l.thigh] = thighWorld
		dst[l.shin] = shinWorld - thighWorld
		dst[l.foot] = -shinWorld // flat on the ground
	}
	return mgl64.Vec2{0, bob}
}
