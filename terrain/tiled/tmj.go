package tiled

// TMJ reader: encoding/json into the fields collision needs, following
// Tiled's JSON map format. Layers and objects are decoded one at a time so an
// error can name the layer and object it is in; tile layer data and tilesets
// are not decoded.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/go-gl/mathgl/mgl64"
)

type tmjMap struct {
	Type        string            `json:"type"`
	Orientation string            `json:"orientation"`
	Width       float64           `json:"width"`
	Height      float64           `json:"height"`
	TileWidth   float64           `json:"tilewidth"`
	TileHeight  float64           `json:"tileheight"`
	Infinite    bool              `json:"infinite"`
	Properties  []tmjProp         `json:"properties"`
	Layers      []json.RawMessage `json:"layers"`
}

type tmjLayer struct {
	Type       string            `json:"type"`
	Name       string            `json:"name"`
	Class      string            `json:"class"`
	OffsetX    float64           `json:"offsetx"`
	OffsetY    float64           `json:"offsety"`
	Properties []tmjProp         `json:"properties"`
	Objects    []json.RawMessage `json:"objects"`
	Layers     []json.RawMessage `json:"layers"`
}

type tmjObject struct {
	ID         float64    `json:"id"`
	Name       string     `json:"name"`
	Type       string     `json:"type"`
	Class      string     `json:"class"`
	X          float64    `json:"x"`
	Y          float64    `json:"y"`
	Width      float64    `json:"width"`
	Height     float64    `json:"height"`
	Rotation   float64    `json:"rotation"`
	GID        float64    `json:"gid"`
	Ellipse    bool       `json:"ellipse"`
	Point      bool       `json:"point"`
	Capsule    bool       `json:"capsule"`
	Polygon    []tmjPoint `json:"polygon"`
	Polyline   []tmjPoint `json:"polyline"`
	Text       any        `json:"text"`
	Template   string     `json:"template"`
	Properties []tmjProp  `json:"properties"`
}

type tmjPoint struct {
	X *float64 `json:"x"`
	Y *float64 `json:"y"`
}

type tmjProp struct {
	Name  string `json:"name"`
	Type  string `json:"type"`
	Value any    `json:"value"`
}

// decodeOne decodes one JSON value, rejecting trailing data.
func decodeOne(data []byte, v any) error {
	d := json.NewDecoder(bytes.NewReader(data))
	if err := d.Decode(v); err != nil {
		return err
	}
	if d.More() {
		return errors.New("data after the JSON value")
	}
	return nil
}

func readTMJ(data []byte) (*rawMap, error) {
	var jm tmjMap
	if err := decodeOne(data, &jm); err != nil {
		return nil, fmt.Errorf("map: %w", jsonError(err))
	}
	if jm.Type != "" && jm.Type != "map" {
		return nil, fmt.Errorf("map: type: %q, want \"map\"", jm.Type)
	}
	m := &rawMap{
		orientation: jm.Orientation, width: jm.Width, height: jm.Height,
		tileW: jm.TileWidth, tileH: jm.TileHeight, infinite: jm.Infinite,
		root: rawLayer{kind: "group"},
	}
	var err error
	if m.props, err = tmjProps(jm.Properties); err != nil {
		return nil, fmt.Errorf("map: properties: %w", err)
	}
	if err := readTMJLayers(m, &m.root, jm.Layers, 0); err != nil {
		return nil, err
	}
	return m, nil
}

