// Package rendertest holds the tests that need a real Ebitengine window: they
// draw rigs and read the pixels back. Run them under a display, e.g.
//
//	xvfb-run -a go test ./ikanim/internal/rendertest
//
// Without a display (DISPLAY unset on Linux) the tests are skipped, unless
// IKANIM_REQUIRE_DISPLAY=1 (set by CI), which makes that a failure.
package rendertest
