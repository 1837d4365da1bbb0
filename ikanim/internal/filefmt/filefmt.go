// Package filefmt holds what the module's JSON file formats share: reading
// with a size limit, decoding with errors that name the JSON path of the
// value at fault (bones[3].limit.min), and exact degree <-> radian
// conversion for angles written in degrees.
package filefmt

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"reflect"
	"strconv"
	"strings"
)

// ReadAll reads r up to max bytes; a longer input is an error (what names
// the kind of file in the message).
func ReadAll(r io.Reader, max int64, what string) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, max+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	if int64(len(data)) > max {
		return nil, fmt.Errorf("%s: larger than %d bytes", what, max)
	}
	return data, nil
}

// Index returns path[i] (or "[i]" at the top).
func Index(path string, i int) string { return fmt.Sprintf("%s[%d]", path, i) }

// Field returns path.name (or name at the top).
func Field(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

// Key returns path["key"], the path of a JSON object member whose name is
// data rather than a fixed field (an animation, a bone's timelines).
func Key(path, key string) string { return path + "[" + strconv.Quote(key) + "]" }

// Decode unmarshals one JSON value into v. Errors name the JSON path of the
// value at fault, starting from path (a type error in field "limit.min" of
// the value at "bones[3]" reads "bones[3].limit.min: want a number, got
// string"), and syntax errors give the line and column in data. With strict
// set, an unknown object member is an error too.
func Decode(data []byte, v any, path string, strict bool) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	if strict {
		dec.DisallowUnknownFields()
	}
	err := dec.Decode(v)
	if err == nil {
		// One value only: trailing data other than white space is an error.
		if _, terr := dec.Token(); terr != io.EOF {
			err = errors.New("data after the top-level value")
			if terr != nil {
				err = terr
			}
		}
	}
	if err == nil {
		return nil
	}
	return describe(data, err, path)
}

func describe(data []byte, err error, path string) error {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	at := path
	if at == "" {
		at = "file"
	}
	switch {
	case errors.As(err, &syn):
		line, col := lineCol(data, syn.Offset)
		return fmt.Errorf("%s: line %d, column %d: %v", at, line, col, syn)
	case errors.As(err, &typ):
		where := path
		if typ.Field != "" {
			where = Field(path, typ.Field)
		}
		if where == "" {
			where = "file"
		}
		return fmt.Errorf("%s: want %s, got %s", where, kind(typ.Type.Kind().String(), typ.Type.String()), typ.Value)
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return fmt.Errorf("%s: unexpected end of JSON", at)
	}
	msg := strings.TrimPrefix(err.Error(), "json: ")
	return fmt.Errorf("%s: %s", at, msg)
}

// kind names a Go type the way a JSON author reads it.
func kind(k, name string) string {
	switch k {
	case "float64", "float32", "int", "int64", "int32", "uint8", "uint", "uint64":
		return "a number"
	case "string":
		if name == "json.Number" || name == "filefmt.Number" {
			return "a number"
		}
		return "a string"
	case "bool":
		return "true or false"
	case "slice", "array":
		return "an array"
	case "struct", "map":
		return "an object"
	}
	return name
}

