package ikanim

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/internal/num"
)

func TestBezierMatchesCSSTimingFunctions(t *testing.T) {
	// CSS Easing Functions Level 1: ease = cubic-bezier(0.25, 0.1, 0.25,
	// 1), whose output halfway is 0.8024 (browsers' tables); linear control
	// points on the diagonal give the identity; ease-in-out is symmetric
	// about (0.5, 0.5); ease-in and ease-out mirror each other, so their
	// outputs at 0.5 add up to 1.
	if got := Bezier(0.25, 0.1, 0.25, 1, 0.5); math.Abs(got-0.8024) > 1e-4 {
		t.Errorf("ease(0.5) = %v, want 0.8024", got)
	}
	for _, u := range []float64{0, 0.1, 0.37, 0.5, 0.9, 1} {
		if got := Bezier(1.0/3, 1.0/3, 2.0/3, 2.0/3, u); math.Abs(got-u) > 1e-9 {
			t.Errorf("linear Bezier(%v) = %v, want %v", u, got, u)
		}
		if got := Bezier(0.42, 0, 0.58, 1, u) + Bezier(0.42, 0, 0.58, 1, 1-u); math.Abs(got-1) > 1e-9 {
			t.Errorf("ease-in-out(%v) + ease-in-out(1-%v) = %v, want 1", u, u, got)
		}
	}
	if got := Bezier(0.42, 0, 1, 1, 0.5) + Bezier(0, 0, 0.58, 1, 0.5); math.Abs(got-1) > 1e-9 {
		t.Errorf("ease-in(0.5) + ease-out(0.5) = %v, want 1", got)
	}
	// Steep and flat ends converge too (x'(s) = 0 at an end).
	for _, c := range [][4]float64{{0, 0, 0, 1}, {1, 0, 1, 1}, {0, 1, 1, 0}, {0.9, -2, 0.1, 3}} {
		for u := 0.0; u <= 1; u += 1.0 / 64 {
			s := bezierSolve(c[0], c[2], u)
			if x := bezierAt(c[0], c[2], s); math.Abs(x-u) > 1e-9 {
				t.Fatalf("curve %v: x(s(%v)) = %v", c, u, x)
			}
		}
	}
}

func TestClipCurvesPerKey(t *testing.T) {
	def := newBiped(t).Def()
	head := def.BoneIndex(BoneHead)
	dst := make([]float64, def.NumBones())
	cases := []struct {
		curve string
		at    float64
		want  float64 // degrees
	}{
		{`"linear"`, 0.25, 10},
		{`"linear"`, 0.5, 20},
		{`"stepped"`, 0.99, 0},
		{`"stepped"`, 1, 40},
		{`[0.42, 0, 0.58, 1]`, 0.5, 20},                  // symmetric ease: halfway
		{`[0.25, 0.1, 0.25, 1]`, 0.5, 40 * 0.8024033877}, // CSS ease
		{`[0.3333333333333333, 0.3333333333333333, 0.6666666666666666, 0.6666666666666666]`, 0.3, 12},
	}
	for _, c := range cases {
		src := `{"name":"c","duration":2,"tracks":[{"bone":"head","keys":[{"t":0,"deg":0,"curve":` + c.curve + `},{"t":1,"deg":40}]}]}`
		clip, err := ParseClip([]byte(src), def)
		if err != nil {
			t.Fatal(err)
		}
		clip.Pose(def, c.at, dst)
		if got := dst[head] * 180 / math.Pi; math.Abs(got-c.want) > 1e-6 {
			t.Errorf("curve %s at %v: %v deg, want %v", c.curve, c.at, got, c.want)
		}
	}
	// The loop's last segment (last key back to the first) takes the last
	// key's curve; angles take the shortest arc: 170 -> -170 passes 180.
	clip, err := ParseClip([]byte(`{"name":"w","duration":1,"loop":true,"tracks":[{"bone":"head","keys":[{"t":0,"deg":-170},{"t":0.5,"deg":170,"curve":"linear"}]}]}`), def)
	if err != nil {
		t.Fatal(err)
	}
	clip.Pose(def, 0.75, dst)
	if got := math.Abs(math.Remainder(dst[head], 2*math.Pi)) * 180 / math.Pi; math.Abs(got-180) > 1e-9 {
		t.Errorf("wrapped linear segment halfway: %v deg, want 180", got)
	}
}

