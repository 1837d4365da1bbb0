// Package terrain is the collision world of ikanim on resolv v0.8.1: ground
// built from polylines, height fields, boxes, stairs, ceilings and convex
// polygons; a seeded generator; JSON level files; ASCII scenes; an
// allocation-free raycast that returns point, outward normal and distance and
// that many goroutines may call at once; and terrain drawing for Ebitengine.
//
//	w, _ := terrain.New(1280, 720)                      // cells of DefaultCellSize px
//	w.AddGround([]mgl64.Vec2{{0, 560}, {1280, 500}}, 720, 0) // a slope, solid below
//	hit := w.SurfaceBelow(300, 0, 720)                   // hit.Point, hit.Normal
//
// Units are pixels. Screen space is Ebitengine's: x increases to the right and
// y increases downward, so "up" is (0,-1) and a surface whose outward normal
// has a negative y faces up.
//
// A [World] wraps a *resolv.Space, either one built here ([New], [FromASCII],
// [Generate], [Level.Build]) or one the game already owns ([Wrap]).
// World satisfies the ikanim.Ground interface through [World.Raycast].
//
// Concurrency: queries only read the World, so a crowd of characters may cast
// rays into one World from many goroutines. Changes (the Add methods, moving
// shapes in the space, [World.Sync], [World.Refresh], [World.Draw]) belong
// between the parallel parts of a frame. Queries see moved and newly added
// shapes exactly even before Sync; Sync caches them, which makes the rays
// near them faster, and [World.Refresh] rebuilds the index that makes rays
// fastest (except on a World made with [WithExplicitSync], below).
//
// Large or crowded worlds (from 512 shapes): a query answers from the
// World's own flat index of shape edges (cells sized by [WithIndexCellSize] or chosen from the shapes)
// and, by default, proves the answer current by reading the shapes resolv
// lists in its cells along the ray up to the hit (falling back to checking
// each of them against the cache where one changed; see [World]), so that
// shapes moved behind the World's back are seen at once; in a world where
// each resolv cell lists hundreds of shapes those reads dominate. A World
// made with [WithExplicitSync] answers from the index alone, whose cost per
// ray hardly depends on the number of shapes or on how densely they
// overlap; the game then calls [World.Sync] after changing the space
// directly (moving, adding or removing shapes), and queries see the space as
// of that Sync.
//
// Winding: resolv gives each polygon edge from A to B the normal
// (B-A).Perp-like vector (dy, -dx)/|B-A|. In y-down screen space that vector
// points out of the polygon when its vertices run clockwise on screen
// (positive shoelace sum x[i]*y[i+1]-x[i+1]*y[i]) and into it when they run
// counter-clockwise on screen. The builders of this package always emit
// clockwise-on-screen polygons, and the raycast measures each polygon's
// winding itself, so normals returned by [World.Cast] point out of the solid
// for either winding.
//
// Tags: the builders tag shapes with [TagTerrain] plus the tags passed in.
// Shapes tagged [TagTrigger] are skipped by queries unless the [Filter] says
// IncludeTriggers. The tags of this package live in the top bits of
// resolv.Tags (bits 58 to 63) so they do not collide with a game's own tags
// made with resolv.NewTag, which start at bit 0.
package terrain
