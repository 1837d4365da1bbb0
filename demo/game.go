package main

import (
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"math"
	"os"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/ebitengine/debugui"
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/ikanim/kit/ikanim/quality"
)

// seriesFrames is how many frames of the quality series are kept without
// -frames (-metrics-csv writes the last ones): one minute at 60 TPS.
const seriesFrames = 3600

// webStatus, set in the browser build (web_js.go), publishes the scenes, the
// running one and its update count to the page after every update.
var webStatus func(scenes []string, scene string, frame int)

// panelTab is the collapsed tuning panel: a tab under the top bar.
var panelTab = image.Rect(screenWidth-196, topBar+4, screenWidth-10, topBar+26)

// panelRect is where the open tuning panel starts.
var panelRect = image.Rect(screenWidth-300, safeTop, screenWidth-10, safeBottom)

// game runs the current scene and everything around it: the scene switcher,
// the HUD, the key table, the tuning panel with its quality graph, the
// screenshot, the recording and the metrics.
type game struct {
	opts    options
	names   []string
	current int
	scene   Scene
	ctx     Context
	ui      debugui.DebugUI
	series  *quality.Series
	graph   qualityGraph
	graphAt image.Rectangle
	rec     *recorder
	shot    int // the last update the recorder kept a frame of (+1)

	help       bool
	started    bool // an Update ran: the window opened
	ptr        pointer
	lastMouse  image.Point
	mouseStill int // updates since the mouse last moved
	done       bool
	shotTaken  bool
	checkErr   error // what -check found wrong
}

