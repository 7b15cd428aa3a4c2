# Sourced by the scripts: installs the system packages and Rust target Veil
# needs when they are missing, and points cargo at a build directory outside
# the clone so later runs on the same machine reuse it.

# install_missing PKG…: installs those of Debian's packages given (as root),
# or says which are missing.
install_missing() {
  [ $# -gt 0 ] || return 0
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "installing $*"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
  else
    echo "missing system packages: $* (install them as root)" >&2
  fi
}

need=()
for pkg in pkg-config libasound2-dev libudev-dev; do
  dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
done
install_missing "${need[@]}"
if command -v rustup >/dev/null && ! rustup target list --installed 2>/dev/null | grep -q wasm32-unknown-unknown; then
  rustup target add wasm32-unknown-unknown
fi
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/veil/target}"
export CARGO_TERM_COLOR="${CARGO_TERM_COLOR:-never}"
