package spine

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/ikanim/kit/ikanim"
	"github.com/ikanim/kit/ikanim/internal/filefmt"
)

// Import limits: a skeleton file is data, and a bad or hostile one must
// fail cleanly.
const (
	MaxBytes      = 16 << 20 // largest skeleton file Load reads
	MaxSlots      = 4096     // most slots
	MaxIK         = 1024     // most IK constraints
	MaxAnimations = 1024     // most animations
	MaxKeys       = ikanim.MaxClipKeys
	maxCoord      = 1e6 // px, largest |position|, length or size
	maxDeg        = filefmt.MaxDeg
	maxScale      = 1e4
)

// inherit is how a bone inherits its parent's transform ("inherit" in
// Spine 4.2, "transform" before).
type inherit uint8

const (
	inheritNormal inherit = iota
	inheritOnlyTranslation
	inheritNoRotationOrReflection
	inheritNoScale
	inheritNoScaleOrReflection
)

var inheritNames = map[string]inherit{
	"normal": inheritNormal, "onlytranslation": inheritOnlyTranslation,
	"norotationorreflection": inheritNoRotationOrReflection,
	"noscale":                inheritNoScale, "noscaleorreflection": inheritNoScaleOrReflection,
}

// The skeleton as the file holds it (Spine's frame: y up, degrees
// counter-clockwise), validated, with Options.Scale applied.

type boneData struct {
	name                           string
	parent                         int // -1 for the root
	length, x, y, rotation         float64
	scaleX, scaleY, shearX, shearY float64
	inherit                        inherit
	skinRequired                   bool
}

type slotData struct {
	name       string
	bone       int
	color      [4]float64 // RGBA in [0,1]
	attachment string     // the setup attachment, "" for none
	blend      string
	dark       bool
}

type ikData struct {
	name                                     string
	order                                    int
	bones                                    []int
	target                                   int
	mix                                      float64
	bendPositive                             bool
	softness                                 float64
	compress, stretch, uniform, skinRequired bool
}

type regionData struct {
	name, path                     string
	x, y, rotation, scaleX, scaleY float64
	width, height                  float64
	color                          [4]float64
	sequence                       bool
	typ                            string // "region", or the ignored type
	slot                           int
}

type animData struct {
	name     string
	duration float64
	rotate   map[int]*track // bone -> rotation offset, degrees
	tx, ty   map[int]*track // bone -> translation offset, px (parent frame, y up)
	ikMix    map[int]*track // IK constraint -> mix
	ikBend   map[int]*track // IK constraint -> +1 / -1 (stepped)
	ikSoft   map[int]*track // IK constraint -> softness, px
	skipped  []string
}

type fileData struct {
	version                          string
	bones                            []boneData
	slots                            []slotData
	ik                               []ikData
	skin                             map[int]map[string]*regionData // default skin: slot -> attachment name -> attachment
	anims                            []*animData
	skipped                          []string
	boneByName, slotByName, ikByName map[string]int
}

// Raw JSON shapes.

type rawFile struct {
	Skeleton *struct {
		Spine string `json:"spine"`
	} `json:"skeleton"`
	Bones       []json.RawMessage `json:"bones"`
	Slots       []json.RawMessage `json:"slots"`
	IK          []json.RawMessage `json:"ik"`
	Constraints []json.RawMessage `json:"constraints"` // Spine 4.3: every kind in one list
	Transform   []json.RawMessage `json:"transform"`
	Path        []json.RawMessage `json:"path"`
	Physics     []json.RawMessage `json:"physics"`
	Skins       json.RawMessage   `json:"skins"`
	Animations  json.RawMessage   `json:"animations"`
}

type rawBone struct {
	Name      string   `json:"name"`
	Parent    string   `json:"parent"`
	Length    float64  `json:"length"`
	X         float64  `json:"x"`
	Y         float64  `json:"y"`
	Rotation  float64  `json:"rotation"`
	ScaleX    *float64 `json:"scaleX"`
	ScaleY    *float64 `json:"scaleY"`
	ShearX    float64  `json:"shearX"`
	ShearY    float64  `json:"shearY"`
	Inherit   string   `json:"inherit"`
	Transform string   `json:"transform"`
	Skin      bool     `json:"skin"`
}

