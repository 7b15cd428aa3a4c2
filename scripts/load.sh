#!/usr/bin/env bash
# Measures veil-server under load on this machine: starts release servers
# (per-address limits raised: every bot is 127.0.0.1), runs `veil-server
# load` against them, prints the load tool's JSON line and the CPU time the
# servers (and NATS) used, then stops them.
#
#   scripts/load.sh ROOMS SECONDS GAME [load args…]
#   scripts/load.sh 2000 20 jieqi --watchers 1
#   MODE=nats    scripts/load.sh 500 20 jieqi     # one server, one NATS node
#   MODE=cluster scripts/load.sh 500 20 jieqi     # scripts/cluster.sh: three
#                                                 # servers, three NATS nodes
#
# MODE: sqlite (the default: one server on a fresh database), nats (one
# server on a fresh `nats-server -js`), cluster (three servers on three NATS
# nodes, --nats-replicas 3; the bots' connections spread over the three).
# BIN=path/to/veil-server to use another build; PORT (18081; the cluster's
# servers on PORT..PORT+2, its NATS on 14222.., routes 16222.., monitoring
# 18222..); SERVER_ARGS="--sync normal" for the servers' own flags.
#
# CPU_CAP=0.1 holds each server to that share of one core (a cgroup of its
# own, as root), so that servers sharing this machine's cores can stand for
# servers on machines of their own: what one server holds against three is
# then the servers' own limit, not the cores they share with NATS and the
# bots. USE=1 (cluster) sends every bot to the first server only, the other
# two idle: one server against three on the same NATS cluster.
#   CPU_CAP=0.1 MODE=cluster USE=1 scripts/load.sh 400 20 jieqi --think-ms 4000
#   CPU_CAP=0.1 MODE=cluster       scripts/load.sh 800 20 jieqi --think-ms 4000
set -euo pipefail
cd "$(dirname "$0")/.."
ROOMS=${1:?rooms}
SECONDS_=${2:?seconds}
GAME=${3:?game}
shift 3
MODE=${MODE:-sqlite}
if [ -n "${CPU_CAP:-}" ]; then
  [[ "$CPU_CAP" =~ ^(0?\.[0-9]+|[1-9][0-9]*(\.[0-9]+)?)$ ]] ||
    { echo "CPU_CAP: a share of a core, e.g. 0.1 (got \"$CPU_CAP\")" >&2; exit 2; }
  # The kernel's least quota is 1 ms, a tenth of the 10 ms period.
  awk -v c="$CPU_CAP" 'BEGIN { exit !(c < 0.1) }' &&
    { echo "CPU_CAP: at least 0.1 (got $CPU_CAP)" >&2; exit 2; }
fi
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/veil/target}"
BIN=${BIN:-$CARGO_TARGET_DIR/release/veil-server}
PORT=${PORT:-18081}
DIR=$(mktemp -d /tmp/veil-load.XXXX)
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"
LIMITS=(--rooms-per-ip 100000 --conns-per-ip 100000)
SERVERS=()
NATS_PIDS=()
CGROUPS=()
cleanup() {
  if [ "$MODE" = cluster ]; then
    CLUSTER_DIR="$DIR/cluster" scripts/cluster.sh clean >/dev/null 2>&1 || true
  fi
  for p in "${SERVERS[@]}" "${NATS_PIDS[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  for g in "${CGROUPS[@]}"; do rmdir "$g" 2>/dev/null || true; done
  rm -rf "$DIR"
}
trap cleanup EXIT
nats_bin() {
  command -v nats-server 2>/dev/null || { [ -x /usr/sbin/nats-server ] && echo /usr/sbin/nats-server; } ||
    { echo "nats-server is missing: apt-get install nats-server" >&2; exit 1; }
}
URLS=""
case "$MODE" in
  sqlite)
    "$BIN" --port "$PORT" --db "$DIR/veil.db" "${LIMITS[@]}" ${SERVER_ARGS:-} >"$DIR/server.log" 2>&1 &
    SERVERS+=($!)
    for _ in $(seq 50); do grep -q listening "$DIR/server.log" && break; sleep 0.1; done
    URLS="ws://127.0.0.1:$PORT/ws"
    ;;
  nats)
    mkdir -p "$DIR/nats"
    "$(nats_bin)" -a 127.0.0.1 -p 14222 -js -sd "$DIR/nats" >"$DIR/nats.log" 2>&1 &
    NATS_PIDS+=($!)
    for _ in $(seq 100); do grep -q "Server is ready" "$DIR/nats.log" && break; sleep 0.1; done
    "$BIN" --port "$PORT" --nats nats://127.0.0.1:14222 "${LIMITS[@]}" ${SERVER_ARGS:-} \
      >"$DIR/server.log" 2>&1 &
    SERVERS+=($!)
    for _ in $(seq 100); do grep -q listening "$DIR/server.log" && break; sleep 0.1; done
    URLS="ws://127.0.0.1:$PORT/ws"
    ;;
  cluster)
    CLUSTER_DIR="$DIR/cluster" NATS_PORT=14222 ROUTE_PORT=16222 MONITOR_PORT=18222 \
      WEB_PORT="$PORT" SKIP_BUILD=1 RELEASE=1 \
      scripts/cluster.sh start "${LIMITS[@]}" ${SERVER_ARGS:-} >"$DIR/cluster.log"
    for i in 1 2 3; do
      SERVERS+=("$(cat "$DIR/cluster/server$i.pid")")
      NATS_PIDS+=("$(cat "$DIR/cluster/nats$i.pid")")
    done
    URLS="ws://127.0.0.1:$PORT/ws,ws://127.0.0.1:$((PORT + 1))/ws,ws://127.0.0.1:$((PORT + 2))/ws"
    [ "${USE:-3}" = 1 ] && URLS="ws://127.0.0.1:$PORT/ws"
    ;;
  *) echo "MODE: sqlite, nats or cluster" >&2; exit 2 ;;
