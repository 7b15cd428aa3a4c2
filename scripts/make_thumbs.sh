#!/usr/bin/env bash
# The game choice's pictures, assets/thumbs/<game>.png: the table part of each
# game's 1280×800 picture from scripts/screenshots.sh, 240×192, 256 colours.
set -euo pipefail
cd "$(dirname "$0")/.."
CONVERT=/usr/bin/convert
[ -x "$CONVERT" ] || apt-get install -y imagemagick
mkdir -p assets/thumbs
for g in jieqi hide-and-guess intrigue secret-king tysiac reality-check rengo skelly; do
  "$CONVERT" "docs/shots/$g-1280x800.png" -crop 950x760+0+40 +repage -resize 240x192 \
    -strip PNG8:"assets/thumbs/$g.png"
done
ls -la assets/thumbs
