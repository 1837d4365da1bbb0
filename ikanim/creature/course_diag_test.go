package creature

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/ikanim/kit/ikanim/quality"
	"github.com/ikanim/kit/terrain"
)

// TestCreatureCourseDiag (CREATURE_DIAG=shape name, e.g. crawler4) runs
// that shape on courseSeeds courses at CREATURE_DIAG_TPS (default 60) and
// prints, for each course it does not arrive on, the seed, its final state,
// position and up against the target, and where it spent its time: seconds
// on floors, walls and ceilings (by up), in each state, and the position
// where its longest stall began. With CREATURE_DIAG_PNG=dir it also draws
// each failed course (solids grey, the body's track from blue to red, the
// goal green, the last pose's legs black) to dir/<shape>_<seed>.png.
// Skipped unless CREATURE_DIAG is set.
func TestCreatureCourseDiag(t *testing.T) {
	name := os.Getenv("CREATURE_DIAG")
	if name == "" {
		t.Skip("set CREATURE_DIAG to a shape name")
	}
	tps := 60.0
	if v, _ := strconv.ParseFloat(os.Getenv("CREATURE_DIAG_TPS"), 64); v > 0 {
		tps = v
	}
	def := courseShapeNamed(t, name)
	n := courseSeeds(t)
	failed := 0
	classes := map[string]int{}
	for seed := range uint64(n) {
		line, class := courseDiagRun(t, def, seed, tps)
		if line == "" {
			continue
		}
		failed++
		classes[class]++
		t.Log(line)
	}
	t.Logf("%s at %.0f TPS: %d of %d not arrived; by class %v", name, tps, failed, n, classes)
	if courseDiagPen {
		t.Logf("leg frames more than 0.5 px in a solid, by leg state: %v", courseDiagPenBy)
	}
}

// courseDiagTrace is the seed CREATURE_DIAG_SEED asks to trace every 10
// frames (-1: none).
var courseDiagTrace = func() int {
	if v, err := strconv.Atoi(os.Getenv("CREATURE_DIAG_SEED")); err == nil {
		return v
	}
	return -1
}()

// courseDiagLeg is the leg CREATURE_DIAG_LEG asks to trace every frame
// from frame 300 (-1: none).
var courseDiagLeg = func() int {
	if v, err := strconv.Atoi(os.Getenv("CREATURE_DIAG_LEG")); err == nil {
		return v
	}
	return -1
}()

// courseDiagFrame is the frame of the traced seed that CREATURE_DIAG_FRAME
// asks to draw (with CREATURE_DIAG_PNG).
var courseDiagFrame, _ = strconv.Atoi(os.Getenv("CREATURE_DIAG_FRAME"))

// courseDiagPen (CREATURE_DIAG_PEN set) logs each course's deepest limb
// or body penetration and its frame.
var courseDiagPen = os.Getenv("CREATURE_DIAG_PEN") != ""

// courseDiagPenBy counts leg frames (and body frames) more than 0.5 px in
// a solid by the leg's state; planted ones also by the deepest joint
// (-1: no joint 0.5 px deep, a segment cut through a corner) and the
// deepest segment (1: femur), stepping ones by turn, box path, deepest
// joint and progress (fifths).
var courseDiagPenBy = map[string]int{}

var courseDiagWasIn [MaxLegs]bool