type rawSlot struct {
	Name       string  `json:"name"`
	Bone       string  `json:"bone"`
	Color      string  `json:"color"`
	Dark       string  `json:"dark"`
	Attachment *string `json:"attachment"`
	Blend      string  `json:"blend"`
}

type rawIK struct {
	Name         string   `json:"name"`
	Order        int      `json:"order"`
	Skin         bool     `json:"skin"`
	Bones        []string `json:"bones"`
	Target       string   `json:"target"`
	Mix          *float64 `json:"mix"`
	Softness     float64  `json:"softness"`
	BendPositive *bool    `json:"bendPositive"`
	Compress     bool     `json:"compress"`
	Stretch      bool     `json:"stretch"`
	Uniform      bool     `json:"uniform"`
}

type rawSkin struct {
	Name        string                                `json:"name"`
	Attachments map[string]map[string]json.RawMessage `json:"attachments"`
}

type rawAttachment struct {
	Name     *string         `json:"name"`
	Type     string          `json:"type"`
	Path     *string         `json:"path"`
	X        float64         `json:"x"`
	Y        float64         `json:"y"`
	ScaleX   *float64        `json:"scaleX"`
	ScaleY   *float64        `json:"scaleY"`
	Rotation float64         `json:"rotation"`
	Width    float64         `json:"width"`
	Height   float64         `json:"height"`
	Color    string          `json:"color"`
	Sequence json.RawMessage `json:"sequence"`
}

type rawAnimation struct {
	Bones       map[string]map[string]json.RawMessage `json:"bones"`
	Slots       map[string]json.RawMessage            `json:"slots"`
	IK          map[string]json.RawMessage            `json:"ik"`
	Transform   map[string]json.RawMessage            `json:"transform"`
	Path        map[string]json.RawMessage            `json:"path"`
	Slider      map[string]json.RawMessage            `json:"slider"` // Spine 4.3
	Physics     map[string]json.RawMessage            `json:"physics"`
	Attachments map[string]json.RawMessage            `json:"attachments"`
	Deform      map[string]json.RawMessage            `json:"deform"` // Spine 4.0
	DrawOrder   json.RawMessage                       `json:"drawOrder"`
	Events      json.RawMessage                       `json:"events"`
}

type rawKey struct {
	Time         float64         `json:"time"`
	Value        *float64        `json:"value"`
	X            *float64        `json:"x"`
	Y            *float64        `json:"y"`
	Mix          *float64        `json:"mix"`
	Softness     float64         `json:"softness"`
	BendPositive *bool           `json:"bendPositive"`
	Compress     bool            `json:"compress"`
	Stretch      bool            `json:"stretch"`
	Curve        json.RawMessage `json:"curve"`
}

func (d *fileData) skip(format string, args ...any) {
	d.skipped = append(d.skipped, fmt.Sprintf(format, args...))
}

func checkNum(at string, v, lo, hi float64) error {
	if !filefmt.Finite(v) || v < lo || v > hi {
		return fmt.Errorf("%s: %v must be in [%g, %g]", at, v, lo, hi)
	}
	return nil
}

func orOne(p *float64) float64 {
	if p == nil {
		return 1
	}
	return *p
}

// parseColor reads Spine's "RRGGBBAA" (or "RRGGBB") hex colour.
func parseColor(at, s string) ([4]float64, error) {
	c := [4]float64{1, 1, 1, 1}
	if s == "" {
		return c, nil
	}
	if len(s) != 8 && len(s) != 6 {
		return c, fmt.Errorf("%s: %q is not a colour RRGGBBAA", at, s)
	}
	for i := 0; i < len(s)/2; i++ {
		v, err := strconv.ParseUint(s[2*i:2*i+2], 16, 8)
		if err != nil {
			return c, fmt.Errorf("%s: %q is not a colour RRGGBBAA", at, s)
		}
		c[i] = float64(v) / 255
	}
	return c, nil
}

