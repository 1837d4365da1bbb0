package ikanim

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// slabDepth returns how deep p lies inside a block whose top runs from the
// edge E to x1 at height E.y, whose right side is at x1 and whose face
// runs from E down to the floor at floorY leaning back by lean radians
// (at depth y below the edge the face is y*tan(lean) nearer the
// character, who stands to its left): the distance to the nearest side,
// positive inside, 0 outside.
func slabDepth(p, E mgl64.Vec2, x1, floorY, lean float64) float64 {
	y := p[1] - E[1]
	if y <= 0 || p[1] >= floorY || p[0] >= x1 {
		return 0
	}
	fx := E[0] - y*math.Tan(lean)
	if p[0] <= fx {
		return 0
	}
	return math.Min(math.Min((p[0]-fx)*math.Cos(lean), y), math.Min(x1-p[0], floorY-p[1]))
}

// standingMantler builds a default biped standing (its WalkCycle at rest)
// at pos and starts a mantle over E with g as its Ground.
func standingMantler(t *testing.T, g Ground, pos, E mgl64.Vec2) (*Rig, *Mantler) {
	t.Helper()
	def, _ := NewBipedDef(BipedSizes{}, BipedSprites{})
	r := mustRig(t, def)
	r.Source = &WalkCycle{}
	r.Teleport(pos)
	r.Update(1.0 / 60)
	m, err := NewBipedMantler(r)
	if err != nil {
		t.Fatal(err)
	}
	m.Edge, m.Ground = E, g
	r.Add(m)
	m.Start()
	return r, m
}

// deepestBonePoint returns the largest depth of any point of any bone of r
// (each sampled every 0.5 px), the bone and the point.
func deepestBonePoint(r *Rig, depth func(mgl64.Vec2) float64) (worst float64, bone int, at mgl64.Vec2) {
	bone = -1
	for b := 0; b < r.def.NumBones(); b++ {
		s, e := r.Joint(b)
		n := int(math.Ceil(e.Sub(s).Len()/0.5)) + 1
		for k := 0; k <= n; k++ {
			q := s.Add(e.Sub(s).Mul(float64(k) / float64(n)))
			if d := depth(q); d > worst {
				worst, bone, at = d, b, q
			}
		}
	}
	return worst, bone, at
}

// A mantle over the edge of a slab whose face leans back 0 to 25 degrees
// (the character on its left; the face's foot nearer it than the edge by
// the slab's height times tan(lean)), from hanging in front of the face
// near its top, with Ground set: no point of any bone (sampled every
// 0.5 px) goes more than 0.5 px into the slab, and the move ends standing
// on the top. (Taken as vertical, the face had the feet 20-36 px in the
// rock on slabs of 15-20 degrees in a new user's trial.)
func TestMantlerLeaningFaceKeepsLimbsOut(t *testing.T) {
	const top, floorY, x1 = 300.0, 500.0, 560.0
	E := mgl64.Vec2{400, top}
	for _, deg := range []float64{0, 10, 20, 25} {
		const startGap = 30
		lean := deg * math.Pi / 180
		base := E[0] - (floorY-top)*math.Tan(lean)
		g := &polyGround{pts: []mgl64.Vec2{{0, floorY}, {base, floorY}, E, {x1, top}, {x1, floorY}, {900, floorY}}}
		// Hanging in front of the face 90 px below the edge (the rig's
		// origin is at its feet).
		y0 := top + 90
		r, m := standingMantler(t, g, mgl64.Vec2{E[0] - (y0-top)*math.Tan(lean) - startGap, y0}, E)
		def := r.def
		depth := func(q mgl64.Vec2) float64 { return slabDepth(q, E, x1, floorY, lean) }
		worst, worstBone, worstT := 0.0, -1, 0.0
		var worstP mgl64.Vec2
		for i := 0; i < 600 && !m.Done(); i++ {
			r.Update(1.0 / 60)
			if d, b, q := deepestBonePoint(r, depth); d > worst {
				worst, worstBone, worstT, worstP = d, b, float64(i+1)/60, q
			}
		}
		name := ""
		if worstBone >= 0 {
			name = def.BoneDef(worstBone).Name
		}
		t.Logf("face leaning back %2.0f deg: deepest bone point %.2f px in the slab (%s at %.2f s, at %.1f); done %v at %v", deg, worst, name, worstT, worstP, m.Done(), r.Position)
		if !m.Done() || r.Position.Sub(mgl64.Vec2{E[0] + DefaultMantleStand, top}).Len() > 1e-6 {
			t.Errorf("%.0f deg: done %v at %v, want standing on the top at %v", deg, m.Done(), r.Position, mgl64.Vec2{E[0] + DefaultMantleStand, top})
		}
		if worst > 0.5 {
			t.Errorf("%.0f deg: a bone %.2f px in the slab (%s at %.2f s), want <= 0.5", deg, worst, name, worstT)
		}
	}
}

