package ikanim

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// groundTopAt is the height (screen y) of the highest edge of the polyline
// ground g at x: hand geometry, not a ray.
func groundTopAt(g *polyGround, x float64) (float64, bool) {
	top, ok := math.Inf(1), false
	for i := 0; i+1 < len(g.pts); i++ {
		a, b := g.pts[i], g.pts[i+1]
		if a[0] == b[0] || x < math.Min(a[0], b[0]) || x > math.Max(a[0], b[0]) {
			continue
		}
		top, ok = math.Min(top, a[1]+(x-a[0])/(b[0]-a[0])*(b[1]-a[1])), true
	}
	return top, ok
}

// soleAgainst samples the sole of foot bone f every 0.05 px and returns the
// deepest point below g (sunk, >= 0) and the smallest gap above it.
func soleAgainst(r *Rig, f int, g *polyGround) (sunk, gap float64) {
	gap = math.Inf(1)
	for x := -4.0; x <= 14; x += 0.05 {
		p := solePoint(r, f, x, 5)
		top, ok := groundTopAt(g, p[0])
		if !ok {
			continue
		}
		sunk = math.Max(sunk, p[1]-top)
		gap = math.Min(gap, top-p[1])
	}
	return sunk, gap
}

// By default (not OneRay) the foot rests on the highest ground under its whole sole
// (also where only the rays between heel, ankle and toe find it, on a post
// between two slots), and over level surfaces it stays level, across a step
// edge too:
// on a tooth, a step's corner, a boulder or a tooth's tip between its rays, no
// point of the sole is below the ground and the sole touches it. The near
// foot of the double-support stance spans x 210 to 228 (rays at 210, 214.5,
// 219, 223.5 and 228); the far foot stands on the flat floor at y 300. (A
// feature narrower than the rays' spacing, a quarter of the sole, can fall
// between two rays unseen; where a curve meets a floor between two rays, the
// curve can stand a few hundredths of a px above the sole.)
func TestGrounderWholeSoleRestsOnTheHighestGround(t *testing.T) {
	// circle is the floor at y 300 with a boulder of centre (cx, cy) and
	// radius r standing out of it (the arc as 64 segments).
	circle := func(cx, cy, r float64) []mgl64.Vec2 {
		half := math.Sqrt(r*r - (300-cy)*(300-cy))
		pts := []mgl64.Vec2{{-1e4, 300}}
		for i := 0; i <= 64; i++ {
			x := cx - half + 2*half*float64(i)/64
			pts = append(pts, mgl64.Vec2{x, math.Min(300, cy-math.Sqrt(math.Max(0, r*r-(x-cx)*(x-cx))))})
		}
		return append(pts, mgl64.Vec2{1e4, 300})
	}
	for _, c := range []struct {
		name  string
		pts   []mgl64.Vec2
		level bool // every surface under the sole is level: the foot must be too
	}{
		{"tooth across the middle rays", []mgl64.Vec2{{-1e4, 300}, {217, 300}, {220, 296}, {223, 300}, {1e4, 300}}, false},
		{"tooth tip between two rays", []mgl64.Vec2{{-1e4, 300}, {216, 300}, {221, 294}, {226, 300}, {1e4, 300}}, false},
		{"step up under the sole", []mgl64.Vec2{{-1e4, 300}, {221, 300}, {221, 292}, {1e4, 292}}, true},
		{"step down under the sole", []mgl64.Vec2{{-1e4, 300}, {200, 300}, {200, 292}, {217, 292}, {217, 300}, {1e4, 300}}, true},
		// Heel, ankle and toe (x 210, 214 and 228) over two slots; only the
		// post between them (x 216 to 225) holds the foot.
		{"post between two slots", []mgl64.Vec2{{-1e4, 300}, {208, 300}, {208, 400}, {216, 400}, {216, 300}, {225, 300}, {225, 400}, {232, 400}, {232, 300}, {1e4, 300}}, true},
		{"convex slope edge", []mgl64.Vec2{{-1e4, 300}, {218, 300}, {238, 320}, {1e4, 320}}, false},
		{"boulder", circle(219, 330, 34), false},
		{"sawtooth", []mgl64.Vec2{{-1e4, 300}, {208, 300}, {213, 297}, {216, 300}, {221, 296}, {225, 300}, {1e4, 300}}, false},
	} {
		g := &polyGround{pts: c.pts}
		r, gr := groundedBiped(t, g, mgl64.Vec2{200, 300}, true)
		r.Source = stanceSource()
		settle(r, 300)
		near := r.def.BoneIndex(BoneFootNear)
		sunk, gap := soleAgainst(r, near, g)
		if sunk > 0.1 || gap > 0.1 {
			t.Errorf("%s: the sole is %.3f px below the ground at its deepest and %.3f px above it at its lowest, want <= 0.1 and touching (<= 0.1)", c.name, sunk, gap)
		}
		// Leg 1 is the near leg.
		if l := gr.Leg(1); c.level && (!l.Grounded || math.Abs(l.Angle) > 1e-9) {
			t.Errorf("%s: near foot grounded %v at %.4f rad over level surfaces only, want grounded and level (0)", c.name, l.Grounded, l.Angle)
		}
	}
}

// A foot whose ground lies above it by more than MaxStep is raised by
// MaxStep (left where the animation put it, it would be deeper in the
// ground); one whose ground lies further below stays animated.
func TestGrounderMaxStepUpRaisesByMaxStep(t *testing.T) {
	g := flatGround(262) // 38 px above the animated soles at y 300
	r, gr := groundedBiped(t, g, mgl64.Vec2{200, 300}, false)
	r.Source = stanceSource()
	gr.MaxStep = 30
	settle(r, 120)
	for i := 0; i < 2; i++ {
		if l := gr.Leg(i); !l.Grounded || l.Offset != 30 {
			t.Errorf("leg %d: grounded %v offset %v with the ground 38 px up and MaxStep 30, want true and 30", i, l.Grounded, l.Offset)
		}
	}
}

