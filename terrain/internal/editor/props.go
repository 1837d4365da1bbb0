package editor

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/solarlune/resolv"

	"github.com/ikanim/kit/terrain"
)

// builtin maps the tag names shared with terrain's JSON level files to their
// bits. "oneway" is not a terrain tag: it sets Flags.OneWay, which Vocab
// turns into its OneWay tags.
var builtin = map[string]resolv.Tags{
	"ground":   terrain.TagGround,
	"wall":     terrain.TagWall,
	"ceiling":  terrain.TagCeiling,
	"platform": terrain.TagPlatform,
	"trigger":  terrain.TagTrigger,
}

// Vocab turns tag names and collision properties into resolv tags.
type Vocab struct {
	// Extra adds game tag names (keys are matched like built-in names: case,
	// '_', '-' and spaces are ignored).
	Extra map[string]resolv.Tags
	// OneWay is the tags given to one-way shapes; zero means
	// terrain.TagPlatform.
	OneWay resolv.Tags
}

// Flags are the collision settings of one object, read from its custom
// properties (and inherited from its layers: a nil field means "not set
// here").
type Flags struct {
	Tags      *resolv.Tags // the "tags" property
	OneWay    *bool        // "oneway"
	Trigger   *bool        // "trigger"
	Solid     *bool        // "solid"
	Bottom    *float64     // "bottom"
	Thickness *float64     // "thickness"
}

// Inherit returns f with every unset field taken from parent.
func (f Flags) Inherit(parent Flags) Flags {
	if f.Tags == nil {
		f.Tags = parent.Tags
	}
	if f.OneWay == nil {
		f.OneWay = parent.OneWay
	}
	if f.Trigger == nil {
		f.Trigger = parent.Trigger
	}
	if f.Solid == nil {
		f.Solid = parent.Solid
	}
	if f.Bottom == nil {
		f.Bottom = parent.Bottom
	}
	if f.Thickness == nil {
		f.Thickness = parent.Thickness
	}
	return f
}

// IsSolid reports whether the object becomes collision shapes: true unless a
// "solid" property says false.
func (f Flags) IsSolid() bool { return f.Solid == nil || *f.Solid }

// Marked reports whether a property set a tag, one-way or trigger, or
// "solid" to true: what makes an LDtk entity a shape rather than a marker.
func (f Flags) Marked() bool {
	return (f.Tags != nil && *f.Tags != 0) || (f.OneWay != nil && *f.OneWay) ||
		(f.Trigger != nil && *f.Trigger) || (f.Solid != nil && *f.Solid)
}

// Norm lowercases a name and drops '_', '-' and spaces, so "OneWay",
// "one_way" and "one-way" are the same name.
func Norm(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '_' || r == '-' || r == ' ':
		default:
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

// lookup returns the bits of a normalised tag name; oneway reports the name
// "oneway".
func (v *Vocab) lookup(name string) (bits resolv.Tags, oneway, ok bool) {
	if name == "oneway" {
		return 0, true, true
	}
	if t, ok := builtin[name]; ok {
		return t, false, true
	}
	for k, t := range v.Extra {
		if Norm(k) == name {
			return t, false, true
		}
	}
	return 0, false, false
}

// names lists the accepted tag names for error messages.
func (v *Vocab) names() string {
	ns := slices.Collect(maps.Keys(builtin))
	ns = append(ns, "oneway")
	for k := range v.Extra {
		ns = append(ns, Norm(k))
	}
	slices.Sort(ns)
	return strings.Join(slices.Compact(ns), ", ")
}

// ParseTags parses a tag list: names separated by commas, semicolons or
// spaces. An unknown name is an error naming it.
func (v *Vocab) ParseTags(list string) (tags resolv.Tags, oneway bool, err error) {
	for _, word := range strings.FieldsFunc(list, func(r rune) bool { return r == ',' || r == ';' || unicode.IsSpace(r) }) {
		bits, ow, ok := v.lookup(Norm(word))
		if !ok {
			return 0, false, fmt.Errorf("unknown tag %q (want %s)", word, v.names())
		}
		tags |= bits
		oneway = oneway || ow
	}
	return tags, oneway, nil
}

// Words returns the tags named by the words of a free-form name such as a
// Tiled class or an LDtk identifier: the words split at anything but letters
// and digits, and the whole name with '_', '-' and spaces dropped. Unknown
// words are ignored ("Wall" and "oneway_platform" tag; "Player" does not).
func (v *Vocab) Words(s string) (tags resolv.Tags, oneway bool) {
	add := func(w string) {
		if bits, ow, ok := v.lookup(w); ok {
			tags |= bits
			oneway = oneway || ow
		}
	}
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		add(strings.ToLower(w))
	}
	add(Norm(s))
	return tags, oneway
}

