#!/bin/sh
# Skelly's physics gives the same bits natively and in wasm32: runs the
# fixed shot set natively (a test) and compiled to wasm32-unknown-unknown
# under Node, and checks both against the constant in the crate
# (veil_skelly::testing::DETERMINISM_HASH).
set -eu
cd "$(dirname "$0")/.."
target_dir="${CARGO_TARGET_DIR:-target}"
cargo test -q --locked -p veil-skelly --test determinism
cargo build -q --locked -p veil-skelly --release --example determinism --target wasm32-unknown-unknown
wasm="$target_dir/wasm32-unknown-unknown/release/examples/determinism.wasm"
node -e '
const fs = require("fs");
// The crate links web-time (through veil-ai), whose wasm-bindgen imports
// the hash never calls: satisfy them with functions that throw.
const module = new WebAssembly.Module(fs.readFileSync(process.argv[1]));
const imports = {};
for (const i of WebAssembly.Module.imports(module)) {
  imports[i.module] ??= {};
  imports[i.module][i.name] = () => { throw new Error(`unexpected call to ${i.module}.${i.name}`); };
}
WebAssembly.instantiate(module, imports).then((instance) => {
  const hex = (v) => "0x" + BigInt.asUintN(64, v).toString(16).padStart(16, "0");
  const got = hex(instance.exports.determinism_hash());
  const want = hex(instance.exports.expected_hash());
  if (got !== want) {
    console.error(`skelly determinism: wasm32 hash ${got} differs from ${want}`);
    process.exit(1);
  }
  console.log(`skelly determinism: wasm32 hash ${got} equals the native constant`);
});
' "$wasm"
