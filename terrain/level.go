package terrain

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/solarlune/resolv"
)

// Limits on level files.
const (
	// MaxLevelBytes is the largest level file accepted (4 MiB).
	MaxLevelBytes = 4 << 20
	// MaxLevelEntries is the largest number of entries in a level.
	MaxLevelEntries = 10000
	// MaxLevelPoints is the largest total number of points and heights in a level.
	MaxLevelPoints = 200000
)

// Level is a parsed and validated level file. Its JSON form is
//
//	{
//	  "name": "walk", "width": 2400, "height": 720, "cell": 32,
//	  "entries": [
//	    {"kind": "polyline", "points": [[0,560],[300,560],[500,444]], "bottom": 720},
//	    {"kind": "ceiling", "points": [[400,300],[800,300]], "top": 0},
//	    {"kind": "heightfield", "x": 0, "spacing": 16, "heights": [560,550,548], "bottom": 720},
//	    {"kind": "stairs", "x": 800, "y": 560, "step_width": 40, "rise": 16, "steps": 8, "bottom": 720},
//	    {"kind": "box", "x": 700, "y": 200, "w": 580, "h": 400, "tags": ["wall"]},
//	    {"kind": "polygon", "points": [[0,0],[40,0],[20,30]]},
//	    {"kind": "circle", "x": 600, "y": 300, "r": 24}
//	  ]
//	}
//
// Kinds and their required fields: "polyline" (points, bottom: ground below a
// polyline, see World.AddGround), "ceiling" (points, top: see
// World.AddCeiling), "heightfield" (x, spacing, heights, bottom), "stairs" (x,
// y, step_width, rise, steps, bottom: see Stairs), "box" (x, y, w, h: top-left
// corner and size), "polygon" (points: convex, either winding), "circle" (x,
// y, r). "tags" is optional, from "ground", "wall", "ceiling", "platform",
// "trigger". "cell" defaults to 32. Unknown fields are errors, and so is an
// entry whose shapes lie wholly outside the rectangle (0, 0)-(width, height)
// (shapes that reach past its edges are fine).
type Level struct {
	Name    string  `json:"name"`
	Width   float64 `json:"width"`
	Height  float64 `json:"height"`
	Cell    int     `json:"cell,omitempty"`
	Entries []Entry `json:"entries"`
}

// Entry is one shape-building entry of a Level. Pointer fields distinguish
// "absent" from zero; see Level for which fields each kind requires.
type Entry struct {
	Kind      string      `json:"kind"`
	Points    [][]float64 `json:"points,omitempty"`
	Heights   []float64   `json:"heights,omitempty"`
	X         *float64    `json:"x,omitempty"`
	Y         *float64    `json:"y,omitempty"`
	W         *float64    `json:"w,omitempty"`
	H         *float64    `json:"h,omitempty"`
	R         *float64    `json:"r,omitempty"`
	Bottom    *float64    `json:"bottom,omitempty"`
	Top       *float64    `json:"top,omitempty"`
	Spacing   *float64    `json:"spacing,omitempty"`
	StepWidth *float64    `json:"step_width,omitempty"`
	Rise      *float64    `json:"rise,omitempty"`
	Steps     *int        `json:"steps,omitempty"`
	Tags      []string    `json:"tags,omitempty"`
}

// LoadLevel reads at most MaxLevelBytes from r and parses them with ParseLevel.
func LoadLevel(r io.Reader) (*Level, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxLevelBytes+1))
	if err != nil {
		return nil, fmt.Errorf("terrain: level: %w", err)
	}
	return ParseLevel(data)
}

