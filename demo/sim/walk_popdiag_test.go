package sim

import (
	"fmt"
	"math"
	"os"
	"sort"
	"strconv"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim"
	"github.com/ikanim/kit/ikanim/quality"
)

// Joint pop diagnostics for the humanoid scenes (POP_DIAG=1; POP_DIAG_TPS
// picks the rate, default 60): every frame in which a biped bone's local
// angle changes by more than popDiagMin degrees, largest first, with the
// bone, the animated angle's change, the body and both grounded legs.

const popDiagMin = 12.0

type popEvent struct {
	deg  float64
	name string
	fr   int
	info string
}

type popDiag struct {
	pops, apops []quality.AngleDelta
	prev        [2]ikanim.LegState
	hip, ank    [2]mgl64.Vec2
	evs         []popEvent
}

func newPopDiag() *popDiag {
	return &popDiag{pops: make([]quality.AngleDelta, bipedBones), apops: make([]quality.AngleDelta, bipedBones)}
}

func (d *popDiag) reset() {
	resetPops(d.pops)
	resetPops(d.apops)
}

// before is called before the frame's step.
func (d *popDiag) before(g *ikanim.Grounder) {
	if g != nil {
		d.prev = [2]ikanim.LegState{g.Leg(0), g.Leg(1)}
	}
}

// after is called after the frame's step.
func (d *popDiag) after(name string, fr int, r *ikanim.Rig, g *ikanim.Grounder, f *ikanim.GroundFollower, extra string) {
	for b := range d.pops {
		deg := d.pops[b].Step(r.LocalAngle(b)) * 180 / math.Pi
		// the animated local angle: the bone's animated world angle less
		// its parent's
		aw := r.AnimatedAngle(b)
		if p := r.Def().BoneDef(b).Parent; p >= 0 {
			aw -= r.AnimatedAngle(p)
		}
		ad := d.apops[b].Step(aw) * 180 / math.Pi
		if deg < popDiagMin || fr < 3 {
			continue
		}
		info := fmt.Sprintf("t %.3f pos (%.1f, %.1f) facing %v anim %.1f bodyOff %.2f air %v", r.Time, r.Position[0], r.Position[1], r.Facing, ad, r.BodyOffset[1], r.Airborne())
		if f != nil {
			info += fmt.Sprintf(" fall %v crouch %.2f", f.Falling(), f.LandCrouch())
		}
		if g != nil {
			info += fmt.Sprintf(" body %.2f", g.Body())
			for i := 0; i < 2; i++ {
				l, p := g.Leg(i), d.prev[i]
				info += fmt.Sprintf(" | leg%d g%v p%v off %.2f (%.2f) lift %.2f (%.2f) ang %.3f (%.3f)", i, l.Grounded, l.Planted, l.Offset, p.Offset, l.Lift, p.Lift, l.Angle, p.Angle)
			}
		}
		for i, l := range [2]limb{bipedLegFar(r.Def()), bipedLegNear(r.Def())} {
			h, _ := r.Joint(l[0])
			a, _ := r.Joint(l[2])
			full := r.Def().BoneDef(l[0]).Length + r.Def().BoneDef(l[1]).Length
			info += fmt.Sprintf(" | L%d reach %.3f (%.3f) hip d %.2f,%.2f ankle d %.2f,%.2f", i, a.Sub(h).Len()/full, d.ank[i].Sub(d.hip[i]).Len()/full,
				h[0]-d.hip[i][0], h[1]-d.hip[i][1], a[0]-d.ank[i][0], a[1]-d.ank[i][1])
		}
		d.evs = append(d.evs, popEvent{deg, name + "/" + r.Def().BoneDef(b).Name, fr, info + extra})
	}
	for i, l := range [2]limb{bipedLegFar(r.Def()), bipedLegNear(r.Def())} {
		d.hip[i], _ = r.Joint(l[0])
		d.ank[i], _ = r.Joint(l[2])
	}
}

func (d *popDiag) log(t *testing.T, n int) {
	sort.Slice(d.evs, func(i, j int) bool { return d.evs[i].deg > d.evs[j].deg })
	for i, e := range d.evs {
		if i >= n {
			break
		}
		t.Logf("%.2f deg frame %d %s: %s", e.deg, e.fr, e.name, e.info)
	}
}

func popDiagTPS(t *testing.T) int {
	if os.Getenv("POP_DIAG") == "" {
		t.Skip("set POP_DIAG")
	}
	tps := 60
	if v, _ := strconv.Atoi(os.Getenv("POP_DIAG_TPS")); v > 0 {
		tps = v
	}
	return tps
}

func TestPopDiagWalk(t *testing.T) {
	tps := popDiagTPS(t)
	s := newWalk(t)
	dt := 1 / float64(tps)
	d := newPopDiag()
	for i, n := 0, int(2*(WalkEndX-WalkStartX)/WalkSpeed*float64(tps)); i < n; i++ {
		d.before(s.Grounder)
		f := s.Rig.Facing
		s.Step(dt)
		if s.Rig.Facing != f {
			d.reset()
		}
		d.after("walk", i, s.Rig, s.Grounder, s.Follower, "")
	}
	d.log(t, 30)
}

