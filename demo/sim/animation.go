package sim

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim"
	"github.com/ikanim/kit/ikanim/creature"
	"github.com/ikanim/kit/ikanim/ik"
	"github.com/ikanim/kit/ikanim/quality"
	"github.com/ikanim/kit/terrain"
)

// The animation scene's stage: a floor with a gentle rise, a lever and a
// hanging orb out of normal reach.
const animLevel = `{"name": "animation", "width": 1600, "height": 720, "entries": [
	{"kind": "polyline", "points": [[0, 560], [480, 560], [560, 548], [640, 548], [720, 560], [1600, 560]], "bottom": 720, "tags": ["ground"]}
]}`

// Animation scene places and tunables.
var (
	// AnimLever is the lever's pivot, AnimOrb the orb's centre.
	AnimLever = mgl64.Vec2{1300, 560}
	AnimOrb   = mgl64.Vec2{910, 415}
)

const (
	animStartX = 200.0
	animOrbX   = 860.0  // where the hero stands to reach for the orb
	animLeverX = 1268.0 // where it stands to pull the lever
	// AnimWalkSpeed is the walk's speed, px/s (the Blend1D's walk child).
	AnimWalkSpeed = 60.0
	animAccel     = 160.0 // px/s^2, speeding up and slowing down
	animStretch   = 1.9   // the far arm's LimbDef.Stretch
	// The wind on the scarf and the tail: a breeze and gusts, px/s^2.
	animBreeze = 60.0
	animGust   = 520.0
	// The scarf and tail in this scene: tail links.
	tailBones = 7
	tailLink  = 9.0
)

// AnimAction is what the hero of the animation scene is doing.
type AnimAction int

const (
	AnimMove   AnimAction = iota // idle, walk or run (the Blend1D)
	AnimStrike                   // the strike clip
	AnimPull                     // the lever pull clip
	AnimReach                    // standing, the far arm reaching
)

func (a AnimAction) String() string {
	return [...]string{"move", "strike", "pull the lever", "reach"}[a]
}

// Animation is the animation scene: a humanoid whose Source is an
// AnimState of three tracks (0: the locomotion Blend1D of idle, WalkCycle
// and a run, crossfading to a strike or to a lever pull that keys its hand
// in world space; 1: a wave masked to the near arm; 2: an additive lean
// weighted by speed and acceleration), its feet on a Grounder, a scarf and
// a tail on SpringBones in gusting wind (the tail drags on the ground), the
// far arm a stretchy limb reaching for the pointer or the orb; and a spider
// with SpringChain antennae. Left alone it runs a script: idle, run to the
// orb and reach, strike, walk to the lever waving, pull, run back.
type Animation struct {
	World         *terrain.World
	Width, Height float64

	Hero     *ikanim.Rig
	State    *ikanim.AnimState
	Loco     *ikanim.Blend1D
	Grounder *ikanim.Grounder
	Follower *ikanim.GroundFollower
	Scarf    *ikanim.SpringBones
	Tail     *ikanim.SpringBones
	Reach    *ikanim.Limb // the stretchy far arm
	Spider   *creature.Creature
	Antennae *Antennae

	// Clips, by name.
	Idle, Run, Strike, Wave, Lean, Pull *ikanim.Clip
	Walk                                *ikanim.WalkCycle

	// TopSpeed is the speed the player moves the hero at, px/s (Faster
	// and Slower change it; the script has its own).
	TopSpeed float64
	// Gusts turns the gusting wind on (a breeze only when off).
	Gusts bool
	// Lever is the handle's angle now.
	Lever float64
	// Flash is the last event's name and how long it still shows, s.
	Flash     string
	FlashLeft float64

	action   AnimAction
	actionT  float64
	speed    float64 // signed, px/s
	lean     float64 // the lean track's weight, smoothed
	waving   bool
	time     float64
	wind     float64
	script   int
	scriptT  float64
	stepDone bool // the script step's one-off is done
	// The player: manual control left, steering, and pointer.
	manual    float64
	steer     float64
	goal      float64 // the x to walk to (NaN: none)
	then      AnimAction
	pointer   mgl64.Vec2
	hasPoint  bool
	reaching  bool
	pulls     int
	strikes   int
	events    int
	stretch   float64 // the far arm's largest scale
	reachErr  float64 // the far arm's distance from a reachable target, last reach
	eventName []string

	meter      quality.Meter
	stance     [2]quality.Stance
	bend       [2]quality.Bend
	body       quality.Delta
	pops       []quality.AngleDelta
	legs       [2]limb
	mixPop     float64 // largest joint pop in frames with a crossfade, deg
	turned     bool
	tailPen    float64 // deepest tail or scarf joint below the ground, px
	slipNow    float64 // the largest stance slip so far this stance, px
	spiderLegs legTrack
}

