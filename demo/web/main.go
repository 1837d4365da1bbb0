// Command web builds the demo for the browser (WebAssembly) and serves it
// on this machine:
//
//	go run ./demo/web                    # builds, then serves http://127.0.0.1:8080/
//	go run ./demo/web -addr :9000        # another address (all interfaces: a phone on the LAN)
//	go run ./demo/web -out site          # writes the page to site/ for any static host, and exits
//	go run ./demo/web -check shots       # screenshots every scene in headless Chromium (CI)
//
// The page (index.html, with Go's wasm_exec.js and demo.wasm beside it)
// runs the same demo as go run ./demo; the address picks the scene and a few
// flags: /?scene=spiders, /?scene=walk&debug, /?scene=swarm&count=300&tps=30.
// Touch screens steer it too: a finger is the mouse, a tap on the top bar is
// Tab, and scenes steered with Left/Right get two pads.
//
// -check starts Chromium headless (software WebGL), opens every scene, waits
// until the demo runs, lets it play a few seconds, saves a screenshot and
// fails if the picture is blank (fewer than 16 distinct colours between the
// HUD's bars), the demo stopped, the page threw, or the scene did not
// advance.
package main

import (
	"bytes"
	"compress/gzip"
	_ "embed"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

//go:embed index.html
var indexHTML []byte

// demoPackage is the package built for the page.
const demoPackage = "github.com/ikanim/kit/demo"

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "address to serve the page on")
	out := flag.String("out", "", "write the page (index.html, wasm_exec.js, demo.wasm) to this directory and exit")
	check := flag.String("check", "", "screenshot every scene in headless Chromium into this directory and fail on a blank or broken one")
	scenes := flag.String("scenes", "", "with -check, the scenes to open, comma-separated (default: every scene the demo lists)")
	wait := flag.Duration("wait", 3*time.Second, "with -check, how long each scene plays before its screenshot")
	chromium := flag.String("chromium", "", "with -check, the Chromium or Chrome binary (default: the first of chromium, chromium-browser, google-chrome on PATH)")
	flag.Parse()
	if err := run(*addr, *out, *check, *scenes, *chromium, *wait); err != nil {
		fmt.Fprintln(os.Stderr, "web:", err)
		os.Exit(1)
	}
}

func run(addr, out, check, scenes, chromium string, wait time.Duration) error {
	dir := out
	if dir == "" {
		tmp, err := os.MkdirTemp("", "ikanim-web-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(tmp)
		dir = tmp
	}
	gz, err := buildSite(dir)
	if err != nil {
		return err
	}
	if out != "" {
		fmt.Printf("wrote the page to %s: serve that directory over HTTP (a file:// page cannot load WebAssembly)\n", out)
		return nil
	}
	handler := newHandler(dir, gz)
	if check != "" {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return err
		}
		go http.Serve(ln, handler)
		var list []string
		if scenes != "" {
			list = strings.Split(scenes, ",")
		}
		return checkScenes("http://"+ln.Addr().String()+"/", check, list, chromium, wait)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	url := "http://" + ln.Addr().String() + "/"
	if host, port, err := net.SplitHostPort(ln.Addr().String()); err == nil && (host == "::" || host == "0.0.0.0") {
		url = "http://127.0.0.1:" + port + "/"
	}
	fmt.Printf("serving the demo at %s  (a scene: %s?scene=spiders; Ctrl+C stops)\n", url, url)
	return http.Serve(ln, handler)
}

// buildSite builds the demo for js/wasm into dir with the page and Go's
// wasm_exec.js, reports the module's size and returns it gzip-compressed.
func buildSite(dir string) ([]byte, error) {
	wasm := filepath.Join(dir, "demo.wasm")
	fmt.Println("building the demo for the browser (GOOS=js GOARCH=wasm) ...")
	start := time.Now()
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", wasm, demoPackage)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("go build: %w", err)
	}
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return nil, fmt.Errorf("go env GOROOT: %w", err)
	}
	root := strings.TrimSpace(string(goroot))
	var js []byte
	for _, p := range []string{"lib/wasm/wasm_exec.js", "misc/wasm/wasm_exec.js"} { // Go 1.24+, older
		if js, err = os.ReadFile(filepath.Join(root, p)); err == nil {
			break
		}
	}
	if err != nil {
		return nil, fmt.Errorf("wasm_exec.js is not in %s/lib/wasm: %w", root, err)
	}
	if err := os.WriteFile(filepath.Join(dir, "wasm_exec.js"), js, 0o644); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, "index.html"), indexHTML, 0o644); err != nil {
		return nil, err
	}
	data, err := os.ReadFile(wasm)
	if err != nil {
		return nil, err
	}
	gz, err := gzipped(data)
	if err != nil {
		return nil, err
	}
	fmt.Printf("built demo.wasm in %.1f s: %.1f MB, %.1f MB gzip-compressed\n",
		time.Since(start).Seconds(), float64(len(data))/1e6, float64(len(gz))/1e6)
	return gz, nil
}

func gzipped(data []byte) ([]byte, error) {
	var b bytes.Buffer
	w, err := gzip.NewWriterLevel(&b, gzip.DefaultCompression)
	if err != nil {
		return nil, err
	}
	if _, err := w.Write(data); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// newHandler serves dir, and demo.wasm as gz (gzip-compressed) to browsers
// that accept it: a third of the bytes. Nothing is cached: a rebuilt demo
// shows on the next reload.
func newHandler(dir string, gz []byte) http.Handler {
	files := http.FileServer(http.Dir(dir))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		if r.URL.Path == "/favicon.ico" {
			w.WriteHeader(http.StatusNoContent)
			return
		}
		if r.URL.Path == "/demo.wasm" && strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
			w.Header().Set("Content-Type", "application/wasm")
			w.Header().Set("Content-Encoding", "gzip")
			w.Header().Set("Content-Length", fmt.Sprint(len(gz)))
			if r.Method != http.MethodHead {
				w.Write(gz)
			}
			return
		}
		files.ServeHTTP(w, r)
	})
}
