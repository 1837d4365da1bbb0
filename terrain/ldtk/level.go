package ldtk

import (
	"fmt"
	"slices"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/solarlune/ldtkgo"
	"github.com/solarlune/resolv"

	"github.com/ikanim/kit/terrain/internal/editor"
)

// Level builds the collision world of the level with the given identifier
// or IID ("" for the first level). Errors start with "ldtk: " and name the
// level, layer, entity and field, e.g.
//
//	ldtk: cave.ldtk: level "Cave": layer "Entities": entity "Ramp" (iid 4a1f...): field "polygon" (the entity's position is points[0]): points[2]: ...
func (p *Project) Level(identifier string, opts *Options) (*Level, error) {
	l, err := p.level(identifier, opts)
	if err != nil {
		if p.name != "" {
			return nil, fmt.Errorf("ldtk: %s: %w", p.name, err)
		}
		return nil, fmt.Errorf("ldtk: %w", err)
	}
	return l, nil
}

func (p *Project) level(identifier string, opts *Options) (*Level, error) {
	if opts == nil {
		opts = &Options{}
	}
	var src *ldtkgo.Level
	for _, l := range p.Source.Levels {
		if identifier == "" || l.Identifier == identifier || l.IID == identifier {
			src = l
			break
		}
	}
	if src == nil {
		return nil, fmt.Errorf("no level %q (the project has %q)", identifier, p.Levels())
	}
	where := fmt.Sprintf("level %q", src.Identifier)
	if !(src.Width > 0 && src.Width <= editor.MaxSize) || !(src.Height > 0 && src.Height <= editor.MaxSize) {
		return nil, fmt.Errorf("%s: pxWid, pxHei: %dx%d must be in (0, %d]", where, src.Width, src.Height, editor.MaxSize)
	}
	lv := &Level{
		Identifier: src.Identifier, IID: src.IID, Source: src,
		Width: float64(src.Width), Height: float64(src.Height),
		WorldPos: mgl64.Vec2{float64(src.WorldX), float64(src.WorldY)},
	}
	b := &builder{
		p: p, opts: opts, lv: lv,
		vocab: editor.Vocab{Extra: opts.Tags, OneWay: opts.OneWay},
	}
	matched := map[string]bool{}
	// ldtkgo keeps LDtk's order, top-most layer first; shapes do not care.
	for _, layer := range src.Layers {
		if len(opts.Layers) > 0 && !slices.Contains(opts.Layers, layer.Identifier) {
			continue
		}
		matched[layer.Identifier] = true
		lw := fmt.Sprintf("layer %q", layer.Identifier)
		if !(layer.GridSize > 0 && layer.GridSize <= editor.MaxSize) {
			return nil, fmt.Errorf("%s: %s: __gridSize: %d must be in (0, %d]", where, lw, layer.GridSize, editor.MaxSize)
		}
		var err error
		switch layer.Type {
		case ldtkgo.LayerTypeIntGrid:
			err = b.intGrid(layer, lw)
		case ldtkgo.LayerTypeEntity:
			err = b.entities(layer, lw)
		case ldtkgo.LayerTypeTile, ldtkgo.LayerTypeAutoTile:
			// Art only: collisions come from IntGrid and entity layers.
		default:
			err = fmt.Errorf("%s: __type: %q is not a layer type of LDtk (IntGrid, Entities, Tiles, AutoLayer)", lw, layer.Type)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", where, err)
		}
	}
	for _, name := range opts.Layers {
		if !matched[name] {
			return nil, fmt.Errorf("%s: Options.Layers: no layer named %q", where, name)
		}
	}
	w, err := editor.Build(b.shapes, lv.Width, lv.Height, opts.Cell)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", where, err)
	}
	lv.World = w
	w.Space().ForEachShape(func(s resolv.IShape, _, _ int) bool {
		if e, ok := s.Data().(*Entity); ok {
			e.Shapes = append(e.Shapes, s)
			e.Tags = *s.Tags()
		}
		return true
	})
	return lv, nil
}

type builder struct {
	p      *Project
	opts   *Options
	lv     *Level
	vocab  editor.Vocab
	shapes []editor.Shape
}

