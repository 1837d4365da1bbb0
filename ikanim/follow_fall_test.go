package ikanim

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/internal/num"
)

// followerOn builds a biped at pos with a GroundFollower on g (gravity g0).
func followerOn(t *testing.T, g Ground, pos mgl64.Vec2, gravity float64) (*Rig, *GroundFollower) {
	t.Helper()
	def, err := NewBipedDef(BipedSizes{}, BipedSprites{})
	if err != nil {
		t.Fatal(err)
	}
	r := mustRig(t, def)
	f, err := NewGroundFollower(r, g)
	if err != nil {
		t.Fatal(err)
	}
	f.Gravity = gravity
	r.Add(f)
	r.Teleport(pos)
	return r, f
}

// A body whose ground drops away beyond the ray falls under Gravity: after
// t seconds it has fallen g*t^2/2 exactly at any frame rate (each step is the
// exact constant-acceleration step), and it lands on the floor below, where
// it stays.
func TestGroundFollowerFallsAndLands(t *testing.T) {
	for _, tps := range []float64{30, 60, 144} {
		// A ledge ending at x 200 at y 300, a floor at y 600 below.
		g := &polyGround{pts: []mgl64.Vec2{{-1e4, 300}, {200, 300}, {200, 600}, {1e4, 600}}}
		r, f := followerOn(t, g, mgl64.Vec2{190, 300}, 1000)
		r.Update(1 / tps) // on the ledge
		if f.Falling() || r.Position[1] != 300 {
			t.Fatalf("%v TPS: on the ledge: falling %v, y %v", tps, f.Falling(), r.Position[1])
		}
		r.Position[0] = 260 // walked off: the ray (60 px down) finds nothing
		n := int(0.5 * tps)
		for i := 0; i < n; i++ {
			r.Update(1 / tps)
		}
		tt := float64(n) / tps
		if want := 300 + 1000*tt*tt/2; !f.Falling() || math.Abs(r.Position[1]-want) > 1e-9 {
			t.Errorf("%v TPS: after %v s: falling %v, y %v, want %v", tps, tt, f.Falling(), r.Position[1], want)
		}
		if want := 1000 * tt; math.Abs(f.FallSpeed()-want) > 1e-9 {
			t.Errorf("%v TPS: fall speed %v, want %v", tps, f.FallSpeed(), want)
		}
		for i := 0; i < int(tps); i++ {
			r.Update(1 / tps)
		}
		if f.Falling() || math.Abs(r.Position[1]-600) > 1e-9 || f.FallSpeed() != 0 {
			t.Errorf("%v TPS: after landing: falling %v, y %v, speed %v; want false, 600, 0", tps, f.Falling(), r.Position[1], f.FallSpeed())
		}
	}
}

// A fall faster than the ray's reach per frame still lands on the ground
// (each step is swept), not below it.
func TestGroundFollowerFastFallLandsOnThinGround(t *testing.T) {
	g := &polyGround{pts: []mgl64.Vec2{{-1e4, 5000}, {1e4, 5000}}}
	r, f := followerOn(t, g, mgl64.Vec2{0, 0}, 20000)
	for i := 0; i < 120 && (i < 2 || f.Falling()); i++ {
		r.Update(1.0 / 30)
	}
	if f.Falling() || math.Abs(r.Position[1]-5000) > 1e-9 {
		t.Errorf("falling %v, y %v; want landed at 5000", f.Falling(), r.Position[1])
	}
}