// animBipedDef is the scene's humanoid: the biped template with the scarf,
// a tail from the hips, and a far arm that may stretch to 1.9 times its
// length.
func (a *Art) animBipedDef() (*ikanim.RigDef, error) {
	bones := ikanim.BipedBones(ikanim.BipedSizes{}, a.Biped)
	n := len(bones)
	scarf := scarfDefs(bones[0].Length, a.Scarf)
	for i := range scarf {
		if i > 0 {
			scarf[i].Parent = n + i - 1
		}
	}
	bones = append(bones, scarf...)
	hips := 2 // the template's hips bone: zero length, pointing down
	lim := func(deg float64) ik.Limit {
		return ik.Limit{Min: -deg * math.Pi / 180, Max: deg * math.Pi / 180, Enabled: true}
	}
	for i := 0; i < tailBones; i++ {
		b := ikanim.BoneDef{Name: TailBone(i), Parent: len(bones) - 1, Attach: mgl64.Vec2{tailLink, 0}, Length: tailLink, Rest: 0.14, Limit: lim(55), Sprite: a.Tail, Layer: -3}
		if i == 0 {
			// From the hips, 4 px down and 5 back; pointing back and down.
			b.Parent, b.Attach, b.Rest, b.Limit = hips, mgl64.Vec2{4, 5}, 0.95, lim(100)
			b.Limit.Min, b.Limit.Max = 0.95-1.4, 0.95+1.0
		}
		bones = append(bones, b)
	}
	limbs := ikanim.BipedLimbs()
	for i := range limbs {
		if limbs[i].Name == ikanim.LimbArmFar {
			limbs[i].Stretch = animStretch
		}
	}
	return ikanim.NewRigDef(bones, limbs)
}

// TailBone is the name of the tail's bone i (0 at the hips).
func TailBone(i int) string {
	return [...]string{"tail0", "tail1", "tail2", "tail3", "tail4", "tail5", "tail6"}[i]
}

