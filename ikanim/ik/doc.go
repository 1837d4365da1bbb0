// Package ik is a pure 2D inverse-kinematics solver set: analytic two-bone
// (with pole, margin, softness, stretch and an arm-aim variant), FABRIK and
// CCD for chains of any length with per-joint limits, look-at/aim spread
// over several bones, and per-bone blending. It imports only the standard
// library and mathgl; it knows nothing of Ebitengine or resolv.
//
// # Conventions
//
//   - Units are pixels and radians.
//   - Space is Ebitengine's screen space: x increases right, y increases down.
//   - A positive angle turns clockwise on screen, the same as ebiten.GeoM.Rotate; angle 0 points along +x.
//   - A bone's local angle is measured from its parent bone's direction (Pose.Base for bone 0); world angles are sums of local angles.
//   - Solvers write local angles in (-pi, pi] (whatever the input angles, which may be any finite values; a limit bound at -pi is written as pi, the same direction) and never return NaN or Inf. A solve that leaves the pose as it is (weight 0, invalid input) writes nothing.
//   - Pose origins are bounded by MaxCoord = 1e7 px, where a coordinate is still exact to 1.9e-9 px; poses beyond it are invalid input.
//   - Definitions (Chain, built once with NewChain and shared) are separate from instances (Pose, one per character).
//   - Per-frame calls (Joints, every Solve, Blend, SolveTwoBone) do not allocate once a solver's scratch has grown.
//   - The same inputs give bit-identical outputs.
//
// # Which solver
//
//   - SolveTwoBone / SolveTwoBoneXY: the bare kernel, positions in and out, for hot loops (legs of many creatures).
//   - TwoBone: legs and arms of exactly two bones; exact, one step, stable bend side via Bend or Pole; softness and stretch.
//   - ArmAim: a two-bone arm holding something that must point at the target (a gun, a torch).
//   - FABRIK: chains of any length reaching a point (tails, tentacles, spider legs of 3+ bones); fast convergence (DefaultFABRIKIterations = 10), limits respected; with limits it never ends farther from the target than it started and usually ends at the nearest pose the limits allow.
//   - CCD: chains where the tip should lead the motion, with per-bone Weights (TaperWeights) and a damping MaxStep; slower to converge, so its own default cap (DefaultCCDIterations = 200).
//   - LookAt: turn a head (and optionally spine and neck, with Weights) to face a point along an Axis.
//   - Blend: mix any solved pose with the animated pose by a weight.
//
// # Weight
//
// Every solver embeds a Weighting: Weight is how much of the IK solution
// replaces the input pose, per bone along the shortest arc. 1 is full IK
// and is the zero value, so zero-value solvers work; 0 leaves the input
// pose unchanged (an early out). SetWeight clamps to [0,1] and reads NaN
// as 0. Limits are applied again after blending. Every solver satisfies the
// Solver interface, so a caller can hold any of them in one field.
//
// # Mirroring
//
// Pose.Mirror reflects the whole chain about the vertical line through
// Pose.Origin. Base and Angles stay canonical (unmirrored): a solver
// reflects the target into the canonical frame, solves there, and writes
// canonical angles, so bend sides, poles, limits and aim axes flip
// consistently with the facing. A mirrored solve is exactly the reflection
// of the unmirrored solve of the reflected target.
//
// # Bad input
//
// Definitions are checked once: NewChain returns an error naming the bone
// and the field. At run time nothing panics: a Pose whose Angles length
// differs from Chain.Len, a non-finite Origin or one beyond MaxCoord, a non-finite
// Base, or a non-finite target makes Solve leave the pose unchanged (non-
// finite angles are reset to the bone's Rest) and return the zero Result.
// Targets on the root, on a joint, at or beyond full reach give documented,
// continuous results (see each solver).
package ik
