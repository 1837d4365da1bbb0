package ik

import (
	"fmt"
	"math"
)

// Definition bounds. Lengths outside [MinLength, MaxLength] are rejected by
// NewChain: tiny lengths would make squared distances underflow and huge ones
// overflow, and neither is a sensible pixel length.
const (
	MinLength = 1e-6 // px, smallest accepted bone length
	MaxLength = 1e9  // px, largest accepted bone length
)

// Limit bounds a bone's local angle (relative to its parent bone's
// direction, or to Pose.Base for bone 0). Zero value: unlimited.
//
// Min and Max must lie in [-pi, pi] with Min <= Max: a local angle is only
// defined modulo 2*pi, and the solvers report local angles in (-pi, pi], so
// a bone held at a Min of -pi is reported at pi (the same direction). An
// angle outside the limit is clamped to the nearer bound on the circle.
type Limit struct {
	Min, Max float64 // radians, Min <= Max
	Enabled  bool
}

// Bone is one bone of a chain definition.
type Bone struct {
	Name   string  // used in error messages
	Length float64 // > 0, finite, in [MinLength, MaxLength]
	Rest   float64 // rest local angle, radians
	Limit  Limit
}

// limitTrig is a Limit in unit-vector form, so solvers can test and clamp a
// local direction without trigonometry: the allowed arc is centred on
// (midC, midS) with half-width h, and a unit local direction u is inside
// when u . mid >= cos(h).
type limitTrig struct {
	on               bool
	min, max         float64
	midC, midS, cosH float64
	minC, minS       float64
	maxC, maxS       float64
}

// Chain is an immutable, validated chain definition shared by many poses.
// Create it with NewChain; the zero Chain has no bones.
type Chain struct {
	bones     []Bone
	length    []float64
	lim       []limitTrig
	restC     []float64 // cos(Rest)
	restS     []float64 // sin(Rest)
	reach     float64
	hasLimits bool
}

// NewChain validates the bones and builds a chain. Bone 0 is attached to the
// pose origin; bone i+1 starts at the end of bone i. The error names the bone
// (index and Name) and the field at fault.
func NewChain(bones ...Bone) (*Chain, error) {
	if len(bones) == 0 {
		return nil, fmt.Errorf("ik: NewChain: no bones")
	}
	n := len(bones)
	c := &Chain{
		bones:  append([]Bone(nil), bones...),
		length: make([]float64, n),
		lim:    make([]limitTrig, n),
		restC:  make([]float64, n),
		restS:  make([]float64, n),
	}
	for i, b := range bones {
		where := fmt.Sprintf("ik: bone %d (%q)", i, b.Name)
		switch {
		case math.IsNaN(b.Length) || math.IsInf(b.Length, 0):
			return nil, fmt.Errorf("%s: Length %v is not finite", where, b.Length)
		case b.Length <= 0:
			return nil, fmt.Errorf("%s: Length %v must be > 0", where, b.Length)
		case b.Length < MinLength || b.Length > MaxLength:
			return nil, fmt.Errorf("%s: Length %v outside [%g, %g]", where, b.Length, MinLength, MaxLength)
		case !finite(b.Rest):
			return nil, fmt.Errorf("%s: Rest %v is not finite", where, b.Rest)
		}
		if b.Limit.Enabled {
			l := b.Limit
			switch {
			case !finite(l.Min):
				return nil, fmt.Errorf("%s: Limit.Min %v is not finite", where, l.Min)
			case !finite(l.Max):
				return nil, fmt.Errorf("%s: Limit.Max %v is not finite", where, l.Max)
			case l.Min > l.Max:
				return nil, fmt.Errorf("%s: Limit.Min %v > Limit.Max %v", where, l.Min, l.Max)
			case l.Min < -math.Pi:
				return nil, fmt.Errorf("%s: Limit.Min %v < -pi", where, l.Min)
			case l.Max > math.Pi:
				return nil, fmt.Errorf("%s: Limit.Max %v > pi", where, l.Max)
			}
			mid, half := (l.Min+l.Max)/2, (l.Max-l.Min)/2
			lt := limitTrig{on: true, min: l.Min, max: l.Max, cosH: math.Cos(half)}
			lt.midS, lt.midC = math.Sincos(mid)
			lt.minS, lt.minC = math.Sincos(l.Min)
			lt.maxS, lt.maxC = math.Sincos(l.Max)
			c.lim[i] = lt
			c.hasLimits = true
		}
		c.length[i] = b.Length
		c.restS[i], c.restC[i] = math.Sincos(b.Rest)
		c.reach += b.Length
	}
	return c, nil
}

// Len returns the number of bones.
func (c *Chain) Len() int { return len(c.bones) }

// Bone returns bone i's definition. It panics if i is out of range.
func (c *Chain) Bone(i int) Bone { return c.bones[i] }

// Reach returns the sum of the bone lengths: the largest distance from the
// root the end effector can reach.
func (c *Chain) Reach() float64 { return c.reach }

// HasLimits reports whether any bone has an enabled Limit.
func (c *Chain) HasLimits() bool { return c.hasLimits }

// NewPose returns the rest pose: Origin (0,0), Base 0, not mirrored, and
// Angles set to each bone's Rest. It allocates Angles once (setup code, not
// per frame).
func (c *Chain) NewPose() Pose {
	p := Pose{Angles: make([]float64, len(c.bones))}
	c.ResetPose(&p)
	return p
}

// ResetPose copies the rest angles into p.Angles (without allocating when
// len(p.Angles) == Len()). Origin, Base and Mirror are left as they are.
func (c *Chain) ResetPose(p *Pose) {
	if len(p.Angles) != len(c.bones) {
		p.Angles = make([]float64, len(c.bones))
	}
	for i := range c.bones {
		p.Angles[i] = c.bones[i].Rest
	}
}
