#!/usr/bin/env bash
# Hosts Veil on this machine: one process serves the web build and the
# online games (docs/server.md). On a fresh Debian, run as root: it installs
# what it needs (Rust, a C compiler for SQLite, what web/build.sh needs),
# builds the web build and veil-server in release, and starts the server.
#
#   scripts/serve.sh                 # http://127.0.0.1:8080, put TLS in front
#   PORT=9000 scripts/serve.sh
#   VEIL_DB=/var/lib/veil/server.db scripts/serve.sh
#   BIND=0.0.0.0 scripts/serve.sh    # listen on every address (no TLS!)
#   SKIP_WEB=1 scripts/serve.sh      # serve web/dist as it is (may be empty)
#   BUILD_ONLY=1 scripts/serve.sh    # build, do not start
#
# Anything else on the line is passed to veil-server (e.g. --rooms-per-ip 50;
# see `veil-server --help`).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
PORT=${PORT:-8080}
BIND=${BIND:-127.0.0.1}
VEIL_DB=${VEIL_DB:-$HOME/.local/share/veil/server.db}
WEB="$ROOT/web/dist"

# System packages: a C toolchain (rusqlite builds SQLite), curl for rustup.
need=()
for pkg in ca-certificates curl build-essential pkg-config; do
  dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
done
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "installing ${need[*]}"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
  else
    echo "missing system packages: ${need[*]} (run as root, or install them)" >&2
  fi
fi

# Rust, through rustup (web/build.sh adds the wasm target with it).
if ! command -v cargo >/dev/null; then
  [ -f "$HOME/.cargo/env" ] || curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs \
    | sh -s -- -y --profile minimal
  # shellcheck disable=SC1091
  . "$HOME/.cargo/env"
fi

# The packages and build directory the other scripts share.
# shellcheck source=scripts/setup.sh
. "$ROOT/scripts/setup.sh"

if [ "${SKIP_WEB:-0}" != 1 ]; then
  # Installs wasm-bindgen-cli, zip, nodejs and npm itself when missing.
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null && ! command -v npm >/dev/null; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm zip >/dev/null
  fi
  "$ROOT/web/build.sh"
fi
mkdir -p "$WEB"
[ -f "$WEB/index.html" ] || echo "note: $WEB has no index.html: only /ws and /health will answer" >&2

cargo build --release --locked -p veil-server
BIN="$CARGO_TARGET_DIR/release/veil-server"
[ "${BUILD_ONLY:-0}" = 1 ] && { echo "built $BIN"; exit 0; }

mkdir -p "$(dirname "$VEIL_DB")"
echo "veil-server on http://$BIND:$PORT/ (database $VEIL_DB, web $WEB)"
exec "$BIN" --port "$PORT" --bind "$BIND" --db "$VEIL_DB" --web "$WEB" "$@"
