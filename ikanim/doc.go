// Package ikanim brings procedural animation and inverse kinematics (IK) to
// Ebitengine games: IK legs and arms on sprites, feet placed on the ground,
// bodies that settle so both feet reach, heads and arms that aim, hands that
// reach and hang, and procedural spiders and creatures.
//
// # Conventions
//
// Units are pixels, seconds and radians. Screen space is Ebitengine's: x
// increases right and y increases down. A positive angle turns clockwise on
// screen, as ebiten.GeoM.Rotate does. "Up" is a per-character unit vector,
// (0,-1) by default; a creature on a wall is the same code with another up.
// Update takes seconds (usually 1/ebiten.TPS()), and every smoothing is
// exponential in time (1-exp(-k*dt)), so 30, 60 and 144 TPS move alike.
// Public vectors are mgl64.Vec2.
//
// # Definitions and instances
//
// A RigDef is an immutable, validated definition: bones in a flat slice,
// parents before children, each with a length, a rest angle, a joint limit, a
// sprite, a draw layer and a tint; and limbs, named chains of bones with a
// solver (two-bone, FABRIK, CCD or look-at). Many Rig instances share one
// RigDef. Rigs are authored facing right in a character frame whose origin is
// the character's Position (for a biped, the ground point between its feet);
// Facing mirrors the whole character, bend sides, limits and aims included.
// NewBipedDef builds a ready side-view humanoid.
//
// # One frame
//
// Rig.Update(dt) runs one frame as data flowing one way: the PoseSource (a
// keyframe Clip or the procedural WalkCycle) writes the animated pose; each
// Controller (grounding, climbing, aiming, reaching) reads it and the world and
// sets limb targets and the body offset; each Limb solves toward its Target and
// blends with the animated pose by its weight, which fades in and out without
// pops; world transforms follow in one forward pass. Rig.Draw then draws every
// sprite with one GeoM, and Rig.DrawDebug the overlay. Neither Update nor Draw
// allocates.
//
// The solvers live in package ik, which imports neither Ebitengine nor resolv;
// the ground is the small Ground interface, which package terrain satisfies
// for any *resolv.Space.
//
// # A game
//
//	type Game struct{ hero *ikanim.Rig }
//
//	func (g *Game) Update() error {
//		leg := g.hero.MustLimb(ikanim.LimbLegNear)
//		leg.Target = mgl64.Vec2{330, 400} // a foothold
//		leg.Weight = 1                     // fades in over the limb's FadeIn
//		g.hero.Update(1 / float64(ebiten.TPS()))
//		return nil
//	}
//
//	func (g *Game) Draw(screen *ebiten.Image) {
//		g.hero.Draw(screen, nil) // or &ikanim.DrawOptions{...} with a camera GeoM
//	}
package ikanim