// parseFile validates a Spine JSON skeleton and reads it into Spine's own
// terms, lengths scaled by scale.
func parseFile(data []byte, scale float64) (*fileData, error) {
	if len(data) > MaxBytes {
		return nil, fmt.Errorf("larger than %d bytes", MaxBytes)
	}
	var f rawFile
	if err := filefmt.Decode(data, &f, "", false); err != nil {
		return nil, err
	}
	d := &fileData{boneByName: map[string]int{}, slotByName: map[string]int{}, ikByName: map[string]int{}}
	if f.Skeleton != nil {
		d.version = f.Skeleton.Spine
	}
	if v := d.version; v != "" {
		major, _, _ := strings.Cut(v, ".")
		switch n, err := strconv.Atoi(major); {
		case err != nil:
			return nil, fmt.Errorf("skeleton.spine: %q is not a Spine version", v)
		case n < 4:
			return nil, fmt.Errorf("skeleton.spine: version %s: Spine 3 JSON is not supported (export with Spine 4)", v)
		case n > 4:
			d.skip("skeleton: Spine version %s is newer than 4.x; read as 4.x", v)
		}
	}
	if err := d.parseBones(f.Bones, scale); err != nil {
		return nil, err
	}
	if err := d.parseSlots(f.Slots); err != nil {
		return nil, err
	}
	ik := make([]ikItem, 0, len(f.IK))
	for i, raw := range f.IK {
		ik = append(ik, ikItem{raw: raw, at: filefmt.Index("ik", i)})
	}
	others := map[string]int{"transform": len(f.Transform), "path": len(f.Path), "physics": len(f.Physics)}
	for i, raw := range f.Constraints {
		at := filefmt.Index("constraints", i)
		var c struct {
			Type string `json:"type"`
		}
		if err := filefmt.Decode(raw, &c, at, false); err != nil {
			return nil, err
		}
		if c.Type == "ik" {
			ik = append(ik, ikItem{raw: raw, at: at, order: i, listed: true})
			continue
		}
		if len(c.Type) > 32 {
			return nil, fmt.Errorf("%s.type: longer than 32 bytes", at)
		}
		others[c.Type]++
	}
	if err := d.parseIK(ik, scale); err != nil {
		return nil, err
	}
	for _, kind := range sortedKeys(others) {
		if n := others[kind]; n > 0 {
			d.skip("%d %s constraints ignored", n, kind)
		}
	}
	if err := d.parseSkins(f.Skins, scale); err != nil {
		return nil, err
	}
	if err := d.parseAnimations(f.Animations, scale); err != nil {
		return nil, err
	}
	return d, nil
}

func (d *fileData) parseBones(raws []json.RawMessage, scale float64) error {
	switch {
	case len(raws) == 0:
		return fmt.Errorf("bones: no bones")
	case len(raws) > ikanim.MaxBones:
		return fmt.Errorf("bones: %d bones, more than %d", len(raws), ikanim.MaxBones)
	}
	for i, raw := range raws {
		at := filefmt.Index("bones", i)
		var rb rawBone
		if err := filefmt.Decode(raw, &rb, at, false); err != nil {
			return err
		}
		b := boneData{
			name: rb.Name, parent: -1, length: rb.Length * scale, x: rb.X * scale, y: rb.Y * scale,
			rotation: rb.Rotation, scaleX: orOne(rb.ScaleX), scaleY: orOne(rb.ScaleY),
			shearX: rb.ShearX, shearY: rb.ShearY, skinRequired: rb.Skin,
		}
		switch {
		case rb.Name == "":
			return fmt.Errorf("%s.name: missing or empty", at)
		case len(rb.Name) > ikanim.MaxFileNameLen:
			return fmt.Errorf("%s.name: longer than %d bytes", at, ikanim.MaxFileNameLen)
		}
		if j, dup := d.boneByName[rb.Name]; dup {
			return fmt.Errorf("%s.name: %q is the name of bones[%d] too", at, rb.Name, j)
		}
		if rb.Parent != "" {
			p, ok := d.boneByName[rb.Parent]
			if !ok {
				return fmt.Errorf("%s.parent: %q is not the name of an earlier bone", at, rb.Parent)
			}
			b.parent = p
		} else if i > 0 {
			return fmt.Errorf("%s.parent: missing; only the first bone is the root", at)
		}
		for _, c := range []struct {
			name      string
			v, lo, hi float64
		}{
			{"length", b.length, 0, maxCoord}, {"x", b.x, -maxCoord, maxCoord}, {"y", b.y, -maxCoord, maxCoord},
			{"rotation", b.rotation, -maxDeg, maxDeg}, {"scaleX", b.scaleX, -maxScale, maxScale}, {"scaleY", b.scaleY, -maxScale, maxScale},
			{"shearX", b.shearX, -maxDeg, maxDeg}, {"shearY", b.shearY, -maxDeg, maxDeg},
		} {
			if err := checkNum(at+"."+c.name, c.v, c.lo, c.hi); err != nil {
				return err
			}
		}
		mode, key := rb.Inherit, "inherit"
		if mode == "" {
			mode, key = rb.Transform, "transform"
		}
		if mode != "" {
			m, ok := inheritNames[strings.ToLower(mode)]
			if !ok {
				return fmt.Errorf("%s.%s: %q is not one of normal, onlyTranslation, noRotationOrReflection, noScale, noScaleOrReflection", at, key, mode)
			}
			b.inherit = m
		}
		d.boneByName[rb.Name] = i
		d.bones = append(d.bones, b)
	}
	return nil
}

