package filefmt

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// Every finite angle in range survives FormatDegrees -> Radians exactly,
// and common angles read as their short decimals.
func TestDegreesRoundTripExactly(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 5000; i++ {
		r := (rng.Float64()*2 - 1) * 4 * math.Pi
		if i%4 == 0 {
			r = float64(rng.IntN(4001)-2000) / 1000
		}
		s := FormatDegrees(r)
		back, err := Radians(s)
		if err != nil || back != r {
			t.Fatalf("Radians(FormatDegrees(%v) = %s) = %v, %v; want %v", r, s, back, err, r)
		}
	}
	for _, c := range []struct {
		r    float64
		want string
	}{{math.Pi / 2, "90"}, {-math.Pi / 2, "-90"}, {math.Pi, "180"}, {0, "0"}, {math.Pi / 4, "45"}} {
		if got := FormatDegrees(c.r); string(got) != c.want {
			t.Errorf("FormatDegrees(%v) = %s, want %s", c.r, got, c.want)
		}
		if got := MustRadians(Number(c.want)); got != c.r {
			t.Errorf("Radians(%s) = %v, want %v", c.want, got, c.r)
		}
	}
}

func TestRadiansRejectsOutOfRange(t *testing.T) {
	for _, s := range []string{"1e400", "36001", "-1e9", "abc", "NaN"} {
		if _, err := Radians(Number(s)); err == nil {
			t.Errorf("Radians(%s): no error", s)
		}
	}
}

func TestDecodeNamesThePath(t *testing.T) {
	type lim struct {
		Min float64 `json:"min"`
		Max Number  `json:"max"`
	}
	type bone struct {
		Limit lim `json:"limit"`
	}
	for _, c := range []struct {
		data   string
		strict bool
		want   string
	}{
		{`{"limit": {"min": "x"}}`, true, `bones[3].limit.min: want a number, got string`},
		{`{"limit": {"max": "1"}}`, true, `bones[3].limit.max: want a number, got string`},
		{`{"limit": {"max": null}}`, true, ``},
		{`{"limit": {"mni": 1}}`, true, `bones[3]: unknown field "mni"`},
		{`{"limit": {"mni": 1}}`, false, ``},
		{"{\n \"limit\": {\"min\": 1,}}", true, `bones[3]: line 2, column 21: invalid character '}'`},
		{`{"limit": {}} x`, true, `bones[3]: line 1, column 14: invalid character 'x'`},
		{`{"limit": `, true, `bones[3]: unexpected end of JSON`},
	} {
		var b bone
		err := Decode([]byte(c.data), &b, "bones[3]", c.strict)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("Decode(%s) = %v, want nil", c.data, err)
		case c.want != "" && (err == nil || !strings.HasPrefix(err.Error(), c.want)):
			t.Errorf("Decode(%s) = %v, want prefix %q", c.data, err, c.want)
		}
	}
}
