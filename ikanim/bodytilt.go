package ikanim

import (
	"errors"
	"math"

	"github.com/ikanim/kit/ikanim/internal/num"
)

// BodyTilt is a Controller that leans the body to the ground under the feet
// (FinalIK's root rotation, in 2D): each frame it fits a line through the
// ankle targets its Grounder found and turns the root bones (Rig.BodyAngle)
// toward that line's slope in the character frame, limited to MaxAngle and
// smoothed over Smoothing seconds. A quadruped on a slope then stands
// parallel to it, its front hips raised toward the higher feet and its hind
// hips lowered. Where the ground curves under the feet, turning can lift a
// hip beyond its foot's reach; the body then comes down along up by just
// enough for every grounded foot to reach (see reachDrop).
//
// Angle. With the planted feet (a swinging foot's target is lifted off the
// ground) at character-frame points (x_i, y_i) (x
// forward, y down), the least-squares slope is
//
//	m = sum (x_i - mx)(y_i - my) / sum (x_i - mx)^2
//
// and the wanted angle is atan(m), clockwise on screen (a ground that falls
// ahead gives a positive angle, dipping the front). Fewer than two planted
// feet, or feet less than MinSpread apart along forward, want 0. The applied
// angle follows the wanted one by 1 - exp(-dt/Smoothing) per frame, so the
// motion is the same at any frame rate.
//
// Enabled is Auto by default: on when the legs hang from points at least
// MinSpread apart along the body in the rest pose (quadrupeds, creatures
// built on Rig), off when they share a hip (an upright biped, whose pelvis
// should stay level). Add it to the rig after its Grounder: it reads the
// feet the Grounder placed this frame.
type BodyTilt struct {
	// Enabled switches the tilt (default Auto, see above).
	Enabled Switch
	// MaxAngle limits the tilt either way, radians (default 30 degrees).
	MaxAngle float64
	// Smoothing is the time constant of the tilt's approach, s (default
	// 0.12). A negative value follows at once.
	Smoothing float64
	// MinSpread is the least spread along forward of the feet (and of the
	// hips, for Auto) that defines a slope, px (default 8).
	MinSpread float64
	// Weight scales the tilt in [0,1]; the zero value means 1 (see
	// ik.Weighting for the library's weight convention).
	Weight float64

	rig     *Rig
	feet    *Grounder
	applied float64 // the share of rig.BodyAngle this tilt added
	dropped float64 // the share of rig.BodyOffset (along up) it added
	angle   float64 // the smoothed tilt before Weight
	want    float64
	spread  float64 // the rest pose's hip spread along forward
}

// NewBodyTilt makes a BodyTilt for rig that follows the feet of the
// Grounder feet (built for the same rig). Add it to the rig after feet.
func NewBodyTilt(rig *Rig, feet *Grounder) (*BodyTilt, error) {
	if rig == nil {
		return nil, errors.New("ikanim: NewBodyTilt: rig is nil")
	}
	if feet == nil || feet.rig != rig {
		return nil, errors.New("ikanim: NewBodyTilt: feet must be a Grounder built for the same rig")
	}
	t := &BodyTilt{rig: rig, feet: feet}
	// The hips' spread along forward in the rest pose.
	lo, hi := math.Inf(1), math.Inf(-1)
	for i := range feet.legs {
		x := rig.animStart[rig.def.limbs[feet.legs[i].limb].bones[0]][0]
		lo, hi = min(lo, x), max(hi, x)
	}
	if hi > lo {
		t.spread = hi - lo
	}
	return t, nil
}

// Stage is StageControl.
func (t *BodyTilt) Stage() Stage { return StageControl }

// Angle returns the tilt applied last frame (radians, Weight included).
func (t *BodyTilt) Angle() float64 { return t.applied }

// Wanted returns the ground's slope under the feet measured last frame,
// limited to MaxAngle (radians; 0 when no slope was found).
func (t *BodyTilt) Wanted() float64 { return t.want }

func (t *BodyTilt) settings() (maxAngle, smoothing, spread, weight float64) {
	maxAngle, smoothing, spread, weight = t.MaxAngle, t.Smoothing, t.MinSpread, t.Weight
	if !(maxAngle > 0) || !num.Finite(maxAngle) {
		maxAngle = 30 * math.Pi / 180
	}
	maxAngle = min(maxAngle, math.Pi/2-0.01)
	if smoothing == 0 || !num.Finite(smoothing) {
		smoothing = 0.12
	}
	if !(spread > 0) || !num.Finite(spread) {
		spread = 8
	}
	if weight == 0 || !num.Finite(weight) {
		weight = 1
	}
	return maxAngle, smoothing, spread, num.Clamp01(weight)
}

