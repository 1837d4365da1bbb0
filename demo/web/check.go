package main

// The headless check: Chromium driven over the DevTools protocol on a pipe
// (--remote-debugging-pipe: JSON messages separated by NUL bytes on file
// descriptors 3 and 4), so no WebSocket library is needed.

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// The page's size: the demo's screen, so a screenshot is one pixel per
// demo pixel.
const pageW, pageH = 1280, 720

// The HUD's bars (demo/hud.go: the top bar and status line end above y = 60,
// the bottom bar starts at 692): the blank test looks between them, at the
// scene alone.
const sceneTop, sceneBottom = 60, 684

// minColours is the blank test's bound, as the demo's -check.
const minColours = 16

// firstFrameTimeout bounds the wait for a scene's first update (the first
// one compiles the module).
const firstFrameTimeout = 60 * time.Second

// cdpMsg is one DevTools protocol message.
type cdpMsg struct {
	ID        int             `json:"id,omitempty"`
	Method    string          `json:"method,omitempty"`
	Params    json.RawMessage `json:"params,omitempty"`
	Result    json.RawMessage `json:"result,omitempty"`
	Error     json.RawMessage `json:"error,omitempty"`
	SessionID string          `json:"sessionId,omitempty"`
}

// cdp is a DevTools protocol client over Chromium's pipe.
type cdp struct {
	w       *os.File
	mu      sync.Mutex
	id      int
	pending map[int]chan cdpMsg
	// problems collects the page's exceptions and errors since the last
	// take.
	problems []string
}

func (c *cdp) call(session, method string, params any, result any) error {
	c.mu.Lock()
	c.id++
	id := c.id
	ch := make(chan cdpMsg, 1)
	c.pending[id] = ch
	c.mu.Unlock()
	var raw json.RawMessage
	if params != nil {
		b, err := json.Marshal(params)
		if err != nil {
			return err
		}
		raw = b
	}
	b, err := json.Marshal(cdpMsg{ID: id, Method: method, Params: raw, SessionID: session})
	if err != nil {
		return err
	}
	if _, err := c.w.Write(append(b, 0)); err != nil {
		return fmt.Errorf("%s: %w", method, err)
	}
	select {
	case m, ok := <-ch:
		if !ok {
			return fmt.Errorf("%s: the browser closed", method)
		}
		if len(m.Error) > 0 {
			return fmt.Errorf("%s: %s", method, m.Error)
		}
		if result != nil {
			return json.Unmarshal(m.Result, result)
		}
		return nil
	case <-time.After(60 * time.Second):
		return fmt.Errorf("%s: no answer in 60 s", method)
	}
}

// read dispatches the browser's messages: answers to their calls, and the
// page's exceptions and console errors to problems.
func (c *cdp) read(r *os.File) {
	br := bufio.NewReaderSize(r, 1<<20)
	for {
		b, err := br.ReadBytes(0)
		if err != nil {
			c.mu.Lock()
			for id, ch := range c.pending {
				close(ch)
				delete(c.pending, id)
			}
			c.mu.Unlock()
			return
		}
		var m cdpMsg
		if json.Unmarshal(b[:len(b)-1], &m) != nil {
			continue
		}
		c.mu.Lock()
		if m.ID != 0 {
			if ch := c.pending[m.ID]; ch != nil {
				ch <- m
				delete(c.pending, m.ID)
			}
		} else if m.Method == "Runtime.exceptionThrown" {
			var p struct {
				ExceptionDetails struct {
					Text      string `json:"text"`
					Exception struct {
						Description string `json:"description"`
					} `json:"exception"`
				} `json:"exceptionDetails"`
			}
			json.Unmarshal(m.Params, &p)
			d := p.ExceptionDetails
			c.problems = append(c.problems, "exception: "+d.Text+" "+d.Exception.Description)
		}
		c.mu.Unlock()
	}
}

func (c *cdp) takeProblems() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	p := c.problems
	c.problems = nil
	return p
}

// pageStatus is what the demo publishes (demo/web_js.go) and the page's
// own error (index.html).
type pageStatus struct {
	Demo *struct {
		Scenes []string `json:"scenes"`
		Scene  string   `json:"scene"`
		Frames int      `json:"frames"`
	} `json:"demo"`
	Error string `json:"error"`
}

