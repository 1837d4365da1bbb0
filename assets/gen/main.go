// Command gen draws every sprite of package assets and writes the PNGs.
//
// Run it from the repository root:
//
//	go run ./assets/gen
//
// The output is deterministic (byte-identical on every run); the assets tests
// check that the committed files match what it draws.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/ikanim/kit/assets/internal/art"
)

func main() {
	dir := flag.String("dir", "assets", "directory of package assets (the PNGs go to DIR/sprites)")
	flag.Parse()
	if err := run(*dir); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func run(dir string) error {
	if err := os.MkdirAll(filepath.Join(dir, "sprites"), 0o755); err != nil {
		return err
	}
	imgs := art.Render()
	for _, s := range art.Specs() {
		b, err := art.Encode(imgs[s.Name])
		if err != nil {
			return fmt.Errorf("%s: %w", s.Name, err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(s.File)), b, 0o644); err != nil {
			return err
		}
		fmt.Printf("%-20s %4dx%-4d %s\n", s.Name, s.W, s.H, s.File)
	}
	return nil
}
