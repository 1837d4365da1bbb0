package sim

import "testing"

// The climb scene starts over after every climb (the climber teleported
// back to the floor, the Climber added to the rig again): over three climbs
// (65 s at 60 TPS) the joint pop stays within the first climb's bound. The
// Climber used to resume with the last climb's limb targets and ease from
// them: the shins snapped 83-108 deg in a frame at the start of every climb
// after the first; then 18.2 deg at the second climb's start (the first
// climb: 11.9 there), and 12.68 over three climbs since the climbing
// limbs' turn limit (the worst now on the walk along the top). The holding hands and feet do not slide (slip <= 0.5
// px; Limb.Solids' push on a hand bone used to wind back while it held).
func TestClimbSceneClimbsAgainWithoutPops(t *testing.T) {
	s := newClimb(t)
	for i := 0; i < 65*60; i++ {
		s.Step(1.0 / 60)
	}
	s.Flush()
	if slip := s.meter.FootSlipMax(); slip > 0.5 {
		t.Errorf("holding limbs slid %.3f px over three climbs, want <= 0.5", slip)
	}
	w := s.worst
	t.Logf("%d climbs: joint pop %.2f deg/frame (frame %d, %s, %s)", s.Climbs(), s.meter.JointPopMaxDeg(), w.Frame, w.Mode, s.Rig.Def().BoneDef(w.Bone).Name)
	if s.Climbs() < 3 {
		t.Fatalf("%d climbs in 65 s, want 3", s.Climbs())
	}
	if p := s.meter.JointPopMaxDeg(); p > 15 {
		t.Errorf("joint pop %.2f deg/frame over three climbs, want <= 15", p)
	}
}
