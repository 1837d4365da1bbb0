package ikanim

// StageSecondary runs after the limbs have solved and the final pose's
// transforms are current: secondary motion (SpringBones) reads the solved
// pose, moves its own bones (which no limb may own) and updates their
// transforms. It is the last step of a rig's frame.
const StageSecondary Stage = StageControl + 1