// From standing on the floor 22 px in front of the foot of a block 60 or
// 90 px high whose face leans back 0, 12 or 24 degrees, with Ground set:
// no bone goes into the block or below the floor, and the move ends
// standing on the top. (Not covered: from standing as close under a
// vertical wall of 120 px, the far arm, lagging under its turn limit as
// its hand rises past the shoulder, puts its hand 6.8 px into the wall.)
func TestMantlerFromTheFloorOntoALeaningBlock(t *testing.T) {
	const floorY, x1 = 500.0, 560.0
	for _, h := range []float64{60, 90} {
		for _, deg := range []float64{0, 12, 24} {
			top := floorY - h
			E := mgl64.Vec2{400, top}
			lean := deg * math.Pi / 180
			base := E[0] - h*math.Tan(lean)
			g := &polyGround{pts: []mgl64.Vec2{{0, floorY}, {base, floorY}, E, {x1, top}, {x1, floorY}, {900, floorY}}}
			r, m := standingMantler(t, g, mgl64.Vec2{base - 22, floorY}, E)
			depth := func(q mgl64.Vec2) float64 { return slabDepth(q, E, x1, floorY, lean) }
			worst, below := 0.0, 0.0
			for i := 0; i < 600 && !m.Done(); i++ {
				r.Update(1.0 / 60)
				for b := 0; b < r.def.NumBones(); b++ {
					s, e := r.Joint(b)
					below = math.Max(below, math.Max(s[1], e[1])-floorY)
				}
				d, _, _ := deepestBonePoint(r, depth)
				worst = math.Max(worst, d)
			}
			t.Logf("block %.0f px leaning back %2.0f deg: deepest bone point %.2f px in it, %.2f px below the floor; done %v", h, deg, worst, below, m.Done())
			if !m.Done() || r.Position.Sub(mgl64.Vec2{E[0] + DefaultMantleStand, top}).Len() > 1e-6 {
				t.Errorf("%.0f px, %.0f deg: done %v at %v, want standing on the top", h, deg, m.Done(), r.Position)
			}
			if worst > 0.5 || below > 0.5 {
				t.Errorf("%.0f px, %.0f deg: a bone %.2f px in the block, %.2f px below the floor; want <= 0.5", h, deg, worst, below)
			}
		}
	}
}

// From standing 22 px in front of a vertical wall of 90, 120 and 160 px,
// the hands rise from the sides to over the head between the body and the
// wall: the default catch takes as long as the arms need to keep to that
// path under their turn limit (about 1.4 s here), and no bone goes into
// the wall (in 0.6 s: 0.00/7.3/4.1 px, the near or far hand). From 16 px
// (closer than the body's own half-width and a hand) the hands still touch
// 2.4-3.9 px into it, logged only.
func TestMantlerCatchFromStandingCloseUnderAWall(t *testing.T) {
	const floorY, x1 = 500.0, 560.0
	for _, h := range []float64{90, 120, 160} {
		for _, gap := range []float64{22, 16} {
			top := floorY - h
			E := mgl64.Vec2{400, top}
			g := &polyGround{pts: []mgl64.Vec2{{0, floorY}, {400, floorY}, E, {x1, top}, {x1, floorY}, {900, floorY}}}
			r, m := standingMantler(t, g, mgl64.Vec2{400 - gap, floorY}, E)
			depth := func(q mgl64.Vec2) float64 { return slabDepth(q, E, x1, floorY, 0) }
			worst := 0.0
			for i := 0; i < 900 && !m.Done(); i++ {
				r.Update(1.0 / 60)
				d, _, _ := deepestBonePoint(r, depth)
				worst = math.Max(worst, d)
			}
			t.Logf("wall %.0f px, standing %.0f px from it: catch %.2f s, deepest bone point %.2f px in the wall; done %v", h, gap, m.hand[0].end(), worst, m.Done())
			if !m.Done() {
				t.Errorf("wall %.0f px, %.0f px away: not done", h, gap)
			}
			if gap == 22 && worst > 0.5 {
				t.Errorf("wall %.0f px, 22 px away: a bone %.2f px in the wall, want <= 0.5", h, worst)
			}
		}
	}
}
