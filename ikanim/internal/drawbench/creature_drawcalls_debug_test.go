//go:build ebitenginedebug

package drawbench

import (
	"bytes"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// drawTriangles matches a draw-triangles command as Ebitengine's debug build
// logs it when it sends a frame's commands to the GPU: each command is one
// batch of merged DrawImage calls from one set of source images (backend
// textures), drawn with one GPU draw call per destination region; its
// indices are 6 per DrawImage quad.
var drawTriangles = regexp.MustCompile(`draw-triangles: dst: (\d+)[^<]*<- src: \[([^\]]*)\], num of dst regions: (\d+), num of indices: (\d+)`)

// TestCreatureDrawCalls counts the GPU draw calls of one frame of 1,000 and
// of 10,000 spiders on the screen, with one image per part (the demo's art)
// and with one atlas image, from the command log of Ebitengine's debug
// build. It prints the counts and fails only if the log shows fewer quads
// than DrawImage calls. Run it with
//
//	xvfb-run -a go test -tags ebitenginedebug -run TestCreatureDrawCalls -v ./ikanim/internal/drawbench
func TestCreatureDrawCalls(t *testing.T) {
	for _, n := range []int{1000, 10000} {
		for _, atlas := range []bool{false, true} {
			cs := drawSpiders(t, n, atlas)
			want := 0
			for _, c := range cs {
				want += drawImageCalls(c)
			}
			opts := drawOpts()
			frame := func(screen *ebiten.Image) {
				for _, c := range cs {
					c.Draw(screen, opts)
				}
			}
			inFrame(frame) // upload the art
			// The log of a frame is printed when the render thread has
			// flushed it, which may be after the frame returns: two empty
			// frames later it is out. The spiders' flush is the block with
			// the most quads.
			log := captureStdout(t, func() {
				inFrame(frame)
				inFrame(func(*ebiten.Image) {})
				inFrame(func(*ebiten.Image) {})
			})
			var commands, calls, quads int
			var srcs map[string]bool
			var lines []string
			for _, block := range strings.Split(log, "Graphics commands:") {
				var bc, bd, bq int
				bs := map[string]bool{}
				var bl []string
				for _, m := range drawTriangles.FindAllStringSubmatch(block, -1) {
					bl = append(bl, m[0])
					regions, _ := strconv.Atoi(m[3])
					indices, _ := strconv.Atoi(m[4])
					bc++
					bd += regions
					bq += indices / 6
					bs[m[2]] = true
				}
				if bq > quads {
					commands, calls, quads, srcs, lines = bc, bd, bq, bs, bl
				}
			}
			t.Logf("%5d spiders, atlas image %-5v: %d DrawImage calls -> %d quads in %d draw-triangles commands from %d source sets, %d GPU draw calls (the frame's flush, screen clear included):\n\t%s",
				n, atlas, want, quads, commands, len(srcs), calls, strings.Join(lines, "\n\t"))
			if quads < want {
				t.Errorf("the log shows %d quads, want at least the %d DrawImage calls:\n%s", quads, want, log)
			}
		}
	}
}

// captureStdout returns what Ebitengine's debug logger (and anything else)
// prints on os.Stdout while f runs.
func captureStdout(t *testing.T, f func()) string {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	old := os.Stdout
	os.Stdout = w
	var buf bytes.Buffer
	done := make(chan struct{})
	go func() {
		io.Copy(&buf, r)
		close(done)
	}()
	f()
	os.Stdout = old
	w.Close()
	<-done
	r.Close()
	return buf.String()
}
