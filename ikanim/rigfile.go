package ikanim

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/ikanim/kit/ikanim/ik"

	"github.com/ikanim/kit/ikanim/internal/filefmt"
)

// Rig file limits (files are data: a bad or hostile one must fail cleanly).
const (
	MaxRigFileBytes = 1 << 20     // largest rig file LoadRigDef reads
	MaxRigFileLimbs = 1024        // most limbs in a rig file (bones: MaxBones)
	MaxFileNameLen  = 256         // longest bone, limb or sprite name, bytes
	MaxFileCoord    = ik.MaxCoord // largest |coordinate| or length, px (the solvers' limit)
)

type rigFile struct {
	Bones []json.RawMessage `json:"bones"`
	Limbs []json.RawMessage `json:"limbs"`
}

type boneFile struct {
	Name   string         `json:"name"`
	Parent string         `json:"parent"`
	Attach []float64      `json:"attach"`
	Length float64        `json:"length"`
	Rest   filefmt.Number `json:"rest"`
	Limit  *limitFile     `json:"limit"`
	Sprite string         `json:"sprite"`
	Layer  int            `json:"layer"`
	Tint   []float32      `json:"tint"`
}

type limitFile struct {
	Min filefmt.Number `json:"min"`
	Max filefmt.Number `json:"max"`
}

type limbFile struct {
	Name          string         `json:"name"`
	Bones         []string       `json:"bones"`
	Solver        string         `json:"solver"`
	Bend          float64        `json:"bend"`
	Effector      string         `json:"effector"`
	Tolerance     float64        `json:"tolerance"`
	MaxIterations int            `json:"maxIterations"`
	Weights       []float64      `json:"weights"`
	Axis          filefmt.Number `json:"axis"`
	AimReach      float64        `json:"aimReach"`
	Stretch       float64        `json:"stretch"`
	Compress      float64        `json:"compress"`
	FadeIn        float64        `json:"fadeIn"`
	FadeOut       float64        `json:"fadeOut"`
}

// solverNames are the file names of the solver kinds, by SolverKind.
var solverNames = [...]string{
	SolveTwoBone: "two-bone",
	SolveFABRIK:  "fabrik",
	SolveCCD:     "ccd",
	SolveLookAt:  "look-at",
	SolveArmAim:  "arm-aim",
}

// ParseSolverKind returns the solver kind of a name as rig files write it:
// "two-bone", "arm-aim", "fabrik", "ccd" or "look-at" (any case; "" is
// two-bone).
func ParseSolverKind(name string) (SolverKind, error) {
	if name == "" {
		return SolveTwoBone, nil
	}
	for k, n := range solverNames {
		if strings.EqualFold(name, n) {
			return SolverKind(k), nil
		}
	}
	return 0, fmt.Errorf("%q is not one of %s", name, strings.Join(solverNames[:], ", "))
}

