package ikanim

import (
	"github.com/go-gl/mathgl/mgl64"
)

// Holds off undersides (Climber).
//
// The ray at a limb's cycle point D may find the underside of a bump, a hold
// or a ledge: a face whose normal points down more than climbUndersideSin
// (about 30 degrees past square-on). A hand or a foot there would be turned
// to face the ground and held out along that normal, below the bump, and
// its next swing would start with a jump. So the limb holds on the nearest
// face within climbUndersideSearch px above or below whose normal does not
// point down that much, found by rays like its own every
// climbUndersideStep px, nearer first (below first at equal distance); with
// none, it keeps the underside. A holding limb's D stays at one world
// height (it slides down the character frame at the climb's speed), so the
// hold it finds stays put.

const (
	climbUndersideSin    = 0.5 // a face whose normal's down part exceeds this is an underside
	climbUndersideStep   = 3.0 // px between the search rays
	climbUndersideSearch = 12.0
)

// belowUnderside returns the hold near D off the underside p, n (see above).
func (c *Climber) belowUnderside(r *Rig, cl *climbLimb, D, p, n mgl64.Vec2, behind, reach float64) (mgl64.Vec2, mgl64.Vec2, bool) {
	for d := climbUndersideStep; d <= climbUndersideSearch; d += climbUndersideStep {
		for _, y := range [2]float64{D[1] + d, D[1] - d} {
			hp, hn, ok := c.cast(r, cl, mgl64.Vec2{D[0] - behind, y}, mgl64.Vec2{D[0] - behind + reach, y})
			if ok && hn[0] <= -minGroundCos && hn[1] <= climbUndersideSin {
				return hp, hn, true
			}
		}
	}
	return p, n, true
}