// ParseLevel parses and validates a level file. Errors name the bad entry by
// index and kind and the bad field, e.g.
// `terrain: level: entries[3] (polygon): points[2]: the polygon is not convex at this point`.
func ParseLevel(data []byte) (*Level, error) {
	if len(data) > MaxLevelBytes {
		return nil, fmt.Errorf("terrain: level: file is larger than %d bytes", MaxLevelBytes)
	}
	var raw struct {
		Name    string            `json:"name"`
		Width   *float64          `json:"width"`
		Height  *float64          `json:"height"`
		Cell    int               `json:"cell"`
		Entries []json.RawMessage `json:"entries"`
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&raw); err != nil {
		return nil, fmt.Errorf("terrain: level: %w", err)
	}
	if dec.More() {
		return nil, errors.New("terrain: level: data after the level object")
	}
	lv := &Level{Name: raw.Name, Cell: raw.Cell}
	if raw.Width == nil {
		return nil, errors.New("terrain: level: width: missing")
	}
	if raw.Height == nil {
		return nil, errors.New("terrain: level: height: missing")
	}
	lv.Width, lv.Height = *raw.Width, *raw.Height
	if lv.Cell == 0 {
		lv.Cell = 32
	}
	if err := checkSize(lv.Width, lv.Height, lv.Cell); err != nil {
		return nil, fmt.Errorf("terrain: level: %w", err)
	}
	if len(raw.Entries) == 0 {
		return nil, errors.New("terrain: level: entries: no entries")
	}
	if len(raw.Entries) > MaxLevelEntries {
		return nil, fmt.Errorf("terrain: level: entries: %d entries, more than %d", len(raw.Entries), MaxLevelEntries)
	}
	lv.Entries = make([]Entry, len(raw.Entries))
	total := 0
	for i, msg := range raw.Entries {
		e := &lv.Entries[i]
		d := json.NewDecoder(bytes.NewReader(msg))
		d.DisallowUnknownFields()
		if err := d.Decode(e); err != nil {
			return nil, fmt.Errorf("terrain: level: entries[%d]: %w", i, err)
		}
		total += len(e.Points) + len(e.Heights)
		if total > MaxLevelPoints {
			return nil, fmt.Errorf("terrain: level: entries[%d]: more than %d points in the level", i, MaxLevelPoints)
		}
		if err := e.validate(); err != nil {
			return nil, fmt.Errorf("terrain: level: entries[%d] (%s): %w", i, e.Kind, err)
		}
		if err := e.checkInside(lv.Width, lv.Height); err != nil {
			return nil, fmt.Errorf("terrain: level: entries[%d] (%s): %w", i, e.Kind, err)
		}
	}
	return lv, nil
}

// need returns the value of a required field or an error naming it.
func need(name string, v *float64) (float64, error) {
	if v == nil {
		return 0, fmt.Errorf("%s: missing", name)
	}
	if err := checkCoord(name, *v); err != nil {
		return 0, err
	}
	return *v, nil
}

// points converts the entry's points, naming a malformed one.
func (e *Entry) points() ([]mgl64.Vec2, error) {
	ps := make([]mgl64.Vec2, len(e.Points))
	for i, p := range e.Points {
		if len(p) != 2 {
			return nil, fmt.Errorf("points[%d]: want [x, y], got %d numbers", i, len(p))
		}
		ps[i] = mgl64.Vec2{p[0], p[1]}
	}
	return ps, checkPoints("points", ps)
}

// tagBits converts the entry's tag names.
func (e *Entry) tagBits() (resolv.Tags, error) {
	var t resolv.Tags
	for i, name := range e.Tags {
		bit, ok := tagNames[name]
		if !ok {
			names := make([]string, 0, len(tagNames))
			for k := range tagNames {
				names = append(names, k)
			}
			slices.Sort(names)
			return 0, fmt.Errorf("tags[%d]: unknown tag %q (want one of %v)", i, name, names)
		}
		t |= bit
	}
	return t, nil
}

