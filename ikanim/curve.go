package ikanim

// Curves: how a keyed value moves from one key to the next.
//
// A key's curve governs the segment from that key to the next one. With u
// in [0,1] the fraction of the segment's time elapsed, and v0, v1 the two
// keys' values (angles unwrapped onto the shortest arc first):
//
//	linear   v = v0 + u*(v1-v0)
//	stepped  v = v0 until the next key's time, then v1
//	smooth   Catmull-Rom through the neighbouring keys (the clip format's
//	         default for bone angles and the root offset)
//	bezier   v = v0 + y*(v1-v0), where (x(s), y(s)) is the cubic Bezier
//	         from (0,0) to (1,1) with control points (x1,y1) and (x2,y2),
//	         and s solves x(s) = u
//
// The Bezier is the one of CSS's cubic-bezier(x1, y1, x2, y2) and of the
// normalised curve arrays of Spine's JSON (before 4.0): a curve on time,
// so time keeps running evenly and only the value eases. x1 and x2 lie in
// [0,1], which makes x(s) increase with s, so s is unique; y1 and y2 may
// leave [0,1] to overshoot. With
//
//	x(s) = 3(1-s)^2 s x1 + 3(1-s) s^2 x2 + s^3
//
// s is found by Newton's method from s = u, falling back to bisection
// when a step leaves [0,1] or the slope vanishes; eight Newton steps and
// at most 34 bisections keep the error below 1e-9 in u for every valid
// curve, with a fixed sequence of operations (deterministic).

import (
	"encoding/json"
	"fmt"
	"math"

	"github.com/ikanim/kit/ikanim/internal/num"
)

type curveKind uint8

const (
	curveDefault curveKind = iota // the track's default (smooth or linear)
	curveSmooth
	curveLinear
	curveStepped
	curveBezier
)

// curve is how a key's value moves to the next key's.
type curve struct {
	kind           curveKind
	x1, y1, x2, y2 float64
}

// maxBezierY bounds the y of a Bezier's control points (an overshoot of
// ten times the keyed change is far beyond any useful ease).
const maxBezierY = 10

// parseCurve reads a key's "curve": absent, "linear", "stepped",
// "smooth", or [x1, y1, x2, y2].
func parseCurve(raw json.RawMessage) (curve, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return curve{}, nil
	}
	var name string
	if err := json.Unmarshal(raw, &name); err == nil {
		switch name {
		case "linear":
			return curve{kind: curveLinear}, nil
		case "stepped":
			return curve{kind: curveStepped}, nil
		case "smooth":
			return curve{kind: curveSmooth}, nil
		}
		return curve{}, fmt.Errorf("curve %q is not linear, stepped, smooth or [x1, y1, x2, y2]", name)
	}
	var p []float64
	if err := json.Unmarshal(raw, &p); err != nil || len(p) != 4 {
		return curve{}, fmt.Errorf("curve %s is not linear, stepped, smooth or [x1, y1, x2, y2]", clipText(raw))
	}
	for _, v := range p {
		if !num.Finite(v) {
			return curve{}, fmt.Errorf("curve %v is not finite", p)
		}
	}
	if p[0] < 0 || p[0] > 1 || p[2] < 0 || p[2] > 1 {
		return curve{}, fmt.Errorf("curve %v: x1 and x2 must be in [0, 1]", p)
	}
	if math.Abs(p[1]) > maxBezierY || math.Abs(p[3]) > maxBezierY {
		return curve{}, fmt.Errorf("curve %v: y1 and y2 must be within %v", p, float64(maxBezierY))
	}
	return curve{kind: curveBezier, x1: p[0], y1: p[1], x2: p[2], y2: p[3]}, nil
}

// clipText quotes at most 40 bytes of a raw JSON value for an error.
func clipText(raw json.RawMessage) string {
	if len(raw) > 40 {
		return string(raw[:40]) + "..."
	}
	return string(raw)
}

// Bezier returns the eased fraction y for the time fraction u in [0,1]
// (clamped; NaN gives 0) of the cubic Bezier from (0,0) to (1,1) with
// control points (x1,y1) and (x2,y2), as CSS's cubic-bezier and the
// normalised curves of Spine's JSON: it solves x(s) = u for s and returns
// y(s). x1 and x2 are clamped to [0,1]. Bezier(0.25, 0.1, 0.25, 1, 0.5),
// CSS's "ease" halfway, is 0.8024.
func Bezier(x1, y1, x2, y2, u float64) float64 {
	u = num.Clamp01(u)
	x1, x2 = num.Clamp01(x1), num.Clamp01(x2)
	if u == 0 || u == 1 {
		return u
	}
	s := bezierSolve(x1, x2, u)
	return bezierAt(y1, y2, s)
}

// bezierAt is the cubic Bezier 0, p1, p2, 1 at s.
func bezierAt(p1, p2, s float64) float64 {
	r := 1 - s
	return 3*r*r*s*p1 + 3*r*s*s*p2 + s*s*s
}

// bezierSolve returns s in [0,1] with x(s) = u for x1, x2 in [0,1].
func bezierSolve(x1, x2, u float64) float64 {
	s := u
	for i := 0; i < 8; i++ {
		x := bezierAt(x1, x2, s) - u
		if math.Abs(x) < 1e-12 {
			return s
		}
		r := 1 - s
		dx := 3*r*r*x1 + 6*r*s*(x2-x1) + 3*s*s*(1-x2)
		if dx < 1e-6 {
			break
		}
		n := s - x/dx
		if !(n >= 0 && n <= 1) {
			break
		}
		s = n
	}
	if math.Abs(bezierAt(x1, x2, s)-u) < 1e-12 {
		return s
	}
	lo, hi := 0.0, 1.0
	for i := 0; i < 34; i++ {
		s = 0.5 * (lo + hi)
		if bezierAt(x1, x2, s) < u {
			lo = s
		} else {
			hi = s
		}
	}
	return 0.5 * (lo + hi)
}