func readTMJLayers(m *rawMap, g *rawLayer, layers []json.RawMessage, depth int) error {
	for i, msg := range layers {
		var jl tmjLayer
		if err := json.Unmarshal(msg, &jl); err != nil {
			return fmt.Errorf("layers[%d]: %w", i, jsonError(err))
		}
		if jl.Type != "group" && jl.Type != "objectgroup" {
			continue // tilelayer, imagelayer
		}
		if err := m.addLayer(depth + 1); err != nil {
			return err
		}
		l := rawLayer{kind: jl.Type, name: jl.Name, class: jl.Class, offset: mgl64.Vec2{jl.OffsetX, jl.OffsetY}}
		var err error
		if l.props, err = tmjProps(jl.Properties); err != nil {
			return fmt.Errorf("layer %q: properties: %w", l.name, err)
		}
		if jl.Type == "group" {
			if err := readTMJLayers(m, &l, jl.Layers, depth+1); err != nil {
				return err
			}
		}
		for k, om := range jl.Objects {
			o, err := readTMJObject(om, l.name, k)
			if err != nil {
				return err
			}
			if err := m.count(len(o.points)); err != nil {
				return fmt.Errorf("%s: %w", o.where(l.name), err)
			}
			l.objects = append(l.objects, o)
		}
		g.children = append(g.children, l)
	}
	return nil
}

func readTMJObject(msg json.RawMessage, layer string, index int) (rawObject, error) {
	var jo tmjObject
	if err := json.Unmarshal(msg, &jo); err != nil {
		// Name the object by what can be read of it.
		var head struct {
			ID   any `json:"id"`
			Name any `json:"name"`
		}
		_ = json.Unmarshal(msg, &head)
		return rawObject{}, fmt.Errorf("layer %q: objects[%d] (id %v, name %q): %w", layer, index, head.ID, fmt.Sprint(head.Name), jsonError(err))
	}
	o := rawObject{
		id: int(jo.ID), name: jo.Name, class: jo.Class,
		x: jo.X, y: jo.Y, w: jo.Width, h: jo.Height, rot: jo.Rotation, template: jo.Template,
	}
	if o.class == "" {
		o.class = jo.Type
	}
	if jo.ID != float64(o.id) {
		return o, fmt.Errorf("layer %q: objects[%d] %q: id: %v is not an integer", layer, index, jo.Name, jo.ID)
	}
	where := o.where(layer)
	var pts []tmjPoint
	switch {
	case jo.Capsule:
		return o, fmt.Errorf("%s: unknown shape capsule (want rectangle, ellipse, point, polygon, polyline, tile or text)", where)
	case jo.GID != 0:
		o.kind = Tile
	case jo.Point:
		o.kind = Point
	case jo.Ellipse:
		o.kind = Ellipse
	case jo.Polygon != nil:
		o.kind, pts = Polygon, jo.Polygon
	case jo.Polyline != nil:
		o.kind, pts = Polyline, jo.Polyline
	case jo.Text != nil:
		o.kind = Text
	}
	if len(pts) > MaxPoints {
		return o, fmt.Errorf("%s (%v): points: more than %d", where, o.kind, MaxPoints)
	}
	for i, p := range pts {
		if p.X == nil || p.Y == nil {
			return o, fmt.Errorf("%s (%v): points[%d]: want {\"x\": ..., \"y\": ...}", where, o.kind, i)
		}
		o.points = append(o.points, mgl64.Vec2{*p.X, *p.Y})
	}
	var err error
	if o.props, err = tmjProps(jo.Properties); err != nil {
		return o, fmt.Errorf("%s: properties: %w", where, err)
	}
	return o, nil
}

// tmjProps converts JSON properties: bool, number and string values are
// kept, class-typed ones (objects) become nil.
func tmjProps(ps []tmjProp) ([]prop, error) {
	out := make([]prop, 0, len(ps))
	for _, p := range ps {
		switch v := p.Value.(type) {
		case bool, float64, string:
			out = append(out, prop{name: p.Name, value: v})
		case map[string]any, nil:
			out = append(out, prop{name: p.Name})
		default:
			return nil, fmt.Errorf("%s: unexpected value %v", p.Name, p.Value)
		}
	}
	return out, nil
}

// jsonError words a JSON type error by the field's name in the file.
func jsonError(err error) error {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) && te.Field != "" {
		return fmt.Errorf("%s: got a JSON %s, want %v", te.Field, te.Value, te.Type)
	}
	return err
}