// armClip keys the near arm's wrist (the limb's target) at (20, -70) in
// the given space, weight w.
func armClip(t testing.TB, def *RigDef, space string, x, y, w float64) *Clip {
	t.Helper()
	src := `{"name":"reach","duration":1,"ik":[{"limb":"arm.near","space":"` + space + `",
		"target":[{"t":0,"x":` + ftoa(x) + `,"y":` + ftoa(y) + `}],
		"weight":[{"t":0,"v":` + ftoa(w) + `}]}]}`
	c, err := ParseClip([]byte(src), def)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func ftoa(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

func TestKeyedTargetInCharacterAndWorldSpace(t *testing.T) {
	for _, facing := range []Facing{FacingRight, FacingLeft} {
		r := newBiped(t)
		r.Facing = facing
		def := r.Def()
		wrist := def.BoneIndex(BoneHandNear)
		// The shoulder stands 99.8 px above the feet and the arm reaches
		// 42 px, so (20, -70) in the character frame is reachable.
		r.Source = armClip(t, def, "character", 20, -70, 1)
		r.Update(1.0 / 60)
		got, _ := r.Joint(wrist)
		want := mgl64.Vec2{200 + 20*facing.Sign(), 300 - 70}
		if !near(got, want, 1e-9) {
			t.Errorf("facing %v: character-space key: wrist at %v, want %v", facing, got, want)
		}
		if w := r.MustLimb(LimbArmNear).AppliedWeight(); w != 1 {
			t.Errorf("facing %v: applied weight %v, want the keyed 1", facing, w)
		}
		// A world-space key is the same world point whichever way the
		// character faces.
		world := mgl64.Vec2{200 + 15, 300 - 75}
		r.Source = armClip(t, def, "world", world[0], world[1], 1)
		r.Update(1.0 / 60)
		if got, _ := r.Joint(wrist); !near(got, world, 1e-9) {
			t.Errorf("facing %v: world-space key: wrist at %v, want %v", facing, got, world)
		}
	}
}

// The keyed target and the controller's compose as "over" (see Limb).
func TestKeyedAndControllerTargetsCompose(t *testing.T) {
	tk := mgl64.Vec2{20, -70}
	tc := mgl64.Vec2{-10, -80} // character frame; the rig faces right at (200, 300)
	cases := []struct {
		wk, wc, mix float64
		wantW       float64
		wantT       mgl64.Vec2
	}{
		{1, 0, 1, 1, tk},
		{0, 1, 1, 1, tc},
		{1, 1, 1, 1, tc},
		{1, 0.5, 1, 1, tk.Add(tc).Mul(0.5)},
		// a = 0.5 + 0.5 - 0.25 = 0.75; T = (0.25 tk + 0.5 tc) / 0.75.
		{0.5, 0.5, 1, 0.75, tk.Mul(1.0 / 3).Add(tc.Mul(2.0 / 3))},
		{0.5, 0.5, 0.5, 0.375, tk.Mul(1.0 / 3).Add(tc.Mul(2.0 / 3))},
		{0.5, 0, 0, 0, mgl64.Vec2{}},
	}
	for _, c := range cases {
		r := newBiped(t)
		def := r.Def()
		src := `{"name":"k","duration":1,"ik":[{"limb":"arm.near","target":[{"t":0,"x":20,"y":-70}],"weight":[{"t":0,"v":` + ftoa(c.wk) + `}],"mix":[{"t":0,"v":` + ftoa(c.mix) + `}]}]}`
		clip, err := ParseClip([]byte(src), def)
		if err != nil {
			t.Fatal(err)
		}
		r.Source = clip
		arm := r.MustLimb(LimbArmNear)
		// SetWeightNow(0.5) puts the ramp at 0.5, whose smoothstep is 0.5.
		arm.SetWeightNow(c.wc)
		arm.Target = r.Position.Add(tc)
		r.Update(1.0 / 60)
		if got := arm.AppliedWeight(); math.Abs(got-c.wantW) > 1e-12 {
			t.Errorf("wk %v wc %v mix %v: applied weight %v, want %v", c.wk, c.wc, c.mix, got, c.wantW)
		}
		if c.wantW == 0 {
			continue
		}
		if got := arm.AppliedTarget(r).Sub(r.Position); !near(got, c.wantT, 1e-9) {
			t.Errorf("wk %v wc %v mix %v: target %v, want %v", c.wk, c.wc, c.mix, got, c.wantT)
		}
		if c.wantW == 1 {
			if got, _ := r.Joint(def.BoneIndex(BoneHandNear)); !near(got, r.Position.Add(c.wantT), 1e-9) {
				t.Errorf("wk %v wc %v: wrist %v, want the composed target", c.wk, c.wc, got)
			}
		}
	}
}

func TestKeyedBendSideAndMix(t *testing.T) {
	// The bend side: twoBoneRig's arm (20 and 10 px from (0,-10), no
	// limits, Bend +1) reaching for (20, 0).
	tr := twoBoneRig(t)
	bendClip, err := ParseClip([]byte(`{"name":"b","duration":1,"ik":[
		{"limb":"arm","target":[{"t":0,"x":20,"y":0}],"bend":[{"t":0,"v":1},{"t":0.5,"v":-1}]}]}`), tr.Def())
	if err != nil {
		t.Fatal(err)
	}
	tr.Source = bendClip
	tr.TimeScale = 1
	side := func() float64 {
		s, m := tr.Joint(0)
		_, e := tr.Joint(1)
		l := e.Sub(s)
		return l[0]*(m[1]-s[1]) - l[1]*(m[0]-s[0]) // > 0: elbow clockwise of root->end
	}
	tr.Update(0.1) // t = 0.1: bend +1
	if side() <= 1 {
		t.Errorf("bend +1: elbow not on the clockwise side (cross %v)", side())
	}
	for tr.Time < 0.55 {
		tr.Update(0.1)
	}
	if side() >= -1 {
		t.Errorf("bend -1 keyed from t=0.5: elbow not on the counterclockwise side (cross %v)", side())
	}
	if _, e := tr.Joint(1); !near(e, mgl64.Vec2{20, 0}, 1e-9) {
		t.Errorf("bent arm's end %v, want the target (20, 0)", e)
	}

	r := newBiped(t)
	def := r.Def()
	clip, err := ParseClip([]byte(`{"name":"m","duration":1,"ik":[
		{"limb":"leg.near","mix":[{"t":0,"v":1},{"t":1,"v":0}]}]}`), def)
	if err != nil {
		t.Fatal(err)
	}
	r.Source = clip
	r.TimeScale = 1
	for r.Time < 0.55 {
		r.Update(0.1)
	}
	// The leg's mix falls linearly from 1 to 0 over the clip: a grounder at
	// full weight is scaled by it.
	leg := r.MustLimb(LimbLegNear)
	leg.SetWeightNow(1)
	leg.Target, _ = r.Joint(def.BoneIndex(BoneFootNear))
	r.Update(0.1) // t = 0.7
	if got := leg.AppliedWeight(); math.Abs(got-0.3) > 1e-9 {
		t.Errorf("leg mix at t=0.7: applied weight %v, want 0.3", got)
	}
	if k := leg.Key(); math.Abs(k.Mix()-0.3) > 1e-9 || k.Weight != 0 {
		t.Errorf("leg key %+v, want mix 0.3 and no target", k)
	}
}

func TestClipEventsFireOncePerPass(t *testing.T) {
	def := newBiped(t).Def()
	clip, err := ParseClip([]byte(`{"name":"e","duration":1,"loop":true,"events":[
		{"t":0.5,"name":"mid","int":7,"float":0.5,"string":"s"},{"t":0,"name":"start"},{"t":1,"name":"end"}]}`), def)
	if err != nil {
		t.Fatal(err)
	}
	names := func(from, to float64) string {
		var out []string
		for _, e := range clip.AppendEvents(nil, from, to) {
			out = append(out, e.Name)
		}
		return strings.Join(out, ",")
	}
	for _, c := range []struct {
		from, to float64
		want     string
	}{
		{-1, 0, "start"},
		{0, 0.5, "mid"},
		{0.5, 0.5, ""},
		{0.4, 1.2, "mid,end,start"}, // 1 is both this cycle's end and the next's start
		{0.9, 2.6, "end,start,mid,end,start,mid"},
	} {
		if got := names(c.from, c.to); got != c.want {
			t.Errorf("events in (%v, %v] = %q, want %q", c.from, c.to, got, c.want)
		}
	}
	ev := clip.AppendEvents(nil, 0.4, 0.6)
	if len(ev) != 1 || ev[0].Int != 7 || ev[0].Float != 0.5 || ev[0].String != "s" || ev[0].Time != 0.5 || ev[0].Source != clip {
		t.Errorf("payload %+v", ev)
	}
	buf := make([]Event, 0, 8)
	if n := testing.AllocsPerRun(100, func() { buf = clip.AppendEvents(buf[:0], 0.2, 3.7) }); n != 0 {
		t.Errorf("AppendEvents into a large enough slice allocates %v times", n)
	}
}

func TestClipIKErrorsNameTheField(t *testing.T) {
	def := newBiped(t).Def()
	cases := []struct{ json, want string }{
		{`{"name":"a","duration":1,"ik":[{"limb":"tail","mix":[{"t":0,"v":1}]}]}`, `ik 0 (limb "tail"): limb is not in the rig`},
		{`{"name":"a","duration":1,"ik":[{"limb":"arm.near","space":"screen","mix":[{"t":0,"v":1}]}]}`, `space "screen"`},
		{`{"name":"a","duration":1,"ik":[{"limb":"arm.near"}]}`, `keys nothing`},
		{`{"name":"a","duration":1,"ik":[{"limb":"arm.near","weight":[{"t":0,"v":1}]}]}`, `weight is keyed but target is not`},
		{`{"name":"a","duration":1,"ik":[{"limb":"arm.near","target":[{"t":0,"x":1}]}]}`, `target key 0: x, y must be given`},
		{`{"name":"a","duration":1,"ik":[{"limb":"arm.near","target":[{"t":0,"x":1,"y":2e7}]}]}`, `target key 0: x, y must be given, finite and within 1e7`},
		{`{"name":"a","duration":1,"ik":[{"limb":"arm.near","mix":[{"t":0,"v":1.5}]}]}`, `ik 0 (limb "arm.near") mix key 0: v is missing or outside [0, 1]`},
		{`{"name":"a","duration":1,"ik":[{"limb":"arm.near","bend":[{"t":0,"v":0.5}]}]}`, `bend key 0: v 0.5 must be 1 or -1`},
		{`{"name":"a","duration":1,"ik":[{"limb":"arm.near","mix":[{"t":0,"v":1},{"t":0,"v":1}]}]}`, `mix key 1: t 0 not after`},
		{`{"name":"a","duration":1,"ik":[{"limb":"arm.near","mix":[{"t":0,"v":1}]},{"limb":"arm.near","mix":[{"t":0,"v":1}]}]}`, `a second ik entry`},
		{`{"name":"a","duration":1,"ik":[{"limb":"arm.near","mix":[{"t":0,"v":1}],"pole":1}]}`, `unknown field "pole"`},
		{`{"name":"a","duration":1,"tracks":[{"bone":"head","keys":[{"t":0,"deg":1,"curve":"bouncy"}]}]}`, `track 0 (bone "head") key 0: curve "bouncy"`},
		{`{"name":"a","duration":1,"tracks":[{"bone":"head","keys":[{"t":0,"deg":1,"curve":[1.5,0,0,1]}]}]}`, `x1 and x2 must be in [0, 1]`},
		{`{"name":"a","duration":1,"tracks":[{"bone":"head","keys":[{"t":0,"deg":1,"curve":[0,0,1]}]}]}`, `key 0: curve [0,0,1] is not`},
		{`{"name":"a","duration":1,"root":[{"t":0,"x":0,"y":0,"curve":[0,50,1,1]}]}`, `root key 0: curve`},
		{`{"name":"a","duration":1,"events":[{"t":0.5}]}`, `event 0: name is empty`},
		{`{"name":"a","duration":1,"events":[{"name":"x"}]}`, `event 0 ("x"): t is missing`},
		{`{"name":"a","duration":1,"events":[{"name":"x","t":2}]}`, `event 0 ("x"): t 2 outside`},
		{`{"name":"a","duration":1,"events":[{"name":"` + strings.Repeat("n", MaxClipText+1) + `","t":0}]}`, `name is longer than 256 bytes`},
	}
	for _, c := range cases {
		_, err := ParseClip([]byte(c.json), def)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseClip(%.80s) error = %v, want it to contain %q", c.json, err, c.want)
		}
	}
}

func TestStretchOffByDefaultAndOnWithALimit(t *testing.T) {
	bones := []BoneDef{
		{Name: "thigh", Parent: -1, Length: 30, Rest: 0.3},
		{Name: "shin", Parent: 0, Attach: mgl64.Vec2{30, 0}, Length: 30, Rest: -0.6},
		{Name: "foot", Parent: 1, Attach: mgl64.Vec2{30, 0}, Length: 10, Rest: 0.3},
		{Name: "pin", Parent: -1, Attach: mgl64.Vec2{0, -50}, Length: 20},
	}
	limbs := func(stretch, compress float64) []LimbDef {
		return []LimbDef{
			{Name: "leg", Bones: []string{"thigh", "shin"}, Effector: "foot", Stretch: stretch},
			{Name: "piston", Bones: []string{"pin"}, Solver: SolveLookAt, Stretch: stretch, Compress: compress},
		}
	}
	for _, c := range []struct {
		stretch, compress float64
		dist              float64 // leg target distance from the hip (reach 60)
		wantScale         float64
	}{
		{0, 0, 66, 1},
		{1.25, 0, 66, 66 / (60 * (1 - 1e-4))}, // within the limit: the end lands on the target
		{1.25, 0, 90, 1.25},                   // beyond it: capped
		{1.25, 0, 40, 1},                      // reachable: no stretch
	} {
		def, err := NewRigDef(bones, limbs(c.stretch, c.compress))
		if err != nil {
			t.Fatal(err)
		}
		r := mustRig(t, def)
		leg := r.MustLimb("leg")
		leg.SetWeightNow(1)
		leg.Target = mgl64.Vec2{c.dist, 0}
		r.Update(1.0 / 60)
		if got := r.BoneScale(0); math.Abs(got-c.wantScale) > 1e-12 || r.BoneScale(1) != got {
			t.Errorf("stretch %v, target at %v: scales %v %v, want %v", c.stretch, c.dist, got, r.BoneScale(1), c.wantScale)
		}
		// FK reads the scaled lengths: each bone spans scale*Length and
		// the foot starts at the stretched shin's end.
		for i := 0; i < 2; i++ {
			s, e := r.Joint(i)
			if got, want := e.Sub(s).Len(), 30*c.wantScale; math.Abs(got-want) > 1e-9 {
				t.Errorf("stretch %v: bone %d spans %v, want %v", c.stretch, i, got, want)
			}
		}
		_, shinEnd := r.Joint(1)
		footStart, footEnd := r.Joint(2)
		if !near(shinEnd, footStart, 1e-9) || math.Abs(footEnd.Sub(footStart).Len()-10) > 1e-9 {
			t.Errorf("stretch %v: foot %v..%v, shin end %v", c.stretch, footStart, footEnd, shinEnd)
		}
		want := math.Min(c.dist, 60*(1-1e-4)*c.wantScale)
		if got := footStart.Len(); math.Abs(got-want) > 1e-9 {
			t.Errorf("stretch %v: ankle %v px from the hip, want %v", c.stretch, got, want)
		}
	}
	// The one-bone piston (Spine's one-bone stretch and compress): its
	// tip lands on the target within [Compress, Stretch] of its length.
	def, err := NewRigDef(bones, limbs(1.5, 0.5))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ dist, want float64 }{{14, 0.7}, {5, 0.5}, {26, 1.3}, {40, 1.5}} {
		r := mustRig(t, def)
		p := r.MustLimb("piston")
		p.SetWeightNow(1)
		p.Target = mgl64.Vec2{0, -50 + c.dist}
		r.Update(1.0 / 60)
		s, e := r.Joint(3)
		if got := r.BoneScale(3); math.Abs(got-c.want) > 1e-12 || math.Abs(e.Sub(s).Len()-20*c.want) > 1e-9 {
			t.Errorf("piston target at %v: scale %v span %v, want %v", c.dist, got, e.Sub(s).Len(), c.want)
		}
	}
	// Definitions that cannot stretch are refused, naming the field.
	for _, l := range []LimbDef{
		{Name: "x", Bones: []string{"thigh", "shin"}, Solver: SolveFABRIK, Stretch: 1.2},
		{Name: "x", Bones: []string{"thigh", "shin"}, Stretch: 0.5},
		{Name: "x", Bones: []string{"thigh", "shin"}, Compress: 0.5},
	} {
		if _, err := NewRigDef(bones, []LimbDef{l}); err == nil || !(strings.Contains(err.Error(), "Stretch") || strings.Contains(err.Error(), "Compress")) {
			t.Errorf("limb %+v: error %v, want one naming Stretch or Compress", l, err)
		}
	}
}