func (d *fileData) parseSlots(raws []json.RawMessage) error {
	if len(raws) > MaxSlots {
		return fmt.Errorf("slots: %d slots, more than %d", len(raws), MaxSlots)
	}
	for i, raw := range raws {
		at := filefmt.Index("slots", i)
		var rs rawSlot
		if err := filefmt.Decode(raw, &rs, at, false); err != nil {
			return err
		}
		s := slotData{name: rs.Name, blend: rs.Blend, dark: rs.Dark != ""}
		switch {
		case rs.Name == "":
			return fmt.Errorf("%s.name: missing or empty", at)
		case len(rs.Name) > ikanim.MaxFileNameLen:
			return fmt.Errorf("%s.name: longer than %d bytes", at, ikanim.MaxFileNameLen)
		}
		if j, dup := d.slotByName[rs.Name]; dup {
			return fmt.Errorf("%s.name: %q is the name of slots[%d] too", at, rs.Name, j)
		}
		b, ok := d.boneByName[rs.Bone]
		if !ok {
			return fmt.Errorf("%s.bone: %q is not a bone", at, rs.Bone)
		}
		s.bone = b
		var err error
		if s.color, err = parseColor(at+".color", rs.Color); err != nil {
			return err
		}
		if _, err := parseColor(at+".dark", rs.Dark); err != nil {
			return err
		}
		if rs.Attachment != nil {
			s.attachment = *rs.Attachment
		}
		if s.blend != "" && s.blend != "normal" {
			d.skip("slot %q: blend mode %q drawn as normal", s.name, s.blend)
		}
		if s.dark {
			d.skip("slot %q: dark colour (two-colour tint) ignored", s.name)
		}
		d.slotByName[rs.Name] = i
		d.slots = append(d.slots, s)
	}
	return nil
}

// ikItem is one IK constraint of the file: from the "ik" list, or (Spine
// 4.3) from "constraints", where the list's order is the order.
type ikItem struct {
	raw    json.RawMessage
	at     string
	order  int
	listed bool
}

