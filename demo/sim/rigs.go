package sim

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/assets/rigs"
	"github.com/ikanim/kit/ikanim"
	"github.com/ikanim/kit/ikanim/quality"
	"github.com/ikanim/kit/ikanim/spine"
	"github.com/ikanim/kit/terrain"
)

// The rigs scene's stage: a floor with a bump on the left (the rig file's
// humanoid walks over it), a tall post in the middle (the Spine tail hangs
// from it), and on the right a 12 px step up and a slope down (the Spine
// biped's ground).
const rigsLevel = `{"name": "rigs", "width": 680, "height": 560, "entries": [
	{"kind": "polyline", "points": [[0, 380], [100, 380], [130, 364], [170, 364], [200, 380], [680, 380]], "bottom": 560, "tags": ["ground"]},
	{"kind": "box", "x": 450, "y": 368, "w": 80, "h": 12, "tags": ["ground"]},
	{"kind": "polygon", "points": [[530, 368], [590, 380], [530, 380]], "tags": ["ground"]},
	{"kind": "box", "x": 312, "y": 196, "w": 16, "h": 184, "tags": ["wall"]}
]}`

// Rigs scene tunables.
const (
	rigsFileSpeed  = 60.0 // px/s, the rig file's humanoid
	rigsFileFrom   = 40.0
	rigsFileTo     = 270.0
	rigsSpineSpeed = 12.0 // px/s, the Spine biped's drift (its walk steps in place)
	rigsSpineFrom  = 410.0
	rigsSpineTo    = 630.0
	// RigsPoll is how often the rig file is checked for changes, s.
	RigsPoll = 0.25
	// rigsMaxLower bounds how far the Spine biped's body is lowered for its
	// lower foot, px; rigsBodySpeed smooths it, 1/s.
	rigsMaxLower  = 24.0
	rigsBodySpeed = 10.0
)

// RigsTailPost is where the Spine tail hangs from.
var RigsTailPost = mgl64.Vec2{320, 210}

// SpineMode is what drives the imported Spine biped.
type SpineMode int

const (
	// SpineWalk plays the file's "walk" (steps keyed on its IK target
	// bones) with the targets laid onto the ground under them.
	SpineWalk SpineMode = iota
	// SpineFlip plays "flip" (a keyed bendPositive turns a knee round),
	// grounded the same way.
	SpineFlip
	// SpineGrounded holds the setup pose with ikanim's Grounder on both
	// IK legs.
	SpineGrounded
	numSpineModes
)

func (m SpineMode) String() string {
	return [...]string{"walk (Spine's IK targets, laid on the ground)", "flip (a keyed bendPositive)", "setup pose on a Grounder"}[m]
}

// Rigs is the rigs scene: rigs made in files. A biped and a tail exported
// from Spine (assets/rigs, imported with package ikanim/spine) and a
// humanoid from a rig file (biped.rig.json, or the file given to
// NewRigs), which is reloaded when it changes.
type Rigs struct {
	World         *terrain.World
	Width, Height float64

	// Spine is the imported biped, Tail the imported tail.
	Spine *SpineBiped
	Tail  *SpineTail
	// File is the rig loaded from a rig file.
	File *RigFile

	time, poll float64
	facing     ikanim.Facing
	manual     float64
	steer      float64

	meter quality.Meter
	file  bipedTrack
	pops  []quality.AngleDelta // the Spine biped's
}

// SpineBiped is the imported Spine biped and what drives it.
type SpineBiped struct {
	Skeleton *spine.Skeleton
	Model    *spine.Model
	Rig      *ikanim.Rig
	IK       *spine.IKTargets
	Follower *ikanim.GroundFollower
	Grounder *ikanim.Grounder
	Mode     SpineMode

	world  *terrain.World
	ground *ikanim.ControllerFunc
	legs   [2]*ikanim.Limb
	body   float64 // the body's lowering, px (character frame, y down)
	dir    float64
}

