package creature

// Tentacles out of solids.
//
// The fanned arch (fan.go) is a shape in the body's frame: it knows
// nothing of the world, and on a course its bulge went into the ground
// beside a foot, into a wall the creature walked along, round a pillar
// the foot was planted behind (on 200 generated courses a tentacle was
// more than 0.5 px inside a solid in 28-33 % of the frames, up to 26 px).
//
// keepTentaclesOut runs after the tentacles' solves. It first proves them
// all free cheaply where it can: one BoxClear of the rectangle round the
// body and every tentacle's joints (each tip's bone ended
// tentacleOutClear short of its tip, which lies on its contact), with the
// body outside the solids. Else, per tentacle (keepTentacleOut), the same
// test of its own rectangle, then a ray along each bone. When a bone
// enters a solid, collision-aware FABRIK runs on the joints (outPasses):
// passes from the foot back to the hip and from the hip out to the foot,
// each joint placed a bone's length from the one just placed, toward
// where it was, with a ray along the bone (outPlace): a bone that would
// enter a solid is turned along the surface it meets (its remainder slid
// along the face, tentacleOutClear off it), and one that still enters
// ends tentacleOutClear off the face (a bone shorter for that frame). So
// the tentacle drapes over the rock it met instead of passing through it.
// The passes stop once a pass from the hip met nothing and ended with the
// tip on the foot; the last pass is one from the hip, so the root stays on
// the hip. The pushed pose is kept when a planted tip ended on its contact
// (a swinging tip may end off its path), it folded no loop and it crosses
// no tentacle of its side that the solved pose did not cross; else the
// passes run again from the solved arch's mirror image about the
// hip-to-foot line (an arch that bulged into the ground beside its foot
// bulges away from it), under the same test; else the solved pose stays.
// On 80 generated courses at 60 TPS the share of frames with a tentacle
// more than 0.5 px in a solid fell from 21.4 to 7.5 %, with the same loops
// (0.6 %) and leg crossings (465 -> 460 frames); pushed out without that
// test, 2.2 % but 1605 crossing frames.
//
// The warm start: while a tentacle stays pushed out, each frame's passes
// start from the last frame's pushed pose moved with the hip (tested as
// above, else the arch and its mirror image as above). Started from the
// arch every frame, the passes left a draped tentacle in a different fold
// from one frame to the next, and failed more often: on 200 courses at
// 30/60/144 TPS the share of frames in a solid was 14.5/11.7/15.3 %, with
// the warm start 11.2/10.2/11.6 %, loops at 144 TPS 12.1 -> 8.6 %, frames
// with a joint popping more than 15 degrees 12.1 -> 9.6 %. Nothing else
// is carried: a tentacle that is free again, or whose last pose fails the
// test, starts from its arch; Place forgets the last pose.

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim"
)

const (
	// tentacleOutClear is how far, px, a joint pushed out of a solid is
	// put off its surface (with 1 px, a bone that grazed a face moved
	// its joint that much at once: more joints popped).
	tentacleOutClear = 0.25
	// tentacleOutPasses caps the pairs of passes (to the hip, to the foot).
	tentacleOutPasses = 6
)

// keepTentaclesOut keeps every tentacle's joints out of the solids
// (keepTentacleOut) where one BoxClear of the rectangle round all of them
// and the body (each tip's bone ended tentacleOutClear short of it) and
// the body outside the solids do not prove them free already.
func (c *Creature) keepTentaclesOut() {
	if c.ground == nil || c.chains == nil {
		return
	}
	if c.clear != nil {
		x0, y0, x1, y1 := c.pos[0], c.pos[1], c.pos[0], c.pos[1]
		for i := range c.chains {
			js := c.chains[i].joints
			n := len(js) - 1
			if n < 1 {
				continue
			}
			end := shortEnd(js[n-1], js[n], tentacleOutClear)
			x0, x1 = min(x0, end[0]), max(x1, end[0])
			y0, y1 = min(y0, end[1]), max(y1, end[1])
			for _, p := range js[:n] {
				x0, x1 = min(x0, p[0]), max(x1, p[0])
				y0, y1 = min(y0, p[1]), max(y1, p[1])
			}
		}
		if c.clear.BoxClear(mgl64.Vec2{x0, y0}, mgl64.Vec2{x1, y1}) &&
			(c.inside == nil || !c.inside.Inside(c.pos)) {
			for i := range c.chains {
				c.chains[i].prevOK = false
			}
			return
		}
	}
	for i := range c.chains {
		if len(c.chains[i].joints) > 2 {
			c.keepTentacleOut(i)
		}
	}
}

