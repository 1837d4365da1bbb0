package terrain_test

import (
	"math"
	"reflect"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/terrain"
)

// courseInConvex reports whether p lies strictly inside the convex polygon
// pts (either winding), by the sign of every edge's cross product: the
// test's own geometry, not the World's queries.
func courseInConvex(p mgl64.Vec2, pts []mgl64.Vec2) bool {
	sign := 0.0
	for k := range pts {
		a, b := pts[k], pts[(k+1)%len(pts)]
		cr := (b[0]-a[0])*(p[1]-a[1]) - (b[1]-a[1])*(p[0]-a[0])
		if cr == 0 {
			return false
		}
		if sign == 0 {
			sign = cr
		} else if sign*cr < 0 {
			return false
		}
	}
	return true
}

// courseInside reports whether p lies inside any solid of c; with
// attachedOnly, only inside attached ones.
func courseInside(c *terrain.Course, p mgl64.Vec2, attachedOnly bool) bool {
	for i, pts := range c.Polygons {
		if (!attachedOnly || c.Attached[i]) && courseInConvex(p, pts) {
			return true
		}
	}
	for i, ci := range c.Circles {
		if (!attachedOnly || c.AttachedCircles[i]) && p.Sub(ci.Center).Len() < ci.Radius {
			return true
		}
	}
	return false
}

// courseColumn returns the attached solids of c whose bounding box spans x.
func courseColumn(c *terrain.Course, x float64) *terrain.Course {
	col := &terrain.Course{}
	for i, pts := range c.Polygons {
		lo, hi := math.Inf(1), math.Inf(-1)
		for _, p := range pts {
			lo, hi = math.Min(lo, p[0]), math.Max(hi, p[0])
		}
		if c.Attached[i] && x >= lo && x <= hi {
			col.Polygons = append(col.Polygons, pts)
			col.Attached = append(col.Attached, true)
		}
	}
	for i, ci := range c.Circles {
		if c.AttachedCircles[i] && math.Abs(x-ci.Center[0]) < ci.Radius {
			col.Circles = append(col.Circles, ci)
			col.AttachedCircles = append(col.AttachedCircles, true)
		}
	}
	return col
}

func TestGenerateCourseIsDeterministic(t *testing.T) {
	a := terrain.GenerateCourse(7, terrain.CourseOptions{})
	b := terrain.GenerateCourse(7, terrain.CourseOptions{})
	c := terrain.GenerateCourse(8, terrain.CourseOptions{})
	if !reflect.DeepEqual(a.Polygons, b.Polygons) || !reflect.DeepEqual(a.Circles, b.Circles) {
		t.Fatal("seed 7 gave two different courses")
	}
	if reflect.DeepEqual(a.Polygons, c.Polygons) {
		t.Fatal("seeds 7 and 8 gave the same course")
	}
	ta := a.Targets(nil, 5, 100, 600)
	tb := b.Targets(nil, 5, 100, 600)
	if !reflect.DeepEqual(ta, tb) {
		t.Fatalf("targets differ: %v vs %v", ta, tb)
	}
	if got, want := a.World.NumShapes(), len(a.Polygons)+len(a.Circles); got != want {
		t.Fatalf("World holds %d shapes, want %d (one per recorded solid)", got, want)
	}
}

