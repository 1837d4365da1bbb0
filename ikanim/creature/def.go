package creature

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim"
	"github.com/ikanim/kit/ikanim/ik"
	"github.com/ikanim/kit/ikanim/internal/num"
)

// Creature definition bounds.
const (
	// MinLegs and MaxLegs bound the number of legs of a
	// Def.
	MinLegs = 2
	MaxLegs = 12
	// MaxSegments bounds the segments of one leg. Legs of 2 segments
	// are solved with the analytic two-bone kernel, legs of 3 with the
	// two-bone kernel plus a fixed tarsus, longer legs ("tentacles") with
	// FABRIK.
	MaxSegments = 16
)

// LegDef is one leg of a creature definition.
//
// Positions are in the character frame, the same frame as every rig of
// package ikanim: origin at the body centre, x forward (the way the
// creature faces), y down (opposite the creature's up vector), so a foot
// below the body has a positive y. On flat ground, facing right, (x, y) is
// the screen point body + (x, y).
type LegDef struct {
	// Name is used in error messages and the debug overlay.
	Name string
	// Hip is where the leg is attached to the body (body frame).
	Hip mgl64.Vec2
	// Home is the foot's rest position (body frame). Feet step to footholds
	// found below their home.
	Home mgl64.Vec2
	// Segments are the bone lengths from hip to foot, px: 2 or 3 for legs,
	// 4..MaxSegments for tentacles. Each must be positive and finite.
	Segments []float64
	// Limits optionally bounds the local angles of a tentacle's bones (used
	// by FABRIK only; ignored for 2- and 3-segment legs). Empty means
	// unlimited; otherwise it has one entry per segment.
	Limits []ik.Limit
	// Far marks a leg on the far side of the body: drawn behind the body and
	// tinted darker.
	Far bool
}

// Sprites are the art parts of a creature. The zero value draws
// nothing but the debug overlay.
type Sprites struct {
	// Body is drawn centred on the body position, its +x along the facing
	// direction (eyes on the right of the image = front).
	Body ikanim.Sprite
	// Segments[i] is drawn on segment i of every leg; segments past the end
	// of the slice reuse its last entry (one entry suits a tentacle).
	Segments []ikanim.Sprite
	// FarShade scales the colour of far-side legs (0 means the default 0.6).
	FarShade float32
}

// Def is the immutable definition of a kind of creature, shared by
// any number of Creature instances. Build it as a literal and pass it to
// NewDef, which validates it, fills defaults and precomputes the gait
// groups; do not modify it afterwards.
type Def struct {
	// Name is used in error messages.
	Name string
	// Legs are the legs, 2 to 12. Their order is free; front/back order per
	// side is derived from Home.X.
	Legs []LegDef
	// Gait holds the stepping and body tunables; zero fields take their
	// documented defaults.
	Gait GaitDef
	// Sprites are the art parts.
	Sprites Sprites
	// TarsusAngle is the angle, radians, between the last segment of a
	// 3-segment leg and the creature's down direction, leaning away from the
	// hip (0 means the default 0.45; a negative value leans it toward the
	// hip).
	TarsusAngle float64

	// Derived by NewDef.
	legs     []legDef
	bodyH    float64
	tarsusC  float64
	tarsusS  float64
	groups   int
	minGroup int
	// frontReach: the furthest |Home.X| plus Gait.StepDistance (the wall
	// probe's length).
	frontReach float64
	// frontHip: the furthest |Hip.X| (aheadFactor keeps the body that far
	// plus aheadClear from a face ahead).
	frontHip float64
	// maxReach: the longest leg's reach (freeSpot searches FreeSearch
	// times it).
	maxReach float64
	// Gait products for the per-frame code: 1/StepDistance,
	// ArriveRadius^2 and 1/(2*ArriveRadius), ReachRatio^2 and
	// 1/StepDistance^2.
	invStep, arrive2, invArrive2 float64
	reach2, invStep2             float64
	ready                        bool
}

// legDef is the derived, per-leg data of a definition.
type legDef struct {
	segs      int
	l0, l1    float64 // the two-bone lengths (femur, tibia)
	tarsus    float64 // length of the fixed tarsus (3-segment legs), else 0
	reach     float64 // two-bone reach (l0+l1), or the chain's reach for tentacles
	side      int     // 0 near, 1 far
	rank      int     // position on its side, 0 = front
	group     int     // alternating gait group, 0 or 1
	neighbour [3]int8 // adjacent legs (same side front/back, opposite partner), -1 none
	bend      float64 // two-bone bend side facing right (legs.go)
	chain     *ik.Chain
	// fanMax is the largest amplitude of a tentacle's shape and fanTable
	// its profiles by warp (fan.go).
	fanMax   float64
	fanTable []float64
	// fanFold[j] is |E(fanMax)| of fanTable's profile j and fanSpan[j]
	// the sum of L_k |h_k(j+1) - h_k(j)| (fanFoldBound).
	fanFold, fanSpan []float64

	// Copies and products cached for the per-frame code.
	hipX, hipY       float64 // LegDef.Hip in the body frame (y up: -Hip.Y)
	homeX, homeY     float64 // LegDef.Home in the body frame (y up: -Home.Y)
	maxDist, minDist float64 // the body constraint's bounds on |target - hip|
	invReach2        float64 // 1/reach^2
	maxDist2         float64 // maxDist^2
	minDist2         float64 // minDist^2
	invTarsus        float64 // 1/tarsus (3-segment legs), else 0
	liftMin2         float64 // squared stretch below which a planted leg lifts (legs.go)
	tarsusSin        float64 // tarsus * sin(TarsusAngle) (3-segment legs)
	tarsusCos        float64 // tarsus * cos(TarsusAngle) (3-segment legs)
}

// NewDef validates def, fills the gait defaults and derives the gait
// groups and neighbours. It returns a new definition (def is not modified) or
// an error naming the first field at fault, for example
// "creature: \"spider\": Legs[3].Segments[1]: length -2 must be positive and finite".
func NewDef(def Def) (*Def, error) {
	d := def
	where := fmt.Sprintf("creature: %q", def.Name)
	n := len(def.Legs)
	if n < MinLegs || n > MaxLegs {
		return nil, fmt.Errorf("%s: Legs: %d legs, want %d to %d", where, n, MinLegs, MaxLegs)
	}
	d.Legs = make([]LegDef, n)
	d.legs = make([]legDef, n)
	copy(d.Legs, def.Legs)
	hsum := 0.0
	for i := range d.Legs {
		l := &d.Legs[i]
		f := fmt.Sprintf("%s: Legs[%d]", where, i)
		if !num.FiniteVec(l.Hip) {
			return nil, fmt.Errorf("%s.Hip: %v is not finite", f, l.Hip)
		}
		if !num.FiniteVec(l.Home) {
			return nil, fmt.Errorf("%s.Home: %v is not finite", f, l.Home)
		}
		if l.Home[1] <= l.Hip[1] {
			return nil, fmt.Errorf("%s.Home: y %v must be below the hip (Hip.y %v; y grows downward): feet hang below the body", f, l.Home[1], l.Hip[1])
		}
		ns := len(l.Segments)
		if ns < 2 || ns > MaxSegments {
			return nil, fmt.Errorf("%s.Segments: %d segments, want 2 or 3 (or up to %d for a tentacle)", f, ns, MaxSegments)
		}
		reach := 0.0
		for j, s := range l.Segments {
			if !(s > 0) || math.IsInf(s, 0) || s > ik.MaxLength {
				return nil, fmt.Errorf("%s.Segments[%d]: length %v must be positive and finite", f, j, s)
			}
			reach += s
		}
		l.Segments = append([]float64(nil), l.Segments...)
		ld := &d.legs[i]
		ld.segs = ns
		ld.reach = reach
		if ns <= 3 {
			ld.l0, ld.l1 = l.Segments[0], l.Segments[1]
			ld.reach = ld.l0 + ld.l1
			if ns == 3 {
				ld.tarsus = l.Segments[2]
			}
		} else {
			if len(l.Limits) != 0 && len(l.Limits) != ns {
				return nil, fmt.Errorf("%s.Limits: %d entries, want 0 or %d (one per segment)", f, len(l.Limits), ns)
			}
			bones := make([]ik.Bone, ns)
			for j := range bones {
				bones[j] = ik.Bone{Name: fmt.Sprintf("%s[%d]", l.Name, j), Length: l.Segments[j]}
				if len(l.Limits) > 0 {
					bones[j].Limit = l.Limits[j]
				}
			}
			c, err := ik.NewChain(bones...)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", f, err)
			}
			ld.chain = c
		}
		if dist := l.Home.Sub(l.Hip).Len(); dist > reach*0.98 {
			return nil, fmt.Errorf("%s.Home: %v is %.1f px from the hip, beyond the leg's reach %.1f", f, l.Home, dist, reach)
		}
		if l.Far {
			ld.side = 1
		}
		hsum += l.Home[1]
		// The per-frame code works in the body frame, y up (bodyPoint).
		ld.hipX, ld.hipY = l.Hip[0], -l.Hip[1]
		ld.homeX, ld.homeY = l.Home[0], -l.Home[1]
	}
	if d.TarsusAngle == 0 {
		d.TarsusAngle = defaultTarsusAngle
	}
	if !num.Finite(d.TarsusAngle) || math.Abs(d.TarsusAngle) > math.Pi/2 {
		return nil, fmt.Errorf("%s: TarsusAngle: %v must be finite and within [-pi/2, pi/2]", where, d.TarsusAngle)
	}
	d.tarsusS, d.tarsusC = math.Sincos(d.TarsusAngle)
	for i := range d.legs {
		ld := &d.legs[i]
		ld.bend = homeBend(&d, i)
		ld.maxDist = holdStretch * ld.reach
		if ld.chain != nil {
			ld.fanMax = fanAmpMax(tentacleLengths(ld))
			ld.fanTable = fanWarps(ld.chain.Len())
			ld.fanFold, ld.fanSpan = fanFoldTable(ld.fanTable, tentacleLengths(ld), ld.fanMax)
			ld.maxDist = tentacleMaxStretch * ld.reach
		}
		ld.minDist = minStretch * ld.reach
		if fold := foldMargin * math.Abs(ld.l0-ld.l1); ld.chain == nil && fold > ld.minDist {
			// The two-bone kernel cannot fold tighter than |femur - tibia|.
			ld.minDist = fold
		}
		ld.invReach2 = 1 / (ld.reach * ld.reach)
		ld.maxDist2, ld.minDist2 = ld.maxDist*ld.maxDist, ld.minDist*ld.minDist
		if ld.tarsus > 0 {
			ld.invTarsus = 1 / ld.tarsus
		}
		ld.tarsusSin = ld.tarsus * d.tarsusS
		ld.tarsusCos = ld.tarsus * d.tarsusC
		ld.liftMin2 = liftMinRatio * liftMinRatio * ld.minDist2 * ld.invReach2
	}
	d.bodyH = hsum / float64(n)
	if err := d.Gait.fill(where, &d); err != nil {
		return nil, err
	}
	if f := d.Sprites.FarShade; f == 0 {
		d.Sprites.FarShade = 0.6
	} else if !(f > 0 && f <= 1) {
		return nil, fmt.Errorf("%s: Sprites.FarShade: %v must be in (0, 1]", where, f)
	}
	d.Sprites.Segments = append([]ikanim.Sprite(nil), d.Sprites.Segments...)
	gaitAssignGroups(&d)
	for i := range d.Legs {
		d.frontReach = math.Max(d.frontReach, math.Abs(d.Legs[i].Home[0]))
		d.frontHip = math.Max(d.frontHip, math.Abs(d.Legs[i].Hip[0]))
		d.maxReach = math.Max(d.maxReach, d.legs[i].reach)
	}
	d.frontReach += d.Gait.StepDistance
	d.invStep = 1 / d.Gait.StepDistance
	d.invStep2 = d.invStep * d.invStep
	d.reach2 = d.Gait.ReachRatio * d.Gait.ReachRatio
	d.arrive2 = d.Gait.ArriveRadius * d.Gait.ArriveRadius
	d.invArrive2 = 1 / (2 * d.Gait.ArriveRadius)
	d.ready = true
	return &d, nil
}

