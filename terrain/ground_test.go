package terrain_test

import (
	"github.com/ikanim/ikanim/ikanim"
	"github.com/ikanim/ikanim/terrain"
)

// World satisfies the plugin's ground query.
var _ ikanim.Ground = (*terrain.World)(nil)
