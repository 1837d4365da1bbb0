package ikanim

// Controller is a per-frame step a Rig runs inside its Update: a body mover
// (following the ground, hanging, mantling) or a pose controller
// (grounding, climbing, aiming, reaching). A controller is built for one
// rig (its constructor takes the rig and, where it queries the world, the
// Ground) and is added to it with Rig.Add; the rig then calls Update(dt)
// every frame, in the order of the frame (see Stage) and, within a stage,
// in the order the controllers were added. dt has been clamped by the rig
// (see MaxDt). A controller's Update does not allocate.
type Controller interface {
	// Update advances the controller by dt seconds.
	Update(dt float64)
	// Stage says when in the frame the rig runs Update.
	Stage() Stage
}

// Stage is the part of a rig's frame in which a Controller runs.
type Stage uint8

const (
	// StageMove runs before the pose source: movers write the body's
	// Position and Up (GroundFollower, Hanger, Mantler), and may set limb
	// targets that go with the move.
	StageMove Stage = iota
	// StageControl runs after the pose source has written the animated
	// pose and before the limbs solve: controllers read the animated pose
	// and the world and write limb targets, weights, effector rotations
	// and the body offset (Grounder, Climber, Aimer, Reacher).
	StageControl
)

func (s Stage) String() string {
	switch s {
	case StageMove:
		return "move"
	case StageControl:
		return "control"
	case StageSecondary:
		return "secondary"
	}
	return "Stage(?)"
}

// ControllerFunc adapts a function to a Controller of stage At: the rig
// calls Func(dt) in that stage (add it as a pointer, &ControllerFunc{...}). It is the short way to add a game's own
// step to the frame (a scripted target, a mode switch).
type ControllerFunc struct {
	At   Stage
	Func func(dt float64)
}

// Update implements Controller.
func (c *ControllerFunc) Update(dt float64) {
	if c.Func != nil {
		c.Func(dt)
	}
}

// Stage implements Controller.
func (c *ControllerFunc) Stage() Stage { return c.At }

// Switch is a setting the library can derive by itself. Its zero value,
// Auto, lets the library decide; On and Off override it.
type Switch uint8

const (
	Auto Switch = iota
	On
	Off
)

// Resolve returns derived for Auto, true for On and false for Off.
func (s Switch) Resolve(derived bool) bool {
	switch s {
	case On:
		return true
	case Off:
		return false
	}
	return derived
}
