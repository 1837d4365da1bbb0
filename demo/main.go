// Command demo is the bundled demo game of the ikanim procedural-animation and
// IK plugin for Ebitengine. Every feature has a scene; Tab cycles through them.
//
//	go run ./demo                       # opens the playground scene
//	go run ./demo -list                 # lists the scenes
//	go run ./demo -scene walk -frames 600 -screenshot walk.png -metrics walk.json
//
// The flags -frames, -screenshot and -metrics let it run unattended (CI runs
// every scene this way under Xvfb).
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
	scene      string
	frames     int
	screenshot string
	metrics    string
	seed       uint64
	tps        int
	count      int
	debug      bool
	panel      bool
	check      bool
}

func main() {
	var o options
	var list bool
	flag.StringVar(&o.scene, "scene", "playground", "scene to open (see -list)")
	flag.IntVar(&o.frames, "frames", 0, "quit after this many updates (0 = run until closed)")
	flag.StringVar(&o.screenshot, "screenshot", "", "write a PNG of the last frame to this path (needs -frames)")
	flag.StringVar(&o.metrics, "metrics", "", "write the scene's motion-quality figures as JSON to this path on exit")
	flag.Uint64Var(&o.seed, "seed", 1, "seed for the scene's random choices")
	flag.IntVar(&o.tps, "tps", 60, "updates per second")
	flag.IntVar(&o.count, "count", 0, "number of creatures for crowd scenes (0 = the scene's default)")
	flag.BoolVar(&o.debug, "debug", false, "start with the debug overlay on")
	flag.BoolVar(&o.panel, "panel", true, "show the tuning panel")
	flag.BoolVar(&o.check, "check", false, "exit with an error if the screenshot is blank or the metrics hold NaN/Inf (for CI)")
	flag.BoolVar(&list, "list", false, "print the scenes and exit")
	flag.Parse()

	if list {
		for _, n := range sceneNames() {
			fmt.Printf("%-12s %s\n", n, sceneRegistry[n].Summary)
		}
		return
	}
	if err := run(o); err != nil {
		fmt.Fprintln(os.Stderr, "demo:", err)
		os.Exit(1)
	}
}

func run(o options) error {
	if _, ok := sceneRegistry[o.scene]; !ok {
		return fmt.Errorf("unknown scene %q (scenes: %v)", o.scene, sceneNames())
	}
	if o.tps < 1 || o.tps > 1000 {
		return fmt.Errorf("-tps %d out of range [1, 1000]", o.tps)
	}
	if o.screenshot != "" && o.frames <= 0 {
		return errors.New("-screenshot needs -frames N (the screenshot is taken at the last frame)")
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
		return err
	}
	return g.finish()
}
