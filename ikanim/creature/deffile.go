package creature

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim"
	"github.com/ikanim/kit/ikanim/ik"
	"github.com/ikanim/kit/ikanim/internal/filefmt"
)

// Def file limits.
const MaxDefFileBytes = 1 << 20 // largest def file LoadDef reads

type defFile struct {
	Name        string            `json:"name"`
	Legs        []json.RawMessage `json:"legs"`
	Gait        *gaitFile         `json:"gait"`
	Sprites     *spritesFile      `json:"sprites"`
	TarsusAngle filefmt.Number    `json:"tarsusAngle"`
}

type legFile struct {
	Name     string       `json:"name"`
	Hip      []float64    `json:"hip"`
	Home     []float64    `json:"home"`
	Segments []float64    `json:"segments"`
	Limits   []*limitFile `json:"limits"`
	Far      bool         `json:"far"`
}

type limitFile struct {
	Min filefmt.Number `json:"min"`
	Max filefmt.Number `json:"max"`
}

// gaitFile mirrors GaitDef, field for field, in the same order.
type gaitFile struct {
	Speed           float64 `json:"speed,omitempty"`
	Accel           float64 `json:"accel,omitempty"`
	StepDistance    float64 `json:"stepDistance,omitempty"`
	StepHeight      float64 `json:"stepHeight,omitempty"`
	StepDuration    float64 `json:"stepDuration,omitempty"`
	StepSpeedScale  float64 `json:"stepSpeedScale,omitempty"`
	Overshoot       float64 `json:"overshoot,omitempty"`
	ReachRatio      float64 `json:"reachRatio,omitempty"`
	BodyHeight      float64 `json:"bodyHeight,omitempty"`
	HeightRate      float64 `json:"heightRate,omitempty"`
	TiltRate        float64 `json:"tiltRate,omitempty"`
	WaveSpeed       float64 `json:"waveSpeed,omitempty"`
	MinPlanted      int     `json:"minPlanted,omitempty"`
	BreathAmplitude float64 `json:"breathAmplitude,omitempty"`
	BreathRate      float64 `json:"breathRate,omitempty"`
	ArriveRadius    float64 `json:"arriveRadius,omitempty"`
	TurnRate        float64 `json:"turnRate,omitempty"`
	ProbePeriod     float64 `json:"probePeriod,omitempty"`
}

type spritesFile struct {
	Body     string   `json:"body,omitempty"`
	Segments []string `json:"segments,omitempty"`
	FarShade float32  `json:"farShade,omitempty"`
}

// LoadDef reads a def file (its format below) of at most
// MaxDefFileBytes and builds its definition with NewDef, resolving sprite
// names with sprites (nil: the zero Sprites, nothing drawn, and the names
// are not kept).
//
// A def file is a Def in JSON. Positions and lengths are pixels in the
// character frame (x forward, y down, so feet below the body have a
// positive y), angles are degrees, sprites are names a ikanim.SpriteSource
// resolves. LoadDef reads one, MarshalDef writes one.
//
//	{
//	  "name": "crawler",
//	  "legs": [
//	    {"name": "L1", "hip": [6, 0], "home": [24, 18], "segments": [18, 20]},
//	    {"name": "L2", "hip": [-6, 0], "home": [-20, 18], "segments": [18, 20]},
//	    {"name": "R1", "hip": [6, 0], "home": [24, 18], "segments": [18, 20], "far": true},
//	    {"name": "R2", "hip": [-6, 0], "home": [-20, 18], "segments": [18, 20], "far": true}
//	  ],
//	  "gait": {"stepDuration": 0.2, "breathAmplitude": 1},
//	  "sprites": {"body": "crawler/body", "segments": ["spider/femur", "spider/tibia"]},
//	  "tarsusAngle": 25
//	}
//
// The members are Def's fields with a lower-case first letter: "name";
// "legs" (2 to MaxLegs), each with "name", "hip": [x, y], "home": [x, y],
// "segments" (2 to MaxSegments lengths), "limits" (a tentacle's optional
// per-segment {"min": deg, "max": deg}, null for none) and "far"; "gait",
// an object of GaitDef's fields ("stepDistance", "minPlanted", ...; left
// out or 0 means the default); "sprites" with "body", "segments" and
// "farShade"; and "tarsusAngle" in degrees. Unknown members are errors, and
// errors name the JSON path of the value at fault, e.g. "creature: def
// file: legs[3].segments[1]: ...".
func LoadDef(r io.Reader, sprites ikanim.SpriteSource) (*Def, error) {
	data, err := filefmt.ReadAll(r, MaxDefFileBytes, "creature: def file")
	if err != nil {
		return nil, err
	}
	return ParseDef(data, sprites)
}