// TestGenerateCourseHasEveryFeature checks over 50 seeds that the courses
// hold what the issue asks for: both windings, circles (attached and
// floating), thin shapes (at most 4 px across: boards), floating platforms
// clear of the attached surface, overhangs (solid above air above solid at
// one x), gaps narrower than the leg span, and slopes steeper than 45
// degrees; and that the start stands on flat ground.
func TestGenerateCourseHasEveryFeature(t *testing.T) {
	var cw, ccw, thin, floating, floatCircles, boulders, overhangs, gaps, steep int
	const span = 64.0
	for seed := uint64(0); seed < 50; seed++ {
		c := terrain.GenerateCourse(seed, terrain.CourseOptions{LegSpan: span})
		s := c.Start
		if !courseInside(c, s.Add(mgl64.Vec2{0, 1}), true) || courseInside(c, s.Sub(mgl64.Vec2{0, 1}), false) {
			t.Fatalf("seed %d: start %v is not on the surface", seed, s)
		}
		for i, pts := range c.Polygons {
			area := 0.0
			lo, hi := pts[0], pts[0]
			for k := range pts {
				a, b := pts[k], pts[(k+1)%len(pts)]
				area += a[0]*b[1] - a[1]*b[0]
				lo = mgl64.Vec2{math.Min(lo[0], a[0]), math.Min(lo[1], a[1])}
				hi = mgl64.Vec2{math.Max(hi[0], a[0]), math.Max(hi[1], a[1])}
			}
			if area > 0 {
				cw++
			} else {
				ccw++
			}
			if math.Min(hi[0]-lo[0], hi[1]-lo[1]) <= 4 {
				thin++
			}
			if !c.Attached[i] {
				floating++
				// Clear of every attached solid by at least 90 px below.
				for x := lo[0]; x <= hi[0]; x += 2 {
					for dy := 0.0; dy < 90; dy += 2 {
						if courseInside(c, mgl64.Vec2{x, hi[1] + dy}, true) {
							t.Fatalf("seed %d: floating polygon %d is %.0f px above an attached solid at x %.0f", seed, i, dy, x)
						}
					}
				}
			}
		}
		for i := range c.Circles {
			if c.AttachedCircles[i] {
				boulders++
			} else {
				floatCircles++
			}
		}
		// Scan columns from the top: an attached overhang is solid, then
		// air, then solid again; a gap is a run of columns with no solid.
		run := 0.0
		prevTop := math.NaN()
		for x := 1.0; x < 1279; x += 2 {
			state, changes, top := false, 0, math.NaN()
			col := courseColumn(c, x)
			for y := 1.0; y < 719; y += 2 {
				in := courseInside(col, mgl64.Vec2{x, y}, true)
				if in != state {
					changes++
					state = in
					if in && math.IsNaN(top) {
						top = y
					}
				}
			}
			if changes >= 3 {
				overhangs++
			}
			if changes == 0 {
				run += 2
			} else {
				if run > 0 {
					gaps++
					if run >= span {
						t.Fatalf("seed %d: gap of %.0f px before x %.0f, want < %v", seed, run, x, span)
					}
				}
				run = 0
				if d := math.Abs(top - prevTop); d > 2 && d < 6 { // steeper than 45 degrees, not a riser
					steep++
				}
				prevTop = top
			}
		}
	}
	t.Logf("50 courses: %d cw and %d ccw polygons, %d thin, %d floating platforms, %d floating circles, %d boulders, %d overhang columns, %d gaps, %d steep columns",
		cw, ccw, thin, floating, floatCircles, boulders, overhangs, gaps, steep)
	for name, n := range map[string]int{"cw": cw, "ccw": ccw, "thin": thin, "floating": floating, "floating circles": floatCircles,
		"boulders": boulders, "overhang columns": overhangs, "gaps": gaps, "steep columns": steep} {
		if n == 0 {
			t.Errorf("no %s in 50 courses", name)
		}
	}
}

// TestCourseTargetsOnReachableSurface checks that every target lies on the
// attached surface (solid 1 px inside along -normal, free 1 px outside along
// +normal, by the test's own geometry), within the asked distances of the
// start, with a unit normal.
func TestCourseTargetsOnReachableSurface(t *testing.T) {
	for seed := uint64(0); seed < 50; seed++ {
		c := terrain.GenerateCourse(seed, terrain.CourseOptions{})
		ts := c.Targets(nil, 10, 150, 700)
		if len(ts) != 10 {
			t.Fatalf("seed %d: %d targets, want 10", seed, len(ts))
		}
		for _, tg := range ts {
			p, n := tg.Point, tg.Normal
			if d := p[0] - c.Start[0]; d < 150 || d > 700 {
				t.Errorf("seed %d: target %v is %.0f px from the start along x, want [150, 700]", seed, p, d)
			}
			if math.Abs(n.Len()-1) > 1e-9 {
				t.Errorf("seed %d: target normal %v is not unit", seed, n)
			}
			if !courseInside(c, p.Sub(n), true) || courseInside(c, p.Add(n), false) {
				t.Errorf("seed %d: target %v (normal %v) is not on the attached surface", seed, p, n)
			}
		}
	}
}
