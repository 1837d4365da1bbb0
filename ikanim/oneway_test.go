package ikanim

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/solarlune/resolv"

	"github.com/ikanim/kit/terrain"
)

// onewayWalk walks the README's biped (defaults) right at 60 px/s from x
// 100 for 10 s on a floor at y 500 with a board (x 300 to 500, 6 px thick)
// whose top is 40 px above the floor, tagged tags, and returns the highest
// a foot bone's end rose above the floor and the Position's y when it was
// at x 400. Starting on the board instead (start y 460), it returns the
// lowest Position y over the walk's last second on it.
func onewayWalk(t *testing.T, tps float64, tags resolv.Tags, startY float64) (footRise, atMid float64) {
	t.Helper()
	w, err := terrain.New(1000, 600)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.AddBox(0, 500, 1000, 100, terrain.TagGround); err != nil {
		t.Fatal(err)
	}
	if _, err := w.AddBox(300, 460, 200, 6, tags); err != nil {
		t.Fatal(err)
	}
	r, _ := newREADMEBiped(t, w)
	def := r.Def()
	x := 100.0
	if startY < 500 {
		x = 320
	}
	r.Teleport(mgl64.Vec2{x, startY})
	feet := []int{def.BoneIndex(BoneFootNear), def.BoneIndex(BoneFootFar)}
	dt := 1 / tps
	atMid = math.NaN()
	for i := 0; float64(i)*dt < 10; i++ {
		if startY < 500 && r.Position[0] > 470 {
			break
		}
		r.Position[0] += 60 * dt
		r.Update(dt)
		for _, b := range feet {
			_, e := r.Joint(b)
			footRise = math.Max(footRise, 500-e[1])
		}
		if math.IsNaN(atMid) && r.Position[0] >= 400 {
			atMid = r.Position[1]
		}
	}
	return footRise, atMid
}

// TestOneWayBoardsHoldFromAboveOnly: on a terrain.World (a GroundOneWay)
// the README's biped walking under a one-way board 40 px above the floor
// keeps its feet and body on the floor (feet rise at most a swing's
// height; under the same board without TagOneWay they step up onto it, 40
// px), and one that starts on the board walks along it standing on it, at
// 30, 60 and 144 TPS. (A new user's trial: feet climbed onto a one-way
// board at hip height, the ankle 58.8 px above a slope.)
func TestOneWayBoardsHoldFromAboveOnly(t *testing.T) {
	for _, tps := range []float64{30, 60, 144} {
		ow, owMid := onewayWalk(t, tps, terrain.TagPlatform|terrain.TagOneWay, 500)
		solid, solidMid := onewayWalk(t, tps, terrain.TagPlatform, 500)
		_, onMid := onewayWalk(t, tps, terrain.TagPlatform|terrain.TagOneWay, 460)
		t.Logf("%3.0f TPS: under a one-way board feet rise %.1f px, body at y %.1f at x 400; under a solid one %.1f px, y %.1f; walking on the one-way board y %.1f", tps, ow, owMid, solid, solidMid, onMid)
		if ow > 30 || math.Abs(owMid-500) > 1 {
			t.Errorf("%.0f TPS: under a one-way board feet rose %.1f px and the body was at y %.1f, want under 30 px and y 500", tps, ow, owMid)
		}
		if solid < 38 {
			t.Errorf("%.0f TPS: under a solid board feet rose only %.1f px: the walk does not test the board", tps, solid)
		}
		if math.Abs(onMid-460) > 1 {
			t.Errorf("%.0f TPS: walking on the one-way board the body was at y %.1f, want 460", tps, onMid)
		}
	}
}

// The one-way ground and the headroom rays with bad inputs: a README biped
// on a World with a one-way board and a low block, driven with NaN, huge
// and zero dt and Positions that are NaN, infinite or far out, keeps every
// joint finite and never panics; and oneWayGround answers a zero-length,
// a NaN and an infinite ray without a NaN.
func TestOneWayAndHeadroomBadInputs(t *testing.T) {
	w, err := terrain.New(1000, 600)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range [][5]float64{{0, 500, 1000, 100, 0}, {300, 460, 200, 6, 1}, {550, 390, 200, 40, 0}} {
		tags := terrain.TagGround
		if b[4] == 1 {
			tags |= terrain.TagOneWay
		}
		if _, err := w.AddBox(b[0], b[1], b[2], b[3], tags); err != nil {
			t.Fatal(err)
		}
	}
	r, _ := newREADMEBiped(t, w)
	r.Teleport(mgl64.Vec2{100, 500})
	dts := []float64{1.0 / 60, math.NaN(), 10, 0, -1, math.Inf(1), 1e-300}
	bad := []mgl64.Vec2{{math.NaN(), 500}, {math.Inf(1), 500}, {1e300, -1e300}, {400, 462}, {600, 420}}
	for i := 0; i < 600; i++ {
		if i%50 == 25 {
			r.Position = bad[(i/50)%len(bad)]
		} else {
			r.Position[0] += 1
		}
		r.Update(dts[i%len(dts)])
		for b := 0; b < r.Def().NumBones(); b++ {
			s, e := r.Joint(b)
			if !(math.Abs(s[0]+s[1]+e[0]+e[1]) < math.Inf(1)) {
				t.Fatalf("frame %d: bone %d joints %v %v", i, b, s, e)
			}
		}
	}
	o := oneWayFor(r, w)
	for _, ray := range [][2]mgl64.Vec2{{{400, 400}, {400, 400}}, {{math.NaN(), 400}, {400, 600}}, {{400, math.Inf(-1)}, {400, 600}}, {{400, 300}, {400, 600}}} {
		p, n, ok := o.Raycast(ray[0], ray[1])
		if ok && !(math.Abs(p[0]+p[1]+n[0]+n[1]) < math.Inf(1)) {
			t.Errorf("ray %v: %v %v %v", ray, p, n, ok)
		}
	}
}