// NewAnimation builds the animation scene.
func NewAnimation(art Art) (*Animation, error) {
	lv, err := terrain.ParseLevel([]byte(animLevel))
	if err != nil {
		return nil, err
	}
	w, err := lv.Build()
	if err != nil {
		return nil, err
	}
	def, err := art.animBipedDef()
	if err != nil {
		return nil, err
	}
	s := &Animation{World: w, Width: lv.Width, Height: lv.Height, TopSpeed: AnimWalkSpeed, Gusts: true, Lever: LeverRest, goal: math.NaN()}
	clip := func(f *ikanim.ClipSpec) *ikanim.Clip {
		if err != nil {
			return nil
		}
		var c *ikanim.Clip
		c, err = f.Build(def)
		return c
	}
	s.Idle, s.Run, s.Strike = clip(idleClip()), clip(runClip(def)), clip(strikeClip())
	s.Wave, s.Lean, s.Pull = clip(waveClip()), clip(leanClip()), clip(pullClip())
	if err != nil {
		return nil, err
	}
	s.Walk = &ikanim.WalkCycle{}
	if s.Loco, err = ikanim.NewBlend1D(def,
		ikanim.BlendChild{Source: s.Idle, At: 0},
		ikanim.BlendChild{Source: s.Walk, At: AnimWalkSpeed},
		ikanim.BlendChild{Source: s.Run, At: RunSpeed, Speed: RunSpeed}); err != nil {
		return nil, err
	}
	s.Loco.FollowSpeed = true
	// The scene changes speed smoothly (animAccel), so the blend may follow
	// the speed quickly: with the default pop guard (5 rad/s) a blend
	// whose bones move with the change (a stride under way) waits for
	// them, and the pose lagged the speed by up to 100 px/s when slowing
	// from a run, its planted feet sliding up to 28 px. With the guard off
	// the stop at a goal (from 10 px/s to 0 in one frame) took the walk's
	// share of the blend away at once, a knee turning 5.7 degrees in one
	// frame at 144 TPS (820 degrees/s); at 9 rad/s neither happens.
	s.Loco.MaxBlendSpeed = 9
	if s.State, err = ikanim.NewAnimState(def, 3); err != nil {
		return nil, err
	}
	st := s.State
	mask, err := ikanim.NewBoneMask(def, ikanim.BoneUpperArmNear)
	if err != nil {
		return nil, err
	}
	st.Track(1).Mask = mask
	st.Track(2).Additive = true
	for _, m := range []struct {
		from, to ikanim.PoseSource
		d        float64
	}{{s.Loco, s.Strike, 0.15}, {s.Strike, s.Loco, 0.3}, {s.Loco, s.Pull, 0.35}, {s.Pull, s.Loco, 0.4}} {
		if err := st.SetMix(m.from, m.to, m.d); err != nil {
			return nil, err
		}
	}
	st.Play(0, s.Loco)
	st.Play(2, s.Lean)
	st.Track(2).Weight = 0

	if s.Hero, err = ikanim.NewRig(def); err != nil {
		return nil, err
	}
	r := s.Hero
	r.Source = st
	if s.Follower, err = ikanim.NewGroundFollower(r, w); err != nil {
		return nil, err
	}
	s.Follower.Probe = walkProbe
	if s.Grounder, err = ikanim.NewGrounder(r, w, ikanim.BipedGrounderLegs()...); err != nil {
		return nil, err
	}
	s.Grounder.FootSpeed = walkFootSpeed
	s.Grounder.BodySpeed, s.Grounder.BodyMaxSpeed = walkBodySpeed, walkBodyMax
	r.Add(s.Follower, s.Grounder)
	if s.Scarf, err = addScarf(r, w); err != nil {
		return nil, err
	}
	names := make([]string, tailBones)
	for i := range names {
		names[i] = TailBone(i)
	}
	if s.Tail, err = ikanim.NewSpringBones(r, w, names...); err != nil {
		return nil, err
	}
	s.Tail.Stiffness, s.Tail.Damping, s.Tail.Radius = 70, 10, 2.5
	s.Tail.Gravity = mgl64.Vec2{0, 320}
	r.Add(s.Tail)
	s.Reach = r.MustLimb(ikanim.LimbArmFar)
	r.Teleport(mgl64.Vec2{animStartX, 560})

	kinds, err := creatureKinds(art)
	if err != nil {
		return nil, err
	}
	at := mgl64.Vec2{420, 560 - levelsSpiderLift}
	if s.Spider, err = creature.New(kinds[0], at, w); err != nil {
		return nil, err
	}
	s.Spider.Place(at, mgl64.Vec2{0, -1})
	s.Spider.SetPath([]mgl64.Vec2{{1450, 534}, {120, 534}}, true)
	if s.Antennae, err = newAntennae(s.Spider, w); err != nil {
		return nil, err
	}
	s.pops = make([]quality.AngleDelta, bipedBones)
	s.legs = [2]limb{bipedLegFar(def), bipedLegNear(def)}
	s.meter.Creatures = 1
	return s, nil
}

// The script the scene runs by itself, step by step.
const (
	scriptIdle = iota
	scriptToOrb
	scriptReach
	scriptStrike
	scriptToLever
	scriptPull
	scriptBack
	scriptSteps
)

// Steer is the player's input for this frame: -1 walks left, +1 right, at
// TopSpeed; 0 lets the hero slow to a stop (and, after a while, run its
// script again).
func (s *Animation) Steer(dir float64) {
	if dir != 0 {
		s.manual, s.steer, s.goal = manualWait, math.Copysign(1, dir), math.NaN()
	}
}

// Faster and Slower change TopSpeed by 20 px/s, within [20, 200].
func (s *Animation) Faster() { s.TopSpeed = math.Min(200, s.TopSpeed+20) }

// Slower: see Faster.
func (s *Animation) Slower() { s.TopSpeed = math.Max(20, s.TopSpeed-20) }

// Manual reports whether the player has control.
func (s *Animation) Manual() bool { return s.manual > 0 }

// Action returns what the hero is doing and for how long, s.
func (s *Animation) Action() (AnimAction, float64) {
	if s.action == AnimMove && s.reaching {
		return AnimReach, s.actionT
	}
	return s.action, s.actionT
}

