package ldtk

// Reading a project takes two passes over the JSON. The first, here, decodes
// the fields this package needs that ldtkgo does not keep (IntGrid value
// identifiers, entity render modes) together with the sizes to check against
// the limits, and the fields whose absence or wrong type would make
// ldtkgo.Read index out of range or follow a nil pointer (null levels,
// layers, entities or fields; a background image without its position; a
// tileset identifier that is not a string). The second is ldtkgo.Read. A
// panic inside ldtkgo on a case the first pass does not foresee is turned
// into an error rather than crashing the game.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/solarlune/ldtkgo"
)

type metaProject struct {
	Levels []*metaLevel       `json:"levels"`
	Worlds []json.RawMessage  `json:"worlds"`
	Defs   metaDefs           `json:"defs"`
	Header *struct{ App any } `json:"__header__"`
}

type metaDefs struct {
	Layers   []*metaLayerDef  `json:"layers"`
	Entities []*metaEntityDef `json:"entities"`
	Tilesets []*struct {
		Identifier string `json:"identifier"`
		EnumTags   []struct {
			EnumValueID string `json:"enumValueId"`
			TileIDs     []int  `json:"tileIds"`
		} `json:"enumTags"`
	} `json:"tilesets"`
}

type metaLayerDef struct {
	Identifier    string `json:"identifier"`
	Type          string `json:"__type"`
	IntGridValues []struct {
		Value      int     `json:"value"`
		Identifier *string `json:"identifier"`
	} `json:"intGridValues"`
}

type metaEntityDef struct {
	Identifier string `json:"identifier"`
	RenderMode string `json:"renderMode"`
}

type metaLevel struct {
	Identifier      string       `json:"identifier"`
	PxWid           int          `json:"pxWid"`
	PxHei           int          `json:"pxHei"`
	ExternalRelPath *string      `json:"externalRelPath"`
	BgRelPath       *string      `json:"bgRelPath"`
	BgPos           *metaBgPos   `json:"__bgPos"`
	LayerInstances  []*metaLayer `json:"layerInstances"`
	FieldInstances  []*struct{}  `json:"fieldInstances"`
}

type metaBgPos struct {
	Scale    []float64 `json:"scale"`
	CropRect []float64 `json:"cropRect"`
}

type metaLayer struct {
	Identifier string        `json:"__identifier"`
	Type       string        `json:"__type"`
	CWid       int           `json:"__cWid"`
	CHei       int           `json:"__cHei"`
	GridSize   int           `json:"__gridSize"`
	IntGridCsv []int         `json:"intGridCsv"`
	Entities   []*metaEntity `json:"entityInstances"`
}

type metaEntity struct {
	Identifier string       `json:"__identifier"`
	Px         []int        `json:"px"`
	Width      int          `json:"width"`
	Height     int          `json:"height"`
	Pivot      []float64    `json:"__pivot"`
	Fields     []*metaField `json:"fieldInstances"`
}

type metaField struct {
	Identifier string `json:"__identifier"`
	Value      any    `json:"__value"`
}

// defs is what Level needs beyond ldtkgo's project.
type defs struct {
	// intGrid maps a layer identifier to its values' identifiers.
	intGrid map[string]map[int]string
	// render maps an entity identifier to its render mode ("Ellipse", ...).
	render map[string]string
}

func parse(data []byte) (p *Project, err error) {
	if len(data) > MaxBytes {
		return nil, fmt.Errorf("the project is larger than %d bytes", MaxBytes)
	}
	var meta metaProject
	d := json.NewDecoder(bytes.NewReader(data))
	if err := d.Decode(&meta); err != nil {
		return nil, jsonError(err)
	}
	if d.More() {
		return nil, errors.New("data after the project object")
	}
	df, err := check(&meta)
	if err != nil {
		return nil, err
	}
	defer func() {
		if r := recover(); r != nil {
			p, err = nil, fmt.Errorf("ldtkgo could not read the project: %v", r)
		}
	}()
	src, err := ldtkgo.Read(data)
	if err != nil {
		return nil, fmt.Errorf("ldtkgo: %w", err)
	}
	return &Project{Source: src, defs: df}, nil
}

