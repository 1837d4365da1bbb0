package terrain

// Seeded courses for bipeds. A course is walked left to right in sections;
// each section draws its feature from a PCG stream (math/rand/v2) seeded with
// the caller's seed, so the same seed and options always give the same
// course, bit for bit. The ground is a polyline (AddGround, solid down to the
// bottom of the space); boards are boxes and boulders are circles on top of
// it. Every feature is sized against the walker, so a biped that steps up to
// MaxStep and has a sole FootLength long can cross all of it:
//
//   - rough: a height field every 6 px with a random walk of up to 3 px per
//     sample, pulled back to the section's base height, no face steeper
//     than MaxSlope;
//   - slope: a straight run at an angle drawn in [15 degrees, MaxSlope], up
//     or down, then flat (its ends are a convex and a concave edge);
//   - steps: 2 to 5 risers of 4 px to MaxStep, all up or all down, treads of
//     24 to 56 px;
//   - spikes: triangular teeth 8 to 20 px wide and 2 to MaxStep/3 px high,
//     faces at most 60 degrees, with flat gaps of 0 to 24 px between them;
//   - circles: boulders of radius 16 to 64 px sunk into flat ground so that
//     they stand out by at most r(1-cos MaxSlope) and MaxStep: the slope
//     where a boulder meets the ground stays within MaxSlope;
//   - boards: a thin board (4 to 6 px thick, resting on both rims) across a
//     pit 40 to 96 px wide;
//   - slots: 1 to 3 gaps 4 px to FootLength-4 px wide, narrower than a foot;
//   - drops: one riser down of more than MaxStep and at most MaxDrop.
//
// Heights stay within [0.3*Height, Height-64]; a feature that would leave
// that band goes the other way (or, for a drop, becomes flat). The first and
// last 160 px are flat, so a character can spawn at Start and stop at Goal.

import (
	"math"
	"math/rand/v2"

	"github.com/go-gl/mathgl/mgl64"
)

// CourseFeature is one kind of section of a biped course; the values are bits
// that may be or-ed into BipedCourseOptions.Features.
type CourseFeature uint16

// The features of a biped course (see GenerateBipedCourse).
const (
	// FeatureRough is ground with a random height every 6 px.
	FeatureRough CourseFeature = 1 << iota
	// FeatureSlope is a straight slope up to MaxSlope.
	FeatureSlope
	// FeatureSteps is a flight of steps up to MaxStep high.
	FeatureSteps
	// FeatureSpikes is a row of small triangular teeth.
	FeatureSpikes
	// FeatureCircles is a boulder (a circle) sunk into the ground.
	FeatureCircles
	// FeatureBoards is a thin board across a pit.
	FeatureBoards
	// FeatureSlots is one to three gaps narrower than a foot.
	FeatureSlots
	// FeatureDrops is one step down deeper than MaxStep.
	FeatureDrops

	// FeatureFlat is flat ground; it is always allowed.
	FeatureFlat CourseFeature = 0
	// AllCourseFeatures is every feature.
	AllCourseFeatures = FeatureRough | FeatureSlope | FeatureSteps | FeatureSpikes |
		FeatureCircles | FeatureBoards | FeatureSlots | FeatureDrops
)

// courseFeatureNames are the names String gives, in bit order.
var courseFeatureNames = [...]string{"rough", "slope", "steps", "spikes", "circles", "boards", "slots", "drops"}

// String returns the feature's name ("flat" for FeatureFlat), or the names
// of its bits joined by "|".
func (f CourseFeature) String() string {
	if f == FeatureFlat {
		return "flat"
	}
	s := ""
	for i, n := range courseFeatureNames {
		if f&(1<<i) != 0 {
			if s != "" {
				s += "|"
			}
			s += n
		}
	}
	if f>>len(courseFeatureNames) != 0 {
		if s != "" {
			s += "|"
		}
		s += "?"
	}
	return s
}