// ParseDef parses a def file held in memory; see LoadDef.
func ParseDef(data []byte, sprites ikanim.SpriteSource) (*Def, error) {
	def, err := parseDefFile(data, sprites)
	if err != nil {
		return nil, fmt.Errorf("creature: def file: %w", err)
	}
	d, err := NewDef(def)
	if err != nil {
		// NewDef names Go fields (Legs[3].Segments[1]); a file's author
		// reads JSON paths (legs[3].segments[1]).
		msg := strings.TrimPrefix(err.Error(), fmt.Sprintf("creature: %q: ", def.Name))
		return nil, fmt.Errorf("creature: def file: %s", goPathToJSON(msg))
	}
	return d, nil
}

var goPath = regexp.MustCompile(`\b(Legs|Gait|Sprites|TarsusAngle)(\[\d+\])?(\.[A-Z][A-Za-z]*(\[\d+\])?)*`)

// goPathToJSON rewrites the Go field paths in msg as JSON paths: each
// segment's first letter in lower case.
func goPathToJSON(msg string) string {
	return goPath.ReplaceAllStringFunc(msg, func(p string) string {
		parts := strings.Split(p, ".")
		for i, s := range parts {
			r := []rune(s)
			r[0] = unicode.ToLower(r[0])
			parts[i] = string(r)
		}
		return strings.Join(parts, ".")
	})
}

func parseDefFile(data []byte, sprites ikanim.SpriteSource) (Def, error) {
	var def Def
	if len(data) > MaxDefFileBytes {
		return def, fmt.Errorf("larger than %d bytes", MaxDefFileBytes)
	}
	var f defFile
	if err := filefmt.Decode(data, &f, "", true); err != nil {
		return def, err
	}
	def.Name = f.Name
	if len(f.Name) > ikanim.MaxFileNameLen {
		return def, fmt.Errorf("name: longer than %d bytes", ikanim.MaxFileNameLen)
	}
	if n := len(f.Legs); n < MinLegs || n > MaxLegs {
		return def, fmt.Errorf("legs: %d legs, want %d to %d", n, MinLegs, MaxLegs)
	}
	def.Legs = make([]LegDef, len(f.Legs))
	for i, raw := range f.Legs {
		at := filefmt.Index("legs", i)
		var lf legFile
		if err := filefmt.Decode(raw, &lf, at, true); err != nil {
			return def, err
		}
		l, err := lf.def(at)
		if err != nil {
			return def, err
		}
		def.Legs[i] = l
	}
	if g := f.Gait; g != nil {
		if err := g.check(); err != nil {
			return def, err
		}
		def.Gait = GaitDef(*g)
	}
	if s := f.Sprites; s != nil {
		if !(s.FarShade >= 0 && s.FarShade <= 1) {
			return def, fmt.Errorf("sprites.farShade: %v must be in (0, 1] (0: the default)", s.FarShade)
		}
		def.Sprites.FarShade = s.FarShade
		resolve := func(at, name string) (ikanim.Sprite, error) {
			switch {
			case name == "":
				return ikanim.Sprite{}, fmt.Errorf("%s: empty name", at)
			case len(name) > ikanim.MaxFileNameLen:
				return ikanim.Sprite{}, fmt.Errorf("%s: longer than %d bytes", at, ikanim.MaxFileNameLen)
			case sprites == nil:
				return ikanim.Sprite{}, nil
			}
			sp, err := sprites.Sprite(name)
			if err != nil {
				return sp, fmt.Errorf("%s: %v", at, err)
			}
			return sp, nil
		}
		var err error
		if s.Body != "" {
			if def.Sprites.Body, err = resolve("sprites.body", s.Body); err != nil {
				return def, err
			}
		}
		if len(s.Segments) > MaxSegments {
			return def, fmt.Errorf("sprites.segments: %d sprites, more than %d", len(s.Segments), MaxSegments)
		}
		for k, name := range s.Segments {
			sp, err := resolve(filefmt.Index("sprites.segments", k), name)
			if err != nil {
				return def, err
			}
			def.Sprites.Segments = append(def.Sprites.Segments, sp)
		}
	}
	if f.TarsusAngle != "" {
		r, err := filefmt.Radians(f.TarsusAngle)
		if err != nil {
			return def, fmt.Errorf("tarsusAngle: %v", err)
		}
		if r < -1.5707963267948966 || r > 1.5707963267948966 {
			return def, fmt.Errorf("tarsusAngle: %s degrees must be within [-90, 90]", f.TarsusAngle)
		}
		def.TarsusAngle = r
	}
	return def, nil
}