// intGrid merges the layer's solid cells into rectangles: cells merge when
// they get the same tags.
func (b *builder) intGrid(layer *ldtkgo.Layer, where string) error {
	w, h := layer.CellWidth, layer.CellHeight
	if w < 0 || h < 0 || w*h > MaxIntGridCells {
		return fmt.Errorf("%s: __cWid, __cHei: %dx%d cells is out of range", where, w, h)
	}
	offset := mgl64.Vec2{float64(layer.OffsetX), float64(layer.OffsetY)}
	names := b.p.defs.intGrid[layer.Identifier]
	type class struct {
		tags  resolv.Tags
		value *IntGridValue
	}
	var classes []class
	byValue := map[int]int{}   // value -> index in classes, -1 if not solid
	grid := make([]int32, w*h) // class index + 1, 0 for empty
	for _, c := range layer.IntGrid {
		if c.ID < 0 || c.ID >= w*h {
			return fmt.Errorf("%s: intGridCsv: %d values for %dx%d cells", where, c.ID+1, w, h)
		}
		k, seen := byValue[c.Value]
		if !seen {
			k = -1
			ident := names[c.Value]
			if b.opts.Solid == nil || b.opts.Solid(layer.Identifier, c.Value, ident) {
				k = len(classes)
				classes = append(classes, class{
					tags:  b.vocab.Final(editor.Flags{}, layer.Identifier, ident),
					value: &IntGridValue{Layer: layer.Identifier, Value: c.Value, Identifier: ident},
				})
			}
			byValue[c.Value] = k
		}
		if k >= 0 {
			grid[c.ID] = int32(k + 1)
		}
	}
	gs := float64(layer.GridSize)
	for _, r := range mergeRects(grid, w, h) {
		cl := classes[r.class-1]
		src := editor.Source{Tags: cl.tags, Data: cl.value,
			Where: fmt.Sprintf("%s: cells (%d,%d) to (%d,%d), value %d", where, r.x, r.y, r.x+r.w-1, r.y+r.h-1, cl.value.Value)}
		s, err := editor.Rect(nil, src, offset[0]+float64(r.x)*gs, offset[1]+float64(r.y)*gs, float64(r.w)*gs, float64(r.h)*gs, 0, mgl64.Vec2{})
		if err != nil {
			return fmt.Errorf("%s: %w", src.Where, err)
		}
		b.shapes = append(b.shapes, s...)
	}
	return nil
}

// rect is a run of cells of one class.
type rect struct{ x, y, w, h, class int }

// mergeRects covers the non-zero cells of grid (w columns, h rows) with
// rectangles of one class each, greedily: from the first uncovered cell in
// row-major order, the rectangle grows right while the class holds, then
// down while the whole row below holds it, and its cells are marked covered.
// Each cell is visited a bounded number of times, O(w*h) overall; the result
// is not always the fewest rectangles, but a solid block is one rectangle
// and a level of platforms a few per platform.
func mergeRects(grid []int32, w, h int) []rect {
	done := make([]bool, len(grid))
	var out []rect
	for y := range h {
		for x := range w {
			i := y*w + x
			c := grid[i]
			if c == 0 || done[i] {
				continue
			}
			rw := 1
			for x+rw < w && grid[i+rw] == c && !done[i+rw] {
				rw++
			}
			rh := 1
		grow:
			for y+rh < h {
				row := (y+rh)*w + x
				for k := range rw {
					if grid[row+k] != c || done[row+k] {
						break grow
					}
				}
				rh++
			}
			for yy := y; yy < y+rh; yy++ {
				for xx := x; xx < x+rw; xx++ {
					done[yy*w+xx] = true
				}
			}
			out = append(out, rect{x, y, rw, rh, int(c)})
		}
	}
	return out
}

// entities reads an Entities layer.
func (b *builder) entities(layer *ldtkgo.Layer, where string) error {
	offset := mgl64.Vec2{float64(layer.OffsetX), float64(layer.OffsetY)}
	for _, le := range layer.Entities {
		ew := fmt.Sprintf("%s: entity %q (iid %s)", where, le.Identifier, le.IID)
		if len(le.Position) != 2 {
			return fmt.Errorf("%s: px: want [x, y], got %d numbers", ew, len(le.Position))
		}
		e := &Entity{
			Identifier: le.Identifier, IID: le.IID, Layer: layer.Identifier,
			Pos:        mgl64.Vec2{float64(le.Position[0]), float64(le.Position[1])}.Add(offset),
			Size:       mgl64.Vec2{float64(le.Width), float64(le.Height)},
			Categories: le.Tags,
			Fields:     map[string]any{},
			grid:       float64(layer.GridSize),
			offset:     offset,
		}
		if len(le.Pivot) == 2 {
			e.Pivot = mgl64.Vec2{float64(le.Pivot[0]), float64(le.Pivot[1])}
		}
		b.lv.Entities = append(b.lv.Entities, e)
		var flags editor.Flags
		for _, f := range le.Properties {
			e.Fields[f.Identifier] = f.Value
			switch f.Value.(type) {
			case bool, float64, string:
				if err := b.vocab.Apply(&flags, f.Identifier, f.Value); err != nil {
					return fmt.Errorf("%s: fields: %w", ew, err)
				}
			}
		}
		if err := b.entity(e, flags, ew); err != nil {
			return err
		}
	}
	return nil
}