// LoadRigDef reads a rig file (its format below) of at most
// MaxRigFileBytes and builds its definition, resolving sprite names with
// sprites. With nil sprites every bone gets the zero Sprite and draws
// nothing; the names are not kept, so a definition loaded that way saves
// without its sprites (a tool that rewrites files passes a SpriteSource,
// even one of placeholder images).
//
// A rig file is a RigDef in JSON, written for people: bones and limbs refer
// to each other by name, solvers by name, sprites by the names of a
// SpriteSource (an atlas), and every angle is in degrees (clockwise on
// screen, as everywhere in this module; lengths and positions in pixels, in
// the character frame: x forward, y down). LoadRigDef reads one,
// MarshalRigDef writes one.
//
//	{
//	  "bones": [
//	    {"name": "hip", "attach": [0, -60], "rest": 90},
//	    {"name": "thigh", "parent": "hip", "length": 32, "rest": -17, "limit": {"min": -120, "max": 60}, "sprite": "humanoid/thigh"},
//	    {"name": "shin", "parent": "thigh", "length": 30, "rest": 34, "sprite": "humanoid/shin"},
//	    {"name": "foot", "parent": "shin", "length": 12, "rest": -107, "sprite": "humanoid/foot", "layer": 1, "tint": [0.62, 0.62, 0.7, 1]}
//	  ],
//	  "limbs": [
//	    {"name": "leg", "bones": ["thigh", "shin"], "solver": "two-bone", "bend": -1, "effector": "foot", "fadeIn": 0.2}
//	  ]
//	}
//
// A bone ("bones" lists parents before children) has:
//
//   - name: required, unique.
//   - parent: the name of an earlier bone; absent for a root.
//   - attach: [x, y], where the bone starts in its parent's frame (x along
//     the parent, y to its clockwise side), or in the character frame for a
//     root. Default: the end of the parent ([parent length, 0]), or [0, 0]
//     for a root.
//   - length: pixels, >= 0 (default 0, a pivot).
//   - rest: the rest local angle in degrees, relative to the parent
//     (default 0).
//   - limit: {"min": deg, "max": deg}, the local angle's range in IK solves
//     (default: unlimited).
//   - sprite: a name the SpriteSource resolves (default: nothing drawn).
//   - layer: the draw layer (default 0).
//   - tint: [r, g, b, a], an ebiten.ColorScale (default [1, 1, 1, 1]).
//
// A limb has:
//
//   - name: required, unique.
//   - bones: the chain's bone names, root to tip, each the child of the one
//     before and attached at its end.
//   - solver: "two-bone" (default), "arm-aim", "fabrik", "ccd" or "look-at".
//   - bend: 1 or -1, the two-bone bend side (default 1, see LimbDef).
//   - effector: the bone after the tip that keeps its animated angle.
//   - tolerance, maxIterations, weights, aimReach, stretch, compress,
//     fadeIn, fadeOut: as in LimbDef (seconds for the fades).
//   - axis: LookAt's pointing direction in degrees in the last bone's frame.
//
// Every field but name may be left out. Unknown fields are errors (a typo
// must not silently fall back to a default), and errors name the JSON path
// of the value at fault, e.g. "ikanim: rig file: bones[3].limit.min: ...".
func LoadRigDef(r io.Reader, sprites SpriteSource) (*RigDef, error) {
	data, err := filefmt.ReadAll(r, MaxRigFileBytes, "ikanim: rig file")
	if err != nil {
		return nil, err
	}
	return ParseRigDef(data, sprites)
}

// ParseRigDef parses a rig file held in memory; see LoadRigDef.
func ParseRigDef(data []byte, sprites SpriteSource) (*RigDef, error) {
	bones, limbs, err := parseRigFile(data, sprites)
	if err != nil {
		return nil, fmt.Errorf("ikanim: rig file: %w", err)
	}
	def, err := NewRigDef(bones, limbs)
	if err != nil {
		return nil, fmt.Errorf("ikanim: rig file: %w", err)
	}
	return def, nil
}

