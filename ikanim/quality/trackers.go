package quality

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Stance follows one foot (or hand) through its stances and reports to a Meter
// how far its contact point slid while planted. The zero value is a lifted foot.
type Stance struct {
	planted bool
	start   mgl64.Vec2
	far     float64
}

// Track is called once per frame with whether the foot is planted and where its
// contact point is in world space. At lift-off the stance's slip (the largest
// distance from the touch-down point) is recorded on m.
func (s *Stance) Track(m *Meter, planted bool, contact mgl64.Vec2) {
	switch {
	case planted && !s.planted:
		s.planted, s.start, s.far = true, contact, 0
	case planted:
		s.far = math.Max(s.far, contact.Sub(s.start).Len())
	case s.planted:
		s.planted = false
		m.Slip(s.far)
	}
}

// Flush records the slip of a stance still in progress (call at the end of a run).
func (s *Stance) Flush(m *Meter) {
	if s.planted {
		s.planted = false
		m.Slip(s.far)
	}
}

// Delta reports frame-to-frame changes of one scalar. The zero value has no
// previous frame.
type Delta struct {
	prev float64
	ok   bool
}

// Step returns |v - previous v| (0 on the first call) and remembers v.
func (d *Delta) Step(v float64) float64 {
	if !d.ok {
		d.prev, d.ok = v, true
		return 0
	}
	dv := math.Abs(v - d.prev)
	d.prev = v
	return dv
}

// Reset forgets the previous value (use after a teleport or a scene change).
func (d *Delta) Reset() { d.ok = false }

// AngleDelta reports frame-to-frame changes of an angle along the shortest arc.
type AngleDelta struct {
	prev float64
	ok   bool
}

// Step returns the absolute shortest-arc change from the previous angle, in
// radians (0 on the first call), and remembers a.
func (d *AngleDelta) Step(a float64) float64 {
	if !d.ok {
		d.prev, d.ok = a, true
		return 0
	}
	da := math.Remainder(a-d.prev, 2*math.Pi)
	d.prev = a
	return math.Abs(da)
}

// Bend watches which side of the line root->end a middle joint lies on and
// reports a flip when the side changes while the limb is clearly bent.
type Bend struct {
	side int8
}

// Track records the bend side of the joint mid for the limb root->end and
// counts a flip on m when it changes. Near-straight limbs (the mid joint
// within minDist of the line) keep the previous side: a straight limb has no
// side, so passing through straight is not counted as a flip by itself.
func (b *Bend) Track(m *Meter, root, mid, end mgl64.Vec2, minDist float64) {
	line := end.Sub(root)
	l := line.Len()
	if l == 0 {
		m.NoBendFlip()
		return
	}
	cross := (line[0]*(mid[1]-root[1]) - line[1]*(mid[0]-root[0])) / l
	var side int8
	switch {
	case cross > minDist:
		side = 1
	case cross < -minDist:
		side = -1
	default:
		m.NoBendFlip()
		return
	}
	if b.side != 0 && side != b.side {
		m.BendFlip()
	} else {
		m.NoBendFlip()
	}
	b.side = side
}

// Reset forgets the side (use after a facing change).
func (b *Bend) Reset() { b.side = 0 }
