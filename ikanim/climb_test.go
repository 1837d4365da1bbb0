package ikanim

import (
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/assets/levels"
	"github.com/ikanim/kit/ikanim/quality"
	"github.com/ikanim/kit/terrain"
)

// wallGround is a floor at y=400 left of x=300, a wall face at x=300 from
// y=400 up to y=100, and the wall's top at y=100 to the right: the top-left
// corner (300,100) is an outer corner.
func wallGround() *polyGround {
	return &polyGround{pts: []mgl64.Vec2{{0, 400}, {300, 400}, {300, 100}, {600, 100}}}
}

func newClimbBiped(t *testing.T, g Ground) (*Rig, *Climber) {
	t.Helper()
	def, err := NewBipedDef(BipedSizes{}, BipedSprites{})
	if err != nil {
		t.Fatal(err)
	}
	r := mustRig(t, def)
	r.Position = mgl64.Vec2{265, 380}
	c, err := NewBipedClimber(r, g)
	if err != nil {
		t.Fatal(err)
	}
	r.Add(c)
	return r, c
}

func TestClimberSticksToWallAtDistance(t *testing.T) {
	const wallX, speed = 300.0, 30.0
	r, c := newClimbBiped(t, wallGround())
	c.Speed = speed
	dt := 1.0 / 60
	held := make([]mgl64.Vec2, c.NumLimbs())
	wasHolding := make([]bool, c.NumLimbs())
	checked := 0
	for i := 0; i < 240; i++ { // 4 s: 120 px up, the hands stay below the top
		r.Position[1] -= speed * dt
		r.Update(dt)
		if i < 90 {
			continue // settle: body distance and limb fades
		}
		// The chest keeps at least Distance from the wall, farther only as
		// far as the knees and elbows need to stay out of it.
		chest := r.ToWorld(c.chest.Add(r.BodyOffset))
		if d := wallX - chest[0]; d < DefaultClimbDistance-1e-3 || d > DefaultClimbDistance+c.Clearance()+1 {
			t.Fatalf("frame %d: chest %v px from the wall, want %v plus at most the clearance %v", i, d, DefaultClimbDistance, c.Clearance())
		}
		for k := 0; k < c.NumLimbs(); k++ {
			bones := r.def.limbs[c.limbs[k].limb].bones
			if _, mid := r.Joint(bones[0]); mid[0] > wallX {
				t.Fatalf("frame %d limb %d: middle joint %v inside the wall (x > %v)", i, k, mid, wallX)
			}
		}
		for k := 0; k < c.NumLimbs(); k++ {
			ct := c.Limb(k)
			if !ct.Found || ct.Corner {
				t.Fatalf("frame %d limb %d: contact %+v, want the wall face", i, k, ct)
			}
			if ct.Holding {
				// On the wall, turned square to it, and still while holding:
				// the nearer of the effector joint and its bone's tip
				// Offset off the wall, neither closer (a foot whose bone
				// points into the wall holds with its toe).
				_, tip := r.Joint(r.def.limbs[c.limbs[k].limb].effector)
				clear := math.Min(wallX-ct.Target[0], wallX-tip[0])
				if math.Abs(clear-DefaultClimbOffset) > 1e-6 || !near2(ct.Normal, mgl64.Vec2{-1, 0}, 1e-12) {
					t.Fatalf("frame %d limb %d: holding at %v (tip %v, %v px clear) normal %v", i, k, ct.Target, tip, clear, ct.Normal)
				}
				if wasHolding[k] && !near2(ct.Target, held[k], 1e-9) {
					t.Fatalf("frame %d limb %d: hold slid from %v to %v", i, k, held[k], ct.Target)
				}
				l := r.LimbAt(c.limbs[k].limb)
				_, end := r.Joint(r.def.limbs[c.limbs[k].limb].bones[1])
				if l.CurrentWeight() == 1 && end.Sub(ct.Target).Len() > 1e-6 {
					t.Fatalf("frame %d limb %d: effector %v px from its hold", i, k, end.Sub(ct.Target).Len())
				}
				checked++
			}
			held[k], wasHolding[k] = ct.Target, ct.Holding
		}
	}
	if checked == 0 {
		t.Fatal("no holds checked")
	}
}

