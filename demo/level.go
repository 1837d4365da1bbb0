package main

import (
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/ikanim/kit/assets/levels"
	"github.com/ikanim/kit/terrain"
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

// terrainLook returns the demo's terrain drawing options for a camera: the
// project's soil texture and grass strip, tiled in world space. If the art
// cannot be loaded it falls back to terrain's flat default look.
func terrainLook(camera ebiten.GeoM) terrain.DrawOptions {
	opts := terrain.DrawOptions{DrawImageOptions: ebiten.DrawImageOptions{GeoM: camera, Filter: ebiten.FilterLinear}}
	ground, err1 := sprite("tile/ground")
	grass, err2 := sprite("tile/grass")
	if err1 == nil && err2 == nil {
		opts.Texture, opts.GrassTexture = ground.Image, grass.Image
	}
	return opts
}