// BipedCourseOptions configures GenerateBipedCourse. Every zero (or invalid)
// field takes its documented default.
type BipedCourseOptions struct {
	// Width and Height of the space in pixels. Default 1280 x 480; Width at
	// least 480.
	Width, Height float64
	// MaxSlope is the steepest slope in radians. Default (and at most) 45
	// degrees.
	MaxSlope float64
	// MaxStep is the highest riser of steps, px. Default 30 (half the biped
	// template's leg, thigh plus shin; drops go deeper).
	MaxStep float64
	// MaxDrop is the deepest drop, px. Default 2*MaxStep.
	MaxDrop float64
	// FootLength is the walker's sole length, px: slots are narrower.
	// Default 18 (the biped template's heel 4 plus toe 14); at least 10.
	FootLength float64
	// Features are the kinds of sections drawn (flat is always one of them).
	// Default (0) AllCourseFeatures.
	Features CourseFeature
}

func (o BipedCourseOptions) withDefaults() BipedCourseOptions {
	ok := func(v, lo, hi float64) bool { return v >= lo && v <= hi }
	if !ok(o.Width, 480, MaxSpaceSize) {
		o.Width = 1280
	}
	if !ok(o.Height, 240, MaxSpaceSize) {
		o.Height = 480
	}
	if !ok(o.MaxSlope, 1e-3, math.Pi/4) {
		o.MaxSlope = math.Pi / 4
	}
	if !ok(o.MaxStep, 4, o.Height/8) {
		o.MaxStep = 30
	}
	if !ok(o.MaxDrop, o.MaxStep+1, o.Height/4) {
		o.MaxDrop = 2 * o.MaxStep
	}
	if !ok(o.FootLength, 10, 200) {
		o.FootLength = 18
	}
	if o.Features == 0 {
		o.Features = AllCourseFeatures
	}
	o.Features &= AllCourseFeatures
	return o
}

// CourseSection is one section of a biped course: its feature and its span
// along x.
type CourseSection struct {
	Feature CourseFeature
	X0, X1  float64
}

// BipedCourse is a generated course: the World to walk and the same solids
// as plain geometry, so a test can measure against them without the World's
// queries.
type BipedCourse struct {
	// World holds the course's shapes.
	World *World
	// Start and Goal are points on the ground surface near the left and right
	// ends (on flat ground), where a walker starts and stops.
	Start, Goal mgl64.Vec2
	// Polygons are the solids as simple polygons (ground pieces are concave
	// in general: the ground polyline closed along the bottom of the space;
	// boards are boxes). Their union is exactly the World's solids but for
	// Circles.
	Polygons [][]mgl64.Vec2
	// Circles are the boulders.
	Circles []CourseCircle
	// Sections lists the sections from left to right.
	Sections []CourseSection
	// Options are the options used, with defaults filled in.
	Options BipedCourseOptions
}

// courseBuilder is the state of GenerateBipedCourse.
type courseBuilder struct {
	o        BipedCourseOptions
	rng      *rand.Rand
	w        *World
	c        *BipedCourse
	pts      []mgl64.Vec2 // the ground polyline in progress
	x, y     float64      // the end of the polyline (or where it resumes)
	lo, hi   float64      // the height band
	maxRise6 float64      // the largest rise over 6 px
}

