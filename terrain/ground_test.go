package terrain_test

import (
	"github.com/ikanim/kit/ikanim"
	"github.com/ikanim/kit/terrain"
)

// World satisfies the plugin's ground query.
var _ ikanim.Ground = (*terrain.World)(nil)
