package ikanim

import (
	"fmt"
	"math"
	"os"
	"strconv"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/quality"
)

// TestClimberBumpsDiag prints, for the walls with bumps of
// TestClimberHoldsOffBumpUndersides, every frame in which a bone is more
// than 0.5 px in the rock (IKANIM_DIAG=1; IKANIM_DIAG_DEPTH picks one
// bump depth).
func TestClimberBumpsDiag(t *testing.T) {
	if os.Getenv("IKANIM_DIAG") == "" {
		t.Skip("set IKANIM_DIAG=1")
	}
	for _, depth := range []float64{4, 7, 10} {
		if w := os.Getenv("IKANIM_DIAG_DEPTH"); w != "" && w != strconv.Itoa(int(depth)) {
			continue
		}
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
		last := make([]float64, r.def.NumBones())
		pop, popF, popB := 0.0, 0, 0
		defer func() {
			t.Logf("bumps %2.0f: joint pop %.2f deg/frame (frame %d, %s)", depth, pop, popF, r.def.bones[popB].Name)
		}()
		for f := 0; f < 360; f++ {
			r.Position[1] -= 40 * dt
			r.Update(dt)
			for b := range last {
				a := r.local[b]
				if d := math.Abs(math.Remainder(a-last[b], 2*math.Pi)) * 180 / math.Pi; f > 0 && d > pop {
					pop, popF, popB = d, f, b
				}
				last[b] = a
			}
			for b := 0; b < r.def.NumBones(); b++ {
				s, e := r.Joint(b)
				if d := sol.SegmentDepth(s, e, 0.5); d > 0.5 {
					var st string
					for k := 0; k < c.NumLimbs(); k++ {
						cl := &c.limbs[k]
						st += fmt.Sprintf(" %s:%.2f/%d", r.def.limbs[cl.limb].Name, cl.ease, b2i(cl.contact.Holding))
					}
					t.Logf("bumps %2.0f f %3d %-12s %.2f px %.1f-%.1f body %.2f extra %.2f%s bodyV %.1f legNear applied %.1f ankle %.1f", depth, f, r.def.bones[b].Name, d, s, e, c.Body(), c.Clearance(), st, c.bodyV, r.limbs[r.def.LimbIndex(LimbLegNear)].AppliedTarget(r), ankle(r))
				}
			}
		}
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func ankle(r *Rig) mgl64.Vec2 {
	_, e := r.Joint(r.def.BoneIndex(BoneShinNear))
	return e
}
