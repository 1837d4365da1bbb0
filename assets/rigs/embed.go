// Package rigs holds the demo's rigs from files, embedded so that games,
// tests and the demo (in a browser too) load them without a file system:
//
//   - spine-biped.json and spine-tail.json: two small skeletons in Spine 4.2's
//     JSON export format (a biped with IK legs and a look-at arm, its "walk"
//     and "flip" animations; a five-bone tail and its "wag"), drawn from
//     parts.atlas and its page parts.png. They are copies of the test
//     skeletons of package ikanim/spine, which describes their geometry.
//   - biped.rig.json: the project's humanoid in ikanim's rig file format
//     (ikanim.LoadRigDef), its sprites named from the project's atlas
//     (package assets). A copy of ikanim/testdata/biped.rig.json.
package rigs

import (
	"embed"
	"io/fs"
)

//go:embed *.json *.atlas *.png
var files embed.FS

// FS returns the bundled rig files as a read-only file system.
func FS() fs.FS { return files }