func (d *fileData) parseIK(items []ikItem, scale float64) error {
	if len(items) > MaxIK {
		return fmt.Errorf("ik: %d constraints, more than %d", len(items), MaxIK)
	}
	for i, item := range items {
		at := item.at
		var ri rawIK
		if err := filefmt.Decode(item.raw, &ri, at, false); err != nil {
			return err
		}
		if item.listed {
			ri.Order = item.order
		}
		c := ikData{
			name: ri.Name, order: ri.Order, mix: orOne(ri.Mix), bendPositive: ri.BendPositive == nil || *ri.BendPositive,
			softness: ri.Softness * scale, compress: ri.Compress, stretch: ri.Stretch, uniform: ri.Uniform, skinRequired: ri.Skin,
		}
		switch {
		case ri.Name == "":
			return fmt.Errorf("%s.name: missing or empty", at)
		case len(ri.Name) > ikanim.MaxFileNameLen:
			return fmt.Errorf("%s.name: longer than %d bytes", at, ikanim.MaxFileNameLen)
		case len(ri.Bones) < 1 || len(ri.Bones) > 2:
			return fmt.Errorf("%s.bones: %d bones; a Spine IK constraint has 1 or 2", at, len(ri.Bones))
		}
		if j, dup := d.ikByName[ri.Name]; dup {
			return fmt.Errorf("%s.name: %q is the name of an earlier IK constraint (%d) too", at, ri.Name, j)
		}
		for k, name := range ri.Bones {
			b, ok := d.boneByName[name]
			if !ok {
				return fmt.Errorf("%s: %q is not a bone", filefmt.Index(at+".bones", k), name)
			}
			if k == 1 && d.bones[b].parent != c.bones[0] {
				return fmt.Errorf("%s: %q is not a child of %q", filefmt.Index(at+".bones", k), name, ri.Bones[0])
			}
			c.bones = append(c.bones, b)
		}
		t, ok := d.boneByName[ri.Target]
		if !ok {
			return fmt.Errorf("%s.target: %q is not a bone", at, ri.Target)
		}
		c.target = t
		if err := checkNum(at+".mix", c.mix, 0, 1); err != nil {
			return err
		}
		if err := checkNum(at+".softness", c.softness, 0, maxCoord); err != nil {
			return err
		}
		if err := checkNum(at+".order", float64(c.order), -1e6, 1e6); err != nil {
			return err
		}
		d.ikByName[ri.Name] = i
		d.ik = append(d.ik, c)
	}
	return nil
}

func (d *fileData) parseSkins(raw json.RawMessage, scale float64) error {
	var skins []rawSkin
	switch t := bytes.TrimSpace(raw); {
	case len(t) == 0 || string(t) == "null":
		return nil
	case t[0] == '[':
		var raws []json.RawMessage
		if err := filefmt.Decode(t, &raws, "skins", false); err != nil {
			return err
		}
		for i, r := range raws {
			var s rawSkin
			if err := filefmt.Decode(r, &s, filefmt.Index("skins", i), false); err != nil {
				return err
			}
			skins = append(skins, s)
		}
	default:
		// Spine 3's form, {"skinName": {"slot": {...}}}.
		var m map[string]map[string]map[string]json.RawMessage
		if err := filefmt.Decode(t, &m, "skins", false); err != nil {
			return err
		}
		for _, name := range sortedKeys(m) {
			skins = append(skins, rawSkin{Name: name, Attachments: m[name]})
		}
	}
	for i, s := range skins {
		if s.Name != "default" {
			d.skip("skin %q ignored (only the default skin is imported)", s.Name)
			continue
		}
		at := filefmt.Index("skins", i) + ".attachments"
		d.skin = map[int]map[string]*regionData{}
		for _, slotName := range sortedKeys(s.Attachments) {
			si, ok := d.slotByName[slotName]
			if !ok {
				return fmt.Errorf("%s: %q is not a slot", filefmt.Key(at, slotName), slotName)
			}
			atts := s.Attachments[slotName]
			m := map[string]*regionData{}
			for _, name := range sortedKeys(atts) {
				aat := filefmt.Key(filefmt.Key(at, slotName), name)
				var ra rawAttachment
				if err := filefmt.Decode(atts[name], &ra, aat, false); err != nil {
					return err
				}
				r := &regionData{
					name: name, path: name, x: ra.X * scale, y: ra.Y * scale, rotation: ra.Rotation,
					scaleX: orOne(ra.ScaleX), scaleY: orOne(ra.ScaleY), width: ra.Width * scale, height: ra.Height * scale,
					typ: ra.Type, sequence: len(ra.Sequence) > 0 && string(ra.Sequence) != "null", slot: si,
				}
				if r.typ == "" {
					r.typ = "region"
				}
				if ra.Name != nil {
					r.path = *ra.Name
				}
				if ra.Path != nil {
					r.path = *ra.Path
				}
				if r.typ == "region" {
					for _, c := range []struct {
						name      string
						v, lo, hi float64
					}{
						{"x", r.x, -maxCoord, maxCoord}, {"y", r.y, -maxCoord, maxCoord}, {"rotation", r.rotation, -maxDeg, maxDeg},
						{"scaleX", r.scaleX, -maxScale, maxScale}, {"scaleY", r.scaleY, -maxScale, maxScale},
						{"width", r.width, 0, maxCoord}, {"height", r.height, 0, maxCoord},
					} {
						if err := checkNum(aat+"."+c.name, c.v, c.lo, c.hi); err != nil {
							return err
						}
					}
					var err error
					if r.color, err = parseColor(aat+".color", ra.Color); err != nil {
						return err
					}
				}
				m[name] = r
			}
			d.skin[si] = m
		}
	}
	return nil
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// orderedObject returns the members of a JSON object in file order.
func orderedObject(raw json.RawMessage, at string) ([]string, []json.RawMessage, error) {
	t := bytes.TrimSpace(raw)
	if len(t) == 0 || string(t) == "null" {
		return nil, nil, nil
	}
	if t[0] != '{' {
		return nil, nil, fmt.Errorf("%s: want an object", at)
	}
	dec := json.NewDecoder(bytes.NewReader(t))
	if _, err := dec.Token(); err != nil {
		return nil, nil, fmt.Errorf("%s: %v", at, err)
	}
	var names []string
	var values []json.RawMessage
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %v", at, err)
		}
		name, _ := tok.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, nil, fmt.Errorf("%s: %v", filefmt.Key(at, name), err)
		}
		names = append(names, name)
		values = append(values, v)
	}
	return names, values, nil
}