// Jump leaves the ground at a speed and comes back: it rises v^2/(2g) at
// most and lands where it left.
func TestGroundFollowerJump(t *testing.T) {
	g := flatGround(300)
	r, f := followerOn(t, g, mgl64.Vec2{100, 300}, 1000)
	r.Update(1.0 / 60)
	f.Jump(300)
	top := 300.0
	for i := 0; i < 120; i++ {
		r.Update(1.0 / 60)
		top = math.Min(top, r.Position[1])
	}
	if rise := 300 - top; rise > 45+1e-9 || rise < 44 {
		t.Errorf("rose %v px, want at most and about 45 (v^2/2g)", rise)
	}
	if f.Falling() || math.Abs(r.Position[1]-300) > 1e-9 {
		t.Errorf("after the jump: falling %v, y %v; want landed at 300", f.Falling(), r.Position[1])
	}
	// With Gravity negative a miss keeps the height and Jump does nothing.
	r2, f2 := followerOn(t, &polyGround{pts: []mgl64.Vec2{{-1e4, 300}, {200, 300}}}, mgl64.Vec2{190, 300}, -1)
	r2.Update(1.0 / 60)
	f2.Jump(300)
	r2.Position[0] = 260
	for i := 0; i < 60; i++ {
		r2.Update(1.0 / 60)
	}
	if f2.Falling() || r2.Position[1] != 300 {
		t.Errorf("no gravity: falling %v, y %v; want false, 300 (height kept)", f2.Falling(), r2.Position[1])
	}
}

// A landing is absorbed by a crouch: the body (BodyOffset along -up) dips by
// (v/k)*(k*t/2 + landDipLate*(k*t)^2)*exp(-k*t), t seconds after the landing
// frame, k = LandCrouchSpeed, v the speed at touch-down (sqrt(2*g*h) after a
// fall of h from rest), and comes back to 0; the feet stay where the
// follower put Position.
func TestGroundFollowerLandingCrouch(t *testing.T) {
	for _, tps := range []float64{30, 60, 144} {
		// From rest at y 300 over a floor at y 400 with no ground within the
		// ray: a fall of 100 px at g 2000 lands at sqrt(2*2000*100) = 632 px/s,
		// which would dip 0.34*632/12 = 17.8 px: bounded by MaxLandCrouch 40.
		g := &polyGround{pts: []mgl64.Vec2{{-1e4, 400}, {1e4, 400}}}
		r, f := followerOn(t, g, mgl64.Vec2{0, 300}, 2000)
		f.RayDown, f.MaxLandCrouch = 20, 40
		v := math.Sqrt(2 * 2000 * 100)
		landed, deepest := -1, 0.0
		for i := 0; i < int(2*tps); i++ {
			r.Update(1 / tps)
			if landed < 0 && !f.Falling() && i > 0 {
				landed = i
				if r.Position[1] != 400 {
					t.Fatalf("%v TPS: landed at y %v, want 400", tps, r.Position[1])
				}
			}
			if landed >= 0 {
				tt := float64(i-landed+1) / tps
				want := landDip(v, 12, tt)
				if math.Abs(f.LandCrouch()-want) > 1e-6*v || math.Abs(r.BodyOffset[1]-f.LandCrouch()) > 1e-9 {
					t.Fatalf("%v TPS: %v s after landing: crouch %v, body offset %v, want %v", tps, tt, f.LandCrouch(), r.BodyOffset[1], want)
				}
				deepest = math.Max(deepest, f.LandCrouch())
			}
		}
		// (sampled at frames: at 30 TPS the peak falls between two)
		if want := landDipMax(v, 12); deepest > want+1e-9 || deepest < want-0.5 {
			t.Errorf("%v TPS: deepest crouch %v, want about %v", tps, deepest, want)
		}
		if f.LandCrouch() > 0.01 {
			t.Errorf("%v TPS: crouch %v two seconds on, want back to 0", tps, f.LandCrouch())
		}
	}
	// MaxLandCrouch bounds it; a negative LandCrouchSpeed turns it off.
	g := &polyGround{pts: []mgl64.Vec2{{-1e4, 400}, {1e4, 400}}}
	r, f := followerOn(t, g, mgl64.Vec2{0, 300}, 2000)
	f.RayDown = 20
	for i := 0; i < 60; i++ {
		r.Update(1.0 / 60)
		if f.LandCrouch() > DefaultMaxLandCrouch {
			t.Fatalf("crouch %v over the default bound %v", f.LandCrouch(), DefaultMaxLandCrouch)
		}
	}
	r2, f2 := followerOn(t, g, mgl64.Vec2{0, 300}, 2000)
	f2.RayDown, f2.LandCrouchSpeed = 20, -1
	for i := 0; i < 60; i++ {
		r2.Update(1.0 / 60)
		if f2.LandCrouch() != 0 || r2.BodyOffset[1] != 0 {
			t.Fatalf("no crouch: crouch %v, body offset %v", f2.LandCrouch(), r2.BodyOffset[1])
		}
	}
}

