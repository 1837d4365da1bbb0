package art

// The palette: warm adventurer against cool dusk scenery, violet spider,
// amber beetle, magenta tentacle creature.
var (
	skin     = hex("#f0c29a")
	hair     = hex("#4b2c22")
	shirt    = hex("#b8473a")
	vest     = hex("#6a4a2e")
	scarf    = hex("#e2a93e")
	trousers = hex("#3d4b72")
	belt     = hex("#4e3320")
	buckle   = hex("#ecc95a")
	boot     = hex("#74482a")
	bootCuff = hex("#8e5c36")
	sole     = hex("#3a281b")
	glove    = hex("#80552f")
	eyeWhite = hex("#fbf6ee")
	pupil    = hex("#1d1a2a")

	spiderBody = hex("#3d2f57")
	spiderLeg  = hex("#4a3a68")
	spiderMark = hex("#e8853a")
	spiderEye  = hex("#ff5040")

	beetleShell = hex("#c97b2b")
	beetleDark  = hex("#4a3022")
	beetleBelly = hex("#6b4a30")

	tentacleSkin = hex("#b24f88")
	tentacleBell = hex("#f0b4cc")
	tentacleIris = hex("#47c0a8")

	wood     = hex("#b07a45")
	woodDark = hex("#7a4f2a")
	nail     = hex("#c8c4bc")
	gemCol   = hex("#e5457e")
	target   = hex("#ffd84a")
)
