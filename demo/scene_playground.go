package main

import (
	"fmt"
	"math"

	"github.com/ebitengine/debugui"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/ebitenutil"

	"github.com/ikanim/kit/ikanim"
	"github.com/ikanim/kit/ikanim/ik"
	"github.com/ikanim/kit/ikanim/quality"
)

func init() {
	registerScene(sceneInfo{
		Name:    "playground",
		Summary: "the solvers side by side: two-bone arm, FABRIK tentacle, CCD tentacle",
		New:     newPlayground,
	})
}

// playgroundSlot is one solver on the playground: a rig with one limb, drawn
// through its own camera (scale and offset), chasing a target.
type playgroundSlot struct {
	title   string
	rigs    [2]*ikanim.Rig // [without limits, with limits]
	camera  ebiten.GeoM    // world (rig space) -> screen
	inverse ebiten.GeoM
	base    mgl64.Vec2 // screen position of the root
	target  mgl64.Vec2 // screen
	phase   float64
	bend    quality.Bend
	pops    [12]quality.AngleDelta
}

type playground struct {
	slots     [3]*playgroundSlot
	sky       ikanim.Sprite
	marker    ikanim.Sprite
	meter     quality.Meter
	limits    bool
	elbowUp   bool
	softness  float64
	fade      float64
	fabIters  int
	ccdIters  int
	tolerance float64
	maxStep   float64
	tipWeight float64
	weights   []float64
	t         float64
	ccdPop    float64 // largest per-frame CCD joint change, degrees
}

const playgroundScale = 3.2

func newPlayground(ctx *Context) (Scene, error) {
	p := &playground{limits: true, fabIters: 10, ccdIters: 10, tolerance: 0.01, tipWeight: 1}
	var err error
	if p.sky, err = sprite("bg/sky"); err != nil {
		return nil, err
	}
	if p.marker, err = sprite("ui/target"); err != nil {
		return nil, err
	}
	arms, err := playgroundArm()
	if err != nil {
		return nil, err
	}
	fab, err := playgroundTentacle(ikanim.SolveFABRIK)
	if err != nil {
		return nil, err
	}
	ccd, err := playgroundTentacle(ikanim.SolveCCD)
	if err != nil {
		return nil, err
	}
	bases := []mgl64.Vec2{{200, 520}, {540, 560}, {860, 560}}
	scales := []float64{playgroundScale, 1.6, 1.6}
	for i, defs := range [][2]*ikanim.RigDef{arms, fab, ccd} {
		s := &playgroundSlot{title: []string{"two-bone (analytic)", "FABRIK, 10 bones", "CCD, 10 bones"}[i], base: bases[i], phase: float64(i) * 2.1}
		s.camera.Scale(scales[i], scales[i])
		s.camera.Translate(bases[i][0], bases[i][1])
		s.inverse = s.camera
		s.inverse.Invert()
		for k, def := range defs {
			r := ikanim.NewRig(def)
			l := r.LimbAt(0)
			l.SetWeightNow(1)
			s.rigs[k] = r
		}
		s.target = bases[i].Add(mgl64.Vec2{60, -120})
		p.slots[i] = s
	}
	p.meter.NoBendFlip()
	return p, nil
}

// playgroundArm is a shoulder, upper arm, forearm and hand, the arm raised.
func playgroundArm() ([2]*ikanim.RigDef, error) {
	var out [2]*ikanim.RigDef
	sp, err := mustSprites("humanoid/upperarm", "humanoid/forearm", "humanoid/hand")
	if err != nil {
		return out, err
	}
	for k := range out {
		elbow := ik.Limit{}
		if k == 1 {
			// Bend +1 puts the elbow on the clockwise side, so the forearm
			// turns back counterclockwise: negative elbow angles.
			elbow = ik.Limit{Min: -160 * math.Pi / 180, Max: 0, Enabled: true}
		}
		bones := []ikanim.BoneDef{
			{Name: "upper", Parent: -1, Length: 22, Rest: -math.Pi / 2, Sprite: sp["humanoid/upperarm"]},
			{Name: "fore", Parent: 0, Attach: mgl64.Vec2{22, 0}, Length: 20, Rest: -0.6, Limit: elbow, Sprite: sp["humanoid/forearm"]},
			{Name: "hand", Parent: 1, Attach: mgl64.Vec2{20, 0}, Length: 7, Sprite: sp["humanoid/hand"]},
		}
		def, err := ikanim.NewRigDef(bones, []ikanim.LimbDef{{Name: "arm", Bones: []string{"upper", "fore"}, Bend: 1, Effector: "hand"}})
		if err != nil {
			return out, err
		}
		out[k] = def
	}
	return out, nil
}