// GenerateBipedCourse builds a course for bipeds from seed: rough ground,
// slopes up to MaxSlope, steps up to MaxStep, spikes, boulders, thin boards,
// slots narrower than a foot and drops (see the derivation at the top of
// course_biped.go). The same seed and options give an identical course.
// Invalid option values are replaced by their defaults.
func GenerateBipedCourse(seed uint64, opts BipedCourseOptions) *BipedCourse {
	o := opts.withDefaults()
	w, err := New(o.Width, o.Height)
	if err != nil {
		panic("terrain: GenerateBipedCourse: " + err.Error()) // withDefaults keeps the size valid
	}
	b := &courseBuilder{
		o:        o,
		rng:      rand.New(rand.NewPCG(seed, 0xc0ffee1234567891)),
		w:        w,
		c:        &BipedCourse{World: w, Options: o},
		lo:       0.3 * o.Height,
		hi:       o.Height - 64,
		maxRise6: 6 * math.Tan(o.MaxSlope),
	}
	b.y = math.Round(0.6 * o.Height)
	b.x = 0
	b.pts = append(b.pts, mgl64.Vec2{0, b.y})
	b.flat(160)
	b.c.Sections = append(b.c.Sections, CourseSection{Feature: FeatureFlat, X0: 0, X1: b.x})
	b.c.Start = mgl64.Vec2{40, b.y}
	var kinds []CourseFeature
	for i := range courseFeatureNames {
		if f := CourseFeature(1 << i); o.Features&f != 0 {
			kinds = append(kinds, f)
		}
	}
	end := o.Width - 160
	for b.x < end-200 {
		x0 := b.x
		f := FeatureFlat
		if k := b.rng.IntN(len(kinds) + 1); k < len(kinds) {
			f = kinds[k]
		}
		room := end - b.x
		switch f {
		case FeatureFlat:
			b.flat(min(room, 40+b.rng.Float64()*80))
		case FeatureRough:
			b.rough(min(room, 96+b.rng.Float64()*160))
		case FeatureSlope:
			b.slope(room)
		case FeatureSteps:
			b.steps(room)
		case FeatureSpikes:
			b.spikes(min(room, 80+b.rng.Float64()*120))
		case FeatureCircles:
			b.circle()
		case FeatureBoards:
			b.board()
		case FeatureSlots:
			b.slots()
		case FeatureDrops:
			f = b.drop()
		}
		b.flat(24) // every feature ends on a short flat
		b.c.Sections = append(b.c.Sections, CourseSection{Feature: f, X0: x0, X1: b.x})
	}
	x0 := b.x
	b.flat(o.Width - b.x)
	b.c.Sections = append(b.c.Sections, CourseSection{Feature: FeatureFlat, X0: x0, X1: b.x})
	b.c.Goal = mgl64.Vec2{o.Width - 40, b.y}
	b.flush()
	return b.c
}

// add appends a point to the ground polyline (dropping repeats) and moves
// the pen there.
func (b *courseBuilder) add(x, y float64) {
	if n := len(b.pts); n > 0 && b.pts[n-1] == (mgl64.Vec2{x, y}) {
		return
	}
	b.pts = append(b.pts, mgl64.Vec2{x, y})
	b.x, b.y = x, y
}

// flush adds the ground polyline in progress to the world and to Polygons.
func (b *courseBuilder) flush() {
	if len(b.pts) >= 2 {
		if _, err := b.w.AddGround(b.pts, b.o.Height, TagGround); err != nil {
			panic("terrain: GenerateBipedCourse: " + err.Error())
		}
		poly := append([]mgl64.Vec2(nil), b.pts...)
		first, last := b.pts[0], b.pts[len(b.pts)-1]
		poly = append(poly, mgl64.Vec2{last[0], b.o.Height}, mgl64.Vec2{first[0], b.o.Height})
		b.c.Polygons = append(b.c.Polygons, poly)
	}
	b.pts = b.pts[:0]
}

// gap ends the ground polyline and resumes it width px further at the same
// height.
func (b *courseBuilder) gap(width float64) {
	b.flush()
	b.x += width
	b.pts = append(b.pts, mgl64.Vec2{b.x, b.y})
}

// clampY keeps a height inside the band.
func (b *courseBuilder) clampY(y float64) float64 { return min(max(y, b.lo), b.hi) }

// span draws a uniform number in [lo, hi).
func (b *courseBuilder) span(lo, hi float64) float64 { return lo + b.rng.Float64()*(hi-lo) }

// sign draws -1 or +1.
func (b *courseBuilder) sign() float64 {
	if b.rng.IntN(2) == 0 {
		return -1
	}
	return 1
}

// fits reports whether the height y+dy stays inside the band.
func (b *courseBuilder) fits(dy float64) bool { return b.y+dy >= b.lo && b.y+dy <= b.hi }

