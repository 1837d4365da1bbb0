package main

import (
	"bytes"
	"compress/gzip"
	"image"
	"image/color"
	"image/png"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The server hands the module out gzip-compressed with the type
// instantiateStreaming needs, and the page as it is.
func TestHandlerServesThePage(t *testing.T) {
	dir := t.TempDir()
	module := bytes.Repeat([]byte("\x00asm wasm bytes "), 1000)
	for name, data := range map[string][]byte{"index.html": indexHTML, "demo.wasm": module} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	gz, err := gzipped(module)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(newHandler(dir, gz))
	defer srv.Close()

	req, _ := http.NewRequest("GET", srv.URL+"/demo.wasm", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	res, err := http.DefaultTransport.RoundTrip(req) // no transparent decompression
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if ct, ce := res.Header.Get("Content-Type"), res.Header.Get("Content-Encoding"); ct != "application/wasm" || ce != "gzip" {
		t.Errorf("demo.wasm: Content-Type %q, Content-Encoding %q, want application/wasm and gzip", ct, ce)
	}
	zr, err := gzip.NewReader(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(zr)
	if err != nil || !bytes.Equal(got, module) {
		t.Errorf("demo.wasm: %d bytes after decompression (err %v), want the %d of the module", len(got), err, len(module))
	}

	res2, err := http.Get(srv.URL + "/?scene=spiders")
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(res2.Body)
	res2.Body.Close()
	if !strings.Contains(string(page), `"scene", "seed", "tps"`) || !strings.Contains(string(page), "wasm_exec.js") {
		t.Errorf("the page does not pass the scene on or does not load wasm_exec.js:\n%s", page)
	}
}

// The blank test counts colours between the HUD's bars only.
func TestSceneColours(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, pageW, pageH))
	for y := 0; y < pageH; y++ {
		for x := 0; x < pageW; x++ {
			c := color.RGBA{20, 30, 40, 255}
			if y < sceneTop || y >= sceneBottom { // busy HUD bars
				c = color.RGBA{uint8(x), uint8(y), uint8(x ^ y), 255}
			}
			img.Set(x, y, c)
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	if n, err := sceneColours(b.Bytes()); err != nil || n != 1 {
		t.Errorf("a flat scene under busy bars: %d colours (err %v), want 1", n, err)
	}
	for y := sceneTop; y < sceneBottom; y++ {
		for x := 0; x < pageW; x++ {
			img.Set(x, y, color.RGBA{uint8(x * 3), uint8(y), 90, 255})
		}
	}
	b.Reset()
	png.Encode(&b, img)
	if n, _ := sceneColours(b.Bytes()); n < minColours {
		t.Errorf("a busy scene: %d colours, want >= %d", n, minColours)
	}
}
