package terrain

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// MaxCoord is the largest coordinate magnitude accepted by the builders and
// level files, in pixels. Larger values are rejected as likely mistakes (and
// to keep products of coordinates far from overflow).
const MaxCoord = 1e7

// minEdge is the shortest polygon edge accepted, in pixels.
const minEdge = 1e-6

// checkCoord returns an error naming field if v is not finite or too large.
func checkCoord(field string, v float64) error {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return fmt.Errorf("%s: %v is not a finite number", field, v)
	}
	if math.Abs(v) > MaxCoord {
		return fmt.Errorf("%s: %v exceeds the coordinate limit %g", field, v, MaxCoord)
	}
	return nil
}

// checkPoints checks that every point of ps is finite and within MaxCoord.
func checkPoints(field string, ps []mgl64.Vec2) error {
	for i, p := range ps {
		if err := checkCoord(fmt.Sprintf("%s[%d].x", field, i), p[0]); err != nil {
			return err
		}
		if err := checkCoord(fmt.Sprintf("%s[%d].y", field, i), p[1]); err != nil {
			return err
		}
	}
	return nil
}

// checkConvex returns an error naming the offending point if ps is not a
// convex polygon with at least 3 points, distinct consecutive points and a
// non-zero area. Collinear consecutive edges are allowed.
func checkConvex(field string, ps []mgl64.Vec2) error {
	if len(ps) < 3 {
		return fmt.Errorf("%s: a polygon needs at least 3 points, got %d", field, len(ps))
	}
	if err := checkPoints(field, ps); err != nil {
		return err
	}
	n := len(ps)
	for i := range n {
		if ps[(i+1)%n].Sub(ps[i]).Len() < minEdge {
			return fmt.Errorf("%s[%d]: repeats the previous point", field, (i+1)%n)
		}
	}
	area := signedArea2(ps)
	if math.Abs(area) < minEdge {
		return fmt.Errorf("%s: the polygon has no area", field)
	}
	// Every turn must have the sign of the area (or be straight), and the
	// edges must go round once (sum of turning angles 2*pi).
	var turn float64
	for i := range n {
		a, b, c := ps[i], ps[(i+1)%n], ps[(i+2)%n]
		e1, e2 := b.Sub(a), c.Sub(b)
		cr := e1[0]*e2[1] - e1[1]*e2[0]
		if cr*area < 0 {
			return fmt.Errorf("%s[%d]: the polygon is not convex at this point", field, (i+1)%n)
		}
		turn += math.Atan2(cr, e1.Dot(e2))
	}
	if math.Abs(math.Abs(turn)-2*math.Pi) > 1e-6 {
		return fmt.Errorf("%s: the polygon is not simple (its edges wind %.2f times)", field, math.Abs(turn)/(2*math.Pi))
	}
	return nil
}

// checkPolyline checks a ground or ceiling outline: at least 2 points, x never
// decreasing, some horizontal extent, and every y on the solid's open side of
// edge (y < edge for ground, y > edge for a ceiling when below is false).
func checkPolyline(field string, ps []mgl64.Vec2, edgeField string, edge float64, below bool) error {
	if len(ps) < 2 {
		return fmt.Errorf("%s: a polyline needs at least 2 points, got %d", field, len(ps))
	}
	if err := checkPoints(field, ps); err != nil {
		return err
	}
	if err := checkCoord(edgeField, edge); err != nil {
		return err
	}
	for i := 1; i < len(ps); i++ {
		if ps[i][0] < ps[i-1][0] {
			return fmt.Errorf("%s[%d].x: %v is left of the previous point's %v (x must not decrease)", field, i, ps[i][0], ps[i-1][0])
		}
	}
	if ps[len(ps)-1][0] <= ps[0][0] {
		return fmt.Errorf("%s: the polyline has no horizontal extent", field)
	}
	for i, p := range ps {
		if below && !(p[1] < edge) {
			return fmt.Errorf("%s[%d].y: %v must be above %s %v", field, i, p[1], edgeField, edge)
		}
		if !below && !(p[1] > edge) {
			return fmt.Errorf("%s[%d].y: %v must be below %s %v", field, i, p[1], edgeField, edge)
		}
	}
	return nil
}