func parseRigFile(data []byte, sprites SpriteSource) ([]BoneDef, []LimbDef, error) {
	if len(data) > MaxRigFileBytes {
		return nil, nil, fmt.Errorf("larger than %d bytes", MaxRigFileBytes)
	}
	var f rigFile
	if err := filefmt.Decode(data, &f, "", true); err != nil {
		return nil, nil, err
	}
	switch {
	case len(f.Bones) == 0:
		return nil, nil, fmt.Errorf("bones: no bones")
	case len(f.Bones) > MaxBones:
		return nil, nil, fmt.Errorf("bones: %d bones, more than %d", len(f.Bones), MaxBones)
	case len(f.Limbs) > MaxRigFileLimbs:
		return nil, nil, fmt.Errorf("limbs: %d limbs, more than %d", len(f.Limbs), MaxRigFileLimbs)
	}
	bones := make([]BoneDef, len(f.Bones))
	index := make(map[string]int, len(f.Bones))
	for i, raw := range f.Bones {
		at := filefmt.Index("bones", i)
		var bf boneFile
		if err := filefmt.Decode(raw, &bf, at, true); err != nil {
			return nil, nil, err
		}
		b, err := bf.def(at, bones, index, sprites)
		if err != nil {
			return nil, nil, err
		}
		bones[i] = b
		index[b.Name] = i
	}
	limbs := make([]LimbDef, len(f.Limbs))
	limbIndex := make(map[string]int, len(f.Limbs))
	for i, raw := range f.Limbs {
		at := filefmt.Index("limbs", i)
		var lf limbFile
		if err := filefmt.Decode(raw, &lf, at, true); err != nil {
			return nil, nil, err
		}
		l, err := lf.def(at, bones, index)
		if err != nil {
			return nil, nil, err
		}
		if j, dup := limbIndex[l.Name]; dup {
			return nil, nil, fmt.Errorf("%s.name: %q is the name of limbs[%d] too", at, l.Name, j)
		}
		limbs[i] = l
		limbIndex[l.Name] = i
	}
	return bones, limbs, nil
}

func checkName(at, name string) error {
	switch {
	case name == "":
		return fmt.Errorf("%s: missing or empty", at)
	case len(name) > MaxFileNameLen:
		return fmt.Errorf("%s: longer than %d bytes", at, MaxFileNameLen)
	}
	return nil
}

func checkNumber(at string, v, lo, hi float64) error {
	if !filefmt.Finite(v) || v < lo || v > hi {
		return fmt.Errorf("%s: %v must be in [%g, %g]", at, v, lo, hi)
	}
	return nil
}

// degrees reads an optional angle (absent: 0).
func degrees(at string, n filefmt.Number) (float64, error) {
	if n == "" {
		return 0, nil
	}
	r, err := filefmt.Radians(n)
	if err != nil {
		return 0, fmt.Errorf("%s: %v", at, err)
	}
	return r, nil
}

func (bf *boneFile) def(at string, earlier []BoneDef, index map[string]int, sprites SpriteSource) (BoneDef, error) {
	b := BoneDef{Name: bf.Name, Parent: -1, Length: bf.Length, Layer: bf.Layer}
	if err := checkName(at+".name", bf.Name); err != nil {
		return b, err
	}
	if j, dup := index[bf.Name]; dup {
		return b, fmt.Errorf("%s.name: %q is the name of bones[%d] too", at, bf.Name, j)
	}
	if bf.Parent != "" {
		p, ok := index[bf.Parent]
		if !ok {
			return b, fmt.Errorf("%s.parent: %q is not the name of an earlier bone (parents come before their children)", at, bf.Parent)
		}
		b.Parent = p
	}
	if err := checkNumber(at+".length", bf.Length, 0, MaxFileCoord); err != nil {
		return b, err
	}
	switch {
	case bf.Attach != nil && len(bf.Attach) != 2:
		return b, fmt.Errorf("%s.attach: want [x, y], got %d numbers", at, len(bf.Attach))
	case bf.Attach != nil:
		for k, v := range bf.Attach {
			if err := checkNumber(filefmt.Index(at+".attach", k), v, -MaxFileCoord, MaxFileCoord); err != nil {
				return b, err
			}
		}
		b.Attach = mgl64.Vec2{bf.Attach[0], bf.Attach[1]}
	case b.Parent >= 0:
		b.Attach = mgl64.Vec2{earlier[b.Parent].Length, 0}
	}
	var err error
	if b.Rest, err = degrees(at+".rest", bf.Rest); err != nil {
		return b, err
	}
	if l := bf.Limit; l != nil {
		if l.Min == "" || l.Max == "" {
			return b, fmt.Errorf("%s.limit: want both min and max", at)
		}
		lim := ik.Limit{Enabled: true}
		if lim.Min, err = degrees(at+".limit.min", l.Min); err != nil {
			return b, err
		}
		if lim.Max, err = degrees(at+".limit.max", l.Max); err != nil {
			return b, err
		}
		if lim.Min > lim.Max {
			return b, fmt.Errorf("%s.limit: min %s is above max %s", at, l.Min, l.Max)
		}
		b.Limit = lim
	}
	if bf.Sprite != "" {
		if err := checkName(at+".sprite", bf.Sprite); err != nil {
			return b, err
		}
		if sprites != nil {
			sp, err := sprites.Sprite(bf.Sprite)
			if err != nil {
				return b, fmt.Errorf("%s.sprite: %v", at, err)
			}
			b.Sprite = sp
		}
	}
	if bf.Layer < -1e6 || bf.Layer > 1e6 {
		return b, fmt.Errorf("%s.layer: %d must be in [-1000000, 1000000]", at, bf.Layer)
	}
	if bf.Tint != nil {
		if len(bf.Tint) != 4 {
			return b, fmt.Errorf("%s.tint: want [r, g, b, a], got %d numbers", at, len(bf.Tint))
		}
		for k, v := range bf.Tint {
			if err := checkNumber(filefmt.Index(at+".tint", k), float64(v), 0, 1000); err != nil {
				return b, err
			}
		}
		b.Tint.Set(bf.Tint[0], bf.Tint[1], bf.Tint[2], bf.Tint[3])
	}
	return b, nil
}

