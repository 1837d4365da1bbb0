package drawbench

import (
	"errors"
	"fmt"
	"os"
	"runtime"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// Screen size of the game loop the benchmarks draw in.
const (
	screenWidth  = 1280
	screenHeight = 720
)

// theLoop is the running game loop; tests and benchmarks draw through inFrame.
var theLoop *loop

// TestMain runs the tests on their own goroutine while ebiten.RunGame runs a
// game loop that draws what they hand it (inFrame).
func TestMain(m *testing.M) {
	if runtime.GOOS == "linux" && os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		if os.Getenv("IKANIM_REQUIRE_DISPLAY") == "1" {
			fmt.Fprintln(os.Stderr, "drawbench: no display and IKANIM_REQUIRE_DISPLAY=1; run under xvfb-run -a")
			os.Exit(1)
		}
		fmt.Println("drawbench: no display; skipping (run under xvfb-run -a)")
		os.Exit(0)
	}
	theLoop = &loop{m: m, work: make(chan func(*ebiten.Image)), done: make(chan struct{}, 1), quit: make(chan struct{})}
	ebiten.SetWindowSize(screenWidth/2, screenHeight/2)
	ebiten.SetWindowTitle("ikanim drawbench")
	ebiten.SetVsyncEnabled(false)
	ebiten.SetTPS(ebiten.SyncWithFPS)
	ebiten.SetRunnableOnUnfocused(true)
	if err := ebiten.RunGame(theLoop); err != nil && !errors.Is(err, ebiten.Termination) {
		fmt.Fprintln(os.Stderr, "drawbench:", err)
		os.Exit(1)
	}
	os.Exit(theLoop.code)
}

// loop is a game whose frames draw what inFrame hands it: Update waits for
// a drawing, Draw runs it on the screen, and the next Update (after the
// frame was presented) reports it done.
type loop struct {
	m       *testing.M
	code    int
	started bool
	work    chan func(*ebiten.Image)
	pending func(*ebiten.Image)
	drawn   bool // the last Draw ran a drawing: its frame has been presented at the next Update
	done    chan struct{}
	quit    chan struct{}
}

func (g *loop) Update() error {
	if !g.started {
		g.started = true
		go func() {
			g.code = g.m.Run()
			close(g.quit)
		}()
	}
	if g.drawn {
		g.drawn = false
		g.done <- struct{}{}
	}
	select {
	case f := <-g.work:
		g.pending = f
		return nil
	case <-g.quit:
		return ebiten.Termination
	}
}

func (g *loop) Draw(screen *ebiten.Image) {
	if g.pending != nil {
		g.pending(screen)
		g.pending, g.drawn = nil, true
	}
}

func (g *loop) Layout(int, int) (int, int) { return screenWidth, screenHeight }

// inFrame runs draw in the next frame's Draw, on the screen (1280 x 720,
// cleared every frame), and returns once that frame has been presented.
func inFrame(draw func(screen *ebiten.Image)) {
	theLoop.work <- draw
	<-theLoop.done
}
