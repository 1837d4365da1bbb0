package ikanim

import (
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// From standing on a floor below a ledge too low to hang from (40, 70 and
// 100 px), the mantle with Ground set keeps every joint above the floor
// and ends standing on the ledge; without it the body went 14-74 px below
// the floor (a new user's trial), as the hang assumes a tall wall.
func TestMantlerGroundKeepsTheBodyAboveTheFloor(t *testing.T) {
	for _, h := range []float64{40, 70, 100} {
		for _, withGround := range []bool{false, true} {
			top := 500 - h
			g := &polyGround{pts: []mgl64.Vec2{{0, 500}, {400, 500}, {400, top}, {520, top}, {520, 500}, {900, 500}}}
			def, _ := NewBipedDef(BipedSizes{}, BipedSprites{})
			r := mustRig(t, def)
			r.Source = &WalkCycle{}
			r.Teleport(mgl64.Vec2{378, 500})
			r.Update(1.0 / 60)
			m, err := NewBipedMantler(r)
			if err != nil {
				t.Fatal(err)
			}
			m.Edge = mgl64.Vec2{400, top}
			if withGround {
				m.Ground = g
			}
			r.Add(m)
			m.Start()
			lowest := 0.0
			for i := 0; i < 600 && !m.Done(); i++ {
				r.Update(1.0 / 60)
				for b := 0; b < def.NumBones(); b++ {
					s, e := r.Joint(b)
					lowest = math.Max(lowest, math.Max(s[1], e[1]))
				}
			}
			below := lowest - 500
			t.Logf("ledge %.0f px, Ground %v: lowest joint %.1f px below the floor, done %v at %v", h, withGround, below, m.Done(), r.Position)
			if !m.Done() || math.Abs(r.Position[1]-top) > 1e-6 {
				t.Errorf("ledge %.0f px, Ground %v: done %v at %v, want standing on the top (y %v)", h, withGround, m.Done(), r.Position, top)
			}
			if withGround && below > 0.5 {
				t.Errorf("ledge %.0f px with Ground: a joint %.1f px below the floor, want <= 0.5", h, below)
			}
		}
	}
}

// Start refuses an Edge or a Position that is not finite, with an error
// that names it, and starts nothing (Active false, the rig left alone).
func TestMantlerStartErrors(t *testing.T) {
	def, _ := NewBipedDef(BipedSizes{}, BipedSprites{})
	r := mustRig(t, def)
	r.Teleport(mgl64.Vec2{300, 500})
	m, err := NewBipedMantler(r)
	if err != nil {
		t.Fatal(err)
	}
	r.Add(m)
	for _, e := range []mgl64.Vec2{{math.NaN(), 400}, {400, math.Inf(1)}} {
		m.Edge = e
		if err := m.Start(); err == nil || !strings.Contains(err.Error(), "Edge") {
			t.Errorf("Edge %v: error %v, want one naming Edge", e, err)
		}
		if m.Active() {
			t.Errorf("Edge %v: active after a refused Start", e)
		}
		r.Update(1.0 / 60)
		if r.Position != (mgl64.Vec2{300, 500}) {
			t.Errorf("Edge %v: the rig moved to %v", e, r.Position)
		}
	}
	m.Edge = mgl64.Vec2{320, 440}
	r.Position = mgl64.Vec2{math.NaN(), 500}
	if err := m.Start(); err == nil || !strings.Contains(err.Error(), "Position") {
		t.Errorf("NaN Position: error %v, want one naming Position", err)
	}
	r.Teleport(mgl64.Vec2{300, 500})
	if err := m.Start(); err != nil || !m.Active() {
		t.Errorf("a good Start: error %v, active %v", err, m.Active())
	}
	// An edge 400 px away: the catch would fly the body through whatever
	// lies between (a new user's trial: 52 px of rock).
	m.Edge = mgl64.Vec2{700, 440}
	if err := m.Start(); err == nil || !strings.Contains(err.Error(), "start within") || m.Active() {
		t.Errorf("an edge 400 px away: error %v, active %v; want a refusal", err, m.Active())
	}
}
