package ldtk

import (
	"fmt"
	"io"
	"io/fs"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/solarlune/ldtkgo"
	"github.com/solarlune/resolv"

	"github.com/ikanim/kit/terrain"
)

// Limits on input.
const (
	// MaxBytes is the largest project file accepted (16 MiB).
	MaxBytes = 16 << 20
	// MaxLevels is the largest number of levels in a project.
	MaxLevels = 1000
	// MaxIntGridCells is the largest number of IntGrid cells in a project,
	// all levels and layers together (ldtkgo holds one value per non-empty
	// cell of every level in memory).
	MaxIntGridCells = 1 << 21
	// MaxEntities is the largest number of entities in a project.
	MaxEntities = 10000
	// MaxPoints is the largest total number of point field values.
	MaxPoints = 200000
)

// Options configures Project.Level. A nil *Options means the defaults.
type Options struct {
	// Layers, when not empty, names the IntGrid and Entities layers to read.
	// The default (nil) reads them all. A name that matches no layer of the
	// level is an error.
	Layers []string
	// Solid reports whether IntGrid cells holding value are solid; layer is
	// the layer's identifier and identifier the value's ("" if it has none).
	// The default (nil) makes every non-zero value solid.
	Solid func(layer string, value int, identifier string) bool
	// Tags adds game tag names to the built-in ones (ground, wall, ceiling,
	// platform, trigger, oneway), for "tags" fields and for identifier
	// words. Names are matched ignoring case, '_', '-' and spaces. The
	// default (nil) adds none.
	Tags map[string]resolv.Tags
	// OneWay is the tags given to one-way shapes besides terrain.TagOneWay
	// (which they always get: World.RaycastThroughOneWay passes through
	// them); the default (zero) is terrain.TagPlatform.
	OneWay resolv.Tags
	// Cell is the broadphase cell size of the World's space, in pixels. The
	// default (0) is 32, doubled until the space has at most 1<<18 cells.
	Cell int
}

// Project is a parsed LDtk project. Build the collision world of one of its
// levels with Level.
type Project struct {
	// Source is the project as ldtkgo read it (levels, layers, tiles,
	// tilesets), for the game to draw, e.g. with ldtkgo's Ebitengine
	// renderer, without reading the file twice.
	Source *ldtkgo.Project

	defs *defs
	name string // the file's name, for errors, when read by Load
}

// Level is the collision world of one level and its entities.
type Level struct {
	// Identifier and IID name the level in the project.
	Identifier, IID string
	// World holds the level's solid IntGrid cells (merged into rectangles)
	// and solid entities, in level pixels: (0,0) is the level's top-left
	// corner.
	World *terrain.World
	// Width and Height are the level's size in pixels.
	Width, Height float64
	// WorldPos is the level's top-left corner in the LDtk world, in pixels
	// (-1, -1 in linear world layouts), for games that join levels.
	WorldPos mgl64.Vec2
	// Entities are all the entities of the level's Entities layers, solid or
	// not, in file order.
	Entities []*Entity
	// Source is the level as ldtkgo read it.
	Source *ldtkgo.Level
}

// Entity returns the first entity with the given identifier, or nil.
func (l *Level) Entity(identifier string) *Entity {
	for _, e := range l.Entities {
		if e.Identifier == identifier {
			return e
		}
	}
	return nil
}

// Entity is one entity of a level.
type Entity struct {
	// Identifier is the entity definition's identifier ("Player"), IID the
	// instance's unique id, Layer the identifier of its layer.
	Identifier, IID, Layer string
	// Pos is the entity's pivot point in level pixels, layer offset
	// included.
	Pos mgl64.Vec2
	// Size is the entity's width and height in pixels.
	Size mgl64.Vec2
	// Pivot is the pivot as fractions of Size: the box's top-left corner is
	// Pos - Pivot*Size.
	Pivot mgl64.Vec2
	// Categories are the entity definition's tags, as set in LDtk.
	Categories []string
	// Fields are the entity's field values as decoded from JSON: float64,
	// string, bool, nil, a map for a point ({"cx":..,"cy":..}) or a []any for
	// an array. Point and Points convert points to pixels.
	Fields map[string]any
	// Tags are the tags of the entity's shapes, terrain.TagTerrain included
	// (0 when it has none).
	Tags resolv.Tags
	// Shapes are the collision shapes built from the entity, each with the
	// entity as its Data(). None for a marker.
	Shapes []resolv.IShape

	grid   float64
	offset mgl64.Vec2
}

// IntGridValue describes the IntGrid cells behind a shape: each rectangle
// merged from IntGrid cells has a *IntGridValue as its Data().
type IntGridValue struct {
	// Layer is the layer's identifier.
	Layer string
	// Value is the cells' value and Identifier its identifier in the layer
	// definition ("" if it has none).
	Value      int
	Identifier string
}

// Point returns the pixel position of the point held by field: the centre of
// its grid cell, ((cx + 0.5) * grid + layer offset), in level pixels. ok is
// false if the field is missing or not a point.
func (e *Entity) Point(field string) (p mgl64.Vec2, ok bool) {
	return e.point(e.Fields[field])
}

// Points returns the pixel positions of the points of an array-of-points
// field, as Point does; nil if the field is missing or not an array of
// points.
func (e *Entity) Points(field string) []mgl64.Vec2 {
	arr, _ := e.Fields[field].([]any)
	var ps []mgl64.Vec2
	for _, v := range arr {
		p, ok := e.point(v)
		if !ok {
			return nil
		}
		ps = append(ps, p)
	}
	return ps
}

func (e *Entity) point(v any) (mgl64.Vec2, bool) {
	m, ok := v.(map[string]any)
	if !ok {
		return mgl64.Vec2{}, false
	}
	cx, okx := m["cx"].(float64)
	cy, oky := m["cy"].(float64)
	if !okx || !oky {
		return mgl64.Vec2{}, false
	}
	return mgl64.Vec2{(cx+0.5)*e.grid + e.offset[0], (cy+0.5)*e.grid + e.offset[1]}, true
}

// Load reads the LDtk project file name from fsys (an embed.FS, or os.DirFS
// for files on disk) and parses it with Parse. Its errors, and those of its
// Project's Level, name the file.
func Load(fsys fs.FS, name string) (*Project, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return nil, fmt.Errorf("ldtk: %w", err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxBytes+1))
	if err == nil {
		var p *Project
		if p, err = parse(data); err == nil {
			p.name = name
			return p, nil
		}
	}
	return nil, fmt.Errorf("ldtk: %s: %w", name, err)
}

// Parse reads an LDtk project (.ldtk JSON). It checks the project against
// the limits above and the shapes ldtkgo relies on, then reads it with
// ldtkgo. Errors name the level, layer, entity and field.
func Parse(data []byte) (*Project, error) {
	p, err := parse(data)
	if err != nil {
		return nil, fmt.Errorf("ldtk: %w", err)
	}
	return p, nil
}

// Levels returns the identifiers of the project's levels, in file order.
func (p *Project) Levels() []string {
	ids := make([]string, len(p.Source.Levels))
	for i, l := range p.Source.Levels {
		ids[i] = l.Identifier
	}
	return ids
}
