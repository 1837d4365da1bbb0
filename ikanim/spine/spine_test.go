package spine_test

import (
	"math"
	"os"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim"
	"github.com/ikanim/kit/ikanim/spine"
)

// Hand geometry in Spine's frame (y up, degrees counter-clockwise), turned
// into the rig's character frame (y down) by the mirror (x, y) -> (x, -y).

// pt is the character-frame point of Spine's (x, y).
func pt(x, y float64) mgl64.Vec2 { return mgl64.Vec2{x, -y} }

// step returns p moved l along Spine's direction deg (counter-clockwise
// from +x, y up).
func step(p mgl64.Vec2, l, deg float64) mgl64.Vec2 {
	s, c := math.Sincos(deg * math.Pi / 180)
	return mgl64.Vec2{p[0] + l*c, p[1] + l*s}
}

// rigAngle is the rig's angle (radians, clockwise on a y-down screen) of
// Spine's direction deg.
func rigAngle(deg float64) float64 { return -deg * math.Pi / 180 }

const tol = 1e-9

func near(a, b mgl64.Vec2, eps float64) bool { return a.Sub(b).Len() <= eps }

func angleNear(a, b, eps float64) bool { return math.Abs(math.Remainder(a-b, 2*math.Pi)) <= eps }

func load(t testing.TB, name string, opts *spine.Options) *spine.Skeleton {
	t.Helper()
	data, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	s, err := spine.Parse(data, opts)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func model(t testing.TB, name string) (*spine.Model, *ikanim.Rig) {
	t.Helper()
	m, err := load(t, name, nil).Build(nil)
	if err != nil {
		t.Fatal(err)
	}
	r, err := m.NewRig()
	if err != nil {
		t.Fatal(err)
	}
	return m, r
}

// pose plays clip (nil: the setup pose) at time tm and runs one frame.
func pose(r *ikanim.Rig, clip *ikanim.Clip, tm float64) {
	if clip == nil {
		r.Source = nil
	} else {
		r.Source = clip
	}
	r.Time = tm
	r.Update(0) // dt 0: the pose at Time, limbs at their weights at once
}

// tailTips are the tail's bone tips by hand: root at (0, rootY), tail1 at
// (0, 10) on it, each bone 20 long, at the given world angles (degrees,
// Spine's frame).
func tailTips(rootY float64, world [5]float64) []mgl64.Vec2 {
	p := mgl64.Vec2{0, rootY + 10}
	var tips []mgl64.Vec2
	for _, a := range world {
		p = step(p, 20, a)
		tips = append(tips, pt(p[0], p[1]))
	}
	return tips
}

func checkTail(t *testing.T, r *ikanim.Rig, def *ikanim.RigDef, what string, want []mgl64.Vec2, eps float64) {
	t.Helper()
	for k, w := range want {
		i := def.BoneIndex([]string{"tail1", "tail2", "tail3", "tail4", "tail5"}[k])
		if _, end := r.Joint(i); !near(end, w, eps) {
			t.Errorf("%s: tail%d tip = %v, want %v", what, k+1, end, w)
		}
	}
}

// The tail's setup pose: tail2 turned up 10 degrees in Spine (counter-
// clockwise, y up) is turned up on screen too: its tip's y is smaller.
func TestTailSetupPose(t *testing.T) {
	m, r := model(t, "tail.json")
	want := tailTips(0, [5]float64{0, 10, 10, 0, 0})
	checkTail(t, r, m.Def, "setup", want, tol)
	if want[1][1] >= want[0][1] {
		t.Errorf("tail2 tip %v is not above tail1's %v on screen", want[1], want[0])
	}
	if got := r.BoneAngle(m.Def.BoneIndex("tail2")); !angleNear(got, rigAngle(10), tol) {
		t.Errorf("tail2 angle %v, want %v (-10 degrees: counter-clockwise on screen)", got, rigAngle(10))
	}
}

// The wag at its key times: the root translated up, tail1 turned 20
// degrees (linear), tail3 -30 (the key before a stepped segment), tail4's
// symmetric Bezier ease at its midpoint (20 of 40 degrees).
func TestTailWagAtKeyTimes(t *testing.T) {
	m, r := model(t, "tail.json")
	wag := m.Clip("wag")
	if wag == nil || wag.Duration != 1 || !wag.Loop {
		t.Fatalf("wag clip %+v", wag)
	}
	pose(r, wag, 0.5)
	// World angles: tail1 20, tail2 20+10, tail3 30-30, tail4 0-10+20, tail5 10.
	checkTail(t, r, m.Def, "t=0.5", tailTips(4, [5]float64{20, 30, 0, 10, 10}), tol)

	// Between keys, on the baked samples: tail1 linear 0->20 over 0.5 s is
	// 10 at 0.25; tail3 linear 0->-30 is -15; the root 0->4 is 2.
	pose(r, wag, 0.25)
	b4 := bezier(0, 0, 0.25, 0, 0.75, 40, 1, 40, 0.25)
	checkTail(t, r, m.Def, "t=0.25", tailTips(2, [5]float64{10, 20, 5, 5 - 10 + b4, 5 - 10 + b4}), tol)

	// Off the samples: a linear stretch is reproduced exactly.
	pose(r, wag, 0.26)
	if got, want := r.LocalAngle(m.Def.BoneIndex("tail1")), rigAngle(20*0.26/0.5); !angleNear(got, want, 1e-9) {
		t.Errorf("t=0.26: tail1 local %v, want %v", got, want)
	}
	// The stepped segment holds -30 until t=1.
	for _, tm := range []float64{0.6, 0.75, 0.9} {
		pose(r, wag, tm)
		if got := r.LocalAngle(m.Def.BoneIndex("tail3")); !angleNear(got, rigAngle(-30), 1e-9) {
			t.Errorf("t=%v: tail3 local %v, want %v (stepped)", tm, got, rigAngle(-30))
		}
	}
	// Bezier off the samples: within a thousandth of a degree.
	pose(r, wag, 0.4321)
	want := rigAngle(-10 + bezier(0, 0, 0.25, 0, 0.75, 40, 1, 40, 0.4321))
	if got := r.LocalAngle(m.Def.BoneIndex("tail4")); !angleNear(got, want, 1e-3*math.Pi/180) {
		t.Errorf("t=0.4321: tail4 local %v, want %v", got, want)
	}
}

// bezier evaluates a Spine Bezier segment at time t by bisection: the
// reference the importer's curves are checked against.
func bezier(t1, v1, cx1, cy1, cx2, cy2, t2, v2, t float64) float64 {
	b := func(a, b, c, d, s float64) float64 {
		u := 1 - s
		return u*u*u*a + 3*u*u*s*b + 3*u*s*s*c + s*s*s*d
	}
	lo, hi := 0.0, 1.0
	for i := 0; i < 100; i++ {
		if m := (lo + hi) / 2; b(t1, cx1, cx2, t2, m) < t {
			lo = m
		} else {
			hi = m
		}
	}
	return b(v1, cy1, cy2, v2, lo)
}

// Each slot's sprite bone sits at its region attachment's centre, turned
// as the attachment is, drawn at the attachment's size; tints come from
// the slot colour.
func TestTailSlotPlacement(t *testing.T) {
	s := load(t, "tail.json", nil)
	m, err := s.Build(nil)
	if err != nil {
		t.Fatal(err)
	}
	r, err := m.NewRig()
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Slots) != 6 {
		t.Fatalf("%d slots, want 6", len(s.Slots))
	}
	// tail1's segment: 10 along tail1 from (0, 10).
	seg := s.Slots[0]
	if start, _ := r.Joint(seg.Bone); !near(start, pt(10, 10), tol) || seg.Size != (mgl64.Vec2{24, 8}) || seg.FlipY {
		t.Errorf("slot tail1: at %v size %v flip %v; want %v, (24, 8), false", start, seg.Size, seg.FlipY, pt(10, 10))
	}
	// The tip: (24, 2) in tail5's frame (angle 0 in Spine), turned 90
	// degrees counter-clockwise: its image's +x points up on screen.
	tail5 := tailTips(0, [5]float64{0, 10, 10, 0, 0})[3] // tail4's tip is tail5's start
	tip := s.Slots[5]
	wantAt := mgl64.Vec2{tail5[0] + 24, tail5[1] - 2}
	if start, _ := r.Joint(tip.Bone); !near(start, wantAt, tol) {
		t.Errorf("slot tip at %v, want %v", start, wantAt)
	}
	if a := r.BoneAngle(tip.Bone); !angleNear(a, -math.Pi/2, 1e-12) || tip.Region != "tip" || tip.Size != (mgl64.Vec2{8, 12}) {
		t.Errorf("slot tip: angle %v region %q size %v; want -pi/2, tip, (8, 12)", a, tip.Region, tip.Size)
	}
	// Draw order: layers follow the slots.
	for k, sl := range s.Slots {
		if b := s.Bones[sl.Bone]; b.Layer != k || b.Name != spine.SlotPrefix+sl.Name {
			t.Errorf("slot %d: bone %q layer %d", k, b.Name, b.Layer)
		}
	}
	// tail4's slot is half transparent: a premultiplied tint.
	tint := s.Bones[s.Slots[3].Bone].Tint
	if a := float64(tint.A()); math.Abs(a-128.0/255) > 1e-6 || math.Abs(float64(tint.R())-a) > 1e-6 {
		t.Errorf("tail4 tint %v, want all channels 128/255", tint.String())
	}
}