// SpineTail is the imported tail, wagging on its clip with springs on its
// bones (nil Springs when the skeleton's chain does not allow them).
type SpineTail struct {
	Skeleton *spine.Skeleton
	Model    *spine.Model
	Rig      *ikanim.Rig
	Springs  *ikanim.SpringBones
}

// RigFile is the humanoid loaded from a rig file, walking over the bump.
// A change of the file rebuilds it; a file that does not load leaves it as
// it was and sets Err.
type RigFile struct {
	// Path names the file as the status shows it.
	Path string
	// Err is the last load's error (nil after a good load).
	Err error
	// Loads counts the good loads (the first one included).
	Loads int

	Rig      *ikanim.Rig
	Cycle    *ikanim.WalkCycle
	Grounder *ikanim.Grounder // nil when the rig has no leg.far and leg.near
	Follower *ikanim.GroundFollower

	watch   ikanim.FileWatch
	sprites ikanim.SpriteSource
	world   *terrain.World
	dir     float64
}

// NewRigs builds the rigs scene. rigPath names a rig file on disk to load
// and watch; "" loads the embedded biped.rig.json. When the file given does
// not load, the scene starts with the embedded one, shows the error and
// keeps watching the file.
func NewRigs(art Art, rigPath string) (*Rigs, error) {
	lv, err := terrain.ParseLevel([]byte(rigsLevel))
	if err != nil {
		return nil, err
	}
	w, err := lv.Build()
	if err != nil {
		return nil, err
	}
	s := &Rigs{World: w, Width: lv.Width, Height: lv.Height, facing: ikanim.FacingRight}
	if s.Spine, err = newSpineBiped(art, w); err != nil {
		return nil, err
	}
	if s.Tail, err = newSpineTail(art, w); err != nil {
		return nil, err
	}
	s.File = &RigFile{sprites: art.Atlas, world: w, dir: 1}
	if rigPath == "" {
		s.File.Path, s.File.watch = "biped.rig.json (embedded)", ikanim.FileWatch{FS: rigs.FS(), Name: "biped.rig.json"}
	} else {
		s.File.Path, s.File.watch = rigPath, ikanim.FileWatch{FS: os.DirFS(filepath.Dir(rigPath)), Name: filepath.Base(rigPath)}
	}
	s.File.check()
	if s.File.Rig == nil { // the file given did not load: start with the sample
		first := s.File.Err
		sample := &RigFile{sprites: art.Atlas, world: w, dir: 1, watch: ikanim.FileWatch{FS: rigs.FS(), Name: "biped.rig.json"}}
		sample.check()
		if sample.Rig == nil {
			return nil, sample.Err
		}
		s.File.Rig, s.File.Cycle, s.File.Grounder, s.File.Follower = sample.Rig, sample.Cycle, sample.Grounder, sample.Follower
		s.File.Err = fmt.Errorf("%v (showing the embedded biped.rig.json)", first)
	}
	s.pops = make([]quality.AngleDelta, s.Spine.Model.Def.NumBones())
	s.meter.Creatures = 0
	return s, nil
}

// spineFile reads and converts a Spine skeleton of assets/rigs.
func spineFile(name string) (*spine.Skeleton, error) {
	f, err := rigs.FS().Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return spine.Load(f, nil)
}

// spineModel builds a skeleton with the atlas's sprites when the art
// makes images (Art.SpineSprites), without any otherwise.
func spineModel(art Art, skel *spine.Skeleton) (*spine.Model, error) {
	var sprites ikanim.SpriteSource
	if art.SpineSprites != nil {
		atlas, err := spine.LoadAtlas(rigs.FS(), "parts.atlas")
		if err != nil {
			return nil, err
		}
		sprites = art.SpineSprites(atlas)
	}
	return skel.Build(sprites)
}

