package main

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/ikanim/kit/assets"
	"github.com/ikanim/kit/ikanim"
)

var spriteCache = map[string]ikanim.Sprite{}

// sprite loads an art part from package assets as an ikanim.Sprite (setup
// time only; cached so every scene shares one GPU image per part).
func sprite(name string) (ikanim.Sprite, error) {
	if s, ok := spriteCache[name]; ok {
		return s, nil
	}
	part, ok := assets.Lookup(name)
	if !ok {
		return ikanim.Sprite{}, fmt.Errorf("no art part %q", name)
	}
	img, err := assets.Image(name)
	if err != nil {
		return ikanim.Sprite{}, err
	}
	s := ikanim.Sprite{
		Image:  ebiten.NewImageFromImage(img),
		Pivot:  mgl64.Vec2{float64(part.Pivot.X), float64(part.Pivot.Y)},
		Length: part.Length,
	}
	spriteCache[name] = s
	return s, nil
}

// mustSprites loads several parts, returning the first error.
func mustSprites(names ...string) (map[string]ikanim.Sprite, error) {
	out := make(map[string]ikanim.Sprite, len(names))
	for _, n := range names {
		s, err := sprite(n)
		if err != nil {
			return nil, err
		}
		out[n] = s
	}
	return out, nil
}