// The biped's legs are two-bone limbs (bendPositive false: knees forward,
// Bend -1) reaching their target bones at the setup pose; the feet, which
// do not inherit rotation, are the effectors and keep their angle; the
// aim constraint has mix 0 at setup, so the arm hangs.
func TestBipedSetupIK(t *testing.T) {
	m, r := model(t, "biped.json")
	def := m.Def
	for _, l := range m.Skeleton.Limbs[:2] {
		if l.Solver != ikanim.SolveTwoBone || l.Bend != -1 || !strings.HasPrefix(l.Effector, "foot.") {
			t.Errorf("limb %+v", l)
		}
	}
	if l := m.Skeleton.Limbs[2]; l.Solver != ikanim.SolveLookAt || l.Name != "aim" {
		t.Errorf("limb %+v", l)
	}
	pose(r, nil, 0)
	hip := pt(0, 67)
	for _, side := range []struct {
		name   string
		target mgl64.Vec2
	}{{"front", pt(2, 4)}, {"back", pt(-2, 4)}} {
		_, ankle := r.Joint(def.BoneIndex("shin." + side.name))
		if !near(ankle, side.target, 1e-6) {
			t.Errorf("%s ankle %v, want the target %v", side.name, ankle, side.target)
		}
		_, knee := r.Joint(def.BoneIndex("thigh." + side.name))
		if !kneeForward(hip, knee, ankle) {
			t.Errorf("%s knee %v is not in front of the hip-ankle line", side.name, knee)
		}
		if a := r.BoneAngle(def.BoneIndex("foot." + side.name)); !angleNear(a, 0, 1e-9) {
			t.Errorf("%s foot angle %v, want 0 (level, as set up)", side.name, a)
		}
	}
	if a := r.BoneAngle(def.BoneIndex("arm")); !angleNear(a, rigAngle(-90), 1e-9) {
		t.Errorf("arm angle %v, want straight down %v", a, rigAngle(-90))
	}
	if w := r.Limb("aim").CurrentWeight(); w != 0 {
		t.Errorf("aim weight %v, want 0", w)
	}
}

