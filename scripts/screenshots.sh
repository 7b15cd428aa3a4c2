#!/usr/bin/env bash
# The pictures in docs/shots/: the game choice and each game's demo, at
# 1280×800 and 800×600, taken from the real app under Xvfb
# (scripts/screenshot.sh does one).
#
#   scripts/screenshots.sh [game id …]   (default: the choice and every game)
set -euo pipefail
cd "$(dirname "$0")/.."
GAMES=("$@")
if [ ${#GAMES[@]} -eq 0 ]; then
  GAMES=(choice jieqi hide-and-guess intrigue secret-king tysiac reality-check rengo skelly)
fi
for size in 1280x800 800x600; do
  for game in "${GAMES[@]}"; do
    VEIL_WINDOW=$size scripts/screenshot.sh "docs/shots/$game-$size.png" "$game"
  done
done
# The review with the computer's guesses (Intrigue's demo played out).
if [ $# -eq 0 ]; then
  for size in 1280x800 800x600; do
    VEIL_WINDOW=$size scripts/screenshot.sh "docs/shots/intrigue-review-$size.png" intrigue-review
  done
fi
# A first game's "how to play" (over Tysiąc's demo, with a fresh data folder
# so that it opens).
if [ $# -eq 0 ]; then
  data=$(mktemp -d)
  VEIL_HOW_TO=1 VEIL_DATA="$data" VEIL_WINDOW=1280x800 \
    scripts/screenshot.sh docs/shots/how-to-1280x800.png tysiac
  rm -rf "$data"
fi