// unused rejects fields the entry's kind does not use.
func (e *Entry) unused(allowed ...string) error {
	set := map[string]bool{
		"points": e.Points != nil, "heights": e.Heights != nil, "x": e.X != nil, "y": e.Y != nil,
		"w": e.W != nil, "h": e.H != nil, "r": e.R != nil, "bottom": e.Bottom != nil, "top": e.Top != nil,
		"spacing": e.Spacing != nil, "step_width": e.StepWidth != nil, "rise": e.Rise != nil, "steps": e.Steps != nil,
	}
	for _, a := range allowed {
		delete(set, a)
	}
	keys := make([]string, 0, len(set))
	for k, present := range set {
		if present {
			keys = append(keys, k)
		}
	}
	if len(keys) > 0 {
		slices.Sort(keys)
		return fmt.Errorf("%s: not used by kind %q", keys[0], e.Kind)
	}
	return nil
}

// validate checks the entry; the error names the field.
func (e *Entry) validate() error {
	if _, err := e.tagBits(); err != nil {
		return err
	}
	_, err := e.add(nil)
	return err
}

// add validates the entry and, if w is not nil, adds its shapes to w.
func (e *Entry) add(w *World) (int, error) {
	tags, err := e.tagBits()
	if err != nil {
		return 0, err
	}
	switch e.Kind {
	case "polyline", "ceiling":
		edgeName, edgePtr, below := "bottom", e.Bottom, true
		if e.Kind == "ceiling" {
			edgeName, edgePtr, below = "top", e.Top, false
		}
		if err := e.unused("points", edgeName); err != nil {
			return 0, err
		}
		edge, err := need(edgeName, edgePtr)
		if err != nil {
			return 0, err
		}
		ps, err := e.points()
		if err != nil {
			return 0, err
		}
		if err := checkPolyline("points", ps, edgeName, edge, below); err != nil {
			return 0, err
		}
		if w == nil {
			return 0, nil
		}
		var shapes []*resolv.ConvexPolygon
		if below {
			shapes, err = w.AddGround(ps, edge, tags)
		} else {
			shapes, err = w.AddCeiling(ps, edge, tags)
		}
		return len(shapes), err
	case "heightfield":
		if err := e.unused("x", "spacing", "heights", "bottom"); err != nil {
			return 0, err
		}
		x, err := need("x", e.X)
		if err != nil {
			return 0, err
		}
		sp, err := need("spacing", e.Spacing)
		if err != nil {
			return 0, err
		}
		if !(sp > 0) {
			return 0, fmt.Errorf("spacing: %v must be positive", sp)
		}
		bottom, err := need("bottom", e.Bottom)
		if err != nil {
			return 0, err
		}
		if len(e.Heights) < 2 {
			return 0, fmt.Errorf("heights: need at least 2, got %d", len(e.Heights))
		}
		for i, h := range e.Heights {
			name := fmt.Sprintf("heights[%d]", i)
			if err := checkCoord(name, h); err != nil {
				return 0, err
			}
			if !(h < bottom) {
				return 0, fmt.Errorf("%s: %v must be above bottom %v", name, h, bottom)
			}
		}
		if err := checkCoord("x + spacing*len(heights)", x+sp*float64(len(e.Heights))); err != nil {
			return 0, err
		}
		if w == nil {
			return 0, nil
		}
		shapes, err := w.AddHeightField(x, sp, e.Heights, bottom, tags)
		return len(shapes), err
	case "stairs":
		if err := e.unused("x", "y", "step_width", "rise", "steps", "bottom"); err != nil {
			return 0, err
		}
		var v [5]float64
		for i, f := range []struct {
			name string
			p    *float64
		}{{"x", e.X}, {"y", e.Y}, {"step_width", e.StepWidth}, {"rise", e.Rise}, {"bottom", e.Bottom}} {
			if v[i], err = need(f.name, f.p); err != nil {
				return 0, err
			}
		}
		if e.Steps == nil {
			return 0, errors.New("steps: missing")
		}
		if !(v[2] > 0) {
			return 0, fmt.Errorf("step_width: %v must be positive", v[2])
		}
		if *e.Steps < 1 || *e.Steps > 10000 {
			return 0, fmt.Errorf("steps: %d must be in [1, 10000]", *e.Steps)
		}
		ps := Stairs(v[0], v[1], v[2], v[3], *e.Steps)
		if err := checkPolyline("stairs", ps, "bottom", v[4], true); err != nil {
			return 0, fmt.Errorf("%w (the stairs must stay above bottom and within the coordinate limit)", err)
		}
		if w == nil {
			return 0, nil
		}
		shapes, err := w.AddGround(ps, v[4], tags)
		return len(shapes), err
	case "box":
		if err := e.unused("x", "y", "w", "h"); err != nil {
			return 0, err
		}
		var v [4]float64
		for i, f := range []struct {
			name string
			p    *float64
		}{{"x", e.X}, {"y", e.Y}, {"w", e.W}, {"h", e.H}} {
			if v[i], err = need(f.name, f.p); err != nil {
				return 0, err
			}
		}
		if !(v[2] > 0) {
			return 0, fmt.Errorf("w: %v must be positive", v[2])
		}
		if !(v[3] > 0) {
			return 0, fmt.Errorf("h: %v must be positive", v[3])
		}
		if err := checkCoord("x + w", v[0]+v[2]); err != nil {
			return 0, err
		}
		if err := checkCoord("y + h", v[1]+v[3]); err != nil {
			return 0, err
		}
		if w == nil {
			return 0, nil
		}
		_, err := w.AddBox(v[0], v[1], v[2], v[3], tags)
		return 1, err
	case "polygon":
		if err := e.unused("points"); err != nil {
			return 0, err
		}
		ps, err := e.points()
		if err != nil {
			return 0, err
		}
		if err := checkConvex("points", ps); err != nil {
			return 0, err
		}
		if w == nil {
			return 0, nil
		}
		_, err = w.AddPolygon(ps, tags)
		return 1, err
	case "circle":
		if err := e.unused("x", "y", "r"); err != nil {
			return 0, err
		}
		x, err := need("x", e.X)
		if err != nil {
			return 0, err
		}
		y, err := need("y", e.Y)
		if err != nil {
			return 0, err
		}
		r, err := need("r", e.R)
		if err != nil {
			return 0, err
		}
		if !(r > 0) {
			return 0, fmt.Errorf("r: %v must be positive", r)
		}
		if w == nil {
			return 0, nil
		}
		_, err = w.AddCircle(x, y, r, tags)
		return 1, err
	case "":
		return 0, errors.New("kind: missing")
	}
	return 0, fmt.Errorf("kind: unknown kind %q (want polyline, ceiling, heightfield, stairs, box, polygon or circle)", e.Kind)
}

// Build returns a new World holding the level's shapes. A Level from
// ParseLevel or LoadLevel always builds; a Level made or edited in code is
// validated again and an error names the bad entry.
func (lv *Level) Build() (*World, error) {
	cell := lv.Cell
	if cell == 0 {
		cell = 32
	}
	w, err := New(lv.Width, lv.Height, WithCellSize(cell))
	if err != nil {
		return nil, fmt.Errorf("terrain: level: %w", err)
	}
	for i := range lv.Entries {
		e := &lv.Entries[i]
		if err := e.validate(); err != nil {
			return nil, fmt.Errorf("terrain: level: entries[%d] (%s): %w", i, e.Kind, err)
		}
		if err := e.checkInside(lv.Width, lv.Height); err != nil {
			return nil, fmt.Errorf("terrain: level: entries[%d] (%s): %w", i, e.Kind, err)
		}
		if _, err := e.add(w); err != nil {
			return nil, fmt.Errorf("terrain: level: entries[%d] (%s): %w", i, e.Kind, err)
		}
	}
	w.Sync() // builds the index (see World)
	return w, nil
}