func TestPopDiagLevels(t *testing.T) {
	tps := popDiagTPS(t)
	s := newLevels(t)
	dt := 1 / float64(tps)
	ds := [2]*popDiag{newPopDiag(), newPopDiag()}
	for i, n := 0, 60*tps; i < n; i++ {
		var f [2]ikanim.Facing
		for k, l := range s.Maps {
			ds[k].before(l.Grounder)
			f[k] = l.Hero.Facing
		}
		s.Step(dt)
		for k, l := range s.Maps {
			if l.Hero.Facing != f[k] {
				ds[k].reset()
			}
			ds[k].after(fmt.Sprintf("map%d", k), i, l.Hero, l.Grounder, l.Follower, "")
		}
	}
	t.Logf("scene meter: joint pop %.2f", s.meter.JointPopMaxDeg())
	ds[0].evs = append(ds[0].evs, ds[1].evs...)
	ds[0].log(t, 30)
}

func TestPopDiagLedges(t *testing.T) {
	tps := popDiagTPS(t)
	s, err := NewLedges(Art{})
	if err != nil {
		t.Fatal(err)
	}
	dt := 1 / float64(tps)
	d := newPopDiag()
	for i, n := 0, 60*tps; i < n; i++ {
		d.before(s.Grounder)
		f, tp := s.Rig.Facing, s.Rig.Position
		s.Step(dt)
		if s.Rig.Facing != f || s.Rig.Position.Sub(tp).Len() > 50 {
			d.reset()
		}
		d.after("ledges", i, s.Rig, s.Grounder, s.Follower, fmt.Sprintf(" mode %v", s.mode))
	}
	d.log(t, 30)
}

func TestPopDiagAnimation(t *testing.T) {
	tps := popDiagTPS(t)
	s := newAnimation(t)
	dt := 1 / float64(tps)
	d := newPopDiag()
	for i, n := 0, int(math.Round(animScript*float64(tps))); i < n; i++ {
		d.before(s.Grounder)
		f := s.Hero.Facing
		s.Step(dt)
		if s.Hero.Facing != f {
			d.reset()
		}
		d.after("anim", i, s.Hero, s.Grounder, s.Follower, fmt.Sprintf(" action %v", s.action))
	}
	d.log(t, 30)
}

// TestPopTraceLedges (POP_TRACE=from,to) prints the ledges scene's frames
// from..to at 60 TPS: body, legs, targets.
func TestPopTraceLedges(t *testing.T) {
	var from, to int
	if _, err := fmt.Sscanf(os.Getenv("POP_TRACE"), "%d,%d", &from, &to); err != nil {
		t.Skip("set POP_TRACE=from,to")
	}
	s, err := NewLedges(Art{})
	if err != nil {
		t.Fatal(err)
	}
	popTrace(t, from, to, s.Rig, s.Grounder, s.Follower, func() { s.Step(1.0 / 60) })
}

func popTrace(t *testing.T, from, to int, r *ikanim.Rig, g *ikanim.Grounder, f *ikanim.GroundFollower, step func()) {
	pops := make([]quality.AngleDelta, bipedBones)
	for i := 0; i <= to; i++ {
		step()
		worst, wb := 0.0, 0
		for b := range pops {
			if d := pops[b].Step(r.LocalAngle(b)); d > worst {
				worst, wb = d, b
			}
		}
		if i < from {
			continue
		}
		line := fmt.Sprintf("%d pos (%.2f %.2f) air %v fall %v v %.0f crouch %.2f body %.2f pop %.1f %s", i, r.Position[0], r.Position[1], r.Airborne(), f.Falling(), f.FallSpeed(), f.LandCrouch(), g.Body(), worst*180/math.Pi, r.Def().BoneDef(wb).Name)
		for k := 0; k < 2; k++ {
			l := g.Leg(k)
			lb := [2]limb{bipedLegFar(r.Def()), bipedLegNear(r.Def())}[k]
			aa, _ := r.AnimatedJoint(lb[2])
			ah, _ := r.AnimatedJoint(lb[0])
			h, _ := r.Joint(lb[0])
			an, _ := r.Joint(lb[2])
			line += fmt.Sprintf(" | L%d g%v p%v off %.2f lift %.2f ang %.2f tgt (%.2f %.2f) anim (%.2f %.2f) reach %.3f anim %.3f", k, l.Grounded, l.Planted, l.Offset, l.Lift, l.Angle, l.Target[0], l.Target[1], aa[0], aa[1], an.Sub(h).Len()/60, aa.Sub(ah).Len()/60)
		}
		t.Log(line)
	}
}

// TestPopTraceAnimation is TestPopTraceLedges for the animation scene.
func TestPopTraceAnimation(t *testing.T) {
	var from, to int
	if _, err := fmt.Sscanf(os.Getenv("POP_TRACE"), "%d,%d", &from, &to); err != nil {
		t.Skip("set POP_TRACE=from,to")
	}
	s := newAnimation(t)
	popTrace(t, from, to, s.Hero, s.Grounder, s.Follower, func() { s.Step(1.0 / 60) })
}
