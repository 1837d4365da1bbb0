package tiled

// TMX reader: a walk over encoding/xml tokens that keeps what collision needs
// (the map's size and orientation, object and group layers, objects and custom
// properties) and skips the rest (tilesets, tile layer data, image layers)
// without decoding it.

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/go-gl/mathgl/mgl64"
)

func readTMX(data []byte) (*rawMap, error) {
	d := xml.NewDecoder(bytes.NewReader(data))
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return nil, errors.New("no <map> element")
		}
		if err != nil {
			return nil, err
		}
		se, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		if se.Name.Local != "map" {
			return nil, fmt.Errorf("root element <%s>, want <map>", se.Name.Local)
		}
		m := &rawMap{root: rawLayer{kind: "group"}}
		a := attrMap(se)
		m.orientation = a["orientation"]
		m.infinite = a["infinite"] == "1"
		for _, f := range []struct {
			name string
			dst  *float64
		}{{"width", &m.width}, {"height", &m.height}, {"tilewidth", &m.tileW}, {"tileheight", &m.tileH}} {
			if *f.dst, err = number(a, f.name); err != nil {
				return nil, fmt.Errorf("map: %w", err)
			}
		}
		if err := readTMXGroup(d, m, &m.root, 0); err != nil {
			return nil, err
		}
		m.props, m.root.props = m.root.props, nil // the map's, not a layer's
		return m, nil
	}
}

// attrMap returns an element's attributes by local name.
func attrMap(se xml.StartElement) map[string]string {
	a := make(map[string]string, len(se.Attr))
	for _, at := range se.Attr {
		a[at.Name.Local] = at.Value
	}
	return a
}

// number parses attribute name (0 when absent).
func number(a map[string]string, name string) (float64, error) {
	s, ok := a[name]
	if !ok {
		return 0, nil
	}
	v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil {
		return 0, fmt.Errorf("%s: %q is not a number", name, s)
	}
	return v, nil
}

// layerAttrs reads the attributes every layer has.
func layerAttrs(se xml.StartElement, kind string) (rawLayer, error) {
	a := attrMap(se)
	l := rawLayer{kind: kind, name: a["name"], class: a["class"]}
	var err error
	if l.offset[0], err = number(a, "offsetx"); err != nil {
		return l, fmt.Errorf("layer %q: %w", l.name, err)
	}
	if l.offset[1], err = number(a, "offsety"); err != nil {
		return l, fmt.Errorf("layer %q: %w", l.name, err)
	}
	return l, nil
}

// readTMXGroup reads the children of <map> or <group> up to its end.
func readTMXGroup(d *xml.Decoder, m *rawMap, g *rawLayer, depth int) error {
	for {
		tok, err := d.Token()
		if err != nil {
			return err
		}
		switch t := tok.(type) {
		case xml.EndElement:
			return nil
		case xml.StartElement:
			switch t.Name.Local {
			case "properties":
				if g.props, err = readTMXProps(d); err != nil {
					return fmt.Errorf("layer %q: properties: %w", g.name, err)
				}
			case "group", "objectgroup":
				if err := m.addLayer(depth + 1); err != nil {
					return err
				}
				l, err := layerAttrs(t, t.Name.Local)
				if err != nil {
					return err
				}
				if t.Name.Local == "group" {
					err = readTMXGroup(d, m, &l, depth+1)
				} else {
					err = readTMXObjectGroup(d, m, &l)
				}
				if err != nil {
					return err
				}
				g.children = append(g.children, l)
			default: // tileset, layer, imagelayer, editorsettings
				if err := d.Skip(); err != nil {
					return err
				}
			}
		}
	}
}

func readTMXObjectGroup(d *xml.Decoder, m *rawMap, l *rawLayer) error {
	for {
		tok, err := d.Token()
		if err != nil {
			return err
		}
		switch t := tok.(type) {
		case xml.EndElement:
			return nil
		case xml.StartElement:
			switch t.Name.Local {
			case "properties":
				if l.props, err = readTMXProps(d); err != nil {
					return fmt.Errorf("layer %q: properties: %w", l.name, err)
				}
			case "object":
				o, err := readTMXObject(d, t, l.name)
				if err != nil {
					return err
				}
				if err := m.count(len(o.points)); err != nil {
					return fmt.Errorf("%s: %w", o.where(l.name), err)
				}
				l.objects = append(l.objects, o)
			default:
				if err := d.Skip(); err != nil {
					return err
				}
			}
		}
	}
}