func (d *fileData) parseAnimations(raw json.RawMessage, scale float64) error {
	names, values, err := orderedObject(raw, "animations")
	if err != nil {
		return err
	}
	if len(names) > MaxAnimations {
		return fmt.Errorf("animations: %d animations, more than %d", len(names), MaxAnimations)
	}
	seen := map[string]bool{}
	for i, name := range names {
		at := filefmt.Key("animations", name)
		if seen[name] {
			return fmt.Errorf("%s: a second animation of that name", at)
		}
		seen[name] = true
		a, err := d.parseAnimation(name, values[i], at, scale)
		if err != nil {
			return err
		}
		d.anims = append(d.anims, a)
	}
	return nil
}

// readKeys decodes a timeline's key array and checks its times.
func readKeys(raw json.RawMessage, at string) ([]rawKey, error) {
	var raws []json.RawMessage
	if err := filefmt.Decode(raw, &raws, at, false); err != nil {
		return nil, err
	}
	if len(raws) > MaxKeys {
		return nil, fmt.Errorf("%s: %d keys, more than %d", at, len(raws), MaxKeys)
	}
	keys := make([]rawKey, len(raws))
	for k, r := range raws {
		if err := filefmt.Decode(r, &keys[k], filefmt.Index(at, k), false); err != nil {
			return nil, err
		}
	}
	prev := 0.0
	for k, key := range keys {
		kat := filefmt.Index(at, k) + ".time"
		if err := checkNum(kat, key.Time, 0, 3600); err != nil {
			return nil, err
		}
		if k > 0 && key.Time < prev {
			return nil, fmt.Errorf("%s: %v is before the previous key's %v", kat, key.Time, prev)
		}
		prev = key.Time
	}
	return keys, nil
}