esac
# Holds pid $1 to CPU_CAP of a core in cgroup $2 (v1's cpu controller, or
# v2's cpu.max), over periods of 10 ms: the default 100 ms lets a burst use
# a period's share at once and then stalls the server for the rest of it,
# a delay no machine of that speed would add.
cap() {
  local period=10000 quota g
  quota=$(awk -v c="$CPU_CAP" 'BEGIN { print int(c * 10000) }')
  if [ -w /sys/fs/cgroup/cpu ] && [ -e /sys/fs/cgroup/cpu/cpu.cfs_quota_us ]; then
    g=/sys/fs/cgroup/cpu/$2
    mkdir -p "$g" && echo "$period" >"$g/cpu.cfs_period_us" && echo "$quota" >"$g/cpu.cfs_quota_us"
  elif grep -qw cpu /sys/fs/cgroup/cgroup.controllers 2>/dev/null; then
    echo +cpu >/sys/fs/cgroup/cgroup.subtree_control 2>/dev/null || true
    g=/sys/fs/cgroup/$2
    mkdir -p "$g" && echo "$quota $period" >"$g/cpu.max"
  else
    echo "CPU_CAP needs a writable cgroup cpu controller (run as root)" >&2
    exit 1
  fi
  CGROUPS+=("$g")
  echo "$1" >"$g/cgroup.procs"
}
if [ -n "${CPU_CAP:-}" ]; then
  i=0
  for p in "${SERVERS[@]}"; do
    i=$((i + 1))
    cap "$p" "veil-load-$$-$i"
  done
  echo "each server held to $CPU_CAP of a core"
fi
# CPU seconds (user + system) of the given pids, in clock ticks.
cpu() { local t=0; for p in "$@"; do t=$((t + $(awk '{ print $14 + $15 }' "/proc/$p/stat"))); done; echo $t; }
TICK=$(getconf CLK_TCK)
BEFORE=$(cpu "${SERVERS[@]}")
NBEFORE=$(cpu "${NATS_PIDS[@]}")
START=$(date +%s.%N)
timeout $((SECONDS_ + 600)) "$BIN" load --url "$URLS" \
  --rooms "$ROOMS" --seconds "$SECONDS_" --game "$GAME" "$@"
AFTER=$(cpu "${SERVERS[@]}")
NAFTER=$(cpu "${NATS_PIDS[@]}")
END=$(date +%s.%N)
awk -v b="$BEFORE" -v a="$AFTER" -v nb="$NBEFORE" -v na="$NAFTER" -v t="$TICK" -v s="$START" \
  -v e="$END" -v n="$(nproc)" -v k="${#SERVERS[@]}" -v m="${#NATS_PIDS[@]}" \
  'BEGIN { printf "servers (%d) CPU: %.1f s, NATS (%d) CPU: %.1f s, in %.1f s (setup included; %d cores)\n",
           k, (a - b) / t, m, (na - nb) / t, e - s, n }'
times >"$DIR/times"
echo "load tool CPU (user, system): $(tail -1 "$DIR/times")"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
