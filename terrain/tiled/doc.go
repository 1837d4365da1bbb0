// Package tiled loads maps made with the Tiled editor (mapeditor.org) into a
// *terrain.World: the object layers become collision shapes, and the objects
// that are not solid (spawn points and the like) come back as markers.
//
//	//go:embed levels
//	var levels embed.FS
//
//	m, err := tiled.Load(levels, "levels/cave.tmx", nil) // or .tmj
//	if err != nil {
//		return err // e.g. tiled: levels/cave.tmx: layer "Ground": object 7 "ledge" (polygon): points[3]: ...
//	}
//	player.Pos = m.Object("spawn").Pos
//	feet, err := ikanim.NewGrounder(rig, m.World, ikanim.BipedGrounderLegs()...) // m.World is the ground of feet and gaits
//
// Load reads from any fs.FS (an embed.FS, or os.DirFS for files on disk) and
// picks the format from the extension; Parse takes bytes and a Format. Both
// TMX (XML) and TMJ (JSON) maps are read by this package itself (encoding/xml
// and encoding/json), so the two formats behave the same and nothing else is
// imported. Coordinates are Tiled's: pixels, x right, y down, (0,0) at the
// map's top-left corner.
//
// # Objects to shapes
//
//   - Rectangle: a box; with a rotation, a polygon turned about its (x, y)
//     (Tiled rotates objects clockwise about their top-left corner). An empty
//     rectangle (0x0) is a marker.
//   - Ellipse: a circle when width equals height, otherwise a convex polygon
//     inscribed in the ellipse, with vertices on both axes and within 0.25 px
//     of it (8 to 64 sides). Rotation turns it about (x, y).
//   - Polygon: convex polygons as drawn; a concave polygon is split into
//     convex pieces (ear clipping, then Hertel-Mehlhorn merging). An outline
//     that touches or crosses itself is an error.
//   - Polyline: an open line is solid in one of two ways. By default it is
//     ground, as terrain.World.AddGround: the solid between the line and a
//     bottom (the "bottom" property, else the map's bottom edge), one quad
//     per segment; the line must run one way in x (it is reversed if drawn
//     right to left). With a "thickness" property it is a board of that
//     thickness instead: each segment a quad hanging below the line when
//     drawn left to right (on the right of the direction of travel), which
//     suits bridges, walls and lines that turn back. Without tags, polylines
//     are tagged terrain.TagGround.
//   - Point, tile (gid) and text objects are markers, never shapes.
//
// Every object is returned in Map.Objects with its position (layer and group
// offsets included), properties and, for solid ones, its resolv shapes, each
// of which carries the *Object as its Data() so a raycast hit leads back to
// the object.
//
// # Tags and flags
//
// Custom properties, on an object or inherited from its object layer and
// group layers (the nearest one that sets a property wins):
//
//   - tags (string): tag names separated by commas or spaces, as in
//     terrain's JSON level files: ground, wall, ceiling, platform, trigger,
//     plus oneway and the names in Options.Tags. An unknown name is an error.
//   - oneway (bool): a one-way platform; its shapes get terrain.TagOneWay
//     (World.RaycastThroughOneWay passes through them) and Options.OneWay
//     (terrain.TagPlatform by default).
//   - trigger (bool): tagged terrain.TagTrigger, so queries skip it unless
//     their Filter has IncludeTriggers.
//   - solid (bool): false makes the object a marker.
//   - bottom (float): where polyline ground ends, in map pixels.
//   - thickness (float, > 0): makes a polyline a board.
//
// Property names ignore case, '_', '-' and spaces ("OneWay", "one_way").
// The class (or type) of the object and of its layers adds tags too: each
// word of it that names a tag ("Wall", "oneway_platform", "Trigger") counts,
// other words ("Player", "Door") are ignored. Properties of other names are
// kept in Object.Properties for the game.
//
// # Errors and limits
//
// Errors name the layer, the object (id and name), the shape and the field,
// as terrain's level files do. Input is bounded: MaxBytes per file,
// MaxObjects objects, MaxPoints points in all, 256 points per polygon or
// polyline, MaxLayers layers nested at most MaxDepth deep, coordinates within
// [0, 1<<20] pixels (an object left of or above the map's origin is an
// error, since the world's space starts at (0,0)), and a broadphase whose
// cells and registrations stay bounded.
//
// # Not supported
//
// Ignored: tile layers and the collision shapes drawn on tiles in the
// tileset editor, image layers, tilesets, parallax, opacity, tint and
// visibility (hidden layers are read: collision layers are often hidden),
// text content, and Tiled's "type"/"class" custom-type defaults that live
// only in the project file. Errors: non-orthogonal maps (isometric,
// staggered, hexagonal), template instances (detach them in Tiled), capsule
// objects and any unknown shape.
package tiled
