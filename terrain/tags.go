package terrain

import "github.com/solarlune/resolv"

// Tags set by this package. They occupy the top bits of resolv.Tags so that a
// game's own tags (resolv.NewTag starts at bit 0) do not collide with them.
const (
	// TagTerrain is set on every shape this package builds.
	TagTerrain resolv.Tags = 1 << 63
	// TagTrigger marks a shape that queries skip unless Filter.IncludeTriggers.
	TagTrigger resolv.Tags = 1 << 62
	// TagGround marks walkable ground (polylines, height fields, stairs).
	TagGround resolv.Tags = 1 << 61
	// TagWall marks walls.
	TagWall resolv.Tags = 1 << 60
	// TagCeiling marks ceilings and overhangs.
	TagCeiling resolv.Tags = 1 << 59
	// TagPlatform marks floating platforms.
	TagPlatform resolv.Tags = 1 << 58
	// TagOneWay marks one-way shapes, solid from above only: the level
	// loaders set it on every object marked "oneway" (besides their
	// Options.OneWay tags). Raycast sees them like any shape;
	// RaycastOneWay says whether a hit is on one (ikanim's follower and
	// grounder then stand on it from above only), and
	// RaycastThroughOneWay, the query of a body moving up (a head under a
	// ceiling), passes through them.
	TagOneWay resolv.Tags = 1 << 57
)

// tagNames maps the tag names accepted in level files to their bits.
var tagNames = map[string]resolv.Tags{
	"trigger":  TagTrigger,
	"ground":   TagGround,
	"wall":     TagWall,
	"ceiling":  TagCeiling,
	"platform": TagPlatform,
}

// Filter selects which shapes a query sees, like a layer mask.
//
// The zero Filter sees every shape except triggers.
type Filter struct {
	// Require, when non-zero, lets through only shapes carrying at least one of
	// these tags. The default (zero) value lets every shape through.
	Require resolv.Tags
	// Exclude skips shapes carrying any of these tags. The default (zero)
	// value excludes nothing.
	Exclude resolv.Tags
	// IncludeTriggers lets shapes tagged TagTrigger through. The default
	// (false) skips them.
	IncludeTriggers bool
}

// excludeMask is the set of tags that reject a shape under f.
func (f Filter) excludeMask() resolv.Tags {
	m := f.Exclude
	if !f.IncludeTriggers {
		m |= TagTrigger
	}
	return m
}

// Accepts reports whether a shape with the given tags passes f.
func (f Filter) Accepts(tags resolv.Tags) bool {
	if f.Require != 0 && tags&f.Require == 0 {
		return false
	}
	return tags&f.excludeMask() == 0
}