func (c *cdp) status(session string) (pageStatus, error) {
	var res struct {
		Result struct {
			Value string `json:"value"`
		} `json:"result"`
	}
	err := c.call(session, "Runtime.evaluate", map[string]any{
		"expression":    `JSON.stringify({demo: window.ikanim || null, error: window.ikanimError || ""})`,
		"returnByValue": true,
	}, &res)
	var st pageStatus
	if err != nil {
		return st, err
	}
	err = json.Unmarshal([]byte(res.Result.Value), &st)
	return st, err
}

func findChromium(name string) (string, error) {
	if name != "" {
		return exec.LookPath(name)
	}
	for _, n := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(n); err == nil {
			return p, nil
		}
	}
	return "", errors.New("no Chromium on PATH (Debian: apt-get install chromium); give -chromium")
}

// checkScenes opens every scene at base in headless Chromium and saves a
// screenshot of each in dir.
func checkScenes(base, dir string, scenes []string, chromium string, wait time.Duration) error {
	bin, err := findChromium(chromium)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	profile, err := os.MkdirTemp("", "ikanim-chromium-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(profile)
	toBrowser, ourEnd, err := os.Pipe()
	if err != nil {
		return err
	}
	fromBrowser, theirEnd, err := os.Pipe()
	if err != nil {
		return err
	}
	var stderr bytes.Buffer
	cmd := exec.Command(bin, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		// WebGL on the CPU (SwiftShader): the demo needs WebGL 2.
		"--use-angle=swiftshader", "--enable-unsafe-swiftshader",
		"--user-data-dir="+profile, "--remote-debugging-pipe", fmt.Sprintf("--window-size=%d,%d", pageW, pageH), "about:blank")
	cmd.ExtraFiles = []*os.File{toBrowser, theirEnd} // its fds 3 and 4
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("%s: %w", bin, err)
	}
	toBrowser.Close()
	theirEnd.Close()
	c := &cdp{w: ourEnd, pending: map[int]chan cdpMsg{}}
	go c.read(fromBrowser)
	defer func() {
		c.call("", "Browser.close", nil, nil)
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
		}
	}()
	err = checkWith(c, base, dir, scenes, wait)
	if err != nil && stderr.Len() > 0 {
		tail := stderr.String()
		if len(tail) > 2000 {
			tail = tail[len(tail)-2000:]
		}
		fmt.Fprintf(os.Stderr, "chromium's last words:\n%s\n", tail)
	}
	return err
}

func checkWith(c *cdp, base, dir string, scenes []string, wait time.Duration) error {
	var target struct {
		TargetID string `json:"targetId"`
	}
	if err := c.call("", "Target.createTarget", map[string]any{"url": "about:blank"}, &target); err != nil {
		return err
	}
	var attached struct {
		SessionID string `json:"sessionId"`
	}
	if err := c.call("", "Target.attachToTarget", map[string]any{"targetId": target.TargetID, "flatten": true}, &attached); err != nil {
		return err
	}
	s := attached.SessionID
	for _, m := range []string{"Runtime.enable", "Page.enable"} {
		if err := c.call(s, m, nil, nil); err != nil {
			return err
		}
	}
	if err := c.call(s, "Emulation.setDeviceMetricsOverride", map[string]any{
		"width": pageW, "height": pageH, "deviceScaleFactor": 1, "mobile": false}, nil); err != nil {
		return err
	}
	var failed []string
	visit := func(name string) (string, []string) {
		start := time.Now()
		got, list, err := checkScene(c, s, base, name, dir, wait)
		if err != nil {
			failed = append(failed, fmt.Sprintf("%s: %v", got, err))
			fmt.Printf("scene %-12s FAILED after %.1f s: %v\n", got, time.Since(start).Seconds(), err)
		}
		return got, list
	}
	if len(scenes) == 0 {
		// The page's default scene first; the demo's list names the rest.
		got, list := visit("")
		scenes = append([]string{got}, without(list, got)...)
		for _, name := range scenes[1:] {
			visit(name)
		}
	} else {
		for _, name := range scenes {
			visit(name)
		}
	}
	if len(scenes) == 0 {
		return errors.New("the demo listed no scenes")
	}
	if len(failed) > 0 {
		return fmt.Errorf("%d of %d scenes failed in the browser:\n  %s", len(failed), len(scenes), strings.Join(failed, "\n  "))
	}
	fmt.Printf("all %d scenes ran in the browser; screenshots in %s\n", len(scenes), dir)
	return nil
}

