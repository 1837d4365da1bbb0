package spine

import (
	"bufio"
	"bytes"
	"fmt"
	"image"
	"image/draw"
	_ "image/png" // Spine atlas pages are PNG
	"io/fs"
	"path"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/ikanim/kit/ikanim/internal/filefmt"
)

// Atlas limits.
const (
	MaxAtlasBytes   = 1 << 20 // largest .atlas text
	MaxAtlasRegions = 1 << 16
	MaxPageSide     = 16384 // px, largest page width or height decoded
)

// Atlas is a Spine texture atlas (the ".atlas" text file and its page
// images): regions of page images, each possibly trimmed of its transparent
// border (Offset, Original) and stored turned 90 degrees (Rotate).
type Atlas struct {
	Pages   []AtlasPage
	Regions []AtlasRegion
}

// AtlasPage is one page image of an atlas.
type AtlasPage struct {
	// Name is the image file's name, relative to the .atlas file.
	Name string
	// Width and Height are the page's size as the atlas states it (0: not
	// stated).
	Width, Height int
	// PMA says the page's colours are premultiplied by alpha.
	PMA bool
	// Image is the decoded page (nil until LoadAtlas or SetPage gives it).
	Image image.Image
}

// AtlasRegion is one region of a page.
type AtlasRegion struct {
	// Name is the region's name: the path of the attachments that use it.
	Name string
	// Page is the index of the region's page.
	Page int
	// Bounds is the rectangle the region's pixels fill in the page image
	// (Width x Height, or Height x Width when Rotate).
	Bounds image.Rectangle
	// Width and Height are the stored (trimmed) region's size before any
	// turn.
	Width, Height int
	// Rotate says the region is stored turned 90 degrees counter-clockwise
	// (on screen, y down): its top row runs up the left column of Bounds.
	Rotate bool
	// OffsetX and OffsetY place the trimmed region in the original image:
	// from its left edge and from its bottom edge (Spine's y up).
	OffsetX, OffsetY int
	// OriginalWidth and OriginalHeight are the image's size before
	// trimming.
	OriginalWidth, OriginalHeight int
	// Index is the frame number of a sequence region (-1: none).
	Index int
}