// Speed returns the hero's speed along x, px/s.
func (s *Animation) Speed() float64 { return s.speed }

// Waving reports whether the wave track plays.
func (s *Animation) Waving() bool { return s.waving }

// LeanWeight returns the additive lean track's weight.
func (s *Animation) LeanWeight() float64 { return s.lean }

// Wind returns the wind on the scarf now, px/s^2 toward -x.
func (s *Animation) Wind() float64 { return s.wind }

// take gives the player control for a while: the script pauses.
func (s *Animation) take() { s.manual = manualWait }

// StrikeNow crossfades to the strike (the player's K), if the hero is free.
func (s *Animation) StrikeNow() {
	s.take()
	s.strike()
}

// ToggleWave starts or stops the wave on the near arm (the player's V).
func (s *Animation) ToggleWave() {
	s.take()
	s.wave(!s.waving)
}

// PullLever walks the hero to the lever and pulls it (the player's U).
func (s *Animation) PullLever() {
	s.take()
	s.goTo(animLeverX, AnimPull)
}

// SetTarget has the far arm reach for p (world), stretching when it must.
func (s *Animation) SetTarget(p mgl64.Vec2) { s.pointer, s.hasPoint = p, true }

// ReleaseTarget gives the far arm back (to the script's orb).
func (s *Animation) ReleaseTarget() { s.hasPoint = false }

// ReachTarget returns what the far arm reaches for, if anything.
func (s *Animation) ReachTarget() (mgl64.Vec2, bool) {
	switch {
	case s.hasPoint:
		return s.pointer, true
	case s.reaching:
		return AnimOrb, true
	}
	return mgl64.Vec2{}, false
}

func (s *Animation) goTo(x float64, then AnimAction) {
	s.goal, s.then, s.steer = x, then, 0
}

func (s *Animation) strike() {
	if s.action != AnimMove {
		return
	}
	s.State.Play(0, s.Strike)
	s.State.Queue(0, s.Loco, 0)
	s.setAction(AnimStrike)
	s.strikes++
}

func (s *Animation) pull() {
	if s.action != AnimMove {
		return
	}
	s.wave(false)
	s.Hero.Facing = ikanim.FacingRight
	e := s.State.Play(0, s.Pull)
	e.Origin = AnimLever
	s.State.Queue(0, s.Loco, 0)
	s.setAction(AnimPull)
	s.pulls++
}

func (s *Animation) wave(on bool) {
	if on == s.waving {
		return
	}
	s.waving = on
	if on {
		s.State.Play(1, s.Wave)
	} else {
		s.State.Stop(1, 0.3)
	}
}

func (s *Animation) setAction(a AnimAction) { s.action, s.actionT = a, 0 }

// Step advances the scene by dt and measures it.
func (s *Animation) Step(dt float64) {
	s.Advance(dt)
	s.measure(dt)
}

// Advance runs the script (or the player's control), moves the hero and
// updates the rig, its tracks and the spider, without measuring.
func (s *Animation) Advance(dt float64) {
	s.time += dt
	s.actionT += dt
	if s.manual > 0 {
		s.manual -= dt
		if s.manual <= 0 {
			s.script, s.scriptT = scriptBack, 0 // back to the start, then the script
			s.goTo(animStartX, AnimMove)
		}
	} else {
		s.runScript(dt)
	}
	s.move(dt)

	// The actions end when their clips hand back to the locomotion.
	st := s.State
	cur := st.Track(0).Current()
	switch s.action {
	case AnimStrike, AnimPull:
		if cur != nil && cur.Source == s.Loco {
			s.setAction(AnimMove)
		}
	}
	if s.action == AnimPull && cur != nil && cur.Source == s.Pull {
		s.Lever = LeverAngle(cur.Time())
	} else {
		s.Lever += (LeverRest - s.Lever) * (1 - math.Exp(-3*dt)) // springs back
	}

	// The far arm reaches for the pointer, or the orb when the script says.
	if p, ok := s.ReachTarget(); ok {
		s.Reach.Target, s.Reach.Weight = p, 1
	} else {
		s.Reach.Weight = 0
	}

	// The wind: a breeze from the right, with gusts.
	g := 0.0
	if s.Gusts {
		g = math.Pow(math.Max(0, math.Sin(0.8*s.time)), 4) * (0.7 + 0.3*math.Sin(5.3*s.time))
	}
	s.wind = animBreeze + animGust*g
	s.Scarf.Wind = mgl64.Vec2{-s.wind, 0}
	s.Tail.Wind = mgl64.Vec2{-0.5 * s.wind, 0}

	s.Hero.Update(dt)
	for _, e := range st.Events() {
		s.events++
		s.FlashLeft = 0.7
		switch e.Name {
		case "hit":
			s.Flash = "HIT!"
		case "clunk":
			s.Flash = "CLUNK!"
		default:
			s.Flash = e.Name
		}
	}
	s.FlashLeft = math.Max(0, s.FlashLeft-dt)
	s.Spider.Update(dt)
	s.Antennae.Update(dt)
}

