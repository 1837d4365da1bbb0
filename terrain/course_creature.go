package terrain

// Seeded creature courses. A course is a main ground line walked left to
// right in sections; each section draws one feature from a PCG stream
// (math/rand/v2) seeded with the caller's seed, so the same seed and options
// always give the same course:
//
//   - rough: a height field every 8 px, each sample jittered by up to 3 px
//     around a slow drift of up to 20 degrees;
//   - slope: one straight run at an angle drawn in [-60, 60] degrees;
//   - steps: treads of 20-48 px and risers of 6-24 px, all up or all down;
//   - pillars: one or two boxes 4-12 px wide and 20-70 px tall on flat ground;
//   - overhang: a block 24-48 px wide and 50-90 px tall with a ledge 8-16 px
//     thick on its top jutting 30-60 px out over the floor (a lip);
//   - cave: flat floor under a ceiling 80-110 px above it whose underside is
//     rough, held by a wall at one end;
//   - gap: the ground stops for 30-60 % of LegSpan (narrower than a leg span);
//   - boulder: a circle of radius 10-36 px sunk 10-60 % of its radius into
//     the ground;
//   - spike: a triangle 16-40 px wide and 12-30 px tall on the ground;
//   - board: an upright board 2-4 px thick and 20-50 px tall.
//
// Every polygon is passed to AddPolygon in a random winding (AddPolygon
// accepts both). Everything above touches the ground or a shape that does,
// so its surface is connected to the start: those shapes are "attached".
// Then Floating platforms (boxes 60-130 px wide, 3-20 px thick: the thin
// ones are boards) and floating circles are placed at 100-170 px above the
// highest attached surface under them, touching nothing.
//
// The ground's height stays in [0.45*Height, Height-40]; the first 160 px
// are flat ground at BaseY, where Start stands.

import (
	"math"
	"math/rand/v2"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/solarlune/resolv"
)

// CourseOptions configures GenerateCourse. Every zero field takes its
// documented default.
type CourseOptions struct {
	// Width and Height of the space in pixels. Default 1280 x 720.
	Width, Height float64
	// CellSize of the broadphase grid in pixels. Default 32.
	CellSize int
	// BaseY is the starting ground height (surface y). Default 0.75*Height.
	BaseY float64
	// LegSpan is the leg span of the creatures the course is for, px: gaps
	// are 30-60 % of it. Default 64.
	LegSpan float64
	// Floating is the number of floating platforms and circles. Default 6;
	// negative means none.
	Floating int
}

func (o CourseOptions) withDefaults() CourseOptions {
	ok := func(v float64) bool { return v >= 320 && v <= 8192 }
	if !ok(o.Width) {
		o.Width = 1280
	}
	if !ok(o.Height) {
		o.Height = 720
	}
	if o.CellSize < 8 || o.CellSize > 256 {
		o.CellSize = 32
	}
	if nx, ny := math.Ceil(o.Width/float64(o.CellSize)), math.Ceil(o.Height/float64(o.CellSize)); nx*ny > MaxCells {
		o.CellSize = 64
	}
	if !(o.BaseY >= 0.45*o.Height && o.BaseY <= o.Height-40) {
		o.BaseY = 0.75 * o.Height
	}
	if !(o.LegSpan >= 8 && o.LegSpan <= 512) {
		o.LegSpan = 64
	}
	switch {
	case o.Floating == 0:
		o.Floating = 6
	case o.Floating < 0:
		o.Floating = 0
	}
	o.Floating = min(o.Floating, 1000)
	return o
}

// CourseCircle is a solid circle of a Course.
type CourseCircle struct {
	Center mgl64.Vec2 // centre, px
	Radius float64    // radius, px
}

// Course is a generated creature course: the World and, apart from it, the
// plain geometry of every solid (for measuring against shapes of the test's
// own rather than with the raycast under test).
type Course struct {
	// World holds every solid.
	World *World
	// Start is a point on the ground surface (normal (0,-1)) on flat ground,
	// where a creature may be placed.
	Start mgl64.Vec2
	// Polygons are the convex polygons, in the winding they were added in.
	Polygons [][]mgl64.Vec2
	// Circles are the circles.
	Circles []CourseCircle
	// Attached[i] tells whether Polygons[i] is connected to the start's
	// ground (it touches the ground or a shape that does); AttachedCircles
	// likewise for Circles. Floating shapes are not attached.
	Attached, AttachedCircles []bool

	width float64
	rng   *rand.Rand
}