func (lf *limbFile) def(at string, bones []BoneDef, index map[string]int) (LimbDef, error) {
	l := LimbDef{
		Name: lf.Name, Bones: lf.Bones, Bend: lf.Bend, Effector: lf.Effector,
		Tolerance: lf.Tolerance, MaxIterations: lf.MaxIterations, Weights: lf.Weights,
		AimReach: lf.AimReach, Stretch: lf.Stretch, Compress: lf.Compress, FadeIn: lf.FadeIn, FadeOut: lf.FadeOut,
	}
	if err := checkName(at+".name", lf.Name); err != nil {
		return l, err
	}
	var err error
	if l.Solver, err = ParseSolverKind(lf.Solver); err != nil {
		return l, fmt.Errorf("%s.solver: %v", at, err)
	}
	n := len(lf.Bones)
	switch {
	case n == 0:
		return l, fmt.Errorf("%s.bones: missing or empty", at)
	case n > len(bones):
		return l, fmt.Errorf("%s.bones: %d bones, the rig has %d", at, n, len(bones))
	case (l.Solver == SolveTwoBone || l.Solver == SolveArmAim) && n != 2:
		return l, fmt.Errorf("%s.bones: the %s solver needs 2 bones, got %d", at, solverNames[l.Solver], n)
	}
	prev := -1
	for k, name := range lf.Bones {
		bat := filefmt.Index(at+".bones", k)
		bi, ok := index[name]
		if !ok {
			return l, fmt.Errorf("%s: %q is not a bone of the rig", bat, name)
		}
		b := bones[bi]
		if prev >= 0 {
			if b.Parent != prev {
				return l, fmt.Errorf("%s: %q is not a child of %q", bat, name, lf.Bones[k-1])
			}
			if want := (mgl64.Vec2{bones[prev].Length, 0}); !b.Attach.ApproxEqualThreshold(want, 1e-9) {
				return l, fmt.Errorf("%s: %q is attached at %v, not at the end of %q %v", bat, name, b.Attach, lf.Bones[k-1], want)
			}
		}
		if b.Length < ik.MinLength {
			return l, fmt.Errorf("%s: %q has length %v; limb bones need a positive length", bat, name, b.Length)
		}
		prev = bi
	}
	if lf.Bend != 0 && lf.Bend != 1 && lf.Bend != -1 {
		return l, fmt.Errorf("%s.bend: %v must be 1 or -1", at, lf.Bend)
	}
	if lf.Effector != "" {
		e, ok := index[lf.Effector]
		switch {
		case !ok:
			return l, fmt.Errorf("%s.effector: %q is not a bone of the rig", at, lf.Effector)
		case bones[e].Parent != prev:
			return l, fmt.Errorf("%s.effector: %q is not a child of the tip bone %q", at, lf.Effector, lf.Bones[n-1])
		}
	}
	if err := checkNumber(at+".tolerance", lf.Tolerance, 0, MaxFileCoord); err != nil {
		return l, err
	}
	if lf.MaxIterations < 0 || lf.MaxIterations > 10000 {
		return l, fmt.Errorf("%s.maxIterations: %d must be in [0, 10000]", at, lf.MaxIterations)
	}
	if len(lf.Weights) > n {
		return l, fmt.Errorf("%s.weights: %d weights for %d bones", at, len(lf.Weights), n)
	}
	for k, w := range lf.Weights {
		if err := checkNumber(filefmt.Index(at+".weights", k), w, 0, 1); err != nil {
			return l, err
		}
	}
	if l.Axis, err = degrees(at+".axis", lf.Axis); err != nil {
		return l, err
	}
	if !filefmt.Finite(lf.AimReach) || lf.AimReach < 0 || lf.AimReach >= 1 {
		return l, fmt.Errorf("%s.aimReach: %v must be in [0, 1)", at, lf.AimReach)
	}
	if !filefmt.Finite(lf.Stretch) || (lf.Stretch != 0 && (lf.Stretch < 1 || lf.Stretch > MaxStretch)) {
		return l, fmt.Errorf("%s.stretch: %v must be 0 (off) or in [1, %v]", at, lf.Stretch, float64(MaxStretch))
	}
	if err := checkNumber(at+".compress", lf.Compress, 0, 1); err != nil {
		return l, err
	}
	if err := checkNumber(at+".fadeIn", lf.FadeIn, 0, 3600); err != nil {
		return l, err
	}
	if err := checkNumber(at+".fadeOut", lf.FadeOut, 0, 3600); err != nil {
		return l, err
	}
	return l, nil
}

