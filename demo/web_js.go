//go:build js

package main

import "syscall/js"

// In the browser (go run ./demo/web builds and serves the page) the demo
// tells the page what it runs: window.ikanim = {scenes, scene, frames}. The
// page's headless check (demo/web -check) waits on it before its
// screenshots, and the page shows the demo's errors itself.
func init() {
	noDisplayHint = "The demo needs WebGL 2, which this browser does not offer (or has switched off)."
	var scene string
	var status js.Value
	webStatus = func(scenes []string, name string, frame int) {
		if status.IsUndefined() || name != scene {
			scene = name
			list := make([]any, len(scenes))
			for i, s := range scenes {
				list[i] = s
			}
			status = js.ValueOf(map[string]any{"scenes": list, "scene": name, "frames": 0})
			js.Global().Set("ikanim", status)
		}
		status.Set("frames", frame)
	}
}