// runScript drives the hero unattended.
func (s *Animation) runScript(dt float64) {
	s.scriptT += dt
	next := func() { s.script, s.scriptT, s.stepDone = (s.script+1)%scriptSteps, 0, false }
	arrived := math.IsNaN(s.goal) && math.Abs(s.speed) < 1e-9
	switch s.script {
	case scriptIdle:
		if s.scriptT > 1.5 {
			s.goTo(animOrbX, AnimMove)
			next()
		}
	case scriptToOrb:
		if arrived && s.scriptT > 0.1 {
			s.reaching = true
			next()
		}
	case scriptReach:
		if s.scriptT > 2.6 {
			s.reaching = false
			next()
		}
	case scriptStrike:
		if s.scriptT > 0.3 && !s.stepDone {
			s.strike()
			s.stepDone = true
		}
		if s.scriptT > 2 {
			s.wave(true)
			s.goTo(animLeverX, AnimPull)
			next()
		}
	case scriptToLever:
		if s.action == AnimPull {
			next()
		}
	case scriptPull:
		if s.action == AnimMove && s.scriptT > 0.8 {
			s.goTo(animStartX, AnimMove)
			next()
		}
	case scriptBack:
		if arrived && s.scriptT > 0.1 {
			next()
		}
	}
}

// move speeds the hero up toward the player's direction or its goal, and
// down to a stop at the goal (or when an action holds it), at animAccel.
func (s *Animation) move(dt float64) {
	r := s.Hero
	top := RunSpeed
	if s.script == scriptToLever {
		top = AnimWalkSpeed
	}
	if s.manual > 0 {
		top = s.TopSpeed
	}
	want := 0.0
	x := r.Position[0]
	switch {
	case s.action != AnimMove || s.reaching:
	case s.steer != 0 && s.manual > 0:
		want = s.steer * top
	case !math.IsNaN(s.goal):
		d := s.goal - x
		want = math.Copysign(math.Min(top, math.Sqrt(2*animAccel*math.Abs(d))), d)
	}
	s.steer = 0
	step := animAccel * dt
	prev := s.speed
	s.speed += math.Max(-step, math.Min(step, want-s.speed))
	nx := x + s.speed*dt
	if !math.IsNaN(s.goal) && (s.goal-x)*(s.goal-nx) <= 0 {
		// The goal is reached this frame: stop on it.
		nx, s.speed = s.goal, 0
		s.goal = math.NaN()
		switch s.then {
		case AnimPull:
			s.pull()
		}
		s.then = AnimMove
	}
	r.Position[0] = nx
	if s.speed > 1e-6 && r.Facing != ikanim.FacingRight {
		r.Facing, s.turned = ikanim.FacingRight, true
	} else if s.speed < -1e-6 && r.Facing != ikanim.FacingLeft {
		r.Facing, s.turned = ikanim.FacingLeft, true
	}
	// The additive lean: with speed, and more while speeding up.
	acc := 0.0
	if dt > 0 {
		acc = (s.speed - prev) / dt * r.Facing.Sign()
	}
	target := math.Max(0, math.Min(1, 0.7*math.Abs(s.speed)/RunSpeed+0.5*acc/animAccel))
	s.lean += (target - s.lean) * (1 - math.Exp(-4*dt))
	s.State.Track(2).Weight = s.lean
}

