package ikanim

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/internal/num"
)

// A body moving at the walk's speed leaves each planted foot still in the
// world, on the ground line, flat.
func TestWalkCyclePlantedFeetDoNotSlip(t *testing.T) {
	for _, speed := range []float64{30, 62.2, 120} {
		r := newBiped(t)
		w := &WalkCycle{}
		r.Source = w
		dt := 1.0 / 60
		foot := [2]int{r.Def().BoneIndex(BoneFootNear), r.Def().BoneIndex(BoneFootFar)}
		var anchor [2]mgl64.Vec2
		var planted [2]bool
		worst, stances := 0.0, 0
		for f := 0; f < 400; f++ {
			r.TimeScale = w.Drive(speed)
			r.Position[0] += speed * dt
			r.Update(dt)
			for k := 0; k < 2; k++ {
				ankle, _ := r.Joint(foot[k])
				now := w.Planted(k, r.Time)
				switch {
				case now && !planted[k]:
					anchor[k] = ankle
					stances++
				case now:
					worst = math.Max(worst, ankle.Sub(anchor[k]).Len())
					if h := r.Position[1] - ankle[1]; math.Abs(h-5) > 1e-6 {
						t.Fatalf("speed %v: planted ankle %v px above ground, want 5", speed, h)
					}
					if a := math.Remainder(r.BoneAngle(foot[k]), 2*math.Pi); math.Abs(a) > 1e-9 {
						t.Fatalf("speed %v: planted foot angle %v, want flat", speed, a)
					}
				}
				planted[k] = now
			}
		}
		// The body moves one frame step between samples of a stance that
		// starts mid-frame, so allow the per-frame motion of a sliding foot
		// only at touch-down; steady stance must hold to 1e-6 px.
		if worst > 1e-6 {
			t.Errorf("speed %v: planted ankle moved %v px during a stance, want 0", speed, worst)
		}
		if stances < 4 {
			t.Errorf("speed %v: only %d stances seen", speed, stances)
		}
	}
}

func TestWalkCycleStandsStillAtZeroSpeed(t *testing.T) {
	r := newBiped(t)
	w := &WalkCycle{}
	r.Source = w
	r.TimeScale = w.Drive(0)
	r.Update(0.5)
	a, _ := r.Joint(r.Def().BoneIndex(BoneFootNear))
	b, _ := r.Joint(r.Def().BoneIndex(BoneFootFar))
	if !near(a, b, 1e-9) {
		t.Errorf("idle feet at %v and %v, want together", a, b)
	}
}

// A stop settles the legs over walkStopTime instead of snapping them to the
// standing pose in one frame: walking at the nominal speed and stopping
// dead at twelve phases of a cycle (60 TPS), no bone's local angle changes
// by more than QUALITY.md's 15 degrees in a frame (it was 30 to 46: the legs
// snapped together), and 0.3 s later the pose is the standing one.
func TestWalkCycleStopSettles(t *testing.T) {
	def, err := NewBipedDef(BipedSizes{}, BipedSprites{})
	if err != nil {
		t.Fatal(err)
	}
	const dt = 1.0 / 60
	for k := 0; k < 12; k++ {
		r := mustRig(t, def)
		w := &WalkCycle{}
		r.Source = w
		v := w.NominalSpeed()
		for i := 0; i < 60+4*k; i++ {
			r.Position[0] += v * dt
			r.Update(dt)
		}
		prev := make([]float64, def.NumBones())
		for i := range prev {
			prev[i] = r.LocalAngle(i)
		}
		worst := 0.0
		for i := 0; i < 18; i++ { // stopped
			r.Update(dt)
			for b := range prev {
				worst = math.Max(worst, math.Abs(math.Remainder(r.LocalAngle(b)-prev[b], 2*math.Pi)))
				prev[b] = r.LocalAngle(b)
			}
		}
		if worst > 15*math.Pi/180 {
			t.Errorf("stop %d: a joint turned %.1f degrees in a frame, want <= 15", k, worst*180/math.Pi)
		}
		stand := mustRig(t, def)
		stand.Source = &WalkCycle{}
		stand.Time = r.Time
		stand.Update(0)
		for b := range prev {
			if d := math.Abs(math.Remainder(r.LocalAngle(b)-stand.LocalAngle(b), 2*math.Pi)); d > 1e-9 {
				t.Errorf("stop %d: bone %d %.3g rad from the standing pose 0.3 s after the stop", k, b, d)
				break
			}
		}
	}
}