// GenerateCourse builds a creature course from seed (see the feature list at
// the top of course_creature.go). The same seed and options give an
// identical course. Invalid option values are replaced by their defaults.
func GenerateCourse(seed uint64, opts CourseOptions) *Course {
	o := opts.withDefaults()
	rng := rand.New(rand.NewPCG(seed, 0x6a09e667f3bcc909))
	w, err := New(o.Width, o.Height, WithCellSize(o.CellSize))
	if err != nil {
		// withDefaults keeps the size valid; this is unreachable.
		panic(err)
	}
	c := &Course{World: w, width: o.Width, rng: rand.New(rand.NewPCG(seed, 0xbb67ae8584caa73b))}
	g := courseGen{c: c, rng: rng, o: o, bottom: o.Height}
	g.build()
	return c
}

// courseGen is the state of one GenerateCourse.
type courseGen struct {
	c      *Course
	rng    *rand.Rand
	o      CourseOptions
	bottom float64
	x, y   float64
}

// uniform returns a number drawn uniformly in [lo, hi).
func (g *courseGen) uniform(lo, hi float64) float64 { return lo + (hi-lo)*g.rng.Float64() }

// clampY keeps a ground height on the course.
func (g *courseGen) clampY(y float64) float64 {
	return min(max(y, 0.45*g.o.Height), g.o.Height-40)
}

// poly adds a convex polygon in a random winding and records it.
func (g *courseGen) poly(pts []mgl64.Vec2, attached bool, tags resolv.Tags) {
	p := append([]mgl64.Vec2(nil), pts...)
	if g.rng.IntN(2) == 0 {
		for i, j := 0, len(p)-1; i < j; i, j = i+1, j-1 {
			p[i], p[j] = p[j], p[i]
		}
	}
	if _, err := g.c.World.AddPolygon(p, tags); err != nil {
		return // degenerate (never produced by build); nothing added
	}
	g.c.Polygons = append(g.c.Polygons, p)
	g.c.Attached = append(g.c.Attached, attached)
}

// box adds an axis-aligned box with its top-left corner at (x, y).
func (g *courseGen) box(x, y, w, h float64, attached bool, tags resolv.Tags) {
	g.poly([]mgl64.Vec2{{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}}, attached, tags)
}

// circle adds a circle and records it.
func (g *courseGen) circle(ctr mgl64.Vec2, r float64, attached bool, tags resolv.Tags) {
	if _, err := g.c.World.AddCircle(ctr[0], ctr[1], r, tags); err != nil {
		return
	}
	g.c.Circles = append(g.c.Circles, CourseCircle{ctr, r})
	g.c.AttachedCircles = append(g.c.AttachedCircles, attached)
}

// groundTo adds the ground column under the segment from (x, y) to (nx, ny)
// and moves there. A vertical move (nx == x) adds nothing: the neighbouring
// columns make the riser.
func (g *courseGen) groundTo(nx, ny float64) {
	if nx > g.x {
		g.poly([]mgl64.Vec2{{g.x, g.y}, {nx, ny}, {nx, g.bottom}, {g.x, g.bottom}}, true, TagGround)
	}
	g.x, g.y = nx, ny
}

// build lays out the sections and then the floating shapes.
func (g *courseGen) build() {
	o := g.o
	g.x, g.y = 0, g.clampY(o.BaseY)
	g.groundTo(160, g.y)
	g.c.Start = mgl64.Vec2{80, g.y}
	for g.x < o.Width-1 {
		end := min(g.x+g.uniform(96, 200), o.Width)
		if o.Width-end < 96 {
			end = o.Width
		}
		g.section(g.rng.IntN(10), end)
		if g.x < end {
			g.groundTo(end, g.y)
		}
	}
	for range o.Floating {
		g.floating()
	}
}

