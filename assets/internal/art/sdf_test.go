package art

import (
	"math"
	"testing"
)

const tol = 1e-9

func TestDistances(t *testing.T) {
	cases := []struct {
		name string
		got  float64
		want float64
	}{
		{"circle centre", circle(3, 4, 3, 4, 2), -2},
		{"circle outside (3-4-5)", circle(3, 4, 0, 0, 1), 4},
		{"ellipse on its boundary", ellipse(3, 2*0.8, 0, 0, 5, 2), 0},
		{"ellipse on the minor axis", ellipse(0, -3, 0, 0, 5, 2), 1},
		{"box side", box(6, 0, 0, 0, 4, 2, 0), 2},
		{"box corner (3-4-5)", box(7, 6, 0, 0, 4, 2, 0), 5},
		{"box inside", box(0, 0, 0, 0, 4, 2, 0), -2},
		{"rounded box corner", box(5, 3, 0, 0, 4, 2, 1), 2*math.Sqrt2 - 1},
		{"taper at the start cap", taper(-5, 0, 0, 0, 2, 10, 0, 1), 3},
		{"taper at the end cap", taper(15, 0, 0, 0, 2, 10, 0, 1), 4},
		{"taper middle radius", taper(5, 4, 0, 0, 2, 10, 0, 1), 4 - 1.5},
		{"polygon square inside", polygon(1, 1, 0, 0, 4, 0, 4, 4, 0, 4), -1},
		{"polygon square outside", polygon(7, 2, 0, 0, 4, 0, 4, 4, 0, 4), 3},
		{"smin far apart is min", smin(1, 5, 1), 1},
		{"smin equal is lowered by k/4", smin(2, 2, 1), 2 - 0.25},
	}
	// Along the major axis the approximation is a lower bound of the distance.
	if d := ellipse(7, 0, 0, 0, 5, 2); d <= 0 || d > 2 {
		t.Errorf("ellipse on the major axis: got %v, want in (0, 2]", d)
	}
	for _, c := range cases {
		if math.Abs(c.got-c.want) > tol {
			t.Errorf("%s: got %v, want %v", c.name, c.got, c.want)
		}
	}
}

// The light must come from the screen's top-left whatever the rest angle of
// the part: rotating the image-space light by the rest angle gives back the
// screen direction (-0.6, -0.8) (scaled by the in-plane length).
func TestLightIsTopLeftOnScreen(t *testing.T) {
	for _, a := range []float64{0, up, down, 0.7} {
		l := lightFor(a)
		s, c := math.Sincos(a)
		x := l[0]*c - l[1]*s
		y := l[0]*s + l[1]*c
		n := math.Hypot(x, y)
		if math.Abs(x/n+0.6) > 1e-12 || math.Abs(y/n+0.8) > 1e-12 {
			t.Errorf("rest %v: light on screen (%v, %v), want (-0.6, -0.8)", a, x/n, y/n)
		}
		if l[2] <= 0 {
			t.Errorf("rest %v: light z %v, want towards the viewer", a, l[2])
		}
	}
}

func TestHexRejectsBadColours(t *testing.T) {
	for _, s := range []string{"", "#12345", "123456x", "#12345g"} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("hex(%q) did not panic", s)
				}
			}()
			hex(s)
		}()
	}
	if c := hex("#ff8000"); c != (rgb{1, 128.0 / 255, 0}) {
		t.Errorf(`hex("#ff8000") = %v`, c)
	}
}
