#!/usr/bin/env bash
# Opens Veil on the desktop. Installs what is missing first (system packages
# need root), then builds and runs the app. The build shares its directory
# with scripts/test.sh, so after a test run the game starts in moments.
# Extra arguments go to the app.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
if [ -z "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  echo "no display found: run this from a desktop session (X11)" >&2
fi
exec cargo run --locked -p veil -- "$@"