// courseDiagRun runs one course and returns a line describing it and its
// class when the creature does not arrive ("" when it does).
func courseDiagRun(t *testing.T, def *Def, seed uint64, tps float64) (string, string) {
	crs, c, goal := courseStart(t, def, seed)
	dt := 1 / tps
	var onFloor, onWall, onCeil float64
	var inState [5]float64
	best, stall, stallMax := math.Inf(1), 0.0, 0.0
	var stallAt, stallStart mgl64.Vec2
	minX, maxX := c.Position()[0], c.Position()[0]
	var track []mgl64.Vec2
	buried := os.Getenv("CREATURE_DIAG_BURIED") != ""
	var sol *quality.Solids
	if courseDiagPen || buried {
		sol = courseSolids(crs)
	}
	penMax, penFrame, penLeg, penFrames, fallFrames := 0.0, 0, -1, 0, 0
	var js []mgl64.Vec2
	for frame := 0; float64(frame)*dt < courseSeconds; frame++ {
		c.Update(dt)
		if courseDiagTrace == int(seed) && frame == courseDiagFrame {
			for i := 0; i < c.NumLegs(); i++ {
				l := c.Leg(i)
				t.Logf("frame %d leg %d hip (%.1f,%.1f) knee (%.1f,%.1f) ankle (%.1f,%.1f) foot (%.1f,%.1f) planted %v stepping %v", frame, i, l.Hip[0], l.Hip[1], l.Knee[0], l.Knee[1], l.Ankle[0], l.Ankle[1], l.Foot[0], l.Foot[1], l.Planted, l.Stepping)
			}
		}
		if dir := os.Getenv("CREATURE_DIAG_PNG"); dir != "" && courseDiagTrace == int(seed) && frame == courseDiagFrame {
			courseDiagPNG(t, filepath.Join(dir, fmt.Sprintf("%s_%d_f%d.png", def.Name, seed, frame)), crs, c, track, goal)
		}
		if sol != nil {
			if d := sol.Depth(c.Position()); d > penMax {
				penMax, penFrame, penLeg = d, frame, -1
			}
			fpen := sol.Depth(c.Position()) > 0.5
			if fpen {
				courseDiagPenBy["body"]++
			}
			for i := 0; i < c.NumLegs(); i++ {
				js = c.TentacleJoints(i, js)
				d := sol.ChainDepth(js, 1)
				if d > penMax {
					penMax, penFrame, penLeg = d, frame, i
				}
				if d > 0.5 {
					fpen = true
					l := c.Leg(i)
					switch {
					case l.Planted:
						courseDiagPenBy["planted"]++
						// Where along the chain: the deepest joint's index.
						bi, bd := 0, 0.0
						for k, p := range js {
							if d := sol.Depth(p); d > bd {
								bi, bd = k, d
							}
						}
						below := (js[bi].Sub(l.Contact)).Dot(l.Normal) < -0.5
						if bd < 0.5 {
							bi = -1
						}
						if bi == len(js)-1 && sol.Depth(l.Contact) > 0.5 && courseDiagPenBy["shown"] < 12 && (frame == 0 || !courseDiagWasIn[i]) {
							courseDiagPenBy["shown"]++
							t.Logf("seed %d frame %d leg %d contact (%.2f,%.2f) depth %.2f normal (%.2f,%.2f) body (%.1f,%.1f) up (%.2f,%.2f)", seed, frame, i, l.Contact[0], l.Contact[1], sol.Depth(l.Contact), l.Normal[0], l.Normal[1], c.pos[0], c.pos[1], c.up[0], c.up[1])
						}
						courseDiagWasIn[i] = bi == len(js)-1 && sol.Depth(l.Contact) > 0.5
						if bi == len(js)-1 {
							courseDiagPenBy[fmt.Sprintf("tip: contact in %v, tip-contact %.0f px", sol.Depth(l.Contact) > 0.5, math.Min(5, math.Floor(js[bi].Sub(l.Contact).Len())))]++
						}
						courseDiagPenBy[fmt.Sprintf("planted joint %d/%d below %v", bi, len(js)-1, below)]++
						bs, bsd := 0, 0.0
						for k := 1; k < len(js); k++ {
							if d := sol.SegmentDepth(js[k-1], js[k], 1); d > bsd {
								bs, bsd = k, d
							}
						}
						courseDiagPenBy[fmt.Sprintf("planted segment %d", bs)]++
					case l.Stepping:
						courseDiagPenBy["stepping"]++
						il := &c.legs[i]
						bi, bd := 0, 0.0
						for k, p := range js {
							if d := sol.Depth(p); d > bd {
								bi, bd = k, d
							}
						}
						if bd < 0.5 {
							bi = -1
						}
						courseDiagPenBy[fmt.Sprintf("stepping turn %v box %v joint %d/%d", il.alt != il.altTo, il.box, bi, len(js)-1)]++
						courseDiagPenBy[fmt.Sprintf("stepping t %.1f", math.Floor(il.t*5)/5)]++
					default:
						courseDiagPenBy["dangling"]++
					}
				}
			}
			if fpen {
				penFrames++
			}
			if sol.Distance(c.Position()) > courseReach(def) {
				fallFrames++
			}
			if float64(frame+1)*dt >= courseSeconds || c.Arrived() {
				t.Logf("seed %3d: penetration max %.1f px at frame %d (%.2f s) leg %d (-1: body); %d of %d frames; %d fall frames", seed, penMax, penFrame, float64(penFrame)*dt, penLeg, penFrames, frame+1, fallFrames)
			}
		}
		if c.Arrived() {
			return "", ""
		}
		pos, up := c.Position(), c.Up()
		track = append(track, pos)
		if courseDiagTrace == int(seed) && courseDiagLeg >= 0 && frame >= 311 && frame < 315 {
			for courseDiagLeg := range c.legs {
				l := &c.legs[courseDiagLeg]
				p := &c.poses[courseDiagLeg]
				t.Logf("f %d leg %d state %d t %.2f foot (%.1f,%.1f) to (%.1f,%.1f) n (%.2f,%.2f) stretch %.2f home2 %.0f knee (%.1f,%.1f) hip (%.1f,%.1f) forced %d", frame, courseDiagLeg, l.state, l.t, l.foot[0], l.foot[1], l.to[0], l.to[1], l.normal[0], l.normal[1], math.Sqrt(l.stretch2), l.foot.Sub(c.homeWorld(courseDiagLeg)).LenSqr(), p.knee[0], p.knee[1], p.hip[0], p.hip[1], c.forced)
			}
		}
		if courseDiagTrace == int(seed) && buried {
			for i := range c.legs {
				l := &c.legs[i]
				if l.state == legStepping && l.t*l.rate < 1.5*dt && sol.Depth(l.to) > 0.5 {
					r := c.rays[i]
					t.Logf("f %d leg %d steps to buried (%.1f,%.1f) n (%.2f,%.2f) ray (%.1f,%.1f)->(%.1f,%.1f) body (%.1f,%.1f) up (%.2f,%.2f)", frame, i, l.to[0], l.to[1], l.toN[0], l.toN[1], r.from[0], r.from[1], r.to[0], r.to[1], c.pos[0], c.pos[1], c.up[0], c.up[1])
				}
			}
		}
		if courseDiagTrace == int(seed) && frame%10 == 0 {
			ls := ""
			for i := 0; i < c.NumLegs(); i++ {
				l := c.Leg(i)
				st := "d"
				switch {
				case l.Planted:
					st = "p"
				case l.Stepping:
					st = "s"
				}
				ls += fmt.Sprintf(" %s(%.0f,%.0f)", st, l.Contact[0], l.Contact[1])
			}
			t.Logf("t %5.2f pos (%6.1f,%6.1f) up (%5.2f,%5.2f) v %6.1f %v stall %.1f way %+.0f still %.1f |%s", float64(frame)*dt, pos[0], pos[1], up[0], up[1], c.speed, c.State(), c.stall, c.way.sense, c.way.still, ls)
		}
		minX, maxX = math.Min(minX, pos[0]), math.Max(maxX, pos[0])
		switch {
		case up[1] < -0.5:
			onFloor += dt
		case up[1] > 0.5:
			onCeil += dt
		default:
			onWall += dt
		}
		inState[c.State()] += dt
		if d := pos.Sub(goal).Len(); d <= best-1 {
			best, stall, stallStart = d, 0, pos
		} else {
			stall += dt
			if stall > stallMax {
				stallMax, stallAt = stall, stallStart
			}
		}
	}
	pos, up := c.Position(), c.Up()
	surf := "floor"
	switch {
	case up[1] > 0.5:
		surf = "ceiling"
	case up[1] >= -0.5:
		surf = "wall"
	}
	if dir := os.Getenv("CREATURE_DIAG_PNG"); dir != "" {
		courseDiagPNG(t, filepath.Join(dir, fmt.Sprintf("%s_%d.png", def.Name, seed)), crs, c, track, goal)
	}
	class := fmt.Sprintf("%s/%s", c.State(), surf)
	if stallMax < 2 {
		class = "slow/" + surf
	}
	return fmt.Sprintf("seed %3d: %-16s at (%4.0f,%4.0f) up (%5.2f,%5.2f) goal (%4.0f,%4.0f) dist %4.0f best %4.0f | floor %4.1f wall %4.1f ceil %4.1f s | moving %4.1f blocked %4.1f falling %4.1f | stall max %4.1f s from (%4.0f,%4.0f) | x %4.0f..%4.0f planted %d",
		seed, class, pos[0], pos[1], up[0], up[1], goal[0], goal[1], pos.Sub(goal).Len(), best,
		onFloor, onWall, onCeil, inState[StateMoving], inState[StateBlocked], inState[StateFalling],
		stallMax, stallAt[0], stallAt[1], minX, maxX, c.Planted()), class
}

