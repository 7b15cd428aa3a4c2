#!/usr/bin/env bash
# Serves the web build on localhost and loads it in headless Chromium
# (WebGL2 through SwiftShader): saves pictures in web/shots/ (the title, a
# Jieqi and a Rengo game, the title after a reload and the game continued),
# checks Rengo's SGF download and Continue after a reload, and fails if the
# page shows an error, a blank canvas or a missing download. Then a phone
# (web/check/touch.mjs: play by touch, frame times, pictures). Then online
# play: two browser contexts host and join a room on veil-server, play by
# clicking, and no frame to the second carries the first seat's secret.
# Installs what it needs (Debian's chromium, playwright-core from npm);
# builds web/dist first (web/build.sh) when it is missing.
#
#   web/check.sh
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
[ -f web/dist/veil_bg.wasm ] || bash web/build.sh
need=()
command -v chromium >/dev/null || need+=(chromium)
command -v node >/dev/null || need+=(nodejs npm)
if [ ${#need[@]} -gt 0 ]; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi
(cd web/check && { [ -d node_modules/playwright-core ] || npm ci --no-audit --no-fund --silent; })
node web/check/check.mjs "$ROOT/web/dist" "$ROOT/web/shots"
# A phone: touch emulation at 390 × 844 — Jieqi, Tysiąc and Skelly played
# by taps and a drag, frame times with the CPU slowed, and every game's
# pictures upright and sideways (docs/shots/phone-*.jpg).
node web/check/touch.mjs "$ROOT/web/dist" "$ROOT/web/shots" "$ROOT/docs/shots"
# Online play: veil-server serves the same web build; two browser contexts
# host and join a Jieqi room and play by clicking (web/check/online.mjs).
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$HOME/.cache/veil/target}
cargo build --locked -p veil-server
node web/check/online.mjs "$CARGO_TARGET_DIR/debug/veil-server" "$ROOT/web/dist" "$ROOT/web/shots"
