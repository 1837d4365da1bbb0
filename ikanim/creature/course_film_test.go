package creature

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// TestCreatureCourseFilm (CREATURE_FILM="shape seed from to every dir")
// draws frames of one course run at 60 TPS close up round the creature:
// solids grey, legs black (planted feet green, stepping red, dangling
// orange), the body magenta, its up as a blue tick, the goal green, to
// dir/film_<frame>.png (180 x 180 px of the course at 3x), and logs the
// body's state each drawn frame. CREATURE_FILM_LEGS=1 logs each leg's
// gait inputs too, CREATURE_FILM_ROUTE=1 the route plan (route.go),
// CREATURE_FILM_LEG=i leg i's step every frame from the first drawn one,
// CREATURE_FILM_PEN=1 draws only frames with a planted leg in a solid.
// Skipped unless CREATURE_FILM is set.
func TestCreatureCourseFilm(t *testing.T) {
	spec := os.Getenv("CREATURE_FILM")
	if spec == "" {
		t.Skip("set CREATURE_FILM")
	}
	var name, dir string
	var seed uint64
	var from, to, every int
	if _, err := fmt.Sscan(spec, &name, &seed, &from, &to, &every, &dir); err != nil {
		t.Fatal(err)
	}
	def := courseShapeNamed(t, name)
	crs, c, goal := courseStart(t, def, seed)
	sol := courseSolids(crs)
	var js []mgl64.Vec2
	t.Logf("StepDistance %.1f BodyHeight %.1f Speed %.1f", def.Gait.StepDistance, def.Gait.BodyHeight, def.Gait.Speed)
	// CREATURE_FILM_PEN=1: draw only frames with a planted leg more than
	// 0.5 px in a solid (16 at most).
	hipsIn, shot := os.Getenv("CREATURE_FILM_PEN") != "", 0
	watch := -1
	fmt.Sscan(os.Getenv("CREATURE_FILM_LEG"), &watch)
	for frame := 0; frame <= to; frame++ {
		c.Update(1.0 / 60)
		if watch >= 0 && frame >= from {
			l := &c.legs[watch]
			t.Logf("f%d leg %d state %d t %.2f rate %.2f from %.1f,%.1f to %.1f,%.1f foot %.1f,%.1f box %v", frame, watch, l.state, l.t, l.rate, l.from[0], l.from[1], l.to[0], l.to[1], l.foot[0], l.foot[1], l.box)
		}
		if frame < from || (frame-from)%every != 0 {
			continue
		}
		if hipsIn && shot < 16 {
			in := false
			for i := range c.legs {
				js = c.TentacleJoints(i, js)
				in = in || (c.legs[i].state == legPlanted && sol.ChainDepth(js, 1) > 0.5)
			}
			if !in {
				continue
			}
			shot++
		} else if hipsIn {
			break
		}
		const k, half = 3, 90.0
		ctr := c.Position()
		x0, y0 := ctr[0]-half, ctr[1]-half
		img := image.NewRGBA(image.Rect(0, 0, int(2*half*k), int(2*half*k)))
		for j := range img.Rect.Dy() {
			for i := range img.Rect.Dx() {
				col := color.RGBA{255, 255, 255, 255}
				if sol.Inside(mgl64.Vec2{x0 + float64(i)/k, y0 + float64(j)/k}) {
					col = color.RGBA{160, 160, 160, 255}
				}
				img.Set(i, j, col)
			}
		}
		dot := func(p mgl64.Vec2, r int, col color.RGBA) {
			ci, cj := int((p[0]-x0)*k), int((p[1]-y0)*k)
			for dj := -r; dj <= r; dj++ {
				for di := -r; di <= r; di++ {
					img.Set(ci+di, cj+dj, col)
				}
			}
		}
		line := func(a, b mgl64.Vec2, col color.RGBA) {
			for s := 0.0; s <= 1; s += 0.01 {
				dot(a.Add(b.Sub(a).Mul(s)), 0, col)
			}
		}
		for i := 0; i < c.NumLegs(); i++ {
			js = c.TentacleJoints(i, js)
			for n := 1; n < len(js); n++ {
				line(js[n-1], js[n], color.RGBA{0, 0, 0, 255})
			}
			l := c.Leg(i)
			col := color.RGBA{0, 180, 0, 255}
			if l.Stepping {
				col = color.RGBA{230, 0, 0, 255}
			} else if !l.Planted {
				col = color.RGBA{230, 160, 0, 255}
			}
			dot(l.Foot, 2, col)
		}
		line(ctr, ctr.Add(c.Up().Mul(12)), color.RGBA{0, 0, 255, 255})
		dot(ctr, 3, color.RGBA{255, 0, 255, 255})
		dot(goal, 3, color.RGBA{0, 200, 0, 255})
		f, err := os.Create(filepath.Join(dir, fmt.Sprintf("film_%05d.png", frame)))
		if err != nil {
			t.Fatal(err)
		}
		png.Encode(f, img)
		f.Close()
		if os.Getenv("CREATURE_FILM_LEGS") != "" {
			for i := range c.legs {
				l := &c.legs[i]
				ld := &c.def.legs[i]
				t.Logf("  leg %d state %d st2/reach2 %.2f stray %.2f liftMin %v knee %v hold %.2f mayLift %v", i, l.state, ld.gaitStretch2(l.stretch2)/c.def.reach2, l.foot.Sub(c.homeWorld(i)).Len()/c.def.Gait.StepDistance, l.stretch2 < ld.liftMin2, kneeBlocked(c.ground, l.foot, l.normal, c.poses[i].knee), c.hold, c.gaitMayLift(i, true, c.gaitWave(), false))
			}
		}
		if os.Getenv("CREATURE_FILM_ROUTE") != "" {
			r := &c.route
			t.Logf("  route state %d sense %v tr+ %v,%v len %.0f alive %v | tr- %v,%v len %.0f alive %v", r.state, r.sense, r.tr[0].p, r.tr[0].n, r.tr[0].length, r.tr[0].alive, r.tr[1].p, r.tr[1].n, r.tr[1].length, r.tr[1].alive)
		}
		t.Logf("frame %d pos %.1f,%.1f up %.2f,%.2f state %v speed %.1f planted %d", frame, ctr[0], ctr[1], c.Up()[0], c.Up()[1], c.State(), c.speed, c.Planted())
	}
}
