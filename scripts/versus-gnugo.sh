#!/usr/bin/env bash
# Veil's Go engine (Hard) against GNU Go 3.8 level 10 on 9x9, Chinese rules,
# 100 games at 2 s a move, colours alternating. Installs gnugo when missing.
# Usage: scripts/versus-gnugo.sh [GAMES] [THINK_MS]
set -euo pipefail
games="${1:-100}"
think_ms="${2:-2000}"
cd "$(dirname "$0")/.."
gnugo="$(command -v gnugo || true)"
if [ -z "$gnugo" ] && [ -x /usr/games/gnugo ]; then
    gnugo=/usr/games/gnugo
fi
if [ -z "$gnugo" ]; then
    echo "installing gnugo (Debian package)" >&2
    sudo_cmd=""
    if [ "$(id -u)" -ne 0 ]; then sudo_cmd="sudo"; fi
    $sudo_cmd apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq gnugo
    gnugo="$(command -v gnugo || echo /usr/games/gnugo)"
fi
cargo build --release -p veil-cli
nice "${CARGO_TARGET_DIR:-target}/release/veil-cli" versus --game go \
    --engine "$gnugo --mode gtp --level 10 --chinese-rules" \
    --size 9 --games "$games" --think-ms "$think_ms"
