package main

// The README's performance table, one row per workload. Each row names its
// package, the benchmarks it reads (relative names, without "Benchmark" and
// without the -GOMAXPROCS suffix), the metric it shows, what the benchmark
// includes (a summary of the benchmark's doc comment; keep them in step) and
// the targets of BENCH.md and issue 11.
//
// A row whose benchmark is not in the tree prints "not run: no such
// benchmark", so rows for benchmarks still on other branches (the big-world
// rays) can stay here. Benchmarks the run prints that no row reads are
// appended as rows of their own, without a description.

// Packages in the order they run.
const (
	pkgIK       = "github.com/ikanim/kit/ikanim/ik"
	pkgTerrain  = "github.com/ikanim/kit/terrain"
	pkgIkanim   = "github.com/ikanim/kit/ikanim"
	pkgCreature = "github.com/ikanim/kit/ikanim/creature"
	pkgSim      = "github.com/ikanim/kit/demo/sim"
	pkgDraw     = "github.com/ikanim/kit/ikanim/internal/drawbench"
)

// pkgRun is one go test run: a package and its -bench pattern.
type pkgRun struct {
	Pkg     string // import path
	Dir     string // relative to the module root
	Pattern string // -bench (go test matches it against "BenchmarkName")
	Display bool   // needs a display (run under xvfb-run -a)
}

var runs = []pkgRun{
	{pkgIK, "./ikanim/ik/", ".", false},
	{pkgTerrain, "./terrain/", "^Benchmark(Raycast.*|LineTest|CircleCast|SyncGrown100kExplicit|LiveCheckFloor.*)$", false},
	{pkgIkanim, "./ikanim/", ".", false},
	{pkgSim, "./demo/sim/", "^Benchmark(BipedFrame|GroundedBiped|SwarmFrame|Swarm10k)$", false},
	{pkgCreature, "./ikanim/creature/", "^Benchmark(CreatureSpider8|CreatureTentacle4x10|CrowdSpiders)$", false},
	{pkgDraw, "./ikanim/internal/drawbench/", "^Benchmark(CreatureDraw|DrawImageFloor)$", true},
}

// cell is one figure of a row.
type cell struct {
	Bench  string  // benchmark name, e.g. "CreatureSpider8/n=1"
	Metric string  // unit as go test prints it: "ns/op", "ns/creature", "conv-%"
	Div    string  // if set, the figure is Bench's metric over Div's (a ratio of two benchmarks)
	Label  string  // short name of the cell in the status column
	Cmp    string  // "<=" or ">=" with Target; "" for no target
	Target float64 // in the metric's unit
	// AllocMetric is the metric the allocs column shows; "" means
	// allocs/op.
	AllocMetric string
}

// row is one line of the table.
type row struct {
	Pkg      string
	Workload string
	Includes string
	Unit     string  // unit printed after the figures
	Scale    float64 // figure = metric * Scale (0 means 1)
	Cells    []cell
	// AllocsFree is false for the rows that have no 0-allocs target (the
	// resolv comparison).
	NoAllocTarget bool
}

const (
	le = "<="
	ge = ">="
)

// four makes the four cells random cold / random warm / track cold /
// track warm of an ik benchmark.
func four(bench, metric string) []cell {
	return []cell{
		{Bench: bench + "/random/cold", Metric: metric, Label: "random cold"},
		{Bench: bench + "/random/warm", Metric: metric, Label: "random warm"},
		{Bench: bench + "/track/cold", Metric: metric, Label: "track cold"},
		{Bench: bench + "/track/warm", Metric: metric, Label: "track warm"},
	}
}

const rcrwtctw = "random cold / random warm / track cold / track warm"

