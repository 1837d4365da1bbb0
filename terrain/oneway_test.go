package terrain

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// A one-way board (TagOneWay) over a floor: Raycast meets it from above and
// from below, RaycastThroughOneWay passes through it both ways and meets
// the floor (or nothing above); other shapes are met by both alike.
func TestRaycastThroughOneWay(t *testing.T) {
	w, err := New(400, 400)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.AddBox(0, 300, 400, 50, TagGround); err != nil {
		t.Fatal(err)
	}
	if _, err := w.AddBox(100, 200, 100, 8, TagPlatform|TagOneWay); err != nil {
		t.Fatal(err)
	}
	if _, err := w.AddBox(250, 200, 100, 8, TagPlatform); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name       string
		from, to   mgl64.Vec2
		hit, thru  bool
		hitY, thrY float64
	}{
		{"down onto the one-way board", mgl64.Vec2{150, 100}, mgl64.Vec2{150, 350}, true, true, 200, 300},
		{"up into the one-way board", mgl64.Vec2{150, 290}, mgl64.Vec2{150, 100}, true, false, 208, 0},
		{"up into the solid board", mgl64.Vec2{300, 290}, mgl64.Vec2{300, 100}, true, true, 208, 208},
		{"down onto the solid board", mgl64.Vec2{300, 100}, mgl64.Vec2{300, 350}, true, true, 200, 200},
	}
	for _, c := range cases {
		p, _, ok := w.Raycast(c.from, c.to)
		q, _, ok2 := w.RaycastThroughOneWay(c.from, c.to)
		if ok != c.hit || (ok && p[1] != c.hitY) {
			t.Errorf("%s: Raycast %v %v, want %v at y %v", c.name, p, ok, c.hit, c.hitY)
		}
		if ok2 != c.thru || (ok2 && q[1] != c.thrY) {
			t.Errorf("%s: RaycastThroughOneWay %v %v, want %v at y %v", c.name, q, ok2, c.thru, c.thrY)
		}
	}
	for _, c := range cases {
		p, _, ow, ok := w.RaycastOneWay(c.from, c.to)
		q, _, ok2 := w.Raycast(c.from, c.to)
		if ok != ok2 || p != q || ow != (ok && c.from[0] == 150 && p[1] <= 208) {
			t.Errorf("%s: RaycastOneWay %v one-way %v %v, Raycast %v %v", c.name, p, ow, ok, q, ok2)
		}
	}
	var nilWorld *World
	if _, _, ok := nilWorld.RaycastThroughOneWay(mgl64.Vec2{}, mgl64.Vec2{1, 1}); ok {
		t.Error("nil World hit")
	}
}
