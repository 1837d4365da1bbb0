package ikanim

// A looping clip's foot contacts, derived at load time (GaitTiming; see
// grounder_gait.go).
//
// Clip files carry no contact marks, so ParseClip derives them from the
// clip itself: it samples the clip every clipContactStep of its time (at
// least clipContactMin samples), places each limb's effector start (the
// ankle of a leg) in the character frame by forward kinematics, and
// counts the foot as planted while its ankle is within
// max(clipContactTol, clipContactShare*range) px of its lowest point,
// range being how far the ankle rises over the clip. Each run of samples
// off the ground is a swing: it lifts off half a sample before its first
// sample and touches down half a sample after its last (wrapping round
// the loop's end), its ankle leaving from where the last planted sample
// put it and landing where the next one does. A stance ankle moves back
// at the ground speed the clip was authored for; the mean of those speeds
// over the middle halves of the stances is the foot's ground speed, which converts the time to
// touch-down into the body's travel. Limbs whose ankle rises less than
// clipContactRise, and clips that do not loop, are not timed.

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/internal/num"
)

const (
	clipContactStep  = 1.0 / 240 // s of clip time between samples
	clipContactMin   = 64        // least samples per clip
	clipContactMax   = 8192      // most samples per clip
	clipContactTol   = 0.5       // px: an ankle this close to its lowest is planted
	clipContactShare = 0.1       // ... or this share of its rise
	clipContactRise  = 1.0       // px: a limb whose ankle rises less takes no steps
)

// clipSwing is one swing of a clip's foot, in clip time (land may pass
// the clip's Duration: a swing across the loop's seam).
type clipSwing struct {
	lift, land   float64
	liftX, landX float64 // the ankle along forward at lift-off and touch-down
	height       float64 // the ankle's highest rise over its stance, px
}

// clipFoot is a limb's derived contacts.
type clipFoot struct {
	swings []clipSwing
	speed  float64 // the ground speed its stances were authored for, px/s
}

// deriveContacts sets c.feet from the clip's own motion (see above).
func (c *Clip) deriveContacts() {
	def := c.def
	if !c.Loop || def == nil || len(def.limbs) == 0 {
		return
	}
	n := int(math.Ceil(c.Duration / clipContactStep))
	n = max(clipContactMin, min(n, clipContactMax))
	h := c.Duration / float64(n)
	nb := def.NumBones()
	local := make([]float64, nb)
	angle := make([]float64, nb)
	start := make([]mgl64.Vec2, nb)
	var legs []int
	for li := range def.limbs {
		if def.limbs[li].effector >= 0 {
			legs = append(legs, li)
		}
	}
	if len(legs) == 0 {
		return
	}
	xs := make([][]float64, len(legs))
	ys := make([][]float64, len(legs))
	for k := range legs {
		xs[k], ys[k] = make([]float64, n), make([]float64, n)
	}
	for s := 0; s < n; s++ {
		root := c.Pose(def, float64(s)*h, local)
		for i := range def.bones {
			b := &def.bones[i]
			p := b.Parent
			if p < 0 {
				angle[i] = local[i]
				start[i] = mgl64.Vec2{root[0] + b.Attach[0], root[1] + b.Attach[1]}
				continue
			}
			angle[i] = angle[p] + local[i]
			sn, cs := math.Sincos(angle[p])
			start[i] = mgl64.Vec2{start[p][0] + b.Attach[0]*cs - b.Attach[1]*sn, start[p][1] + b.Attach[0]*sn + b.Attach[1]*cs}
		}
		for k, li := range legs {
			a := start[def.limbs[li].effector]
			xs[k][s], ys[k][s] = a[0], a[1]
		}
	}
	c.feet = make([]clipFoot, len(def.limbs))
	for k, li := range legs {
		c.feet[li] = footContacts(xs[k], ys[k], h, c.Duration)
	}
}

// footContacts derives one foot's swings and ground speed from its ankle
// samples (x forward, y down), h s apart over a loop of duration d.
func footContacts(xs, ys []float64, h, d float64) clipFoot {
	n := len(ys)
	lo, hi := math.Inf(1), math.Inf(-1) // y: highest and lowest ankle
	for s := range ys {
		if !num.Finite(xs[s]) || !num.Finite(ys[s]) {
			return clipFoot{}
		}
		lo, hi = min(lo, ys[s]), max(hi, ys[s])
	}
	rise := hi - lo
	if !(rise >= clipContactRise) {
		return clipFoot{}
	}
	tol := max(clipContactTol, clipContactShare*rise)
	on := func(s int) bool { return ys[((s%n)+n)%n] >= hi-tol }
	first := -1 // a planted sample to start the walk round the loop from
	for s := 0; s < n; s++ {
		if on(s) && !on(s+1) {
			first = s
			break
		}
	}
	if first < 0 {
		return clipFoot{}
	}
	var f clipFoot
	var moved, planted float64
	for s := first; s < first+n; {
		// s is the last planted sample before a swing.
		a := s + 1
		b := a
		for !on(b + 1) {
			b++
		}
		sw := clipSwing{lift: (float64(a) - 0.5) * h, land: (float64(b) + 0.5) * h,
			liftX: xs[s%n], landX: xs[(b+1)%n]}
		for j := a; j <= b; j++ {
			sw.height = max(sw.height, hi-ys[j%n])
		}
		if sw.lift >= d {
			sw.lift -= d
			sw.land -= d
		}
		f.swings = append(f.swings, sw)
		// The stance that follows, to the next lift-off.
		e := b + 1
		for on(e+1) && e+1 < first+n+1 {
			e++
		}
		if k0, k1 := b+1+(e-b-1)/4, e-(e-b-1)/4; k1 > k0 {
			// The middle half of the stance (its ends, within the
			// contact band, may still move with the swing).
			moved += xs[k0%n] - xs[k1%n]
			planted += float64(k1-k0) * h
		}
		s = e
	}
	if planted > 0 {
		f.speed = max(0, moved/planted)
	}
	return f
}

// FootTiming implements GaitTiming from the contacts ParseClip derived
// (see clip_gait.go): a looping clip times each limb whose effector's
// ankle lifts at least 1 px over the clip. Travel assumes the body moves
// at the ground speed the clip's stances were authored at.
func (c *Clip) FootTiming(def *RigDef, limb int, t float64) (FootTiming, bool) {
	if def != c.def || limb < 0 || limb >= len(c.feet) || len(c.feet[limb].swings) == 0 {
		return FootTiming{}, false
	}
	f := &c.feet[limb]
	lt := c.localTime(t)
	d := c.Duration
	ft := FootTiming{Moving: true, Stride: f.speed * d}
	for i := range f.swings {
		sw := &f.swings[i]
		rel := lt - sw.lift
		if rel < 0 {
			rel += d
		}
		dur := sw.land - sw.lift
		if !(rel < dur) {
			continue
		}
		ft.Swing = true
		ft.Progress = rel / dur
		ft.Left = dur - rel
		ft.LiftX, ft.LandX = sw.liftX, sw.landX
		ft.Travel, ft.SwingTravel = f.speed*ft.Left, f.speed*dur
		ft.Lift = sw.height
		break
	}
	return ft, true
}
