#!/usr/bin/env bash
# Measures veil-server under load on this machine: starts a release server
# on a fresh database (per-address limits raised: every bot is 127.0.0.1),
# runs `veil-server load` against it, prints the load tool's JSON line and
# the CPU time the server itself used, then stops the server.
#
#   scripts/load.sh ROOMS SECONDS GAME [load args…]
#   scripts/load.sh 2000 20 jieqi --watchers 1
#
# BIN=path/to/veil-server to use another build; PORT (18081) to move it;
# SERVER_ARGS="--sync normal" for the server's own flags.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOMS=${1:?rooms}
SECONDS_=${2:?seconds}
GAME=${3:?game}
shift 3
BIN=${BIN:-${CARGO_TARGET_DIR:-$HOME/.cache/veil/target}/release/veil-server}
PORT=${PORT:-18081}
DIR=$(mktemp -d /tmp/veil-load.XXXX)
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"
"$BIN" --port "$PORT" --db "$DIR/veil.db" --rooms-per-ip 100000 --conns-per-ip 100000 \
  ${SERVER_ARGS:-} >"$DIR/server.log" 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null; wait $SERVER 2>/dev/null || true; rm -rf "$DIR"' EXIT
for _ in $(seq 50); do grep -q listening "$DIR/server.log" && break; sleep 0.1; done
cpu() { awk '{ print $14 + $15 }' "/proc/$SERVER/stat"; }
TICK=$(getconf CLK_TCK)
BEFORE=$(cpu)
START=$(date +%s.%N)
timeout $((SECONDS_ + 600)) "$BIN" load --url "ws://127.0.0.1:$PORT/ws" \
  --rooms "$ROOMS" --seconds "$SECONDS_" --game "$GAME" "$@"
AFTER=$(cpu)
END=$(date +%s.%N)
awk -v b="$BEFORE" -v a="$AFTER" -v t="$TICK" -v s="$START" -v e="$END" -v n="$(nproc)" \
  'BEGIN { printf "server CPU: %.1f s in %.1f s (setup included; %d cores)\n", (a - b) / t, e - s, n }'
times >"$DIR/times"
echo "load tool CPU (user, system): $(tail -1 "$DIR/times")"
