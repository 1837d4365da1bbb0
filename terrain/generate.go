package terrain

// Seeded terrain generator. The ground is one polyline walked left to right
// in sections of SegmentWidth pixels; each section draws its kind from a PCG
// stream (math/rand/v2) seeded with the caller's seed, so the same seed and
// options always give the same world:
//
//   - flat: one segment at the current height;
//   - hill: samples every 16 px of y0 + A*(1-cos(2*pi*i/n))/2, a smooth bump
//     or dip of amplitude A, each sample's rise clamped to 16*tan(MaxSlope)
//     so no segment is steeper than MaxSlope;
//   - slope: a straight run at an angle drawn uniformly in [-MaxSlope, MaxSlope];
//   - stairs: treads of 32 px and risers of StepHeight, all up or all down;
//   - gap: the polyline ends, GapWidth pixels are skipped, a new one starts.
//
// Heights are clamped to [0.35*Height, Height-48] so the ground stays on screen.

import (
	"math"
	"math/rand/v2"

	"github.com/go-gl/mathgl/mgl64"
)

// GenOptions configures Generate. Every zero field takes its documented default.
type GenOptions struct {
	// Width and Height of the space in pixels. Default 1280 x 720.
	Width, Height float64
	// CellSize of the broadphase grid in pixels. Default 32.
	CellSize int
	// BaseY is the starting ground height (surface y). Default 0.75*Height.
	BaseY float64
	// SegmentWidth is the width of one section. Default 160.
	SegmentWidth float64
	// MaxSlope is the steepest slope in radians. Default 40 degrees; at most 80.
	MaxSlope float64
	// StepHeight is the riser of generated stairs. Default 16.
	StepHeight float64
	// GapWidth is the width of gaps. Default 40. Negative disables gaps.
	GapWidth float64
	// Platforms is the number of floating platforms (boxes 96 x 16) placed
	// above the ground. Default 0.
	Platforms int
}

func (o GenOptions) withDefaults() GenOptions {
	ok := func(v float64) bool { return v > 0 && v <= MaxSpaceSize }
	if !ok(o.Width) {
		o.Width = 1280
	}
	if !ok(o.Height) {
		o.Height = 720
	}
	if o.CellSize <= 0 || o.CellSize > 4096 {
		o.CellSize = 32
	}
	if nx, ny := math.Ceil(o.Width/float64(o.CellSize)), math.Ceil(o.Height/float64(o.CellSize)); nx*ny > MaxCells {
		o.Width, o.Height, o.CellSize = 1280, 720, 32
	}
	if !(o.BaseY > 0 && o.BaseY < o.Height) {
		o.BaseY = 0.75 * o.Height
	}
	if !(o.SegmentWidth >= 16 && o.SegmentWidth <= o.Width) {
		o.SegmentWidth = 160
	}
	if !(o.MaxSlope > 0 && o.MaxSlope <= 80*math.Pi/180) {
		o.MaxSlope = 40 * math.Pi / 180
	}
	if !(o.StepHeight > 0 && o.StepHeight < o.Height/4) {
		o.StepHeight = 16
	}
	if o.GapWidth == 0 || math.IsNaN(o.GapWidth) || o.GapWidth > o.Width/4 {
		o.GapWidth = 40
	}
	o.Platforms = min(max(o.Platforms, 0), 10000)
	return o
}

// Generate builds a random world from seed: rolling hills, straight slopes,
// stairs, gaps and optional platforms (see the derivation at the top of
// generate.go). The same seed and options give an identical world. Invalid
// option values are replaced by their defaults.
func Generate(seed uint64, opts GenOptions) *World {
	o := opts.withDefaults()
	rng := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	w, err := New(o.Width, o.Height, WithCellSize(o.CellSize))
	if err != nil {
		// withDefaults keeps the size valid; this is unreachable.
		panic(err)
	}
	lo, hi := 0.35*o.Height, o.Height-48
	clampY := func(y float64) float64 { return min(max(y, lo), hi) }
	x, y := 0.0, clampY(o.BaseY)
	pts := []mgl64.Vec2{{x, y}}
	flush := func() {
		if len(pts) >= 2 {
			w.AddGround(pts, o.Height, TagGround)
		}
		pts = pts[:0]
	}
	const sample, tread = 16.0, 32.0
	maxRise := sample * math.Tan(o.MaxSlope)
	for x < o.Width {
		end := min(x+o.SegmentWidth, o.Width)
		kind := rng.IntN(5)
		if x == 0 {
			kind = 0 // start flat so a character can spawn
		}
		switch kind {
		case 0: // flat
			x = end
			pts = append(pts, mgl64.Vec2{x, y})
		case 1: // hill
			amp := (rng.Float64()*2 - 1) * 0.15 * o.Height
			n := int(math.Max(1, math.Floor((end-x)/sample)))
			x0, y0, prev := x, y, y
			for i := 1; i <= n; i++ {
				target := y0 + amp*(1-math.Cos(2*math.Pi*float64(i)/float64(n)))/2
				ny := clampY(prev + min(max(target-prev, -maxRise), maxRise))
				pts = append(pts, mgl64.Vec2{x0 + float64(i)*(end-x0)/float64(n), ny})
				prev = ny
			}
			x, y = end, prev
		case 2: // slope
			ang := (rng.Float64()*2 - 1) * o.MaxSlope
			ny := clampY(y - (end-x)*math.Tan(ang))
			x, y = end, ny
			pts = append(pts, mgl64.Vec2{x, y})
		case 3: // stairs
			dir := 1.0
			if rng.IntN(2) == 0 {
				dir = -1
			}
			for x+tread <= end {
				ny := clampY(y - dir*o.StepHeight)
				if ny != y {
					pts = append(pts, mgl64.Vec2{x, ny})
				}
				x += tread
				y = ny
				pts = append(pts, mgl64.Vec2{x, y})
			}
			if x < end {
				x = end
				pts = append(pts, mgl64.Vec2{x, y})
			}
		case 4: // gap
			if o.GapWidth < 0 || x+o.GapWidth+16 >= o.Width {
				x = end
				pts = append(pts, mgl64.Vec2{x, y})
				continue
			}
			flush()
			x += o.GapWidth
			pts = append(pts, mgl64.Vec2{x, y})
			x = max(end, x+16)
			pts = append(pts, mgl64.Vec2{x, y})
		}
	}
	flush()
	for range o.Platforms {
		px := rng.Float64() * (o.Width - 96)
		py := 32 + rng.Float64()*(lo-64)
		w.AddBox(px, py, 96, 16, TagPlatform)
	}
	w.Sync() // builds the index (see World)
	return w
}