func readTMXObject(d *xml.Decoder, se xml.StartElement, layer string) (rawObject, error) {
	a := attrMap(se)
	o := rawObject{name: a["name"], class: a["class"], template: a["template"]}
	if o.class == "" {
		o.class = a["type"]
	}
	id, err := number(a, "id")
	o.id = int(id)
	if err != nil || id != float64(o.id) {
		return o, fmt.Errorf("layer %q: object %q: id: %q is not an integer", layer, o.name, a["id"])
	}
	for _, f := range []struct {
		name string
		dst  *float64
	}{{"x", &o.x}, {"y", &o.y}, {"width", &o.w}, {"height", &o.h}, {"rotation", &o.rot}} {
		if *f.dst, err = number(a, f.name); err != nil {
			return o, fmt.Errorf("%s: %w", o.where(layer), err)
		}
	}
	if g := a["gid"]; g != "" && g != "0" {
		o.kind = Tile
	}
	for {
		tok, err := d.Token()
		if err != nil {
			return o, err
		}
		switch t := tok.(type) {
		case xml.EndElement:
			return o, nil
		case xml.StartElement:
			switch t.Name.Local {
			case "properties":
				if o.props, err = readTMXProps(d); err != nil {
					return o, fmt.Errorf("%s: properties: %w", o.where(layer), err)
				}
				continue
			case "ellipse":
				o.kind = Ellipse
			case "point":
				o.kind = Point
			case "text":
				o.kind = Text
			case "polygon", "polyline":
				o.kind = Polygon
				if t.Name.Local == "polyline" {
					o.kind = Polyline
				}
				if o.points, err = parsePoints(attrMap(t)["points"]); err != nil {
					return o, fmt.Errorf("%s (%v): %w", o.where(layer), o.kind, err)
				}
			default:
				return o, fmt.Errorf("%s: unknown shape <%s> (want rectangle, ellipse, point, polygon, polyline, tile or text)", o.where(layer), t.Name.Local)
			}
			if err := d.Skip(); err != nil {
				return o, err
			}
		}
	}
}

// parsePoints parses "x,y x,y ...", naming a bad point.
func parsePoints(s string) ([]mgl64.Vec2, error) {
	fields := strings.Fields(s)
	if len(fields) > MaxPoints {
		return nil, fmt.Errorf("points: more than %d", MaxPoints)
	}
	ps := make([]mgl64.Vec2, len(fields))
	for i, f := range fields {
		xs, ys, ok := strings.Cut(f, ",")
		x, errX := strconv.ParseFloat(xs, 64)
		y, errY := strconv.ParseFloat(ys, 64)
		if !ok || errX != nil || errY != nil {
			return nil, fmt.Errorf("points[%d]: %q is not x,y", i, f)
		}
		ps[i] = mgl64.Vec2{x, y}
	}
	return ps, nil
}

// readTMXProps reads <property> elements up to </properties>.
func readTMXProps(d *xml.Decoder) ([]prop, error) {
	var ps []prop
	for {
		tok, err := d.Token()
		if err != nil {
			return nil, err
		}
		switch t := tok.(type) {
		case xml.EndElement:
			return ps, nil
		case xml.StartElement:
			if t.Name.Local != "property" {
				if err := d.Skip(); err != nil {
					return nil, err
				}
				continue
			}
			a := attrMap(t)
			val, hasVal := a["value"]
			if !hasVal {
				// Multi-line strings are written as the element's text;
				// class-typed values as nested properties (skipped).
				var body struct {
					Text string `xml:",chardata"`
				}
				if err := d.DecodeElement(&body, &t); err != nil {
					return nil, err
				}
				val = body.Text
			} else if err := d.Skip(); err != nil {
				return nil, err
			}
			v, err := propValue(a["type"], val)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", a["name"], err)
			}
			ps = append(ps, prop{name: a["name"], value: v})
		}
	}
}

// propValue converts a TMX property value by its type.
func propValue(typ, s string) (any, error) {
	switch typ {
	case "bool":
		switch s {
		case "true":
			return true, nil
		case "false":
			return false, nil
		}
		return nil, fmt.Errorf("%q is not true or false", s)
	case "int", "float", "object":
		v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
		if err != nil {
			return nil, fmt.Errorf("%q is not a number", s)
		}
		return v, nil
	case "class":
		return nil, nil
	}
	return s, nil
}
