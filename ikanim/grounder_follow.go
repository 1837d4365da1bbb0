package ikanim

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// GroundFollower keeps a walking character's Position on the ground under
// it: one ray along -up through Position finds the ground, and Position moves
// along up toward it with frame-rate independent smoothing, so steps and
// slope changes turn into smooth body motion that the Grounder then refines
// per foot. Over a gap (a miss) the height is kept. The zero value of each
// field means its documented default; Follow does not allocate.
type GroundFollower struct {
	// Ground is what the ray queries.
	Ground Ground
	// RayUp and RayDown are how far above and below Position the ray starts
	// and ends, px (defaults 40 and 60).
	RayUp, RayDown float64
	// Speed is the smoothing rate toward the ground height, 1/s (default 10).
	Speed float64
	// MaxSpeed limits the speed along up, px/s (0 = no limit).
	MaxSpeed float64
	// Probe, when > 0, adds a ray Probe px ahead of Position along the
	// character's forward, and Position follows the lower ground of the two:
	// walking down a step or a slope the body starts down before the leading
	// foot lands there (default 0: one ray).
	Probe float64

	init bool
}

// DefaultFollowSpeed is GroundFollower.Speed's default, 1/s.
const DefaultFollowSpeed = 10.0

// Reset makes the next Follow snap to the ground (after a teleport).
func (f *GroundFollower) Reset() { f.init = false }

// Follow moves r.Position along r.Up toward the ground under it and reports
// whether the ray found ground. Call it before r.Update.
func (f *GroundFollower) Follow(r *Rig, dt float64) bool {
	if f.Ground == nil || !finiteVec(r.Position) {
		return false
	}
	fr := newFrame(r.Position, r.Up, r.Facing)
	up := fr.dirToWorld(mgl64.Vec2{0, -1})
	fwd := fr.dirToWorld(mgl64.Vec2{1, 0})
	rayUp, rayDown := orDefault(f.RayUp, DefaultRayUp), orDefault(f.RayDown, DefaultRayDown)
	probe := 0.0
	if f.Probe > 0 && finiteNum(f.Probe) {
		probe = f.Probe
	}
	found := false
	d := 0.0 // how far the lowest ground is above Position
	for k := 0; k <= 1; k++ {
		if probe == 0 && k == 1 {
			continue
		}
		o := r.Position.Add(fwd.Mul(float64(k) * probe))
		p, _, ok := f.Ground.Raycast(o.Add(up.Mul(rayUp)), o.Sub(up.Mul(rayDown)))
		if !ok || !finiteVec(p) {
			continue
		}
		h := p.Sub(o).Dot(up)
		if !found || h < d {
			d = h
		}
		found = true
	}
	if !found {
		return false
	}
	if !f.init {
		f.init = true
	} else {
		if !(dt > 0) {
			dt = 0
		}
		d *= 1 - math.Exp(-orDefault(f.Speed, DefaultFollowSpeed)*dt)
		if v := f.MaxSpeed; v > 0 && finiteNum(v) {
			d = math.Max(-v*dt, math.Min(v*dt, d))
		}
	}
	r.Position = r.Position.Add(up.Mul(d))
	return true
}
