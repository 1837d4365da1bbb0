package main

import (
	"github.com/ikanim/ikanim/assets/levels"
	"github.com/ikanim/ikanim/terrain"
)

// loadLevel builds the world of an embedded level file (assets/levels).
func loadLevel(name string) (*terrain.World, error) {
	data, err := levels.Open(name)
	if err != nil {
		return nil, err
	}
	lv, err := terrain.ParseLevel(data)
	if err != nil {
		return nil, err
	}
	return lv.Build()
}
