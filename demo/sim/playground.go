package sim

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim"
	"github.com/ikanim/kit/ikanim/ik"
	"github.com/ikanim/kit/ikanim/quality"
)

// The playground's stage is 1280 x 720 px (the screen at zoom 1); each
// solver stands on it at its slot's Base, drawn Scale times its size.
const (
	playgroundReach         = 150.0 // stage px: the scripted targets' reach
	playgroundArmScale      = 3.2
	playgroundTentacleScale = 1.6
)

// Slot is one solver on the playground: a rig with one limb, without and
// with joint limits, chasing a target.
type Slot struct {
	Title string
	// Rigs are the rig without joint limits and the rig with them.
	Rigs [2]*ikanim.Rig
	// Base is where the rig's origin stands on the stage, Scale how many
	// stage px one rig px is drawn as.
	Base  mgl64.Vec2
	Scale float64
	// Target is the point the limb chases, on the stage.
	Target mgl64.Vec2

	phase float64
	bend  quality.Bend
	pops  [12]quality.AngleDelta
}

// ToRig maps a stage point to the slot's rig space.
func (s *Slot) ToRig(p mgl64.Vec2) mgl64.Vec2 { return p.Sub(s.Base).Mul(1 / s.Scale) }

// Playground is the playground scene: the solvers side by side, a two-bone
// arm, a FABRIK and a CCD tentacle, each chasing a target that wanders by
// itself (on its own figure, now and then out of reach) or follows the
// player's (SetTarget). The exported fields are live tunables.
type Playground struct {
	Slots [3]*Slot
	// Limits switches to the rigs with joint limits.
	Limits bool
	// Fade in [0,1] blends toward the input pose (0 = full IK).
	Fade float64
	// ElbowUp bends the two-bone arm the other way; Softness is its
	// softness, px.
	ElbowUp  bool
	Softness float64
	// FABRIKIters and CCDIters cap the iterations; Tolerance is both
	// chains' tolerance, px.
	FABRIKIters, CCDIters int
	Tolerance             float64
	// MaxStep caps CCD's turn per bone per iteration, degrees (0: none);
	// TipWeight is the weight of CCD's tip bone (TaperWeights).
	MaxStep, TipWeight float64

	t       float64
	player  bool
	target  mgl64.Vec2
	weights []float64
	meter   quality.Meter
	ccdPop  float64 // largest per-frame CCD joint change, degrees
}

// NewPlayground builds the playground scene.
func NewPlayground(art Art) (*Playground, error) {
	p := &Playground{Limits: true, FABRIKIters: 10, CCDIters: 10, Tolerance: 0.01, TipWeight: 1}
	arms, err := playgroundArm(art)
	if err != nil {
		return nil, err
	}
	fab, err := playgroundTentacle(art, ikanim.SolveFABRIK)
	if err != nil {
		return nil, err
	}
	ccd, err := playgroundTentacle(art, ikanim.SolveCCD)
	if err != nil {
		return nil, err
	}
	bases := [3]mgl64.Vec2{{200, 520}, {540, 560}, {860, 560}}
	scales := [3]float64{playgroundArmScale, playgroundTentacleScale, playgroundTentacleScale}
	titles := [3]string{"two-bone (analytic)", "FABRIK, 10 bones", "CCD, 10 bones"}
	for i, defs := range [3][2]*ikanim.RigDef{arms, fab, ccd} {
		s := &Slot{Title: titles[i], Base: bases[i], Scale: scales[i], phase: float64(i) * 2.1}
		for k, def := range defs {
			r, err := ikanim.NewRig(def)
			if err != nil {
				return nil, err
			}
			r.LimbAt(0).SetWeightNow(1)
			s.Rigs[k] = r
		}
		s.Target = bases[i].Add(mgl64.Vec2{60, -120})
		p.Slots[i] = s
	}
	p.weights = make([]float64, 10)
	p.meter.NoBendFlip()
	return p, nil
}

// playgroundArm is a shoulder, upper arm, forearm and hand, the arm raised:
// without and with an elbow limit.
func playgroundArm(art Art) ([2]*ikanim.RigDef, error) {
	var out [2]*ikanim.RigDef
	for k := range out {
		elbow := ik.Limit{}
		if k == 1 {
			// Bend +1 puts the elbow on the clockwise side, so the forearm
			// turns back counterclockwise: negative elbow angles.
			elbow = ik.Limit{Min: -160 * math.Pi / 180, Max: 0, Enabled: true}
		}
		bones := []ikanim.BoneDef{
			{Name: "upper", Parent: -1, Length: 22, Rest: -math.Pi / 2, Sprite: art.Biped.UpperArm},
			{Name: "fore", Parent: 0, Attach: mgl64.Vec2{22, 0}, Length: 20, Rest: -0.6, Limit: elbow, Sprite: art.Biped.Forearm},
			{Name: "hand", Parent: 1, Attach: mgl64.Vec2{20, 0}, Length: 7, Sprite: art.Biped.Hand},
		}
		def, err := ikanim.NewRigDef(bones, []ikanim.LimbDef{{Name: "arm", Bones: []string{"upper", "fore"}, Bend: 1, Effector: "hand"}})
		if err != nil {
			return out, err
		}
		out[k] = def
	}
	return out, nil
}