func TestKeyedIKDoesNotAllocate(t *testing.T) {
	r := newBiped(t)
	c := armClip(t, r.Def(), "world", 215, 225, 0.8)
	r.Source = c
	r.Update(1.0 / 60)
	if n := testing.AllocsPerRun(200, func() { r.Update(1.0 / 60) }); n != 0 {
		t.Errorf("Update with a keyed clip allocates %v times", n)
	}
	for _, k := range r.keys {
		if !num.FiniteVec(k.Target) {
			t.Fatal("non-finite key")
		}
	}
}

// A keyed look-at weight: the look limb keyed with a target and weight
// 0.5 turns the head half way from its animated angle (-90 degrees, up
// the torso) to the look-at solution (-110 degrees, see
// TestLookAtLimbAimsHead).
func TestKeyedLookAtWeight(t *testing.T) {
	r := newBiped(t)
	r.Update(1.0 / 60)
	head := r.Def().BoneIndex(BoneHead)
	neck, _ := r.Joint(head)
	at := neck.Add(mgl64.Vec2{100 * math.Cos(-20*deg), 100 * math.Sin(-20*deg)})
	clip, err := ParseClip([]byte(`{"name":"look","duration":1,"ik":[{"limb":"look","space":"world",
		"target":[{"t":0,"x":`+ftoa(at[0])+`,"y":`+ftoa(at[1])+`}],"weight":[{"t":0,"v":0.5}]}]}`), r.Def())
	if err != nil {
		t.Fatal(err)
	}
	r.Source = clip
	r.Update(1.0 / 60)
	if got, want := r.BoneAngle(head), -100*deg; math.Abs(math.Remainder(got-want, 2*math.Pi)) > 1e-6 {
		t.Errorf("head at %v deg, want -100", got/deg)
	}
}
