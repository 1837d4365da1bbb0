// Package drawbench measures drawing in real Ebitengine frames: its
// benchmarks hand a drawing to a running game loop, which runs it in Draw on
// the screen and presents the frame, as a game does (Ebitengine resets its
// per-frame buffers when a frame is presented, so drawing many frames inside
// one Update would measure something no game does). It holds tests only.
// Run it under a display:
//
//	xvfb-run -a go test -run '^$' -bench . ./ikanim/internal/drawbench
//	xvfb-run -a go test -tags ebitenginedebug -run TestCreatureDrawCalls -v ./ikanim/internal/drawbench
//
// The second counts the GPU draw calls from the command log of Ebitengine's
// debug build. Without a display (DISPLAY unset on Linux) the tests are
// skipped, unless IKANIM_REQUIRE_DISPLAY=1 (set by CI), which makes that a
// failure.
package drawbench