func (b *courseBuilder) flat(width float64) {
	if width > 0 {
		b.add(b.x+width, b.y)
	}
}

func (b *courseBuilder) rough(width float64) {
	base, amp := b.y, b.span(1, 3)
	n := int(width / 6)
	y := b.y
	for i := 1; i <= n; i++ {
		dy := (b.rng.Float64()*2-1)*amp + 0.2*(base-y)
		dy = min(max(dy, -b.maxRise6), b.maxRise6)
		y = b.clampY(y + dy)
		if i == n {
			y = base // end where it started, so the next feature starts level
			if math.Abs(y-b.y) > b.maxRise6 {
				y = b.y + math.Copysign(b.maxRise6, base-b.y)
			}
		}
		b.add(b.x+6, y)
	}
}

func (b *courseBuilder) slope(room float64) {
	ang := b.span(15*math.Pi/180, b.o.MaxSlope)
	length := min(room*0.6, b.span(60, 200))
	rise := length * math.Tan(ang) // up on screen when dir > 0
	dir := b.sign()
	if !b.fits(-dir * rise) {
		dir = -dir
	}
	if !b.fits(-dir * rise) {
		b.flat(length)
		return
	}
	b.add(b.x+length, b.y-dir*rise)
	b.flat(b.span(24, 64))
}

func (b *courseBuilder) steps(room float64) {
	n := 2 + b.rng.IntN(4)
	dir := b.sign()
	for i := 0; i < n && room > 120; i++ {
		rise := b.span(4, b.o.MaxStep)
		if !b.fits(-dir * rise) {
			dir = -dir
		}
		if !b.fits(-dir * rise) {
			break
		}
		b.add(b.x, b.y-dir*rise)
		tread := b.span(24, 56)
		b.flat(tread)
		room -= tread
	}
}

func (b *courseBuilder) spikes(width float64) {
	end := b.x + width
	for b.x+20 < end {
		bw := b.span(8, 20)
		h := b.span(2, b.o.MaxStep/3)
		h = min(h, bw/2*math.Tan(60*math.Pi/180))
		x, base := b.x, b.y
		b.add(x+bw/2, base-h)
		b.add(x+bw, base)
		b.flat(b.span(0, 24))
	}
}

func (b *courseBuilder) circle() {
	r := b.span(16, 64)
	h := b.span(0.3, 1) * min(r*(1-math.Cos(b.o.MaxSlope)), b.o.MaxStep)
	b.flat(24)
	cx := b.x + r
	b.c.Circles = append(b.c.Circles, CourseCircle{Center: mgl64.Vec2{cx, b.y + r - h}, Radius: r})
	if _, err := b.w.AddCircle(cx, b.y+r-h, r, TagGround); err != nil {
		panic("terrain: GenerateBipedCourse: " + err.Error())
	}
	b.flat(2 * r)
}

func (b *courseBuilder) board() {
	b.flat(16)
	pit := b.span(40, 96)
	t := b.span(4, 6)
	x0 := b.x - 12
	b.gap(pit)
	b.flat(16)
	w := pit + 24
	pts := []mgl64.Vec2{{x0, b.y - t}, {x0 + w, b.y - t}, {x0 + w, b.y}, {x0, b.y}}
	if _, err := b.w.AddBox(x0, b.y-t, w, t, TagGround); err != nil {
		panic("terrain: GenerateBipedCourse: " + err.Error())
	}
	b.c.Polygons = append(b.c.Polygons, pts)
}

func (b *courseBuilder) slots() {
	n := 1 + b.rng.IntN(3)
	for range n {
		b.flat(b.span(8, 40))
		b.gap(b.span(4, b.o.FootLength-4))
	}
	b.flat(8)
}

func (b *courseBuilder) drop() CourseFeature {
	d := b.span(b.o.MaxStep+1, b.o.MaxDrop)
	if !b.fits(d) {
		b.flat(40)
		return FeatureFlat
	}
	b.flat(16)
	b.add(b.x, b.y+d)
	b.flat(40)
	return FeatureDrops
}