// ParseAtlas reads the text of a Spine atlas (the 4.x format, with the
// older xy/size/orig/offset fields too): pages and their regions, without
// their images. Unknown fields (filter, repeat, split, pad...) are
// ignored. Errors name the line.
func ParseAtlas(text []byte) (*Atlas, error) {
	if len(text) > MaxAtlasBytes {
		return nil, fmt.Errorf("spine: atlas: larger than %d bytes", MaxAtlasBytes)
	}
	a := &Atlas{}
	sc := bufio.NewScanner(bytes.NewReader(text))
	sc.Buffer(make([]byte, 0, 4096), MaxAtlasBytes)
	type line struct {
		n    int
		text string
	}
	var lines []line
	for n := 1; sc.Scan(); n++ {
		lines = append(lines, line{n, strings.TrimRight(sc.Text(), "\r")})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("spine: atlas: %v", err)
	}
	entry := func(s string) (key string, vals []string, ok bool) {
		k, v, found := strings.Cut(strings.TrimSpace(s), ":")
		if !found {
			return "", nil, false
		}
		for _, f := range strings.Split(v, ",") {
			vals = append(vals, strings.TrimSpace(f))
		}
		return strings.TrimSpace(k), vals, true
	}
	ints := func(ln int, key string, vals []string, n int) ([]int, error) {
		if len(vals) < n {
			return nil, fmt.Errorf("spine: atlas: line %d: %s: want %d numbers, got %d", ln, key, n, len(vals))
		}
		out := make([]int, n)
		for i := range out {
			v, err := strconv.Atoi(vals[i])
			if err != nil || v < -MaxPageSide || v > 4*MaxPageSide {
				return nil, fmt.Errorf("spine: atlas: line %d: %s: %q is not a whole number of pixels in range", ln, key, vals[i])
			}
			out[i] = v
		}
		return out, nil
	}
	i := 0
	for i < len(lines) && strings.TrimSpace(lines[i].text) == "" {
		i++
	}
	// Header fields before the first page (ignored).
	for i < len(lines) {
		if _, _, ok := entry(lines[i].text); !ok || strings.TrimSpace(lines[i].text) == "" {
			break
		}
		i++
	}
	page := -1
	for i < len(lines) {
		ln, t := lines[i].n, lines[i].text
		i++
		if strings.TrimSpace(t) == "" {
			page = -1
			continue
		}
		if bad := strings.IndexFunc(t, func(c rune) bool { return c == utf8.RuneError || unicode.IsControl(c) && c != '\t' }); bad >= 0 {
			return nil, fmt.Errorf("spine: atlas: line %d: %q: a control character or invalid UTF-8 at byte %d (not a Spine atlas)", ln, t, bad)
		}
		if page < 0 {
			a.Pages = append(a.Pages, AtlasPage{Name: strings.TrimSpace(t)})
			page = len(a.Pages) - 1
			p := &a.Pages[page]
			for ; i < len(lines); i++ {
				key, vals, ok := entry(lines[i].text)
				if !ok {
					break
				}
				switch key {
				case "size":
					v, err := ints(lines[i].n, key, vals, 2)
					if err != nil {
						return nil, err
					}
					p.Width, p.Height = v[0], v[1]
				case "pma":
					p.PMA = vals[0] == "true"
				}
			}
			continue
		}
		if len(a.Regions) >= MaxAtlasRegions {
			return nil, fmt.Errorf("spine: atlas: line %d: more than %d regions", ln, MaxAtlasRegions)
		}
		r := AtlasRegion{Name: t, Page: page, Index: -1}
		var x, y int
		for ; i < len(lines); i++ {
			key, vals, ok := entry(lines[i].text)
			if !ok {
				break
			}
			n := lines[i].n
			var v []int
			var err error
			switch key {
			case "bounds":
				if v, err = ints(n, key, vals, 4); err == nil {
					x, y, r.Width, r.Height = v[0], v[1], v[2], v[3]
				}
			case "xy":
				if v, err = ints(n, key, vals, 2); err == nil {
					x, y = v[0], v[1]
				}
			case "size":
				if v, err = ints(n, key, vals, 2); err == nil {
					r.Width, r.Height = v[0], v[1]
				}
			case "offsets":
				if v, err = ints(n, key, vals, 4); err == nil {
					r.OffsetX, r.OffsetY, r.OriginalWidth, r.OriginalHeight = v[0], v[1], v[2], v[3]
				}
			case "offset":
				if v, err = ints(n, key, vals, 2); err == nil {
					r.OffsetX, r.OffsetY = v[0], v[1]
				}
			case "orig":
				if v, err = ints(n, key, vals, 2); err == nil {
					r.OriginalWidth, r.OriginalHeight = v[0], v[1]
				}
			case "rotate":
				switch vals[0] {
				case "true", "90":
					r.Rotate = true
				case "false", "0":
				default:
					err = fmt.Errorf("spine: atlas: line %d: rotate: %q (only 0 and 90 degrees are supported)", n, vals[0])
				}
			case "index":
				if v, err = ints(n, key, vals, 1); err == nil {
					r.Index = v[0]
				}
			}
			if err != nil {
				return nil, err
			}
		}
		if r.OriginalWidth == 0 && r.OriginalHeight == 0 {
			r.OriginalWidth, r.OriginalHeight = r.Width, r.Height
		}
		w, h := r.Width, r.Height
		if r.Rotate {
			w, h = h, w
		}
		r.Bounds = image.Rect(x, y, x+w, y+h)
		switch {
		case r.Width <= 0 || r.Height <= 0 || x < 0 || y < 0:
			return nil, fmt.Errorf("spine: atlas: line %d: region %q: bounds %d, %d, %d, %d must be positive", ln, r.Name, x, y, r.Width, r.Height)
		case r.OffsetX < 0 || r.OffsetY < 0 || r.OffsetX+r.Width > r.OriginalWidth || r.OffsetY+r.Height > r.OriginalHeight:
			return nil, fmt.Errorf("spine: atlas: line %d: region %q: offsets %d, %d put the %dx%d region outside its original %dx%d", ln, r.Name, r.OffsetX, r.OffsetY, r.Width, r.Height, r.OriginalWidth, r.OriginalHeight)
		}
		if p := a.Pages[page]; p.Width > 0 && p.Height > 0 && !r.Bounds.In(image.Rect(0, 0, p.Width, p.Height)) {
			return nil, fmt.Errorf("spine: atlas: line %d: region %q: %v is outside the %dx%d page", ln, r.Name, r.Bounds, p.Width, p.Height)
		}
		a.Regions = append(a.Regions, r)
	}
	if len(a.Regions) == 0 {
		// An empty file, JSON, or any text without a region's bounds
		// read as pages of no regions.
		return nil, fmt.Errorf("spine: atlas: no regions (%d pages): not a Spine atlas, or one with nothing in it", len(a.Pages))
	}
	return a, nil
}