func without(list []string, s string) []string {
	var out []string
	for _, x := range list {
		if x != s {
			out = append(out, x)
		}
	}
	return out
}

// checkScene opens one scene (name "" is the page's default), waits for its
// first update, lets it play for wait, and saves and tests its screenshot.
// It returns the scene's name as the demo reports it and the demo's list
// of scenes.
func checkScene(c *cdp, s, base, name, dir string, wait time.Duration) (string, []string, error) {
	url := base
	if name != "" {
		url += "?scene=" + name
	}
	c.takeProblems()
	start := time.Now()
	if err := c.call(s, "Page.navigate", map[string]any{"url": url}, nil); err != nil {
		return name, nil, err
	}
	var st pageStatus
	for {
		var err error
		if st, err = c.status(s); err != nil {
			return name, nil, err
		}
		if st.Error != "" {
			return name, nil, fmt.Errorf("the page reports: %s", st.Error)
		}
		if st.Demo != nil && st.Demo.Frames > 0 && (name == "" || st.Demo.Scene == name) {
			break
		}
		if time.Since(start) > firstFrameTimeout {
			return name, nil, fmt.Errorf("no update of the demo in %v", firstFrameTimeout)
		}
		time.Sleep(100 * time.Millisecond)
	}
	name, list, loaded := st.Demo.Scene, st.Demo.Scenes, time.Since(start)
	from := st.Demo.Frames
	time.Sleep(wait)
	st, err := c.status(s)
	if err != nil {
		return name, list, err
	}
	if st.Error != "" {
		return name, list, fmt.Errorf("the page reports: %s", st.Error)
	}
	if p := c.takeProblems(); len(p) > 0 {
		return name, list, fmt.Errorf("the page threw: %s", strings.Join(p, "; "))
	}
	if st.Demo == nil || st.Demo.Frames <= from {
		return name, list, fmt.Errorf("the scene stopped: %d updates before the wait, %v after", from, st.Demo)
	}
	var shot struct {
		Data string `json:"data"`
	}
	if err := c.call(s, "Page.captureScreenshot", map[string]any{"format": "png"}, &shot); err != nil {
		return name, list, err
	}
	data, err := base64.StdEncoding.DecodeString(shot.Data)
	if err != nil {
		return name, list, err
	}
	path := filepath.Join(dir, name+".png")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		return name, list, err
	}
	n, err := sceneColours(data)
	if err != nil {
		return name, list, err
	}
	fmt.Printf("scene %-12s loaded in %.1f s, %d updates in %.1f s, %d+ colours: %s\n",
		name, loaded.Seconds(), st.Demo.Frames-from, wait.Seconds(), n, path)
	if n < minColours {
		return name, list, fmt.Errorf("blank: %d distinct colours between the HUD's bars (want >= %d): %s", n, minColours, path)
	}
	return name, list, nil
}

// sceneColours counts the distinct colours (up to 4*minColours) of a
// screenshot between the HUD's bars, scaled to its size.
func sceneColours(data []byte) (int, error) {
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		return 0, fmt.Errorf("screenshot: %w", err)
	}
	b := img.Bounds()
	y0 := b.Min.Y + b.Dy()*sceneTop/pageH
	y1 := b.Min.Y + b.Dy()*sceneBottom/pageH
	seen := map[[4]uint32]bool{}
	for y := y0; y < y1 && len(seen) < 4*minColours; y += 3 {
		for x := b.Min.X; x < b.Max.X && len(seen) < 4*minColours; x += 7 {
			r, g, bl, a := img.At(x, y).RGBA()
			seen[[4]uint32{r, g, bl, a}] = true
		}
	}
	return len(seen), nil
}
