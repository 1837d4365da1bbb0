package ikanim

import (
	"math"
	"testing"
)

// A hand hooking over a top turns the way that never points it straight
// down into the top (pi/2 in the y-down character frame), the shorter way
// when that one does not.
func TestHookTurnAvoidsPointingDown(t *testing.T) {
	deg := math.Pi / 180
	for _, c := range []struct{ from, want float64 }{
		{-30, 30},   // from pointing up-forward: down the short way is fine
		{60, -60},   // from down-forward back up to 0: does not pass 90
		{100, 260},  // the short way (-100) passes 90: round through up
		{145, 215},  // the climb scene's hand, pointing back and down
		{-150, 150}, // from up and back: the short way passes -90 (up), not 90
	} {
		got := hookTurn(c.from*deg) / deg
		if math.Abs(got-c.want) > 1e-9 {
			t.Errorf("hookTurn(%v deg) = %.6f deg, want %v", c.from, got, c.want)
		}
	}
}