// measure feeds the meter: the hero as the walk scene measures it (the
// soles the Grounder plants: gap, slip; body pop, joint pop over the
// biped's bones, knee flips, NaN), the largest joint pop in frames with a
// crossfade under way, the tail's and scarf's joints against the ground,
// the far arm's stretch, and the spider.
func (s *Animation) measure(dt float64) {
	r, m := s.Hero, &s.meter
	m.Frame()
	if s.turned {
		s.turned = false
		for i := range s.bend {
			s.bend[i].Reset()
			s.stance[i].Flush(m)
		}
		resetPops(s.pops)
	}
	rigFinite(m, r)
	pop, _ := jointPops(m, r, s.pops)
	mixing := false
	for k := 0; k < s.State.NumTracks(); k++ {
		mixing = mixing || s.State.Track(k).Mixing()
	}
	if mixing {
		s.mixPop = math.Max(s.mixPop, pop*180/math.Pi)
	}
	m.BodyPop(s.body.Step(r.BodyOffset[1]))
	for i, l := range s.legs {
		l.trackBend(m, r, &s.bend[i])
		planted := s.Grounder.Leg(i).Planted && s.inStance(i)
		gap, ok := soleGap(s.World, r, l[2], s.Grounder.LegDef(i))
		if planted && ok {
			m.Contact(gap)
		}
		ankle, _ := r.Joint(l[2])
		s.stance[i].Track(m, planted && ok, ankle)
	}
	for _, sb := range []*ikanim.SpringBones{s.Tail, s.Scarf} {
		for j := 1; j <= sb.NumJoints(); j++ {
			p := sb.Joint(j)
			if h := s.World.SurfaceBelow(p[0], p[1]-40, p[1]+40); h.OK {
				s.tailPen = math.Max(s.tailPen, p[1]-h.Point[1])
			}
		}
	}
	upper := r.Def().BoneIndex(ikanim.BoneUpperArmFar)
	s.stretch = math.Max(s.stretch, r.BoneScale(upper))
	if t, ok := s.ReachTarget(); ok && s.Reach.AppliedWeight() > 0.999 {
		wrist, _ := r.Joint(r.Def().BoneIndex(ikanim.BoneHandFar))
		s.reachErr = wrist.Sub(t).Len()
	}
	s.spiderLegs.measure(m, s.World, s.Spider, true, true)
}

// inStance reports whether the locomotion has leg i (0 far, 1 near, the
// grounder's order) in its stance: while the Blend1D plays and moves, the
// blended phase within the stance of both children it samples (the walk's
// first 60% of a cycle, as the run's; the idle stands), the far foot half
// a cycle behind the near one; while it stands, or another clip plays,
// always. The measured stance ends when the animation lifts the foot,
// not a frame later, when the grounder sees it lifted.
func (s *Animation) inStance(leg int) bool {
	cur := s.State.Track(0).Current()
	if cur == nil || cur.Source != s.Loco || s.Loco.Value() < 1 {
		return true
	}
	duty := 1.0
	a, b, u := s.Loco.Weights()
	for k, c := range [2]int{a, b} {
		if k == 1 && u == 0 {
			continue
		}
		switch c {
		case 1:
			duty = math.Min(duty, 0.6) // WalkCycle's default Duty
		case 2:
			duty = math.Min(duty, runCycle.Duty)
		}
	}
	q := s.Loco.Phase()
	if leg == 0 {
		q = math.Mod(q+0.5, 1)
	}
	return q < duty
}

// Flush implements Scene.
func (s *Animation) Flush() {
	for i := range s.stance {
		s.stance[i].Flush(&s.meter)
	}
	s.spiderLegs.flush(&s.meter)
}

// Meter implements Scene.
func (s *Animation) Meter() *quality.Meter { return &s.meter }

// TransitionPopMaxDeg returns the largest joint pop in a frame with a
// crossfade under way, degrees.
func (s *Animation) TransitionPopMaxDeg() float64 { return s.mixPop }

// Extra implements Scene.
func (s *Animation) Extra() map[string]float64 {
	return map[string]float64{
		"transition_joint_pop_max_deg": s.mixPop,
		"events":                       float64(s.events),
		"strikes":                      float64(s.strikes),
		"lever_pulls":                  float64(s.pulls),
		"far_arm_stretch_max":          s.stretch,
		"reach_error_px":               s.reachErr,
		"tail_penetration_max_px":      math.Max(0, s.tailPen),
	}
}

// Focus implements Scene: the hero's hips.
func (s *Animation) Focus() mgl64.Vec2 { return s.Hero.Position.Sub(mgl64.Vec2{0, 40}) }
