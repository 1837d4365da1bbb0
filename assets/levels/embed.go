// Package levels holds the bundled level files (terrain.Level JSON, a Tiled
// map and an LDtk project) so that games, tests and the demo load them
// without touching the file system.
//
// walk.json is a 2400 x 720 course (flat, a 30-degree slope up, a 40-degree
// slope down, 8 stairs of 16 px up and down, a sawtooth, a 40 px gap, flat
// end); climb.json a floor, a tall wall with an outer corner at its top and a
// ledge to hang from; spiders.json a 1280 x 720 mix of slopes, steps, a gap, a
// wall, an overhanging ceiling, a triangle and a boulder; swarm.json a 4000 x
// 3000 world with a rolling height field and 160 platforms and obstacles.
// gen_levels.py regenerates them. The demo's levels scene loads two maps made
// in the editors' own formats: meadow.tmx, a Tiled map (written by hand), and
// quarry.ldtk, an LDtk project (gen_quarry.py writes it).
package levels

import (
	"embed"
	"io/fs"
)

// files holds every level file of this directory.
//
//go:embed *.json *.tmx *.ldtk
var files embed.FS

// FS returns the bundled level files as a read-only file system.
func FS() fs.FS { return files }

// Open returns the contents of the named level file, e.g. Open("walk.json").
func Open(name string) ([]byte, error) {
	return files.ReadFile(name)
}