func TestClimberFindsTopOverOuterCorner(t *testing.T) {
	// Hands above the top of the wall: the forward rays miss, the side rays
	// find the top face.
	r, c := newClimbBiped(t, wallGround())
	hip := BipedHipHeight(BipedSizes{})
	r.Position = mgl64.Vec2{265, 100 + hip + 52 - 10} // hands' home 10 px above the top
	settle(r, 60)
	corners := 0
	for k := 0; k < 2; k++ { // the two hands
		ct := c.Limb(k)
		if !ct.Found || !ct.Corner {
			t.Errorf("hand %d: contact %+v, want found over the corner", k, ct)
			continue
		}
		corners++
		if math.Abs(ct.Point[1]-100) > 1e-9 || ct.Point[0] < 300 || ct.Point[0] > 300+DefaultCornerSteps*DefaultCornerStep {
			t.Errorf("hand %d: corner point %v, want on the top (y=100) just past x=300", k, ct.Point)
		}
		if !near2(ct.Normal, mgl64.Vec2{0, -1}, 1e-12) {
			t.Errorf("hand %d: normal %v, want up", k, ct.Normal)
		}
		// The hand is turned from the wall's normal (-forward, left on
		// screen) to the top's (up): a quarter turn clockwise on screen.
		if got := r.LimbAt(c.limbs[k].limb).EffectorRotation; math.Abs(got-math.Pi/2) > 1e-9 {
			t.Errorf("hand %d: effector rotation %v, want pi/2", k, got)
		}
	}
	// The feet are still on the wall face.
	for k := 2; k < 4; k++ {
		if ct := c.Limb(k); !ct.Found || ct.Corner {
			t.Errorf("foot %d: contact %+v, want the wall face", k, ct)
		}
	}
	if corners != 2 {
		t.Fatalf("%d hands over the corner", corners)
	}
}

func TestClimberClimbsOnResolvTerrain(t *testing.T) {
	w := loadClimbWorld(t)
	// climb.json: a wall face at x=760 from y=600 up to its top at y=200.
	r, c := newClimbBiped(t, w)
	r.Position = mgl64.Vec2{725, 580}
	c.Speed = 30
	dt := 1.0 / 60
	// The hands' home is 52 px above the hips (116 px above the origin):
	// climbing 285 px puts it 10 to 34 px above the top.
	for i := 0; i < 60*95/10; i++ {
		r.Position[1] -= 30 * dt
		r.Update(dt)
	}
	for k := 0; k < 2; k++ {
		if ct := c.Limb(k); !ct.Found || !ct.Corner || math.Abs(ct.Point[1]-200) > 1e-6 {
			t.Errorf("hand %d after climbing past the top: %+v, want on top of the wall (y=200)", k, ct)
		}
	}
}

func TestNewClimberErrors(t *testing.T) {
	def, _ := NewBipedDef(BipedSizes{}, BipedSprites{})
	for _, c := range []struct {
		l    ClimbLimbDef
		want string
	}{
		{ClimbLimbDef{Limb: "tail"}, "Limb"},
		{ClimbLimbDef{Limb: LimbLook}, "Effector"},
		{ClimbLimbDef{Limb: LimbArmNear, Phase: 1}, "Phase"},
		{ClimbLimbDef{Limb: LimbArmNear, Offset: -1}, "Offset"},
	} {
		if _, err := NewClimber(mustRig(t, def), nil, -80, c.l); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("NewClimber(%+v) error %v, want one naming %q", c.l, err, c.want)
		}
	}
}