var rows = []row{
	// ikanim/ik: BENCH.md's limb2 and chain10 workloads, tolerance 0.01 px.
	{Pkg: pkgIK, Workload: "two-bone kernel `ik.SolveTwoBoneXY`, limb2, random / track targets",
		Includes: "the trig-free kernel alone in its scalar form (arguments and results in registers); positions in, positions out, no pose (`BenchmarkTwoBoneKernelXY`)",
		Unit:     "ns", Cells: []cell{
			{Bench: "TwoBoneKernelXY/limb2/random", Metric: "ns/op", Label: "random", Cmp: le, Target: 12},
			{Bench: "TwoBoneKernelXY/limb2/track", Metric: "ns/op", Label: "track", Cmp: le, Target: 12},
		}},
	{Pkg: pkgIK, Workload: "two-bone kernel `ik.SolveTwoBone`, limb2, random / track targets",
		Includes: "the same kernel with `mgl64.Vec2` arguments and results (`BenchmarkTwoBoneKernel`)",
		Unit:     "ns", Cells: []cell{
			{Bench: "TwoBoneKernel/limb2/random", Metric: "ns/op", Label: "random", Cmp: le, Target: 12},
			{Bench: "TwoBoneKernel/limb2/track", Metric: "ns/op", Label: "track", Cmp: le, Target: 12},
		}},
	{Pkg: pkgIK, Workload: "two-bone kernel error p99, `SolveTwoBoneXY` / `SolveTwoBone`, limb2 random",
		Includes: "|end effector - target| over all 10,000 targets (all reachable), outside the timed loop",
		Unit:     "px", Cells: []cell{
			{Bench: "TwoBoneKernelXY/limb2/random", Metric: "err-p99", Label: "XY", Cmp: le, Target: 1e-9},
			{Bench: "TwoBoneKernel/limb2/random", Metric: "err-p99", Label: "Vec2", Cmp: le, Target: 1e-9},
		}},
	{Pkg: pkgIK, Workload: "`ik.TwoBone.Solve`, limb2, " + rcrwtctw,
		Includes: "validation, the kernel and two atan2 for the local angles, on a chain pose (`BenchmarkTwoBoneSolve`)",
		Unit:     "ns", Cells: four("TwoBoneSolve", "ns/op")},
	{Pkg: pkgIK, Workload: "FABRIK, limb2, " + rcrwtctw,
		Includes: "zero-value `ik.FABRIK` on the two-bone chain (`BenchmarkFABRIKLimb2`)",
		Unit:     "ns", Cells: four("FABRIKLimb2", "ns/op")},
	{Pkg: pkgIK, Workload: "FABRIK, chain10, random cold / track warm",
		Includes: "zero-value `ik.FABRIK`, at most 10 iterations; cold resets to the rest pose inside the timed loop, warm keeps the last solution along the track (`BenchmarkFABRIKChain10`)",
		Unit:     "ns", Cells: []cell{
			{Bench: "FABRIKChain10/random/cold", Metric: "ns/op", Label: "cold", Cmp: le, Target: 1300},
			{Bench: "FABRIKChain10/track/warm", Metric: "ns/op", Label: "warm", Cmp: le, Target: 1200},
		}},
	{Pkg: pkgIK, Workload: "FABRIK, chain10, random warm / track cold (other workloads than the peers')",
		Includes: "the same solver: warm on random targets, cold on the track (`BenchmarkFABRIKChain10`)",
		Unit:     "ns", Cells: []cell{
			{Bench: "FABRIKChain10/random/warm", Metric: "ns/op", Label: "random warm"},
			{Bench: "FABRIKChain10/track/cold", Metric: "ns/op", Label: "track cold"},
		}},
	{Pkg: pkgIK, Workload: "FABRIK, chain10, converged within 0.01 px: random cold / random warm / track warm",
		Includes: "share of the run's solves with error <= 0.01 px (`BenchmarkFABRIKChain10`, conv-%); BENCH.md's warm figures (75.2 %, p99 0.12 px) do not name their targets: compared here with random warm",
		Unit:     "%", Cells: []cell{
			{Bench: "FABRIKChain10/random/cold", Metric: "conv-%", Label: "random cold", Cmp: ge, Target: 76.25},
			{Bench: "FABRIKChain10/random/warm", Metric: "conv-%", Label: "random warm", Cmp: ge, Target: 75.2},
			{Bench: "FABRIKChain10/track/warm", Metric: "conv-%", Label: "track warm"},
		}},
	{Pkg: pkgIK, Workload: "FABRIK, chain10, error p99: random cold / random warm",
		Includes: "99th percentile of the run's solve errors (`BenchmarkFABRIKChain10`, err-p99); targets: BENCH.md's straightforward FABRIK, warm taken as random warm",
		Unit:     "px", Cells: []cell{
			{Bench: "FABRIKChain10/random/cold", Metric: "err-p99", Label: "random cold", Cmp: le, Target: 1.15},
			{Bench: "FABRIKChain10/random/warm", Metric: "err-p99", Label: "random warm", Cmp: le, Target: 0.12},
		}},
	{Pkg: pkgIK, Workload: "FABRIK, chain10, per iteration",
		Includes: "tolerance 1e-12 px keeps it iterating to its cap of 10, random targets, cold; ns/op over iterations, so the per-solve setup is included (`BenchmarkFABRIKChain10Iter`, ns/iter)",
		Unit:     "ns", Cells: []cell{{Bench: "FABRIKChain10Iter", Metric: "ns/iter", Cmp: le, Target: 270}}},
	{Pkg: pkgIK, Workload: "CCD, chain10, per iteration",
		Includes: "tolerance 1e-12 px keeps it iterating to its cap of 80, random targets, cold (`BenchmarkCCDChain10Iter`, ns/iter)",
		Unit:     "ns", Cells: []cell{{Bench: "CCDChain10Iter", Metric: "ns/iter", Cmp: le, Target: 200}}},
	{Pkg: pkgIK, Workload: "CCD, chain10, at most 10 iterations, " + rcrwtctw,
		Includes: "`ik.CCD{MaxIterations: 10}`, BENCH.md's convention (`BenchmarkCCDChain10`)",
		Unit:     "ns", Cells: four("CCDChain10", "ns/op")},
	{Pkg: pkgIK, Workload: "CCD, chain10, at most 200 iterations, " + rcrwtctw,
		Includes: "zero-value `ik.CCD` (`BenchmarkCCDChain10Default`)",
		Unit:     "ns", Cells: four("CCDChain10Default", "ns/op")},
	{Pkg: pkgIK, Workload: "FABRIK, chain10 limited to +-60 degrees a joint, " + rcrwtctw,
		Includes: "zero-value `ik.FABRIK` with limits, part of the targets out of reach: limited passes, then CCD sweeps (`BenchmarkFABRIKChain10Limited`)",
		Unit:     "ns", Cells: four("FABRIKChain10Limited", "ns/op")},
	{Pkg: pkgIK, Workload: "look-at, last bone of chain10, " + rcrwtctw,
		Includes: "`ik.LookAt` with nil weights (`BenchmarkLookAtHead`)",
		Unit:     "ns", Cells: four("LookAtHead", "ns/op")},
	{Pkg: pkgIK, Workload: "look-at spread over the 10 bones of chain10, " + rcrwtctw,
		Includes: "`ik.LookAt` with weights fading from 0.1 to 1 (`BenchmarkLookAtChain10`)",
		Unit:     "ns", Cells: four("LookAtChain10", "ns/op")},

	// terrain: rays.
	{Pkg: pkgTerrain, Workload: "foot ray, 160 shapes",
		Includes: "`terrain.World.Raycast` on BENCH.md's workload: 1280x720 space, 32 px cells, 160 shapes, 4,096 downward rays of 96 px; one op is one ray (`BenchmarkRaycast`)",
		Unit:     "ns", Cells: []cell{{Bench: "Raycast", Metric: "ns/op", Cmp: le, Target: 150}}},
	{Pkg: pkgTerrain, Workload: "the same rays through `resolv.LineTest` (for comparison)",
		Includes:      "`resolv.LineTest` over `space.FilterCells(bounds).FilterShapes()` (`BenchmarkLineTest`)",
		NoAllocTarget: true,
		Unit:          "ns", Cells: []cell{{Bench: "LineTest", Metric: "ns/op"}}},
	{Pkg: pkgTerrain, Workload: "foot ray, generated world",
		Includes: "the same 4,096 rays over a world from `terrain.Generate`: hills, slopes, stairs, gaps and 100 platforms (`BenchmarkRaycastGenerated`)",
		Unit:     "ns", Cells: []cell{{Bench: "RaycastGenerated", Metric: "ns/op"}}},
	{Pkg: pkgTerrain, Workload: "ray, 100,000 shapes, grown world",
		Includes: "`World.Raycast` in a world grown at constant density to 100,000 shapes (25 x 25 tiles of 1280x720), 4,096 foot rays spread over it; construction not timed (`BenchmarkRaycastGrown100k`)",
		Unit:     "ns", Cells: []cell{{Bench: "RaycastGrown100k", Metric: "ns/op", Cmp: le, Target: 400}}},
	{Pkg: pkgTerrain, Workload: "ray, 100,000 shapes, dense world",
		Includes: "`World.Raycast` in 100,000 shapes packed into one 1280x720 space, BENCH.md's 4,096 foot rays; construction not timed (`BenchmarkRaycastDense100k`)",
		Unit:     "ns", Cells: []cell{{Bench: "RaycastDense100k", Metric: "ns/op", Cmp: le, Target: 2000}}},
	{Pkg: pkgTerrain, Workload: "live check alone, 100,000 shapes, grown / dense world",
		Includes: "what the two rows above cannot skip: a default World answers exactly for a space the game may change behind its back (resolv tells no one), so each ray reads every shape resolv lists in the cells it crosses down to its hit; these are those reads alone, no index walk and no edge test (`BenchmarkLiveCheckFloorGrown100k`, `BenchmarkLiveCheckFloorDense100k`); the dense floor alone is over the dense target, which only `WithExplicitSync` meets",
		Unit:     "ns", Cells: []cell{{Bench: "LiveCheckFloorGrown100k", Metric: "ns/op"}, {Bench: "LiveCheckFloorDense100k", Metric: "ns/op"}}},
	{Pkg: pkgTerrain, Workload: "ray, 600 shapes: default World / after every shape moved / without the index",
		Includes: "`BenchmarkRaycast`'s rays on 600 shapes (40 ground quads, 560 scattered): a default World of 512 shapes or more answers from its edge index, checked against resolv's cells along the ray (`BenchmarkRaycast600`); the same after every shape moved and `Sync`, so each ray finds its first cell changed and walks resolv's cells (`BenchmarkRaycast600Moved`); a World made `WithoutIndex` (`BenchmarkRaycast600WithoutIndex`)",
		Unit:     "ns", Cells: []cell{{Bench: "Raycast600", Metric: "ns/op"}, {Bench: "Raycast600Moved", Metric: "ns/op"}, {Bench: "Raycast600WithoutIndex", Metric: "ns/op"}}},
	{Pkg: pkgTerrain, Workload: "foot ray, 160 shapes, indexed (`WithExplicitSync`)",
		Includes: "`BenchmarkRaycast`'s world and rays on a World made with `WithExplicitSync`: a walk of the World's own edge index, exact edge tests, the filter check of the nearest crossing; the space as of the last `Sync` (`BenchmarkRaycastExplicit`)",
		Unit:     "ns", Cells: []cell{{Bench: "RaycastExplicit", Metric: "ns/op", Cmp: le, Target: 150}}},
	{Pkg: pkgTerrain, Workload: "ray, 100,000 shapes, grown world, indexed",
		Includes: "`BenchmarkRaycastGrown100k`'s world and rays on a `WithExplicitSync` World (`BenchmarkRaycastGrown100kExplicit`)",
		Unit:     "ns", Cells: []cell{{Bench: "RaycastGrown100kExplicit", Metric: "ns/op", Cmp: le, Target: 400}}},
	{Pkg: pkgTerrain, Workload: "ray, 100,000 shapes, dense world, indexed",
		Includes: "`BenchmarkRaycastDense100k`'s world and rays on a `WithExplicitSync` World (`BenchmarkRaycastDense100kExplicit`)",
		Unit:     "ns", Cells: []cell{{Bench: "RaycastDense100kExplicit", Metric: "ns/op", Cmp: le, Target: 2000}}},
	{Pkg: pkgTerrain, Workload: "`Sync` of an indexed 100,000-shape world after one shape moved",
		Includes: "the per-frame cost of the explicit contract: every shape read, the moved one tested by itself until more than 64 changed (`BenchmarkSyncGrown100kExplicit`)",
		Unit:     "ns", Cells: []cell{{Bench: "SyncGrown100kExplicit", Metric: "ns/op"}}},
	{Pkg: pkgTerrain, Workload: "circle cast (a foot of radius 6)",
		Includes: "`World.CircleCast` of radius 6, 120 px down, on a generated course of about 130 shapes: first contact point, normal and time of impact (`BenchmarkCircleCast`)",
		Unit:     "ns", Cells: []cell{{Bench: "CircleCast", Metric: "ns/op"}}},

	// ikanim: rigs, clips, animation.
	{Pkg: pkgIkanim, Workload: "biped frame, no ground",
		Includes: "procedural walk, both legs and both arms by two-bone IK with their effectors, the head's look-at, world transforms; no ground queries (`BenchmarkRigUpdate`)",
		Unit:     "ns", Cells: []cell{{Bench: "RigUpdate", Metric: "ns/op"}}},
	{Pkg: pkgIkanim, Workload: "keyframe clip sample",
		Includes: "`Clip.Pose` for every bone of the biped (`BenchmarkClipPose`)",
		Unit:     "ns", Cells: []cell{{Bench: "ClipPose", Metric: "ns/op"}}},
	{Pkg: pkgIkanim, Workload: "AnimState pose during a crossfade",
		Includes: "`AnimState.Pose` of the biped (15 bones): crossfade idle to jog, an arm override layer and an additive layer; the pose source only, no IK, no FK (`BenchmarkAnimStateCrossfade`)",
		Unit:     "ns", Cells: []cell{{Bench: "AnimStateCrossfade", Metric: "ns/op"}}},
	{Pkg: pkgIkanim, Workload: "Blend1D pose",
		Includes: "`Blend1D.Pose` of the idle-walk-jog blend: procedural walk and jog clip sampled and blended; the pose source only (`BenchmarkBlend1D`)",
		Unit:     "ns", Cells: []cell{{Bench: "Blend1D", Metric: "ns/op"}}},
	{Pkg: pkgIkanim, Workload: "biped frame driven by an AnimState",
		Includes: "the Blend1D with an arm layer, keyed IK gathered, legs and far arm by two-bone IK, look-at, world transforms; no ground queries (`BenchmarkRigUpdateAnimState`)",
		Unit:     "ns", Cells: []cell{{Bench: "RigUpdateAnimState", Metric: "ns/op"}}},
	{Pkg: pkgIkanim, Workload: "keyed IK sample",
		Includes: "`Clip.KeyIK` for five limbs: an arm target on a Bezier curve with weight, mix and bend tracks; sampling only (`BenchmarkClipKeyIK`)",
		Unit:     "ns", Cells: []cell{{Bench: "ClipKeyIK", Metric: "ns/op"}}},
	{Pkg: pkgIkanim, Workload: "biped frame with keyed IK",
		Includes: "a clip keying the near arm's target: pose sampling, keyed IK, the arm solve with a controller's weight on the far arm, world transforms (`BenchmarkRigUpdateKeyedIK`)",
		Unit:     "ns", Cells: []cell{{Bench: "RigUpdateKeyedIK", Metric: "ns/op"}}},
	{Pkg: pkgIkanim, Workload: "spring chain on the ground",
		Includes: "one 1/60 s frame (two 1/120 s steps) of an 8-joint chain with gravity and wind, colliding with a flat ground by rays, pose laid out (`BenchmarkSpringChain`)",
		Unit:     "ns", Cells: []cell{{Bench: "SpringChain", Metric: "ns/op"}}},
	{Pkg: pkgIkanim, Workload: "spring chain in the air",
		Includes: "the same without a ground: two simulation steps and the layout (`BenchmarkSpringChainAir`)",
		Unit:     "ns", Cells: []cell{{Bench: "SpringChainAir", Metric: "ns/op"}}},
	{Pkg: pkgIkanim, Workload: "rig frame with spring bones",
		Includes: "a body and a five-bone tail under SpringBones: rest pose, two 1/120 s steps, write-back, FK of the tail (`BenchmarkRigUpdateSpringBones`)",
		Unit:     "ns", Cells: []cell{{Bench: "RigUpdateSpringBones", Metric: "ns/op"}}},

	// demo/sim: the grounded biped and the swarm scene.
	{Pkg: pkgSim, Workload: "grounded biped frame",
		Includes: "BENCH.md's workload: the README's setup (default biped, WalkCycle, GroundFollower with Probe 24, default Grounder) walking the walk scene's level, the head looking ahead; one frame is the move of Position and one rig Update (follower ray and headroom rays every 1/30 s, whole-sole grounder rays and swing planning, walk cycle, four limb solves, look-at, forward kinematics) (`BenchmarkBipedFrame`)",
		Unit:     "ns", Cells: []cell{{Bench: "BipedFrame", Metric: "ns/op", Cmp: le, Target: 2500}}},
	{Pkg: pkgSim, Workload: "walk scene frame",
		Includes: "the walk scene's character: the same frame (library defaults, as BENCH.md's workload) plus a scarf of spring bones colliding with the ground (`BenchmarkGroundedBiped`)",
		Unit:     "ns", Cells: []cell{{Bench: "GroundedBiped", Metric: "ns/op"}}},
	{Pkg: pkgIkanim, Workload: "one foot's whole placement / the whole-sole pass alone",
		Includes: "the Grounder placing one foot that is not held planted: three rays for the slope and the whole-sole pass of five rays (`BenchmarkGrounderPlaceAt`); the whole-sole pass alone, five rays along a sole turned 0.1 rad and the crests between them (`BenchmarkGrounderWholeSole`); on a plane whose rays cost a few ns, so this is the grounder's own work around its rays",
		Unit:     "ns", Cells: []cell{{Bench: "GrounderPlaceAt", Metric: "ns/op"}, {Bench: "GrounderWholeSole", Metric: "ns/op"}}},
	{Pkg: pkgSim, Workload: "swarm scene, 1,000 creatures, one goroutine, per creature",
		Includes: "one swarm frame: steering, every creature's Update, the fall count and the metering (slip and NaN of all, gap of one in eight) (`BenchmarkSwarmFrame`, ns/creature)",
		Unit:     "ns", Cells: []cell{{Bench: "SwarmFrame", Metric: "ns/creature"}}},
	{Pkg: pkgSim, Workload: "swarm scene, 10,000 creatures, 1 / 2 workers, per frame",
		Includes: "the whole Step: every creature's Update (steering, gait, stepping with foothold rays, body, every leg's pose, knees included) and the scene's bookkeeping and metering (`BenchmarkSwarm10k`, ms/frame)",
		Unit:     "ms", Cells: []cell{
			{Bench: "Swarm10k/workers=1", Metric: "ms/frame", Label: "1 worker"},
			{Bench: "Swarm10k/workers=2", Metric: "ms/frame", Label: "2 workers", Cmp: le, Target: 4},
		}},
	{Pkg: pkgSim, Workload: "swarm scene, 10,000 creatures, speed-up of 2 workers",
		Includes: "median one-worker frame over median two-worker frame, the frames interleaved in the same seconds (`BenchmarkSwarm10k/workers=2`, speedup)",
		Unit:     "x", Cells: []cell{{Bench: "Swarm10k/workers=2", Metric: "speedup", Cmp: ge, Target: 1.7}}},
	{Pkg: pkgSim, Workload: "swarm scene, 10,000 creatures, 2 workers: cores the frames got / CPU kept",
		Includes: "what bounds the speed-up row: the process's CPU time over the wall time of the two-worker frames (cores; under 2 when the machine's other work held a core), and the one-worker copy's CPU time per frame over the two-worker copy's (cpu-eff; 1 when splitting the work costs nothing); the speed-up is about their product (`BenchmarkSwarm10k/workers=2`, cores, cpu-eff)",
		Unit:     "", Cells: []cell{
			{Bench: "Swarm10k/workers=2", Metric: "cores", Label: "cores"},
			{Bench: "Swarm10k/workers=2", Metric: "cpu-eff", Label: "cpu-eff"},
		}},
	{Pkg: pkgSim, Workload: "swarm scene, 10,000 creatures, bookkeeping share, 1 / 2 workers",
		Includes: "the scene's own work over the whole frame: the wall time of its steering and its in-order tally, plus its per-creature pass (Footing, NaN, slip and gap metering, and the limb figures of the tracked creatures, run by Crowd.UpdateThen on the workers) as CPU time divided by the workers (`BenchmarkSwarm10k`, book%)",
		Unit:     "%", Cells: []cell{
			{Bench: "Swarm10k/workers=1", Metric: "book%", Label: "1 worker", Cmp: le, Target: 10},
			{Bench: "Swarm10k/workers=2", Metric: "book%", Label: "2 workers", Cmp: le, Target: 10},
		}},

	// ikanim/creature.
	{Pkg: pkgCreature, Workload: "spider full frame, per spider, n = 1 / 100 / 1,000 / 10,000",
		Includes: "`Creature.Update` of an 8-legged spider on the flat scene: steering, gait, stepping with foothold rays, body, wall probe, every leg's pose (3-segment solves, knees included); Leg and Draw only read (`BenchmarkCreatureSpider8`, ns/creature)",
		Unit:     "ns", Cells: []cell{
			{Bench: "CreatureSpider8/n=1", Metric: "ns/creature", Label: "n = 1", Cmp: le, Target: 300},
			{Bench: "CreatureSpider8/n=100", Metric: "ns/creature", Label: "n = 100"},
			{Bench: "CreatureSpider8/n=1000", Metric: "ns/creature", Label: "n = 1,000"},
			{Bench: "CreatureSpider8/n=10000", Metric: "ns/creature", Label: "n = 10,000", Cmp: le, Target: 350},
		}},
	{Pkg: pkgCreature, Workload: "tentacle creatures per ms of one core, n = 1 / 100 / 1,000 / 10,000",
		Includes: "a whole frame of a creature walking on 4 tentacles of 10 segments solved by warm FABRIK (`BenchmarkCreatureTentacle4x10`, creatures/ms)",
		Unit:     "/ms", Cells: []cell{
			{Bench: "CreatureTentacle4x10/n=1", Metric: "creatures/ms", Label: "n = 1", Cmp: ge, Target: 200},
			{Bench: "CreatureTentacle4x10/n=100", Metric: "creatures/ms", Label: "n = 100", Cmp: ge, Target: 200},
			{Bench: "CreatureTentacle4x10/n=1000", Metric: "creatures/ms", Label: "n = 1,000", Cmp: ge, Target: 200},
			{Bench: "CreatureTentacle4x10/n=10000", Metric: "creatures/ms", Label: "n = 10,000", Cmp: ge, Target: 200},
		}},
	{Pkg: pkgCreature, Workload: "crowd of 10,000 spiders, 1 / 2 workers, per frame",
		Includes: "`creature.Crowd.Update`: every spider's whole Update, knees included, on worker goroutines (`BenchmarkCrowdSpiders`, ms/frame)",
		Unit:     "ms", Cells: []cell{
			{Bench: "CrowdSpiders/n=10000/workers=1", Metric: "ms/frame", Label: "1 worker"},
			{Bench: "CrowdSpiders/n=10000/workers=2", Metric: "ms/frame", Label: "2 workers", Cmp: le, Target: 4},
		}},
	{Pkg: pkgCreature, Workload: "crowd of 10,000 spiders, speed-up of 2 workers",
		Includes: "the 1-worker row's ms/frame over the 2-worker row's: two sub-benchmarks run one after the other, not interleaved (`BenchmarkCrowdSpiders`)",
		Unit:     "x", Cells: []cell{{Bench: "CrowdSpiders/n=10000/workers=1", Div: "CrowdSpiders/n=10000/workers=2", Metric: "ms/frame", Cmp: ge, Target: 1.7}}},

	// ikanim/internal/drawbench: needs a display.
	{Pkg: pkgDraw, Workload: "draw 1,000 spiders, one image per part / one atlas",
		Includes: "CPU time of `Creature.Draw` for every spider (25 DrawImage calls each) in a running game's frame; allocs column: heap allocations per frame during the calls (`BenchmarkCreatureDraw`, draw-ms/frame)",
		Unit:     "ms", Cells: []cell{
			{Bench: "CreatureDraw/n=1000/images", Metric: "draw-ms/frame", Label: "images", AllocMetric: "allocs/frame"},
			{Bench: "CreatureDraw/n=1000/atlas", Metric: "draw-ms/frame", Label: "atlas", AllocMetric: "allocs/frame"},
		}},
	{Pkg: pkgDraw, Workload: "draw 10,000 spiders, one image per part / one atlas",
		Includes: "the same with 10,000 spiders (`BenchmarkCreatureDraw`, draw-ms/frame)",
		Unit:     "ms", Cells: []cell{
			{Bench: "CreatureDraw/n=10000/images", Metric: "draw-ms/frame", Label: "images", AllocMetric: "allocs/frame"},
			{Bench: "CreatureDraw/n=10000/atlas", Metric: "draw-ms/frame", Label: "atlas", AllocMetric: "allocs/frame"},
		}},
	{Pkg: pkgDraw, Workload: "draw floor: 25,000 DrawImage calls",
		Includes: "CPU time of 25,000 DrawImage calls of one sprite with GeoMs worked out before the frame, no creature code (`BenchmarkDrawImageFloor`, draw-ms/frame)",
		Unit:     "ms", NoAllocTarget: true, Cells: []cell{{Bench: "DrawImageFloor", Metric: "draw-ms/frame"}}},
}
