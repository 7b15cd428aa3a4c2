#!/usr/bin/env bash
# Runs the real app under Xvfb with software Vulkan (lavapipe), straight into
# a game in progress (VEIL_DEMO=<game id>, Jieqi by default), and saves a PNG
# with Bevy's screenshot API.
#
#   scripts/screenshot.sh [out.png] [game id]   (default: docs/shots/jieqi-1280x800.png jieqi)
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${1:-docs/shots/jieqi-1280x800.png}
DEMO=${2:-jieqi}
mkdir -p "$(dirname "$OUT")"
OUT_ABS=$(realpath "$OUT")
if ! command -v Xvfb >/dev/null || [ ! -e /usr/share/vulkan/icd.d/lvp_icd.x86_64.json ]; then
  apt-get install -y xvfb mesa-vulkan-drivers libasound2-dev libudev-dev pkg-config
fi
source scripts/setup.sh
cargo build --locked --bin veil
BIN="$CARGO_TARGET_DIR/debug/veil"
export DISPLAY=:97
Xvfb :97 -screen 0 1280x900x24 >/dev/null 2>&1 &
XVFB=$!
trap 'kill $XVFB 2>/dev/null || true' EXIT
sleep 2
rm -f "$OUT_ABS"
# Software Vulkan; no sound card in CI (kira logs and carries on).
VK_ICD_FILENAMES=/usr/share/vulkan/icd.d/lvp_icd.x86_64.json \
WGPU_BACKEND=vulkan \
VEIL_SETTINGS=/tmp/veil-screenshot-settings.json \
BEVY_ASSET_ROOT="$(pwd)" \
VEIL_DEMO="$DEMO" VEIL_SCREENSHOT="$OUT_ABS" \
  timeout 300 "$BIN"
ls -la "$OUT_ABS"
