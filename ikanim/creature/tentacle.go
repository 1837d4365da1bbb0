package creature

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/ik"
	"github.com/ikanim/kit/ikanim/internal/num"
)

// Tentacle solver settings: every frame a tentacle is set to its fanned
// arch (fan.go), whose tip is on the foot; FABRIK then only polishes a
// tip that misses it by more than tentacleTolerance (and applies a Bend
// limit).
const (
	tentacleTolerance  = 0.02 // px
	tentacleIterations = 10
	// tentacleSwingIterations caps the FABRIK polish of a swinging
	// tentacle: its tip is in the air and need not be exact.
	tentacleSwingIterations = 1
	// tentacleMaxStretch is the largest stretch of a planted tentacle the
	// body allows (FABRIK converges slowly near full extension).
	tentacleMaxStretch = 0.8
)

// TentacleDef describes a tentacled creature for NewTentacleDef: a head with
// Arms tentacles of Segments bones of SegmentLength pixels each, walking on
// the tentacle tips with the same gait as legs.
type TentacleDef struct {
	Name          string
	Arms          int     // 2..MaxLegs; default 4
	Segments      int     // 4..MaxSegments; default 10
	SegmentLength float64 // px; default 10
	// Height is the head's height above the tips, px; default 0.45 of a
	// tentacle's length.
	Height float64
	// Spread is the distance, px, between the homes of the front and rear
	// tips; default 1.2 * Height.
	Spread float64
	// Bend is the largest bend, radians, between two tentacle segments (a
	// joint limit of [-Bend, Bend] on every bone but the first). Zero or
	// values above pi mean pi, which does not restrict the bones.
	Bend    float64
	Gait    GaitDef
	Sprites Sprites
}

// NewTentacleDef builds and validates the Def of a tentacled
// creature: tips spread evenly under the head, alternately on the near and
// far side, every tentacle fanned out from the head to its tip each frame
// (an arch outward, to its home's side) and polished by FABRIK.
func NewTentacleDef(t TentacleDef) (*Def, error) {
	if t.Arms == 0 {
		t.Arms = 4
	}
	if t.Segments == 0 {
		t.Segments = 10
	}
	if t.SegmentLength == 0 {
		t.SegmentLength = 10
	}
	where := fmt.Sprintf("creature: tentacle creature %q", t.Name)
	switch {
	case t.Arms < MinLegs || t.Arms > MaxLegs:
		return nil, fmt.Errorf("%s: Arms: %d, want %d to %d", where, t.Arms, MinLegs, MaxLegs)
	case t.Segments < 4 || t.Segments > MaxSegments:
		return nil, fmt.Errorf("%s: Segments: %d, want 4 to %d", where, t.Segments, MaxSegments)
	case !(t.SegmentLength > 0) || !num.Finite(t.SegmentLength):
		return nil, fmt.Errorf("%s: SegmentLength: %v must be positive and finite", where, t.SegmentLength)
	case !num.Finite(t.Height) || t.Height < 0:
		return nil, fmt.Errorf("%s: Height: %v must be finite and not negative", where, t.Height)
	case !num.Finite(t.Spread) || t.Spread < 0:
		return nil, fmt.Errorf("%s: Spread: %v must be finite and not negative", where, t.Spread)
	}
	length := float64(t.Segments) * t.SegmentLength
	if t.Height == 0 {
		t.Height = 0.45 * length
	}
	if t.Spread == 0 {
		t.Spread = 1.2 * t.Height
	}
	if !num.Finite(t.Bend) || t.Bend < 0 {
		return nil, fmt.Errorf("%s: Bend: %v must be finite and not negative", where, t.Bend)
	}
	if t.Bend == 0 || t.Bend > math.Pi {
		t.Bend = math.Pi
	}
	segs := make([]float64, t.Segments)
	for i := range segs {
		segs[i] = t.SegmentLength
	}
	// The first bone turns freely about the hip; the others bend at most
	// Bend. With Bend = pi nothing is restricted and the chain has no limits.
	var lims []ik.Limit
	if t.Bend < math.Pi {
		lims = make([]ik.Limit, t.Segments)
		for i := 1; i < len(lims); i++ {
			lims[i] = ik.Limit{Min: -t.Bend, Max: t.Bend, Enabled: true}
		}
	}
	legs := make([]LegDef, t.Arms)
	for i := range legs {
		x := -t.Spread / 2
		if t.Arms > 1 {
			x += t.Spread * float64(i) / float64(t.Arms-1)
		}
		legs[i] = LegDef{
			Name:     fmt.Sprintf("arm%d", i),
			Hip:      mgl64.Vec2{x * 0.15, 0},
			Home:     mgl64.Vec2{x, t.Height},
			Segments: segs,
			Limits:   lims,
			Far:      i%2 == 1,
		}
	}
	return NewDef(Def{Name: t.Name, Legs: legs, Gait: t.Gait, Sprites: t.Sprites})
}
