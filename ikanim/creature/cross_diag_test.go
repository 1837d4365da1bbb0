package creature

import (
	"fmt"
	"math"
	"os"
	"sort"
	"strconv"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/terrain"
)

// TestCreatureCrossDiag (CREATURE_CROSS_DIAG=shape name, e.g. spider8)
// runs that shape on courseSeeds courses at CREATURE_DIAG_TPS (default 60)
// and classifies its crossed neighbour pairs (courseNeighbours, the pairs
// TestCreatureCourses measures) frame by frame: which segments cross
// (segment k counted from the hip, 1 = femur, "1-2" a femur across the
// neighbour's tibia), how far the crossing lies from the nearer hip, how
// many pair-frames have their feet out of order (and how many of those
// cross nowhere else), and how many cross only within 3, 5 or 8 px of both
// hips with their feet in order (where the legs' sprites overlap at their
// roots whatever the angles: legs that merely touch at adjacent hips).
// Skipped unless CREATURE_CROSS_DIAG is set.
//
// On 48 courses at 60 TPS when it was written: spider8 crossed in 19000 of
// 19012 frames, 66985 pair-frames: femur-tibia 47202, femur-femur 17817,
// tibia-tibia 18074 crossings, median 18 px from the nearer hip (p10 2.2,
// p90 23.7: the knees), feet out of order in 11839 (1163 with no other
// crossing), within 5 px of both hips only 4107; crawler4 crossed only by
// its feet (501 pair-frames), the tentacled creature's 2729 pair-frames had
// their feet out of order in 2665 (before footorder.go).
func TestCreatureCrossDiag(t *testing.T) {
	name := os.Getenv("CREATURE_CROSS_DIAG")
	if name == "" {
		t.Skip("set CREATURE_CROSS_DIAG to a shape name")
	}
	tps := 60.0
	if v, _ := strconv.ParseFloat(os.Getenv("CREATURE_DIAG_TPS"), 64); v > 0 {
		tps = v
	}
	def := courseShapeNamed(t, name)
	n := courseSeeds(t)
	kinds := map[string]int{}
	var dists []float64
	frames, crossedFr := 0, 0
	pairs := courseNeighbours(def)
	for seed := range uint64(n) {
		crs := terrain.GenerateCourse(seed, terrain.CourseOptions{})
		tg := crs.Targets(nil, 1, 150, 400)
		goal := tg[0].Point.Add(tg[0].Normal.Mul(def.BodyHeight()))
		c, err := New(def, crs.Start.Sub(mgl64.Vec2{0, def.BodyHeight()}), crs.World)
		if err != nil {
			t.Fatal(err)
		}
		c.SetTarget(goal)
		joints := make([][]mgl64.Vec2, c.NumLegs())
		dt, after := 1/tps, 0.0
		for f := 0; float64(f)*dt < courseSeconds && after < 0.5; f++ {
			c.Update(dt)
			if c.Arrived() {
				after += dt
			}
			for i := range joints {
				joints[i] = c.TentacleJoints(i, joints[i])
			}
			frames++
			any := false
			for _, pr := range pairs {
				a, b := joints[pr[0]], joints[pr[1]]
				hit, far := false, 0.0
				for i := 1; i < len(a); i++ {
					for j := 1; j < len(b); j++ {
						p, ok := crossPoint(a[i-1], a[i], b[j-1], b[j])
						if !ok {
							continue
						}
						hit = true
						kinds[fmt.Sprintf("%d-%d", min(i, j), max(i, j))]++
						da, db := p.Sub(a[0]).Len(), p.Sub(b[0]).Len()
						dists = append(dists, math.Min(da, db))
						far = math.Max(far, math.Max(da, db))
					}
				}
				ax := c.Right()
				hips := b[0].Sub(a[0]).Dot(ax)
				feet := b[len(b)-1].Sub(a[len(a)-1]).Dot(ax)
				swapped := math.Abs(hips) > 1e-9 && hips*feet < 0
				if swapped {
					kinds["feet"]++
					if !hit {
						kinds["feet-only"]++
					}
				}
				if hit && !swapped {
					for _, r := range []float64{3, 5, 8} {
						if far <= r {
							kinds[fmt.Sprintf("hips-%.0fpx", r)]++
						}
					}
				}
				if hit || swapped {
					kinds["pair-frames"]++
					any = true
				}
			}
			if any {
				crossedFr++
			}
		}
	}
	sort.Float64s(dists)
	q := func(p float64) float64 {
		if len(dists) == 0 {
			return 0
		}
		return dists[int(p*float64(len(dists)-1))]
	}
	t.Logf("%s at %.0f TPS on %d courses: %d of %d frames crossed; %v; crossing distance from the nearer hip p10 %.1f p50 %.1f p90 %.1f px",
		name, tps, n, crossedFr, frames, kinds, q(0.1), q(0.5), q(0.9))
}

// crossPoint returns where the segments a0->a1 and b0->b1 cross, as
// quality.SegmentsCross decides it (touching ends do not count).
func crossPoint(a0, a1, b0, b1 mgl64.Vec2) (mgl64.Vec2, bool) {
	d := a1.Sub(a0)
	e := b1.Sub(b0)
	den := d[0]*e[1] - d[1]*e[0]
	if den == 0 {
		return mgl64.Vec2{}, false
	}
	w := b0.Sub(a0)
	s := (w[0]*e[1] - w[1]*e[0]) / den
	u := (w[0]*d[1] - w[1]*d[0]) / den
	const eps = 1e-9
	if s > eps && s < 1-eps && u > eps && u < 1-eps {
		return a0.Add(d.Mul(s)), true
	}
	return mgl64.Vec2{}, false
}
