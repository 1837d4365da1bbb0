package main

import (
	"fmt"
	"math"
	"math/rand/v2"
	"time"

	"github.com/ebitengine/debugui"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/ebitenutil"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"github.com/ikanim/kit/assets/levels"
	"github.com/ikanim/kit/ikanim"
	"github.com/ikanim/kit/ikanim/quality"
	"github.com/ikanim/kit/terrain"
)

func init() {
	registerScene(sceneInfo{
		Name:    "swarm",
		Summary: "-count N (default 1000) procedural creatures roaming a 4000 x 3000 level, update time on screen",
		New:     newSwarmScene,
	})
}

// swarmDefaultCount is the number of creatures when -count is 0.
const swarmDefaultCount = 1000

// swarmMeasureStride: each frame the contact gap of one creature in
// swarmMeasureStride is measured with an extra ray per planted foot (slip and
// NaN are tracked for every creature every frame).
const swarmMeasureStride = 8

// swarmScene: many creatures (8-legged spiders, 6- and 4-legged crawlers)
// on swarm.json, each walking one way along its surface and turning back at
// random (seeded) times, and turning back where a foot ahead finds no
// foothold (an edge); a creature that leaves the level or falls for 3 s is
// put back on a surface. The camera fits the whole level on screen; Z
// toggles a 1:1 view that follows the first creature.
type swarmScene struct {
	world   *terrain.World
	c       []*ikanim.Creature
	turnAt  []float64
	dir     []float64
	rng     *rand.Rand
	meter   quality.Meter
	stance  [][ikanim.MaxCreatureLegs]quality.Stance
	time    float64
	frame   int
	updNs   float64 // creature update time of the last frame, ns
	updAvg  float64 // smoothed
	camera  ebiten.GeoM
	zoom    bool
	draw    ikanim.CreatureDrawOptions
	wopts   terrain.DrawOptions
	sky     ikanim.Sprite
	lvW     float64
	lvH     float64
	hideArt bool

	air      []int     // frames each creature has spent with no foot on a surface
	falls    int       // creatures that lost every foothold for swarmFallFrames
	respawns int       // creatures put back on a surface after leaving the level
	edgeAt   []float64 // time of each creature's last turn at an edge
	noEdge   bool      // panel: creatures do not turn back at edges (to compare)
}

// swarmFallFrames: a creature with no foot planted or stepping for this many
// frames in a row counts as one fall.
const swarmFallFrames = 15

// swarmEdgeCooldown is the least time, seconds, between two turns of one
// creature at an edge (it must walk back off the edge first).
const swarmEdgeCooldown = 0.75

func newSwarmScene(ctx *Context) (Scene, error) {
	data, err := levels.Open("swarm.json")
	if err != nil {
		return nil, err
	}
	lv, err := terrain.ParseLevel(data)
	if err != nil {
		return nil, err
	}
	w, err := lv.Build()
	if err != nil {
		return nil, err
	}
	spider, c6, c4, _, err := spidersKinds()
	if err != nil {
		return nil, err
	}
	n := ctx.Count
	if n <= 0 {
		n = swarmDefaultCount
	}
	s := &swarmScene{world: w, rng: rand.New(rand.NewPCG(ctx.Seed, 0x5a7a)), lvW: lv.Width, lvH: lv.Height}
	if s.sky, err = sprite("bg/sky"); err != nil {
		return nil, err
	}
	kinds := []*ikanim.CreatureDef{spider, c6, c4}
	for len(s.c) < n {
		d := kinds[len(s.c)%len(kinds)]
		c, err := ikanim.NewCreature(d, s.spawnPoint(d), w)
		if err != nil {
			return nil, err
		}
		s.c = append(s.c, c)
		s.dir = append(s.dir, float64(1-2*s.rng.IntN(2)))
		s.turnAt = append(s.turnAt, 2+s.rng.Float64()*8)
	}
	s.stance = make([][ikanim.MaxCreatureLegs]quality.Stance, len(s.c))
	s.air = make([]int, len(s.c))
	s.edgeAt = make([]float64, len(s.c))
	s.meter.Creatures = len(s.c)
	s.fitCamera()
	return s, nil
}