// kneeForward says whether knee lies forward (+x) of the hip-ankle line.
func kneeForward(hip, knee, ankle mgl64.Vec2) bool {
	x := hip[0] + (ankle[0]-hip[0])*(knee[1]-hip[1])/(ankle[1]-hip[1])
	return knee[0] > x
}

// The walk at its key times: the torso leans 5 degrees forward (a
// clockwise -5 in Spine), the front foot's target has moved by its keyed
// translation and the ankle follows it, the aim constraint's mix is 1 so
// the arm points at its target, and the back leg's mix follows its keys
// (the limb blends by exactly the mix).
func TestBipedWalkAtKeyTimes(t *testing.T) {
	m, r := model(t, "biped.json")
	def, walk := m.Def, m.Clip("walk")
	pose(r, walk, 0.5)
	if a := r.BoneAngle(def.BoneIndex("torso")); !angleNear(a, rigAngle(85), 1e-9) {
		t.Errorf("torso angle %v, want %v", a, rigAngle(85))
	}
	if _, ankle := r.Joint(def.BoneIndex("shin.front")); !near(ankle, pt(2+6, 4+6), 1e-6) {
		t.Errorf("t=0.5: front ankle %v, want %v", ankle, pt(8, 10))
	}
	shoulder := step(mgl64.Vec2{0, 67}, 36, 85)
	aim := pt(40, 103).Sub(pt(shoulder[0], shoulder[1]))
	if a := r.BoneAngle(def.BoneIndex("arm")); !angleNear(a, math.Atan2(aim[1], aim[0]), 1e-6) {
		t.Errorf("t=0.5: arm angle %v, want toward the aim target %v", a, math.Atan2(aim[1], aim[0]))
	}
	// leg.back's mix: 1 at t=0, 0.5 at t=0.75 (linear), held (stepped) to t=1.
	for _, c := range []struct{ t, mix float64 }{{0.5, 1 - 0.5*0.5/0.75}, {0.8, 0.5}, {0, 1}} {
		pose(r, walk, c.t)
		if w := r.Limb("leg.back").CurrentWeight(); math.Abs(w-c.mix) > 1e-9 {
			t.Errorf("t=%v: leg.back weight %v, want the mix %v", c.t, w, c.mix)
		}
	}
	// At the translate key t=0.25 (after a Bezier segment): (3, 10).
	pose(r, walk, 0.25)
	if _, ankle := r.Joint(def.BoneIndex("shin.front")); !near(ankle, pt(2+3, 4+10), 1e-6) {
		t.Errorf("t=0.25: front ankle %v, want %v", ankle, pt(5, 14))
	}
	// The back target's translatex: 6 at t=0.
	pose(r, walk, 0)
	if _, ankle := r.Joint(def.BoneIndex("shin.back")); !near(ankle, pt(-2+6, 4), 1e-6) {
		t.Errorf("t=0: back ankle %v, want %v", ankle, pt(4, 4))
	}
}

