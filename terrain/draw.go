package terrain

type drawCache struct{ valid bool }
