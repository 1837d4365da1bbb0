package ikanim

// FootTiming implements GaitTiming from the base track (track 0): its
// current entry's source, or in a cross-fade the side of larger weight
// (the entry faded from, until the eased mix passes one half), each at its
// own time, when that source implements GaitTiming. The time to touch-down
// is converted from the entry's clock to rig time by the rate the entry
// last advanced at (its TimeScale times a SpeedDriven source's). The foot
// is untimed with an empty base track, a snapshot side, or a source that
// does not time it.
func (s *AnimState) FootTiming(def *RigDef, limb int, t float64) (FootTiming, bool) {
	if def != s.def || s.def == nil || len(s.tracks) == 0 {
		return FootTiming{}, false
	}
	tr := &s.tracks[0]
	kind, i := tr.curKind, tr.cur
	if tr.fromKind != sideNone && tr.ag < 0.5 {
		kind, i = tr.fromKind, tr.from
	}
	if kind != sideEntry {
		return FootTiming{}, false
	}
	e := &tr.pool[i]
	g, ok := e.Source.(GaitTiming)
	if !ok {
		return FootTiming{}, false
	}
	ft, ok := g.FootTiming(def, limb, e.time)
	if !ok {
		return ft, false
	}
	if ft.Swing {
		if !(e.rate > 0) {
			// A clock that stands still: the foot never lands.
			ft.Moving, ft.Swing = false, false
			return ft, true
		}
		ft.Left /= e.rate
	}
	ft.Pinned = false
	return ft, true
}
