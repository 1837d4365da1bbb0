// Package creature drives procedural multi-legged creatures (spiders,
// crawlers, tentacled things) over ground, walls and ceilings, on the
// concepts of package ikanim: the same character frame, Facing, Sprite,
// Ground, draw and debug options, and the same reading of dt.
//
//	def, _ := creature.NewSpiderDef(sprites) // or creature.NewDef(creature.Def{Legs: ...})
//	spider, _ := creature.New(def, mgl64.Vec2{100, 280}, world) // world: any ikanim.Ground
//	spider.SetTarget(mgl64.Vec2{900, 280})                       // or SetMove, SetPath
//
//	// every frame:
//	spider.Update(1 / float64(ebiten.TPS())) // steering, gait, body and every leg's pose
//	spider.Draw(screen, &ikanim.DrawOptions{}) // a plain read of what Update solved
//
// # Definitions
//
// A Def is data shared by any number of creatures: a body with 2 to 12
// legs, each a chain of 2 or 3 segments (two-bone legs, the third a fixed
// tarsus) or of 4 to 16 (tentacles: a fanned arch, polished with FABRIK),
// and a home position for each foot. Leg positions are in ikanim's character frame:
// origin at the body centre, x forward, y down, so a foot below the body
// has a positive y. GaitDef holds the stepping tunables; every zero field
// takes its documented default. NewDef validates a Def and names the field
// at fault; NewSpiderDef, NewCrawlerDef and NewTentacleDef are ready kinds.
//
// # One frame
//
// Creature.Update(dt) runs steering, the body's move along its surface,
// the stepping feet, the wall and edge probes, the body's height and tilt,
// the gait's decisions and the pose of every leg, knees included; Leg,
// Draw and DrawDebug only read what it stored. Planted feet are locked in
// world space, so they cannot slide. A foot steps when it strays past its
// step distance or its leg nears full reach; its foothold comes from rays
// cast around the home ahead of the body, and it travels there on an eased
// arc, raised (or turned into an up-across-down path) when a ray finds a
// corner between the two footholds. Legs lift in alternating groups
// (tripods, tetrapods, trot pairs), so no leg lifts while its neighbours are
// in the air. The body's height and up follow the planted feet onto walls
// and ceilings. A planted foot checks its hold now and then (one foot
// every 1/15 s): ground a game removed or moved from under it lets it go,
// and a creature with no foot left holding falls. None of it allocates.
//
// Creature.State tells a game what the creature is doing: idle, moving,
// arrived, blocked (steering without progress for BlockedTime) or falling
// (no foot on the ground). On a path (SetPath), a waypoint without progress
// for the waypoint timeout (SetWaypointTimeout) is given up for the next;
// PathIndex, SkipWaypoint and SkippedWaypoints follow and steer that.
//
// New and Place lift a body given inside a solid to the nearest free place
// (on a Ground that tells inside from outside, GroundInside); with none
// near, New returns an error wrapping ErrNoFreePlace and Place returns
// false, and the body does not fall through the rock.
package creature