// MarshalRigDef writes def as a rig file that LoadRigDef reads back into an
// equal definition (given a SpriteSource that resolves the names names gives). Angles are written
// in degrees, as short decimals that load back to the same radians;
// fields at their defaults are left out. names gives each sprite's name; it
// may be nil when no bone has a sprite. A disabled Limit, and a Sprite
// without an Image, are not saved.
func MarshalRigDef(def *RigDef, names SpriteNamer) ([]byte, error) {
	if def == nil || len(def.bones) == 0 {
		return nil, fmt.Errorf("ikanim: MarshalRigDef: def is nil or was not made by NewRigDef")
	}
	var buf bytes.Buffer
	buf.WriteString("{\n  \"bones\": [\n")
	for i, b := range def.bones {
		var o object
		o.add("name", b.Name)
		defAttach := mgl64.Vec2{}
		if b.Parent >= 0 {
			o.add("parent", def.bones[b.Parent].Name)
			defAttach = mgl64.Vec2{def.bones[b.Parent].Length, 0}
		}
		if b.Attach != defAttach {
			o.addRaw("attach", "["+string(filefmt.FormatFloat(b.Attach[0]))+", "+string(filefmt.FormatFloat(b.Attach[1]))+"]")
		}
		if b.Length != 0 {
			o.addRaw("length", string(filefmt.FormatFloat(b.Length)))
		}
		if b.Rest != 0 {
			o.addRaw("rest", string(filefmt.FormatDegrees(b.Rest)))
		}
		if l := b.Limit; l.Enabled {
			o.addRaw("limit", `{"min": `+string(filefmt.FormatDegrees(l.Min))+`, "max": `+string(filefmt.FormatDegrees(l.Max))+"}")
		}
		if b.Sprite.Image != nil {
			var name string
			ok := names != nil
			if ok {
				name, ok = names.SpriteName(b.Sprite)
			}
			if !ok {
				return nil, fmt.Errorf("ikanim: MarshalRigDef: bones[%d] (%q): the SpriteNamer has no name for its sprite", i, b.Name)
			}
			o.add("sprite", name)
		}
		if b.Layer != 0 {
			o.addRaw("layer", strconv.Itoa(b.Layer))
		}
		if b.Tint != (ebiten.ColorScale{}) {
			f := func(v float32) string { return strconv.FormatFloat(float64(v), 'g', -1, 32) }
			o.addRaw("tint", "["+f(b.Tint.R())+", "+f(b.Tint.G())+", "+f(b.Tint.B())+", "+f(b.Tint.A())+"]")
		}
		o.writeLine(&buf, "    ", i < len(def.bones)-1)
	}
	buf.WriteString("  ]")
	if len(def.limbs) > 0 {
		buf.WriteString(",\n  \"limbs\": [\n")
		for i, ld := range def.limbs {
			l := ld.LimbDef
			var o object
			o.add("name", l.Name)
			qs := make([]string, len(l.Bones))
			for k, n := range l.Bones {
				qs[k] = strconv.Quote(n)
			}
			o.addRaw("bones", "["+strings.Join(qs, ", ")+"]")
			if l.Solver != SolveTwoBone {
				o.add("solver", solverNames[l.Solver])
			}
			if l.Bend != 0 {
				o.addRaw("bend", string(filefmt.FormatFloat(l.Bend)))
			}
			if l.Effector != "" {
				o.add("effector", l.Effector)
			}
			if l.Tolerance != 0 {
				o.addRaw("tolerance", string(filefmt.FormatFloat(l.Tolerance)))
			}
			if l.MaxIterations != 0 {
				o.addRaw("maxIterations", strconv.Itoa(l.MaxIterations))
			}
			if len(l.Weights) > 0 {
				ws := make([]string, len(l.Weights))
				for k, w := range l.Weights {
					ws[k] = string(filefmt.FormatFloat(w))
				}
				o.addRaw("weights", "["+strings.Join(ws, ", ")+"]")
			}
			if l.Axis != 0 {
				o.addRaw("axis", string(filefmt.FormatDegrees(l.Axis)))
			}
			if l.AimReach != 0 {
				o.addRaw("aimReach", string(filefmt.FormatFloat(l.AimReach)))
			}
			if l.Stretch != 0 {
				o.addRaw("stretch", string(filefmt.FormatFloat(l.Stretch)))
			}
			if l.Compress != 0 {
				o.addRaw("compress", string(filefmt.FormatFloat(l.Compress)))
			}
			if l.FadeIn != 0 {
				o.addRaw("fadeIn", string(filefmt.FormatFloat(l.FadeIn)))
			}
			if l.FadeOut != 0 {
				o.addRaw("fadeOut", string(filefmt.FormatFloat(l.FadeOut)))
			}
			o.writeLine(&buf, "    ", i < len(def.limbs)-1)
		}
		buf.WriteString("  ]")
	}
	buf.WriteString("\n}\n")
	return buf.Bytes(), nil
}

// object writes one JSON object on one line with its members in the order
// added, for files that read well: {"name": "thigh", "length": 30}.
type object struct{ parts []string }

func (o *object) add(key string, v any) {
	raw, err := json.Marshal(v)
	if err != nil { // strings and string slices always marshal
		panic(err)
	}
	o.addRaw(key, string(raw))
}

func (o *object) addRaw(key, raw string) {
	k, _ := json.Marshal(key)
	o.parts = append(o.parts, string(k)+": "+raw)
}

func (o *object) writeLine(buf *bytes.Buffer, indent string, comma bool) {
	buf.WriteString(indent + "{" + strings.Join(o.parts, ", ") + "}")
	if comma {
		buf.WriteByte(',')
	}
	buf.WriteByte('\n')
}
