#!/usr/bin/env bash
# Runs every test of Veil from a fresh Debian machine (as root) or a prepared
# one: installs what is missing, then tests the rules crates, the computer
# player, the command-line tool and the headless app, the server, and the
# page in a real browser on an emulated phone. CI runs exactly this (.ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh

step() { printf '\n== %s (%ss)\n' "$*" "$SECONDS"; }

step "unit, property and conformance tests of every crate, and the headless app tests"
cargo test --workspace --locked --exclude veil-server

# The JetStream store's tests start Debian's nats-server themselves (on
# 127.0.0.1, a free port, a temporary directory) and fail without it.
if ! command -v nats-server >/dev/null && [ ! -x /usr/sbin/nats-server ]; then
  install_missing nats-server
fi

step "the server's tests: real WebSocket games on 127.0.0.1, and the store contract on SQLite and JetStream, one test at a time"
# One at a time: they time real connections, and two cores shared by
# several servers and their clients made one of them flaky (issue 30 note).
cargo test --locked -p veil-server -- --test-threads=1

if [ -f src/main.rs ]; then
  step "the page built for the browser (quickly: web/build.sh with PROFILE=wasm-check) and played on an emulated phone by touch alone in Chromium"
  # Debian's Chromium and Node's playwright-core drive the page; the page
  # is not the players' build (no LTO, no wasm-opt), so no frame times or
  # pictures here: those are web/check.sh's, on the real build.
  need=()
  command -v chromium >/dev/null || need+=(chromium)
  command -v node >/dev/null || need+=(nodejs npm)
  install_missing "${need[@]}"
  PROFILE=wasm-check DIST=web/dist-check bash web/build.sh
  (cd web/check && { [ -d node_modules/playwright-core ] || npm ci --no-audit --no-fund --silent; })
  FRAMES=0 node web/check/touch.mjs web/dist-check web/shots -
fi
if command -v node >/dev/null; then
  step "Skelly's physics gives the same bits in wasm32 as natively (under Node)"
  sh scripts/skelly-determinism.sh
fi
step "done"
