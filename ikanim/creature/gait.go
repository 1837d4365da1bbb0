package creature

// Gait coordination: which legs may lift, and when.
//
// Groups. On each side (near, far) the legs are ranked front to back by
// Home.X (rank 0 = front). A leg's alternating group is (rank + side) mod 2,
// so the groups alternate along a side and across the body: with 6 legs the
// groups are the two tripods {L1, R2, L3} and {R1, L2, R3}; with 8 legs the
// two tetrapods {L1, R2, L3, R4} and {R1, L2, R3, L4}; with 4 legs the trot
// pairs {L1, R2} and {R1, L2}. A leg's neighbours are the legs just in front
// of and behind it on its side and its partner of the same rank (or the
// nearest rank) on the other side.
//
// Permission. A planted leg that the body constraint left beyond
// holdStretch of its reach, or folded tighter than its least
// distance (legs.go), lifts at once, whatever the rules below: its
// foot could not stay on its contact. A planted leg whose knee is in the
// solid under its foot (kneeBlocked, update.go step 6) lifts whenever at
// least Gait.MinPlanted feet stay planted after it, whatever its
// neighbours do: waiting for a neighbour to land left knees in the ground
// for seconds (on 200 generated courses per shape the share of frames with a
// limb in a solid fell by 1-5 points, e.g. crawler6 36.3/33.6/32.8 ->
// 32.4/28.7/29.8 % at 30/60/144 TPS, against waiting like any other leg).
// Both count as forced lifts. Any other planted leg that wants to step
// (strayed, or beyond ReachRatio) may lift only if
//
//   - after it lifts, at least Gait.MinPlanted feet stay planted;
//   - none of its neighbours is in the air;
//   - alternating gait (speed >= WaveSpeed): every leg in the air belongs to
//     its group, so the two groups take turns;
//   - wave gait (speed < WaveSpeed): no other leg on its side is in the air,
//     so steps ripple along each side one leg at a time.
//
// The phase of the gait is therefore not a clock but emerges from the feet:
// a group lifts when its feet have strayed a step distance, and the other
// group waits for it to land. A change of speed only changes how fast the
// feet stray and how long steps last, so the gait never stalls: every
// permission rule is released by a landing, and landings always happen
// (steps have a finite duration). When one leg of a group lifts, the other
// legs of the group that have strayed at least half a step distance lift
// with it (gaitSyncRatio), which keeps the groups in step.
//
// The choice among legs that want to step is deterministic: the leg that
// strayed furthest goes first, ties broken by leg index.

const (
	// gaitSyncRatio is the fraction of StepDistance a leg must have strayed
	// to lift together with the rest of its group.
	gaitSyncRatio = 0.5
	// gaitUrgentRatio: a foot this many step distances from home steps even
	// against the group and wave rules (neighbour and MinPlanted rules still
	// hold).
	gaitUrgentRatio = 1.6
)

// gaitAssignGroups derives ranks, groups and neighbours of d's legs.
func gaitAssignGroups(d *Def) {
	n := len(d.legs)
	var order [2][MaxLegs]int8
	var count [2]int
	for i := 0; i < n; i++ {
		s := d.legs[i].side
		// Insertion by Home.X descending (front first), ties by index.
		k := count[s]
		for k > 0 && d.legs[order[s][k-1]].homeX < d.legs[i].homeX {
			order[s][k] = order[s][k-1]
			k--
		}
		order[s][k] = int8(i)
		count[s]++
	}
	for s := 0; s < 2; s++ {
		for r := 0; r < count[s]; r++ {
			l := &d.legs[order[s][r]]
			l.rank = r
			l.group = (r + s) % 2
			l.neighbour = [3]int8{-1, -1, -1}
			if r > 0 {
				l.neighbour[0] = order[s][r-1]
			}
			if r+1 < count[s] {
				l.neighbour[1] = order[s][r+1]
			}
			if o := 1 - s; count[o] > 0 {
				rr := r
				if rr >= count[o] {
					rr = count[o] - 1
				}
				l.neighbour[2] = order[o][rr]
			}
		}
	}
	d.groups = 2
	if n == 1 {
		d.groups = 1
	}
}

// gaitWave reports whether the creature walks with the wave gait now.
func (c *Creature) gaitWave() bool {
	w := c.def.Gait.WaveSpeed
	return w > 0 && c.speedAbs() < w
}

// gaitMayLift reports whether leg i may lift now (see the rules above);
// knee: its knee is in the solid under its foot.
func (c *Creature) gaitMayLift(i int, urgent, wave, knee bool) bool {
	d := c.def
	ld := &d.legs[i]
	if l := &c.legs[i]; l.state == legPlanted && (ld.gaitStretch2(l.stretch2) > holdStretch*holdStretch || l.stretch2 < ld.liftMin2) {
		c.forced++
		return true // out of reach or folded too tight: the foot cannot stay planted
	}
	if c.planted-1 < d.Gait.MinPlanted {
		return false
	}
	if knee {
		c.forced++
		return true // its knee is in a solid: it lifts whatever its neighbours do
	}
	for _, j := range ld.neighbour {
		if j >= 0 && c.legs[j].state == legStepping {
			return false
		}
	}
	if c.airborn == 0 {
		return true
	}
	if urgent {
		return true
	}
	for j := range c.legs {
		if j == i || c.legs[j].state != legStepping {
			continue
		}
		if wave {
			if d.legs[j].side == ld.side {
				return false
			}
		} else if d.legs[j].group != ld.group {
			return false
		}
	}
	return true
}

// gaitStretch2 returns a planted leg's squared stretch as the hold and the
// gait read it: a tentacle's scaled by tentacleHold2, so a tentacle at
// tentacleMaxStretch (where the body stops, prepareLegs) counts as beyond
// holdStretch and lifts, as a jointed leg at its limit does.
func (ld *legDef) gaitStretch2(st2 float64) float64 {
	if ld.chain != nil {
		return st2 * tentacleHold2
	}
	return st2
}
