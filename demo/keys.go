package main

import (
	"fmt"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// binding is one line of a key table: keys (or a mouse gesture) and what
// they do. The views read their input through their bindings, so the help
// (H) shows exactly what the keys do, and TestKeyTablesHaveNoClashes checks
// that no key means two things.
type binding struct {
	keys  []ebiten.Key // any of these (none for a mouse gesture)
	mouse string       // the mouse gesture, "move" or "click" ("" for keys)
	label string       // the keys as the help shows them, e.g. "Left/Right, A/D"
	does  string
}

// pressed reports whether one of b's keys was pressed this update.
func (b *binding) pressed() bool {
	for _, k := range b.keys {
		if inpututil.IsKeyJustPressed(k) {
			return true
		}
	}
	return false
}

// String is the binding as one line of help.
func (b *binding) String() string { return b.label + ": " + b.does }

// The keys of the whole demo, in every scene.
var (
	keyNext    = binding{keys: []ebiten.Key{ebiten.KeyTab}, label: "Tab, Shift+Tab", does: "next, previous scene"}
	keyHelp    = binding{keys: []ebiten.Key{ebiten.KeyH, ebiten.KeyF1}, label: "H, F1", does: "show or hide this key table"}
	keyDebug   = binding{keys: []ebiten.Key{ebiten.KeyG}, label: "G", does: "debug overlay: bones, targets, rays, contacts"}
	keyPanel   = binding{keys: []ebiten.Key{ebiten.KeyP}, label: "P", does: "tuning panel with the live quality graph"}
	keyRestart = binding{keys: []ebiten.Key{ebiten.KeyR}, label: "R", does: "restart the scene"}
	keyQuit    = binding{keys: []ebiten.Key{ebiten.KeyEscape}, label: "Esc", does: "close the key table, or quit"}
)

var globalKeys = []*binding{&keyHelp, &keyNext, &keyRestart, &keyDebug, &keyPanel, &keyQuit}

// Keys shared by scenes mean the same in each.
var (
	keyMove = binding{
		keys:  []ebiten.Key{ebiten.KeyArrowLeft, ebiten.KeyArrowRight, ebiten.KeyA, ebiten.KeyD},
		label: "Left/Right, A/D", does: "move the character (it walks by itself again 3 s after you let go)",
	}
	keyPointer  = binding{mouse: "move", label: "mouse, touch", does: "the target follows the pointer (it moves by itself while the mouse rests)"}
	keyOverview = binding{keys: []ebiten.Key{ebiten.KeyZ}, label: "Z", does: "whole level, or follow the character"}
	keySprites  = binding{keys: []ebiten.Key{ebiten.KeyX}, label: "X", does: "hide the sprites (the debug lines show the legs)"}
)

// moveAxis returns -1 while a left key of keyMove (or the left touch pad)
// is held, +1 while a right one is, else 0.
func moveAxis() float64 {
	d := touchAxis
	if ebiten.IsKeyPressed(ebiten.KeyArrowLeft) || ebiten.IsKeyPressed(ebiten.KeyA) {
		d--
	}
	if ebiten.IsKeyPressed(ebiten.KeyArrowRight) || ebiten.IsKeyPressed(ebiten.KeyD) {
		d++
	}
	return max(-1, min(1, d))
}

// keyTable returns the key tables of every scene as Markdown, for the README
// (go run ./demo -keys).
func keyTable() string {
	var b strings.Builder
	row := func(k *binding) { fmt.Fprintf(&b, "| %s | %s |\n", k.label, k.does) }
	b.WriteString("| every scene | |\n|---|---|\n")
	for _, k := range globalKeys {
		row(k)
	}
	for _, n := range sceneNames() {
		info := sceneRegistry[n]
		fmt.Fprintf(&b, "\n| %s | %s |\n|---|---|\n", n, info.Summary)
		if len(info.Keys) == 0 {
			b.WriteString("| | runs by itself |\n")
		}
		for _, k := range info.Keys {
			row(k)
		}
	}
	return b.String()
}

// pressedOnce reports whether k was pressed this update.
func pressedOnce(k ebiten.Key) bool { return inpututil.IsKeyJustPressed(k) }
