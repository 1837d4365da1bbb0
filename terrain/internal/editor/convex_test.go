package editor

import (
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// checkPieces asserts that pieces are convex, wound with a positive area,
// and cover the outline's area exactly.
func checkPieces(t *testing.T, name string, outline []mgl64.Vec2, pieces [][]mgl64.Vec2) {
	t.Helper()
	var sum float64
	for k, pc := range pieces {
		a := Area2(pc)
		if !(a > 0) {
			t.Errorf("%s: piece %d area2 %v, want > 0", name, k, a)
		}
		for i := range pc {
			if tr := turn(pc[i], pc[(i+1)%len(pc)], pc[(i+2)%len(pc)]); tr < -1e-9 {
				t.Errorf("%s: piece %d is not convex at %d (turn %v)", name, k, (i+1)%len(pc), tr)
			}
		}
		sum += a
	}
	if want := math.Abs(Area2(outline)); math.Abs(sum-want) > 1e-6*want {
		t.Errorf("%s: pieces cover area2 %v, want %v", name, sum, want)
	}
}

func TestConvexSplits(t *testing.T) {
	cases := []struct {
		name      string
		pts       []mgl64.Vec2
		maxPieces int
	}{
		{"square", []mgl64.Vec2{{0, 0}, {10, 0}, {10, 10}, {0, 10}}, 1},
		{"square ccw", []mgl64.Vec2{{0, 0}, {0, 10}, {10, 10}, {10, 0}}, 1},
		{"L", []mgl64.Vec2{{0, 0}, {10, 0}, {10, 4}, {4, 4}, {4, 10}, {0, 10}}, 2},
		{"U", []mgl64.Vec2{{0, 0}, {3, 0}, {3, 7}, {7, 7}, {7, 0}, {10, 0}, {10, 10}, {0, 10}}, 3},
		{"star", star(5, 10, 4), 6},
		{"comb", comb(20), 40},
		{"collinear and repeated", []mgl64.Vec2{{0, 0}, {5, 0}, {5, 0}, {10, 0}, {10, 10}, {0, 10}}, 1},
	}
	for _, c := range cases {
		pieces, err := Convex(c.pts)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if len(pieces) > c.maxPieces {
			t.Errorf("%s: %d pieces, want at most %d", c.name, len(pieces), c.maxPieces)
		}
		checkPieces(t, c.name, c.pts, pieces)
	}
}

func star(n int, ro, ri float64) []mgl64.Vec2 {
	var ps []mgl64.Vec2
	for k := range 2 * n {
		r := ro
		if k%2 == 1 {
			r = ri
		}
		a := math.Pi * float64(k) / float64(n)
		ps = append(ps, mgl64.Vec2{50 + r*math.Cos(a), 50 + r*math.Sin(a)})
	}
	return ps
}

// comb is a base with n teeth pointing up.
func comb(n int) []mgl64.Vec2 {
	ps := []mgl64.Vec2{{0, 20}, {float64(2*n) * 2, 20}}
	for k := n - 1; k >= 0; k-- {
		x := float64(2*k) * 2
		ps = append(ps, mgl64.Vec2{x + 4, 10}, mgl64.Vec2{x + 3, 0}, mgl64.Vec2{x + 1, 0}, mgl64.Vec2{x, 10})
	}
	return ps
}

func TestConvexErrors(t *testing.T) {
	cases := []struct {
		name string
		pts  []mgl64.Vec2
		want string
	}{
		{"two points", []mgl64.Vec2{{0, 0}, {1, 1}}, "at least 3"},
		{"line", []mgl64.Vec2{{0, 0}, {1, 1}, {2, 2}}, "points[0]: the outline turns straight back"},
		{"spike", []mgl64.Vec2{{0, 0}, {40, -20}, {40, 0}, {60, -30}}, "points[0]: the outline turns straight back"},
		{"bowtie", []mgl64.Vec2{{0, 0}, {10, 10}, {10, 0}, {0, 10}}, "points[0]: the edge from this point touches or crosses the edge from points[2]"},
		{"touching", []mgl64.Vec2{{0, 0}, {10, 0}, {5, 5}, {10, 10}, {0, 10}, {5, 5}}, "touches or crosses"},
		{"too many", make([]mgl64.Vec2, MaxPolygonPoints+1), "more than"},
	}
	for _, c := range cases {
		_, err := Convex(c.pts)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err %v, want it to contain %q", c.name, err, c.want)
		}
	}
}

func TestEllipseSides(t *testing.T) {
	for _, r := range []float64{1, 10, 40, 100, 1000} {
		n := EllipseSides(r)
		sag := r * (1 - math.Cos(math.Pi/float64(n)))
		if n < 8 || n > 64 || n%4 != 0 || (n < 64 && sag > MaxSag) {
			t.Errorf("EllipseSides(%v) = %d, sag %v", r, n, sag)
		}
	}
}

func FuzzConvex(f *testing.F) {
	f.Add([]byte{0, 0, 10, 0, 10, 4, 4, 4, 4, 10, 0, 10})
	f.Add([]byte{0, 0, 9, 9, 9, 0, 0, 9})
	f.Fuzz(func(t *testing.T, b []byte) {
		var pts []mgl64.Vec2
		for i := 0; i+1 < len(b) && len(pts) < 64; i += 2 {
			pts = append(pts, mgl64.Vec2{float64(b[i] % 32), float64(b[i+1] % 32)})
		}
		pieces, err := Convex(pts)
		if err != nil {
			return
		}
		checkPieces(t, "fuzz", pts, pieces)
	})
}
