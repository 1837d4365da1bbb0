package main

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// No key means two things: within a scene a key is bound once (the global
// keys included), and a key bound in two scenes is the same binding there,
// so it does the same in both.
func TestKeyTablesHaveNoClashes(t *testing.T) {
	global := map[ebiten.Key]*binding{}
	for _, b := range globalKeys {
		for _, k := range b.keys {
			if o, dup := global[k]; dup {
				t.Errorf("global key %v is bound to %q and %q", k, o.does, b.does)
			}
			global[k] = b
		}
	}
	across := map[ebiten.Key]*binding{}
	acrossScene := map[ebiten.Key]string{}
	for _, name := range sceneNames() {
		info := sceneRegistry[name]
		if len(info.Keys) == 0 {
			continue
		}
		seen := map[ebiten.Key]*binding{}
		for _, b := range info.Keys {
			if b.label == "" || b.does == "" || (len(b.keys) == 0) == (b.mouse == "") {
				t.Errorf("%s: binding %+v needs a label, what it does, and keys or a mouse gesture (not both)", name, *b)
			}
			for _, k := range b.keys {
				if g, ok := global[k]; ok {
					t.Errorf("%s: key %v (%q) is a global key (%q)", name, k, b.does, g.does)
				}
				if o, dup := seen[k]; dup {
					t.Errorf("%s: key %v is bound to %q and %q", name, k, o.does, b.does)
				}
				seen[k] = b
				if o, ok := across[k]; ok && o != b {
					t.Errorf("key %v means %q in %s and %q in %s", k, o.does, acrossScene[k], b.does, name)
				}
				across[k], acrossScene[k] = b, name
			}
		}
	}
	if len(across) == 0 {
		t.Fatal("no scene has keys: the registry is empty")
	}
}
