#!/usr/bin/env bash
# Opens Veil on the desktop. Installs what is missing first (system packages
# need root), then builds and runs the app. The build shares its directory
# with scripts/test.sh; the app's own first build still takes a while (it
# resolves some shared crates' features differently from the tests).
# Extra arguments go to the app.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
if [ -z "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  echo "no display found: run this from a desktop session (X11)" >&2
fi
# The sound and display libraries complain loudly on a machine without a
# sound card or a session runtime folder; say it once, plainly, instead.
if [ -z "${XDG_RUNTIME_DIR:-}" ]; then
  XDG_RUNTIME_DIR="$(mktemp -d)" && chmod 700 "$XDG_RUNTIME_DIR" && export XDG_RUNTIME_DIR
fi
if [ ! -d /dev/snd ] && [ -z "${PULSE_SERVER:-}" ]; then
  echo "no sound device found: Veil plays without sound"
fi
if [ ! -x "$CARGO_TARGET_DIR/debug/veil" ]; then
  # The tests build the app with the whole workspace's features; the app
  # alone resolves some shared crates differently, so its first build
  # after them takes a while (about 15 minutes on 2 cores), once.
  echo "building the app (the first time takes a while; later starts take moments)"
fi
cargo run --locked -p veil -- "$@" 2> >(grep --line-buffered -v '^ALSA lib ' >&2)