func vec(at string, v []float64) (mgl64.Vec2, error) {
	if len(v) != 2 {
		return mgl64.Vec2{}, fmt.Errorf("%s: want [x, y], got %d numbers", at, len(v))
	}
	for k, x := range v {
		if !filefmt.Finite(x) || x < -ikanim.MaxFileCoord || x > ikanim.MaxFileCoord {
			return mgl64.Vec2{}, fmt.Errorf("%s: %v must be in [%g, %g]", filefmt.Index(at, k), x, -ikanim.MaxFileCoord, ikanim.MaxFileCoord)
		}
	}
	return mgl64.Vec2{v[0], v[1]}, nil
}

func (lf *legFile) def(at string) (LegDef, error) {
	l := LegDef{Name: lf.Name, Segments: lf.Segments, Far: lf.Far}
	if len(lf.Name) > ikanim.MaxFileNameLen {
		return l, fmt.Errorf("%s.name: longer than %d bytes", at, ikanim.MaxFileNameLen)
	}
	var err error
	if l.Hip, err = vec(at+".hip", lf.Hip); err != nil {
		return l, err
	}
	if l.Home, err = vec(at+".home", lf.Home); err != nil {
		return l, err
	}
	if n := len(lf.Segments); n < 2 || n > MaxSegments {
		return l, fmt.Errorf("%s.segments: %d segments, want 2 or 3 (or up to %d for a tentacle)", at, n, MaxSegments)
	}
	for k, s := range lf.Segments {
		if !(s > 0) || s > ikanim.MaxFileCoord {
			return l, fmt.Errorf("%s: length %v must be in (0, %g]", filefmt.Index(at+".segments", k), s, ikanim.MaxFileCoord)
		}
	}
	if len(lf.Limits) > MaxSegments {
		return l, fmt.Errorf("%s.limits: %d entries, more than %d", at, len(lf.Limits), MaxSegments)
	}
	for k, lim := range lf.Limits {
		lat := filefmt.Index(at+".limits", k)
		if lim == nil {
			l.Limits = append(l.Limits, ik.Limit{})
			continue
		}
		if lim.Min == "" || lim.Max == "" {
			return l, fmt.Errorf("%s: want both min and max (or null for no limit)", lat)
		}
		min, err := filefmt.Radians(lim.Min)
		if err != nil {
			return l, fmt.Errorf("%s.min: %v", lat, err)
		}
		max, err := filefmt.Radians(lim.Max)
		if err != nil {
			return l, fmt.Errorf("%s.max: %v", lat, err)
		}
		if min > max {
			return l, fmt.Errorf("%s: min %s is above max %s", lat, lim.Min, lim.Max)
		}
		l.Limits = append(l.Limits, ik.Limit{Min: min, Max: max, Enabled: true})
	}
	return l, nil
}

// check bounds the gait's numbers (NewDef checks their meaning).
func (g *gaitFile) check() error {
	for _, f := range []struct {
		name string
		v    float64
	}{
		{"speed", g.Speed}, {"accel", g.Accel}, {"stepDistance", g.StepDistance}, {"stepHeight", g.StepHeight},
		{"stepDuration", g.StepDuration}, {"stepSpeedScale", g.StepSpeedScale}, {"overshoot", g.Overshoot},
		{"reachRatio", g.ReachRatio}, {"bodyHeight", g.BodyHeight}, {"heightRate", g.HeightRate},
		{"tiltRate", g.TiltRate}, {"waveSpeed", g.WaveSpeed}, {"breathAmplitude", g.BreathAmplitude},
		{"breathRate", g.BreathRate}, {"arriveRadius", g.ArriveRadius}, {"turnRate", g.TurnRate},
		{"probePeriod", g.ProbePeriod},
	} {
		if !filefmt.Finite(f.v) || f.v < -ikanim.MaxFileCoord || f.v > ikanim.MaxFileCoord {
			return fmt.Errorf("gait.%s: %v must be in [%g, %g]", f.name, f.v, -ikanim.MaxFileCoord, ikanim.MaxFileCoord)
		}
	}
	if g.MinPlanted < 0 || g.MinPlanted > MaxLegs {
		return fmt.Errorf("gait.minPlanted: %d must be in [0, %d]", g.MinPlanted, MaxLegs)
	}
	return nil
}