func newSpineBiped(art Art, w *terrain.World) (*SpineBiped, error) {
	skel, err := spineFile("spine-biped.json")
	if err != nil {
		return nil, err
	}
	m, err := spineModel(art, skel)
	if err != nil {
		return nil, err
	}
	b := &SpineBiped{Skeleton: skel, Model: m, world: w, dir: 1}
	if b.Rig, err = ikanim.NewRig(m.Def); err != nil {
		return nil, err
	}
	r := b.Rig
	// The rig as Model.NewRig makes it, with the grounding between: the
	// body's lowering must be set before IKTargets reads it.
	if b.IK, err = spine.NewIKTargets(r, m); err != nil {
		return nil, err
	}
	if b.Follower, err = ikanim.NewGroundFollower(r, w); err != nil {
		return nil, err
	}
	// The feet: the foot bones run along the sole, 3 px above it (the
	// foot region is 6 px tall, centred on the bone).
	legs := []ikanim.LegDef{{Limb: "leg.back", AnkleHeight: 3, Heel: 2, Toe: 12}, {Limb: "leg.front", AnkleHeight: 3, Heel: 2, Toe: 12}}
	if b.Grounder, err = ikanim.NewGrounder(r, w, legs...); err != nil {
		return nil, err
	}
	for i, name := range []string{"leg.back", "leg.front"} {
		if b.legs[i] = r.Limb(name); b.legs[i] == nil {
			return nil, fmt.Errorf("spine-biped.json: no limb %q", name)
		}
	}
	b.ground = &ikanim.ControllerFunc{At: ikanim.StageControl, Func: b.groundTargets}
	r.Add(b.Follower, b.IK, b.ground, b.Grounder)
	r.Teleport(mgl64.Vec2{490, 368})
	b.SetMode(SpineWalk)
	return b, nil
}

// SetMode switches what drives the biped.
func (b *SpineBiped) SetMode(m SpineMode) {
	b.Mode = m
	r := b.Rig
	r.Remove(b.Grounder)
	switch m {
	case SpineWalk:
		r.Source = b.Model.Clip("walk")
	case SpineFlip:
		r.Source = b.Model.Clip("flip")
	case SpineGrounded:
		r.Source = nil
		r.Add(b.Grounder)
	}
}

// groundTargets lays the IK targets IKTargets set onto the ground: each
// keyed foot keeps its height above the ground line of the clip (the
// character's Position) but over the ground under it, and the body is
// lowered, smoothly, by the offset of the foot that must reach furthest
// down (a Grounder's centroid, for targets a clip keys). It runs after
// IKTargets, which put last frame's lowering into the targets.
func (b *SpineBiped) groundTargets(dt float64) {
	r := b.Rig
	if b.Mode == SpineGrounded {
		b.body = 0
		r.BodyOffset = mgl64.Vec2{}
		return
	}
	up := r.UpVector()
	was := r.ToWorld(r.BodyOffset).Sub(r.Position) // what IKTargets added
	ground := r.Position.Dot(up)
	lower := 0.0
	for _, l := range b.legs {
		t := l.Target.Sub(was)
		lift := t.Dot(up) - ground // the keyed foot's height above the line
		h := b.world.SurfaceBelow(t[0], t[1]-rigsMaxLower-lift, t[1]+rigsMaxLower)
		if !h.OK {
			l.Target = t
			continue
		}
		// Up is (0,-1) here: heights along up are -y.
		drop := -h.Point[1] - ground // the ground under the foot, above the line
		l.Target = t.Add(up.Mul(drop))
		lower = math.Max(lower, -drop)
	}
	lower = math.Min(lower, rigsMaxLower)
	b.body += (lower - b.body) * (1 - math.Exp(-rigsBodySpeed*dt))
	r.BodyOffset = mgl64.Vec2{0, b.body}
}

func newSpineTail(art Art, w *terrain.World) (*SpineTail, error) {
	skel, err := spineFile("spine-tail.json")
	if err != nil {
		return nil, err
	}
	m, err := spineModel(art, skel)
	if err != nil {
		return nil, err
	}
	t := &SpineTail{Skeleton: skel, Model: m}
	if t.Rig, err = m.NewRig(); err != nil {
		return nil, err
	}
	t.Rig.Source = m.Clip("wag")
	if t.Springs, err = ikanim.NewSpringBones(t.Rig, w, "tail2", "tail3", "tail4", "tail5"); err == nil {
		t.Springs.Stiffness, t.Springs.Damping = 120, 10
		t.Springs.Gravity = mgl64.Vec2{0, 300}
		t.Rig.Add(t.Springs)
	} else {
		t.Springs = nil // the wag alone
	}
	t.Rig.Teleport(RigsTailPost)
	t.Rig.Facing = ikanim.FacingLeft
	return t, nil
}