// A stride long for the legs (the animation scene's run: 92 px a cycle for
// legs of 60 px) carries the hip lower, so no leg comes straighter than
// MaxReach (the default, and 0.94 as the scene's run asks): at every frame
// of two cycles at 60 TPS the hip is at most that share of the leg's
// length from the ankle, and no knee turns more than QUALITY.md's 15
// degrees in a frame (without the crouch the legs came within 0.01 % of
// straight at touch-down, the knees turning 26.1 degrees a frame).
// Standing, the same WalkCycle keeps the rest pose's hip height (the crouch
// eases in with the stride).
func TestWalkCycleLongStrideKeepsKneesBent(t *testing.T) {
	for _, maxReach := range []float64{0, 0.94} {
		r := newBiped(t)
		def := r.Def()
		w := &WalkCycle{Stride: 92, Period: 0.58, StepHeight: 11, Duty: 0.6, Bob: 3, ArmSwing: 0.75, Lean: 0.2, MaxReach: maxReach}
		want := maxReach
		if want == 0 {
			want = walkMaxReach
		}
		r.Source = w
		thigh := [2]int{def.BoneIndex(BoneThighNear), def.BoneIndex(BoneThighFar)}
		shin := [2]int{def.BoneIndex(BoneShinNear), def.BoneIndex(BoneShinFar)}
		foot := [2]int{def.BoneIndex(BoneFootNear), def.BoneIndex(BoneFootFar)}
		const dt = 1.0 / 60
		v := w.NominalSpeed()
		reach, turn := 0.0, 0.0
		var prev [2]float64
		for f := 0; f < 2*int(w.Period/dt)+2; f++ {
			r.TimeScale = w.Drive(v)
			r.Position[0] += v * dt
			r.Update(dt)
			for k := 0; k < 2; k++ {
				hip, _ := r.Joint(thigh[k])
				ankle, _ := r.Joint(foot[k])
				full := def.BoneDef(thigh[k]).Length + def.BoneDef(shin[k]).Length
				reach = math.Max(reach, ankle.Sub(hip).Len()/full)
				a := r.LocalAngle(shin[k])
				if f > 0 {
					turn = math.Max(turn, math.Abs(math.Remainder(a-prev[k], 2*math.Pi))*180/math.Pi)
				}
				prev[k] = a
			}
		}
		t.Logf("MaxReach %v: legs up to %.4f of their length from the hip, knees turning up to %.1f degrees a frame", maxReach, reach, turn)
		if reach > want+1e-9 || turn > 15 {
			t.Errorf("MaxReach %v: legs up to %.4f of their length from the hip, knees turning %.1f degrees a frame; want <= %v and 15", maxReach, reach, turn, want)
		}
		stand := newBiped(t)
		stand.Source = w
		stand.TimeScale = w.Drive(0)
		stand.Update(0.5)
		rest := newBiped(t)
		rest.Update(0)
		hs, _ := stand.Joint(thigh[0])
		hr, _ := rest.Joint(thigh[0])
		if math.Abs(hs[1]-hr[1]) > 1e-9 {
			t.Errorf("MaxReach %v: standing WalkCycle hip at y %.4f, rest pose's %.4f: want the same", maxReach, hs[1], hr[1])
		}
	}
}

// A MaxReach that is not a share in (0, 1] poses finite angles and root:
// NaN, infinities and negatives take the default, larger values 1.
func TestWalkCycleBadMaxReach(t *testing.T) {
	def, err := NewBipedDef(BipedSizes{}, BipedSprites{})
	if err != nil {
		t.Fatal(err)
	}
	dst := make([]float64, def.NumBones())
	for _, v := range []float64{math.NaN(), -1, math.Inf(1), math.Inf(-1), 5, 1e-9} {
		w := &WalkCycle{Stride: 92, MaxReach: v}
		w.Drive(w.NominalSpeed())
		for k := 0; k < 24; k++ {
			root := w.Pose(def, 0.9*float64(k)/24, dst)
			ok := num.FiniteVec(root)
			for _, a := range dst {
				ok = ok && num.Finite(a)
			}
			if !ok {
				t.Fatalf("MaxReach %v: pose %v root %v, want finite", v, dst, root)
			}
		}
	}
}