// playgroundTentacle is a blob with a 10-segment tentacle rising from it,
// solved by solver: without and with joint limits.
func playgroundTentacle(art Art, solver ikanim.SolverKind) ([2]*ikanim.RigDef, error) {
	var out [2]*ikanim.RigDef
	var seg ikanim.Sprite
	if len(art.Tentacle.Segments) > 0 {
		seg = art.Tentacle.Segments[0]
	}
	for k := range out {
		bones := []ikanim.BoneDef{{Name: "body", Parent: -1, Rest: -math.Pi / 2, Sprite: art.Tentacle.Body, Layer: 1}}
		names := make([]string, 10)
		for i := range names {
			names[i] = fmt.Sprintf("seg%d", i)
			b := ikanim.BoneDef{Name: names[i], Parent: i, Length: 10, Rest: -12 * math.Pi / 180, Sprite: seg}
			if i == 0 {
				b.Rest = 0
			} else {
				b.Attach = mgl64.Vec2{10, 0}
			}
			if k == 1 {
				lim := 35.0
				if i == 0 {
					lim = 110
				}
				b.Limit = ik.Limit{Min: -lim * math.Pi / 180, Max: lim * math.Pi / 180, Enabled: true}
			}
			bones = append(bones, b)
		}
		def, err := ikanim.NewRigDef(bones, []ikanim.LimbDef{{Name: "tentacle", Bones: names, Solver: solver}})
		if err != nil {
			return out, err
		}
		out[k] = def
	}
	return out, nil
}

// Rig returns slot i's rig in use (with or without limits).
func (p *Playground) Rig(i int) *ikanim.Rig {
	if p.Limits {
		return p.Slots[i].Rigs[1]
	}
	return p.Slots[i].Rigs[0]
}

// SetTarget makes every limb chase p (stage) until ReleaseTarget.
func (p *Playground) SetTarget(t mgl64.Vec2) { p.target, p.player = t, true }

// ReleaseTarget lets the targets wander by themselves again.
func (p *Playground) ReleaseTarget() { p.player = false }

// Step advances the scene by dt and measures the frame.
func (p *Playground) Step(dt float64) {
	p.t += dt
	p.meter.Frame()
	p.weights = ik.TaperWeights(p.weights, 10, p.TipWeight)
	for i, s := range p.Slots {
		if p.player {
			s.Target = p.target
		} else {
			// Each target wanders on its own figure, now and then out of reach.
			a := p.t*0.9 + s.phase
			s.Target = s.Base.Add(mgl64.Vec2{
				playgroundReach * 0.85 * math.Sin(a*0.7+0.4*math.Sin(a*0.31)),
				-playgroundReach*0.75 - playgroundReach*0.55*math.Sin(a*1.13),
			})
		}
		r := p.Rig(i)
		l := r.LimbAt(0)
		l.Target = s.ToRig(s.Target)
		l.Weight = 1 - p.Fade
		switch sv := l.Solver().(type) {
		case *ik.TwoBone:
			sv.Softness, sv.Bend = p.Softness, 1
			if p.ElbowUp {
				sv.Bend = -1
			}
		case *ik.FABRIK:
			sv.MaxIterations, sv.Tolerance = p.FABRIKIters, p.Tolerance
		case *ik.CCD:
			sv.MaxIterations, sv.Tolerance = p.CCDIters, p.Tolerance
			sv.MaxStep = p.MaxStep * math.Pi / 180
			sv.Weights = p.weights
		}
		r.Update(dt)
		p.measure(i, s, r)
	}
}

// measure feeds the meter: reach error of the exact two-bone solver, bone
// lengths, joint pops (CCD's on a key of their own), elbow flips and NaN.
func (p *Playground) measure(i int, s *Slot, r *ikanim.Rig) {
	m := &p.meter
	def := r.Def()
	for b := 0; b < def.NumBones(); b++ {
		st, en := r.Joint(b)
		if !m.Finite(st[0]) || !m.Finite(st[1]) || !m.Finite(en[0]) || !m.Finite(en[1]) {
			continue
		}
		if l := def.BoneDef(b).Length; l > 0 {
			m.LengthError(en.Sub(st).Len()/l - 1)
		}
		if b < len(s.pops) {
			d := s.pops[b].Step(r.LocalAngle(b))
			if i == 2 {
				// CCD with tight limits may flip the chain's curl when the
				// target passes near its base; report that on its own key.
				p.ccdPop = math.Max(p.ccdPop, d*180/math.Pi)
			} else {
				m.JointPop(d)
			}
		}
	}
	if i != 0 {
		return
	}
	l := r.LimbAt(0)
	shoulder, _ := r.Joint(0)
	elbow, wrist := r.Joint(1)
	if d := l.Target.Sub(shoulder).Len(); d > 2.5 && d < 41 && l.CurrentWeight() == 1 && !p.ElbowUp && p.Softness == 0 {
		m.ReachError(wrist.Sub(l.Target).Len())
	}
	s.bend.Track(m, shoulder, elbow, wrist, 0.5)
}

// Flush implements Scene: the playground tracks no stances.
func (p *Playground) Flush() {}

// Meter implements Scene.
func (p *Playground) Meter() *quality.Meter { return &p.meter }

// Extra implements Scene.
func (p *Playground) Extra() map[string]float64 {
	return map[string]float64{"ccd_joint_pop_max_deg": p.ccdPop}
}

// Focus implements Scene: the middle of the stage.
func (p *Playground) Focus() mgl64.Vec2 { return mgl64.Vec2{640, 360} }
