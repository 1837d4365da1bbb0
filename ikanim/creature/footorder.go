package creature

// Foot order: a tentacle's step does not land past a neighbour's foot.
//
// The legs of one side are ordered along the body by Home.X (gait.go,
// neighbour), and so are their hips. A foot that steps toward its
// predicted home (step.go) can land past the foot of the neighbour in front
// of it, still planted where it landed a step ago, or short of the one
// behind it: the two legs then reach across each other (on the generated
// courses nearly every crossed frame of the tentacled creature had its
// neighbouring feet in the reverse order of their hips). So the predicted
// home of a step is moved along the body's forward axis (Right()*sign(Turn))
// into the interval between the feet of its neighbours, each as it will
// stand (a planted foot, or a stepping foot's foothold), by orderGap of the
// step distance short of them. Nothing moves when the interval is empty,
// when a neighbour dangles (it sets no bound), in a turn (|Turn| below
// orderTurn: the axis is not defined), or when the move would send the
// step back behind where the foot stands, against the way the body walks.
// The rays then search around the moved point as around any other, and
// around the predicted home itself when they find nothing there.
//
// Tentacles only. Their crossings were their feet (97 % of the crossed
// pairs of frames on 48 courses), and with the order kept their crossed
// frames fell from 34/32/32 % to 3.8/2.5/4.3 % on 200 courses at
// 30/60/144 TPS. The crossings of 2- and 3-segment legs are their knees
// (a femur across the neighbour's tibia, 15-25 px from the hips; the feet
// were out of order in 18 % of spider8's crossed pairs): kept in order,
// their feet crossed as often and the legs went deeper into the rock
// (spider8 at 144 TPS 19.2 -> 44.4 px, spider12 at 30 TPS 34.8 -> 64.8 px,
// falls 0 -> 65 frames), crawler4 arriving on 82 % of the courses instead
// of 86 % at 30 TPS.

import "github.com/go-gl/mathgl/mgl64"

const (
	// orderGap is the least distance between neighbouring feet along the
	// body that orderPred keeps, as a share of StepDistance.
	orderGap = 0.1
	// orderTurn: below this |Turn| the body's axis is not defined for the
	// feet's order.
	orderTurn = 0.5
)

// orderPred returns the predicted home pred of leg i's step moved between
// its neighbours' feet along the body (see the file comment).
func (c *Creature) orderPred(i int, pred mgl64.Vec2) mgl64.Vec2 {
	if c.def.legs[i].chain == nil || c.turn > -orderTurn && c.turn < orderTurn {
		return pred
	}
	ax := c.Right()
	if c.turn < 0 {
		ax = ax.Mul(-1)
	}
	gap := orderGap * c.def.Gait.StepDistance
	s := pred.Sub(c.pos).Dot(ax)
	lo, hi := -1e300, 1e300
	nb := c.def.legs[i].neighbour
	if p, ok := c.standing(int(nb[0])); ok {
		hi = p.Sub(c.pos).Dot(ax) - gap
	}
	if p, ok := c.standing(int(nb[1])); ok {
		lo = p.Sub(c.pos).Dot(ax) + gap
	}
	t := s
	switch {
	case lo > hi:
		return pred
	case s > hi:
		t = hi
	case s < lo:
		t = lo
	}
	// A step the order would send back behind where the foot stands, against
	// the way the body walks, is left as it is: the neighbour in front holds
	// on to a face (a wall, a pocket) the body has not passed yet, and a
	// foot held back behind it for good would hold the body.
	walk := c.speed * c.turn
	if f := c.legs[i].foot.Sub(c.pos).Dot(ax); walk > 0 && t < s && t < f || walk < 0 && t > s && t > f {
		return pred
	}
	return pred.Add(ax.Mul(t - s))
}

// standing returns where leg j's foot will stand: its contact when planted,
// its foothold when stepping; ok is false for no leg (j < 0) or a dangling
// foot.
func (c *Creature) standing(j int) (mgl64.Vec2, bool) {
	if j < 0 {
		return mgl64.Vec2{}, false
	}
	l := &c.legs[j]
	switch l.state {
	case legPlanted:
		return l.foot, true
	case legStepping:
		return l.to, true
	}
	return mgl64.Vec2{}, false
}
