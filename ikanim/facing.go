package ikanim

import (
	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/internal/num"
)

// Facing says which way a character faces. The zero value faces right, the
// way rigs and creatures are authored: forward is the character frame's +x,
// which is Up turned a quarter turn clockwise on screen (on a floor, screen
// right).
type Facing uint8

const (
	FacingRight Facing = iota
	FacingLeft
)

// Sign returns +1 facing right and -1 facing left.
func (f Facing) Sign() float64 {
	if f == FacingLeft {
		return -1
	}
	return 1
}

// Flip returns the other facing.
func (f Facing) Flip() Facing {
	if f == FacingLeft {
		return FacingRight
	}
	return FacingLeft
}

func (f Facing) String() string {
	if f == FacingLeft {
		return "left"
	}
	return "right"
}

// DefaultUp returns the up vector of a character standing on level ground,
// (0,-1): screen y grows downward.
func DefaultUp() mgl64.Vec2 { return mgl64.Vec2{0, -1} }

// MaxDt is the largest time step, seconds, one Update of a rig, a
// controller or a creature advances by. Every Update in this library reads
// dt the same way: NaN, negative and zero give 0 (nothing moves), and
// values above MaxDt (a hitch, a debugger pause) give MaxDt, so a stall
// cannot throw a pose or carry a body past its feet.
const MaxDt = num.MaxDt