// Update leans the body toward the slope under the feet. dt is clamped to
// [0, MaxDt] (NaN = 0). It does not allocate.
func (t *BodyTilt) Update(dt float64) {
	dt = num.ClampDt(dt)
	r := t.rig
	maxAngle, smoothing, minSpread, weight := t.settings()
	want := 0.0
	if t.Enabled.Resolve(t.spread >= minSpread) {
		want = t.slope(minSpread)
	}
	want = min(max(want, -maxAngle), maxAngle)
	t.want = want
	if smoothing < 0 {
		t.angle = want
	} else {
		t.angle += (want - t.angle) * (1 - math.Exp(-dt/smoothing))
	}
	if !num.Finite(t.angle) {
		t.angle = 0
	}
	a := t.angle * weight
	r.BodyAngle += a - t.applied
	t.applied = a
	drop := t.reachDrop(a)
	r.BodyOffset[1] += drop - t.dropped
	t.dropped = drop
}

// reachDrop returns how far the body must come down (character frame, px)
// for every grounded foot to stay within its leg's reach once the body is
// turned by angle: turning moves each hip on an arc about the body's origin
// O, to H = O + R(angle)(A - O0), where A is the hip in the animated pose
// (origin O0) and O the origin with the body offset the Grounder and the
// others set this frame. A foot target T beyond 0.995 of the leg's reach R
// needs the hip lowered by d with (T.x-H.x)^2 + (T.y-H.y-d)^2 = (0.995 R)^2,
// so d = T.y - H.y - sqrt((0.995 R)^2 - (T.x-H.x)^2); the body drops by the
// largest such d (0 when every foot reaches, or when the foot is out of
// reach sideways, where dropping cannot help).
func (t *BodyTilt) reachDrop(angle float64) float64 {
	if angle == 0 {
		return 0
	}
	r := t.rig
	s, c := math.Sincos(angle)
	o0 := r.animRoot
	o := o0.Add(r.BodyOffset)
	o[1] -= t.dropped // this tilt's own share from last frame is replaced
	drop := 0.0
	for i := range t.feet.legs {
		leg := &t.feet.legs[i]
		if !leg.contact.Grounded {
			continue
		}
		ld := &r.def.limbs[leg.limb]
		a := r.animStart[ld.bones[0]].Sub(o0)
		hx, hy := o[0]+a[0]*c-a[1]*s, o[1]+a[0]*s+a[1]*c
		tg := r.ToLocal(leg.contact.Target)
		reach := 0.995 * ld.chain.Reach()
		dx := tg[0] - hx
		if !(reach > math.Abs(dx)) {
			continue
		}
		if d := tg[1] - hy - math.Sqrt(reach*reach-dx*dx); d > drop {
			drop = d
		}
	}
	if !num.Finite(drop) {
		return 0
	}
	return drop
}

// slope fits a line through the grounded ankle targets in the character
// frame and returns its angle (0 when there is none).
func (t *BodyTilt) slope(minSpread float64) float64 {
	r := t.rig
	var n, sx, sy float64
	lo, hi := math.Inf(1), math.Inf(-1)
	for i := range t.feet.legs {
		st := t.feet.legs[i].contact
		if !st.Planted {
			continue
		}
		p := r.ToLocal(st.Target)
		n++
		sx += p[0]
		sy += p[1]
		lo, hi = min(lo, p[0]), max(hi, p[0])
	}
	if n < 2 || hi-lo < minSpread {
		return 0
	}
	mx, my := sx/n, sy/n
	var sxy, sxx float64
	for i := range t.feet.legs {
		st := t.feet.legs[i].contact
		if !st.Planted {
			continue
		}
		p := r.ToLocal(st.Target)
		sxy += (p[0] - mx) * (p[1] - my)
		sxx += (p[0] - mx) * (p[0] - mx)
	}
	if !(sxx > 0) {
		return 0
	}
	a := math.Atan(sxy / sxx)
	if !num.Finite(a) {
		return 0
	}
	return a
}
