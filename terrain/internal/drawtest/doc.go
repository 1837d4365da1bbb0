// Package drawtest holds the terrain drawing tests that need a real
// Ebitengine window: they draw a World and read the pixels back. Run them
// under a display, e.g.
//
//	xvfb-run -a go test ./terrain/internal/drawtest
//
// Without a display (DISPLAY unset on Linux) the tests are skipped, unless
// IKANIM_REQUIRE_DISPLAY=1 (set by CI), which makes that a failure.
//
// With TERRAIN_SHOT=DIR, TestShot also writes DIR/terrain_flat.png and
// DIR/terrain_textured.png: a generated world drawn with the default look
// and with the ground and grass textures of package assets, for review.
package drawtest