// A keyed bendPositive flips the knee; facing left mirrors the whole
// character, targets included.
func TestBipedBendAndFacing(t *testing.T) {
	m, r := model(t, "biped.json")
	def := m.Def
	pose(r, m.Clip("flip"), 0)
	_, knee := r.Joint(def.BoneIndex("thigh.front"))
	_, ankle := r.Joint(def.BoneIndex("shin.front"))
	if kneeForward(pt(0, 67), knee, ankle) || !near(ankle, pt(2, 4), 1e-6) {
		t.Errorf("flip: knee %v ankle %v; want the knee behind, the ankle on %v", knee, ankle, pt(2, 4))
	}
	r.Facing = ikanim.FacingLeft
	r.Position = mgl64.Vec2{100, 50}
	pose(r, nil, 0)
	_, ankle = r.Joint(def.BoneIndex("shin.front"))
	if want := (mgl64.Vec2{100 - 2, 50 - 4}); !near(ankle, want, 1e-6) {
		t.Errorf("facing left: front ankle %v, want %v", ankle, want)
	}
}

// What is not imported is listed, one line each.
func TestSkippedFeaturesAreListed(t *testing.T) {
	s := load(t, "unsupported.json", nil)
	all := strings.Join(s.Skipped, "\n")
	for _, want := range []string{
		`slot "body": blend mode "additive" drawn as normal`,
		`slot "body": dark colour`,
		`1 transform constraints ignored`,
		`1 physics constraints ignored`,
		`skin "red" ignored`,
		`bone "body": non-uniform scale or shear`,
		`bone "hand": inherit mode onlyTranslation`,
		`IK "reach": compress, stretch and uniform ignored`,
		`slot "cape": mesh attachment "cape" not drawn`,
		`slot "hitbox": boundingbox attachment "hitbox" not drawn`,
		`slot "arm": setup attachment "missing" is not in the default skin`,
		`animation "all": bone "arm": translate timeline not imported`,
		`animation "all": bone "body": scale timeline ignored`,
		`animation "all": slot "body": timelines ignored`,
		`animation "all": transform constraint "t": timelines ignored`,
		`animation "all": physics constraint "p": timelines ignored`,
		`animation "all": draw order timeline ignored`,
		`animation "all": events timeline ignored`,
	} {
		if !strings.Contains(all, want) {
			t.Errorf("Skipped lacks %q; it is:\n%s", want, all)
		}
	}
	// Ignored timelines still count for the duration (the slot's key at 2.5 s).
	if d := s.Animations[0].Duration; d != 2.5 {
		t.Errorf("duration %v, want 2.5", d)
	}
	// The biped's hip bob is not imported (only the root's translation is).
	if b := strings.Join(load(t, "biped.json", nil).Skipped, "\n"); !strings.Contains(b, `animation "walk": bone "hip": translate timeline not imported`) {
		t.Errorf("biped Skipped lacks the hip translation:\n%s", b)
	}
}