func lineCol(data []byte, off int64) (line, col int) {
	if off > int64(len(data)) {
		off = int64(len(data))
	}
	line, col = 1, 1
	for _, c := range data[:max(off-1, 0)] {
		if c == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return line, col
}

// Number is a JSON number kept as written (a decimal string), for values
// such as angles in degrees that are converted with more precision than a
// float64 holds. Anything but a number is a type error that names the
// field; null leaves it empty (absent).
type Number string

// UnmarshalJSON implements json.Unmarshaler.
func (n *Number) UnmarshalJSON(b []byte) error {
	switch {
	case string(b) == "null":
		return nil
	case len(b) > 0 && (b[0] == '-' || b[0] >= '0' && b[0] <= '9'):
		*n = Number(b)
		return nil
	}
	v := "string"
	switch {
	case len(b) == 0:
		v = "nothing"
	case b[0] == '{':
		v = "object"
	case b[0] == '[':
		v = "array"
	case b[0] == 't' || b[0] == 'f':
		v = "bool"
	}
	return &json.UnmarshalTypeError{Value: v, Type: reflect.TypeFor[Number]()}
}

// MaxDeg bounds the angles files may hold, in degrees (a hundred turns).
const MaxDeg = 36000

// prec is the precision, in bits, of the degree conversions: far more than
// float64's 53, so that rounding the exact product once gives the float64
// nearest to the decimal the file holds.
const prec = 256

var (
	bigPi = func() *big.Float {
		f, _, err := big.ParseFloat("3.14159265358979323846264338327950288419716939937510582097494459230781640628620899862803482534211706798", 10, prec, big.ToNearestEven)
		if err != nil {
			panic(err)
		}
		return f
	}()
	big180 = new(big.Float).SetPrec(prec).SetInt64(180)
)

// Radians converts a JSON number of degrees to radians. The result is the
// float64 nearest to the exact value of deg*pi/180 for the decimal as
// written, so "90" gives exactly math.Pi/2 and FormatDegrees(r) loads back
// as r. Angles beyond MaxDeg, and anything that is not a finite number,
// are errors.
func Radians(deg Number) (float64, error) {
	s := string(deg)
	f, err := strconv.ParseFloat(s, 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return 0, fmt.Errorf("%q is not a number", s)
	}
	if math.IsNaN(f) || math.Abs(f) > MaxDeg {
		return 0, fmt.Errorf("%s degrees is beyond +-%d", s, MaxDeg)
	}
	b, _, err := big.ParseFloat(s, 10, prec, big.ToNearestEven)
	if err != nil {
		return 0, fmt.Errorf("%q is not a number", s)
	}
	b.Mul(b, bigPi)
	b.Quo(b, big180)
	r, _ := b.Float64()
	return r, nil
}

// MustRadians is Radians for numbers known to be valid (constants).
func MustRadians(deg Number) float64 {
	r, err := Radians(deg)
	if err != nil {
		panic(err)
	}
	return r
}

// FormatDegrees returns a short decimal number of degrees (the shortest in
// all but rare cases) that Radians converts back to exactly r. r must be
// finite.
func FormatDegrees(r float64) Number {
	if r == 0 {
		return "0"
	}
	// Fast path: the decimals of the float64 nearest to r*180/pi, shortest
	// first; only those within a few ulps of r after a float64 conversion
	// can convert exactly, so only they take the exact check.
	d64 := r * 180 / math.Pi
	tol := 8 * math.Abs(math.Nextafter(r, math.Inf(1))-r)
	for digits := 1; digits <= 17; digits++ {
		s := strconv.FormatFloat(d64, 'f', -1, 64)
		if digits < 17 {
			f, _ := strconv.ParseFloat(strconv.FormatFloat(d64, 'g', digits, 64), 64)
			s = strconv.FormatFloat(f, 'f', -1, 64)
		}
		f, _ := strconv.ParseFloat(s, 64)
		if math.Abs(f*math.Pi/180-r) > tol || strings.Contains(s, "e") {
			continue
		}
		if back, err := Radians(Number(s)); err == nil && back == r {
			return Number(s)
		}
	}
	// Slow path: decimals of the exact value, to more digits than a
	// float64 holds.
	d := new(big.Float).SetPrec(prec).SetFloat64(r)
	d.Mul(d, big180)
	d.Quo(d, bigPi)
	for digits := 1; digits <= 40; digits++ {
		s := d.Text('g', digits)
		if back, err := Radians(Number(s)); err == nil && back == r {
			return Number(s)
		}
	}
	return Number(d.Text('g', 40))
}

// FormatFloat returns the shortest decimal that reads back as x. x must be
// finite.
func FormatFloat(x float64) Number {
	return Number(strconv.FormatFloat(x, 'g', -1, 64))
}

// Finite reports whether x is neither NaN nor infinite.
func Finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }
