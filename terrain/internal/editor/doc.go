// Package editor holds what the level-editor importers terrain/tiled and
// terrain/ldtk share: the vocabulary of collision properties ("tags",
// "oneway", "trigger", "solid", "bottom", "thickness"), the split of a
// concave outline into convex pieces, the polygon that stands in for an
// ellipse, and the step that turns a list of shapes into a *terrain.World
// with a size and broadphase cell checked against the limits below.
//
// It uses only terrain.Wrap and the World's AddPolygon, AddBox, AddCircle and
// AddGround, plus resolv.NewSpace, so the importers build worlds exactly as
// game code would.
package editor
