package drawtest

import (
	"errors"
	"fmt"
	"os"
	"runtime"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// TestMain runs the tests inside ebiten.RunGame, on the game's update
// goroutine, where drawing and ReadPixels are allowed.
func TestMain(m *testing.M) {
	if runtime.GOOS == "linux" && os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		if os.Getenv("IKANIM_REQUIRE_DISPLAY") == "1" {
			fmt.Fprintln(os.Stderr, "drawtest: no display and IKANIM_REQUIRE_DISPLAY=1; run under xvfb-run -a")
			os.Exit(1)
		}
		fmt.Println("drawtest: no display; skipping the pixel tests (run under xvfb-run -a)")
		os.Exit(0)
	}
	g := &testGame{m: m}
	ebiten.SetWindowSize(64, 64)
	ebiten.SetWindowTitle("terrain drawtest")
	if err := ebiten.RunGame(g); err != nil && !errors.Is(err, ebiten.Termination) {
		fmt.Fprintln(os.Stderr, "drawtest:", err)
		os.Exit(1)
	}
	os.Exit(g.code)
}

type testGame struct {
	m    *testing.M
	code int
	done bool
}

func (g *testGame) Update() error {
	if !g.done {
		g.done = true
		g.code = g.m.Run()
	}
	return ebiten.Termination
}

func (g *testGame) Draw(*ebiten.Image) {}

func (g *testGame) Layout(int, int) (int, int) { return 64, 64 }
