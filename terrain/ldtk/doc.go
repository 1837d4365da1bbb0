// Package ldtk loads LDtk projects (ldtk.io) into a *terrain.World, one
// level at a time: IntGrid cells become rectangles merged row by row and
// down, entities become shapes (boxes, circles, polygons and ground drawn
// with point fields) or come back as markers such as spawn points.
//
//	//go:embed levels
//	var levels embed.FS
//
//	project, err := ldtk.Load(levels, "levels/world.ldtk")
//	if err != nil {
//		return err
//	}
//	lv, err := project.Level("Cave", nil) // "" for the first level
//	if err != nil {
//		return err // e.g. ldtk: levels/world.ldtk: level "Cave": layer "Entities": entity "Ramp" (iid ...): field "polygon" ...
//	}
//	player.Pos = lv.Entity("Player").Pos
//	feet, err := ikanim.NewGrounder(rig, lv.World, ikanim.BipedGrounderLegs()...) // lv.World is the ground of feet and gaits
//
// The project is read by ldtkgo (github.com/solarlune/ldtkgo), after a first
// pass that checks the limits below and the fields ldtkgo would otherwise
// crash on; Project.Source and Level.Source are ldtkgo's values, for drawing
// the level's tiles without reading the file again. Coordinates are level
// pixels: x right, y down, (0,0) at the level's top-left corner
// (Level.WorldPos places the level in the LDtk world).
//
// # IntGrid layers
//
// Every non-zero cell is solid unless Options.Solid says otherwise. Its tags
// come from the words of the value's identifier and of the layer's
// identifier: a value named "Wall" is tagged terrain.TagWall,
// "Oneway_platform" is one-way and a platform, "Water" gets no tag but
// TagTerrain. Cells with the same tags merge greedily into rectangles (a row
// run grown downward), so a solid block is one shape; each rectangle carries
// an *IntGridValue as its Data(). Layer offsets are honoured.
//
// # Entities
//
// An entity is a shape when it has a "polygon" or "polyline" field, a
// "solid", "oneway" or "trigger" field that is true, a "tags" field, or an
// identifier or entity tag whose words name a tag ("Platform", "Wall",
// "Trigger_zone"); a "solid" field set to false makes it a marker in every
// case. Its shape:
//
//   - "polygon" (array of points): the polygon through the entity's own
//     position and then the points, split into convex pieces if concave.
//   - "polyline" (array of points): the line through the entity's position
//     and the points, as ground down to the level's bottom (or the "bottom"
//     field), or as a board with a "thickness" field; see package
//     terrain/tiled for the rule, which is the same.
//   - otherwise its box, Pos - Pivot*Size to Pos + (1-Pivot)*Size; a circle
//     (or an ellipse polygon) when its definition's render mode is Ellipse.
//
// A point field value (cx, cy) is a grid cell, taken at its centre:
// ((cx + 0.5) * grid + layer offset). Entities cannot be rotated in LDtk.
// Every entity, shape or marker, is in Level.Entities with its fields;
// Entity.Point and Entity.Points convert point fields to pixels.
//
// Fields with collision meaning, named as in package terrain/tiled (case,
// '_', '-' and spaces ignored): tags (String: ground, wall, ceiling,
// platform, trigger, oneway or Options.Tags names; an unknown name is an
// error), oneway, trigger, solid (Bool), bottom, thickness (Float or Int).
// One-way shapes get terrain.TagOneWay and Options.OneWay
// (terrain.TagPlatform by default); trigger
// shapes get terrain.TagTrigger, skipped by queries unless their Filter has
// IncludeTriggers.
//
// # Errors and limits
//
// Errors name the file, level, layer, entity (identifier and iid) and field.
// Input is bounded: MaxBytes per project, MaxLevels levels, MaxIntGridCells
// IntGrid cells and MaxEntities entities in all (ldtkgo reads every level at
// once), 256 points per polygon, and level sizes and coordinates within
// [0, 1<<20] pixels.
//
// # Not supported
//
// Ignored: Tiles and AutoLayer layers (drawing, for ldtkgo's renderer),
// level fields, enums, tilesets' custom data, entity references.
// Errors: levels saved in separate .ldtkl files, multi-world projects.
package ldtk
