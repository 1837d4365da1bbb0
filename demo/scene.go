package main

import (
	"sort"

	"github.com/ebitengine/debugui"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/ikanim/kit/demo/sim"
)

// Scene is the view of one demo scene: it builds the scene's simulation
// (package sim), maps the player's keys and mouse onto it, draws it and
// fills the tuning panel. Each view lives in its own file and registers
// itself from an init function.
type Scene interface {
	// Sim returns the scene's simulation.
	Sim() sim.Scene
	// Update maps the input onto the simulation and advances it by ctx.Dt.
	Update(ctx *Context) error
	// Draw draws the scene; ctx.Debug asks for the debug overlay.
	Draw(screen *ebiten.Image, ctx *Context)
	// Panel fills the tuning panel with the scene's live parameters.
	Panel(ui *debugui.Context)
	// Status is a line about the scene's state for the HUD.
	Status() string
}

// Context is what the game hands a scene every frame.
type Context struct {
	Dt            float64 // seconds per update, 1/TPS
	Frame         int     // updates so far in this scene
	Seed          uint64  // -seed
	Count         int     // -count (0 = the scene's default)
	Debug         bool    // debug overlay on
	Width, Height int     // screen size in pixels
	Art           sim.Art // the characters' sprites
	// Mouse is the pointer in screen pixels: the cursor, or the finger on a
	// touch screen. MouseIdle is true when it has not moved for two seconds
	// (or never did): scenes then drive their targets by themselves, so
	// unattended runs are deterministic.
	Mouse     mgl64.Vec2
	MouseIdle bool
	// Click is true when the mouse's left button or a finger went down this
	// update (at Mouse).
	Click bool
	// UIHasPointer is true while the tuning panel is under the pointer or has
	// focus: scenes ignore clicks then.
	UIHasPointer bool
	// RigPath is the rig file the rigs scene loads and watches (-rig; ""
	// for the embedded sample).
	RigPath string
	// Pin, when set (-camera), holds the scene's camera still: world x, y
	// of its centre and its zoom.
	Pin *[3]float64
}

// sceneInfo describes a registered scene.
type sceneInfo struct {
	Name    string
	Summary string
	// Keys are the scene's own keys (the help shows them after the
	// scene's name, the global keys after them).
	Keys []*binding
	New  func(ctx *Context) (Scene, error)
}

var sceneRegistry = map[string]sceneInfo{}

// sceneOrder lists scenes in the order the switcher cycles through them.
var sceneOrder = []string{"playground", "walk", "climb", "ledges", "aim", "spiders", "swarm", "levels", "animation", "rigs"}

func registerScene(info sceneInfo) {
	if _, dup := sceneRegistry[info.Name]; dup {
		panic("demo: scene registered twice: " + info.Name)
	}
	sceneRegistry[info.Name] = info
}

// sceneNames returns the registered scenes: those of sceneOrder first, in that
// order, then any others sorted by name.
func sceneNames() []string {
	var names []string
	seen := map[string]bool{}
	for _, n := range sceneOrder {
		if _, ok := sceneRegistry[n]; ok {
			names = append(names, n)
			seen[n] = true
		}
	}
	var rest []string
	for n := range sceneRegistry {
		if !seen[n] {
			rest = append(rest, n)
		}
	}
	sort.Strings(rest)
	return append(names, rest...)
}
