// Package rendertest holds the module's tests that need a real Ebitengine
// window, under one harness (main_test.go runs them inside ebiten.RunGame):
// they draw rigs, sprites and terrain worlds and read the pixels back. Run them under a display, e.g.
//
//	xvfb-run -a go test ./ikanim/internal/rendertest
//
// Without a display (DISPLAY unset on Linux) the tests are skipped, unless
// IKANIM_REQUIRE_DISPLAY=1 (set by CI), which makes that a failure.
//
// With TERRAIN_SHOT=DIR, TestShot also writes review pictures of terrain
// drawing to DIR.
package rendertest
