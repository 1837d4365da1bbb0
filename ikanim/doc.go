// Package ikanim brings procedural animation and inverse kinematics (IK) to
// Ebitengine games: IK legs and arms on sprites, feet placed on the ground,
// bodies that settle so both feet reach, heads and arms that aim, hands that
// reach and hang, and climbing. Multi-legged creatures are in the
// sub-package creature, the solvers in ik.
//
// # A game
//
//	def, _ := ikanim.NewBipedDef(ikanim.BipedSizes{}, sprites) // many rigs share a definition
//	hero, _ := ikanim.NewRig(def)
//	hero.Source = &ikanim.WalkCycle{}                        // the animated pose
//	follow, _ := ikanim.NewGroundFollower(hero, world)        // world: any Ground, e.g. *terrain.World
//	feet, _ := ikanim.NewGrounder(hero, world, ikanim.BipedGrounderLegs()...)
//	hero.Add(follow, feet)
//
//	func (g *Game) Update() error {
//		g.hero.Position[0] += 60 / float64(ebiten.TPS()) // walk right at 60 px/s
//		g.hero.Update(1 / float64(ebiten.TPS()))   // the whole frame
//		return nil
//	}
//
//	func (g *Game) Draw(screen *ebiten.Image) {
//		g.hero.Draw(screen, nil) // or &ikanim.DrawOptions{...} with a camera GeoM
//	}
//
// # Conventions
//
// Units are pixels, seconds and radians. Screen space is Ebitengine's: x
// increases right and y increases down. A positive angle turns clockwise on
// screen, as ebiten.GeoM.Rotate does. Every definition in this module, rig
// bones and creature legs alike, is authored in one character frame: origin
// at the character's Position, x forward (the way it faces), y down (toward
// its feet), so a point below the body has a positive y. "Up" is a
// per-character unit vector, (0,-1) by default (DefaultUp); a creature on a
// wall or a ceiling is the same code with another up, and Facing mirrors a
// character as a switch, bend sides, limits and aims included.
//
// Time: every Update(dt) takes seconds (usually 1/ebiten.TPS()) and reads dt
// the same way: NaN, negative and zero give 0, values above MaxDt give MaxDt.
// Every smoothing is exponential in time (1-exp(-k*dt)), so 30, 60 and 144
// TPS move alike. A weight is always 1 for full IK and 0 for the animated
// pose. Counts are NumX(). Public vectors are mgl64.Vec2.
//
// # Definitions and instances
//
// A RigDef is an immutable, validated definition: bones in a flat slice,
// parents before children, each with a length, a rest angle, a joint limit,
// a sprite, a draw layer and a tint; and limbs, named chains of bones with a
// solver kind (two-bone, arm-aim, FABRIK, CCD or look-at). Many Rig
// instances share one RigDef. NewBipedDef builds a ready side-view humanoid.
// Constructors that take a definition return an error naming the field at
// fault; only look-ups by name (MustLimb) panic.
//
// # One frame
//
// Rig.Update(dt) is the whole frame; the game never calls a step of it:
//
//  1. the game's own moves of Position since the last Update give the
//     rig's measured Velocity (Speed, IsIdle);
//  2. movers (Controllers of StageMove: GroundFollower, Hanger, Mantler)
//     move Position and Up;
//  3. the PoseSource (a keyframe Clip, the procedural WalkCycle driven by
//     the measured speed, or an AnimState mixing them with crossfades,
//     layers and a speed blend) writes the animated pose and any IK it
//     keys;
//  4. controllers (StageControl: Grounder, Climber, Aimer, Reacher) read it
//     and the world and set limb targets, weights, effector rotations and
//     BodyOffset;
//  5. each Limb solves toward its Target (laid over a target a clip keys,
//     see Limb) and blends with the animated pose by its weight, which
//     fades in and out without pops;
//  6. world transforms follow in one forward pass;
//  7. secondary motion (StageSecondary: SpringBones for tails, hair and
//     scarves) moves its own bones after the limbs.
//
// Each step reads what the step before wrote. Controllers are built for one
// rig (their constructor takes the rig and, where they query the world, the
// Ground) and join its frame with Rig.Add. Rig.Draw then draws every
// sprite with one GeoM, and DrawDebug the overlay. Neither Update nor Draw
// allocates.
//
// The ground is the small Ground interface; package terrain satisfies it
// for any *resolv.Space, and this package never imports a physics library.
package ikanim