// keepTentacleOut pushes tentacle leg i's joints (ch.joints, the solved
// pose) out of the solids (see the file comment).
func (c *Creature) keepTentacleOut(i int) {
	g := c.ground
	if g == nil {
		return
	}
	ch := &c.chains[i]
	js := ch.joints
	n := len(js) - 1
	if n < 2 {
		return
	}
	if c.tentacleFree(js) {
		ch.prevOK = false
		return
	}
	hip, foot := js[0], js[n]
	if c.inside != nil && c.inside.Inside(hip) {
		ch.prevOK = false
		return // a buried hip has no free side to push toward
	}
	ch.solved = append(ch.solved[:0], js...)
	planted := c.legs[i].state == legPlanted
	loop := chainCrossed(ch.solved)
	side := c.sideCrossed(i, ch.solved)
	// ok: the pushed pose holds the tip on a planted contact (a swinging
	// tip may end off its path, every bone its length), folds no new loop
	// and crosses no tentacle of its side it did not cross.
	ok := func() bool {
		done := c.outPasses(js, ch.lens[:n], hip, foot, ch.solver.Tolerance)
		return (done || !planted && lengthsKept(js, ch.lens[:n])) &&
			(loop || !chainCrossed(js)) && (side || !c.sideCrossed(i, js))
	}
	// First from the last frame's pushed pose, moved with the hip (see
	// the file comment), then from the arch, then from its mirror image.
	warm := false
	if ch.prevOK && len(ch.prev) == len(js) {
		d := hip.Sub(ch.prev[0])
		for k := range js {
			js[k] = ch.prev[k].Add(d)
		}
		warm = ok()
		if !warm {
			copy(js, ch.solved)
		}
	}
	ch.prevOK = false
	if !warm && !ok() && !(mirrorChain(js, ch.solved) && ok()) {
		// Neither the last pose, the arch nor its mirror image could be
		// pushed out
		// with the tip on its contact (the way round the rock is
		// longer than the tentacle) or without a loop: the solved pose.
		copy(js, ch.solved)
	} else {
		ch.prev = append(ch.prev[:0], js...)
		ch.prevOK = true
	}
	ch.knee, ch.ankle, ch.tip = js[n/2], js[n-1], js[n]
}

// outPasses runs the collision-aware FABRIK passes on the joints js with
// bone lengths lens, from the foot back to the hip and out again (see the
// file comment), at most tentacleOutPasses pairs, and reports whether the
// last pass from the hip met no solid and ended with the tip within tol
// of foot.
func (c *Creature) outPasses(js []mgl64.Vec2, lens []float64, hip, foot mgl64.Vec2, tol float64) bool {
	n := len(lens)
	for pass := 0; pass < tentacleOutPasses; pass++ {
		js[n] = foot
		for k := n - 1; k >= 1; k-- {
			js[k], _ = c.outPlace(js[k+1], js[k], lens[k], 0)
		}
		js[0] = hip
		hit := false
		for k := 1; k <= n; k++ {
			short := 0.0
			if k == n {
				short = tentacleOutClear
			}
			var h bool
			js[k], h = c.outPlace(js[k-1], js[k], lens[k-1], short)
			hit = hit || h
		}
		if e := js[n].Sub(foot); !hit && e.Dot(e) <= tol*tol {
			return true
		}
	}
	return false
}

// mirrorChain writes into js the joints src reflected about the line
// through its first and last joints (the arch bulging to the other side),
// and reports whether that line is defined.
func mirrorChain(js, src []mgl64.Vec2) bool {
	a, b := src[0], src[len(src)-1]
	dx, dy := b[0]-a[0], b[1]-a[1]
	d2 := dx*dx + dy*dy
	if !(d2 > 1e-12) {
		return false
	}
	for k, p := range src {
		px, py := p[0]-a[0], p[1]-a[1]
		t := (px*dx + py*dy) / d2
		// p's foot on the line, and p reflected through it.
		fx, fy := a[0]+t*dx, a[1]+t*dy
		js[k] = mgl64.Vec2{2*fx - p[0], 2*fy - p[1]}
	}
	js[0], js[len(js)-1] = a, b
	return true
}

// tentacleFree reports whether the joints js are proved free of solids:
// the rectangle round them (the last bone ended tentacleOutClear short of
// the tip when planted, the tip lying on the contact) holds no surface
// and the hip is outside, or else no bone's ray hits anything.
func (c *Creature) tentacleFree(js []mgl64.Vec2) bool {
	n := len(js) - 1
	end := shortEnd(js[n-1], js[n], tentacleOutClear)
	if c.clear != nil {
		x0, y0, x1, y1 := end[0], end[1], end[0], end[1]
		for _, p := range js[:n] {
			x0, x1 = min(x0, p[0]), max(x1, p[0])
			y0, y1 = min(y0, p[1]), max(y1, p[1])
		}
		if c.clear.BoxClear(mgl64.Vec2{x0, y0}, mgl64.Vec2{x1, y1}) &&
			(c.inside == nil || !c.inside.Inside(js[0])) {
			return true
		}
	}
	g := c.ground
	for k := 1; k <= n; k++ {
		to := js[k]
		if k == n {
			to = end
		}
		if _, _, ok := c.enterRay(g, js[k-1], to); ok {
			return false
		}
	}
	return true
}