// curveOf reads key k's curve for value number v of a timeline with n
// values per key: "stepped", or Bezier control points (4 numbers per
// value; y scaled by scale).
func curveOf(k *key, raw json.RawMessage, v, n int, at string, scale float64) error {
	t := bytes.TrimSpace(raw)
	if len(t) == 0 || string(t) == "null" {
		return nil
	}
	if t[0] == '"' {
		var s string
		if err := json.Unmarshal(t, &s); err != nil || s != "stepped" {
			return fmt.Errorf("%s: want \"stepped\" or an array of Bezier control points", at)
		}
		k.curve = curveStepped
		return nil
	}
	var c []float64
	if err := filefmt.Decode(t, &c, at, false); err != nil {
		return err
	}
	if len(c) < 4*n {
		return fmt.Errorf("%s: %d numbers, want %d (cx1, cy1, cx2, cy2 per value)", at, len(c), 4*n)
	}
	for i, x := range c[4*v : 4*v+4] {
		if err := checkNum(filefmt.Index(at, 4*v+i), x, -1e7, 1e7); err != nil {
			return err
		}
	}
	k.curve = curveBezier
	k.cx1, k.cy1, k.cx2, k.cy2 = c[4*v], c[4*v+1]*scale, c[4*v+2], c[4*v+3]*scale
	return nil
}

// scalarTrack builds a track from keys, reading value v (of n per key)
// with get (which scales it), checking each value is in [lo, hi].
func scalarTrack(keys []rawKey, at string, v, n int, scale, lo, hi float64, get func(*rawKey) float64) (*track, error) {
	tr := &track{keys: make([]key, len(keys))}
	for i := range keys {
		k := &tr.keys[i]
		k.t = keys[i].Time
		k.v = get(&keys[i])
		if err := checkNum(filefmt.Index(at, i), k.v, lo, hi); err != nil {
			return nil, err
		}
		if err := curveOf(k, keys[i].Curve, v, n, filefmt.Index(at, i)+".curve", scale); err != nil {
			return nil, err
		}
	}
	return tr, nil
}

func valueOr(p *float64, def float64) float64 {
	if p == nil {
		return def
	}
	return *p
}