// Off a ledge deeper than LedgeDrop (default DefaultMaxStep) the body falls
// with the default settings (Gravity 0: DefaultGravity) and lands on the
// ground below, whether that ground is within the ray or further down (up to
// 2*RayDown, or 500 px below: nothing holds the body there); the Probe does
// not lead it down the ledge before Position is over it; a step no deeper
// than LedgeDrop is followed down as before.
func TestGroundFollowerFallsOffALedge(t *testing.T) {
	for _, c := range []struct {
		name  string
		drop  float64
		fall  bool
		floor float64
	}{
		{"step of 30 px", 30, false, 330},
		{"ledge of 50 px (within the ray)", 50, true, 350},
		{"ledge of 100 px (beyond the ray)", 100, true, 400},
		{"abyss of 500 px", 500, true, 800},
	} {
		g := &polyGround{pts: []mgl64.Vec2{{-1e4, 300}, {200, 300}, {200, 300 + c.drop}, {1e4, 300 + c.drop}}}
		r, f := followerOn(t, g, mgl64.Vec2{150, 300}, 0)
		f.Probe = 24
		fell := false
		for i := 0; i < 180; i++ {
			if r.Position[0] < 199 && r.Position[1] != 300 && c.fall {
				t.Fatalf("%s: at x %v (before the ledge) y %v, want 300: the probe led the body down the ledge", c.name, r.Position[0], r.Position[1])
			}
			fell = fell || f.Falling() || r.Airborne()
			r.Position[0] += 1
			r.Update(1.0 / 60)
		}
		if fell != c.fall || f.Falling() || math.Abs(r.Position[1]-c.floor) > 1e-6 {
			t.Errorf("%s: fell %v, falling %v at the end, y %v; want fell %v, landed at %v", c.name, fell, f.Falling(), r.Position[1], c.fall, c.floor)
		}
	}
	// LedgeDrop < 0: the old behaviour, a ledge within the ray is followed
	// down like a step.
	g := &polyGround{pts: []mgl64.Vec2{{-1e4, 300}, {200, 300}, {200, 350}, {1e4, 350}}}
	r, f := followerOn(t, g, mgl64.Vec2{150, 300}, 0)
	f.LedgeDrop = -1
	for i := 0; i < 180; i++ {
		if f.Falling() {
			t.Fatal("LedgeDrop -1: fell")
		}
		r.Position[0] += 1
		r.Update(1.0 / 60)
	}
	if math.Abs(r.Position[1]-350) > 0.01 {
		t.Errorf("LedgeDrop -1: y %v, want 350", r.Position[1])
	}
}

// grounds is several grounds as one: the nearest hit of any.
type grounds []Ground

func (gs grounds) Raycast(from, to mgl64.Vec2) (point, normal mgl64.Vec2, ok bool) {
	best := math.Inf(1)
	for _, g := range gs {
		if p, n, hit := g.Raycast(from, to); hit && p.Sub(from).Len() < best {
			best, point, normal, ok = p.Sub(from).Len(), p, n, true
		}
	}
	return
}