// section adds one feature from g.x to end and leaves g at (end, y).
func (g *courseGen) section(kind int, end float64) {
	x0, y0 := g.x, g.y
	w := end - x0
	switch kind {
	case 0: // rough
		drift := math.Tan(g.uniform(-20, 20) * math.Pi / 180)
		base := y0
		for x := x0 + 8; x < end; x += 8 {
			base = g.clampY(base + 8*drift)
			g.groundTo(x, g.clampY(base+g.uniform(-3, 3)))
		}
		g.groundTo(end, g.clampY(base))
	case 1: // slope
		ang := g.uniform(-60, 60) * math.Pi / 180
		g.groundTo(end, g.clampY(y0-w*math.Tan(ang)))
	case 2: // steps
		dir := float64(1 - 2*g.rng.IntN(2))
		for {
			tread := g.uniform(20, 48)
			if g.x+tread > end {
				break
			}
			g.groundTo(g.x+tread, g.y)
			g.groundTo(g.x, g.clampY(g.y-dir*g.uniform(6, 24)))
		}
	case 3: // pillars
		g.groundTo(end, y0)
		n := 1 + g.rng.IntN(2)
		for k := range n {
			pw := g.uniform(4, 12)
			px := x0 + (float64(k)+0.5)*w/float64(n) - pw/2
			ph := g.uniform(20, 70)
			g.box(px, y0-ph, pw, ph+1, true, TagWall)
		}
	case 4: // overhang
		g.groundTo(end, y0)
		bw, bh := g.uniform(24, 48), g.uniform(50, 90)
		lw, lt := g.uniform(30, min(60, w-bw-16)), g.uniform(8, 16)
		bx, lx := x0+8, x0+8 // block at the left, ledge jutting right
		if g.rng.IntN(2) == 0 {
			bx = end - 8 - bw // block at the right, ledge jutting left
			lx = bx - lw
		}
		g.box(bx, y0-bh, bw, bh+1, true, TagWall)
		g.box(lx, y0-bh-lt, bw+lw, lt+1, true, TagCeiling)
	case 5: // cave
		g.groundTo(end, y0)
		top := y0 - g.uniform(80, 110)
		wall := g.uniform(12, 24)
		left := g.rng.IntN(2) == 0
		wx := x0
		if !left {
			wx = end - wall
		}
		g.box(wx, top-20, wall, y0-top+21, true, TagWall)
		// Ceiling: columns of 16 px from top-20 down to a rough underside.
		prev := top + g.uniform(-6, 6)
		for x := x0; x < end-1; {
			nx := min(x+16, end)
			ny := top + g.uniform(-6, 6)
			g.poly([]mgl64.Vec2{{x, top - 20}, {nx, top - 20}, {nx, ny}, {x, prev}}, true, TagCeiling)
			x, prev = nx, ny
		}
	case 6: // gap narrower than a leg span
		gw := g.uniform(0.3, 0.6) * g.o.LegSpan
		if w < gw+32 {
			g.groundTo(end, y0)
			return
		}
		g.groundTo(x0+(w-gw)/2, y0)
		g.x = x0 + (w+gw)/2 // skip the gap
		g.groundTo(end, y0)
	case 7: // boulder
		g.groundTo(end, y0)
		r := g.uniform(10, min(36, w/3))
		g.circle(mgl64.Vec2{x0 + w/2, y0 + r*g.uniform(0.1, 0.6)}, r, true, TagGround)
	case 8: // spike
		g.groundTo(end, y0)
		sw, sh := g.uniform(16, 40), g.uniform(12, 30)
		cx := x0 + w/2 + g.uniform(-20, 20)
		g.poly([]mgl64.Vec2{{cx - sw/2, y0 + 1}, {cx + g.uniform(-0.3, 0.3)*sw, y0 - sh}, {cx + sw/2, y0 + 1}}, true, TagGround)
	case 9: // upright board
		g.groundTo(end, y0)
		bw, bh := g.uniform(2, 4), g.uniform(20, 50)
		g.box(x0+w/2-bw/2, y0-bh, bw, bh+1, true, TagWall)
	}
}