// loadClimbWorld builds the world of assets/levels/climb.json.
func loadClimbWorld(t testing.TB) *terrain.World {
	t.Helper()
	data, err := levels.Open("climb.json")
	if err != nil {
		t.Fatal(err)
	}
	lv, err := terrain.ParseLevel(data)
	if err != nil {
		t.Fatal(err)
	}
	w, err := lv.Build()
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// The chest keeps Distance from the wall along the wall's normal (the
// article's AdjustBodyPos: hit point plus normal times the distance), not
// along forward: on a slab leaning back 25 degrees and on an overhang leaning
// in 15 degrees the chest ends Distance from the face's line, measured
// perpendicular to it, and a vertical wall keeps its square-on distance.
func TestClimberKeepsDistanceAlongTheWallNormal(t *testing.T) {
	for _, lean := range []float64{25, -15, 0} {
		tn := math.Tan(lean * math.Pi / 180)
		// The face runs from (300, 400) up to y 100, its x growing by tn
		// per px of height (leaning back for lean > 0).
		top := mgl64.Vec2{300 + 300*tn, 100}
		g := &polyGround{pts: []mgl64.Vec2{{0, 400}, {300, 400}, top, {top[0] + 300, 100}}}
		r, c := newClimbBiped(t, g)
		// The chest 40 px in front of the face at its height.
		r.Position = mgl64.Vec2{265, 330}
		r.Update(1.0 / 60)
		ch := r.ToWorld(c.chest)
		r.Position[0] += 300 + (400-ch[1])*tn - 40 - ch[0]
		settle(r, 240)
		chest := r.ToWorld(c.chest.Add(r.BodyOffset))
		// Distance from the chest to the face's line, perpendicular.
		a, b := mgl64.Vec2{300, 400}, top
		e := b.Sub(a).Normalize()
		d := chest.Sub(a)
		perp := math.Abs(d[0]*e[1] - d[1]*e[0])
		// Distance plus the clearance the knees need (both along the
		// normal; the rig stands still, so the body has settled).
		if want := DefaultClimbDistance + c.Clearance(); math.Abs(perp-want) > 1e-3 {
			t.Errorf("wall leaning %v degrees: chest %v px from the face along its normal, want %v (Distance %v + clearance %v)", lean, perp, want, DefaultClimbDistance, c.Clearance())
		}
		// Knees and elbows off the face's line, on its open side.
		for k := 0; k < c.NumLimbs(); k++ {
			_, mid := r.Joint(r.def.limbs[c.limbs[k].limb].bones[0])
			if d := mid.Sub(a); d[0]*e[1]-d[1]*e[0] < DefaultClimbOffset-1e-3 {
				t.Errorf("wall leaning %v degrees: limb %d middle joint %v only %v px off the face, want >= %v", lean, k, mid, d[0]*e[1]-d[1]*e[0], DefaultClimbOffset)
			}
		}
	}
}

// The climber keeps its limbs out of the wall by itself: it sets their
// Limb.Solids to its ground (a limb with Solids of its own keeps them;
// NoLimbSolids leaves them alone), and Release and Handoff clear the ones
// it set.
func TestClimberSetsLimbSolids(t *testing.T) {
	g := wallGround()
	other := &polyGround{pts: []mgl64.Vec2{{0, 1000}, {1000, 1000}}}
	for _, end := range []string{"Release", "Handoff"} {
		r, c := newClimbBiped(t, g)
		near := r.Limb(LimbArmNear)
		near.Solids = other
		settle(r, 30)
		for k := 0; k < c.NumLimbs(); k++ {
			l := &r.limbs[c.limbs[k].limb]
			want := Ground(g)
			if l == near {
				want = other
			}
			if l.Solids != want {
				t.Errorf("%s: climbing limb %s has Solids %v, want %v", end, l.Name(), l.Solids, want)
			}
		}
		if end == "Release" {
			c.Release()
		} else {
			c.Handoff()
		}
		for k := 0; k < c.NumLimbs(); k++ {
			l := &r.limbs[c.limbs[k].limb]
			if l != near && l.Solids != nil {
				t.Errorf("after %s: limb %s still has the climber's Solids", end, l.Name())
			}
		}
		if near.Solids != other {
			t.Errorf("after %s: the limb's own Solids were replaced", end)
		}
	}
	r, c := newClimbBiped(t, g)
	c.NoLimbSolids = true
	settle(r, 30)
	for k := 0; k < c.NumLimbs(); k++ {
		if l := &r.limbs[c.limbs[k].limb]; l.Solids != nil {
			t.Errorf("NoLimbSolids: limb %s has Solids set", l.Name())
		}
	}
}

// Climbing limbs, holding or moving, turn within TurnSpeed (the default
// scaled by the climb's speed above 40 px/s).
func TestClimberTurnSpeed(t *testing.T) {
	for _, speed := range []float64{30, 80} {
		r, c := newClimbBiped(t, wallGround())
		c.Speed = speed
		held, moved := 0, 0
		for f := 0; f < 240; f++ {
			r.Update(1.0 / 60)
			for k := 0; k < c.NumLimbs(); k++ {
				l := &r.limbs[c.limbs[k].limb]
				want := DefaultClimbTurnSpeed * math.Max(1, speed/40)
				if c.Limb(k).Holding {
					held++
				} else {
					moved++
				}
				if l.MaxTurnSpeed != want {
					t.Fatalf("speed %v, frame %d: limb %s (holding %v) MaxTurnSpeed %v, want %v", speed, f, l.Name(), c.Limb(k).Holding, l.MaxTurnSpeed, want)
				}
			}
		}
		if held == 0 || moved == 0 {
			t.Errorf("speed %v: %d holding and %d moving limb frames, want both", speed, held, moved)
		}
	}
}

// On a wall with bumps (trapezoids 7 px deep, at the heights of a new
// user's trial) the chest's ray and
// the knees' clearance jump from bump to bump; the body follows at most
// climbBodyMaxSpeed (it jumped 10-14 px in a frame in a new user's trial).
func TestClimberBodySpeedOnBumps(t *testing.T) {
	pts := []mgl64.Vec2{{0, 400}, {300, 400}}
	for _, y := range []float64{360, 310, 272, 230, 190, 150} {
		pts = append(pts, mgl64.Vec2{300, y + 6}, mgl64.Vec2{293, y + 3}, mgl64.Vec2{293, y - 3}, mgl64.Vec2{300, y - 6})
	}
	pts = append(pts, mgl64.Vec2{300, 100}, mgl64.Vec2{600, 100})
	r, c := newClimbBiped(t, &polyGround{pts: pts})
	c.Speed = 40
	dt := 1.0 / 60
	last, worst := r.BodyOffset, 0.0
	for f := 0; f < 360; f++ {
		r.Position[1] -= 40 * dt
		r.Update(dt)
		worst = math.Max(worst, r.BodyOffset.Sub(last).Len())
		last = r.BodyOffset
	}
	t.Logf("body moved at most %.3f px in a frame", worst)
	if worst > 150*dt+1e-9 { // 7.95 px without the bound
		t.Errorf("the body moved %.3f px in a frame, want <= %.3f (150 px/s)", worst, 150*dt)
	}
	if worst < 0.5 {
		t.Errorf("the body moved at most %.3f px in a frame: the bumps did not move it", worst)
	}
}

// On walls with bumps (trapezoids 4, 7 and 10 px deep, 12 px tall, at the
// heights of a new user's trial), no hand or foot holds on a bump's
// underside (its normal pointing down): a foot there stood 10 px below
// the bump turned to face the ground, and its next swing started with a
// jump that the turn-limited leg followed through the bump (9-10 px of
// foot in the rock). Bones in the rock, 4/7/10 px bumps, from 1 s on (the
// first holds engaged): 1.40/1.37/3.69 px (the near knee on the 10 px
// bumps) and 5.30/6.96/7.58 px in the first second (engaging from
// standing), until the engaging limbs took over at once instead of fading
// in from the animated pose (a blend of angles swept the hands through the
// bumps), the chest stopped taking a bump's underside for the wall (its
// normal sent the next chest ray off the wall and held the body, a knee in
// the bump above, for a second), the knees and elbows cleared what stands
// out in front of them, not only the hold's plane, the hands and feet what
// stands out in front of them and of where their path goes in 0.1 s, and
// the turn limit moved the whole chain by one share of its turn: 0.00/0.74/
// 1.76 px from 1 s on (a swinging foot's toe passing a bump's corner) and
// 0.05/3.04/4.44 px in the first second (the hands engaging past the bumps,
// lagging under the turn limit). The joint pop stays at the turn limit's
// 12 deg/frame (as before). Since the turn limit bounds each bone's angle
// from the limb's base too (a forearm no longer turns by the shoulder's
// and the elbow's limit together), the limbs lag a little more: 0.00/
// 1.00/2.68 px from 1 s on (the far hand and the near foot passing a
// bump's corner) and 0.00/3.07/4.47 px in the first second.
func TestClimberHoldsOffBumpUndersides(t *testing.T) {
	for _, bound := range []struct{ depth, late, first float64 }{{4, 0.5, 0.5}, {7, 1, 3.5}, {10, 3, 5}} {
		depth := bound.depth
		pts := []mgl64.Vec2{{0, 400}, {300, 400}}
		var sol quality.Solids
		for _, y := range []float64{360, 310, 272, 230, 190, 150} {
			q := []mgl64.Vec2{{300, y + 6}, {300 - depth, y + 3}, {300 - depth, y - 3}, {300, y - 6}}
			pts = append(pts, q...)
			sol.AddPolygon(q)
		}
		pts = append(pts, mgl64.Vec2{300, 100}, mgl64.Vec2{600, 100})
		sol.AddPolygon([]mgl64.Vec2{{300, 100}, {600, 100}, {600, 500}, {300, 500}})
		sol.AddPolygon([]mgl64.Vec2{{0, 400}, {300, 400}, {300, 500}, {0, 500}})
		sol.Build()
		r, c := newClimbBiped(t, &polyGround{pts: pts})
		c.Speed = 40
		dt := 1.0 / 60
		worst, late := 0.0, 0.0
		under := 0
		last := make([]float64, r.def.NumBones())
		pop := 0.0 // largest change of a bone's local angle in a frame, degrees
		for f := 0; f < 360; f++ {
			r.Position[1] -= 40 * dt
			r.Update(dt)
			for b := range last {
				if f > 0 {
					pop = math.Max(pop, math.Abs(math.Remainder(r.local[b]-last[b], 2*math.Pi))*180/math.Pi)
				}
				last[b] = r.local[b]
			}
			for k := 0; k < c.NumLimbs(); k++ {
				if l := c.Limb(k); l.Holding && !l.Corner && l.Normal[1] > climbUndersideSin {
					under++
				}
			}
			for b := 0; b < r.def.NumBones(); b++ {
				s, e := r.Joint(b)
				d := sol.SegmentDepth(s, e, 0.5)
				worst = math.Max(worst, d)
				if f >= 60 {
					late = math.Max(late, d)
				}
			}
		}
		t.Logf("bumps %2.0f px: deepest bone point %.2f px from 1 s on (%.2f in the first second); %d limb frames holding an underside; joint pop %.2f deg/frame", depth, late, worst, under, pop)
		// The climbing limbs' turn limit (12 deg a frame at 60 TPS) bounds
		// every joint, the engage from standing included.
		if pop > 12+1e-6 {
			t.Errorf("bumps %.0f px: joint pop %.2f deg/frame, want <= 12", depth, pop)
		}
		if under != 0 {
			t.Errorf("bumps %.0f px: %d limb frames holding an underside, want 0", depth, under)
		}
		if late > bound.late || worst > bound.first {
			t.Errorf("bumps %.0f px: a bone %.2f px in the rock after the first second (want <= %v), %.2f in the first (want <= %v)", depth, late, bound.late, worst, bound.first)
		}
	}
}