// LoadAtlas reads the atlas file name in fsys and decodes its page images
// (PNG), which lie beside it.
func LoadAtlas(fsys fs.FS, name string) (*Atlas, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return nil, fmt.Errorf("spine: atlas: %w", err)
	}
	text, err := filefmt.ReadAll(f, MaxAtlasBytes, "spine: atlas")
	f.Close()
	if err != nil {
		return nil, err
	}
	a, err := ParseAtlas(text)
	if err != nil {
		return nil, err
	}
	dir := path.Dir(name)
	for i := range a.Pages {
		img, err := decodePage(fsys, path.Join(dir, a.Pages[i].Name))
		if err != nil {
			return nil, err
		}
		if err := a.SetPage(i, img); err != nil {
			return nil, err
		}
	}
	return a, nil
}

func decodePage(fsys fs.FS, name string) (image.Image, error) {
	data, err := fs.ReadFile(fsys, name)
	if err != nil {
		return nil, fmt.Errorf("spine: atlas page: %w", err)
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("spine: atlas page %s: %w", name, err)
	}
	if cfg.Width > MaxPageSide || cfg.Height > MaxPageSide {
		return nil, fmt.Errorf("spine: atlas page %s: %dx%d, larger than %d px a side", name, cfg.Width, cfg.Height, MaxPageSide)
	}
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("spine: atlas page %s: %w", name, err)
	}
	return img, nil
}

// SetPage gives page i its decoded image, checking that every region of
// the page lies inside it.
func (a *Atlas) SetPage(i int, img image.Image) error {
	if i < 0 || i >= len(a.Pages) {
		return fmt.Errorf("spine: atlas: no page %d", i)
	}
	b := img.Bounds()
	for _, r := range a.Regions {
		if r.Page == i && !r.Bounds.Add(b.Min).In(b) {
			return fmt.Errorf("spine: atlas page %s: region %q at %v is outside the %dx%d image", a.Pages[i].Name, r.Name, r.Bounds, b.Dx(), b.Dy())
		}
	}
	a.Pages[i].Image = img
	return nil
}

// Region returns the first region of the given name.
func (a *Atlas) Region(name string) (*AtlasRegion, bool) {
	for i := range a.Regions {
		if a.Regions[i].Name == name {
			return &a.Regions[i], true
		}
	}
	return nil, false
}

// RegionImage returns the named region as the image it was before
// packing: OriginalWidth x OriginalHeight, upright, its trimmed border
// transparent again. Pages marked pma hold premultiplied colours and give
// an *image.RGBA; others give an *image.NRGBA. It allocates.
func (a *Atlas) RegionImage(name string) (image.Image, error) {
	r, ok := a.Region(name)
	if !ok {
		return nil, fmt.Errorf("spine: atlas: no region %q", name)
	}
	p := a.Pages[r.Page]
	if p.Image == nil {
		return nil, fmt.Errorf("spine: atlas: region %q: page %s has no image", name, p.Name)
	}
	// The page's pixels as stored (no premultiplication either way).
	src, ok := p.Image.(*image.NRGBA)
	if !ok {
		src = image.NewNRGBA(p.Image.Bounds())
		draw.Draw(src, src.Bounds(), p.Image, p.Image.Bounds().Min, draw.Src)
	}
	org := src.Bounds().Min
	out := image.NewNRGBA(image.Rect(0, 0, r.OriginalWidth, r.OriginalHeight))
	// The trimmed region's top-left in the original (y down): OffsetY is
	// measured up from the bottom edge.
	ox, oy := r.OffsetX, r.OriginalHeight-r.OffsetY-r.Height
	for j := 0; j < r.Height; j++ {
		for i := 0; i < r.Width; i++ {
			// Pixel (i, j) of the upright region. Stored turned 90 degrees
			// counter-clockwise, its top row runs up the left column of
			// Bounds: (i, j) sits at (j, Width-1-i) there.
			sx, sy := i, j
			if r.Rotate {
				sx, sy = j, r.Width-1-i
			}
			s := src.PixOffset(org.X+r.Bounds.Min.X+sx, org.Y+r.Bounds.Min.Y+sy)
			d := out.PixOffset(ox+i, oy+j)
			copy(out.Pix[d:d+4], src.Pix[s:s+4])
		}
	}
	if p.PMA {
		return &image.RGBA{Pix: out.Pix, Stride: out.Stride, Rect: out.Rect}, nil
	}
	return out, nil
}
