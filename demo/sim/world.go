package sim

import (
	"github.com/ikanim/kit/assets/levels"
	"github.com/ikanim/kit/terrain"
)

// level builds the world of a bundled level file (assets/levels) and returns
// it with the level's size in pixels.
func level(name string) (w *terrain.World, width, height float64, err error) {
	data, err := levels.Open(name)
	if err != nil {
		return nil, 0, 0, err
	}
	lv, err := terrain.ParseLevel(data)
	if err != nil {
		return nil, 0, 0, err
	}
	w, err = lv.Build()
	if err != nil {
		return nil, 0, 0, err
	}
	return w, lv.Width, lv.Height, nil
}

// flatCell is the cell size, px, of flatRows: the ground's surface is at
// row 7, y = 560, across the whole 1280 x 720 world.
const flatCell = 80

// The flat world (the aim scene's): its size and its surface height.
const (
	flatWidth   = 16 * flatCell
	flatHeight  = 9 * flatCell
	FlatGroundY = 7 * flatCell
)

var flatRows = []string{
	"................",
	"................",
	"................",
	"................",
	"................",
	"................",
	"................",
	"################",
	"################",
}

// flatWorld builds a 1280 x 720 world with flat ground at FlatGroundY.
func flatWorld() (*terrain.World, error) { return terrain.FromASCII(flatRows, flatCell) }
