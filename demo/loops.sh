#!/usr/bin/env bash
# Regenerates the short loops of the demo's scenes that the README shows
# (assets/loops/*.gif), each a few seconds of the scene running by itself,
# recorded by the demo (-record) at 15 frames a second, 512 x 288, and the
# scenes' stills (assets/screenshots/*.png, 1280 x 720, the scene without
# the HUD, -screenshot):
#
#   bash demo/loops.sh            # all of them
#   bash demo/loops.sh walk aim   # some
#
# It needs a display, or Xvfb (xvfb-run), as the demo does.
set -euo pipefail
cd "$(dirname "$0")/.."
out=assets/loops
mkdir -p "$out"
bin=$(mktemp -d)/demo
go build -o "$bin" ./demo
x=""
if [ -z "${DISPLAY:-}" ]; then x="xvfb-run -a"; fi

# scene, then its flags: which updates to keep and, for scenes whose camera
# follows a character, a still camera on the part worth seeing.
loop() {
  local name=$1
  shift
  echo "loop $name"
  $x "$bin" -scene "$name" -record "$out/$name.gif" -record-scale 0.4 -record-every 4 "$@"
  ls -l "$out/$name.gif"
}

# scene, the update to take the still at, then its flags.
shot() {
  local name=$1 frames=$2
  shift 2
  echo "still $name"
  $x "$bin" -scene "$name" -frames "$frames" -panel=false -screenshot "assets/screenshots/$name.png" "$@"
}

scenes=("$@")
if [ ${#scenes[@]} -eq 0 ]; then scenes=(playground walk climb ledges aim spiders swarm levels animation rigs quadruped); fi
for s in "${scenes[@]}"; do
  case $s in
  playground) loop playground -frames 300                                     # the targets wander in and out of reach
    shot playground 200 ;;
  walk) loop walk -record-from 660 -frames 960 -camera 920,440,2             # up the 16 px stairs
    shot walk 900 -camera 920,440,2 ;;
  climb) loop climb -record-from 600 -frames 1000 -camera 800,270,2          # hands over the corner, the mantle, the walk on
    shot climb 800 -camera 640,320,1.4 ;;
  ledges) loop ledges -record-from 1010 -frames 1350 -camera 630,470,2       # the mantle onto the block leaning back 12 degrees
    shot ledges 1200 -camera 630,470,2 ;;
  aim) loop aim -record-from 360 -frames 720 -camera 660,480,2               # aiming, stopping, picking the gem up
    shot aim 700 -camera 660,480,2 ;;
  spiders) loop spiders -frames 300                                          # the whole level
    shot spiders 300 ;;
  swarm) loop swarm -count 1000 -frames 180                                  # 1,000 creatures on the whole level
    shot swarm 180 -count 1000 ;;
  levels) loop levels -record-from 600 -frames 1080 -camera 960,470,1.2      # the Tiled map, then the LDtk level
    shot levels 1130 ;;
  animation) loop animation -record-from 360 -frames 900 -camera 900,470,1.6 # run to the orb, stretch, strike, walk off waving
    shot animation 600 ;;                                                    # the strike's event
  rigs) loop rigs -frames 300                                                # the Spine rigs and the rig file's humanoid
    shot rigs 240 ;;
  quadruped) loop quadruped -record-from 1900 -frames 2420 -camera 1240,330,2.2 # over the plateau's edge and down the 31-degree slope
    shot quadruped 2150 -camera 1240,330,2.2 ;;
  *) echo "no loop for scene $s" >&2; exit 1 ;;
  esac
done
