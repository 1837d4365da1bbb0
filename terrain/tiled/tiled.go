package tiled

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"strings"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/solarlune/resolv"

	"github.com/ikanim/kit/terrain"
)

// Limits on input.
const (
	// MaxBytes is the largest map file accepted (16 MiB; tile layer data
	// counts, although it is skipped).
	MaxBytes = 16 << 20
	// MaxObjects is the largest number of objects in a map.
	MaxObjects = 10000
	// MaxPoints is the largest total number of polygon and polyline points.
	MaxPoints = 200000
	// MaxLayers is the largest number of layers, and MaxDepth the deepest
	// nesting of group layers.
	MaxLayers, MaxDepth = 1000, 32
)

// Format is the file format of a map.
type Format int

const (
	// TMX is Tiled's XML map format (.tmx).
	TMX Format = iota + 1
	// TMJ is Tiled's JSON map format (.tmj, and .json as Tiled exported it
	// before 1.8).
	TMJ
)

func (f Format) String() string {
	switch f {
	case TMX:
		return "TMX"
	case TMJ:
		return "TMJ"
	}
	return fmt.Sprintf("Format(%d)", int(f))
}

// Options configures Load and Parse. A nil *Options means the defaults.
type Options struct {
	// Layers, when not empty, names the object layers (or group layers, for
	// all the object layers inside them) to read. The default (nil) reads
	// every object layer. A name that matches no layer is an error.
	Layers []string
	// Tags adds game tag names to the built-in ones (ground, wall, ceiling,
	// platform, trigger, oneway), for the "tags" property and for class
	// words. Names are matched ignoring case, '_', '-' and spaces. The
	// default (nil) adds none.
	Tags map[string]resolv.Tags
	// OneWay is the tags given to one-way shapes besides terrain.TagOneWay
	// (which they always get: World.RaycastThroughOneWay passes through
	// them); the default (zero) is terrain.TagPlatform. A game whose bodies
	// pass up through one-way platforms may also set its own tag here and
	// skip those shapes when moving up.
	OneWay resolv.Tags
	// Cell is the broadphase cell size of the World's space, in pixels. The
	// default (0) is 32, doubled until the space has at most 1<<18 cells.
	Cell int
}

// Kind is the shape of a Tiled object.
type Kind int

// The kinds of Tiled objects.
const (
	Rectangle Kind = iota
	Ellipse
	Point
	Polygon
	Polyline
	Tile // a tile object (gid set)
	Text
)

func (k Kind) String() string {
	switch k {
	case Rectangle:
		return "rectangle"
	case Ellipse:
		return "ellipse"
	case Point:
		return "point"
	case Polygon:
		return "polygon"
	case Polyline:
		return "polyline"
	case Tile:
		return "tile"
	case Text:
		return "text"
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// Object is one object of an object layer.
type Object struct {
	// ID is the object's unique id in the map.
	ID int
	// Name is the object's name.
	Name string
	// Class is the object's class (called "type" before Tiled 1.9).
	Class string
	// Layer is the name of the object layer holding it.
	Layer string
	// Kind is the object's shape.
	Kind Kind
	// Pos is the object's (x, y) in world pixels, layer offsets included: the
	// top-left corner of a rectangle or an ellipse's box, the point, the
	// origin of a polygon's points, the bottom-left corner of a tile.
	Pos mgl64.Vec2
	// Size is the object's width and height (zero for points, polygons and
	// polylines).
	Size mgl64.Vec2
	// Rotation is the object's rotation about Pos, in radians, clockwise on
	// screen.
	Rotation float64
	// Points are a polygon's or polyline's points in world pixels, rotation
	// applied.
	Points []mgl64.Vec2
	// Properties are the object's own custom properties: bool, float64 (int
	// and float properties) or string (string, color, file and object
	// properties). Class-typed properties are left out.
	Properties map[string]any
	// Tags are the tags of the object's shapes, terrain.TagTerrain included
	// (0 for a marker).
	Tags resolv.Tags
	// Shapes are the collision shapes built from the object, each with the
	// object as its Data(). None for a marker: a point, a tile or text
	// object, an empty rectangle, or an object whose "solid" property is
	// false.
	Shapes []resolv.IShape
}

// Map is a loaded Tiled map: its collision world and its objects.
type Map struct {
	// World holds the shapes of every solid object. Its space covers (0,0) to
	// the map's size or, if larger, the shapes' extent.
	World *terrain.World
	// Objects are all the objects read, shapes and markers, in file order.
	Objects []*Object
	// Properties are the map's custom properties (values as in
	// Object.Properties).
	Properties map[string]any
	// Width and Height are the map's size in pixels (tiles times tile size;
	// 0 for an infinite map).
	Width, Height float64
}

// Object returns the first object with the given name, or nil.
func (m *Map) Object(name string) *Object {
	for _, o := range m.Objects {
		if o.Name == name {
			return o
		}
	}
	return nil
}

// Load reads the map file name from fsys (an embed.FS, or os.DirFS(dir) for
// files on disk) and builds it as Parse does. The format comes from the
// extension: .tmx is TMX, .tmj and .json are TMJ. Errors name the file after
// the "tiled: " prefix.
func Load(fsys fs.FS, name string, opts *Options) (*Map, error) {
	var format Format
	switch strings.ToLower(path.Ext(name)) {
	case ".tmx":
		format = TMX
	case ".tmj", ".json":
		format = TMJ
	default:
		return nil, fmt.Errorf("tiled: %s: unknown extension (want .tmx, .tmj or .json)", name)
	}
	f, err := fsys.Open(name)
	if err != nil {
		return nil, fmt.Errorf("tiled: %w", err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxBytes+1))
	if err == nil {
		var m *Map
		if m, err = parse(data, format, opts); err == nil {
			return m, nil
		}
	}
	return nil, fmt.Errorf("tiled: %s: %w", name, err)
}

// Parse reads a map in the given format and builds its collision world.
// Errors start with "tiled: " and name the bad layer and object and the
// field, e.g.
//
//	tiled: layer "Ground": object 7 "ledge" (polygon): points[3]: the edge from this point touches or crosses the edge from points[0]
func Parse(data []byte, format Format, opts *Options) (*Map, error) {
	m, err := parse(data, format, opts)
	if err != nil {
		return nil, fmt.Errorf("tiled: %w", err)
	}
	return m, nil
}

func parse(data []byte, format Format, opts *Options) (*Map, error) {
	if len(data) > MaxBytes {
		return nil, fmt.Errorf("the map is larger than %d bytes", MaxBytes)
	}
	var raw *rawMap
	var err error
	switch format {
	case TMX:
		raw, err = readTMX(data)
	case TMJ:
		raw, err = readTMJ(data)
	default:
		return nil, fmt.Errorf("unknown format %v", format)
	}
	if err != nil {
		return nil, err
	}
	if opts == nil {
		opts = &Options{}
	}
	return build(raw, opts)
}

// errTemplate is returned for template instances.
var errTemplate = errors.New("template: template instances are not supported (detach the object from its template in Tiled)")