func (d *fileData) parseAnimation(name string, raw json.RawMessage, at string, scale float64) (*animData, error) {
	var ra rawAnimation
	if err := filefmt.Decode(raw, &ra, at, false); err != nil {
		return nil, err
	}
	a := &animData{name: name, rotate: map[int]*track{}, tx: map[int]*track{}, ty: map[int]*track{}, ikMix: map[int]*track{}, ikBend: map[int]*track{}, ikSoft: map[int]*track{}}
	skip := func(format string, args ...any) {
		a.skipped = append(a.skipped, fmt.Sprintf("animation %q: ", name)+fmt.Sprintf(format, args...))
	}
	for _, bone := range sortedKeys(ra.Bones) {
		bat := filefmt.Key(at+".bones", bone)
		bi, ok := d.boneByName[bone]
		if !ok {
			return nil, fmt.Errorf("%s: %q is not a bone", bat, bone)
		}
		timelines := ra.Bones[bone]
		for _, tl := range sortedKeys(timelines) {
			tat := filefmt.Key(bat, tl)
			keys, err := readKeys(timelines[tl], tat)
			if err != nil {
				return nil, err
			}
			if len(keys) == 0 {
				continue
			}
			a.duration = math.Max(a.duration, keys[len(keys)-1].Time)
			switch tl {
			case "rotate":
				// Bounded below maxDeg so that rest + offset stays a valid clip angle.
				tr, err := scalarTrack(keys, tat, 0, 1, 1, -maxDeg+720, maxDeg-720, func(k *rawKey) float64 { return valueOr(k.Value, 0) })
				if err != nil {
					return nil, err
				}
				a.rotate[bi] = tr
			case "translate":
				tx, err := scalarTrack(keys, tat, 0, 2, scale, -maxCoord, maxCoord, func(k *rawKey) float64 { return valueOr(k.X, 0) * scale })
				if err != nil {
					return nil, err
				}
				ty, err := scalarTrack(keys, tat, 1, 2, scale, -maxCoord, maxCoord, func(k *rawKey) float64 { return valueOr(k.Y, 0) * scale })
				if err != nil {
					return nil, err
				}
				a.tx[bi], a.ty[bi] = tx, ty
			case "translatex", "translatey":
				tr, err := scalarTrack(keys, tat, 0, 1, scale, -maxCoord, maxCoord, func(k *rawKey) float64 { return valueOr(k.Value, 0) * scale })
				if err != nil {
					return nil, err
				}
				if tl == "translatex" {
					a.tx[bi] = tr
				} else {
					a.ty[bi] = tr
				}
			default:
				skip("bone %q: %s timeline ignored", bone, tl)
			}
		}
	}
	for _, c := range sortedKeys(ra.IK) {
		cat := filefmt.Key(at+".ik", c)
		ci, ok := d.ikByName[c]
		if !ok {
			return nil, fmt.Errorf("%s: %q is not an IK constraint", cat, c)
		}
		keys, err := readKeys(ra.IK[c], cat)
		if err != nil {
			return nil, err
		}
		if len(keys) == 0 {
			continue
		}
		a.duration = math.Max(a.duration, keys[len(keys)-1].Time)
		mix, err := scalarTrack(keys, cat, 0, 2, 1, 0, 1, func(k *rawKey) float64 { return valueOr(k.Mix, 1) })
		if err != nil {
			return nil, err
		}
		soft, err := scalarTrack(keys, cat, 1, 2, scale, 0, maxCoord, func(k *rawKey) float64 { return k.Softness * scale })
		if err != nil {
			return nil, err
		}
		bend := &track{keys: make([]key, len(keys))}
		other := false
		for i, k := range keys {
			bend.keys[i] = key{t: k.Time, v: 1, curve: curveStepped}
			if k.BendPositive != nil && !*k.BendPositive {
				bend.keys[i].v = -1
			}
			other = other || k.Compress || k.Stretch
		}
		a.ikMix[ci], a.ikBend[ci], a.ikSoft[ci] = mix, bend, soft
		if other {
			skip("IK %q: compress and stretch keys ignored", c)
		}
	}
	// Timelines that are not imported still count for the duration.
	for _, part := range []struct {
		what string
		m    map[string]json.RawMessage
	}{{"slot", ra.Slots}, {"transform constraint", ra.Transform}, {"path constraint", ra.Path}, {"physics constraint", ra.Physics}, {"slider", ra.Slider}, {"skin", ra.Attachments}, {"skin", ra.Deform}} {
		for _, n := range sortedKeys(part.m) {
			t, err := maxTime(part.m[n], filefmt.Key(at, n))
			if err != nil {
				return nil, err
			}
			a.duration = math.Max(a.duration, t)
			switch part.what {
			case "slot":
				skip("slot %q: timelines ignored (attachment, colour)", n)
			case "skin":
				skip("skin %q: deform and sequence timelines ignored", n)
			default:
				skip("%s %q: timelines ignored", part.what, n)
			}
		}
	}
	for _, part := range []struct {
		what string
		raw  json.RawMessage
	}{{"draw order", ra.DrawOrder}, {"events", ra.Events}} {
		if len(part.raw) == 0 || string(part.raw) == "null" {
			continue
		}
		t, err := maxTime(part.raw, at)
		if err != nil {
			return nil, err
		}
		a.duration = math.Max(a.duration, t)
		skip("%s timeline ignored", part.what)
	}
	return a, nil
}

// maxTime returns the largest "time" member anywhere in raw (the keys of
// the timelines this package does not import).
func maxTime(raw json.RawMessage, at string) (float64, error) {
	var v any
	if err := filefmt.Decode(raw, &v, at, false); err != nil {
		return 0, err
	}
	best := 0.0
	var walk func(v any, depth int) error
	walk = func(v any, depth int) error {
		if depth > 16 {
			return nil
		}
		switch x := v.(type) {
		case map[string]any:
			if t, ok := x["time"].(float64); ok {
				if !filefmt.Finite(t) || t < 0 || t > 3600 {
					return fmt.Errorf("%s: a key time %v outside [0, 3600]", at, t)
				}
				best = math.Max(best, t)
			}
			for _, e := range x {
				if err := walk(e, depth+1); err != nil {
					return err
				}
			}
		case []any:
			for _, e := range x {
				if err := walk(e, depth+1); err != nil {
					return err
				}
			}
		}
		return nil
	}
	return best, walk(v, 0)
}
