// Command demo is the bundled demo game of the ikanim procedural-animation and
// IK plugin for Ebitengine. Every feature has a scene; Tab cycles through
// them and H shows the keys of each.
//
//	go run ./demo                       # opens the playground scene
//	go run ./demo -list                 # lists the scenes
//	go run ./demo -keys                 # prints every scene's keys (Markdown)
//	go run ./demo -scene walk -frames 600 -screenshot walk.png -metrics walk.json
//	go run ./demo -scene climb -frames 240 -record climb.gif
//	go run ./demo -rig hero.rig.json    # the rigs scene, reloading the file as it changes
//
// The flags -frames, -screenshot, -metrics, -metrics-csv and -record let it
// run unattended (CI runs every scene this way under Xvfb). Every scene's
// simulation lives in package demo/sim, which the tests drive too; this
// package maps the keys and the mouse onto it and draws it.
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"

	"github.com/hajimehoshi/ebiten/v2"
)

const (
	screenWidth  = 1280
	screenHeight = 720
)

type options struct {
	scene       string
	frames      int
	screenshot  string
	metrics     string
	metricsCSV  string
	record      string
	recordEvery int
	recordScale float64
	recordFrom  int
	withHUD     bool
	camera      string
	showKeys    bool
	seed        uint64
	tps         int
	count       int
	debug       bool
	panel       bool
	check       bool
	rig         string
}

func main() {
	var o options
	var list, keys bool
	flag.StringVar(&o.scene, "scene", "playground", "scene to open (see -list)")
	flag.IntVar(&o.frames, "frames", 0, "quit after this many updates (0 = run until closed)")
	flag.StringVar(&o.screenshot, "screenshot", "", "write a PNG of the last frame to this path (needs -frames)")
	flag.StringVar(&o.metrics, "metrics", "", "write the scene's motion-quality figures as JSON to this path on exit")
	flag.StringVar(&o.metricsCSV, "metrics-csv", "", "write the scene's per-frame quality series (gap, slip, pops) as CSV to this path on exit")
	flag.StringVar(&o.record, "record", "", "record the scene to an animated GIF at this path (needs -frames)")
	flag.IntVar(&o.recordEvery, "record-every", 3, "with -record, keep every Nth update (3 at 60 TPS: 20 frames a second)")
	flag.Float64Var(&o.recordScale, "record-scale", 0.5, "with -record, the GIF's size as a share of the 1280 x 720 screen")
	flag.IntVar(&o.recordFrom, "record-from", 0, "with -record, the first update kept")
	flag.StringVar(&o.camera, "camera", "", "hold the camera still at world X,Y with zoom Z, given as X,Y,Z (for recordings)")
	flag.BoolVar(&o.withHUD, "hud-in-shots", false, "-screenshot and -record show the HUD, the panel and the key table too (default: the scene only)")
	flag.Uint64Var(&o.seed, "seed", 1, "seed for the scene's random choices")
	flag.IntVar(&o.tps, "tps", 60, "updates per second")
	flag.IntVar(&o.count, "count", 0, "number of creatures for crowd scenes (0 = the scene's default)")
	flag.BoolVar(&o.debug, "debug", false, "start with the debug overlay on")
	flag.BoolVar(&o.panel, "panel", false, "start with the tuning panel open (it starts collapsed; P opens it)")
	flag.BoolVar(&o.showKeys, "show-keys", false, "start with the key table shown (H hides it)")
	flag.BoolVar(&o.check, "check", false, "exit with an error if the screenshot is blank or the metrics hold NaN/Inf (for CI)")
	flag.StringVar(&o.rig, "rig", "", "the rigs scene loads this rig file (ikanim's rig JSON) and reloads it when it changes (opens the rigs scene unless -scene says otherwise)")
	flag.BoolVar(&list, "list", false, "print the scenes and exit")
	flag.BoolVar(&keys, "keys", false, "print every scene's keys as Markdown tables and exit")
	flag.Parse()
	if o.rig != "" {
		sceneSet := false
		flag.Visit(func(f *flag.Flag) { sceneSet = sceneSet || f.Name == "scene" })
		if !sceneSet {
			o.scene = "rigs"
		}
	}

	switch {
	case list:
		for _, n := range sceneNames() {
			fmt.Printf("%-12s %s\n", n, sceneRegistry[n].Summary)
		}
		return
	case keys:
		fmt.Print(keyTable())
		return
	}
	if err := run(o); err != nil {
		fmt.Fprintln(os.Stderr, "demo:", err)
		os.Exit(1)
	}
}

// noDisplayHint follows the error of a window that did not open (the
// browser build says something else, web_js.go).
var noDisplayHint = "The demo needs a display. On a machine without one (a server, a container, CI), run it in a virtual one:\n\txvfb-run -a go run ./demo"

func run(o options) error {
	if _, ok := sceneRegistry[o.scene]; !ok {
		return fmt.Errorf("unknown scene %q (scenes: %v)", o.scene, sceneNames())
	}
	if o.tps < 1 || o.tps > 1000 {
		return fmt.Errorf("-tps %d out of range [1, 1000]", o.tps)
	}
	if (o.screenshot != "" || o.record != "") && o.frames <= 0 {
		return errors.New("-screenshot and -record need -frames N (the run ends after N updates)")
	}
	if o.record != "" && (o.recordEvery < 1 || !(o.recordScale > 0.05 && o.recordScale <= 1) || o.recordFrom >= o.frames) {
		return fmt.Errorf("-record: -record-every %d must be >= 1, -record-scale %v in (0.05, 1], -record-from %d below -frames %d",
			o.recordEvery, o.recordScale, o.recordFrom, o.frames)
	}
	g, err := newGame(o)
	if err != nil {
		return err
	}
	ebiten.SetWindowSize(screenWidth, screenHeight)
	ebiten.SetWindowTitle("ikanim demo")
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	ebiten.SetTPS(o.tps)
	if err := ebiten.RunGame(g); err != nil && !errors.Is(err, ebiten.Termination) {
		if !g.started {
			return fmt.Errorf("%w\n%s", err, noDisplayHint)
		}
		return err
	}
	return g.finish()
}
