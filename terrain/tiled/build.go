package tiled

import (
	"fmt"
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/solarlune/resolv"

	"github.com/ikanim/kit/terrain/internal/editor"
)

// builder carries the state of one build.
type builder struct {
	vocab   editor.Vocab
	opts    *Options
	m       *Map
	shapes  []editor.Shape
	bottom  *float64 // default polyline bottom: the map's height, if finite
	matched map[string]bool
}

func build(raw *rawMap, opts *Options) (*Map, error) {
	switch raw.orientation {
	case "", "orthogonal":
	default:
		return nil, fmt.Errorf("map: orientation: %q is not supported (only orthogonal maps)", raw.orientation)
	}
	b := &builder{
		vocab:   editor.Vocab{Extra: opts.Tags, OneWay: opts.OneWay},
		opts:    opts,
		m:       &Map{Properties: propMap(raw.props)},
		matched: map[string]bool{},
	}
	if !raw.infinite {
		for _, f := range []struct {
			name  string
			v     float64
			least float64
		}{{"width", raw.width, 0}, {"height", raw.height, 0}, {"tilewidth", raw.tileW, 1}, {"tileheight", raw.tileH, 1}} {
			if !(f.v >= f.least && f.v <= editor.MaxSize) || f.v != math.Trunc(f.v) {
				return nil, fmt.Errorf("map: %s: %v must be a whole number in [%v, %d]", f.name, f.v, f.least, editor.MaxSize)
			}
		}
		b.m.Width, b.m.Height = raw.width*raw.tileW, raw.height*raw.tileH
		if b.m.Width > editor.MaxSize || b.m.Height > editor.MaxSize {
			return nil, fmt.Errorf("map: %vx%v pixels is beyond the size limit %d", b.m.Width, b.m.Height, editor.MaxSize)
		}
		if b.m.Height > 0 {
			h := b.m.Height
			b.bottom = &h
		}
	}
	if len(raw.root.children) == 0 && len(raw.root.objects) == 0 {
		// Tile layers are not read: a map without object layers would
		// load as a level with nothing to stand on.
		return nil, fmt.Errorf("map: no object layer (collision shapes come from object layers; tile layers are not read)")
	}
	if err := b.layer(&raw.root, mgl64.Vec2{}, editor.Flags{}, nil, len(opts.Layers) == 0); err != nil {
		return nil, err
	}
	for _, name := range opts.Layers {
		if !b.matched[name] {
			return nil, fmt.Errorf("Options.Layers: no object or group layer named %q", name)
		}
	}
	w, err := editor.Build(b.shapes, b.m.Width, b.m.Height, opts.Cell)
	if err != nil {
		return nil, err
	}
	b.m.World = w
	w.Space().ForEachShape(func(s resolv.IShape, _, _ int) bool {
		if o, ok := s.Data().(*Object); ok {
			o.Shapes = append(o.Shapes, s)
			o.Tags = *s.Tags()
		}
		return true
	})
	return b.m, nil
}

// layer reads l and its children; offset and flags are inherited from the
// enclosing groups, classes are their class names, and on reports whether
// Options.Layers selects l (or an enclosing group).
func (b *builder) layer(l *rawLayer, offset mgl64.Vec2, inherited editor.Flags, classes []string, on bool) error {
	offset = offset.Add(l.offset)
	if err := editor.CheckCoord(offset[0]); err != nil {
		return fmt.Errorf("layer %q: offsetx: %w", l.name, err)
	}
	if err := editor.CheckCoord(offset[1]); err != nil {
		return fmt.Errorf("layer %q: offsety: %w", l.name, err)
	}
	var flags editor.Flags
	for _, p := range l.props {
		if err := b.vocab.Apply(&flags, p.name, p.value); err != nil {
			return fmt.Errorf("layer %q: properties: %w", l.name, err)
		}
	}
	flags = flags.Inherit(inherited)
	if l.class != "" {
		classes = append(slices.Clip(classes), l.class)
	}
	if slices.Contains(b.opts.Layers, l.name) {
		b.matched[l.name] = true
		on = true
	}
	for i := range l.children {
		if err := b.layer(&l.children[i], offset, flags, classes, on); err != nil {
			return err
		}
	}
	if !on {
		return nil
	}
	for i := range l.objects {
		if err := b.object(&l.objects[i], l.name, offset, flags, classes); err != nil {
			return err
		}
	}
	return nil
}

// object turns one object into an Object and its shapes.
func (b *builder) object(ro *rawObject, layer string, offset mgl64.Vec2, inherited editor.Flags, classes []string) error {
	where := ro.where(layer)
	if ro.template != "" {
		return fmt.Errorf("%s: %w", where, errTemplate)
	}
	for _, f := range []struct {
		name string
		v    float64
	}{{"x", ro.x}, {"y", ro.y}, {"width", ro.w}, {"height", ro.h}, {"rotation", ro.rot}} {
		if err := editor.CheckCoord(f.v); err != nil {
			return fmt.Errorf("%s: %s: %w", where, f.name, err)
		}
	}
	o := &Object{
		ID: ro.id, Name: ro.name, Class: ro.class, Layer: layer, Kind: ro.kind,
		Pos:        mgl64.Vec2{ro.x, ro.y}.Add(offset),
		Size:       mgl64.Vec2{ro.w, ro.h},
		Rotation:   ro.rot * math.Pi / 180,
		Properties: propMap(ro.props),
	}
	for _, p := range ro.points {
		o.Points = append(o.Points, editor.Rotate(o.Pos.Add(p), o.Pos, o.Rotation))
	}
	b.m.Objects = append(b.m.Objects, o)

	var flags editor.Flags
	for _, p := range ro.props {
		if err := b.vocab.Apply(&flags, p.name, p.value); err != nil {
			return fmt.Errorf("%s: properties: %w", where, err)
		}
	}
	flags = flags.Inherit(inherited)
	marker := !flags.IsSolid() || o.Kind == Point || o.Kind == Tile || o.Kind == Text ||
		(o.Kind == Rectangle && o.Size == mgl64.Vec2{})
	if marker {
		return nil
	}
	tags := b.vocab.Final(flags, append(slices.Clip(classes), o.Class)...)
	src := editor.Source{Tags: tags, Data: o, Where: fmt.Sprintf("%s (%v)", where, o.Kind)}
	var err error
	switch o.Kind {
	case Rectangle:
		b.shapes, err = editor.Rect(b.shapes, src, o.Pos[0], o.Pos[1], o.Size[0], o.Size[1], o.Rotation, o.Pos)
	case Ellipse:
		b.shapes, err = editor.EllipseShape(b.shapes, src, o.Pos[0], o.Pos[1], o.Size[0], o.Size[1], o.Rotation, o.Pos)
	case Polygon:
		b.shapes, err = editor.PolygonShape(b.shapes, src, o.Points)
	case Polyline:
		b.shapes, err = editor.Polyline(b.shapes, src, o.Points, flags, b.bottom)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", src.Where, err)
	}
	return nil
}

// propMap returns properties as a map, leaving out class-typed ones.
func propMap(ps []prop) map[string]any {
	m := make(map[string]any, len(ps))
	for _, p := range ps {
		if p.value != nil {
			m[p.name] = p.value
		}
	}
	return m
}