// MarshalDef writes def as a def file that LoadDef reads back into an equal
// definition (given a SpriteSource that resolves the names names gives).
// def may be a literal or a definition NewDef returned; for the latter the
// file holds every default NewDef filled in, explicitly. Angles are
// written in degrees, as short decimals that load back to the same
// radians. names gives each sprite's name; it may be nil when there are no
// sprites.
func MarshalDef(def *Def, names ikanim.SpriteNamer) ([]byte, error) {
	if def == nil {
		return nil, fmt.Errorf("creature: MarshalDef: nil Def")
	}
	name := func(at string, s ikanim.Sprite) (string, error) {
		if names != nil {
			if n, ok := names.SpriteName(s); ok {
				return n, nil
			}
		}
		return "", fmt.Errorf("creature: MarshalDef: %s: the SpriteNamer has no name for this sprite", at)
	}
	num := func(x float64) string { return string(filefmt.FormatFloat(x)) }
	var buf bytes.Buffer
	buf.WriteString("{\n")
	fmt.Fprintf(&buf, "  \"name\": %s,\n  \"legs\": [\n", strconv.Quote(def.Name))
	for i, l := range def.Legs {
		segs := make([]string, len(l.Segments))
		for k, s := range l.Segments {
			segs[k] = num(s)
		}
		fmt.Fprintf(&buf, "    {\"name\": %s, \"hip\": [%s, %s], \"home\": [%s, %s], \"segments\": [%s]",
			strconv.Quote(l.Name), num(l.Hip[0]), num(l.Hip[1]), num(l.Home[0]), num(l.Home[1]), strings.Join(segs, ", "))
		if len(l.Limits) > 0 {
			lims := make([]string, len(l.Limits))
			for k, lim := range l.Limits {
				lims[k] = "null"
				if lim.Enabled {
					lims[k] = fmt.Sprintf(`{"min": %s, "max": %s}`, filefmt.FormatDegrees(lim.Min), filefmt.FormatDegrees(lim.Max))
				}
			}
			fmt.Fprintf(&buf, ", \"limits\": [%s]", strings.Join(lims, ", "))
		}
		if l.Far {
			buf.WriteString(", \"far\": true")
		}
		buf.WriteString("}")
		if i < len(def.Legs)-1 {
			buf.WriteString(",")
		}
		buf.WriteString("\n")
	}
	buf.WriteString("  ]")
	if g := gaitFile(def.Gait); g != (gaitFile{}) {
		raw, err := json.Marshal(g)
		if err != nil {
			return nil, fmt.Errorf("creature: MarshalDef: gait: %w", err)
		}
		buf.WriteString(",\n  \"gait\": ")
		buf.Write(spaced(raw))
	}
	sp := def.Sprites
	if sp.Body.Image != nil || len(sp.Segments) > 0 || sp.FarShade != 0 {
		var sf spritesFile
		sf.FarShade = sp.FarShade
		var err error
		if sp.Body.Image != nil {
			if sf.Body, err = name("sprites.body", sp.Body); err != nil {
				return nil, err
			}
		}
		for k, s := range sp.Segments {
			n, err := name(filefmt.Index("sprites.segments", k), s)
			if err != nil {
				return nil, err
			}
			sf.Segments = append(sf.Segments, n)
		}
		raw, err := json.Marshal(sf)
		if err != nil {
			return nil, fmt.Errorf("creature: MarshalDef: sprites: %w", err)
		}
		buf.WriteString(",\n  \"sprites\": ")
		buf.Write(spaced(raw))
	}
	if def.TarsusAngle != 0 {
		fmt.Fprintf(&buf, ",\n  \"tarsusAngle\": %s", filefmt.FormatDegrees(def.TarsusAngle))
	}
	buf.WriteString("\n}\n")
	return buf.Bytes(), nil
}

// spaced adds a space after the colons and commas between the members and
// elements of compact JSON (outside strings), so one-line objects read well.
func spaced(raw []byte) []byte {
	var out bytes.Buffer
	in := false
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		out.WriteByte(c)
		switch {
		case in && c == '\\' && i+1 < len(raw):
			i++
			out.WriteByte(raw[i])
		case c == '"':
			in = !in
		case !in && (c == ':' || c == ','):
			out.WriteByte(' ')
		}
	}
	return out.Bytes()
}