// spawnPoint returns a body position for a creature of kind d standing on
// the first upward-facing surface below the top of the level at a random x.
func (s *swarmScene) spawnPoint(d *ikanim.CreatureDef) mgl64.Vec2 {
	for {
		x := 40 + s.rng.Float64()*(s.lvW-80)
		p, nrm, ok := s.world.Raycast(mgl64.Vec2{x, 1}, mgl64.Vec2{x, s.lvH - 1})
		if ok && nrm[1] <= -0.5 {
			return p.Sub(mgl64.Vec2{0, d.BodyHeight()})
		}
	}
}

// fitCamera scales the whole level onto the screen, centred.
func (s *swarmScene) fitCamera() {
	k := math.Min(float64(screenWidth)/s.lvW, float64(screenHeight)/s.lvH)
	s.camera.Reset()
	s.camera.Scale(k, k)
	s.camera.Translate((float64(screenWidth)-s.lvW*k)/2, (float64(screenHeight)-s.lvH*k)/2)
}

func (s *swarmScene) Help() string {
	return "Z: zoom 1:1 on the first creature / fit the level | -count N sets the number of creatures"
}

func (s *swarmScene) Meter() *quality.Meter { return &s.meter }

func (s *swarmScene) Update(ctx *Context) error {
	s.time += ctx.Dt
	s.frame++
	if inpututil.IsKeyJustPressed(ebiten.KeyZ) {
		s.zoom = !s.zoom
	}
	for i, c := range s.c {
		if s.time >= s.turnAt[i] {
			s.dir[i] = -s.dir[i]
			s.turnAt[i] = s.time + 3 + s.rng.Float64()*9
		}
		if !s.noEdge && s.time-s.edgeAt[i] >= swarmEdgeCooldown && swarmAtEdge(c, s.dir[i]) {
			s.dir[i] = -s.dir[i]
			s.edgeAt[i] = s.time
		}
		c.SetMove(s.dir[i])
	}
	start := time.Now()
	for _, c := range s.c {
		c.Update(s.world, ctx.Dt)
	}
	s.updNs = float64(time.Since(start).Nanoseconds())
	if s.updAvg == 0 {
		s.updAvg = s.updNs
	}
	s.updAvg += (s.updNs - s.updAvg) * 0.05
	s.measure()
	s.countFalls()
	if s.zoom {
		p := s.c[0].Position()
		s.camera.Reset()
		s.camera.Translate(float64(screenWidth)/2-p[0], float64(screenHeight)/2-p[1])
	} else {
		s.fitCamera()
	}
	return nil
}

// countFalls counts the creatures that have had no foot on a surface for
// swarmFallFrames frames in a row, and puts every creature that left the
// level (or fell for swarmLostFrames) back on a surface.
func (s *swarmScene) countFalls() {
	for i, c := range s.c {
		if swarmOnSurface(c) {
			s.air[i] = 0
			continue
		}
		s.air[i]++
		if s.air[i] == swarmFallFrames {
			s.falls++
		}
		p := c.Position()
		if s.air[i] >= swarmLostFrames || p[0] < 0 || p[0] > s.lvW || p[1] < 0 || p[1] > s.lvH {
			c.Place(s.spawnPoint(c.Def()), mgl64.Vec2{0, -1}, s.world)
			s.air[i] = 0
			s.respawns++
			// A teleport is not a slide: the feet start new stances.
			s.stance[i] = [ikanim.MaxCreatureLegs]quality.Stance{}
		}
	}
}

// swarmLostFrames: a creature falling this long is put back on a surface.
const swarmLostFrames = 180