// NumLegs returns the number of legs.
func (d *Def) NumLegs() int { return len(d.legs) }

// LegGroup returns the alternating-gait group (0 or 1) of leg i, derived by
// NewDef. It panics if i is out of range.
func (d *Def) LegGroup(i int) int { return d.legs[i].group }

// LegNeighbours returns the indices of the legs adjacent to leg i (the legs
// in front of and behind it on its side, and its partner on the other side),
// which may not lift while leg i is in the air. It allocates (setup and tests
// only).
func (d *Def) LegNeighbours(i int) []int {
	var out []int
	for _, j := range d.legs[i].neighbour {
		if j >= 0 {
			out = append(out, int(j))
		}
	}
	return out
}

// BodyHeight returns the body height above the feet the creature keeps
// (Gait.BodyHeight after defaults).
func (d *Def) BodyHeight() float64 { return d.Gait.BodyHeight }

const defaultTarsusAngle = 0.45

// hipBody and homeBody return the leg's hip and home in the body frame
// (x forward, y up), the frame bodyPoint maps to the world.
func (ld *legDef) hipBody() mgl64.Vec2  { return mgl64.Vec2{ld.hipX, ld.hipY} }
func (ld *legDef) homeBody() mgl64.Vec2 { return mgl64.Vec2{ld.homeX, ld.homeY} }

// homeBend returns the bend side (for ik.SolveTwoBone, facing right
// on a floor) that puts leg i's knee on the up side of the hip->target line
// in the home pose, or on the forward side when the target is straight
// below the hip.
func homeBend(d *Def, i int) float64 {
	ld := &d.legs[i]
	// Body frame (x forward, y up) to screen facing right on a floor: (x, -y).
	tx, ty := ld.homeX, ld.homeY
	if ld.segs == 3 {
		out := math.Max(-1, math.Min(1, (ld.homeX-ld.hipX)/ld.tarsus))
		tx -= ld.tarsus * out * d.tarsusS
		ty += ld.tarsus * d.tarsusC
	}
	dx, dy := tx-ld.hipX, -(ty - ld.hipY)
	// bend +1 puts the knee along n = (-dy, dx); up on screen is (0,-1).
	nUp := -dx
	if math.Abs(nUp) < 1e-9*math.Hypot(dx, dy) {
		nUp = -dy // n . (1,0): the forward side
	}
	if nUp >= 0 {
		return 1
	}
	return -1
}