// check validates the first pass and collects the definitions.
func check(meta *metaProject) (*defs, error) {
	if meta.Header == nil && meta.Levels == nil {
		return nil, errors.New("not an LDtk project (no __header__ and no levels)")
	}
	if len(meta.Levels) == 0 {
		if len(meta.Worlds) > 0 {
			return nil, errors.New("worlds: multi-world projects are not supported (their levels are not in the root \"levels\" array)")
		}
		return nil, errors.New("levels: the project has no levels")
	}
	if len(meta.Levels) > MaxLevels {
		return nil, fmt.Errorf("levels: %d levels, more than %d", len(meta.Levels), MaxLevels)
	}
	df := &defs{intGrid: map[string]map[int]string{}, render: map[string]string{}}
	for i, ld := range meta.Defs.Layers {
		if ld == nil {
			return nil, fmt.Errorf("defs.layers[%d]: null", i)
		}
		vals := map[int]string{}
		for _, v := range ld.IntGridValues {
			if v.Identifier != nil {
				vals[v.Value] = *v.Identifier
			} else {
				vals[v.Value] = ""
			}
		}
		df.intGrid[ld.Identifier] = vals
	}
	for i, ed := range meta.Defs.Entities {
		if ed == nil {
			return nil, fmt.Errorf("defs.entities[%d]: null", i)
		}
		df.render[ed.Identifier] = ed.RenderMode
	}
	for i, ts := range meta.Defs.Tilesets {
		if ts == nil {
			return nil, fmt.Errorf("defs.tilesets[%d]: null", i)
		}
	}
	cells, entities, points := 0, 0, 0
	for i, lv := range meta.Levels {
		if lv == nil {
			return nil, fmt.Errorf("levels[%d]: null", i)
		}
		where := fmt.Sprintf("level %q", lv.Identifier)
		if lv.BgRelPath != nil && *lv.BgRelPath != "" && (lv.BgPos == nil || len(lv.BgPos.Scale) < 2 || len(lv.BgPos.CropRect) < 4) {
			return nil, fmt.Errorf("%s: __bgPos: missing or short for background %q", where, *lv.BgRelPath)
		}
		for _, f := range lv.FieldInstances {
			if f == nil {
				return nil, fmt.Errorf("%s: fieldInstances: null field", where)
			}
		}
		if lv.LayerInstances == nil && lv.ExternalRelPath != nil {
			return nil, fmt.Errorf("%s: saved in a separate file %q, which is not supported (turn off \"Save levels separately\" in LDtk's project settings)", where, *lv.ExternalRelPath)
		}
		if lv.LayerInstances == nil {
			// (It would load as a level with nothing to stand on.)
			return nil, fmt.Errorf("%s: layerInstances: missing", where)
		}
		for k, l := range lv.LayerInstances {
			if l == nil {
				return nil, fmt.Errorf("%s: layerInstances[%d]: null", where, k)
			}
			lw := fmt.Sprintf("%s: layer %q", where, l.Identifier)
			if l.Type == "IntGrid" && (l.CWid < 0 || l.CHei < 0 || len(l.IntGridCsv) != l.CWid*l.CHei) {
				return nil, fmt.Errorf("%s: intGridCsv: %d values, want __cWid*__cHei = %d*%d", lw, len(l.IntGridCsv), l.CWid, l.CHei)
			}
			cells += len(l.IntGridCsv)
			if cells > MaxIntGridCells {
				return nil, fmt.Errorf("%s: intGridCsv: more than %d IntGrid cells in the project", lw, MaxIntGridCells)
			}
			for _, e := range l.Entities {
				if e == nil {
					return nil, fmt.Errorf("%s: entityInstances: null entity", lw)
				}
				entities++
				if entities > MaxEntities {
					return nil, fmt.Errorf("%s: entity %q: more than %d entities in the project", lw, e.Identifier, MaxEntities)
				}
				for _, f := range e.Fields {
					if f == nil {
						return nil, fmt.Errorf("%s: entity %q: fieldInstances: null field", lw, e.Identifier)
					}
					if arr, ok := f.Value.([]any); ok {
						points += len(arr)
						if points > MaxPoints {
							return nil, fmt.Errorf("%s: entity %q: field %q: more than %d array values in the project", lw, e.Identifier, f.Identifier, MaxPoints)
						}
					}
				}
			}
		}
	}
	return df, nil
}

// jsonError words a JSON type error by the field's path in the file.
func jsonError(err error) error {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) && te.Field != "" {
		return fmt.Errorf("%s: got a JSON %s, want %v", te.Field, te.Value, te.Type)
	}
	return err
}
