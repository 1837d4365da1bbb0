package terrain

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/solarlune/resolv"
)

// shapeEntry is the cached geometry of one shape of the space: transformed
// vertices, winding sign and bounding box, with a snapshot of the transform
// they were computed from so that a moved shape is noticed and recomputed.
type shapeEntry struct {
	// Hot fields first, in the order a query reads them.
	tags   *resolv.Tags          // read live, so tag changes apply at once
	poly   *resolv.ConvexPolygon // nil unless a polygon
	circle *resolv.Circle        // nil unless a circle

	minX, minY, maxX, maxY float64

	vStart, vCount int     // vertices in World.verts (edges in World.edges)
	sign           float64 // +1 clockwise on screen, -1 counter-clockwise, 0 degenerate
	radius         float64

	pos   resolv.Vector // transform snapshot
	scale resolv.Vector
	rot   float64

	shape resolv.IShape

	indexed bool  // the edge index holds this geometry (index.go)
	pending bool  // listed in World.pending
	self    int32 // this entry's index in World.entries
}

// edgeData is one cached polygon edge, from vertex i (A) to vertex i+1 (B,
// wrapping to vertex 0): A, E = B - A and the unit normal (E.y, -E.x)/|E|
// multiplied by the polygon's winding sign, so that it points out of a closed
// polygon (for a degenerate polygon, sign 0, it is the unsigned (E.y, -E.x)/|E|;
// for a zero-length edge it is zero). World.edges runs parallel to World.verts.
type edgeData struct {
	ax, ay, ex, ey float64
	nx, ny         float64
}

// fresh reports whether e's cached geometry matches its shape's transform.
func (e *shapeEntry) fresh() bool {
	if p := e.poly; p != nil {
		return p.Position() == e.pos && p.Rotation() == e.rot && p.Scale() == e.scale && len(p.Points) == e.vCount
	}
	if c := e.circle; c != nil {
		return c.Position() == e.pos && c.Radius() == e.radius
	}
	return true
}

// sync recomputes e's cached geometry if its shape moved (or always, if
// force). It allocates only when a polygon gained vertices.
func (w *World) sync(e *shapeEntry, force bool) {
	if !force && e.fresh() {
		return
	}
	e.indexed = false
	w.idxStale = true
	if int(e.self) < len(w.idx.hot) {
		w.idx.hot[e.self].indexed = false
		w.mirror.forget(e.self)
	}
	if w.explicit && !e.pending {
		e.pending = true
		w.pending = append(w.pending, e.self)
	}
	if p := e.poly; p != nil {
		n := len(p.Points)
		if n != e.vCount || force {
			e.vStart = len(w.verts)
			e.vCount = n
			for range n {
				w.verts = append(w.verts, mgl64.Vec2{})
				w.edges = append(w.edges, edgeData{})
			}
		}
		e.transform(w.verts[e.vStart:e.vStart+n], w.edges[e.vStart:e.vStart+n])
		return
	}
	e.transform(nil, nil)
}

// transform reads e's shape's transform into e and, for a polygon, writes its
// transformed vertices into vs and its edges into es (both of length
// len(Points)), with the winding sign and the bounding box. It writes nothing
// but e, vs and es, so a query can run it on its own copy.
func (e *shapeEntry) transform(vs []mgl64.Vec2, es []edgeData) {
	if p := e.poly; p != nil {
		e.pos, e.rot, e.scale = p.Position(), p.Rotation(), p.Scale()
		e.vCount = len(vs)
		// Same arithmetic as resolv's ConvexPolygon.Transformed, without its
		// allocation.
		for i, pt := range p.Points {
			q := resolv.Vector{X: pt.X * e.scale.X, Y: pt.Y * e.scale.Y}
			if e.rot != 0 {
				q = q.Rotate(-e.rot)
			}
			vs[i] = mgl64.Vec2{q.X + e.pos.X, q.Y + e.pos.Y}
		}
		e.sign = windingSign(vs)
		e.setBox(vs)
		setEdges(es, vs, e.sign)
		return
	}
	if c := e.circle; c != nil {
		e.pos, e.radius = c.Position(), c.Radius()
		e.minX, e.minY = e.pos.X-e.radius, e.pos.Y-e.radius
		e.maxX, e.maxY = e.pos.X+e.radius, e.pos.Y+e.radius
	}
}

// setEdges fills es with the edges of the polygon vs (see edgeData).
func setEdges(es []edgeData, vs []mgl64.Vec2, sign float64) {
	for i, a := range vs {
		b := vs[0]
		if i+1 < len(vs) {
			b = vs[i+1]
		}
		ex, ey := b[0]-a[0], b[1]-a[1]
		var nx, ny float64
		if l := math.Sqrt(ex*ex + ey*ey); l > 0 && finite(l) {
			nx, ny = ey/l, -ex/l
			if sign < 0 {
				nx, ny = -nx, -ny
			}
		}
		es[i] = edgeData{ax: a[0], ay: a[1], ex: ex, ey: ey, nx: nx, ny: ny}
	}
}

func (e *shapeEntry) setBox(vs []mgl64.Vec2) {
	if len(vs) == 0 {
		e.minX, e.minY, e.maxX, e.maxY = 0, 0, -1, -1
		return
	}
	e.minX, e.minY = vs[0][0], vs[0][1]
	e.maxX, e.maxY = e.minX, e.minY
	for _, v := range vs[1:] {
		e.minX = min(e.minX, v[0])
		e.maxX = max(e.maxX, v[0])
		e.minY = min(e.minY, v[1])
		e.maxY = max(e.maxY, v[1])
	}
}

// windingSign returns +1 if vs run clockwise on screen (y down), -1 if
// counter-clockwise, 0 if the polygon has no area.
func windingSign(vs []mgl64.Vec2) float64 {
	a := signedArea2(vs)
	switch {
	case a > 0:
		return 1
	case a < 0:
		return -1
	}
	return 0
}

// signedArea2 is twice the shoelace area of vs; positive when the vertices run
// clockwise on screen in y-down coordinates.
func signedArea2(vs []mgl64.Vec2) float64 {
	var a float64
	for i := range vs {
		j := i + 1
		if j == len(vs) {
			j = 0
		}
		a += vs[i][0]*vs[j][1] - vs[j][0]*vs[i][1]
	}
	return a
}