// With the default settings (Gravity 0: DefaultGravity, HoldSpan 48) a
// character walking at 60 px/s over ground at y 300 walks over a gap or a
// trench narrower than HoldSpan (its height kept, never airborne) and falls
// into a wider one as soon as Position is past the rim - into a pit with a
// floor below, where it lands with a crouch, or off a level's end, where it
// keeps falling (exactly v^2/2g, no NaN) - with Probe 0 and 24, facing right
// and left, at 30, 60 and 144 TPS. Gravity -1 keeps the height over any gap.
func TestGroundFollowerGapsPitsAndLevelEnd(t *testing.T) {
	const (
		y0    = 300.0
		edge  = 200.0 // the near rim, in the walk's own x (world x = 1000 + side*x)
		speed = 60.0
	)
	type kind int
	const (
		gap kind = iota // bottomless, then ground again
		pit             // a floor below, then ground again
		end             // nothing after the rim
	)
	for _, c := range []struct {
		name         string
		kind         kind
		width, floor float64
		gravity      float64
		fall         bool
	}{
		{"slot of 8 px", gap, 8, 0, 0, false},
		{"gap of 20 px", gap, 20, 0, 0, false},
		{"gap of 40 px (the walk scene's)", gap, 40, 0, 0, false},
		{"gap of 46 px", gap, 46, 0, 0, false},
		{"gap of 60 px", gap, 60, 0, 0, true},
		{"gap of 100 px", gap, 100, 0, 0, true},
		{"trench of 20 px, floor 55 px down (a ledge's depth)", pit, 20, 55, 0, false},
		{"trench of 40 px, floor 100 px down", pit, 40, 100, 0, false},
		{"pit of 60 px, floor 55 px down", pit, 60, 55, 0, true},
		{"pit of 100 px, floor 200 px down", pit, 100, 200, 0, true},
		{"level's end", end, 0, 0, 0, true},
		{"pit of 100 px, floor 200 px down, Gravity -1", pit, 100, 200, -1, false},
		{"level's end, Gravity -1", end, 0, 0, -1, false},
	} {
		for _, tps := range []float64{30, 60, 144} {
			for _, probe := range []float64{-1, 24} { // -1: no probe
				for _, side := range []float64{1, -1} {
					name := c.name
					wx := func(x float64) float64 { return 1000 + side*x }
					near := &polyGround{pts: []mgl64.Vec2{{wx(-1e4), y0}, {wx(edge), y0}, {wx(edge), 1e5}}}
					var g Ground = near
					switch c.kind {
					case gap:
						g = grounds{near, &polyGround{pts: []mgl64.Vec2{{wx(edge + c.width), 1e5}, {wx(edge + c.width), y0}, {wx(1e4), y0}}}}
					case pit:
						near.pts = []mgl64.Vec2{{wx(-1e4), y0}, {wx(edge), y0}, {wx(edge), y0 + c.floor}, {wx(edge + c.width), y0 + c.floor}, {wx(edge + c.width), y0}, {wx(1e4), y0}}
					}
					r, f := followerOn(t, g, mgl64.Vec2{wx(100), y0}, c.gravity)
					f.Probe = probe
					r.Facing = FacingRight
					if side < 0 {
						r.Facing = FacingLeft
					}
					dt := 1 / tps
					fellAt, landed, crouch := math.NaN(), false, 0.0
					n := int(5 * tps)
					for i := 0; i < n; i++ {
						if !f.Falling() && !landed { // the game stops walking while airborne
							r.Position[0] += side * speed * dt
						}
						wasFalling := f.Falling()
						r.Update(dt)
						x := side * (r.Position[0] - 1000)
						if f.Falling() && math.IsNaN(fellAt) {
							fellAt = x
						}
						if wasFalling && !f.Falling() {
							landed = true
						}
						crouch = math.Max(crouch, f.LandCrouch())
						if !num.FiniteVec(r.Position) || !num.FiniteVec(r.BodyOffset) {
							t.Fatalf("%s, %v TPS, probe %v, side %v: frame %d: position %v, body offset %v", name, tps, probe, side, i, r.Position, r.BodyOffset)
						}
						if !c.fall && (f.Falling() || r.Airborne() || r.Position[1] != y0) {
							t.Fatalf("%s, %v TPS, probe %v, side %v: at x %v: falling %v, y %v; want walked over at %v", name, tps, probe, side, x, f.Falling(), r.Position[1], y0)
						}
					}
					if !c.fall {
						continue
					}
					// The fall starts in the first frame with Position past
					// the rim.
					if !(fellAt > edge-1e-6 && fellAt <= edge+speed*dt+1e-6) {
						t.Errorf("%s, %v TPS, probe %v, side %v: fell at x %v, want in (%v, %v]", name, tps, probe, side, fellAt, edge, edge+speed*dt)
					}
					switch c.kind {
					case pit:
						if !landed || f.Falling() || math.Abs(r.Position[1]-(y0+c.floor)) > 1e-9 {
							t.Errorf("%s, %v TPS, probe %v, side %v: landed %v, falling %v, y %v; want landed on the floor at %v", name, tps, probe, side, landed, f.Falling(), r.Position[1], y0+c.floor)
						}
						// From rest, the landing speed is sqrt(2*g*floor) and
						// the crouch dips about 0.34*v/LandCrouchSpeed, at
						// most MaxLandCrouch (sampled at frames: up to 0.5
						// px less).
						v := math.Sqrt(2 * DefaultGravity * c.floor)
						want := math.Min(landDipMax(v, DefaultLandCrouchSpeed), DefaultMaxLandCrouch)
						if crouch > want+1e-9 || crouch < want-0.5 {
							t.Errorf("%s, %v TPS, probe %v, side %v: deepest landing crouch %v, want about %v", name, tps, probe, side, crouch, want)
						}
					default:
						// Still falling, from rest at fellAt's frame.
						if landed || !f.Falling() || !(f.FallSpeed() > 0) || f.FallSpeed() > DefaultGravity*5 {
							t.Errorf("%s, %v TPS, probe %v, side %v: landed %v, falling %v, speed %v; want still falling", name, tps, probe, side, landed, f.Falling(), f.FallSpeed())
						}
						if fallen := r.Position[1] - y0; math.Abs(fallen-f.FallSpeed()*f.FallSpeed()/(2*DefaultGravity)) > 1e-6*fallen {
							t.Errorf("%s, %v TPS, probe %v, side %v: fell %v px at %v px/s, want v^2/2g", name, tps, probe, side, fallen, f.FallSpeed())
						}
					}
				}
			}
		}
	}
}

