package main

import (
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"time"

	"github.com/ebitengine/debugui"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/ebitenutil"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"github.com/ikanim/kit/ikanim/quality"
)

// game runs the current scene and everything around it: the scene switcher,
// help line, FPS/TPS, tuning panel, screenshot and metrics.
type game struct {
	opts    options
	names   []string
	current int
	scene   Scene
	ctx     Context
	ui      debugui.DebugUI

	lastMouse  image.Point
	mouseStill int // updates since the mouse last moved
	done       bool
	shotTaken  bool
	help       string
	checkErr   error // what -check found wrong
}

func newGame(o options) (*game, error) {
	art, err := loadArt()
	if err != nil {
		return nil, err
	}
	g := &game{opts: o, names: sceneNames(), mouseStill: 1 << 30}
	g.ctx = Context{
		Dt:    1 / float64(o.tps),
		Seed:  o.seed,
		Count: o.count,
		Debug: o.debug,
		Width: screenWidth, Height: screenHeight,
		MouseIdle: true,
		Art:       art,
	}
	for i, n := range g.names {
		if n == o.scene {
			g.current = i
		}
	}
	if err := g.open(g.current); err != nil {
		return nil, err
	}
	return g, nil
}

func (g *game) open(i int) error {
	info := sceneRegistry[g.names[i]]
	g.ctx.Frame = 0
	s, err := info.New(&g.ctx)
	if err != nil {
		return fmt.Errorf("scene %s: %w", info.Name, err)
	}
	g.current, g.scene = i, s
	g.help = fmt.Sprintf("[%s] %s | Tab: next scene  D: debug overlay  P: panel  Esc: quit", info.Name, s.Help())
	s.Sim().Meter().TPS = float64(g.opts.tps)
	return nil
}

func (g *game) Update() error {
	if g.done {
		if g.opts.screenshot == "" || g.shotTaken {
			return ebiten.Termination
		}
		return nil // wait for Draw to take the screenshot
	}
	if inpututil.IsKeyJustPressed(ebiten.KeyEscape) && g.opts.frames == 0 {
		return ebiten.Termination
	}
	if inpututil.IsKeyJustPressed(ebiten.KeyTab) {
		next := (g.current + 1) % len(g.names)
		if ebiten.IsKeyPressed(ebiten.KeyShift) {
			next = (g.current + len(g.names) - 1) % len(g.names)
		}
		if err := g.open(next); err != nil {
			return err
		}
	}
	if inpututil.IsKeyJustPressed(ebiten.KeyD) {
		g.ctx.Debug = !g.ctx.Debug
	}
	if inpututil.IsKeyJustPressed(ebiten.KeyP) {
		g.opts.panel = !g.opts.panel
	}

	mx, my := ebiten.CursorPosition()
	if p := image.Pt(mx, my); p != g.lastMouse {
		g.lastMouse, g.mouseStill = p, 0
	} else if g.mouseStill < 1<<30 {
		g.mouseStill++
	}
	g.ctx.Mouse = mgl64.Vec2{float64(mx), float64(my)}
	g.ctx.MouseIdle = g.opts.frames > 0 || g.mouseStill > 2*g.opts.tps

	g.ctx.UIHasPointer = false
	if g.opts.panel {
		capture, err := g.ui.Update(func(ui *debugui.Context) error {
			ui.Window(g.names[g.current], image.Rect(screenWidth-260, 40, screenWidth-10, 640), func(debugui.ContainerLayout) {
				g.scene.Panel(ui)
			})
			return nil
		})
		if err != nil {
			return err
		}
		g.ctx.UIHasPointer = capture != 0
	}

	start := time.Now()
	if err := g.scene.Update(&g.ctx); err != nil {
		return err
	}
	elapsed := time.Since(start)
	g.ctx.Frame++
	g.scene.Sim().Meter().UpdateTime(float64(elapsed.Nanoseconds()))
	if g.opts.frames > 0 && g.ctx.Frame >= g.opts.frames {
		g.done = true
	}
	return nil
}

var helpBar = color.RGBA{0, 0, 0, 150}

func (g *game) Draw(screen *ebiten.Image) {
	g.scene.Draw(screen, &g.ctx)
	if g.done && g.opts.screenshot != "" && !g.shotTaken {
		// The screenshot shows what the scene draws, without the panel and help line.
		if err := writeScreenshot(screen, g.opts.screenshot); err != nil {
			g.checkErr = fmt.Errorf("screenshot: %w", err)
		} else if g.opts.check {
			g.checkErr = checkNotBlank(screen)
		}
		g.shotTaken = true
	}
	if g.opts.panel {
		g.ui.Draw(screen)
	}
	vector.FillRect(screen, 0, screenHeight-20, screenWidth, 20, helpBar, false)
	ebitenutil.DebugPrintAt(screen, g.help, 6, screenHeight-18)
	ebitenutil.DebugPrintAt(screen, fmt.Sprintf("FPS %.0f  TPS %.0f", ebiten.ActualFPS(), ebiten.ActualTPS()), 6, 4)
}

func (g *game) Layout(int, int) (int, int) { return screenWidth, screenHeight }

// finish writes the metrics after the game loop ends and, with -check,
// reports a blank screenshot or non-finite figures as an error.
func (g *game) finish() error {
	if g.checkErr != nil {
		return g.checkErr
	}
	if g.opts.metrics == "" {
		return nil
	}
	g.scene.Sim().Flush()
	report := g.scene.Sim().Meter().Report()
	for k, v := range g.scene.Sim().Extra() {
		report[k] = v
	}
	var bad error
	for k, v := range report {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			bad = fmt.Errorf("-check: metric %s is %v", k, v)
			report[k] = -1 // JSON has no NaN; the error says what it was
		}
	}
	if n := report[quality.KeyNaNCount]; n > 0 {
		bad = fmt.Errorf("-check: the scene produced %v NaN/Inf values", n)
	}
	data, err := json.MarshalIndent(report, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(g.opts.metrics, append(data, '\n'), 0o644); err != nil {
		return err
	}
	if g.opts.check {
		return bad
	}
	return nil
}

func writeScreenshot(screen *ebiten.Image, path string) error {
	b := screen.Bounds()
	img := image.NewRGBA(b)
	screen.ReadPixels(img.Pix)
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// checkNotBlank fails when the frame has fewer than 16 distinct colours: a
// scene that draws nothing, or only a flat fill, is broken.
func checkNotBlank(screen *ebiten.Image) error {
	b := screen.Bounds()
	img := image.NewRGBA(b)
	screen.ReadPixels(img.Pix)
	seen := map[uint32]bool{}
	for i := 0; i+3 < len(img.Pix) && len(seen) < 16; i += 4 * 7 {
		seen[uint32(img.Pix[i])<<24|uint32(img.Pix[i+1])<<16|uint32(img.Pix[i+2])<<8|uint32(img.Pix[i+3])] = true
	}
	if len(seen) < 16 {
		return fmt.Errorf("-check: the last frame is blank (%d distinct colours)", len(seen))
	}
	return nil
}
