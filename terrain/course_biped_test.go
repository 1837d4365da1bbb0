package terrain

import (
	"math"
	"reflect"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// courseTop returns the highest solid surface at x of the course's own
// geometry (polygon edges crossing the vertical line, circle tops), and
// whether any solid is under x. It uses no World query.
func courseTop(c *BipedCourse, x float64) (float64, bool) {
	top, ok := math.Inf(1), false
	for _, p := range c.Polygons {
		for i := range p {
			a, b := p[i], p[(i+1)%len(p)]
			if a[0] == b[0] || x < math.Min(a[0], b[0]) || x > math.Max(a[0], b[0]) {
				continue
			}
			y := a[1] + (x-a[0])/(b[0]-a[0])*(b[1]-a[1])
			top, ok = math.Min(top, y), true
		}
	}
	for _, ci := range c.Circles {
		if d := math.Abs(x - ci.Center[0]); d < ci.Radius {
			top, ok = math.Min(top, ci.Center[1]-math.Sqrt(ci.Radius*ci.Radius-d*d)), true
		}
	}
	return top, ok
}

func TestBipedCourseDeterministic(t *testing.T) {
	for _, seed := range []uint64{0, 1, 77} {
		a := GenerateBipedCourse(seed, BipedCourseOptions{})
		b := GenerateBipedCourse(seed, BipedCourseOptions{})
		if !reflect.DeepEqual(a.Polygons, b.Polygons) || !reflect.DeepEqual(a.Circles, b.Circles) ||
			!reflect.DeepEqual(a.Sections, b.Sections) || a.Start != b.Start || a.Goal != b.Goal {
			t.Errorf("seed %d: two courses differ", seed)
		}
		if a.World.NumShapes() != b.World.NumShapes() {
			t.Errorf("seed %d: NumShapes %d and %d", seed, a.World.NumShapes(), b.World.NumShapes())
		}
	}
	if reflect.DeepEqual(GenerateBipedCourse(1, BipedCourseOptions{}).Polygons, GenerateBipedCourse(2, BipedCourseOptions{}).Polygons) {
		t.Error("seeds 1 and 2 give the same course")
	}
}

// TestBipedCourseBounds checks every generated feature against its stated
// bounds, with the course's own polygons (hand geometry), over 200 seeds.
func TestBipedCourseBounds(t *testing.T) {
	var seen CourseFeature
	o := BipedCourseOptions{}.withDefaults()
	tanMax := math.Tan(o.MaxSlope) + 1e-9
	for seed := range uint64(200) {
		c := GenerateBipedCourse(seed, BipedCourseOptions{})
		if c.Options != o {
			t.Fatalf("seed %d: Options %+v, want %+v", seed, c.Options, o)
		}
		featureAt := func(x float64) CourseFeature {
			for _, s := range c.Sections {
				if x >= s.X0 && x < s.X1 {
					return s.Feature
				}
			}
			return FeatureFlat
		}
		quads := 0
		for i, s := range c.Sections {
			seen |= s.Feature
			if s.X1 <= s.X0 || (i > 0 && s.X0 != c.Sections[i-1].X1) {
				t.Fatalf("seed %d: section %d %v spans [%v, %v) after [%v, %v)", seed, i, s.Feature, s.X0, s.X1, c.Sections[max(i-1, 0)].X0, c.Sections[max(i-1, 0)].X1)
			}
		}
		if last := c.Sections[len(c.Sections)-1]; c.Sections[0].X0 != 0 || last.X1 != o.Width {
			t.Errorf("seed %d: sections cover [%v, %v), want [0, %v)", seed, c.Sections[0].X0, last.X1, o.Width)
		}
		for pi, p := range c.Polygons {
			board := len(p) == 4 && p[0][1] == p[1][1] && p[2][1]-p[0][1] < 8
			if board {
				quads++
				continue
			}
			// A ground piece: the polyline is p[:len(p)-2].
			line := p[:len(p)-2]
			for i := 1; i < len(line); i++ {
				a, b := line[i-1], line[i]
				f := featureAt(a[0])
				dx, dy := b[0]-a[0], b[1]-a[1]
				switch {
				case dx < 0:
					t.Fatalf("seed %d: polygon %d goes back in x at %v", seed, pi, a)
				case dx == 0 && f == FeatureDrops:
					if dy <= o.MaxStep || dy > o.MaxDrop {
						t.Errorf("seed %d: drop of %v px at x %v, want in (%v, %v]", seed, dy, a[0], o.MaxStep, o.MaxDrop)
					}
				case dx == 0:
					if math.Abs(dy) > o.MaxStep || f != FeatureSteps {
						t.Errorf("seed %d: %v riser of %v px at x %v, want steps of at most %v", seed, f, dy, a[0], o.MaxStep)
					}
				case f == FeatureSpikes:
					if math.Abs(dy/dx) > math.Tan(60*math.Pi/180)+1e-9 || -dy > o.MaxStep/3 {
						t.Errorf("seed %d: spike face %v over %v px at x %v", seed, dy, dx, a[0])
					}
				default:
					if math.Abs(dy/dx) > tanMax {
						t.Errorf("seed %d: %v face of %.2f degrees at x %v, want at most 45", seed, f, math.Atan(math.Abs(dy/dx))*180/math.Pi, a[0])
					}
				}
				if dx > 0 {
					quads++
				}
				if a[1] < 0.3*o.Height || a[1] > o.Height-64 {
					t.Errorf("seed %d: height %v at x %v outside the band", seed, a[1], a[0])
				}
			}
		}
		// Slots are narrower than a foot; pits under boards are covered.
		for i := 1; i < len(c.Polygons); i++ {
			prev, cur := c.Polygons[i-1], c.Polygons[i]
			if len(cur) == 4 && cur[0][1] == cur[1][1] {
				continue
			}
			j := i - 1
			for j >= 0 && len(c.Polygons[j]) == 4 && c.Polygons[j][0][1] == c.Polygons[j][1][1] && c.Polygons[j][2][1]-c.Polygons[j][0][1] < 8 {
				j--
			}
			if j < 0 {
				continue
			}
			prev = c.Polygons[j]
			gap := cur[0][0] - prev[len(prev)-3][0]
			if f := featureAt(cur[0][0] - gap/2); f == FeatureSlots && !(gap >= 4 && gap < o.FootLength-4) {
				t.Errorf("seed %d: slot %v px wide at x %v, want narrower than %v", seed, gap, cur[0][0], o.FootLength-4)
			}
			if f := featureAt(cur[0][0] - gap/2); f == FeatureBoards {
				if top, ok := courseTop(c, cur[0][0]-gap/2); !ok || top > cur[0][1]-3.9 {
					t.Errorf("seed %d: board pit at x %v has top %v ok %v, want a board above %v", seed, cur[0][0]-gap/2, top, ok, cur[0][1])
				}
			}
		}
		for _, ci := range c.Circles {
			quads++
			top := ci.Center[1] - ci.Radius
			ground, _ := courseTop(&BipedCourse{Polygons: c.Polygons}, ci.Center[0])
			if h := ground - top; h <= 0 || h > o.MaxStep || h > ci.Radius*(1-math.Cos(o.MaxSlope))+1e-9 {
				t.Errorf("seed %d: boulder r %v stands %v px out", seed, ci.Radius, h)
			}
		}
		if n := c.World.NumShapes(); n != quads {
			t.Errorf("seed %d: World has %d shapes, the course's geometry %d", seed, n, quads)
		}
		// The World agrees with the course's own geometry.
		for x := 0.5; x < o.Width; x += 7 {
			want, ok := courseTop(c, x)
			h := c.World.SurfaceBelow(x, 0, o.Height-1)
			if ok != h.OK || (ok && math.Abs(h.Point[1]-want) > 1e-6) {
				t.Fatalf("seed %d: at x %v the World's surface is %v (ok %v), the course's %v (ok %v)", seed, x, h.Point[1], h.OK, want, ok)
			}
		}
		for _, p := range []mgl64.Vec2{c.Start, c.Goal} {
			if top, ok := courseTop(c, p[0]); !ok || top != p[1] {
				t.Errorf("seed %d: start or goal %v not on the ground (%v)", seed, p, top)
			}
		}
	}
	if seen|FeatureFlat != AllCourseFeatures {
		t.Errorf("200 seeds drew features %v, want %v", seen, AllCourseFeatures)
	}
}

func TestBipedCourseFeaturesOption(t *testing.T) {
	for _, f := range []CourseFeature{FeatureSlope, FeatureSteps | FeatureDrops, FeatureCircles} {
		for seed := range uint64(20) {
			c := GenerateBipedCourse(seed, BipedCourseOptions{Features: f})
			for _, s := range c.Sections {
				if s.Feature&^f != 0 {
					t.Errorf("Features %v, seed %d: section %v", f, seed, s.Feature)
				}
			}
		}
	}
	if got, want := (FeatureSteps | FeatureDrops).String(), "steps|drops"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	if got := FeatureFlat.String(); got != "flat" {
		t.Errorf("FeatureFlat.String() = %q, want flat", got)
	}
}
