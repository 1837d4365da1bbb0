package ikanim

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/internal/num"
)

// frame maps the character frame (authored facing right, up = (0,-1)) to the
// world: mirror x when facing left, rotate so (0,-1) becomes Up, translate to
// Position. With a = the angle from (0,-1) to Up (clockwise positive), a point
// p maps to Position + R(a)·M·p, where M = diag(-1, 1) when facing left, and a
// character-frame angle t maps to a + t (right) or a + pi - t (left).
type frame struct {
	pos    mgl64.Vec2
	cos    float64 // cos a
	sin    float64 // sin a
	rot    float64 // a
	mirror bool
}

func newFrame(pos, up mgl64.Vec2, f Facing) frame {
	l := 0.0
	if num.FiniteVec(up) {
		l = finiteLen(up)
	}
	if !(l > 1e-12) {
		up, l = DefaultUp(), 1
	}
	ux, uy := up[0]/l, up[1]/l
	// up = R(a)(0,-1) = (sin a, -cos a)
	fr := frame{pos: pos, sin: ux, cos: -uy, mirror: f == FacingLeft}
	if ux == 0 && uy < 0 {
		fr.rot = ux // upright: math.Atan2(±0, x > 0) is ±0
	} else {
		fr.rot = math.Atan2(ux, -uy)
	}
	if !num.FiniteVec(pos) {
		fr.pos = mgl64.Vec2{}
	}
	return fr
}

// frameTurn is a frame's rotation and mirror: two frames with equal turns
// differ by a translation only.
type frameTurn struct {
	cos, sin float64
	mirror   bool
}

// rotation returns the frame's rotation and mirror.
func (f *frame) rotation() frameTurn { return frameTurn{f.cos, f.sin, f.mirror} }

// toWorld maps a character-frame point to the world.
func (f *frame) toWorld(p mgl64.Vec2) mgl64.Vec2 {
	x, y := p[0], p[1]
	if f.mirror {
		x = -x
	}
	return mgl64.Vec2{f.pos[0] + x*f.cos - y*f.sin, f.pos[1] + x*f.sin + y*f.cos}
}

// xyToWorld is toWorld for the point (x, y), as two numbers: hot loops
// store them into vectors one half at a time (a vector built in a
// temporary from two halves and then copied whole is read back before the
// store buffer can forward it).
func (f *frame) xyToWorld(x, y float64) (wx, wy float64) {
	if f.mirror {
		x = -x
	}
	return f.pos[0] + x*f.cos - y*f.sin, f.pos[1] + x*f.sin + y*f.cos
}

// xyToLocal is toLocal for the world point (wx, wy), as two numbers.
func (f *frame) xyToLocal(wx, wy float64) (x, y float64) {
	dx, dy := wx-f.pos[0], wy-f.pos[1]
	x, y = dx*f.cos+dy*f.sin, -dx*f.sin+dy*f.cos
	if f.mirror {
		x = -x
	}
	return x, y
}

// xyDirToLocal is dirToLocal for the world direction (dx, dy), as two
// numbers.
func (f *frame) xyDirToLocal(dx, dy float64) (x, y float64) {
	x, y = dx*f.cos+dy*f.sin, -dx*f.sin+dy*f.cos
	if f.mirror {
		x = -x
	}
	return x, y
}

// dirToWorld maps a character-frame direction to the world.
func (f *frame) dirToWorld(d mgl64.Vec2) mgl64.Vec2 {
	x, y := d[0], d[1]
	if f.mirror {
		x = -x
	}
	return mgl64.Vec2{x*f.cos - y*f.sin, x*f.sin + y*f.cos}
}

// toLocal maps a world point to the character frame.
func (f *frame) toLocal(w mgl64.Vec2) mgl64.Vec2 {
	dx, dy := w[0]-f.pos[0], w[1]-f.pos[1]
	x, y := dx*f.cos+dy*f.sin, -dx*f.sin+dy*f.cos
	if f.mirror {
		x = -x
	}
	return mgl64.Vec2{x, y}
}

// dirToLocal maps a world direction to the character frame.
func (f *frame) dirToLocal(d mgl64.Vec2) mgl64.Vec2 {
	x, y := d[0]*f.cos+d[1]*f.sin, -d[0]*f.sin+d[1]*f.cos
	if f.mirror {
		x = -x
	}
	return mgl64.Vec2{x, y}
}

// angleToWorld maps a character-frame angle to a world angle.
func (f *frame) angleToWorld(t float64) float64 {
	if f.mirror {
		return f.rot + math.Pi - t
	}
	return f.rot + t
}

// angleToLocal maps a world angle to a character-frame angle.
func (f *frame) angleToLocal(w float64) float64 {
	if f.mirror {
		return f.rot + math.Pi - w
	}
	return w - f.rot
}

// finiteLen is math.Hypot(v[0], v[1]) (mgl64's Len) bit for bit for a
// finite v, small enough to be inlined on the hot paths (math.Hypot is an
// assembly call on amd64): the same steps, max*sqrt(1+(min/max)^2).
func finiteLen(v mgl64.Vec2) float64 {
	p, q := math.Abs(v[0]), math.Abs(v[1])
	if p < q {
		p, q = q, p
	}
	if p == 0 {
		return 0
	}
	q /= p
	return p * math.Sqrt(1+q*q)
}

// expMemo is math.Exp with a memory of its last argument: a smoothing rate
// times a frame's dt is the same number frame after frame.
type expMemo struct {
	x, y float64
	ok   bool
}

// exp returns math.Exp(x), bit for bit.
func (m *expMemo) exp(x float64) float64 {
	if m.ok && math.Float64bits(x) == math.Float64bits(m.x) {
		return m.y
	}
	m.x, m.y, m.ok = x, math.Exp(x), true
	return m.y
}