// floating adds one platform or circle 100-170 px above the attached
// surface under it, or nothing when it would leave the world.
func (g *courseGen) floating() {
	circle := g.rng.IntN(3) == 0
	var w, h float64
	if circle {
		w = 2 * g.uniform(10, 30)
		h = w
	} else {
		w, h = g.uniform(60, 130), g.uniform(3, 20)
	}
	x := g.uniform(200, g.o.Width-w-8)
	clear := g.uniform(100, 170)
	top := math.Inf(1)
	for k := 0.0; k <= w; k += 4 {
		if p, _, ok := g.c.surfaceAt(x+k, true); ok {
			top = math.Min(top, p[1])
		}
	}
	if p, _, ok := g.c.surfaceAt(x+w, true); ok {
		top = math.Min(top, p[1])
	}
	y := top - clear - h
	if math.IsInf(top, 0) || y < 8 {
		return
	}
	if circle {
		g.circle(mgl64.Vec2{x + w/2, y + w/2}, w/2, false, TagPlatform)
		return
	}
	g.box(x, y, w, h, false, TagPlatform)
}

// surfaceAt returns the topmost point at x of the course's solids (only the
// attached ones when attachedOnly) and the outward normal there, computed
// from the course's own geometry; ok is false where no solid lies under x.
func (c *Course) surfaceAt(x float64, attachedOnly bool) (p, n mgl64.Vec2, ok bool) {
	best := math.Inf(1)
	for i, pts := range c.Polygons {
		if attachedOnly && !c.Attached[i] {
			continue
		}
		for k := range pts {
			a, b := pts[k], pts[(k+1)%len(pts)]
			if a[0] == b[0] || x < min(a[0], b[0]) || x > max(a[0], b[0]) {
				continue
			}
			y := a[1] + (b[1]-a[1])*(x-a[0])/(b[0]-a[0])
			if y < best {
				best = y
				e := b.Sub(a).Normalize()
				n = mgl64.Vec2{e[1], -e[0]}
				if n[1] > 0 {
					n = n.Mul(-1)
				}
				p, ok = mgl64.Vec2{x, y}, true
			}
		}
	}
	for i, ci := range c.Circles {
		if attachedOnly && !c.AttachedCircles[i] {
			continue
		}
		dx := x - ci.Center[0]
		if math.Abs(dx) >= ci.Radius {
			continue
		}
		y := ci.Center[1] - math.Sqrt(ci.Radius*ci.Radius-dx*dx)
		if y < best {
			best = y
			p, ok = mgl64.Vec2{x, y}, true
			n = p.Sub(ci.Center).Normalize()
		}
	}
	return p, n, ok
}

// CourseTarget is a point on a course's surface and the outward unit normal
// there.
type CourseTarget struct {
	Point  mgl64.Vec2 // on the surface, px
	Normal mgl64.Vec2 // unit, pointing out of the solid
}

// Targets appends to dst n points on the top surface of the attached solids
// (the surface connected to Start, seen from above), each at least minDist
// and at most maxDist px from Start along x, and returns it. The points are
// drawn from the course's own seeded stream, so the same course gives the
// same targets in the same order; points closer than 12 px along x to a
// vertical step of the surface (more than 8 px between neighbours 2 px apart)
// are skipped, so every target lies on a face with one clear normal. It
// returns fewer than n points only if 1000*n draws found no such point.
func (c *Course) Targets(dst []CourseTarget, n int, minDist, maxDist float64) []CourseTarget {
	lo := math.Max(8, c.Start[0]+math.Max(minDist, 0))
	hi := math.Min(c.width-8, c.Start[0]+maxDist)
	for tries := 0; n > 0 && tries < 1000*n && hi > lo; tries++ {
		x := lo + (hi-lo)*c.rng.Float64()
		p, nrm, ok := c.surfaceAt(x, true)
		if !ok || !c.smoothAt(x, p[1]) {
			continue
		}
		dst = append(dst, CourseTarget{p, nrm})
		n--
	}
	return dst
}

// smoothAt reports whether the attached surface is continuous within 12 px
// of x (no step of more than 8 px between samples 2 px apart, no hole).
func (c *Course) smoothAt(x, y float64) bool {
	prev := y
	for _, dir := range []float64{-2, 2} {
		prev = y
		for k := 1; k <= 6; k++ {
			q, _, ok := c.surfaceAt(x+dir*float64(k), true)
			if !ok || math.Abs(q[1]-prev) > 8 {
				return false
			}
			prev = q[1]
		}
	}
	return true
}