// courseDiagPNG draws a course, a body track, the goal and the creature's
// last pose to path, at twice the scale, cropped round the track and goal.
func courseDiagPNG(t *testing.T, path string, crs *terrain.Course, c *Creature, track []mgl64.Vec2, goal mgl64.Vec2) {
	sol := courseSolids(crs)
	x0, y0, x1, y1 := goal[0], goal[1], goal[0], goal[1]
	for _, p := range track {
		x0, y0, x1, y1 = math.Min(x0, p[0]), math.Min(y0, p[1]), math.Max(x1, p[0]), math.Max(y1, p[1])
	}
	x0, y0, x1, y1 = x0-80, y0-80, x1+80, y1+80
	const k = 2
	w, h := int((x1-x0)*k), int((y1-y0)*k)
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for j := range h {
		for i := range w {
			col := color.RGBA{255, 255, 255, 255}
			if sol.Inside(mgl64.Vec2{x0 + float64(i)/k, y0 + float64(j)/k}) {
				col = color.RGBA{150, 150, 150, 255}
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
	for n, p := range track {
		f := float64(n) / float64(len(track))
		dot(p, 0, color.RGBA{uint8(255 * f), 0, uint8(255 * (1 - f)), 255})
	}
	var js []mgl64.Vec2
	for i := 0; i < c.NumLegs(); i++ {
		js = c.TentacleJoints(i, js)
		for n := 1; n < len(js); n++ {
			for s := 0.0; s <= 1; s += 0.05 {
				dot(js[n-1].Add(js[n].Sub(js[n-1]).Mul(s)), 0, color.RGBA{0, 0, 0, 255})
			}
		}
	}
	dot(goal, 3, color.RGBA{0, 200, 0, 255})
	dot(c.Position(), 2, color.RGBA{255, 0, 255, 255})
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
}
