#!/usr/bin/env bash
# Builds Veil for the browser: web/dist/ (index.html, veil.js, veil_bg.wasm,
# assets/) and web/veil-web.zip for itch.io. Installs what it needs.
#
#   web/build.sh            # from the repository root or anywhere
#   CARGO_TARGET_DIR=...    # honoured (default: ~/.cache/veil/target, as the tests)
#   PROFILE=wasm-check DIST=web/dist-check web/build.sh
#                           # the test command's quick page: no wasm-opt, no zip
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$HOME/.cache/veil/target}
TARGET_DIR=$CARGO_TARGET_DIR
PROFILE=${PROFILE:-wasm-release}

rustup target add wasm32-unknown-unknown
# wasm-bindgen-cli must match the wasm-bindgen crate in Cargo.lock exactly.
WB_VERSION=$(awk '/^name = "wasm-bindgen"$/{getline; gsub(/version = |"/, ""); print; exit}' Cargo.lock)
if ! command -v wasm-bindgen >/dev/null || [ "$(wasm-bindgen --version | awk '{print $2}')" != "$WB_VERSION" ]; then
  # --locked can name a dependency version a registry mirror lacks.
  cargo install wasm-bindgen-cli --version "$WB_VERSION" --locked \
    || cargo install wasm-bindgen-cli --version "$WB_VERSION"
fi
if [ "$PROFILE" = wasm-release ] && ! command -v zip >/dev/null && command -v apt-get >/dev/null; then
  apt-get install -y zip
fi
# wasm-opt from binaryen 132 (npm, pinned in web/tools): Debian's binaryen
# 108 breaks wasm-bindgen's externref table (the page fails at start).
if ! command -v npm >/dev/null && command -v apt-get >/dev/null; then
  apt-get install -y nodejs npm
fi
if [ "$PROFILE" = wasm-release ]; then
  (cd web/tools && { [ -x node_modules/.bin/wasm-opt ] || npm ci --no-audit --no-fund --silent; })
fi
WASM_OPT="$ROOT/web/tools/node_modules/.bin/wasm-opt"

START=$(date +%s)
# getrandom 0.4 (the only major version in Cargo.lock) needs just its
# `wasm_js` feature, which Cargo.toml enables for wasm32.
cargo build --locked --profile "$PROFILE" --target wasm32-unknown-unknown --bin veil
echo "cargo build: $(( $(date +%s) - START )) s"

DIST=$(realpath -m "${DIST:-$ROOT/web/dist}")
rm -rf "$DIST"
mkdir -p "$DIST"
wasm-bindgen --no-typescript --target web --out-dir "$DIST" --out-name veil \
  "$TARGET_DIR/wasm32-unknown-unknown/$PROFILE/veil.wasm"
cp web/index.html "$DIST/"
mkdir -p "$DIST/assets"
cp -r assets/sounds "$DIST/assets/"
cp assets/LICENSES.md "$DIST/assets/"
if [ "$PROFILE" != wasm-release ]; then
  echo "web/build.sh: $PROFILE in $DIST ($(stat -c %s "$DIST/veil_bg.wasm") bytes, not optimised: for the checks only)"
  exit 0
fi
"$WASM_OPT" -Oz --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
  --enable-mutable-globals --enable-reference-types \
  "$DIST/veil_bg.wasm" -o "$DIST/veil_bg.opt.wasm"
mv "$DIST/veil_bg.opt.wasm" "$DIST/veil_bg.wasm"

(cd "$DIST" && rm -f ../veil-web.zip && zip -qr ../veil-web.zip .)

RAW=$(stat -c %s "$DIST/veil_bg.wasm")
GZ=$(gzip -9 -c "$DIST/veil_bg.wasm" | wc -c)
mb() { awk -v b="$1" 'BEGIN { printf "%.2f MB", b / 1e6 }'; }
echo "wasm: $RAW bytes raw ($(mb "$RAW")), $GZ bytes gzipped ($(mb "$GZ")); target: at most 20 MB raw, 6 MB gzipped"
echo "zip for itch.io: web/veil-web.zip ($(stat -c %s web/veil-web.zip) bytes)"