// A swinging foot moves continuously up a flight of steps (the rules of
// Grounder.swing): walking at 60 px/s and 60 TPS up risers of 20 px, a
// lifted foot's offset changes by at most 8 px a frame (it jumped by 17 px,
// most of a riser, the frame a sole ray crossed the edge) and its angle by at
// most 0.1 rad (it tipped by 45 degrees at once), and no point of its sole
// goes below the ground. (Down a flight a foot landing just past an edge
// still drops fast near touch-down: the landing bound, LandSlope, wins.)
func TestGrounderSwingingFootMovesContinuously(t *testing.T) {
	pts := []mgl64.Vec2{{-1e4, 300}}
	y := 300.0
	for i, x := 0, 260.0; i < 3; i, x = i+1, x+48 {
		ny := y - 20
		pts = append(pts, mgl64.Vec2{x, y}, mgl64.Vec2{x, ny})
		y = ny
	}
	g := &polyGround{pts: append(pts, mgl64.Vec2{1e4, y})}
	def, err := NewBipedDef(BipedSizes{}, BipedSprites{})
	if err != nil {
		t.Fatal(err)
	}
	r := mustRig(t, def)
	r.Position = mgl64.Vec2{150, 300}
	fol, _ := NewGroundFollower(r, g)
	fol.Probe = 24
	gr, err := NewGrounder(r, g, BipedGrounderLegs()...)
	if err != nil {
		t.Fatal(err)
	}
	r.Source = &WalkCycle{}
	r.Add(fol, gr)
	feet := [2]int{def.BoneIndex(BoneFootFar), def.BoneIndex(BoneFootNear)}
	var prev [2]LegState
	var worstOff, worstAng, sunk float64
	for i := 0; i < 600 && r.Position[0] < 460; i++ {
		r.Position[0] += 1
		r.Update(1.0 / 60)
		for k := range 2 {
			l := gr.Leg(k)
			if i > 0 && l.Grounded && prev[k].Grounded && l.Lift > 0.5 && prev[k].Lift > 0.5 {
				worstOff = math.Max(worstOff, math.Abs(l.Offset-prev[k].Offset))
				worstAng = math.Max(worstAng, math.Abs(l.Angle-prev[k].Angle))
			}
			prev[k] = l
			for x := -4.0; x <= 14; x += 0.25 {
				p := solePoint(r, feet[k], x, 5)
				if top, ok := groundTopAt(g, p[0]); ok {
					sunk = math.Max(sunk, p[1]-top)
				}
			}
		}
	}
	if worstOff > 8 || worstAng > 0.1+1e-9 || sunk > 0.1 {
		t.Errorf("lifted feet: largest offset change %.2f px/frame, angle change %.3f rad/frame, sole %.3f px below the ground, want <= 8, <= 0.1 and <= 0.1", worstOff, worstAng, sunk)
	}
}

// Walking off a ledge deeper than a step with the default settings (a
// WalkCycle, a GroundFollower with Probe 24, a Grounder): no foot plants on
// air (a landing predicted over the drop moves back onto the ledge), the
// body falls once Position is over the drop, the feet hang while it falls
// (no leg grounded), and it lands on the floor below and walks on, feet
// planted on it.
func TestGrounderWalksOffALedge(t *testing.T) {
	// Ten phases of the walk at the ledge: starts 4 px apart over one step.
	for start := 100.0; start < 140; start += 4 {
		walkOffLedge(t, start)
	}
}

func walkOffLedge(t *testing.T, start float64) {
	g := &polyGround{pts: []mgl64.Vec2{{-1e4, 300}, {200, 300}, {200, 360}, {1e4, 360}}}
	def, err := NewBipedDef(BipedSizes{}, BipedSprites{})
	if err != nil {
		t.Fatal(err)
	}
	r := mustRig(t, def)
	r.Position = mgl64.Vec2{start, 300}
	fol, _ := NewGroundFollower(r, g)
	fol.Probe = 24
	gr, err := NewGrounder(r, g, BipedGrounderLegs()...)
	if err != nil {
		t.Fatal(err)
	}
	w := &WalkCycle{}
	r.Source = w
	r.Add(fol, gr)
	feet := [2]int{def.BoneIndex(BoneFootFar), def.BoneIndex(BoneFootNear)}
	var worstGap float64
	fell, landed := false, false
	for i := 0; i < 360; i++ {
		r.Position[0] += 1
		r.Update(1.0 / 60)
		if r.Airborne() {
			fell = true
			for k := range 2 {
				if gr.Leg(k).Grounded {
					t.Fatalf("start %v, frame %d: leg %d grounded while the body falls", start, i, k)
				}
			}
			continue
		}
		if fell {
			landed = true
		}
		for k := range 2 {
			if !w.Planted(1-k, r.Time) {
				continue
			}
			gap := math.Inf(1)
			for x := -4.0; x <= 14; x += 0.25 {
				p := solePoint(r, feet[k], x, 5)
				if top, ok := groundTopAt(g, p[0]); ok {
					gap = math.Min(gap, top-p[1])
				}
			}
			worstGap = math.Max(worstGap, gap)
		}
	}
	if !fell || !landed || math.Abs(r.Position[1]-360) > 1e-6 {
		t.Errorf("start %v: fell %v, landed %v, y %v at the end; want true, true, 360", start, fell, landed, r.Position[1])
	}
	if worstGap > 1 {
		t.Errorf("start %v: a planted foot %.2f px above the ground under it, want <= 1 (no foot planted on air)", start, worstGap)
	}
}
