// Package sim holds the simulation of every scene of the demo, written once:
// the world, the characters, the scripted input that runs a scene unattended,
// and the measuring of its motion quality. The demo's main package only maps
// the player's keys and mouse onto a scene's steering methods and draws what
// the scene exposes; the tests and benchmarks beside this file drive the very
// same code without a window.
//
// A scene has no drawing and no input of its own. Its characters carry the
// sprites of the Art they were built with (the zero Art: none, for tests).
// Step advances a scene by one frame of dt seconds and measures it; Advance
// is the frame without the measuring (for benchmarks). Neither allocates.
//
// Units are those of package ikanim: pixels, seconds, radians, screen axes
// (x right, y down).
package sim

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim"
	"github.com/ikanim/kit/ikanim/creature"
	"github.com/ikanim/kit/ikanim/quality"
	"github.com/ikanim/kit/ikanim/spine"
)

// Scene is what every scene simulation offers.
type Scene interface {
	// Step advances the scene by dt seconds (its scripted input, its
	// characters) and measures the frame. It does not allocate.
	Step(dt float64)
	// Flush records what is still under way (the stances of planted feet);
	// call it at the end of a run, before reading the meter.
	Flush()
	// Meter returns the scene's motion-quality meter.
	Meter() *quality.Meter
	// Extra returns figures beyond the meter's, by -metrics key (nil when
	// there are none). It allocates: call it at the end of a run.
	Extra() map[string]float64
	// Focus is the world point the camera should keep in view.
	Focus() mgl64.Vec2
}

// Art holds the sprites scenes dress their characters with. The zero value
// draws nothing, which is what tests and benchmarks use.
type Art struct {
	// Biped dresses the humanoid (ikanim.NewBipedDef); the playground's arm
	// uses its UpperArm, Forearm and Hand.
	Biped ikanim.BipedSprites
	// Quadruped dresses the quadruped scene's rig.
	Quadruped ikanim.QuadrupedSprites
	// Spider, Crawler and Tentacle dress the creatures; the playground's
	// tentacles use Tentacle's Body and first segment.
	Spider, Crawler, Tentacle creature.Sprites
	// Scarf is drawn on each bone of the humanoid's scarf, Tail on each
	// bone of the animation scene's tail.
	Scarf, Tail ikanim.Sprite
	// Atlas names the project's sprites for rig files (nil: rig files
	// load without sprites).
	Atlas ikanim.SpriteSource
	// SpineSprites makes the sprites of an imported Spine skeleton from
	// its atlas (nil: imported skeletons draw nothing).
	SpineSprites func(*spine.Atlas) ikanim.SpriteSource
}

// bipedDef builds the humanoid of every biped scene.
func (a *Art) bipedDef() (*ikanim.RigDef, error) {
	return ikanim.NewBipedDef(ikanim.BipedSizes{}, a.Biped)
}

// manualWait is how long, s, a character the player steered waits for more
// input, standing, before it walks by itself again.
const manualWait = 3.0

// patrol walks a character back and forth between two x bounds by itself,
// or as the player steers it: the walk and quadruped scenes embed it.
type patrol struct {
	dir     float64 // +1 walks right, -1 left
	manual  float64 // seconds of the player's control left
	steered bool    // Steer was called since the last move
	turned  bool    // the character turned round since the last measure
}

// Steer is the player's input for this frame: -1 walks left, +1 right, 0
// stands (the character waits manualWait for more input, then walks by
// itself again).
func (p *patrol) Steer(dir float64) {
	if dir == 0 {
		return
	}
	p.manual, p.steered = manualWait, true
	if d := math.Copysign(1, dir); d != p.dir {
		p.dir, p.turned = d, true
	}
}

// Manual reports whether the player is steering.
func (p *patrol) Manual() bool { return p.manual > 0 }

// move moves r along x at speed for dt (not while it waits for the
// player), turning round at lo and hi (stopping there while the player
// steers), and faces it the way it walks.
func (p *patrol) move(r *ikanim.Rig, speed, lo, hi, dt float64) {
	if p.manual > 0 && !p.steered {
		speed = 0 // waiting for the player
		p.manual -= dt
	}
	p.steered = false
	x := r.Position[0] + p.dir*speed*dt
	if (p.dir > 0 && x >= hi) || (p.dir < 0 && x <= lo) {
		if p.manual > 0 {
			x = math.Max(lo, math.Min(hi, x))
		} else {
			p.dir, p.turned = -p.dir, true
		}
	}
	r.Position[0] = x
	r.Facing = ikanim.FacingRight
	if p.dir < 0 {
		r.Facing = ikanim.FacingLeft
	}
}