// Bad files get errors that name the JSON path of the value at fault.
func TestBadFilesNameTheField(t *testing.T) {
	const bones = `"bones": [{"name": "root"}, {"name": "a", "parent": "root", "length": 10}, {"name": "b", "parent": "a", "x": 10, "length": 10}]`
	for _, c := range []struct{ file, want string }{
		{`{`, `spine: file: unexpected end of JSON`},
		{`{"bones": []}`, `spine: bones: no bones`},
		{`{"skeleton": {"spine": "3.8.99"}, "bones": [{"name": "root"}]}`, `skeleton.spine: version 3.8.99: Spine 3 JSON is not supported`},
		{`{"bones": [{"name": "root"}, {"name": "a", "parent": "hips"}]}`, `bones[1].parent: "hips" is not the name of an earlier bone`},
		{`{"bones": [{"name": "root"}, {"name": "a"}]}`, `bones[1].parent: missing; only the first bone is the root`},
		{`{"bones": [{"name": "root", "rotation": "90"}]}`, `bones[0].rotation: want a number, got string`},
		{`{"bones": [{"name": "root", "scaleX": 1e9}]}`, `bones[0].scaleX: 1e+09 must be in`},
		{`{"bones": [{"name": "root"}, {"name": "a", "parent": "root", "inherit": "sideways"}]}`, `bones[1].inherit: "sideways" is not one of`},
		{`{"bones": [{"name": "root"}, {"name": "root", "parent": "root"}]}`, `bones[1].name: "root" is the name of bones[0] too`},
		{`{` + bones + `, "slots": [{"name": "s", "bone": "c"}]}`, `slots[0].bone: "c" is not a bone`},
		{`{` + bones + `, "slots": [{"name": "s", "bone": "a", "color": "red"}]}`, `slots[0].color: "red" is not a colour RRGGBBAA`},
		{`{` + bones + `, "ik": [{"name": "k", "bones": ["root", "a", "b"], "target": "root"}]}`, `ik[0].bones: 3 bones; a Spine IK constraint has 1 or 2`},
		{`{` + bones + `, "ik": [{"name": "k", "bones": ["b", "a"], "target": "root"}]}`, `ik[0].bones[1]: "a" is not a child of "b"`},
		{`{` + bones + `, "ik": [{"name": "k", "bones": ["a", "b"], "target": "t"}]}`, `ik[0].target: "t" is not a bone`},
		{`{` + bones + `, "ik": [{"name": "k", "bones": ["a", "b"], "target": "root", "mix": 2}]}`, `ik[0].mix: 2 must be in [0, 1]`},
		{`{` + bones + `, "slots": [{"name": "s", "bone": "a"}], "skins": [{"name": "default", "attachments": {"x": {}}}]}`, `skins[0].attachments["x"]: "x" is not a slot`},
		{`{` + bones + `, "slots": [{"name": "s", "bone": "a"}], "skins": [{"name": "default", "attachments": {"s": {"r": {"width": -4, "height": 2}}}}]}`, `skins[0].attachments["s"]["r"].width: -4 must be in`},
		{`{` + bones + `, "animations": {"walk": {"bones": {"c": {}}}}}`, `animations["walk"].bones["c"]: "c" is not a bone`},
		{`{` + bones + `, "animations": {"walk": {"bones": {"a": {"rotate": [{"time": 1}, {"time": 0.5}]}}}}}`, `animations["walk"].bones["a"]["rotate"][1].time: 0.5 is before the previous key's 1`},
		{`{` + bones + `, "animations": {"walk": {"bones": {"a": {"rotate": [{"value": "x"}]}}}}}`, `animations["walk"].bones["a"]["rotate"][0].value: want a number, got string`},
		{`{` + bones + `, "animations": {"walk": {"bones": {"a": {"rotate": [{"curve": [0, 1, 2]}, {"time": 1}]}}}}}`, `animations["walk"].bones["a"]["rotate"][0].curve: 3 numbers, want 4`},
		{`{` + bones + `, "animations": {"walk": {"bones": {"a": {"translate": [{"curve": [0, 1, 2, 3]}, {"time": 1}]}}}}}`, `animations["walk"].bones["a"]["translate"][0].curve: 4 numbers, want 8`},
		{`{` + bones + `, "animations": {"walk": {"bones": {"a": {"rotate": [{"curve": "smooth"}, {"time": 1}]}}}}}`, `["rotate"][0].curve: want "stepped" or an array of Bezier control points`},
		{`{` + bones + `, "animations": {"walk": {"bones": {"a": {"rotate": [{"time": 4000}]}}}}}`, `["rotate"][0].time: 4000 must be in [0, 3600]`},
		{`{` + bones + `, "animations": {"walk": {"ik": {"k": []}}}}`, `animations["walk"].ik["k"]: "k" is not an IK constraint`},
		{`{` + bones + `, "animations": {"walk": {}, "walk": {}}}`, `animations["walk"]: a second animation of that name`},
	} {
		_, err := spine.Parse([]byte(c.file), nil)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "spine: ") {
			t.Errorf("Parse(%s)\n  = %v\n  want an error containing %q", c.file, err, c.want)
		}
	}
	var b strings.Builder
	b.WriteString(`{"bones": [{"name": "root"}`)
	for i := 0; i < ikanim.MaxBones; i++ {
		b.WriteString(`, {"name": "b` + string(rune('a'+i%26)) + strings.Repeat("x", i/26) + `", "parent": "root"}`)
	}
	b.WriteString("]}")
	if _, err := spine.Parse([]byte(b.String()), nil); err == nil || !strings.Contains(err.Error(), "bones: 4097 bones, more than 4096") {
		t.Errorf("too many bones: %v", err)
	}
	if _, err := spine.Load(strings.NewReader(strings.Repeat(" ", spine.MaxBytes+1)), nil); err == nil || !strings.Contains(err.Error(), "larger than") {
		t.Errorf("a file over MaxBytes: %v", err)
	}
	if _, err := spine.Parse([]byte(`{"bones": [{"name": "root"}]}`), &spine.Options{Scale: -1}); err == nil {
		t.Error("Options.Scale -1: no error")
	}
}

