#!/usr/bin/env bash
# Regenerates the short loops of the demo's main scenes that the README
# shows (assets/loops/*.gif), each a few seconds of the scene running by
# itself, recorded by the demo (-record) at 15 frames a second, 512 x 288:
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

scenes=("$@")
if [ ${#scenes[@]} -eq 0 ]; then scenes=(playground walk climb aim spiders swarm); fi
for s in "${scenes[@]}"; do
  case $s in
  playground) loop playground -frames 300 ;;                                  # the targets wander in and out of reach
  walk) loop walk -record-from 660 -frames 960 -camera 920,440,2 ;;            # up the 16 px stairs
  climb) loop climb -record-from 600 -frames 1000 -camera 800,270,2 ;;         # hands over the corner, the mantle, the walk on
  aim) loop aim -record-from 360 -frames 720 -camera 660,480,2 ;;              # aiming, stopping, picking the gem up
  spiders) loop spiders -frames 300 ;;                                         # the whole level
  swarm) loop swarm -count 1000 -frames 180 ;;                                 # 1,000 creatures on the whole level
  *) echo "no loop for scene $s" >&2; exit 1 ;;
  esac
done
