package ldtk

import (
	"strings"
	"testing"
)

// grid parses rows of digits (0 empty, 1-9 a class).
func grid(rows ...string) ([]int32, int, int) {
	w, h := len(rows[0]), len(rows)
	g := make([]int32, 0, w*h)
	for _, r := range rows {
		for _, c := range r {
			g = append(g, c-'0')
		}
	}
	return g, w, h
}

func TestMergeRects(t *testing.T) {
	cases := []struct {
		rows []string
		want int
	}{
		{[]string{"111", "111"}, 1},
		{[]string{"100", "100", "111"}, 2},
		{[]string{"1010", "1010", "1111"}, 4}, // greedy: the two columns first; 3 is possible
		{[]string{"1122", "1122"}, 2},
		{[]string{"0000"}, 0},
		{[]string{"1212", "2121"}, 8},
	}
	for _, c := range cases {
		g, w, h := grid(c.rows...)
		rs := mergeRects(g, w, h)
		if len(rs) != c.want {
			t.Errorf("%s: %d rectangles %v, want %d", strings.Join(c.rows, "/"), len(rs), rs, c.want)
		}
		// Every non-empty cell is covered exactly once, by its own class.
		cover := make([]int, len(g))
		for _, r := range rs {
			for y := r.y; y < r.y+r.h; y++ {
				for x := r.x; x < r.x+r.w; x++ {
					cover[y*w+x]++
					if g[y*w+x] != int32(r.class) {
						t.Errorf("%v covers cell (%d,%d) of class %d", r, x, y, g[y*w+x])
					}
				}
			}
		}
		for i, n := range cover {
			if (g[i] != 0) != (n == 1) || n > 1 {
				t.Errorf("%s: cell %d covered %d times", strings.Join(c.rows, "/"), i, n)
			}
		}
	}
}
