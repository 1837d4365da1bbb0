package creature

import (
	"fmt"
	"math"

	"github.com/ikanim/kit/ikanim/internal/num"
)

// GaitDef holds the stepping and body tunables of a Def. Every field's
// zero value means its documented default; NewDef fills the defaults
// in its copy and rejects negative or non-finite values (naming the field)
// unless a field says otherwise. Reach below means the mean reach of the
// two-bone part of the legs (femur + tibia), or the whole length of a
// tentacle.
type GaitDef struct {
	// Speed is the top walking speed, px/s. Default 1.25 * StepDistance / StepDuration.
	Speed float64
	// Accel is the rate, 1/s, at which the walking speed approaches the
	// commanded speed (smoothing 1-exp(-Accel*dt)). Default 5.
	Accel float64
	// StepDistance is how far a planted foot may stray from its home before
	// it steps, px. Default 0.4 * reach.
	StepDistance float64
	// StepHeight is the height of the step arc along the creature's up, px,
	// for a full-length step (shorter steps lift less). Default 0.5 * StepDistance.
	StepHeight float64
	// StepDuration is the time a step takes when standing still, seconds.
	// Default 0.25.
	StepDuration float64
	// StepSpeedScale shortens steps with speed: a step lasts
	// StepDuration / (1 + StepSpeedScale*speed), speed in px/s. Default 0.01.
	StepSpeedScale float64
	// Overshoot places the new foothold this fraction of StepDistance ahead of
	// the predicted home (along the velocity), so a stance spans the whole
	// step distance. Default 0.5.
	Overshoot float64
	// ReachRatio makes a foot step as soon as its hip-to-foot distance exceeds
	// this fraction of the leg's reach, whatever its distance from home.
	// Default 0.92; must be in (0.5, 1].
	ReachRatio float64
	// BodyHeight is the height the body keeps along up above the mean of the
	// feet, px. Default: the mean of Home.Y (the depth of the homes below the
	// body) over the legs.
	BodyHeight float64
	// HeightRate is the rate, 1/s, at which the body height follows the feet.
	// Default 10.
	HeightRate float64
	// TiltRate is the rate, 1/s, at which the creature's up turns toward the
	// mean normal of its contacts. Default 8.
	TiltRate float64
	// WaveSpeed is the speed, px/s, below which the creature walks with a
	// wave gait (at most one leg per side in the air); above it, the two
	// alternating groups (tripod, tetrapod) step in turn. Default 0.35 * Speed;
	// a negative value disables the wave gait.
	WaveSpeed float64
	// MinPlanted is the fewest feet that stay planted while others step.
	// Default: half the legs, rounded down; must be below the leg count.
	MinPlanted int
	// BreathAmplitude is the amplitude, px, of a gentle rise and fall of the
	// body along up. Default 0 (none).
	BreathAmplitude float64
	// BreathRate is the breathing frequency, Hz. Default 0.5.
	BreathRate float64
	// ArriveRadius is the distance, px, at which a target or path point
	// counts as reached. Default StepDistance.
	ArriveRadius float64
	// TurnRate is how fast, 1/s, the body frame swings around after the
	// facing changes (Creature.Turn goes from -1 to 1 in 2/TurnRate seconds).
	// Default 4.
	TurnRate float64
	// ProbePeriod is the time, seconds, between two forward wall probes (a ray
	// along the facing direction that turns the creature onto a wall ahead).
	// Default 1/15; a negative value disables the probe.
	ProbePeriod float64
}

// fill applies the defaults and validates g in place.
func (g *GaitDef) fill(where string, d *Def) error {
	reach := 0.0
	for i := range d.legs {
		reach += d.legs[i].reach
	}
	reach /= float64(len(d.legs))

	type field struct {
		name string
		v    *float64
		def  float64
		neg  bool // negative allowed
	}
	def := func(f field) error {
		if *f.v == 0 {
			*f.v = f.def
		}
		if !num.Finite(*f.v) || (*f.v < 0 && !f.neg) {
			return fmt.Errorf("%s: Gait.%s: %v must be finite and not negative", where, f.name, *f.v)
		}
		return nil
	}
	for _, f := range []field{
		{name: "StepDistance", v: &g.StepDistance, def: 0.4 * reach},
		{name: "StepDuration", v: &g.StepDuration, def: 0.25},
	} {
		if err := def(f); err != nil {
			return err
		}
	}
	for _, f := range []field{
		{name: "Speed", v: &g.Speed, def: 1.25 * g.StepDistance / g.StepDuration},
		{name: "Accel", v: &g.Accel, def: 5},
		{name: "StepHeight", v: &g.StepHeight, def: 0.5 * g.StepDistance},
		{name: "StepSpeedScale", v: &g.StepSpeedScale, def: 0.01},
		{name: "Overshoot", v: &g.Overshoot, def: 0.5},
		{name: "ReachRatio", v: &g.ReachRatio, def: 0.92},
		{name: "BodyHeight", v: &g.BodyHeight, def: d.bodyH},
		{name: "HeightRate", v: &g.HeightRate, def: 10},
		{name: "TiltRate", v: &g.TiltRate, def: 8},
		{name: "BreathAmplitude", v: &g.BreathAmplitude, def: 0},
		{name: "BreathRate", v: &g.BreathRate, def: 0.5},
		{name: "ArriveRadius", v: &g.ArriveRadius, def: g.StepDistance},
		{name: "TurnRate", v: &g.TurnRate, def: 4},
	} {
		if err := def(f); err != nil {
			return err
		}
	}
	for _, f := range []field{
		{name: "WaveSpeed", v: &g.WaveSpeed, def: 0.35 * g.Speed, neg: true},
		{name: "ProbePeriod", v: &g.ProbePeriod, def: 1.0 / 15, neg: true},
	} {
		if err := def(f); err != nil {
			return err
		}
	}
	switch {
	case g.StepDistance <= 0:
		return fmt.Errorf("%s: Gait.StepDistance: %v must be positive", where, g.StepDistance)
	case g.StepDuration <= 0 || g.StepDuration > 10:
		return fmt.Errorf("%s: Gait.StepDuration: %v must be in (0, 10] seconds", where, g.StepDuration)
	case !(g.ReachRatio > 0.5 && g.ReachRatio <= 1):
		return fmt.Errorf("%s: Gait.ReachRatio: %v must be in (0.5, 1]", where, g.ReachRatio)
	case g.TurnRate <= 0:
		return fmt.Errorf("%s: Gait.TurnRate: %v must be positive", where, g.TurnRate)
	case g.BodyHeight <= 0:
		return fmt.Errorf("%s: Gait.BodyHeight: %v must be positive", where, g.BodyHeight)
	case g.Speed > 1e5:
		return fmt.Errorf("%s: Gait.Speed: %v is too fast (max 1e5 px/s)", where, g.Speed)
	}
	n := len(d.legs)
	if g.MinPlanted == 0 {
		g.MinPlanted = n / 2
	}
	if g.MinPlanted < 0 || g.MinPlanted >= n {
		return fmt.Errorf("%s: Gait.MinPlanted: %d must be in [1, %d]", where, g.MinPlanted, n-1)
	}
	if math.IsInf(g.Speed, 0) {
		return fmt.Errorf("%s: Gait.Speed: not finite", where)
	}
	return nil
}
