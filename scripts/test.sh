#!/usr/bin/env bash
# Runs every test of Veil from a fresh Debian machine (as root) or a prepared
# one: installs what is missing, then tests the rules crates, the computer
# player, the command-line tool and the headless app, the server, and the
# page in a real browser on an emulated phone. CI runs exactly this (.ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh

step() { printf '\n== %s (%ss)\n' "$*" "$SECONDS"; }

# The JetStream store's tests start Debian's nats-server themselves (on
# 127.0.0.1, a free port, a temporary directory) and fail without it.
if ! command -v nats-server >/dev/null && [ ! -x /usr/sbin/nats-server ]; then
  install_missing nats-server
fi

step "unit, property and conformance tests of every crate, the headless app, and the server (real WebSocket games on 127.0.0.1, the store contract on SQLite and JetStream)"
# One build for all: the server's tests alone resolve other features of
# shared crates and rebuilt 67 of them (7 minutes on 2 cores). They still run
# one at a time within each binary (crates/veil-server/tests/one): they
# time real connections, and side by side on two cores one was flaky.
cargo test --workspace --locked

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