// swarmAtEdge reports whether c, walking along dir*Right(), has a foot ahead
// of its body that found no foothold (an edge in front: the creature turns
// back rather than walk into the void). The gait leaves a foot dangling at
// its home when no foothold is within reach; a dangling foot behind the body
// (walking away from an edge) does not count.
func swarmAtEdge(c *ikanim.Creature, dir float64) bool {
	if dir == 0 {
		return false
	}
	ahead := c.Right().Mul(dir)
	p := c.Position()
	for i := 0; i < c.LegCount(); i++ {
		l := c.Leg(i)
		if !l.Planted && !l.Stepping && l.Contact.Sub(p).Dot(ahead) > 0 {
			return true
		}
	}
	return false
}

// swarmOnSurface reports whether a foot of c is planted or stepping.
func swarmOnSurface(c *ikanim.Creature) bool {
	for i := 0; i < c.LegCount(); i++ {
		if l := c.Leg(i); l.Planted || l.Stepping {
			return true
		}
	}
	return false
}

// Extra reports the falls for -metrics.
func (s *swarmScene) Extra() map[string]float64 {
	return map[string]float64{
		"falls":                 float64(s.falls),
		"falls_per_1000_frames": float64(s.falls) * 1000 / math.Max(1, float64(s.frame)),
		"respawns":              float64(s.respawns),
	}
}

// measure tracks slip and NaN for every creature and the contact gap for one
// creature in swarmMeasureStride.
func (s *swarmScene) measure() {
	m := &s.meter
	m.Frame()
	for ci, c := range s.c {
		p := c.Position()
		m.Finite(p[0])
		m.Finite(p[1])
		gap := ci%swarmMeasureStride == s.frame%swarmMeasureStride
		for i := 0; i < c.LegCount(); i++ {
			l := c.Leg(i)
			m.Finite(l.Foot[0])
			m.Finite(l.Foot[1])
			s.stance[ci][i].Track(m, l.Planted, l.Foot)
			if gap && l.Planted {
				m.Contact(spidersGap(s.world, l.Foot, l.Normal))
			}
		}
	}
}

func (s *swarmScene) Draw(screen *ebiten.Image, ctx *Context) {
	var op ebiten.DrawImageOptions
	screen.DrawImage(s.sky.Image, &op)
	if s.wopts.Texture == nil {
		s.wopts = terrainLook(s.camera)
	}
	s.wopts.GeoM = s.camera
	s.world.Draw(screen, &s.wopts)
	s.draw.GeoM = s.camera
	s.draw.Debug = ctx.Debug
	s.draw.HideSprites = s.hideArt
	s.draw.Filter = ebiten.FilterLinear
	for _, c := range s.c {
		c.Draw(screen, &s.draw)
	}
	ebitenutil.DebugPrintAt(screen, fmt.Sprintf("creatures %d   creature update %.2f ms/frame (%.0f ns each)   slip max %.2f px  gap max %.2f px",
		len(s.c), s.updAvg/1e6, s.updAvg/float64(len(s.c)), s.meter.FootSlipMax(), s.meter.ContactGapMax()), 6, 22)
}

func (s *swarmScene) Panel(ui *debugui.Context) {
	ui.Text(fmt.Sprintf("creatures %d", len(s.c)))
	ui.Text(fmt.Sprintf("update %.2f ms/frame", s.updAvg/1e6))
	ui.Checkbox(&s.zoom, "zoom 1:1 (Z)")
	ui.Checkbox(&s.hideArt, "hide sprites")
	ui.Checkbox(&s.noEdge, "walk off edges (no turn back)")
	ui.Text(fmt.Sprintf("falls %d  respawns %d", s.falls, s.respawns))
	ui.Text(fmt.Sprintf("slip max %.3f px", s.meter.FootSlipMax()))
	ui.Text(fmt.Sprintf("gap max %.3f px", s.meter.ContactGapMax()))
	ui.Text(fmt.Sprintf("NaN %d", s.meter.NaNs()))
}
