// Package quality measures whether procedural motion looks right: feet that
// float or sink, feet that slide while planted, bodies and joints that pop,
// knees that flip, and NaN. The figures and their names are those of the
// project's motion-quality table; tests assert them and the demo writes them
// with -metrics.
//
// All figures are in pixels, degrees and seconds. A Meter accumulates figures
// frame by frame without allocating; Report turns what was measured into a flat
// map, leaving out every figure the scene never measured (rather than writing 0).
// A Series given to a Meter keeps the figures of each of the last frames in a
// ring allocated once (the demo's live graph and -metrics-csv read it).
//
// Whole limbs are measured against Solids, geometry of the world kept apart
// from the world under test: Limbs accumulates limb penetration
// (Solids.ChainDepth over every bone segment), leg crossings (LegsCrossed),
// stuck time (Progress), falls (Solids.Distance) and the share of courses
// arrived, and adds them to a Report under their keys.
package quality
