package ikanim

import (
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

func TestSpriteFromImage(t *testing.T) {
	s := SpriteFromImage(nil, mgl64.Vec2{3, 4}, 20)
	if s != (Sprite{Pivot: mgl64.Vec2{3, 4}, Length: 20}) {
		t.Errorf("SpriteFromImage(nil, (3,4), 20) = %+v", s)
	}
	for _, c := range []struct {
		pivot  mgl64.Vec2
		length float64
		field  string
	}{
		{mgl64.Vec2{math.NaN(), 0}, 1, "pivot"},
		{mgl64.Vec2{0, math.Inf(1)}, 1, "pivot"},
		{mgl64.Vec2{}, -1, "length"},
		{mgl64.Vec2{}, math.NaN(), "length"},
		{mgl64.Vec2{}, math.Inf(1), "length"},
	} {
		func() {
			defer func() {
				msg, _ := recover().(string)
				if !strings.HasPrefix(msg, "ikanim: SpriteFromImage: "+c.field) {
					t.Errorf("SpriteFromImage(pivot %v, length %v) panicked with %q, want a message naming %s", c.pivot, c.length, msg, c.field)
				}
			}()
			SpriteFromImage(nil, c.pivot, c.length)
		}()
	}
}
