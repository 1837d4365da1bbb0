package editor

import (
	"errors"
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/solarlune/resolv"

	"github.com/ikanim/kit/terrain"
)

// Limits shared by the importers.
const (
	// MaxSize is the largest coordinate, width or height of a world, in pixels.
	MaxSize = 1 << 20
	// MaxCells is the largest number of broadphase cells of a world.
	MaxCells = 1 << 18
	// MaxShapes is the largest number of shapes in a world.
	MaxShapes = 1 << 16
	// MaxPolygonPoints is the largest number of points of one polygon or
	// polyline.
	MaxPolygonPoints = 256
	// MaxCover is the largest number of (shape, cell) pairs: resolv
	// registers each shape in every broadphase cell its bounding box touches.
	MaxCover = 1 << 21
	// MaxCellWork bounds the sum over cells of k*(k+1)/2 for k shapes in a
	// cell: resolv scans a cell's shapes before registering one more.
	MaxCellWork = 1 << 26
	// DefaultCell is the broadphase cell size used when none is given, in
	// pixels; it doubles until the world has at most MaxCells cells and
	// MaxCover (shape, cell) pairs.
	DefaultCell = 32
)

// Kind is the kind of a Shape.
type Kind int

const (
	Polygon Kind = iota // a convex outline: Points
	Box                 // an axis-aligned rectangle: Min, Size
	Circle              // Center, Radius
	Ground              // the solid below the polyline Points down to y = Bottom
)

// Shape is one shape waiting to be added to a world.
type Shape struct {
	Kind   Kind
	Points []mgl64.Vec2
	Min    mgl64.Vec2
	Size   mgl64.Vec2
	Center mgl64.Vec2
	Radius float64
	Bottom float64
	Tags   resolv.Tags
	// Data is set as the resolv shapes' Data.
	Data any
	// Where names the source of the shape in errors.
	Where string
}

// bounds returns the shape's bounding box.
func (s *Shape) bounds() (lo, hi mgl64.Vec2) {
	switch s.Kind {
	case Box:
		return s.Min, s.Min.Add(s.Size)
	case Circle:
		r := mgl64.Vec2{s.Radius, s.Radius}
		return s.Center.Sub(r), s.Center.Add(r)
	}
	lo, hi = s.Points[0], s.Points[0]
	for _, p := range s.Points[1:] {
		lo = mgl64.Vec2{math.Min(lo[0], p[0]), math.Min(lo[1], p[1])}
		hi = mgl64.Vec2{math.Max(hi[0], p[0]), math.Max(hi[1], p[1])}
	}
	if s.Kind == Ground {
		hi[1] = math.Max(hi[1], s.Bottom)
	}
	return lo, hi
}

// check returns an error naming the field if the shape is malformed or lies
// outside [0, MaxSize] on either axis.
func (s *Shape) check() error {
	var pts []mgl64.Vec2
	switch s.Kind {
	case Box:
		if !(s.Size[0] > 0) {
			return fmt.Errorf("width: %v must be positive", s.Size[0])
		}
		if !(s.Size[1] > 0) {
			return fmt.Errorf("height: %v must be positive", s.Size[1])
		}
		pts = []mgl64.Vec2{s.Min, s.Min.Add(s.Size)}
	case Circle:
		if err := CheckCoord(s.Radius); err != nil || !(s.Radius > 0) {
			return fmt.Errorf("radius: %v must be a positive number within %d", s.Radius, MaxSize)
		}
		pts = []mgl64.Vec2{s.Center}
	default:
		if len(s.Points) == 0 {
			return errors.New("points: none")
		}
		pts = s.Points
	}
	for i, p := range pts {
		for a, name := range []string{"x", "y"} {
			if err := CheckCoord(p[a]); err != nil {
				return fmt.Errorf("points[%d].%s: %w", i, name, err)
			}
		}
	}
	lo, hi := s.bounds()
	for a, name := range []string{"x", "y"} {
		if lo[a] < 0 {
			return fmt.Errorf("%s: %v is before the world's origin (the world covers x, y >= 0)", name, lo[a])
		}
		if hi[a] > MaxSize {
			return fmt.Errorf("%s: %v is beyond the size limit %d", name, hi[a], MaxSize)
		}
	}
	return nil
}