// Options.Scale scales lengths, positions and sizes; Once holds clips.
func TestOptions(t *testing.T) {
	s := load(t, "tail.json", &spine.Options{Scale: 2, Once: true})
	m, err := s.Build(nil)
	if err != nil {
		t.Fatal(err)
	}
	if b := s.Bones[2]; b.Length != 40 || b.Attach[0] != 40 {
		t.Errorf("tail2 at scale 2: length %v attach %v", b.Length, b.Attach)
	}
	if sz := s.Slots[0].Size; sz != (mgl64.Vec2{48, 16}) {
		t.Errorf("segment size %v, want (48, 16)", sz)
	}
	if c := m.Clip("wag"); c.Loop {
		t.Error("Once: the clip loops")
	}
}

// A rig of an imported skeleton runs its frames, IK included, without
// allocating.
func TestImportedRigFrameDoesNotAllocate(t *testing.T) {
	m, r := model(t, "biped.json")
	r.Source = m.Clip("walk")
	r.Update(1.0 / 60)
	if n := testing.AllocsPerRun(100, func() { r.Update(1.0 / 60) }); n != 0 {
		t.Errorf("Update allocates %v times per frame, want 0", n)
	}
}

// Any file that parses builds into a rig whose frames stay finite;
// nothing panics on bad input.
func FuzzParse(f *testing.F) {
	for _, name := range []string{"tail.json", "biped.json", "unsupported.json"} {
		data, err := os.ReadFile("testdata/" + name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(`{"bones": [{"name": "root", "scaleX": -1}, {"name": "a", "parent": "root", "length": 5, "rotation": 30}], "ik": [{"name": "k", "bones": ["a"], "target": "root"}], "animations": {"x": {"ik": {"k": [{"mix": 0.3, "curve": [0, 0, 1, 1, 0, 0, 1, 1]}, {"time": 1}]}}}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := spine.Parse(data, nil)
		if err != nil {
			return
		}
		m, err := s.Build(nil)
		if err != nil {
			t.Fatalf("a parsed skeleton does not build: %v", err)
		}
		r, err := m.NewRig()
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range append([]*ikanim.Clip{nil}, m.Clips...) {
			r.Source = nil
			if c != nil {
				r.Source = c
			}
			for k := 0; k < 3; k++ {
				r.Update(0.05)
				for i := 0; i < m.Def.NumBones(); i++ {
					a, b := r.Joint(i)
					if math.IsNaN(a[0]+a[1]+b[0]+b[1]) || math.IsInf(a[0]+a[1]+b[0]+b[1], 0) {
						t.Fatalf("bone %d: joints %v %v", i, a, b)
					}
				}
			}
		}
	})
}

// Spine 4.3 lists every constraint in "constraints", each with its type;
// the IK ones are imported in the list's order, the others listed as
// skipped.
func TestSpine43ConstraintList(t *testing.T) {
	s, err := spine.Parse([]byte(`{
		"skeleton": {"spine": "4.3.01"},
		"bones": [{"name": "root"}, {"name": "a", "parent": "root", "length": 10}, {"name": "b", "parent": "a", "x": 10, "length": 10}, {"name": "t", "parent": "root", "x": 15}],
		"constraints": [
			{"type": "transform", "name": "copy", "bones": ["b"], "source": "t"},
			{"type": "ik", "name": "arm", "bones": ["a", "b"], "target": "t", "bendPositive": false},
			{"type": "ik", "name": "look", "bones": ["b"], "target": "t", "mix": 0.5},
			{"type": "slider", "name": "s"}
		],
		"animations": {"x": {"slider": {"s": {"time": [{"time": 2}]}}}}
	}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Limbs) != 2 || s.Limbs[0].Name != "arm" || s.Limbs[0].Bend != -1 || s.Limbs[1].Name != "look" || s.IK[1].Mix != 0.5 {
		t.Errorf("limbs %+v, IK %+v", s.Limbs, s.IK)
	}
	all := strings.Join(s.Skipped, "\n")
	for _, want := range []string{"1 transform constraints ignored", "1 slider constraints ignored", `animation "x": slider "s": timelines ignored`} {
		if !strings.Contains(all, want) {
			t.Errorf("Skipped lacks %q:\n%s", want, all)
		}
	}
	if d := s.Animations[0].Duration; d != 2 {
		t.Errorf("duration %v, want 2 (the slider's key)", d)
	}
}