// entity adds the shapes of one entity, if it is solid.
func (b *builder) entity(e *Entity, flags editor.Flags, where string) error {
	words := append([]string{e.Identifier}, e.Categories...)
	wordTags, wordOneWay := resolv.Tags(0), false
	for _, w := range words {
		t, ow := b.vocab.Words(w)
		wordTags, wordOneWay = wordTags|t, wordOneWay || ow
	}
	outline := func(field string) ([]mgl64.Vec2, error) {
		v, ok := e.Fields[field]
		if !ok || v == nil {
			return nil, nil
		}
		ps := e.Points(field)
		if ps == nil {
			if arr, isArr := v.([]any); !isArr || len(arr) > 0 {
				return nil, fmt.Errorf("field %q: want an array of points", field)
			}
			// An outline field with no points: the entity was meant to
			// be a shape, and would load as a marker without a word.
			return nil, fmt.Errorf("field %q: no points (the entity's position is the first; draw at least one more, or remove the field)", field)
		}
		for i, p := range ps {
			if err := editor.CheckCoord(p[0]); err != nil {
				return nil, fmt.Errorf("field %q: points[%d].x: %w", field, i, err)
			}
			if err := editor.CheckCoord(p[1]); err != nil {
				return nil, fmt.Errorf("field %q: points[%d].y: %w", field, i, err)
			}
		}
		return ps, nil
	}
	polygon, err := outline("polygon")
	if err != nil {
		return fmt.Errorf("%s: %w", where, err)
	}
	polyline, err := outline("polyline")
	if err != nil {
		return fmt.Errorf("%s: %w", where, err)
	}
	if !flags.IsSolid() || (len(polygon) == 0 && len(polyline) == 0 && !flags.Marked() && wordTags == 0 && !wordOneWay) {
		return nil // a marker
	}
	src := editor.Source{Tags: b.vocab.Final(flags, words...), Data: e, Where: where}
	for a, name := range []string{"x", "y"} {
		if err := editor.CheckCoord(e.Pos[a]); err != nil {
			return fmt.Errorf("%s: px.%s: %w", where, name, err)
		}
	}
	switch {
	case len(polygon) > 0 && len(polyline) > 0:
		return fmt.Errorf("%s: fields \"polygon\" and \"polyline\": an entity is one or the other", where)
	case len(polygon) > 0:
		b.shapes, err = editor.PolygonShape(b.shapes, src, append([]mgl64.Vec2{e.Pos}, polygon...))
		if err != nil {
			err = fmt.Errorf("field \"polygon\" (the entity's position is points[0]): %w", err)
		}
	case len(polyline) > 0:
		bottom := b.lv.Height
		b.shapes, err = editor.Polyline(b.shapes, src, append([]mgl64.Vec2{e.Pos}, polyline...), flags, &bottom)
		if err != nil {
			err = fmt.Errorf("field \"polyline\" (the entity's position is points[0]): %w", err)
		}
	default:
		min := e.Pos.Sub(mgl64.Vec2{e.Pivot[0] * e.Size[0], e.Pivot[1] * e.Size[1]})
		if b.p.defs.render[e.Identifier] == "Ellipse" {
			b.shapes, err = editor.EllipseShape(b.shapes, src, min[0], min[1], e.Size[0], e.Size[1], 0, min)
		} else {
			b.shapes, err = editor.Rect(b.shapes, src, min[0], min[1], e.Size[0], e.Size[1], 0, min)
		}
	}
	if err != nil {
		return fmt.Errorf("%s: %w", where, err)
	}
	return nil
}