// The follower's Update allocates nothing, also in frames where its ray
// misses and the span is sampled, and while it falls.
func TestGroundFollowerHoldAndFallAllocs(t *testing.T) {
	g := grounds{
		&polyGround{pts: []mgl64.Vec2{{-1e4, 300}, {200, 300}}},
		&polyGround{pts: []mgl64.Vec2{{240, 300}, {1e4, 300}}},
	}
	r, f := followerOn(t, g, mgl64.Vec2{150, 300}, 0)
	r.Update(1.0 / 60)
	r.Position[0] = 220 // over the 40 px gap: held by the span
	if a := testing.AllocsPerRun(100, func() { r.Update(1.0 / 60) }); a != 0 || f.Falling() {
		t.Errorf("held over a gap: %v allocs per frame, falling %v; want 0, false", a, f.Falling())
	}
	r.Position[0] = 2e4 // past the level's end: falling
	if a := testing.AllocsPerRun(100, func() { r.Update(1.0 / 60) }); a != 0 || !f.Falling() {
		t.Errorf("falling: %v allocs per frame, falling %v; want 0, true", a, f.Falling())
	}
}

// With the default Gravity (0) Jump uses DefaultGravity: it rises
// v^2/(2*DefaultGravity) and lands where it left.
func TestGroundFollowerJumpDefaultGravity(t *testing.T) {
	r, f := followerOn(t, flatGround(300), mgl64.Vec2{100, 300}, 0)
	r.Update(1.0 / 60)
	f.Jump(300)
	top := 300.0
	for i := 0; i < 120; i++ {
		r.Update(1.0 / 60)
		top = math.Min(top, r.Position[1])
	}
	if want := 300 * 300 / (2 * DefaultGravity); 300-top > want+1e-9 || 300-top < want-1 {
		t.Errorf("rose %v px, want at most and about %v", 300-top, want)
	}
	if f.Falling() || math.Abs(r.Position[1]-300) > 1e-9 {
		t.Errorf("after the jump: falling %v, y %v; want landed at 300", f.Falling(), r.Position[1])
	}
}

// landDipMax is the deepest landing crouch after a landing at speed v with
// crouch rate k (landDip's peak, where d/dx of (x/2 + c*x^2)*exp(-x) is 0:
// c*x^2 + (1/2 - 2c)*x - 1/2 = 0).
func landDipMax(v, k float64) float64 {
	c := landDipLate
	b := 0.5 - 2*c
	x := (-b + math.Sqrt(b*b+2*c)) / (2 * c)
	return landDip(v, k, x/k)
}