// playgroundTentacle is a blob with a 10-segment tentacle rising from it.
func playgroundTentacle(solver ikanim.SolverKind) ([2]*ikanim.RigDef, error) {
	var out [2]*ikanim.RigDef
	sp, err := mustSprites("tentacle/head", "tentacle/segment")
	if err != nil {
		return out, err
	}
	for k := range out {
		bones := []ikanim.BoneDef{{Name: "body", Parent: -1, Rest: -math.Pi / 2, Sprite: sp["tentacle/head"], Layer: 1}}
		names := make([]string, 10)
		for i := range names {
			names[i] = fmt.Sprintf("seg%d", i)
			b := ikanim.BoneDef{Name: names[i], Parent: i, Length: 10, Rest: -12 * math.Pi / 180, Sprite: sp["tentacle/segment"]}
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

func (p *playground) Help() string {
	return "targets follow the mouse (or move by themselves); panel: limits, softness, iterations"
}

func (p *playground) Meter() *quality.Meter { return &p.meter }

// Extra implements extraMetrics: figures beyond the quality table.
func (p *playground) Extra() map[string]float64 {
	return map[string]float64{"ccd_joint_pop_max_deg": p.ccdPop}
}

func (p *playground) limitIndex() int {
	if p.limits {
		return 1
	}
	return 0
}

func (p *playground) Update(ctx *Context) error {
	p.t += ctx.Dt
	for i, s := range p.slots {
		if ctx.MouseIdle {
			// Each target wanders on its own figure, now and then out of reach.
			a := p.t*0.9 + s.phase
			reach := 150.0
			s.target = s.base.Add(mgl64.Vec2{
				reach * 0.85 * math.Sin(a*0.7+0.4*math.Sin(a*0.31)),
				-reach*0.75 - reach*0.55*math.Sin(a*1.13),
			})
		} else if !ctx.UIHasPointer {
			s.target = ctx.Mouse
		}
		r := s.rigs[p.limitIndex()]
		l := r.LimbAt(0)
		x, y := s.inverse.Apply(s.target[0], s.target[1])
		l.Target = mgl64.Vec2{x, y}
		l.Weight = 1 - p.fade
		switch i {
		case 0:
			l.TwoBone.Softness = p.softness
			l.TwoBone.Bend = 1
			if p.elbowUp {
				l.TwoBone.Bend = -1
			}
		case 1:
			l.FABRIK.MaxIterations, l.FABRIK.Tolerance = p.fabIters, p.tolerance
		case 2:
			l.CCD.MaxIterations, l.CCD.Tolerance = p.ccdIters, p.tolerance
			l.CCD.MaxStep = p.maxStep * math.Pi / 180
			p.weights = ik.TaperWeights(p.weights, 10, p.tipWeight)
			l.CCD.Weights = p.weights
		}
		r.Update(ctx.Dt)
		p.measure(i, s, r)
	}
	p.meter.Frame()
	return nil
}

// measure feeds the quality meter: reach error of the exact two-bone solver,
// bone lengths, joint pops, elbow flips and NaN.
func (p *playground) measure(i int, s *playgroundSlot, r *ikanim.Rig) {
	def := r.Def()
	for b := 0; b < def.NumBones(); b++ {
		st, en := r.Joint(b)
		if !p.meter.Finite(st[0]) || !p.meter.Finite(st[1]) || !p.meter.Finite(en[0]) || !p.meter.Finite(en[1]) {
			continue
		}
		if l := def.BoneDef(b).Length; l > 0 {
			p.meter.LengthError(en.Sub(st).Len()/l - 1)
		}
		if b < len(s.pops) {
			d := s.pops[b].Step(r.LocalAngle(b))
			if i == 2 {
				// CCD with tight limits may flip the chain's curl when the
				// target passes near its base; report that on its own key.
				p.ccdPop = math.Max(p.ccdPop, d*180/math.Pi)
			} else {
				p.meter.JointPop(d)
			}
		}
	}
	if i != 0 {
		return
	}
	l := r.LimbAt(0)
	shoulder, _ := r.Joint(0)
	elbow, wrist := r.Joint(1)
	if d := l.Target.Sub(shoulder).Len(); d > 2.5 && d < 41 && l.CurrentWeight() == 1 && !p.elbowUp && p.softness == 0 {
		p.meter.ReachError(wrist.Sub(l.Target).Len())
	}
	s.bend.Track(&p.meter, shoulder, elbow, wrist, 0.5)
}

func (p *playground) Draw(screen *ebiten.Image, ctx *Context) {
	var op ebiten.DrawImageOptions
	screen.DrawImage(p.sky.Image, &op)
	for _, s := range p.slots {
		r := s.rigs[p.limitIndex()]
		r.Draw(screen, &ikanim.DrawOptions{DrawImageOptions: ebiten.DrawImageOptions{GeoM: s.camera, Filter: ebiten.FilterLinear}})
		if ctx.Debug {
			r.DrawDebug(screen, &ikanim.DebugOptions{Camera: s.camera})
		}
		var mo ebiten.DrawImageOptions
		mo.GeoM = p.marker.Placement(s.target, 0, false, 1)
		screen.DrawImage(p.marker.Image, &mo)
		res := r.LimbAt(0).Result
		ebitenutil.DebugPrintAt(screen, s.title, int(s.base[0])-60, int(s.base[1])+40)
		ebitenutil.DebugPrintAt(screen, fmt.Sprintf("iterations %d  error %.3f px", res.Iterations, res.Error), int(s.base[0])-60, int(s.base[1])+56)
	}
}

func (p *playground) Panel(ui *debugui.Context) {
	ui.Checkbox(&p.limits, "joint limits")
	ui.Text("fade to the input pose")
	ui.SliderF(&p.fade, 0, 1, 0.05, 2)
	ui.Header("Two-bone", true, func() {
		ui.Checkbox(&p.elbowUp, "bend the other way")
		ui.Text("softness (px)")
		ui.SliderF(&p.softness, 0, 15, 0.5, 1)
	})
	ui.Header("FABRIK", true, func() {
		ui.Text("max iterations")
		ui.Slider(&p.fabIters, 1, 40, 1)
		ui.Text("tolerance (px, both chains)")
		ui.SliderF(&p.tolerance, 0.001, 2, 0.001, 3)
	})
	ui.Header("CCD", true, func() {
		ui.Text("max iterations")
		ui.Slider(&p.ccdIters, 1, 40, 1)
		ui.Text("max step per bone (deg, 0 = none)")
		ui.SliderF(&p.maxStep, 0, 30, 1, 0)
		ui.Text("tip weight")
		ui.SliderF(&p.tipWeight, 0.05, 1, 0.05, 2)
	})
}