// Build returns a World on a new resolv space holding shapes. The space covers
// (0,0) to (max(minW, right edge of the shapes), max(minH, bottom edge)),
// rounded up to whole pixels. cell is the broadphase cell size; 0 means
// DefaultCell, doubled until the world has at most MaxCells cells. Errors
// name the shape's Where and the field.
func Build(shapes []Shape, minW, minH float64, cell int) (*terrain.World, error) {
	if len(shapes) > MaxShapes {
		return nil, fmt.Errorf("%d shapes, more than %d", len(shapes), MaxShapes)
	}
	w, h := math.Max(minW, 1), math.Max(minH, 1)
	for i := range shapes {
		s := &shapes[i]
		if err := s.check(); err != nil {
			return nil, fmt.Errorf("%s: %w", s.Where, err)
		}
		_, hi := s.bounds()
		w, h = math.Max(w, hi[0]), math.Max(h, hi[1])
	}
	if !(w <= MaxSize) {
		return nil, fmt.Errorf("width: %v is beyond the size limit %d", w, MaxSize)
	}
	if !(h <= MaxSize) {
		return nil, fmt.Errorf("height: %v is beyond the size limit %d", h, MaxSize)
	}
	wi, hi := int(math.Ceil(w)), int(math.Ceil(h))
	cells := func(c int) int { return ((wi + c - 1) / c) * ((hi + c - 1) / c) }
	switch {
	case cell < 0:
		return nil, fmt.Errorf("cell: %d must be positive", cell)
	case cell == 0:
		cell = DefaultCell
		for cell < MaxSize && (cells(cell) > MaxCells || cover(shapes, cell) > MaxCover) {
			cell *= 2
		}
	case cell > MaxSize:
		return nil, fmt.Errorf("cell: %d is beyond the size limit %d", cell, MaxSize)
	case cells(cell) > MaxCells:
		return nil, fmt.Errorf("cell: %d gives %d cells on a %dx%d world, more than %d", cell, cells(cell), wi, hi, MaxCells)
	}
	if n := cover(shapes, cell); n > MaxCover {
		return nil, fmt.Errorf("cell: the shapes touch %d broadphase cells of %d pixels in all, more than %d (use larger cells)", n, cell, MaxCover)
	}
	if err := cellWork(shapes, cell, (wi+cell-1)/cell, (hi+cell-1)/cell); err != nil {
		return nil, err
	}
	world := terrain.Wrap(resolv.NewSpace(wi, hi, cell, cell))
	for i := range shapes {
		s := &shapes[i]
		var added []resolv.IShape
		var err error
		switch s.Kind {
		case Polygon:
			var p *resolv.ConvexPolygon
			if p, err = world.AddPolygon(s.Points, s.Tags); err == nil {
				added = append(added, p)
			}
		case Box:
			var p *resolv.ConvexPolygon
			if p, err = world.AddBox(s.Min[0], s.Min[1], s.Size[0], s.Size[1], s.Tags); err == nil {
				added = append(added, p)
			}
		case Circle:
			var c *resolv.Circle
			if c, err = world.AddCircle(s.Center[0], s.Center[1], s.Radius, s.Tags); err == nil {
				added = append(added, c)
			}
		case Ground:
			var ps []*resolv.ConvexPolygon
			ps, err = world.AddGround(s.Points, s.Bottom, s.Tags)
			for _, p := range ps {
				added = append(added, p)
			}
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", s.Where, err)
		}
		for _, a := range added {
			a.SetData(s.Data)
		}
	}
	return world, nil
}

// cellRange returns the cells the shape's bounding box touches, as resolv
// counts them (floor of the box's corners over the cell size).
func (s *Shape) cellRange(cell int) (x0, y0, x1, y1 int) {
	lo, hi := s.bounds()
	c := float64(cell)
	return int(lo[0] / c), int(lo[1] / c), int(hi[0] / c), int(hi[1] / c)
}

// cover returns the number of (shape, cell) pairs for cells of the given
// size (saturating at MaxCover+1).
func cover(shapes []Shape, cell int) int {
	n := 0
	for i := range shapes {
		x0, y0, x1, y1 := shapes[i].cellRange(cell)
		n += (x1 - x0 + 1) * (y1 - y0 + 1)
		if n > MaxCover {
			return MaxCover + 1
		}
	}
	return n
}

// cellWork returns an error if registering the shapes would scan more than
// MaxCellWork shapes in all (many shapes stacked in the same cells).
func cellWork(shapes []Shape, cell, nx, ny int) error {
	count := make([]int32, nx*ny)
	work := 0
	for i := range shapes {
		x0, y0, x1, y1 := shapes[i].cellRange(cell)
		for y := max(y0, 0); y <= min(y1, ny-1); y++ {
			for x := max(x0, 0); x <= min(x1, nx-1); x++ {
				count[y*nx+x]++
				work += int(count[y*nx+x])
			}
		}
		if work > MaxCellWork {
			return fmt.Errorf("%s: too many shapes overlap the same broadphase cells (more than %d scans to register them)", shapes[i].Where, MaxCellWork)
		}
	}
	return nil
}
