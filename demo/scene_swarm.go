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

	"github.com/ikanim/ikanim/assets/levels"
	"github.com/ikanim/ikanim/ikanim"
	"github.com/ikanim/ikanim/ikanim/quality"
	"github.com/ikanim/ikanim/terrain"
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
// random (seeded) times. The camera fits the whole level on screen; Z
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
}

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
		x := 40 + s.rng.Float64()*(lv.Width-80)
		// Spawn on the first surface below the top of the level at x.
		p, nrm, ok := w.Raycast(mgl64.Vec2{x, 1}, mgl64.Vec2{x, lv.Height - 1})
		if !ok || nrm[1] > -0.5 {
			continue
		}
		pos := p.Sub(mgl64.Vec2{0, d.BodyHeight()})
		c, err := ikanim.NewCreature(d, pos, w)
		if err != nil {
			return nil, err
		}
		s.c = append(s.c, c)
		s.dir = append(s.dir, float64(1-2*s.rng.IntN(2)))
		s.turnAt = append(s.turnAt, 2+s.rng.Float64()*8)
	}
	s.stance = make([][ikanim.MaxCreatureLegs]quality.Stance, len(s.c))
	s.meter.Creatures = len(s.c)
	s.fitCamera()
	return s, nil
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
	if s.zoom {
		p := s.c[0].Position()
		s.camera.Reset()
		s.camera.Translate(float64(screenWidth)/2-p[0], float64(screenHeight)/2-p[1])
	} else {
		s.fitCamera()
	}
	return nil
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
	ui.Text(fmt.Sprintf("slip max %.3f px", s.meter.FootSlipMax()))
	ui.Text(fmt.Sprintf("gap max %.3f px", s.meter.ContactGapMax()))
	ui.Text(fmt.Sprintf("NaN %d", s.meter.NaNs()))
}