// shortEnd returns the point d short of b on the segment from a to b (a
// when the segment is shorter than d).
func shortEnd(a, b mgl64.Vec2, d float64) mgl64.Vec2 {
	vx, vy := b[0]-a[0], b[1]-a[1]
	l := math.Sqrt(vx*vx + vy*vy)
	if !(l > d) {
		return a
	}
	k := (l - d) / l
	return mgl64.Vec2{a[0] + vx*k, a[1] + vy*k}
}

// outPlace returns the joint a bone of length l from the placed joint p,
// toward q, kept out of the solids: when the bone's ray (cast to short
// px before its end) enters a solid, the bone is turned along the face it
// meets; when the turned bone enters one too, it ends tentacleOutClear
// off that face. It reports whether the bone met a solid.
func (c *Creature) outPlace(p, q mgl64.Vec2, l, short float64) (mgl64.Vec2, bool) {
	g := c.ground
	ux, uy := q[0]-p[0], q[1]-p[1]
	d := math.Sqrt(ux*ux + uy*uy)
	if !(d > 1e-9) || math.IsInf(d, 0) {
		return q, false
	}
	ux, uy = ux/d, uy/d
	u := mgl64.Vec2{ux, uy}
	end := p.Add(u.Mul(l))
	h, nn, ok := c.enterRay(g, p, p.Add(u.Mul(l-short)))
	if !ok {
		return end, false
	}
	// Slide the rest of the bone along the face.
	t := h.Sub(p).Dot(u)
	un := u.Dot(nn)
	tx, ty := ux-un*nn[0], uy-un*nn[1]
	if tl := math.Sqrt(tx*tx + ty*ty); tl > 1e-6 {
		tx, ty = tx/tl, ty/tl
	} else {
		// Head-on: along the face, to the side of the bone's old end.
		tx, ty = -nn[1], nn[0]
		if (q[0]-h[0])*tx+(q[1]-h[1])*ty < 0 {
			tx, ty = -tx, -ty
		}
	}
	r := math.Max(0, l-t)
	aim := mgl64.Vec2{h[0] + nn[0]*tentacleOutClear + tx*r, h[1] + nn[1]*tentacleOutClear + ty*r}
	v := aim.Sub(p)
	vl := v.Len()
	if !(vl > 1e-9) {
		return h.Add(nn.Mul(tentacleOutClear)), true
	}
	slid := p.Add(v.Mul(l / vl))
	if h2, n2, ok2 := c.enterRay(g, p, slid); ok2 {
		return h2.Add(n2.Mul(tentacleOutClear)), true
	}
	return slid, true
}

// enterRay casts from a to b and returns the first point where the ray
// enters a solid and its outward normal. A crossing where the ray leaves
// one (a started on or in a solid: a foot on its contact) is stepped over
// once and the ray cast on from just past it.
func (c *Creature) enterRay(g ikanim.Ground, a, b mgl64.Vec2) (mgl64.Vec2, mgl64.Vec2, bool) {
	p, nn, ok := g.Raycast(a, b)
	if !ok {
		return p, nn, false
	}
	d := b.Sub(a)
	if nn.Dot(d) < 0 {
		return p, nn, true
	}
	// Leaving: cast on from just past the exit.
	dl := d.Len()
	from := p.Add(d.Mul(1e-3 / dl))
	if from.Sub(a).Dot(d) >= dl*dl {
		return p, nn, false
	}
	p, nn, ok = g.Raycast(from, b)
	if !ok || nn.Dot(d) >= 0 {
		return p, nn, false
	}
	return p, nn, true
}

// chainCrossed reports whether the polyline js crosses itself: two bones
// that share no joint cross (segmentsCross).
func chainCrossed(js []mgl64.Vec2) bool {
	for i := 1; i < len(js); i++ {
		for j := i + 2; j < len(js); j++ {
			if segmentsCross(js[i-1], js[i], js[j-1], js[j]) {
				return true
			}
		}
	}
	return false
}

// sideCrossed reports whether the joints js of tentacle leg i cross the
// joints of another tentacle on the same side of the body (near or far).
func (c *Creature) sideCrossed(i int, js []mgl64.Vec2) bool {
	dl := c.def.legs
	for j := range c.chains {
		o := c.chains[j].joints
		if j == i || len(o) < 2 || dl[j].side != dl[i].side {
			continue
		}
		for a := 1; a < len(js); a++ {
			for b := 1; b < len(o); b++ {
				if segmentsCross(js[a-1], js[a], o[b-1], o[b]) {
					return true
				}
			}
		}
	}
	return false
}

// lengthsKept reports whether every bone of the joints js has its length
// lens[k] (to 1e-9 of it: outPlace shortens a bone it cannot turn free).
func lengthsKept(js []mgl64.Vec2, lens []float64) bool {
	for k, l := range lens {
		dx, dy := js[k+1][0]-js[k][0], js[k+1][1]-js[k][1]
		if d := math.Sqrt(dx*dx + dy*dy); !(math.Abs(d-l) <= 1e-9*l) {
			return false
		}
	}
	return true
}