// check polls the rig file and reloads it when it changed.
func (f *RigFile) check() {
	changed, err := f.watch.Changed()
	if err != nil {
		if f.Rig == nil || !errors.Is(err, fs.ErrNotExist) {
			f.Err = err
		}
		return
	}
	if !changed {
		return
	}
	if err := f.load(); err != nil {
		f.Err = err
		return
	}
	f.Err = nil
	f.Loads++
}

// load reads the file and rebuilds the rig where the old one stood.
func (f *RigFile) load() error {
	file, err := f.watch.FS.Open(f.watch.Name)
	if err != nil {
		return err
	}
	def, err := ikanim.LoadRigDef(file, f.sprites)
	file.Close()
	if err != nil {
		return err
	}
	r, err := ikanim.NewRig(def)
	if err != nil {
		return err
	}
	cycle := &ikanim.WalkCycle{}
	r.Source = cycle
	follow, err := ikanim.NewGroundFollower(r, f.world)
	if err != nil {
		return err
	}
	follow.Probe = walkProbe
	r.Add(follow)
	// A rig with the biped's legs walks on its Grounder; another stands
	// in its pose.
	g, err := ikanim.NewGrounder(r, f.world, ikanim.BipedGrounderLegs()...)
	if err == nil {
		r.Add(g)
	} else {
		g = nil
	}
	at, facing := mgl64.Vec2{rigsFileFrom, 380}, ikanim.FacingRight
	if f.Rig != nil {
		at, facing = f.Rig.Position, f.Rig.Facing
	}
	r.Facing = facing
	r.Teleport(at)
	f.Rig, f.Cycle, f.Grounder, f.Follower = r, cycle, g, follow
	return nil
}

// SetSpineMode cycles the Spine biped's mode to m.
func (s *Rigs) SetSpineMode(m SpineMode) { s.Spine.SetMode(m) }

// NextSpineMode switches the Spine biped to its next mode.
func (s *Rigs) NextSpineMode() { s.Spine.SetMode((s.Spine.Mode + 1) % numSpineModes) }

// TurnRound mirrors the Spine biped and tail (Facing).
func (s *Rigs) TurnRound() {
	s.facing = s.facing.Flip()
}

// Steer is the player's input for the Spine biped: -1 left, +1 right, 0
// none (it drifts by itself again after a while).
func (s *Rigs) Steer(dir float64) {
	if dir != 0 {
		s.manual, s.steer = manualWait, dir
	}
}

// Manual reports whether the player steers the Spine biped.
func (s *Rigs) Manual() bool { return s.manual > 0 }

// Step advances the scene by dt and measures it.
func (s *Rigs) Step(dt float64) {
	s.Advance(dt)
	s.measure(dt)
}