// Final returns the tags of a shape with flags f and free-form names words
// (class, identifier, entity tags): the tag list, the words' tags, the
// one-way tags and TagTrigger.
func (v *Vocab) Final(f Flags, words ...string) resolv.Tags {
	var tags resolv.Tags
	oneway := f.OneWay != nil && *f.OneWay
	if f.Tags != nil {
		tags = *f.Tags
	}
	for _, w := range words {
		t, ow := v.Words(w)
		tags |= t
		oneway = oneway || ow
	}
	if oneway {
		tags |= terrain.TagOneWay
		if v.OneWay != 0 {
			tags |= v.OneWay
		} else {
			tags |= terrain.TagPlatform
		}
	}
	if f.Trigger != nil && *f.Trigger {
		tags |= terrain.TagTrigger
	}
	return tags
}

// Apply reads one custom property into f. value is a bool, a float64 or a
// string (a string "true"/"false" or a number in a string is accepted for the
// bool and number properties). Properties outside the vocabulary are ignored;
// a known one with a value of the wrong kind is an error naming it.
func (v *Vocab) Apply(f *Flags, name string, value any) error {
	key := Norm(name)
	switch key {
	case "tags":
		s, ok := value.(string)
		if !ok {
			return fmt.Errorf("%s: want a string of tag names, got %s", name, show(value))
		}
		tags, oneway, err := v.ParseTags(s)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		f.Tags = &tags
		if oneway {
			t := true
			f.OneWay = &t
		}
	case "oneway", "trigger", "solid":
		b, err := asBool(value)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		switch key {
		case "oneway":
			f.OneWay = &b
		case "trigger":
			f.Trigger = &b
		default:
			f.Solid = &b
		}
	case "bottom", "thickness":
		x, err := asNumber(value)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		if err := CheckCoord(x); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		if key == "bottom" {
			f.Bottom = &x
		} else {
			if !(x > 0) {
				return fmt.Errorf("%s: %v must be positive", name, x)
			}
			f.Thickness = &x
		}
	}
	return nil
}

func asBool(value any) (bool, error) {
	switch b := value.(type) {
	case bool:
		return b, nil
	case string:
		switch strings.ToLower(strings.TrimSpace(b)) {
		case "true":
			return true, nil
		case "false":
			return false, nil
		}
	}
	return false, fmt.Errorf("want true or false, got %s", show(value))
}

func asNumber(value any) (float64, error) {
	switch x := value.(type) {
	case float64:
		return x, nil
	case string:
		f, err := strconv.ParseFloat(strings.TrimSpace(x), 64)
		if err == nil {
			return f, nil
		}
	}
	return 0, fmt.Errorf("want a number, got %s", show(value))
}

// CheckCoord returns an error if x is not a finite number within ±MaxSize.
func CheckCoord(x float64) error {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return fmt.Errorf("%v is not a finite number", x)
	}
	if math.Abs(x) > MaxSize {
		return fmt.Errorf("%v is beyond the size limit %d", x, MaxSize)
	}
	return nil
}

// show formats a property value for an error, quoting strings.
func show(v any) string {
	if s, ok := v.(string); ok {
		return strconv.Quote(s)
	}
	return fmt.Sprint(v)
}