func newGame(o options) (*game, error) {
	art, err := loadArt()
	if err != nil {
		return nil, err
	}
	n := seriesFrames
	if o.frames > 0 {
		n = o.frames
	}
	g := &game{opts: o, names: sceneNames(), mouseStill: 1 << 30, series: quality.NewSeries(n), help: o.showKeys}
	g.ctx = Context{
		Dt:    1 / float64(o.tps),
		Seed:  o.seed,
		Count: o.count,
		Debug: o.debug,
		Width: screenWidth, Height: screenHeight,
		MouseIdle: true,
		Art:       art,
		RigPath:   o.rig,
	}
	if o.camera != "" {
		var p [3]float64
		if n, err := fmt.Sscanf(o.camera, "%g,%g,%g", &p[0], &p[1], &p[2]); err != nil || n != 3 || !(p[2] > 0) {
			return nil, fmt.Errorf("-camera %q: want X,Y,ZOOM with a zoom above 0", o.camera)
		}
		g.ctx.Pin = &p
	}
	if o.record != "" {
		g.rec = newRecorder(o.record, o.recordEvery, o.recordScale, o.recordFrom, o.tps)
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

// open builds scene i afresh (a switch or a restart).
func (g *game) open(i int) error {
	info := sceneRegistry[g.names[i]]
	g.ctx.Frame = 0
	s, err := info.New(&g.ctx)
	if err != nil {
		return fmt.Errorf("scene %s: %w", info.Name, err)
	}
	g.current, g.scene = i, s
	g.ptr.pads = slices.Contains(info.Keys, &keyMove)
	m := s.Sim().Meter()
	m.TPS = float64(g.opts.tps)
	g.series.Reset()
	m.Series = g.series
	return nil
}

func (g *game) Update() error {
	g.started = true
	if g.done {
		if g.opts.screenshot == "" || g.shotTaken {
			return ebiten.Termination
		}
		return nil // wait for Draw to take the screenshot
	}
	if g.rec != nil && g.ctx.Frame > 0 && g.shot != g.ctx.Frame {
		return nil // recording: every update is drawn before the next one runs
	}
	if err := g.globalKeys(); err != nil {
		return err
	}
	g.ptr.read()
	if g.ptr.topTap {
		return g.open((g.current + 1) % len(g.names))
	}
	if p := g.ptr.at; p != g.lastMouse || g.ptr.click {
		g.lastMouse, g.mouseStill = p, 0
	} else if g.mouseStill < 1<<30 {
		g.mouseStill++
	}
	g.ctx.Mouse, g.ctx.Click = g.ptr.vec(), g.ptr.click
	g.ctx.MouseIdle = g.opts.frames > 0 || g.mouseStill > 2*g.opts.tps

	g.ctx.UIHasPointer = false
	if g.opts.panel {
		capture, err := g.ui.Update(g.panel)
		if err != nil {
			return err
		}
		g.ctx.UIHasPointer = capture != 0
	} else if g.ptr.click && g.ptr.at.In(panelTab) {
		g.opts.panel, g.ctx.UIHasPointer = true, true
	}

	start := time.Now()
	if err := g.scene.Update(&g.ctx); err != nil {
		return err
	}
	elapsed := time.Since(start)
	g.ctx.Frame++
	if webStatus != nil {
		webStatus(g.names, g.names[g.current], g.ctx.Frame)
	}
	g.scene.Sim().Meter().UpdateTime(float64(elapsed.Nanoseconds()))
	if g.opts.frames > 0 && g.ctx.Frame >= g.opts.frames {
		g.done = true
	}
	return nil
}

// globalKeys handles the keys of every scene.
func (g *game) globalKeys() error {
	switch {
	case keyQuit.pressed():
		if g.help {
			g.help = false
		} else if g.opts.frames == 0 && runtime.GOOS != "js" { // a page cannot quit
			return ebiten.Termination
		}
	case keyHelp.pressed():
		g.help = !g.help
	case keyNext.pressed():
		next := (g.current + 1) % len(g.names)
		if ebiten.IsKeyPressed(ebiten.KeyShift) {
			next = (g.current + len(g.names) - 1) % len(g.names)
		}
		return g.open(next)
	case keyRestart.pressed():
		return g.open(g.current)
	case keyDebug.pressed():
		g.ctx.Debug = !g.ctx.Debug
	case keyPanel.pressed():
		g.opts.panel = !g.opts.panel
	}
	return nil
}

// panel fills the open tuning panel: the live quality graph, the scene's
// figures and its tunables.
func (g *game) panel(ui *debugui.Context) error {
	ui.Window("tuning: "+g.names[g.current]+" (P closes)", panelRect, func(debugui.ContainerLayout) {
		ui.Header("Motion quality, last 4 s", true, func() {
			ui.SetGridLayout([]int{-1}, []int{150})
			ui.GridCell(func(b image.Rectangle) { g.graphAt = b })
			ui.SetGridLayout(nil, nil)
			m := g.scene.Sim().Meter()
			ui.Text(fmt.Sprintf("run: gap max %.3g px, slip max %.3g px", m.ContactGapMax(), m.FootSlipMax()))
			ui.Text(fmt.Sprintf("joint pop max %.3g deg, NaN %d", m.JointPopMaxDeg(), m.NaNs()))
		})
		g.scene.Panel(ui)
	})
	return nil
}

func (g *game) Draw(screen *ebiten.Image) {
	g.scene.Draw(screen, &g.ctx)
	if g.opts.withHUD {
		g.drawHUD(screen)
	}
	if g.rec != nil && g.shot != g.ctx.Frame {
		g.shot = g.ctx.Frame
		g.rec.capture(screen, g.ctx.Frame-1)
	}
	if g.done && g.opts.screenshot != "" && !g.shotTaken {
		// The screenshot shows what the scene draws (without the HUD unless
		// -hud-in-shots).
		if err := writeScreenshot(screen, g.opts.screenshot); err != nil {
			g.checkErr = fmt.Errorf("screenshot: %w", err)
		} else if g.opts.check {
			g.checkErr = checkNotBlank(screen)
		}
		g.shotTaken = true
	}
	if !g.opts.withHUD {
		g.drawHUD(screen)
	}
}

// drawHUD draws the bars, the tuning panel (or its tab) and the key table.
func (g *game) drawHUD(screen *ebiten.Image) {
	name := g.names[g.current]
	info := sceneRegistry[name]
	title := fmt.Sprintf("%s  (%d/%d)  %s", name, g.current+1, len(g.names), info.Summary)
	right := fmt.Sprintf("FPS %.0f  TPS %.0f", ebiten.ActualFPS(), ebiten.ActualTPS())
	var labels []string
	for _, k := range info.Keys {
		labels = append(labels, k.label)
	}
	hint := "H: keys   Tab: next scene   R: restart   G: debug overlay   P: tuning"
	if len(labels) > 0 {
		hint += "      this scene: " + strings.Join(labels, "   ")
	}
	drawBars(screen, title, g.scene.Status(), right, hint)
	if g.opts.panel {
		g.ui.Draw(screen)
		g.graph.draw(screen, g.series, g.graphAt)
	} else {
		r := panelTab
		fillRect(screen, float64(r.Min.X), float64(r.Min.Y), float64(r.Dx()), float64(r.Dy()), barColor)
		drawText(screen, "+ tuning panel (P)", float64(r.Min.X)+10, float64(r.Min.Y)+3, hudSize-1, keyColor, false)
	}
	g.ptr.drawPads(screen)
	if g.help {
		drawHelp(screen, name, info.Summary, info.Keys)
	}
}

func (g *game) Layout(int, int) (int, int) { return screenWidth, screenHeight }

// finish writes the metrics, the series and the recording after the game
// loop ends and, with -check, reports a blank screenshot or non-finite
// figures as an error.
func (g *game) finish() error {
	if g.checkErr != nil {
		return g.checkErr
	}
	if g.rec != nil {
		if err := g.rec.write(); err != nil {
			return err
		}
	}
	sim := g.scene.Sim()
	sim.Flush()
	if g.opts.metricsCSV != "" {
		f, err := os.Create(g.opts.metricsCSV)
		if err != nil {
			return err
		}
		if err := g.series.WriteCSV(f); err != nil {
			f.Close()
			return err
		}
		if err := f.Close(); err != nil {
			return err
		}
	}
	if g.opts.metrics == "" {
		return nil
	}
	report := sim.Meter().Report()
	for k, v := range sim.Extra() {
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
