package main

import "github.com/ikanim/kit/ikanim"

// newHumanoid builds the demo humanoid: the biped template (NewBipedDef with
// default sizes) dressed with the humanoid art of package assets. Every part
// is drawn along its bone with its pivot on the bone's start joint, as the
// assets package's drawing convention says; far limbs are tinted darker by
// the template.
func newHumanoid() (*ikanim.RigDef, error) {
	sp, err := mustSprites("humanoid/torso", "humanoid/head", "humanoid/upperarm", "humanoid/forearm",
		"humanoid/hand", "humanoid/thigh", "humanoid/shin", "humanoid/foot")
	if err != nil {
		return nil, err
	}
	return ikanim.NewBipedDef(ikanim.BipedSizes{}, ikanim.BipedSprites{
		Torso:    sp["humanoid/torso"],
		Head:     sp["humanoid/head"],
		UpperArm: sp["humanoid/upperarm"],
		Forearm:  sp["humanoid/forearm"],
		Hand:     sp["humanoid/hand"],
		Thigh:    sp["humanoid/thigh"],
		Shin:     sp["humanoid/shin"],
		Foot:     sp["humanoid/foot"],
	})
}
