#!/usr/bin/env bash
# Several veil-servers over one NATS cluster, all on this machine, on
# 127.0.0.1 — for trying it and for tests:
#
#   scripts/cluster.sh start     # 3 NATS nodes with JetStream + 3 veil-servers
#   scripts/cluster.sh status    # which are running, and /health of each server
#   scripts/cluster.sh stop      # stops all six, keeps their data
#   scripts/cluster.sh clean     # stops them and deletes their data
#
# NATS clients on 4222-4224 (routes 6222-6224, monitoring 8222-8224), the
# servers on 8081-8083 (NATS_PORT, ROUTE_PORT, MONITOR_PORT, WEB_PORT move
# each range). Each server talks to all three NATS nodes, keeps every room
# on all three (--nats-replicas 3), and holds rooms by leases of
# LEASE_SECS (15). Data, logs and pids are in CLUSTER_DIR
# (/tmp/veil-cluster). The server is built first (debug; RELEASE=1 for
# release); SKIP_BUILD=1 uses the one built. Further arguments after the
# command go to every veil-server.
set -euo pipefail
cd "$(dirname "$0")/.."

cmd="${1:-}"
shift || true
dir="${CLUSTER_DIR:-/tmp/veil-cluster}"
nats_port="${NATS_PORT:-4222}"
route_port="${ROUTE_PORT:-6222}"
monitor_port="${MONITOR_PORT:-8222}"
web_port="${WEB_PORT:-8081}"
lease="${LEASE_SECS:-15}"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/veil/target}"

nats_bin() {
  command -v nats-server 2>/dev/null && return
  for p in /usr/sbin/nats-server /usr/bin/nats-server; do
    [ -x "$p" ] && { echo "$p"; return; }
  done
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "installing nats-server" >&2
    (apt-get install -y -qq nats-server || { apt-get update -qq && apt-get install -y -qq nats-server; }) >/dev/null
    echo /usr/sbin/nats-server
    return
  fi
  echo "nats-server is missing: apt-get install nats-server (as root)" >&2
  exit 1
}

# Is the process of pid file $1 running?
alive() { [ -f "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }

# Waits up to 20 s for a line matching $2 in log $1.
wait_for() {
  for _ in $(seq 200); do
    grep -q "$2" "$1" 2>/dev/null && return 0
    sleep 0.1
  done
  echo "not ready: $1 (no \"$2\"); its end:" >&2
  tail -n 20 "$1" >&2
  return 1
}

start() {
  local nats
  nats="$(nats_bin)"
  local profile=debug mode=()
  [ -n "${RELEASE:-}" ] && { profile=release; mode=(--release); }
  [ -z "${SKIP_BUILD:-}" ] && cargo build -j 1 -p veil-server "${mode[@]}"
  local bin="$CARGO_TARGET_DIR/$profile/veil-server"
  [ -x "$bin" ] || { echo "no server built at $bin" >&2; exit 1; }
  mkdir -p "$dir"
  local routes="" urls=""
  for i in 0 1 2; do
    routes+="${routes:+,}nats://127.0.0.1:$((route_port + i))"
    urls+="${urls:+,}nats://127.0.0.1:$((nats_port + i))"
  done
  for i in 0 1 2; do
    local n="nats$((i + 1))"
    alive "$dir/$n.pid" && { echo "$n already running"; continue; }
    mkdir -p "$dir/$n"
    : >"$dir/$n.log"
    "$nats" -n "$n" -a 127.0.0.1 -p $((nats_port + i)) -m $((monitor_port + i)) \
      -js -sd "$dir/$n" \
      --cluster_name veil --cluster "nats://127.0.0.1:$((route_port + i))" --routes "$routes" \
      >>"$dir/$n.log" 2>&1 &
    echo $! >"$dir/$n.pid"
  done
  for i in 1 2 3; do wait_for "$dir/nats$i.log" "Server is ready"; done
  # JetStream answers once the three have chosen a leader.
  for _ in $(seq 100); do
    grep -q "JetStream cluster new metadata leader\|Self is new JetStream cluster metadata leader" "$dir"/nats*.log && break
    sleep 0.2
  done
  for i in 0 1 2; do
    local s="server$((i + 1))"
    alive "$dir/$s.pid" && { echo "$s already running"; continue; }
    : >"$dir/$s.log"
    "$bin" --port $((web_port + i)) --bind 127.0.0.1 --nats "$urls" --nats-replicas 3 \
      --lease-secs "$lease" --owner "$s" "$@" >>"$dir/$s.log" 2>&1 &
    echo $! >"$dir/$s.pid"
  done
  for i in 1 2 3; do wait_for "$dir/server$i.log" "listening on"; done
  echo "NATS:    $urls"
  echo "servers: http://127.0.0.1:$web_port/ http://127.0.0.1:$((web_port + 1))/ http://127.0.0.1:$((web_port + 2))/"
  echo "logs:    $dir/*.log"
}

stop() {
  # Servers first (they hold leases), then NATS.
  for p in server1 server2 server3 nats1 nats2 nats3; do
    local f="$dir/$p.pid"
    if alive "$f"; then
      kill -TERM "$(cat "$f")"
      for _ in $(seq 50); do alive "$f" || break; sleep 0.1; done
      alive "$f" && kill -KILL "$(cat "$f")"
      echo "stopped $p"
    fi
    rm -f "$f"
  done
}

status() {
  for p in nats1 nats2 nats3 server1 server2 server3; do
    if alive "$dir/$p.pid"; then echo "$p: running (pid $(cat "$dir/$p.pid"))"; else echo "$p: stopped"; fi
  done
  for i in 0 1 2; do
    curl -fsS "http://127.0.0.1:$((web_port + i))/health" 2>/dev/null | head -c 200 && echo || true
  done
}

case "$cmd" in
  start) start "$@" ;;
  stop) stop ;;
  status) status ;;
  clean) stop; rm -rf "$dir" ;;
  *) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
esac
