package main

import (
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"math"
	"os"
	"sort"

	"github.com/hajimehoshi/ebiten/v2"
)

// recorder keeps the frames the scene draws for an animated GIF (-record):
// every few updates it scales the screen down on the GPU and keeps the
// frame as 15-bit colours (0.5 MB per frame at 640 x 360); at the end it
// builds a 255-colour palette by median cut over all kept frames, and writes
// each frame after the first as the rectangle of pixels that changed, the
// unchanged ones transparent, so still parts of a scene cost nothing.
type recorder struct {
	path  string
	every int     // keep every Nth update
	scale float64 // of the screen
	from  int     // first update kept
	delay int     // GIF delay per frame, 1/100 s

	small  *ebiten.Image
	pix    []byte
	w, h   int
	frames [][]uint16
	hist   []int // per 15-bit colour
}

func newRecorder(path string, every int, scale float64, from, tps int) *recorder {
	w, h := int(screenWidth*scale+0.5), int(screenHeight*scale+0.5)
	return &recorder{
		path: path, every: every, scale: scale, from: from,
		delay: int(math.Round(float64(100*every) / float64(tps))),
		small: ebiten.NewImage(w, h), pix: make([]byte, 4*w*h), w: w, h: h,
		hist: make([]int, 1<<15),
	}
}

// capture keeps the screen of update frame when it is one to keep.
func (r *recorder) capture(screen *ebiten.Image, frame int) {
	if frame < r.from || (frame-r.from)%r.every != 0 {
		return
	}
	r.small.Clear()
	op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
	op.GeoM.Scale(r.scale, r.scale)
	r.small.DrawImage(screen, op)
	r.small.ReadPixels(r.pix)
	f := make([]uint16, r.w*r.h)
	for i := range f {
		p := r.pix[4*i:]
		c := uint16(p[0]>>3)<<10 | uint16(p[1]>>3)<<5 | uint16(p[2]>>3)
		f[i] = c
		r.hist[c]++
	}
	r.frames = append(r.frames, f)
}

// write encodes the kept frames as an animated GIF that loops forever.
func (r *recorder) write() error {
	if len(r.frames) == 0 {
		return fmt.Errorf("-record: no frame was kept (-frames must be above -record-from)")
	}
	pal := medianCut(r.hist, 255)
	const clear = 255
	pal = append(pal, color.RGBA{}) // index 255: unchanged since the last frame
	var lut [1 << 15]uint8
	for c := range lut {
		lut[c] = nearest(pal[:len(pal)-1], rgb15(uint16(c)))
	}
	out := &gif.GIF{LoopCount: 0}
	prev := make([]uint8, r.w*r.h)
	cur := make([]uint8, r.w*r.h)
	for k, f := range r.frames {
		for i, c := range f {
			cur[i] = lut[c]
		}
		rect := image.Rect(0, 0, r.w, r.h)
		if k > 0 {
			rect = changed(prev, cur, r.w, r.h)
			if rect.Empty() {
				rect = image.Rect(0, 0, 1, 1)
			}
		}
		img := image.NewPaletted(rect, pal)
		for y := rect.Min.Y; y < rect.Max.Y; y++ {
			for x := rect.Min.X; x < rect.Max.X; x++ {
				i := y*r.w + x
				v := cur[i]
				if k > 0 && v == prev[i] {
					v = clear
				}
				img.Pix[img.PixOffset(x, y)] = v
			}
		}
		out.Image = append(out.Image, img)
		out.Delay = append(out.Delay, r.delay)
		out.Disposal = append(out.Disposal, gif.DisposalNone)
		prev, cur = cur, prev
	}
	file, err := os.Create(r.path)
	if err != nil {
		return err
	}
	if err := gif.EncodeAll(file, out); err != nil {
		file.Close()
		return err
	}
	return file.Close()
}

// changed returns the smallest rectangle holding every pixel that differs
// between a and b.
func changed(a, b []uint8, w, h int) image.Rectangle {
	r := image.Rectangle{Min: image.Pt(w, h)}
	for y := 0; y < h; y++ {
		row := y * w
		for x := 0; x < w; x++ {
			if a[row+x] != b[row+x] {
				r.Min.X, r.Max.X = min(r.Min.X, x), max(r.Max.X, x+1)
				r.Min.Y, r.Max.Y = min(r.Min.Y, y), max(r.Max.Y, y+1)
			}
		}
	}
	if r.Max.X == 0 {
		return image.Rectangle{}
	}
	return r
}

func rgb15(c uint16) [3]int {
	return [3]int{int(c>>10&31)<<3 | 4, int(c>>5&31)<<3 | 4, int(c&31)<<3 | 4}
}

// nearest returns the index of the palette colour closest to c.
func nearest(pal color.Palette, c [3]int) uint8 {
	best, bd := 0, math.MaxInt
	for i, p := range pal {
		q := p.(color.RGBA)
		dr, dg, db := c[0]-int(q.R), c[1]-int(q.G), c[2]-int(q.B)
		if d := 3*dr*dr + 4*dg*dg + 2*db*db; d < bd {
			best, bd = i, d
		}
	}
	return uint8(best)
}

// medianCut returns up to n colours for the 15-bit colour histogram hist:
// the box of colours with the most pixels times its widest channel range
// is split at its weighted median along that channel until there are n
// boxes; each colour is its box's weighted mean.
func medianCut(hist []int, n int) color.Palette {
	type box struct{ cs []uint16 }
	var all []uint16
	for c, k := range hist {
		if k > 0 {
			all = append(all, uint16(c))
		}
	}
	ch := func(c uint16, a int) int { return int(c>>(10-5*a)) & 31 }
	span := func(b box) (axis, width, pixels int) {
		for a := 0; a < 3; a++ {
			lo, hi := 31, 0
			for _, c := range b.cs {
				lo, hi = min(lo, ch(c, a)), max(hi, ch(c, a))
			}
			if hi-lo > width {
				axis, width = a, hi-lo
			}
		}
		for _, c := range b.cs {
			pixels += hist[c]
		}
		return
	}
	boxes := []box{{all}}
	for len(boxes) < n {
		bi, score, axis := -1, 0, 0
		for i, b := range boxes {
			a, w, p := span(b)
			if s := w * p; w > 0 && s > score {
				bi, score, axis = i, s, a
			}
		}
		if bi < 0 {
			break
		}
		b := boxes[bi]
		sort.Slice(b.cs, func(i, j int) bool { return ch(b.cs[i], axis) < ch(b.cs[j], axis) })
		_, _, total := span(b)
		acc, cut := 0, 1
		for i, c := range b.cs {
			acc += hist[c]
			if 2*acc >= total {
				cut = max(1, min(i+1, len(b.cs)-1))
				break
			}
		}
		boxes[bi] = box{b.cs[:cut]}
		boxes = append(boxes, box{b.cs[cut:]})
	}
	pal := make(color.Palette, 0, len(boxes))
	for _, b := range boxes {
		var sum [3]int
		k := 0
		for _, c := range b.cs {
			rgb := rgb15(c)
			for a := range sum {
				sum[a] += rgb[a] * hist[c]
			}
			k += hist[c]
		}
		if k == 0 {
			continue
		}
		pal = append(pal, color.RGBA{uint8(sum[0] / k), uint8(sum[1] / k), uint8(sum[2] / k), 255})
	}
	return pal
}