// Advance moves the three rigs by dt and polls the rig file every RigsPoll
// seconds.
func (s *Rigs) Advance(dt float64) {
	s.time += dt
	s.poll += dt
	if s.poll >= RigsPoll {
		s.poll = math.Mod(s.poll, RigsPoll)
		if before := s.File.Rig; true {
			s.File.check()
			if s.File.Rig != before {
				s.file.reset(s.File)
			}
		}
	}

	// The rig file's humanoid walks between its ends.
	f := s.File
	r := f.Rig
	x := r.Position[0] + f.dir*rigsFileSpeed*dt
	if (f.dir > 0 && x >= rigsFileTo) || (f.dir < 0 && x <= rigsFileFrom) {
		f.dir = -f.dir
		s.file.turned = true
	}
	r.Position[0] = x
	r.Facing = ikanim.FacingRight
	if f.dir < 0 {
		r.Facing = ikanim.FacingLeft
	}
	r.Update(dt)

	// The Spine biped drifts over the step (its walk steps in place), or
	// goes where the player steers it; it faces as the player chose.
	b := s.Spine
	dir := b.dir
	if s.manual > 0 {
		s.manual -= dt
		dir = s.steer
		s.steer = 0
	}
	sx := b.Rig.Position[0] + dir*rigsSpineSpeed*dt
	if sx >= rigsSpineTo || sx <= rigsSpineFrom {
		sx = math.Max(rigsSpineFrom, math.Min(rigsSpineTo, sx))
		b.dir = -b.dir
	}
	b.Rig.Position[0] = sx
	b.Rig.Facing = s.facing
	b.Rig.Update(dt)

	s.Tail.Rig.Facing = s.facing.Flip() // it hangs away from the biped's facing
	s.Tail.Rig.Update(dt)
}

// bipedTrack measures a walking biped as the walk scene does.
type bipedTrack struct {
	stance [2]quality.Stance
	bend   [2]quality.Bend
	body   quality.Delta
	pops   []quality.AngleDelta
	turned bool
}

// reset starts over for a new rig (a reload): new stances, bends, angles.
func (t *bipedTrack) reset(f *RigFile) {
	t.turned = true
	t.pops = nil
}

func (t *bipedTrack) measure(m *quality.Meter, w *terrain.World, f *RigFile) {
	r := f.Rig
	def := r.Def()
	if t.turned {
		t.turned = false
		for i := range t.bend {
			t.bend[i].Reset()
			t.stance[i].Flush(m)
		}
		resetPops(t.pops)
	}
	if len(t.pops) != def.NumBones() {
		t.pops = make([]quality.AngleDelta, def.NumBones()) // a reload
	}
	rigFinite(m, r)
	jointPops(m, r, t.pops)
	if f.Grounder == nil {
		return
	}
	m.BodyPop(t.body.Step(r.BodyOffset[1]))
	for i := 0; i < f.Grounder.NumLegs(); i++ {
		l := r.Limb(f.Grounder.LegDef(i).Limb)
		bones := l.Bones()
		lg := limb{bones[0], bones[1], l.Effector()}
		lg.trackBend(m, r, &t.bend[i])
		planted := f.Cycle.Planted(1-i, r.Time) && f.Cycle.Amount() > 0
		gap, ok := soleGap(w, r, lg[2], f.Grounder.LegDef(i))
		if planted && ok {
			m.Contact(gap)
		}
		ankle, _ := r.Joint(lg[2])
		t.stance[i].Track(m, planted && ok, ankle)
	}
}

// measure records the rig file's humanoid (gap, slip, pops, flips, NaN),
// and NaN and joint pops of the Spine rigs.
func (s *Rigs) measure(dt float64) {
	m := &s.meter
	m.Frame()
	s.file.measure(m, s.World, s.File)
	rigFinite(m, s.Spine.Rig)
	rigFinite(m, s.Tail.Rig)
	for i := range s.pops {
		s.pops[i].Step(s.Spine.Rig.LocalAngle(i))
	}
}

// Flush implements Scene.
func (s *Rigs) Flush() {
	for i := range s.file.stance {
		s.file.stance[i].Flush(&s.meter)
	}
}

// Meter implements Scene.
func (s *Rigs) Meter() *quality.Meter { return &s.meter }

// Extra implements Scene: the rig file's loads and what the Spine import
// skipped.
func (s *Rigs) Extra() map[string]float64 {
	return map[string]float64{
		"rig_file_loads":        float64(s.File.Loads),
		"spine_biped_skipped":   float64(len(s.Spine.Skeleton.Skipped)),
		"spine_tail_skipped":    float64(len(s.Tail.Skeleton.Skipped)),
		"spine_body_lowered_px": s.Spine.body,
	}
}

// Focus implements Scene: the middle of the stage.
func (s *Rigs) Focus() mgl64.Vec2 { return mgl64.Vec2{s.Width / 2, s.Height / 2} }
